10 DIM A9;$A="YES";X=$A="NO";Y=$A<>"NO";PRINT X,Y
==

ERROR 29 LINE      10
>
