10 DIM A9,B9;$A="AB";$B="ABC";X=$A=$B;Y=$B=$A;PRINT X,Y
==
       0       0
