10 A=(5 OR 2);B=(6 AND 3);PRINT A,B'
==
       7       2

ERROR 94 LINE      10
>
