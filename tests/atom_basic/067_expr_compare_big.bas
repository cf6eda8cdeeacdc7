10 PRINT #7FFFFFFF>-1
==
       1
