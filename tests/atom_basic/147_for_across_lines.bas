10 FOR I=1 TO 3
20 PRINT I;
30 NEXT
==
       1       2       3
ERROR 94 LINE      30
>
