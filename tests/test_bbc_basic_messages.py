"""Error messages whose keywords and common words the ROM stores as one byte each (errors.s) come
out in full, as the User Guide ("Error messages") spells them, from REPORT and from the default
error handler."""
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))
from bbc_basic.harness import run_program  # noqa: E402

MESSAGES = [
    ("10 STOP", "STOP"),
    ("10 =1", "No FN"),
    ("10 DIM A(-2)", "Bad DIM"),
    ("10 ENDPROC", "No PROC"),
    ("10 PROCNONE", "No such FN/PROC"),
    ("10 NEXT", "No FOR"),
    ("10 J=1:FOR I=1 TO 2\n20 NEXT J", "Can't match FOR"),
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
