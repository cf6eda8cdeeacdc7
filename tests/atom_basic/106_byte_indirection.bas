10 DIM A3;?A=65;PRINT ?A
==
      65
