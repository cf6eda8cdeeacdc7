10 DIM P-1;Q=P;PRINT $21;[LDA#1234,X;LDA#12,X;LDA(#12),Y
15 LDA(#12,X);ASL A;JMP(#200);JSR#FFE3;LDX#12,Y;STA#34,Y;]
20 PRINT $6;FOR I=0 TO P-Q-1;PRINT &Q?I;NEXT
==
      BD      34      12      B5
      12      B1      12      A1
      12       A      6C       0
       2      20      E3      FF
      B6      12      99      34
       0
ERROR 94 LINE      20
>
