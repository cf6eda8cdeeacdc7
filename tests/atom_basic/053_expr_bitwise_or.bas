10 PRINT 12|3
==
      15
