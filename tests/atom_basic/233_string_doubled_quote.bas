10 DIM A9;$A="A""B";PRINT $A'
==
A"B

ERROR 94 LINE      10
>
