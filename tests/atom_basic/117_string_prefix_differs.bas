10 DIM A9,B9;$A="AB";$B="ABC";X=$A=$B;Y=$B=$A;PRINT X,Y
==

ERROR 29 LINE      10
>
