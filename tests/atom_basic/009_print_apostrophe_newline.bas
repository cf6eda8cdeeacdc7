10 PRINT "A"'"B"
==
A
B
ERROR 94 LINE      10
>
