10 PRINT  1 + 2 * 3 
==
       7
