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


def at_prompt(m):
    """BASIC's prompt '>' is just left of the kernel's cursor (as Acorn's, the prompt follows a
    program's output on its row when the output ended without a new line)."""
    cursor = m.hardware.text_cursor()
    if cursor is None:
        return False
    row, column = cursor
    if column == 0 and row > 0:         # the prompt filled its row: the cursor waits on the next
        row, column = row - 1, len(rows(m)[row - 1])
    return column > 0 and rows(m)[row][column - 1:column] == ">"


def wait_for_prompt(m, max_seconds=30):
    """Run until BASIC's prompt is back (at_prompt: the program has finished)."""
    m.run(0.05)                                     # the first look a step from now
    if not m.run_until(lambda: at_prompt(m), max_seconds - 0.05, every=0.05):
        raise AssertionError("no prompt after %gs:\n%s" % (max_seconds, "\n".join(rows(m))))
