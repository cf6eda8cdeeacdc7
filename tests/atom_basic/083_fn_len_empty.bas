10 DIM A9;$A="";PRINT LEN A
==
       0
ERROR 94 LINE      10
>
