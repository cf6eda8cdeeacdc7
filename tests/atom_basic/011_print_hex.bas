10 PRINT &255
==
      FF
