"""Paths of our BBC BASIC that share code since the ROM was compacted (issue 9): error messages whose
keywords and common words are stored as one byte each (errors.s) come out in full, as the User
Guide ("Error messages") spells them; TRACE, GOTO, ON, PRINT of reals, RND, the string functions,
INPUT and the VDU statements give what they gave before; the program moves in memory both ways."""

import pytest

from bbc_basic.harness import run_program

MESSAGES = [
    ("10 STOP", "STOP"),
    ("10 =1", "No FN"),
    ("10 DIM A(-2)", "Bad DIM"),
    ("10 ENDPROC", "No PROC"),
    ("10 PROCNONE", "No such FN/PROC"),
    ("10 NEXT", "No FOR"),
    ("10 J=1:FOR I=1 TO 2\n20 NEXT J", "Can't Match FOR"),
    ("10 FOR A$=1 TO 2", "FOR variable"),
    ("10 FOR I=1 TO 2\n20 FOR J=1 TO 2\n30 FOR K=1 TO 2\n40 FOR L=1 TO 2\n50 FOR M=1 TO 2\n"
     "60 FOR N=1 TO 2\n70 FOR O=1 TO 2\n80 FOR P=1 TO 2\n90 FOR Q=1 TO 2\n100 FOR R=1 TO 2\n"
     "110 FOR S=1 TO 2", "Too many FORs"),
    ("10 FOR I=1", "No TO"),
    ("10 GOSUB 10", "Too many GOSUBs"),
    ("10 RETURN", "No GOSUB"),
    ("10 ON 1 PRINT", "ON syntax"),
    ("10 ON 3 GOTO 10,10", "ON range"),
    ("10 READ A", "Out of DATA"),
    ("10 UNTIL 1", "No REPEAT"),
    ("10 REPEAT:GOTO 10", "Too many REPEATs"),
    # common words stored as one byte each
    ("10 PRINT Q", "No such variable"),
    ("10 GOTO 50", "No such line"),
    ("10 PRINT (1", "Missing )"),
    ('10 PRINT "A', 'Missing "'),
    ('10 PRINT LEFT$("A" 1)', "Missing ,"),
    ("10 PRINT LOG(-1)", "Log range"),
    ("10 PRINT EXP(100)", "Exp range"),
]


@pytest.mark.parametrize("program,message", MESSAGES, ids=[m for _, m in MESSAGES])
def test_message_from_the_error_handler(program, message):
    line = program.split("\n")[-1].split()[0]
    assert run_program(program) == f"\n{message} at line {line}\n"


def test_report_prints_the_keywords_in_full():
    out = run_program("10 ON ERROR REPORT:PRINT \"/\";ERR:END\n20 NEXT")
    assert out == "\nNo FOR/32\n"


# --- the program moves up and down in memory over several pages (util.s memmove) ---

def test_lines_inserted_and_deleted_in_front_of_a_long_program():
    from bbc_basic.harness import immediate
    lines = [f"{n} PRINT \"LINE {n:03d} ......................\"" for n in range(20, 820, 20)]
    typed = "".join(l + "\n" for l in lines)
    typed += "10 PRINT \"FIRST\"\n15 REM X\n20\n15\nLIST\n"
    out = immediate(typed)
    listing = out[out.rindex(">LIST\n") + len(">LIST\n"):].rstrip(">").splitlines()
    expected = [f"{10:>5d} PRINT \"FIRST\""] + [f"{n:>5d}" + l[len(str(n)):] for n, l in
                                                 zip(range(20, 820, 20), lines)][1:]
    assert listing == expected


# --- outputs recorded from the ROM before the compaction (they are unchanged) ---

KEPT = [
    ('10 TRACE ON\n20 GOTO 40\n30 PRINT "X"\n40 PRINT "Y"\n50 TRACE OFF\n60 PRINT "Z"', "",
     "[20] [40] Y\n[50] Z\n"),       # each [n] with a space after it, as BASIC II
    ('10 TRACE 30\n20 GOSUB 100\n30 PRINT "A"\n40 END\n100 PRINT "S"\n110 RETURN', "", "[20] S\nA\n"),   # below the limit only
    ('10 PRINT 1/3, 2E-5, -7.5E12, 100, STR$(1.5), 1E10\n20 @%=&20309:PRINT PI, 12.3456\n'
     '30 @%=&10205:PRINT PI, -0.00012', "",
     "0.333333333               2E-5   -7.5E12       1001.5             1E10\n    3.142   12.346\n"
     "3.1E0     -1.2E-4 \n"),       # E form: the exponent padded to 3 characters (as BASIC II)
    ('10 X=5:ON X GOTO 20,30 ELSE PRINT "E"\n20 PRINT "T"', "", "E\nT\n"),
    ("10 A%=-7:B%=2:PRINT A% DIV B%, A% MOD B%, -A% MOD 3, STR$(-123456)", "",
     "        -3        -1         1-123456\n"),
    ('10 PRINT RND(-5);" ";RND(10);" ";RND(1);" ";RND(0)', "", "        -5 6 0.921980261 0.921980261\n"),     # RND(0): the last RND(1) (BASIC II)
    ('10 PRINT MID$("HELLO",0,2);MID$("HELLO",3);STRING$(3,"AB");INSTR("ABCABC","CA",2)', "",
     "HELLOABABAB3\n"),
    ("10 PRINT SGN(-2.5);SGN(0);SGN(3);SGN(-4);SGN(0.0);TRUE;FALSE;NOT 5", "", "        -101-10-10-6\n"),
    ("10 CLS:MODE 7:COLOUR 1:CLG:VDU 65,66;:PRINT POS", "", "\x0c\x16\x07\x11\x01\x10AB\x00         2\n"),
    ('10 INPUT "A" A, B$\n20 PRINT A;B$', "3,XY\n", "A3,XY\n         3XY\n"),
]


@pytest.mark.parametrize("program,inputs,expected", KEPT, ids=[str(i) for i in range(len(KEPT))])
def test_output_as_before(program, inputs, expected):
    assert run_program(program, inputs) == expected
