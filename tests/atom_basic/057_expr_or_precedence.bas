10 PRINT 1|2*4
==
       9
ERROR 94 LINE      10
>
