10 PRINT 6*7
==
      42
ERROR 94 LINE      10
>
