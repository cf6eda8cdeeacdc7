"""A run's script (emulator/script.py) does the same whether it is given all its time at once (a
headless run) or a field at a time (the window): the same steps, the same waits, the same end."""
import math

from emulator import Machine
from emulator.errors import EXIT_TIMEOUT
from emulator.script import ScriptRun

STEPS = [("type", "PRINT 6*7\r"), ("until", "42"), ("type", "FOR I=1 TO 30;WAIT;NEXT I;P.5*9\r")]


def atom_at_prompt():
    m = Machine("atom", seed=3)
    m.run_until_text(">", max_seconds=5)
    return m


def test_a_script_run_in_slices_ends_where_one_run_whole_does():
    whole = atom_at_prompt()
    assert ScriptRun(whole, STEPS, max_seconds=1.0).advance(math.inf) == 0
    sliced = atom_at_prompt()
    run = ScriptRun(sliced, STEPS, max_seconds=1.0)
    frames = 0
    while run.advance(1 / 60) is None:
        frames += 1
        assert frames < 60 * 10
    assert (sliced.cycles, sliced.screen.text()) == (whole.cycles, whole.screen.text())
    assert "45>" in [row.strip() for row in sliced.screen.text()]      # the reply to the last keys
    # (Atom BASIC's PRINT adds no new line: the prompt follows the reply on its row)


def test_with_no_limit_the_run_goes_on_until_its_owner_stops_it():
    m = atom_at_prompt()
    run = ScriptRun(m, [("type", "PRINT 2\r")], max_seconds=None)
    for _ in range(120):                                    # two seconds of fields
        assert run.advance(1 / 60) is None
    assert m.seconds > 2 and "2>" in [row.strip() for row in m.screen.text()]


def test_a_wait_that_times_out_says_which():
    m = atom_at_prompt()
    run = ScriptRun(m, [("until", "NEVER")], max_seconds=0.25)
    assert run.advance(math.inf) == EXIT_TIMEOUT
    assert run.failure == "'NEVER' did not appear on the screen within 0.25 emulated seconds"


def test_run_until_looks_first_and_stops_at_its_limit():
    m = atom_at_prompt()
    start = m.cycles
    assert m.run_until(lambda: True, 1.0) and m.cycles == start
    assert not m.run_until(lambda: False, 0.5) and 500_000 <= m.cycles - start < 500_010
    looks = []
    assert not m.run_until(lambda: looks.append(m.cycles) and False, 0.1, every=0.02)
    # every 20,000 cycles, each look at the first instruction boundary on or after its grid point
    assert len(looks) == 6 and all(20_000 * i <= later - looks[0] < 20_000 * i + 10
                                   for i, later in enumerate(looks))
