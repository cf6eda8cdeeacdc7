10 PRINT 1+1=2
==
       2
ERROR 29 LINE      10
>
