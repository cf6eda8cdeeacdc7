10 PRINT -42
==
     -42
ERROR 94 LINE      10
>
