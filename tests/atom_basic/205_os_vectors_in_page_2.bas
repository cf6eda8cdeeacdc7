10 PRINT ?#209=#FF OR ?#209>=#F0, ?#20B>=#F0
==
     254
ERROR 29 LINE      10
>
