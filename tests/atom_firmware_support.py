"""Driving our Atom firmware the way a person does: keys through the matrix, text off the screen."""
from pathlib import Path

from emulator import Machine

FAST = {"hold_ms": 15, "gap_ms": 15, "lead_ms": 5}   # a quick typist; still real key presses
CONFORMANCE_DIR = Path(__file__).resolve().parent / "atom_basic"


def boot():
    m = Machine("atom")
    m.run_until_text(">", max_seconds=2)
    return m


def rows(m):
    return m.screen.text()


def type_and_wait(m, text, seconds=0.3, **timing):
    m.type(text, **(timing or FAST))
    m.run_until_typed(max_seconds=600)
    m.run(seconds)


def tap(m, key, *modifiers, hold=0.05):
    for mod in modifiers:
        m.press(mod)
    m.run(0.01)
    m.press(key)
    m.run(hold)
    m.release(key)
    m.run(0.01)
    for mod in modifiers:
        m.release(mod)
    m.run(0.04)


def wait_for_prompt(m, max_seconds=30):
    """Run until the last non-blank row is the bare prompt '>' (the program has finished)."""
    waited = 0.0
    while waited < max_seconds:
        m.run(0.05)
        waited += 0.05
        text = [r for r in rows(m) if r]
        if text and text[-1] == ">":
            return
    raise AssertionError("no prompt after %gs:\n%s" % (max_seconds, "\n".join(rows(m))))


def load_program(path):
    """A conformance file: the program lines, a line '==', then the expected screen rows."""
    text = Path(path).read_text()
    program, expected = text.split("\n==\n", 1)
    lines = [l for l in program.splitlines() if l and not l.startswith("#")]
    return lines, expected.rstrip("\n").split("\n") if expected.strip() else []


def run_program(m, lines, max_seconds=30):
    """NEW, type the lines, clear the screen and RUN; the rows printed before the next prompt."""
    type_and_wait(m, "NEW\n", 0.05)
    for line in lines:
        type_and_wait(m, line + "\n", 0.02)
    type_and_wait(m, "PRINT $12;RUN\n", 0.0)
    wait_for_prompt(m, max_seconds)
    out = rows(m)
    last = max(i for i, r in enumerate(out) if r)     # the prompt's row
    out = out[:last]
    while out and not out[-1]:
        out.pop()
    return out
