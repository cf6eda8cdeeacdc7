10 PRINT CH"B"-CH"A"
==
       1
ERROR 94 LINE      10
>
