10 FORI=1TO3;PRINTI;NEXT
==
       1       2       3
