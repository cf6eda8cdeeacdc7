10 PRINT 3<>4
==
       3
ERROR 29 LINE      10
>
