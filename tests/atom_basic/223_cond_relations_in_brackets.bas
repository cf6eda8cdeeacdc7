10 A=(3<4)+(2=2)*2;B=(1=2);PRINT A,B'
==
       3       0

ERROR 94 LINE      10
>
