10 @=3;PRINT @;@=8
==
  3
ERROR 94 LINE      10
>
