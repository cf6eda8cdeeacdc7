10 PRINT 1,2
==
       1       2
ERROR 94 LINE      10
>
