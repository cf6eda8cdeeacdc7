10 A=)
==

ERROR 29 LINE      10
>
