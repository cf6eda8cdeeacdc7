10 DIM R-1,S-1;PRINT S-R
==
       0
