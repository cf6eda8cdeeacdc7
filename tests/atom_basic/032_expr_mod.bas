10 PRINT 7%3
==
       1
ERROR 94 LINE      10
>
