5 R=0;S=0
10 DIM R-1,S-1;PRINT S-R
==
       0
ERROR 94 LINE      10
>
