10 PRINT -1>1
==
      -1
ERROR 29 LINE      10
>
