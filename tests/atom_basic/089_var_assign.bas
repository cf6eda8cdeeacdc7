10 A=5;PRINT A
==
       5
