10 PRINT "A"1"B"
==
A       1B
ERROR 94 LINE      10
>
