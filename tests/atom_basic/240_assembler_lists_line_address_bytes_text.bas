10 DIM P-1
20[LDA @1
30 RTS;]
40 P."X"'
50[NOP;
60 LDA @2;];P."Y"
==
   20 2944 A9 01    LDA @1
   30 2946 60        RTS
X
   50 2947 EA       NOP
   50 2948
   60 2948 A9 02     LDA @2
Y
ERROR 94 LINE      60
>
