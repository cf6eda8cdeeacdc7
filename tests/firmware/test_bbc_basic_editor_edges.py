"""Edges of our BBC BASIC editor that the ROM's compaction (issue 9) put at risk: ranges that reach
past 65279 must still stop at the program's end marker (&FF), and OLD brings back only a whole
program (as far as its line lengths tell: OLD does not check the CRs, LOAD does)."""

from bbc_basic.harness import immediate

PROG = "10 REM A\n20 REM B\n"


def test_list_to_the_highest_numbers_stops_at_the_end():
    out = immediate(PROG + "LIST ,65535\nLIST 15,65280\n")
    assert out.endswith(">LIST ,65535\n   10 REM A\n   20 REM B\n>LIST 15,65280\n   20 REM B\n>")


def test_delete_to_the_highest_numbers_keeps_the_end_marker():
    out = immediate(PROG + "30 REM C\nDELETE 15,65535\nLIST\n40 REM D\nLIST\n")
    assert out.endswith(">LIST\n   10 REM A\n>40 REM D\n>LIST\n   10 REM A\n   40 REM D\n>")


def test_old_after_new_brings_the_program_back():
    out = immediate(PROG + "NEW\nLIST\nOLD\nLIST\n")
    assert out.endswith(">NEW\n>LIST\n>OLD\n>LIST\n   10 REM A\n   20 REM B\n>")


def test_old_of_a_broken_program_is_new():
    # line 10's length is 0: the program cannot be walked, so OLD leaves it empty
    out = immediate(PROG + "NEW\n?(PAGE+3)=0\nOLD\nLIST\n10 REM C\nLIST\n")
    assert out.endswith(">OLD\n>LIST\n>10 REM C\n>LIST\n   10 REM C\n>")
