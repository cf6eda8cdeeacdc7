10 DIM P-1;[:5 NOP;]
==

ERROR 76 LINE      10
>
