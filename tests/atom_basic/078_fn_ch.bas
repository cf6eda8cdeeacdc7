10 PRINT CH"A" CH"0"
==
      65      48
ERROR 94 LINE      10
>
