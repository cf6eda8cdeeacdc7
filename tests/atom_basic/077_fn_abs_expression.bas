10 PRINT ABS(3-10)
==
       7
