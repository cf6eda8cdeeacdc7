"""Checking a conformance case's output against Acorn's, shared by the tests that run the cases on our
BBC BASIC (on the bare-CPU harness and on the whole machine): the expected outputs are Acorn's
(tests/bbc_basic/acorn_outputs.py), and a case whose difference from Acorn's is known
(tests/reference/known_differences.toml) must show just what its entry records for ours."""
from bbc_basic.acorn_outputs import ACORN_OUTPUTS
from bbc_basic.harness import run_program
from reference import corpus, known

WIDTH = 40
# MODE 7 shows these ASCII codes as the SAA5050's own characters (User Guide, "Teletext mode")
TELETEXT = str.maketrans({"[": "\u2190", "]": "\u2192", "|": "\u2016"})


def screen_rows(expected):
    """What `expected` (then the prompt) looks like on a 40-column screen."""
    rows = []
    for line in (expected + ">").split("\n"):
        while len(line) > WIDTH:
            rows.append(line[:WIDTH])
            line = line[WIDTH:]
        rows.append(line)
    return [r.rstrip().translate(TELETEXT) for r in rows]


def listed(name):
    """Whether the case is a known difference whose expected output is Acorn's own (a listed case
    whose output Acorn's prints as the manual says differs elsewhere: on the screen)."""
    return name in ACORN_OUTPUTS and known.is_known("bbc", f"bbc_basic/{name}")


def check(name, got_rows, expected_rows):
    """None when the rows are right (Acorn's, or for a listed case the entry's), else what is wrong."""
    if listed(name):
        return known.check_ours("bbc", f"bbc_basic/{name}", got_rows, expected_rows)
    return None if got_rows == expected_rows else "\n".join(
        ["ours:"] + got_rows + ["Acorn's ROMs:"] + expected_rows)


def check_case(name, program, inputs, expected):
    if expected is None:                # Acorn's BASIC II never comes back from this program
        try:
            got_rows = screen_rows(run_program(program, inputs, max_cycles=20_000_000))
        except AssertionError:          # nor does ours
            got_rows = [corpus.NEVER_RETURNS]
        wrong = check(name, got_rows, [corpus.NEVER_RETURNS])
    elif listed(name):
        got = run_program(program, inputs)
        if any(ord(c) < 32 and c != "\n" for c in got):    # VDU codes: no rows to read; still differs?
            wrong = None if got != expected else (f"bbc_basic/{name} now prints what Acorn's does: take "
                                                  f"its entry out of tests/reference/known_differences.toml")
        else:
            wrong = check(name, screen_rows(got), screen_rows(expected))
    else:
        got = run_program(program, inputs)
        wrong = None if got == expected else f"ours: {got!r}\nAcorn's ROMs: {expected!r}"
    assert wrong is None, wrong
