10 PRINT (2+3)*4
==
      20
ERROR 94 LINE      10
>
