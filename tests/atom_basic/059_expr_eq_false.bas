10 PRINT 3=4
==
       0
