10 PRINT 1+2+3+4+5+6+7+8+9+10
==
      55
ERROR 94 LINE      10
>
