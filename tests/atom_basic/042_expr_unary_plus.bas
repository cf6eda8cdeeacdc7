10 PRINT +5
==
       5
