10 PRINT 10-2-3
==
       5
ERROR 94 LINE      10
>
