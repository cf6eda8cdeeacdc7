10 PRINT ((1+2)*(3+4))
==
      21
ERROR 94 LINE      10
>
