10 PRINT 7%3
==
       1
