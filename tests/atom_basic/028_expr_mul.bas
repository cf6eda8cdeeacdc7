10 PRINT 6*7
==
      42
