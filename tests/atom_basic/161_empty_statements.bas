10 A=1;;PRINT A
==
       1
