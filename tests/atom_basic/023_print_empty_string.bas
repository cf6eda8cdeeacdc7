10 PRINT ""
==

ERROR 94 LINE      10
>
