10 PRINT 99:99
==
       0
