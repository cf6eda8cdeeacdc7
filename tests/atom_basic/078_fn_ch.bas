10 PRINT CH"A" CH"0"
==
      65      48
