10 PRINT "A"'"B"
==
A
B
