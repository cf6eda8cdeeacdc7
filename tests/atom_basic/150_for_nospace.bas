10 FORI=1TO3;PRINTI;NEXT
==
       1       2       3
ERROR 94 LINE      10
>
