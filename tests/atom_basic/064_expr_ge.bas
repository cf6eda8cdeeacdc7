10 PRINT 5>=4
==
       1
