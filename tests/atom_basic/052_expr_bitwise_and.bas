10 PRINT 12&10
==
       8
ERROR 94 LINE      10
>
