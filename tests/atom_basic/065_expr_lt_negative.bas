10 PRINT -5<3
==
      -5
ERROR 29 LINE      10
>
