10 FOR I=1 TO 3;PRINT I;NEXT
==
       1       2       3
ERROR 94 LINE      10
>
