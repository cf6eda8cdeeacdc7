10 IF -1 PRINT "T"
==
T
