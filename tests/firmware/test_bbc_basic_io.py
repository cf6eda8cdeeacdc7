"""BBC BASIC's file statements, sound and graphics (roms/src/bbc/basic/io.s).

On the bare CPU (tests/bbc_basic/harness.py): the stand-in MOS sends OSFILE/OSFIND/OSBGET/OSBPUT/
OSARGS and OSBYTE &7F through their vectors to a test filing system that keeps files in a dict, so the
bytes BASIC writes and reads are checked exactly; OSWORD 7/8/9 blocks are logged.  On the whole machine
under our MOS: "No filing system", pixels drawn by PLOT/MOVE/DRAW and read back by POINT, and SOUND/
ENVELOPE reaching the SN76489.

Data format (User Guide, PRINT# / INPUT#): an integer is &40 and its four bytes, most significant
first; a string is &00, its length and its characters last first.
"""

import pytest

from bbc_basic.cases import err
from bbc_basic.harness import FileEntry, Session, immediate, run_program


def run(program, files=None, inputs=""):
    return run_program(program, inputs, files=files)


def data(name, files):
    return bytes(files[name].data)


# --- PRINT# writes the documented format ---

def test_print_hash_integer():
    files = {}
    assert run('10 F=OPENOUT "D":PRINT#F,42:CLOSE#F', files) == ""
    assert data("D", files) == b"\x40\x00\x00\x00\x2a"


def test_print_hash_negative_integer_most_significant_first():
    files = {}
    run('10 F=OPENOUT "D":PRINT#F,-2,&12345678:CLOSE#F', files)
    assert data("D", files) == b"\x40\xff\xff\xff\xfe\x40\x12\x34\x56\x78"


def test_print_hash_string_reversed():
    files = {}
    run('10 F=OPENOUT "D":A$="HELLO":PRINT#F,A$:CLOSE#F', files)
    assert data("D", files) == b"\x00\x05OLLEH"


def test_print_hash_empty_string():
    files = {}
    run('10 F=OPENOUT "D":PRINT#F,"":CLOSE#F', files)
    assert data("D", files) == b"\x00\x00"


def test_print_hash_expressions_in_order():
    files = {}
    run('10 F=OPENOUT "D":X%=3:PRINT#F,X%*2,"A"+"B",LEN("XYZ"),X%/2:CLOSE#F', files)
    assert data("D", files) == b"\x40\0\0\0\x06\x00\x02BA\x40\0\0\0\x03\xff\0\0\0\x40\x81"


# --- INPUT# reads it back ---

def test_input_hash_round_trip():
    files = {}
    program = ('10 F=OPENOUT "D":PRINT#F,-123456,"TEXT",7:CLOSE#F\n'
               '20 F=OPENIN "D":INPUT#F,A,B$,C%:CLOSE#F\n'
               '30 PRINT A;" ";B$;" ";C%')
    assert run(program, files) == "   -123456 TEXT 7\n"


def test_input_hash_reads_a_file_in_the_documented_format():
    files = {"OLD": FileEntry(b"\x00\x03CBA\x40\x00\x00\x01\x00")}
    assert run('10 F=OPENIN "OLD":INPUT#F,S$,N:PRINT S$;" ";N', files) == "ABC 256\n"


def test_input_hash_into_array_element_and_several_lines():
    files = {"D": FileEntry(b"\x40\0\0\0\x05\x40\0\0\0\x09")}
    program = ('10 DIM A(3):F=OPENIN "D"\n20 INPUT#F,A(1)\n30 INPUT#F,A(2)\n40 PRINT ;A(1)+A(2)')
    assert run(program, files) == "14\n"


def test_input_hash_string_into_number_is_type_mismatch():
    files = {"D": FileEntry(b"\x00\x01A")}
    assert run('10 F=OPENIN "D":INPUT#F,N', files) == err("Type mismatch", 10)


def test_input_hash_number_into_string_is_type_mismatch():
    files = {"D": FileEntry(b"\x40\0\0\0\x01")}
    assert run('10 F=OPENIN "D":INPUT#F,N$', files) == err("Type mismatch", 10)


def test_input_hash_reads_a_real():
    # &FF and the five bytes of 1.0 (81 00 00 00 00 in memory), last first
    files = {"D": FileEntry(b"\xff\x00\x00\x00\x00\x81")}
    assert run('10 F=OPENIN "D":INPUT#F,N:PRINT N', files) == "         1\n"
    assert run('10 F=OPENIN "D":INPUT#F,N$', files) == err("Type mismatch", 10)


# --- BGET#, BPUT#, EOF#, EXT#, PTR# ---

def test_bput_every_byte_value():
    files = {}
    run('10 F=OPENOUT "B":FOR I=0 TO 255:BPUT#F,I:NEXT:CLOSE#F', files)
    assert data("B", files) == bytes(range(256))


def test_bput_low_byte_only():
    files = {}
    run('10 F=OPENOUT "B":BPUT#F,&141:BPUT#F,-1:CLOSE#F', files)
    assert data("B", files) == b"\x41\xff"


def test_bget_reads_bytes_in_order():
    files = {"B": FileEntry(b"\x01\x80\xff")}
    assert run('10 F=OPENIN "B":PRINT BGET#F,BGET#F,BGET#F', files) == "         1       128       255\n"


def test_eof_loop_reads_whole_file():
    files = {"T": FileEntry(b"HELLO")}
    program = '10 F=OPENIN "T":A$=""\n20 REPEAT:A$=A$+CHR$(BGET#F):UNTIL EOF#F\n30 PRINT A$;" ";EOF#F'
    assert run(program, files) == "HELLO -1\n"


def test_eof_false_on_a_file_with_bytes_left():
    files = {"T": FileEntry(b"AB")}
    assert run('10 F=OPENIN "T":X=BGET#F:PRINT EOF#F', files) == "         0\n"


def test_bget_past_the_end_gives_eof_error():
    files = {"T": FileEntry(b"A")}
    program = '10 F=OPENIN "T":X=BGET#F:Y=BGET#F:PRINT Y\n20 Z=BGET#F'
    assert run(program, files) == "       254\n" + err("EOF", 20)


def test_ext_and_ptr_follow_writes():
    files = {}
    program = '10 F=OPENOUT "D":PRINT ;EXT#F;PTR#F:PRINT#F,1,"AB":PRINT ;EXT#F;" ";PTR#F:CLOSE#F'
    assert run(program, files) == "00\n9 9\n"


def test_ptr_set_moves_reading():
    files = {"T": FileEntry(b"ABCDEF")}
    program = '10 F=OPENIN "T":PTR#F=4:PRINT CHR$(BGET#F);PTR#F:PTR#F=0:PRINT CHR$(BGET#F)'
    assert run(program, files) == "E5\nA\n"


def test_ext_of_an_existing_file():
    files = {"T": FileEntry(bytes(300))}
    assert run('10 F=OPENIN "T":PRINT ;EXT#F', files) == "300\n"


def test_openup_overwrites_in_place():
    files = {"T": FileEntry(b"ABCDEF")}
    run('10 F=OPENUP "T":PTR#F=2:BPUT#F,ASC"x":CLOSE#F', files)
    assert data("T", files) == b"ABxDEF"


def test_openup_appends_at_the_end():
    files = {"T": FileEntry(b"AB")}
    run('10 F=OPENUP "T":PTR#F=EXT#F:BPUT#F,67:CLOSE#F', files)
    assert data("T", files) == b"ABC"


def test_openout_empties_an_existing_file():
    files = {"T": FileEntry(b"OLD CONTENTS")}
    run('10 F=OPENOUT "T":BPUT#F,33:CLOSE#F', files)
    assert data("T", files) == b"!"


def test_openin_of_a_missing_file_is_zero():
    assert run('10 PRINT OPENIN "NONE",OPENUP("NONE")', {}) == "         0         0\n"


def test_handles_are_the_filing_systems():
    assert run('10 A=OPENOUT "A":B=OPENOUT "B":PRINT ;A;" ";B', {}) == "17 18\n"


def test_openin_takes_a_string_variable():
    files = {"NAME": FileEntry(b"Z")}
    assert run('10 N$="NAME":F=OPENIN N$:PRINT CHR$(BGET#F)', files) == "Z\n"


def test_close_then_use_is_channel_error():
    files = {"T": FileEntry(b"AB")}
    assert run('10 F=OPENIN "T":CLOSE#F\n20 X=BGET#F', files) == err("Channel", 20)


def test_close_zero_closes_every_file():
    files = {"T": FileEntry(b"AB")}
    program = '10 F=OPENIN "T":G=OPENOUT "U":CLOSE#0\n20 ON ERROR PRINT ERR:END\n30 BPUT#G,1'
    assert run(program, files) == "       222\n"


def test_channel_error_is_trappable_with_its_number():
    assert run('10 ON ERROR PRINT ERR;" ";:REPORT:END\n20 BPUT#99,1', {}) == "       222 \nChannel"


# --- SAVE, LOAD, CHAIN (OSFILE) ---

# SAVE and LOAD are commands: typed, not run (in a program they are a Syntax error, as in BASIC II)
PROGRAM = '10 PRINT "SAVED"\nSAVE "P"\n'


def test_save_writes_the_program_from_page_to_top():
    files = {}
    immediate(PROGRAM, files)
    entry = files["P"]
    assert bytes(entry.data) == b"\r\x00\x0a\x0e \xf1 \"SAVED\"\r\xff"
    assert entry.load == 0xFFFF0E00               # PAGE, in the I/O processor
    assert entry.exec == 0xFFFF8023               # BASIC II's (run on it: *INFO shows FF8023)


def test_load_brings_a_program_back():
    files = {}
    immediate(PROGRAM, files)
    out = immediate('NEW\nLOAD "P"\nLIST\n', files)
    assert '   10 PRINT "SAVED"\n>' in out.replace("\r", "")


def test_load_sets_top_and_clears_variables():
    files = {}
    immediate(PROGRAM, files)
    out = immediate('A=1\nLOAD "P"\nPRINT TOP-PAGE\nPRINT A\n', files)
    assert "        16\n" in out
    assert "No such variable" in out


def test_chain_loads_and_runs():
    files = {}
    immediate(PROGRAM, files)
    files["Q"] = FileEntry(files.pop("P").data)
    assert run('10 A%=5:CHAIN "Q"', files).startswith("SAVED\n")


def test_chain_keeps_resident_integers_only():
    files = {"N": FileEntry(b"\r\x00\x0a\x0b \xf1 A%;B\r\xff")}
    assert run('10 A%=7:B=1:CHAIN "N"', files) == "         7\nNo such variable at line 10\n"


def test_load_of_a_file_that_is_not_basic():
    files = {"TXT": FileEntry(b"10 PRINT\r")}
    out = immediate('10 PRINT "OLD"\nLOAD "TXT"\nLIST\nPRINT "END"\n', files)
    assert "\nBad program\n" in out
    assert "OLD" not in out.split("Bad program")[1]          # the program is empty after it


def test_load_of_a_program_with_a_broken_line_is_bad():
    files = {"BAD": FileEntry(b"\r\x00\x0a\x08 \xf1 1X\x00\xff")}    # the line does not end in &0D
    assert "\nBad program\n" in immediate('LOAD "BAD"\n', files)


def test_load_of_a_missing_file():
    assert "\nFile not found\n" in immediate('LOAD "NONE"\n', {})


def test_bad_program_is_not_trappable():
    files = {"TXT": FileEntry(b"JUNK")}
    out = run('10 ON ERROR PRINT "TRAPPED":END\n20 CHAIN "TXT"', files)
    assert out == "\nBad program\n"


def test_commands_in_a_program_are_a_syntax_error():
    # BASIC II (run on Acorn's ROMs, with its DFS too): SAVE, LOAD, LIST ... are typed, not run
    for command in ('SAVE "P"', 'LOAD "P"', "LIST", "LISTO 1", "NEW", "OLD", "AUTO", "DELETE 1,2",
                    "RENUMBER"):
        assert run('10 ON ERROR PRINT ERR:END\n20 ' + command, {}) == "        16\n", command



def test_commands_after_a_statement_are_a_syntax_error():
    # BASIC II (run on Acorn's ROMs): a command is one only at the start of a typed line; after a
    # colon, or after THEN, it is a Syntax error (RUN is a statement and runs)
    for line in ('A=0:SAVE "P"', 'A=0:LOAD "P"', "A=0:LIST", "A=0: LIST", ":LIST", "IF 1 THEN LIST",
                 "A=0:LISTO 1", "A=0:NEW", "A=0:OLD", "A=0:AUTO", "A=0:DELETE 1,2", "A=0:RENUMBER"):
        assert immediate(f"10 PRINT 1\n{line}\nLIST\n", {}).endswith(
            f">{line}\n\nSyntax error\n>LIST\n   10 PRINT 1\n>"), line
    assert immediate("10 PRINT 1\n  LIST\nA=0:RUN\n", {}).endswith(
        ">  LIST\n   10 PRINT 1\n>A=0:RUN\n         1\n>")


# --- SOUND, ENVELOPE, POINT, ADVAL: the blocks the MOS is given ---

def session(program):
    return Session(program + "\nRUN\n")


def test_sound_block():
    s = session("10 SOUND 1,-15,53,20")
    assert s.io.oswords == [(7, bytearray(b"\x01\x00\xf1\xff\x35\x00\x14\x00") + s.io.oswords[0][1][8:])]


def test_sound_hsfn_channel():
    s = session("10 SOUND &1213,2,255,-1")
    assert bytes(s.io.oswords[0][1][:8]) == b"\x13\x12\x02\x00\xff\x00\xff\xff"


def test_envelope_block():
    s = session("10 ENVELOPE 1,2,-3,4,5,6,7,8,126,-1,-2,-126,126,100")
    assert s.io.oswords[0][0] == 8
    assert bytes(s.io.oswords[0][1]) == bytes([1, 2, 0xFD, 4, 5, 6, 7, 8, 126, 0xFF, 0xFE, 0x82, 126, 100])


def test_point_asks_osword_9():
    s = Session("")
    s.io.pixels[(10, -20)] = 3
    s.feed("PRINT POINT(10,-20),POINT(11,-20)\n")
    assert "         3        -1\n" in s.text
    assert [bytes(block[:4]) for number, block in s.io.oswords] == [b"\x0a\x00\xec\xff", b"\x0b\x00\xec\xff"]


def test_adval_channel_and_buffer():
    s = Session("")
    s.io.adval[1] = 0xFFF0
    s.io.adval[0xFF] = 3
    s.feed("PRINT ADVAL(1),ADVAL(-1)\n")
    assert "     65520         3\n" in s.text


# --- the whole machine under our MOS ---

@pytest.fixture(scope="module")
def beeb():
    from emulator import Machine
    m = Machine("bbc")
    m.run_until_text(">", max_seconds=5)
    return m


def type_and_wait(m, text, seconds=0.5):
    m.type(text)
    m.run_until_typed()
    m.run(seconds)
    return [row.rstrip() for row in m.screen.text()]


def test_machine_no_filing_system(beeb):
    rows = type_and_wait(beeb, 'MODE 7\nSAVE "X"\nPRINT OPENIN "Y"\n')
    assert rows.count("No filing system") == 2
    rows = type_and_wait(beeb, 'NEW\n10 ON ERROR PRINT ERR:END\n20 CHAIN "Z"\nRUN\n')
    assert rows[rows.index(">RUN") + 1].strip() == "214"     # &D6, the MOS's error number


def test_machine_close_zero_without_a_filing_system(beeb):
    rows = type_and_wait(beeb, 'MODE 7\nCLOSE#0:PRINT "DONE"\n')
    assert "DONE" in rows


def mode4_pixel(m, x, y):
    """The MODE 4 pixel at graphics coordinates x, y (320 x 256, 4 units a pixel) from screen memory."""
    col, row = x // 4, 255 - y // 4
    addr = 0x5800 + (row // 8) * 320 + (col // 8) * 8 + row % 8
    return m.memory[addr] >> (7 - col % 8) & 1


def test_machine_move_and_draw_set_pixels(beeb):
    rows = type_and_wait(beeb, "MODE 4\nMOVE 0,0:DRAW 1279,0:PRINT POINT(640,0),POINT(640,4)\n", 1.0)
    assert [mode4_pixel(beeb, x, 0) for x in (0, 640, 1276)] == [1, 1, 1]
    assert mode4_pixel(beeb, 640, 4) == 0
    assert "         1         0" in rows


def mode1_pixel(m, x, y):
    """The MODE 1 logical colour at x, y (320 x 256, 2 bits a pixel: four pixels a byte, pixel p's
    colour in bits 7-p (high) and 3-p (low); AUG "Screen memory layout")."""
    col, row = x // 4, 255 - y // 4
    byte = m.memory[0x3000 + (row // 8) * 640 + (col // 4) * 8 + row % 8]
    p = col % 4
    return (byte >> (7 - p) & 1) << 1 | byte >> (3 - p) & 1


def test_machine_plot_point_and_gcol_in_mode_1(beeb):
    program = "MODE 1\nGCOL 0,2:PLOT 69,640,512:GCOL 0,3:PLOT 69,100,100:PRINT POINT(640,512),POINT(100,100),POINT(0,0)\n"
    rows = type_and_wait(beeb, program, 1.0)
    assert "         2         3         0" in rows
    assert [mode1_pixel(beeb, 640, 512), mode1_pixel(beeb, 100, 100), mode1_pixel(beeb, 0, 0)] == [2, 3, 0]


def test_machine_gcol_eor_draws_and_undraws(beeb):
    type_and_wait(beeb, "MODE 1\nGCOL 3,1:MOVE 0,500:DRAW 1279,500\n", 1.0)
    assert [mode1_pixel(beeb, x, 500) for x in (0, 600, 1276)] == [1, 1, 1]
    rows = type_and_wait(beeb, "MOVE 0,500:DRAW 1279,500:PRINT POINT(600,500)\n", 1.0)
    assert mode1_pixel(beeb, 600, 500) == 0 and "         0" in rows


def test_machine_clg_clears_the_graphics(beeb):
    rows = type_and_wait(beeb, "MODE 4\nPLOT 69,400,400:CLG:PRINT POINT(400,400),POINT(-10,0)\n", 1.0)
    assert "         0        -1" in rows


def test_machine_triangle_fill(beeb):
    type_and_wait(beeb, "MODE 4\nMOVE 0,0:MOVE 400,0:PLOT 85,0,400\n", 1.0)
    assert mode4_pixel(beeb, 40, 40) == 1 and mode4_pixel(beeb, 380, 380) == 0


def test_machine_sound_reaches_the_chip(beeb):
    sound = beeb.hardware.sound
    type_and_wait(beeb, "SOUND 1,-15,89,20\n", 0.1)
    assert sound.tone[2] == 284 and sound.attenuation[2] == 0       # 440 Hz, loudest
    beeb.run(1.2)
    assert sound.attenuation[2] == 15


def test_machine_envelope_shapes_a_note(beeb):
    sound = beeb.hardware.sound
    start = beeb.cycles
    # attack +63 a step to 126, then hold (decay to 126); envelope 1 as the amplitude
    type_and_wait(beeb, "ENVELOPE 1,1,0,0,0,0,0,0,63,0,0,-127,126,126:SOUND 2,1,100,20\n", 0.1)
    levels = [n.attenuation for n in beeb.beeps() if n.channel == 1 and n.cycle > start]
    assert levels[:2] == [8, 0]                     # 63 then 126: attenuation 15 - level / 8
    assert sound.attenuation[1] == 0
