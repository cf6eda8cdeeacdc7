10 PRINT  1 + 2 * 3 
==
       7
ERROR 94 LINE      10
>
