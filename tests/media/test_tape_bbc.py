"""The BBC Micro's cassette: the 6850 ACIA and the serial ULA as chips, the recorder on the machine's
clock, and Acorn's MOS 1.20 loading and saving through them (tests skip without the reference
folder; the ROMs are only run).  The tapes are built here from our own bytes (tests/tape_support.py)."""
import pytest

from emulator import Machine
from emulator.basic.bbc_tokeniser import tokenise_program
from emulator.clock import Clock
from emulator.cpu.core import CPU
from emulator.bus import Bus
from emulator.media.cassette import CassetteDeck
from emulator.media.uef import Data, Tape, Tone
from tests.tape_support import cfs_tape, read_cfs

PROGRAM = tokenise_program('10 PRINT "HELLO FROM TAPE"\n20 PRINT 6*7\n')
LONG = tokenise_program("".join(f'{n * 10} PRINT "LINE {n} OF A PROGRAM IN SIX BLOCKS"\n'
                                for n in range(1, 31)) + '999 PRINT "HELLO FROM TAPE"\n')
LOAD, EXEC = 0xFFFF1900, 0xFFFF8023


def clock():
    return Clock(CPU(Bus()))


# --- the chips, without ROMs ---------------------------------------------------------------------

def test_the_deck_gives_each_byte_when_its_stop_bit_ends_and_stops_with_the_motor():
    c = clock()

    class Listener:
        def __init__(self):
            self.got = []

        def tape_carrier(self, on, cycle):
            self.got.append(("carrier", on, cycle))

        def tape_byte(self, byte, baud, cycle):
            self.got.append((byte, cycle))

    ear = Listener()
    deck = CassetteDeck(c, 2_000_000, Tape([Tone(2400), Data(b"AB")]), listener=ear)
    deck.play(0)
    c.run_until(3_000_000)
    assert ear.got == []                            # the motor is off: the tape does not move
    deck.set_motor(True, 3_000_000)
    c.run_until(6_000_000)
    # 2400 cycles of 2400 Hz: 1 s (2,000,000 cycles); a byte: 10 bits at 1200 baud (16,667 cycles)
    assert ear.got == [("carrier", True, 3_000_000), ("carrier", False, 5_000_000),
                       (0x41, 5_016_667), (0x42, 5_033_333)]
    fast = CassetteDeck(c, 2_000_000, Tape([Tone(2400), Data(b"AB")]), listener=Listener(), speed=10)
    fast.play(6_000_000)
    fast.set_motor(True, 6_000_000)
    c.run_until(7_000_000)
    assert fast.listener.got[-1] == (0x42, 6_000_000 + 203_334)     # 2,033,333 / 10, rounded up


# --- Acorn's MOS 1.20 and BASIC II ---------------------------------------------------------------

def tape_machine(roms, tape=None, **options):
    return Machine("bbc", roms=roms, tape=tape, seed=1, **options)


@pytest.mark.parametrize("baud, command", [(1200, "*TAPE"), (300, "*TAPE3")])
def test_mos_chains_a_program_from_tape(acorn_mos_basic, baud, command):
    m = tape_machine(acorn_mos_basic, cfs_tape([("HELLO", PROGRAM, LOAD, EXEC)], baud=baud))
    m.type(command + '\rCHAIN ""\r')
    m.run_until_text("        42", max_seconds=30)
    text = m.screen.text()
    assert all(line in text for line in ("Searching", "Loading", "HELLO FROM TAPE"))
    assert not m.hardware.cassette.motor                 # the MOS stopped the motor after the file


def test_mos_catalogues_and_star_loads_from_tape(acorn_mos_basic):
    data = bytes(range(256)) * 2 + b"tail"
    tape = cfs_tape([("FIRST", PROGRAM, LOAD, EXEC), ("BYTES", data, 0xFFFF3000, 0xFFFF3000)])
    m = tape_machine(acorn_mos_basic, tape)
    m.type("*TAPE\r*CAT\r")
    m.run_until_text("BYTES      02 0204", max_seconds=40)
    assert "FIRST      00 0024" in "\n".join(m.screen.text())
    m.type("\x1b")                                       # ESCAPE ends *CAT
    m.run(0.5)
    m.hardware.cassette.rewind()
    m.type('CLS\r*LOAD "BYTES"\r')
    m.run_until_typed()
    m.run_until_text("BYTES      02 0204", max_seconds=40)
    m.run(0.5)
    assert m.memory[0x3000:0x3000 + len(data)] == data


def test_fast_load_goes_through_the_same_hardware_in_less_time(acorn_mos_basic):
    tape = cfs_tape([("HELLO", LONG, LOAD, EXEC)])
    times = []
    for speed in (1, 8):
        m = tape_machine(acorn_mos_basic, tape, tape_speed=speed)
        m.type('*TAPE\rLOAD ""\r')
        m.run_until_typed()
        start = m.cycles
        m.run_until_text(f"HELLO      {(len(LONG) - 1) // 256:02X} {len(LONG):04X}", max_seconds=40)
        times.append(m.cycles - start)
    assert times[1] * 4 < times[0]


def test_saved_program_reloads(acorn_mos_basic, tmp_path):
    record = tmp_path / "saved.uef"
    m = tape_machine(acorn_mos_basic, record=str(record))
    m.type('*TAPE\r10 PRINT "SAVED";3*4\rSAVE "PROG"\r')
    m.run_until_text("RECORD then RETURN", max_seconds=20)
    m.type("\r")
    m.run_until_text("PROG       00 0014", max_seconds=30)
    m.run(1)
    m.close_files()
    tape = Tape.load(record)
    files = read_cfs(tape.data_bytes())
    assert files["PROG"][0] == tokenise_program('10 PRINT "SAVED";3*4\n')
    again = tape_machine(acorn_mos_basic, str(record))
    again.type('*TAPE\rCHAIN ""\r')
    again.run_until_text("SAVED12", max_seconds=30)


def test_a_save_state_keeps_the_tape_position(acorn_mos_basic, tmp_path):
    tape_file = tmp_path / "t.uef"
    cfs_tape([("HELLO", LONG, LOAD, EXEC)]).save(tape_file)
    m = tape_machine(acorn_mos_basic, str(tape_file))
    m.type('*TAPE\rCHAIN ""\r')
    m.run_until_text("Loading", max_seconds=20)
    m.run(1)
    position = m.hardware.cassette.tape_cycle(m.cycles)
    m.save_state(tmp_path / "s.state")
    back = Machine.load_state(tmp_path / "s.state", roms=acorn_mos_basic)
    assert back.hardware.cassette.tape_cycle(back.cycles) == position > 0
    back.run_until_text("HELLO FROM TAPE", max_seconds=30)


def test_the_command_line_plays_a_tape_into_mos_1_20(acorn_bbc_roms, tmp_path, capsys):
    from emulator.cli import main
    tape_file = tmp_path / "hello.uef"
    cfs_tape([("HELLO", PROGRAM, LOAD, EXEC)]).save(tape_file)
    status = main(["run", "--machine", "bbc", "--roms", str(acorn_bbc_roms), "--tape", str(tape_file),
                   "--tape-speed", "4", "--headless", "--type", '*TAPE\rCHAIN ""\r',
                   "--until", "HELLO FROM TAPE", "--max-seconds", "30"])
    assert status == 0, capsys.readouterr()


def test_tape_speed_is_refused_on_the_atom(capsys):
    from emulator.cli import main
    assert main(["run", "--machine", "atom", "--tape-speed", "4", "--headless",
                 "--max-seconds", "0.1"]) == 2
    assert "--tape-speed is a BBC Micro option" in capsys.readouterr().err
