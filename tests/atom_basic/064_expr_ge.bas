10 PRINT 5>=4
==
       5
ERROR 29 LINE      10
>
