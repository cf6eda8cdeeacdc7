10 PRINT 1+1=2
==
       1
