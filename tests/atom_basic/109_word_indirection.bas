10 DIM A7;!A=-5;PRINT !A
==
      -5
