10 C=1;C=C+1;C=C*10;PRINT C
==
      20
ERROR 94 LINE      10
>
