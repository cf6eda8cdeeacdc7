10 PRINT 2-3
==
      -1
