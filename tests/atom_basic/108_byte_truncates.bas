10 DIM A3;?A=257;PRINT ?A
==
       1
