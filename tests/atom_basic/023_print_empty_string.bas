10 PRINT ""
==

