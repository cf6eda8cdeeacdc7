10 DIM A7;!A=-5;PRINT !A
==
      -5
ERROR 94 LINE      10
>
