10 LET B=7;PRINT B
==
       7
ERROR 94 LINE      10
>
