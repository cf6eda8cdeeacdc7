10 DIM A3;A?2=7;PRINT A?2,?(A+2)
==
       7       7
ERROR 94 LINE      10
>
