10 PRINT -7/2
==
      -3
