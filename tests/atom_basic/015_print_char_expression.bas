10 PRINT $(64+3)
==
C
