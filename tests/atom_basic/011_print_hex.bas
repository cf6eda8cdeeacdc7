10 PRINT &255
==
      FF
ERROR 94 LINE      10
>
