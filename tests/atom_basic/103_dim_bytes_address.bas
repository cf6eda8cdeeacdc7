10 DIM A3,B3;PRINT B-A
==
       4
