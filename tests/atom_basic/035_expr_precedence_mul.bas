10 PRINT 2+3*4
==
      14
ERROR 94 LINE      10
>
