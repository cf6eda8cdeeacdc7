10 PRINT 2-3
==
      -1
ERROR 94 LINE      10
>
