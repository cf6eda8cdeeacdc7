10 PRINT 12&10
==
       8
