10 PRINT 1=2 OR 2=3
==
       1
ERROR 29 LINE      10
>
