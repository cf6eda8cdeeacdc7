10 N=0;DO PRINT ".";N=N+1;UNTIL N=5
==
.....
ERROR 94 LINE      10
>
