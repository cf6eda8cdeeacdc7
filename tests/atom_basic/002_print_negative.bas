10 PRINT -42
==
     -42
