10 PRINT 99:99
==
       0
ERROR 94 LINE      10
>
