10 PRINT CH"B"-CH"A"
==
       1
