10 PRINT "X="5" Y="6
==
X=       5 Y=       6
ERROR 94 LINE      10
>
