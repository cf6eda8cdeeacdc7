10 PRINT 4<=4
==
       1
