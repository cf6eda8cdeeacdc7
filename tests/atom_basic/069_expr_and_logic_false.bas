10 PRINT 1=1 AND 2=3
==
       1
ERROR 29 LINE      10
>
