10 PRINT 1=2 OR 2=2
==
       1
ERROR 29 LINE      10
>
