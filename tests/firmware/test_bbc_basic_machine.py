"""The conformance programs (tests/bbc_basic/cases.py) typed into the emulated BBC Micro, running
our BASIC under our MOS, with the output read off the MODE 7 screen.  The expected outputs are
Acorn's (tests/bbc_basic/acorn_outputs.py); a program whose difference from Acorn's is known
(tests/reference/known_differences.toml) must show what its entry records for ours."""
import pytest

from bbc_basic.cases import CASES
from bbc_basic.checks import check, screen_rows
from reference.corpus import MODE_PROGRAMS


@pytest.fixture(scope="module")
def machine():
    try:
        from emulator import Machine
        m = Machine("bbc")
    except Exception as error:          # our MOS is being written beside this ROM
        pytest.skip(f"no BBC machine with our MOS yet: {error}")
    m.run_until_text(">", max_seconds=5)
    return m


def run_on_machine(m, program, inputs):
    m.type("NEW\n@%=&90A\nCLS\n")     # @% and A%-Z% outlive NEW (User Guide, resident integers)
    m.run_until_typed()
    m.run(0.1)
    m.type(program + "\nRUN\n" + inputs)
    m.run_until_typed()
    for _ in range(100):
        m.run(0.1)
        rows = [r.rstrip() for r in m.screen.text()]
        while rows and not rows[-1]:
            rows.pop()
        if rows and (rows[-1].endswith(">") and ">RUN" in rows or rows[-1] == ">"):
            break
    # (a MODE in the program clears the screen and ">RUN" with it: then the whole screen)
    return rows[rows.index(">RUN") + 1:] if ">RUN" in rows else rows


# programs whose output uses cursor movement or the bell are checked on the bare CPU only
# (and those Acorn's BASIC never comes back from, expected None: the differential suite has them)
SCREEN_CASES = [c for c in CASES if c[3] is not None and not any(ord(ch) < 32 and ch != "\n" for ch in c[3])]


@pytest.mark.slow
@pytest.mark.parametrize("name,program,inputs,expected", SCREEN_CASES, ids=[c[0] for c in SCREEN_CASES])
def test_conformance_on_the_machine(machine, name, program, inputs, expected):
    wrong = check(name, run_on_machine(machine, program, inputs), screen_rows(expected))
    assert wrong is None, wrong


# MODE and HIMEM (the programs are in the differential corpus too): what Acorn's BASIC II prints
# for each on the same machine (run on it)
MODE_ACORN_OUTPUT = {
    "machine/bbc_mode_sets_himem": ["      3000      7C00"],
    "machine/bbc_mode_in_a_for_loop": ["      3000      7C00"],
    "machine/bbc_mode_then_a_proc": ["         6"],
    "machine/bbc_mode_zeroes_count": ["         0"],
    "machine/bbc_mode_in_a_proc": ["", "Bad MODE at line 20"],
    "machine/bbc_mode_in_an_fn": ["", "Bad MODE at line 20"],
    "machine/bbc_mode_below_the_heap": ["        25"],
    "machine/bbc_mode_at_the_heap": ["OK"],
}


@pytest.mark.parametrize("program", MODE_PROGRAMS, ids=[p.name for p in MODE_PROGRAMS])
def test_mode_and_himem(machine, program):
    rows = run_on_machine(machine, "\n".join(program.lines), "")
    assert rows == MODE_ACORN_OUTPUT[program.name] + [">"]


# ESCAPE pressed while a * command or OSCLI runs (*FX 19 waits for the next frame): BASIC II
# reports it at the statement after the command, as it does any ESCAPE (run on it, the key pressed
# at four moments): *FX takes the rest of its line, so the next statement is on line 20
@pytest.mark.parametrize("program,line", [("10 *FX 19\n20 GOTO 10", 20),
                                          ('10 OSCLI "FX 19"\n20 GOTO 10', 20),
                                          ('10 OSCLI "FX 19":A=A+1:GOTO 10', 10)])
def test_escape_during_a_star_command(machine, program, line):
    machine.type(f"NEW\nCLS\n{program}\nRUN\n")
    machine.run_until_typed()
    machine.run(0.5)
    machine.type("\x1b")
    machine.run_until_typed()
    machine.run(0.3)
    rows = [r.rstrip() for r in machine.screen.text() if r.strip()]
    assert rows[-2:] == [f"Escape at line {line}", ">"]
