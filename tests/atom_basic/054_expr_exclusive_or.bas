10 PRINT 12:10
==
       6
ERROR 94 LINE      10
>
