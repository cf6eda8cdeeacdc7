10 A=1;IF A=1 A=2
20 PRINT A
==
       2
ERROR 94 LINE      20
>
