10 PRINT 1=2 OR 2=3
==
       0
