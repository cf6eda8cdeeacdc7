10 @=4;FOR I=1 TO 3;FOR J=1 TO 3;PRINT I*J;NEXT;PRINT';NEXT;@=8
==
   1   2   3
   2   4   6
   3   6   9

ERROR 94 LINE      10
>
