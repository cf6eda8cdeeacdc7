10 A=1;Z=26;M=13;PRINT A M Z
==
       1      13      26
ERROR 94 LINE      10
>
