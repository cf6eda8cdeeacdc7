10 PRINT ABS-5 ABS 5
==
       5       5
ERROR 94 LINE      10
>
