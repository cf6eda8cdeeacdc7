10 PRINT 0
==
       0
