10 A=1;B=2;C=A+B;PRINT C
==
       3
ERROR 94 LINE      10
>
