10 PRINT -1>1
==
       0
