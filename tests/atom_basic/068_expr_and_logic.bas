10 PRINT 1=1 AND 2=2
==
       1
