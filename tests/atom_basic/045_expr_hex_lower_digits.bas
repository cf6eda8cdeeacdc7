10 PRINT #1A+1
==
      27
ERROR 94 LINE      10
>
