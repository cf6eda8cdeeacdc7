10 A=(1+2
==

ERROR 174 LINE      10
>
