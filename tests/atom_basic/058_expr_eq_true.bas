10 PRINT 3=3
==
       3
ERROR 29 LINE      10
>
