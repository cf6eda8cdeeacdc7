10 A=0;B=1;FOR I=1 TO 8;C=A+B;A=B;B=C;PRINT A;NEXT
==
       1       1       2       3
       5       8      13      21

ERROR 94 LINE      10
>
