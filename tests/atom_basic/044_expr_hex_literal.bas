10 PRINT #FF
==
     255
