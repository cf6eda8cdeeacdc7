10 DIM A3;!A=#01020304;PRINT ?A A?3
==
       4       1
ERROR 94 LINE      10
>
