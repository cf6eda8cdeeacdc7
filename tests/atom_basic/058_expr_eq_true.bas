10 PRINT 3=3
==
       1
