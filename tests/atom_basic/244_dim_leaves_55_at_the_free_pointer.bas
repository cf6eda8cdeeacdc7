10 DIM AA3,B(2);PRINT ?B,?(B+3)'
==
      85      85

ERROR 94 LINE      10
>
