10 LET B=7;PRINT B
==
       7
