"""The Atom's cassette: the tape's signal on the 8255's PC5 and the tone output of PC0/PC1, with
Acorn's Atom kernel loading a tape built here and reloading what its SAVE recorded (tests skip
without the reference folder; the ROMs are only run)."""
from emulator import Machine
from emulator.bus import Bus
from emulator.clock import Clock
from emulator.cpu.core import CPU
from emulator.media.cassette import CassetteDeck
from emulator.media.uef import Data, Tape, Tone
from tests.tape_support import atom_tape

PROGRAM = b'\r\x00\x0a PRINT "HI FROM TAPE"\r\x00\x14 PRINT 6*7\r\xff'
BASIC_TEXT = 0x2900


def start_loading(m, command):
    """Type `command` (LOAD or *LOAD), answer PLAY TAPE, then wind the tape back to its start (the
    Atom has no motor relay: its tape has been playing since power-on)."""
    m.type(command + "\r")
    m.run_until_text("PLAY TAPE")
    m.type("\r")
    m.run_until_typed()
    m.hardware.cassette.rewind()


def test_the_signal_is_the_tones_of_each_bit():
    deck = CassetteDeck(Clock(CPU(Bus())), 1_000_000, Tape([Tone(2), Data(b"\x01", 300)]))
    deck.set_motor(True, 0)
    deck.play(0)
    levels = [deck.level(c) for c in range(0, 1000, 50)]            # the tone: 2400 Hz
    assert levels[:10] == [1, 1, 1, 1, 1, 0, 0, 0, 0, 1]
    start = 833                                                      # two cycles of 2400 Hz
    assert [deck.level(start + c) for c in (10, 400, 430, 800, 850)] == [1, 1, 0, 0, 1]   # 0: 1200 Hz
    bit1 = start + 3333                                              # data bit 0 is a 1: 2400 Hz
    assert [deck.level(bit1 + c) for c in (10, 200, 220, 400, 430)] == [1, 1, 0, 0, 1]
    deck.stop(2000)
    assert deck.level(bit1 + 10) == 0                               # a stopped tape is silent


def test_the_atom_kernel_loads_a_tape(acorn_atom_roms):
    tape = atom_tape([("AB", PROGRAM, BASIC_TEXT, 0xC2B2)])
    m = Machine("atom", roms=acorn_atom_roms, tape=tape, seed=1)
    start_loading(m, 'LOAD "AB"')
    m.run(tape.seconds)
    assert m.memory[BASIC_TEXT:BASIC_TEXT + len(PROGRAM)] == PROGRAM
    m.type("LIST\r")
    m.run_until_text('   20 PRINT 6*7')


def test_a_program_saved_by_the_atom_kernel_reloads(acorn_atom_roms, tmp_path):
    record = tmp_path / "saved.uef"
    m = Machine("atom", roms=acorn_atom_roms, record=str(record), seed=1)
    m.type('10 PRINT "SAVED"\r20 PRINT 3*4\rSAVE "KEPT"\r')
    m.run_until_text("RECORD TAPE")
    m.type("\r")
    m.run_until_typed()
    m.run(8)
    m.close_files()
    saved = Tape.load(record)
    assert b"****KEPT\r" in saved.data_bytes()
    again = Machine("atom", roms=acorn_atom_roms, tape=str(record), seed=2)
    start_loading(again, 'LOAD "KEPT"')
    again.run(saved.seconds)
    again.type("LIST\r")
    again.run_until_text("   20 PRINT 3*4")


def test_the_command_line_plays_a_tape_into_the_atom_kernel(acorn_atom_roms, tmp_path):
    from emulator.cli import main
    tape_file = tmp_path / "ab.uef"
    atom_tape([("AB", PROGRAM, BASIC_TEXT, 0xC2B2)]).save(tape_file)
    # The Atom has no motor relay: the tape plays from the start, and LOAD is typed in its leader.
    assert main(["run", "--machine", "atom", "--roms", str(acorn_atom_roms), "--tape", str(tape_file),
                 "--headless", "--type", 'LOAD "AB"\r', "--until", "PLAY TAPE", "--type", "\r",
                 "--type", "LIST\r", "--until", "   20 PRINT 6*7", "--max-seconds", "30"]) == 0


def test_a_save_state_in_the_middle_of_a_load_carries_on(acorn_atom_roms, tmp_path):
    tape_file = tmp_path / "ab.uef"
    tape = atom_tape([("AB", PROGRAM, BASIC_TEXT, 0xC2B2)])
    tape.save(tape_file)
    m = Machine("atom", roms=acorn_atom_roms, tape=str(tape_file), seed=1)
    start_loading(m, 'LOAD "AB"')
    m.run(tape.seconds * 0.6)                   # in the header block, after the 4 s leader
    m.save_state(tmp_path / "s.state")
    back = Machine.load_state(tmp_path / "s.state", roms=acorn_atom_roms)
    assert back.hardware.cassette.tape_cycle(back.cycles) == m.hardware.cassette.tape_cycle(m.cycles)
    assert back.hardware.bus_ppi_page.tape is back.hardware.cassette     # PC5 reads the tape again
    back.run(tape.seconds)
    assert back.memory[BASIC_TEXT:BASIC_TEXT + len(PROGRAM)] == PROGRAM


def test_star_load_reads_a_file_of_two_blocks_where_it_says_or_where_asked(acorn_atom_roms):
    data = bytes(range(256)) + b"second block"
    tape = atom_tape([("BIN", data, 0x3000, 0x3000)])
    for command, address in (('*LOAD "BIN"', 0x3000), ('*LOAD "BIN" 3400', 0x3400)):
        m = Machine("atom", roms=acorn_atom_roms, tape=tape, seed=1)
        start_loading(m, command)
        m.run(tape.seconds)
        assert m.memory[address:address + len(data)] == data, command
