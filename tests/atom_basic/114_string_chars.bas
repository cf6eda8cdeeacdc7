10 DIM A9;$A="AB";PRINT ?A A?1 A?2
==
      65      66      13
ERROR 94 LINE      10
>
