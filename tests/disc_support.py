"""What the disc tests of both machines share."""
import math

from emulator import Machine


def carry_on_from_mid_transfer(m, line, state_path, roms, cycles):
    """Type `line`, stop the machine inside a sector's bytes, write a save state there and load it
    back; run both for `cycles`.  Returns the loaded machine, checked to have kept step."""
    m.type(line)
    m.run_until_typed()
    m.run_until(lambda: m.hardware.fdc.op == "read_byte", math.inf, every=0.001)  # inside a sector's bytes
    m.save_state(state_path)
    again = Machine.load_state(state_path, roms=roms)
    assert again.hardware.fdc.op == "read_byte" and again.cycles == m.cycles
    for machine in (m, again):
        machine.run_cycles(cycles)
    assert again.cycles == m.cycles and again.memory[0:0x8000] == m.memory[0:0x8000]
    return again


def enter(m, line, expect=None, max_seconds=10):
    """Type a line at BASIC's prompt and wait until `expect` shows and the prompt is back."""
    m.type(line + "\n")
    m.run_until_typed()
    if expect is not None:
        m.run_until_text(expect, max_seconds=max_seconds)
    prompt = m.run_until(lambda: last_row(m).endswith(">"), max_seconds, every=0.05)  # after any output
    assert prompt, f"no prompt after {line!r}: {last_row(m)!r}"


def last_row(m):
    rows = [row for row in m.screen.text() if row.strip()]
    return rows[-1].strip() if rows else ""


def screen(m):
    return "\n".join(m.screen.text())
