10 PRINT 12|3
==
      15
ERROR 94 LINE      10
>
