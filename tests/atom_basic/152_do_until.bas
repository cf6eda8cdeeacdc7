10 A=0;DO A=A+1;UNTIL A=5;PRINT A
==
       5
