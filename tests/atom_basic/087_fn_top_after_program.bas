10 PRINT TOP>#2900
==
       1
