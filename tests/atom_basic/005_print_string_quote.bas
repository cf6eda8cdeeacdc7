10 PRINT "SAY ""HI"""
==
SAY "HI"
