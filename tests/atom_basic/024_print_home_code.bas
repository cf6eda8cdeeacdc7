10 PRINT $30"Z";
==
Z
