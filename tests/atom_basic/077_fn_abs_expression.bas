10 PRINT ABS(3-10)
==
       7
ERROR 94 LINE      10
>
