10 PRINT -5<3
==
       1
