10 PRINT 4<=4
==
       4
ERROR 29 LINE      10
>
