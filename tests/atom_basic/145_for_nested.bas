10 FOR I=1 TO 2;FOR J=1 TO 2;PRINT I*10+J;NEXT;NEXT
==
      11      12      21      22

ERROR 94 LINE      10
>
