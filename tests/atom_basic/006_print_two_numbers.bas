10 PRINT 1,2
==
       1       2
