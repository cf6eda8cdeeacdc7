10 A=TOP
20 PRINT A=TOP
==
       1
