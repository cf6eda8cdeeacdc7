10 PRINT --5
==
       5
ERROR 94 LINE      10
>
