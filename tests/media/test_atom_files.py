"""Files on the Atom: our kernel's filing system through the host filing card (docs/hostfs.md) and
Atom BASIC's SAVE and LOAD, driven through the keyboard as a person would, the host files checked."""
import os

import pytest

from emulator import Machine
from emulator.asm import assemble
from emulator import atomic
from emulator.media import hostfs
from atom_firmware_support import rows, type_and_wait, wait_for_prompt

TEXT = 0x2900                   # the start of BASIC's text (?18 = #29)
PROGRAM = ['10 REM FILES', '20 FOR I=1 TO 3', '30 PRINT "LINE "I\'', '40 NEXT I', '50 END']


def listed(lines):
    """The lines as LIST shows them: each number in five columns."""
    return ["%5s %s" % tuple(line.split(" ", 1)) for line in lines]


def boot(directory):
    m = Machine("atom", files=str(directory))
    m.run_until_text(">", max_seconds=2)
    return m


def command(m, text):
    """Type one line, wait for the prompt; the screen rows from the line typed up to the prompt
    (which ends the last row: PRINT gives no new line of its own)."""
    type_and_wait(m, text + "\n", 0.05)
    wait_for_prompt(m)
    screen = [r for r in rows(m) if r]
    start = max(i for i, r in enumerate(screen) if r.endswith(">" + text))
    out = screen[start + 1:]
    out[-1] = out[-1][:-1]
    return out if out[-1] else out[:-1]


def clear(m):
    type_and_wait(m, "PRINT $12\n", 0.05)


def top(m):
    return m.memory.word(0x0D)


def inf(directory, name):
    return (directory / (name + ".inf")).read_text().split()


def host_files(directory):
    return {n: (directory / n).read_bytes() for n in sorted(os.listdir(directory))}


def poke(m, code):
    m.memory[code.origin:code.origin + len(code.image)] = code.image


# --- BASIC: SAVE, NEW, LOAD, RUN ---------------------------------------------------------------

def test_basic_save_new_load_list_and_run(tmp_path):
    m = boot(tmp_path)
    for line in PROGRAM:
        type_and_wait(m, line + "\n", 0.02)
    end = top(m)
    program = m.memory[TEXT:end]
    assert program[-1] == 0xFF                  # the end mark is saved: the text start up to TOP
    command(m, 'SAVE "PROG"')
    assert (tmp_path / "PROG").read_bytes() == program
    assert inf(tmp_path, "PROG") == ["PROG", "00002900", "0000C2B2", "%06X" % len(program)]   # run as Acorn's records

    command(m, "NEW")
    assert command(m, "LIST") == []
    assert command(m, 'LOAD "PROG"') == []
    assert top(m) == end and m.memory.word(0x23) == end     # TOP and the DIM pointer as typed in
    assert command(m, "LIST") == listed(PROGRAM)
    clear(m)
    assert command(m, "RUN") == ["LINE        1", "LINE        2", "LINE        3"]


def test_basic_load_replaces_a_longer_program_and_save_in_a_program_line(tmp_path):
    m = boot(tmp_path)
    type_and_wait(m, '10 PRINT "SHORT"\n', 0.02)
    command(m, 'SAVE "S"')
    for n in range(20, 200, 10):
        type_and_wait(m, '%d REM A LONGER PROGRAM\n' % n, 0.02)
    command(m, 'LOAD "S"')
    assert command(m, "LIST") == listed(['10 PRINT "SHORT"'])
    type_and_wait(m, '20 SAVE "T";PRINT "SAVED"\n', 0.02)
    clear(m)
    assert command(m, "RUN") == ["SHORTSAVED", "ERROR 94 LINE      20"]
    assert (tmp_path / "T").read_bytes() == m.memory[TEXT:top(m)]


# --- star commands with machine code -------------------------------------------------------------

ROUTINE = """
        .org $3000
        ldx #0
loop:   lda message,x
        beq done
        jsr $FFF4               ; OSWRCH
        inx
        bne loop
done:   rts
message: .text "RAN OK", 13, 10, 0
"""


def test_star_save_load_cat_and_run_machine_code(tmp_path):
    m = boot(tmp_path)
    code = assemble(ROUTINE)
    poke(m, code)
    end = code.origin + len(code.image)
    command(m, '*SAVE "MC" 3000 %04X' % end)
    assert (tmp_path / "MC").read_bytes() == bytes(code.image)
    assert inf(tmp_path, "MC") == ["MC", "00003000", "00003000", "%06X" % len(code.image)]
    command(m, '*SAVE "MC2" 3000 %04X 3004' % end)
    assert inf(tmp_path, "MC2")[1:3] == ["00003000", "00003004"]

    m.memory[0x3000:end] = bytes(end - 0x3000)
    command(m, '*LOAD "MC"')
    assert m.memory[0x3000:end] == bytes(code.image)
    command(m, "*LOAD MC 3400")                 # the name unquoted; another address
    assert m.memory[0x3400:0x3400 + len(code.image)] == bytes(code.image)

    clear(m)
    cat = command(m, "*CAT")
    assert any("MC" in r.split() for r in cat) and any("MC2" in r.split() for r in cat)
    m.memory[0x3000:end] = bytes(end - 0x3000)
    assert command(m, '*RUN "MC"') == ["RAN OK"]

    command(m, '*SAVE "EMPTY" 3000 2000')         # an end below the start: no bytes
    assert (tmp_path / "EMPTY").read_bytes() == b""
    command(m, '*DELETE "EMPTY"')
    command(m, '*DELETE "MC2"')
    assert sorted(os.listdir(tmp_path)) == ["MC", "MC.inf"]


# --- the documented calls from a machine-code program ---------------------------------------------

STREAMS = """
        .org $3000
OSSHUT = $FFCB
OSFIND = $FFCE
OSBPUT = $FFD1
OSBGET = $FFD4
OSSTAR = $FFD7
OSRDAR = $FFDA
        lda #<name
        sta $80
        lda #>name
        sta $81
        ldx #$80
        clc                     ; C clear: open for output
        jsr OSFIND
        sta $90
        tay
        ldx #0
write:  lda data,x
        jsr OSBPUT              ; keeps A, X and Y
        inx
        cpx #5
        bne write
        ldx #$84
        lda #0                  ; PTR
        jsr OSRDAR
        ldy $90
        jsr OSSHUT
        ldx #$80
        sec                     ; C set: open for input
        jsr OSFIND
        sta $91
        tay
        ldx #$88
        lda #1                  ; EXT
        jsr OSRDAR
        ldx #0
read:   jsr OSBGET
        bcs eof
        sta $3200,x
        inx
        bne read
eof:    stx $92
        lda #2
        sta $8C
        lda #0
        sta $8D
        sta $8E
        sta $8F
        ldx #$8C
        lda #0                  ; PTR = 2
        jsr OSSTAR
        jsr OSBGET
        sta $93
        ldy #0                  ; close every file
        jsr OSSHUT
        lda #<missing
        sta $80
        lda #>missing
        sta $81
        ldx #$80
        sec
        jsr OSFIND
        sta $94
        rts
name:    .text "DATA", 13
missing: .text "NOFILE", 13
data:    .byte 1, 2, 13, 0, 255
"""


def test_osfind_osbput_osshut_osbget_round_trip(tmp_path):
    m = boot(tmp_path)
    poke(m, assemble(STREAMS))
    m.memory[0x90:0x95] = bytes([0xAA] * 5)
    command(m, "LINK #3000")
    assert m.memory[0x90] != 0 and m.memory[0x91] != 0      # handles
    assert (tmp_path / "DATA").read_bytes() == bytes([1, 2, 13, 0, 255])
    assert m.memory[0x84:0x88] == bytes([5, 0, 0, 0])        # PTR after five OSBPUTs
    assert m.memory[0x88:0x8C] == bytes([5, 0, 0, 0])        # EXT of the file read back
    assert m.memory[0x92] == 5                               # five bytes, then C set at the end
    assert m.memory[0x3200:0x3205] == bytes([1, 2, 13, 0, 255])
    assert m.memory[0x93] == 13                              # the byte at PTR 2
    assert m.memory[0x94] == 0                               # a missing file: handle 0


# --- errors leave the host files as they were -----------------------------------------------------

def saved_program(tmp_path):
    m = boot(tmp_path)
    type_and_wait(m, '10 PRINT "KEEP"\n', 0.02)
    command(m, 'SAVE "OLD"')
    return m, host_files(tmp_path)


def test_load_of_a_missing_file_is_file_not_found(tmp_path):
    m, before = saved_program(tmp_path)
    assert command(m, 'LOAD "NOPE"') == ["File not found", "ERROR 214"]
    assert command(m, '*LOAD "NOPE"') == ["File not found", "ERROR 214"]
    assert command(m, '*RUN "NOPE"') == ["File not found", "ERROR 214"]
    assert command(m, '*DELETE "NOPE"') == ["File not found", "ERROR 214"]
    assert command(m, "LIST") == listed(['10 PRINT "KEEP"'])   # the program is still there
    assert command(m, 'PRINT "AB";LOAD "NOPE"') == ["AB", "File not found", "ERROR 214"]
    assert host_files(tmp_path) == before


def test_bad_names_are_refused_and_nothing_is_written(tmp_path):
    m, before = saved_program(tmp_path)
    assert command(m, 'SAVE "A*B"') == ["Bad filename", "ERROR 204"]
    assert command(m, 'SAVE "FOURTEENCHARSX"') == ["Bad filename", "ERROR 204"]
    assert command(m, 'SAVE ""') == ["Bad filename", "ERROR 204"]
    assert host_files(tmp_path) == before


def test_error_in_a_program_gives_its_line(tmp_path):
    m, before = saved_program(tmp_path)
    type_and_wait(m, '20 LOAD "NOPE"\n', 0.02)
    clear(m)
    assert command(m, "RUN") == ["KEEP", "File not found", "ERROR 214 LINE      20"]


def test_read_only_and_full_directories_keep_the_old_file(tmp_path, monkeypatch):
    m, before = saved_program(tmp_path)

    def refused(*args, **kw):           # what a read-only directory does (also for root)
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(atomic.tempfile, "mkstemp", refused)
    assert command(m, 'SAVE "OLD"') == ["Disc read only", "ERROR 201"]
    assert command(m, 'SAVE "NEW"') == ["Disc read only", "ERROR 201"]
    monkeypatch.undo()
    assert host_files(tmp_path) == before

    def full(fd, mode):                 # a disc with no room: writing the file fails
        os.close(fd)
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(hostfs.os, "fdopen", full)
    assert command(m, '*SAVE "OLD" 2900 2A00') == ["Disc full", "ERROR 198"]
    monkeypatch.undo()
    assert host_files(tmp_path) == before


def test_locked_file_is_neither_saved_over_nor_deleted(tmp_path):
    (tmp_path / "LOCKED").write_bytes(b"keep")
    (tmp_path / "LOCKED.inf").write_text("LOCKED 00002900 00002900 000004 L\n")
    m = boot(tmp_path)
    before = host_files(tmp_path)
    assert command(m, 'SAVE "LOCKED"') == ["File locked", "ERROR 195"]
    assert command(m, '*DELETE "LOCKED"') == ["File locked", "ERROR 195"]
    assert host_files(tmp_path) == before


def test_star_save_without_its_addresses_is_a_command_error(tmp_path):
    m, before = saved_program(tmp_path)
    assert command(m, '*SAVE "X"') == ["COM?", "ERROR 48"]
    assert command(m, '*SAVE "X" 2900') == ["COM?", "ERROR 48"]
    assert command(m, "*FROB") == ["COM?", "ERROR 48"]
    assert host_files(tmp_path) == before


# --- no card: as before --------------------------------------------------------------------------

def test_without_the_card_the_cassette_serves_load_save_and_cat_and_the_rest_is_com():
    """No card: LOAD, SAVE, *CAT, *LOAD, *SAVE and *RUN go to the cassette (tests/media/test_tape_atom.py);
    *DELETE and *INFO are COM? and error 48, as on Acorn's kernel; the sequential file calls are the
    cassette's too, SHUT does nothing and PTR and EXT are error 174."""
    m = Machine("atom")
    m.run_until_text(">", max_seconds=2)
    assert command(m, "*DELETE X") == ["COM?", "ERROR 48"]
    assert command(m, "*INFO X") == ["COM?", "ERROR 48"]
    assert m.memory[m.memory.word(0x21A)] == 0x60       # SHTV: an RTS
    assert command(m, "PRINT EXT 13") == ["ERROR 174"]  # RDRV, STRV: error 174, as Acorn's
    assert command(m, "PTR 13=5") == ["ERROR 174"]
    # LODV, SAVV, BGTV, BPTV, FNDV: the tape's, at Acorn's addresses
    assert [m.memory.word(v) for v in (0x20C, 0x20E, 0x214, 0x216, 0x218)] == [
        0xF96E, 0xFAE5, 0xFBEE, 0xFC7C, 0xFC38]
    m.type("*CAT\r")
    m.run_until_text("PLAY TAPE", max_seconds=2)


# --- BASIC's file statements and functions ---------------------------------------------------------

STREAM_PROGRAM = [
    '10 A=FOUT"NUMS"',
    '20 FOR I=1 TO 5;BPUT A,I*10;NEXT I',
    '30 PUT A,123456789',
    '40 SPUT A,"HELLO"',
    '50 SHUT A',
    '60 B=FIN"NUMS"',
    '70 PRINT EXT B',
    '80 FOR I=1 TO 5;PRINT BGET B;NEXT I',
    '90 PRINT GET B',
    '100 DIM S 20;SGET B,S;PRINT $S',
    '110 PRINT PTR B;PTR B=2;PRINT BGET B,PTR B',
    '120 SHUT B',
    '130 PRINT FIN"NONE"',
]


def test_basic_file_statements_and_functions(tmp_path):
    m = boot(tmp_path)
    for line in STREAM_PROGRAM:
        type_and_wait(m, line + "\n", 0.02)
    clear(m)
    out = command(m, "RUN")
    assert (tmp_path / "NUMS").read_bytes() == bytes([10, 20, 30, 40, 50]) + \
        (123456789).to_bytes(4, "little") + b"HELLO\r"
    # (PRINT gives no new line of its own: the output runs on over the 32 columns, as Acorn's)
    assert out == ["      15      10      20      30", "      40      50123456789HELLO",
                   "    15      30       3       0", "ERROR 94 LINE     130"]


def test_run_of_a_file_with_no_execution_address_is_an_error_and_loads_nothing(tmp_path):
    (tmp_path / "RAW").write_bytes(b"\x11\x22\x33\x44")     # no .inf: load #0000, exec #FFFF
    m = boot(tmp_path)
    assert command(m, '*RUN "RAW"') == ["ERROR 147"]
    assert bytes(m.memory[1:4]) != b"\x22\x33\x44"            # not loaded (?0 holds the error)
    assert command(m, "PRINT 2+2") == ["       4"]            # still alive


def test_star_info_lists_matching_files(tmp_path):
    (tmp_path / "GAME").write_bytes(b"abc")
    (tmp_path / "GAME.inf").write_text("GAME 00002900 0000C2B2 000003\n")
    (tmp_path / "GAME2").write_bytes(b"x")
    m = boot(tmp_path)
    assert command(m, '*INFO "GAME"') == ["GAME        002900 00C2B2 000003"]
    assert len(command(m, "*INFO GAME*")) == 2
    assert command(m, '*INFO "NOPE"') == ["File not found", "ERROR 214"]
