10 PRINT 0
==
       0
ERROR 94 LINE      10
>
