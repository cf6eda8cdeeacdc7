10 A=2;FOR I=1 TO 7 STEP A+1;PRINT I;NEXT
==
       1       4       7
ERROR 94 LINE      10
>
