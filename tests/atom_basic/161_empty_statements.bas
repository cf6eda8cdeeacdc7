10 A=1;;PRINT A
==
       1
ERROR 94 LINE      10
>
