10 PRINT 1,2,3,4,5
==
       1       2       3       4
       5
ERROR 94 LINE      10
>
