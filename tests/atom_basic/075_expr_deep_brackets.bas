10 PRINT (((((7)))))
==
       7
ERROR 94 LINE      10
>
