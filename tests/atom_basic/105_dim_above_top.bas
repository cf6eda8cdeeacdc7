10 DIM A0;PRINT A>=TOP
==
       1
