10 PRINT 100/10/2
==
       5
ERROR 94 LINE      10
>
