"""MODE on our BASIC under our MOS, on the emulated BBC Micro: HIMEM follows the new MODE's screen
start when the BASIC stack is empty, and MODE inside a PROC or FN is "Bad MODE" (25).  The expected
outputs are what Acorn's BASIC II prints on the same machine (run on it; the same programs are in
the differential corpus, tests/reference/corpus.py, MODE_PROGRAMS)."""
import pytest

from reference.corpus import MODE_PROGRAMS

ACORN_OUTPUT = {
    "machine/bbc_mode_sets_himem": ["      3000      7C00"],
    "machine/bbc_mode_in_a_for_loop": ["      3000      7C00"],
    "machine/bbc_mode_then_a_proc": ["         6"],
    "machine/bbc_mode_zeroes_count": ["         0"],
    "machine/bbc_mode_in_a_proc": ["", "Bad MODE at line 20"],
    "machine/bbc_mode_in_an_fn": ["", "Bad MODE at line 20"],
}


@pytest.fixture(scope="module")
def machine():
    from emulator import Machine
    m = Machine("bbc")
    m.run_until_text(">", max_seconds=5)
    return m


def run(m, lines):
    m.type("NEW\nMODE 7\n" + "\n".join(lines) + "\nRUN\n")
    m.run_until_typed()
    for _ in range(50):
        m.run(0.1)
        rows = [r.rstrip() for r in m.screen.text()]
        while rows and not rows[-1]:
            rows.pop()
        if rows and rows[-1] == ">" and ">RUN" in rows:
            break
    runs = [i for i, r in enumerate(rows) if r == ">RUN"]
    return rows[runs[-1] + 1:-1] if runs else rows[:-1]


@pytest.mark.parametrize("program", MODE_PROGRAMS, ids=[p.name for p in MODE_PROGRAMS])
def test_mode(machine, program):
    assert run(machine, program.lines) == ACORN_OUTPUT[program.name]
