10 N=5;GOSUB r;END
20rPRINT N;N=N-1;IF N>0 GOSUB r
30 RETURN
==
       5       4       3       2
       1>
