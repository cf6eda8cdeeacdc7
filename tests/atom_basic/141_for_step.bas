10 FOR I=0 TO 10 STEP 5;PRINT I;NEXT
==
       0       5      10
ERROR 94 LINE      10
>
