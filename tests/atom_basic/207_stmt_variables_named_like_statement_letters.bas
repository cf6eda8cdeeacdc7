10 D=4;E=5;F=6;G=7;I=8;L=9
20 N=2;P=3;R=1;U=2;W=3
30 PRINT D+E+F+G+I+L+N+P+R+U+W
==
      50
