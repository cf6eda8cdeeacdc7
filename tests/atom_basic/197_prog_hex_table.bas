10 FOR I=10 TO 15;PRINT &I;NEXT
==
       A       B       C       D
       E       F
ERROR 94 LINE      10
>
