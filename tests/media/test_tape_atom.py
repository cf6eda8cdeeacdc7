"""The Atom's cassette: the tape's signal on the 8255's PC5 and the tone output of PC0/PC1, with
Acorn's Atom kernel and ours (its cassette filing system, roms/src/atom/kernel/tape.s) loading a
tape built here and reloading what their SAVE recorded, each the other's too (Acorn's half skips
without the reference folder; its ROMs are only run)."""
import pytest

from emulator import Machine
from emulator.bus import Bus
from emulator.clock import Clock
from emulator.cpu.core import CPU
from emulator.media.cassette import CassetteDeck
from emulator.media.uef import Data, Tape, Tone
from tests.tape_support import ATOM_BAUD, atom_tape

PROGRAM = b'\r\x00\x0a PRINT "HI FROM TAPE"\r\x00\x14 PRINT 6*7\r\xff'
BASIC_TEXT = 0x2900


@pytest.fixture(scope="session")
def acorn(acorn_atom_roms):
    return str(acorn_atom_roms)


@pytest.fixture(params=["ours", "acorn"])
def atom_roms(request):
    """Our kernel (None: Machine's default) or Acorn's ROM directory (skips without it)."""
    return None if request.param == "ours" else request.getfixturevalue("acorn")


def rows(m):
    return [row for row in m.screen.text() if row]


def run_until_prompt(m, max_seconds=30):
    """Run until the last line on the screen is BASIC's prompt (a SAVE has ended)."""
    for _ in range(int(max_seconds / 0.5)):
        m.run(0.5)
        if rows(m)[-1] == ">":
            return
    raise AssertionError(f"no prompt: {rows(m)}")


def start_loading(m, command):
    """Type `command` (LOAD or *LOAD), answer PLAY TAPE, then wind the tape back to its start (the
    Atom has no motor relay: its tape has been playing since power-on)."""
    m.type(command + "\r")
    m.run_until_text("PLAY TAPE")
    m.type("\r")
    m.run_until_typed()
    m.hardware.cassette.rewind()


def record_command(roms, command, record, machine=None):
    """Type `command` (a SAVE, or a program that writes to the tape) into a fresh Atom recording to
    `record`, answer RECORD TAPE, run to the prompt and write the recording: the machine."""
    m = machine or Machine("atom", roms=roms, record=str(record), seed=1)
    m.type(command + "\r")
    m.run_until_text("RECORD TAPE")
    m.type("\r")
    m.run_until_typed()
    run_until_prompt(m)
    m.close_files()
    return m


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


def test_the_atom_kernel_loads_a_tape(atom_roms):
    tape = atom_tape([("AB", PROGRAM, BASIC_TEXT, 0xC2B2)])
    m = Machine("atom", roms=atom_roms, tape=tape, seed=1)
    start_loading(m, 'LOAD "AB"')
    m.run(tape.seconds)
    assert m.memory[BASIC_TEXT:BASIC_TEXT + len(PROGRAM)] == PROGRAM
    m.type("LIST\r")
    m.run_until_text('   20 PRINT 6*7')


def test_star_run_of_a_basic_program_is_new(atom_roms):
    """*RUN of a program SAVEd from BASIC (execution address #C2B2) loads it, then does what #C2B2
    does on Acorn's BASIC: NEW and the prompt (the program is gone, OLD brings it back)."""
    tape = atom_tape([("AB", PROGRAM, BASIC_TEXT, 0xC2B2)])
    m = Machine("atom", roms=atom_roms, tape=tape, seed=1)
    start_loading(m, '*RUN "AB"')
    m.run(tape.seconds)
    assert m.memory[BASIC_TEXT:BASIC_TEXT + 3] == b"\r\xff\x0a"      # NEW's end mark on line 10
    m.type("LIST\rOLD\rLIST\r")
    m.run_until_text("   20 PRINT 6*7")
    m.run(0.1)
    assert rows(m)[-7:] == ["PLAY TAPE", ">LIST", ">OLD", ">LIST", '   10 PRINT "HI FROM TAPE"',
                            "   20 PRINT 6*7", ">"]


def save_program(roms, record):
    """Type a program into the kernel `roms` and SAVE it as KEPT into the recording `record`: the
    Tape recorded."""
    m = record_command(roms, '10 PRINT "SAVED"\r20 PRINT 3*4\rSAVE "KEPT"', record)
    assert rows(m)[-2:] == ["RECORD TAPE", ">"]
    return Tape.load(record)


def reload_program(roms, record, saved):
    again = Machine("atom", roms=roms, tape=str(record), seed=2)
    start_loading(again, 'LOAD "KEPT"')
    again.run(saved.seconds)
    again.type("LIST\r")
    again.run_until_text("   20 PRINT 3*4")


@pytest.mark.parametrize("saver, loader", [("ours", "ours"), ("ours", "acorn"), ("acorn", "ours"),
                                           ("acorn", "acorn")])
def test_a_program_saved_by_a_kernel_reloads_on_each(saver, loader, tmp_path, request):
    """What each kernel's SAVE records loads on its own kernel and on the other."""
    roms = {name: None if name == "ours" else request.getfixturevalue("acorn") for name in (saver, loader)}
    record = tmp_path / "saved.uef"
    saved = save_program(roms[saver], record)
    header = saved.data_bytes()[saved.data_bytes().index(b"****KEPT\r"):][:17]
    # one block of 32 bytes (flag #45: bit 6, data; the end's high byte #29 >> 3), run at #C2B2,
    # loaded at #2900: what Acorn's records, and ours
    assert header[9:17] == bytes([0x45, 0, 0, 0x1F, 0xC2, 0xB2, 0x29, 0x00])
    reload_program(roms[loader], record, saved)


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


def test_star_load_reads_a_file_of_two_blocks_where_it_says_or_where_asked(atom_roms):
    data = bytes(range(256)) + b"second block"
    tape = atom_tape([("BIN", data, 0x3000, 0x3000)])
    for command, address in (('*LOAD "BIN"', 0x3000), ('*LOAD "BIN" 3400', 0x3400)):
        m = Machine("atom", roms=atom_roms, tape=tape, seed=1)
        start_loading(m, command)
        m.run(tape.seconds)
        assert m.memory[address:address + len(data)] == data, command


THREE_FILES = [("AB", PROGRAM, BASIC_TEXT, 0xC2B2), ("BIN", bytes(range(256)) + b"xy", 0x3000, 0x3123),
               ("CD", PROGRAM, BASIC_TEXT, 0xC2B2)]


def test_star_cat_lists_every_block(atom_roms):
    """*CAT: the name, then load and execution addresses, block number and length less one (the
    layout of Acorn's kernel); it waits for more tape for ever."""
    tape = atom_tape(THREE_FILES)
    m = Machine("atom", roms=atom_roms, tape=tape, seed=1)
    start_loading(m, "*CAT")
    m.run(tape.seconds)
    assert rows(m)[2:] == ["PLAY TAPE",
                           "AB            2900 C2B2 0000 26",
                           "BIN           3000 3123 0000 FF",
                           "BIN           3100 3123 0001 01",
                           "CD            2900 C2B2 0000 26"]


def test_load_names_the_files_it_passes(atom_roms):
    tape = atom_tape(THREE_FILES)
    m = Machine("atom", roms=atom_roms, tape=tape, seed=1)
    start_loading(m, 'LOAD "CD"')
    m.run(tape.seconds)
    assert rows(m)[1:] == ['>LOAD "CD"', "PLAY TAPE", "AB", "BIN", ">"]
    assert m.memory[BASIC_TEXT:BASIC_TEXT + len(PROGRAM)] == PROGRAM


def test_a_wrong_checksum_is_sum_and_error_6(atom_roms):
    segments = atom_tape([("AB", PROGRAM, BASIC_TEXT, 0xC2B2)]).segments
    body = segments[3].data                         # the data and its checksum, one bit wrong
    segments[3] = Data(body[:-1] + bytes([body[-1] ^ 1]), ATOM_BAUD)
    tape = Tape(segments)
    m = Machine("atom", roms=atom_roms, tape=tape, seed=1)
    start_loading(m, 'LOAD "AB"')
    m.run(tape.seconds)
    assert rows(m)[-3:] == ["SUM", "ERROR 6", ">"]


def test_star_save_by_our_kernel_loads_on_each_and_star_runs(atom_roms, tmp_path):
    """*SAVE of 300 bytes on our kernel (two blocks, the execution address given); *RUN of the
    recording (a routine that stores #42 at #80 and returns) on our kernel or Acorn's."""
    record = tmp_path / "code.uef"
    m = Machine("atom", record=str(record), seed=1)
    routine = bytes([0xA9, 0x42, 0x85, 0x80, 0x60])                 # LDA #&42: STA &80: RTS
    m.memory[0x3000:0x3000 + 300] = bytes(range(256)) + bytes(44)
    m.memory[0x3100:0x3100 + len(routine)] = routine
    record_command(None, '*SAVE "CODE" 3000 312C 3100', record, machine=m)
    saved = Tape.load(record)
    headers = [block[5:13] for block in saved.data_bytes().split(b"****")[1:]]
    assert headers == [bytes([0xC6, 0, 0, 0xFF, 0x31, 0x00, 0x30, 0x00]),    # the flags Acorn's
                       bytes([0x71, 0, 1, 0x2B, 0x31, 0x00, 0x31, 0x00])]    # kernel records
    again = Machine("atom", roms=atom_roms, tape=str(record), seed=2)
    again.memory[0x80] = 0
    start_loading(again, '*RUN "CODE"')
    again.run(saved.seconds)
    assert again.memory[0x3000:0x3000 + 300] == m.memory[0x3000:0x3000 + 300]
    assert again.memory[0x80] == 0x42 and rows(again)[-1] == ">"


def test_fout_and_bput_send_bytes_to_the_tape_and_fin_and_bget_read_them(atom_roms, tmp_path):
    """The cassette's sequential files, as Acorn's kernel has them (no disc): FOUT gives RECORD
    TAPE, a key, handle 13; each BPUT sends its byte to the tape at once (no block, no name); FIN
    gives PLAY TAPE and 13; each BGET reads the next byte off the tape."""
    record = tmp_path / "bytes.uef"
    m = record_command(atom_roms, 'A=FOUT"X";PRINT A\';BPUT A,65;BPUT A,66;BPUT A,67;SHUT A', record)
    assert rows(m)[-3:] == ["RECORD TAPE", "      13", ">"]
    assert Tape.load(record).data_bytes() == b"ABC"
    again = Machine("atom", roms=atom_roms, tape=str(record), seed=2)
    start_loading(again, "A=FIN\"X\";B=BGET A;C=BGET A;D=BGET A;PRINT A,B,C,D'")
    run_until_prompt(again)
    assert rows(again)[-3:] == ["PLAY TAPE", "      13      65      66      67", ">"]


def test_save_times_its_tone_and_silence_as_acorns_kernel(atom_roms, tmp_path):
    """Between blocks, Acorn's kernel leaves the tape 2 s silent (port C bit 1 low: the recording
    reads it as bytes of 0) and then sends 2 s of tone before the next header; 0.5 s of tone lies
    between a header and its data (fields of 1/60 s, found by saving there).  Ours does the same."""
    record = tmp_path / "two.uef"
    record_command(atom_roms, '*SAVE "B" 3000 3123', record)
    segments = Tape.load(record).segments[1:]          # after the leader (its length is the typing's)
    kinds = [s.kind for s in segments]
    assert kinds == ["data", "tone", "data", "tone", "data", "tone", "data"]
    tones = [round(s.seconds, 1) for s in segments if s.kind == "tone"]
    assert tones == [0.5, 2.0, 0.5]
    silence = segments[2].data[257:]                    # after the 256 bytes and the checksum (the
    assert silence[:-1] == bytes(len(silence) - 1)      # last frame's end may be the tone's start)
    assert 2.0 - 0.05 < len(silence) * 10 / 300 < 2.0 + 0.05
