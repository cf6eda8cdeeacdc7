10 PRINT #1A+1
==
      27
