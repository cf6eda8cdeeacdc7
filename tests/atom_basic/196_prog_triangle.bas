10 FOR I=1 TO 4;FOR J=1 TO I;PRINT "*";NEXT;PRINT';NEXT
==
*
**
***
****

ERROR 94 LINE      10
>
