10 DIM A3;?A=257;PRINT ?A
==
       1
ERROR 94 LINE      10
>
