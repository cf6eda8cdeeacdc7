10 PRINT -3*-3
==
       9
ERROR 94 LINE      10
>
