10 PRINT 1|2*4
==
       9
