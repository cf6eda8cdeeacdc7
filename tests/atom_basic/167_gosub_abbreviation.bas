10 GOS.s;E.
20sP."S";R.
==
S>
