10 PRINT "A"
==
A
