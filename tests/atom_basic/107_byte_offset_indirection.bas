10 DIM A3;A?2=7;PRINT A?2,?(A+2)
==
       7       7
