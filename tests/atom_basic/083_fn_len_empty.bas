10 DIM A9;$A="";PRINT LEN A
==
       0
