"""What the disc tests of both machines share."""
from emulator import Machine


def carry_on_from_mid_transfer(m, line, state_path, roms, cycles):
    """Type `line`, stop the machine inside a sector's bytes, write a save state there and load it
    back; run both for `cycles`.  Returns the loaded machine, checked to have kept step."""
    m.type(line)
    m.run_until_typed()
    while m.hardware.fdc.op != "read_byte":                     # stop inside a sector's bytes
        m.run(0.001)
    m.save_state(state_path)
    again = Machine.load_state(state_path, roms=roms)
    assert again.hardware.fdc.op == "read_byte" and again.cycles == m.cycles
    for machine in (m, again):
        machine.run_cycles(cycles)
    assert again.cycles == m.cycles and again.memory[0:0x8000] == m.memory[0:0x8000]
    return again
