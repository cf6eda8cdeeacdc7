10 PRINT 2*3+4*5
==
      26
ERROR 94 LINE      10
>
