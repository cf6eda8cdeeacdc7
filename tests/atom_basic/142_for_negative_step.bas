10 FOR I=3 TO 1 STEP -1;PRINT I;NEXT
==
       3       2       1
ERROR 94 LINE      10
>
