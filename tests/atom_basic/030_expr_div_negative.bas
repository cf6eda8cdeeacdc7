10 PRINT -7/2
==
      -3
ERROR 94 LINE      10
>
