"""Our BBC MOS filing system (roms/src/bbc/mos/fs.s) on the host filing card: star commands typed at
the BASIC prompt, and small machine-code programs (assembled here, quick-loaded, run with CALL,
results PEEKed) that call OSFILE, OSFIND, OSBGET, OSBPUT, OSARGS and OSGBPB."""
import pytest

from emulator import Machine
from emulator.asm import assemble
from emulator.media.dfs_disc import DFSDisc, build_ssd
from bbc_support import boot, command, screen

RESULTS = 0x2200
CALLS = """
OSFIND = $FFCE
OSGBPB = $FFD1
OSBPUT = $FFD4
OSBGET = $FFD7
OSARGS = $FFDA
OSFILE = $FFDD
OSBYTE = $FFF4
OSCLI  = $FFF7
"""


def call(m, source, origin=0x2000):
    """Assemble `source`, put it at `origin` and CALL it from BASIC; the results are at &2200."""
    image = assemble(CALLS + f"        .org ${origin:04X}\n" + source, origin=origin).image
    m.memory[origin:origin + len(image)] = image
    m.memory[RESULTS:RESULTS + 0x100] = bytes(0x100)
    m.type(f"CALL &{origin:X}\r")
    m.run_until_typed()
    m.run(0.5)
    return m.memory


def test_star_save_writes_host_file_and_inf_then_load_cat_info(tmp_path):
    m = boot(tmp_path)
    m.memory[0x1900:0x1910] = bytes(range(0x41, 0x51))
    command(m, "*SAVE PROG 1900 +10 1234")
    assert (tmp_path / "PROG").read_bytes() == bytes(range(0x41, 0x51))
    assert (tmp_path / "PROG.inf").read_text().split() == ["$.PROG", "00001900", "00001234", "000010"]
    command(m, "*SAVE D.TWO 1900 1904")                 # start end, in directory D
    assert (tmp_path / "D.TWO").read_bytes() == b"ABCD"
    command(m, "*LOAD PROG 3000")
    assert m.memory[0x3000:0x3010] == bytes(range(0x41, 0x51))
    m.memory[0x1900:0x1910] = bytes(16)
    command(m, '*LOAD "PROG"')                          # at its own address
    assert m.memory[0x1900:0x1910] == bytes(range(0x41, 0x51))
    text = command(m, "*CAT")
    assert "Drive 0" in text and "  PROG" in text and "D.TWO" in text
    text = command(m, "*INFO PROG")
    assert "$.PROG      001900 001234 000010" in text
    text = command(m, "*.")
    assert text.count("Dir. :0.$") == 2


def test_errors_are_dfs_errors(tmp_path):
    m = boot(tmp_path)
    assert "File not found" in command(m, "*LOAD NOPE")
    assert "214" in command(m, "PRINT ERR")
    assert "Bad filename" in command(m, "*SAVE TOOLONGNAME 1900 +1")
    assert "204" in command(m, "PRINT ERR")
    assert "Bad command" in command(m, "*NOSUCH")
    assert "254" in command(m, "PRINT ERR")
    assert "File not found" in command(m, "*DELETE NOPE")
    assert list(tmp_path.iterdir()) == []


def test_delete_and_locked_files(tmp_path):
    (tmp_path / "GONE").write_bytes(b"x")
    (tmp_path / "KEPT").write_bytes(b"y")
    (tmp_path / "KEPT.inf").write_text("$.KEPT 1900 1900 1 L\n")
    m = boot(tmp_path)
    command(m, "*DELETE GONE")
    assert not (tmp_path / "GONE").exists()
    assert "File locked" in command(m, "*DELETE KEPT")
    assert "File locked" in command(m, "*SAVE KEPT 1900 +1")
    assert (tmp_path / "KEPT").read_bytes() == b"y"


def test_run_star_slash_and_unrecognised_commands_run_files(tmp_path):
    code = assemble("""
        .org $2800
        inc $2280
        rts
    """, origin=0x2800).image
    (tmp_path / "BUMP").write_bytes(code)
    (tmp_path / "BUMP.inf").write_text("$.BUMP 00002800 00002800 000004\n")
    m = boot(tmp_path)
    m.memory[0x2280] = 0
    command(m, "*RUN BUMP")
    command(m, "*/BUMP")
    command(m, "*BUMP")
    command(m, "*bump")
    assert m.memory[0x2280] == 4
    assert "Bad command" in command(m, "*BUMPS")


def test_byte_stream_round_trip_openout_bput_openin_bget(tmp_path):
    m = boot(tmp_path)
    mem = call(m, """
        lda #$80
        ldx #<name
        ldy #>name
        jsr OSFIND              ; OPENOUT
        sta $2200
        tay
        ldx #0
@put:   lda data,x
        jsr OSBPUT
        inx
        cpx #5
        bne @put
        lda #0
        ldx #$70
        ldy $2200
        jsr OSARGS              ; PTR#
        lda $70
        sta $2201
        lda #0
        ldy $2200
        jsr OSFIND              ; CLOSE#
        lda #$40
        ldx #<name
        ldy #>name
        jsr OSFIND              ; OPENIN
        sta $2202
        tay
        ldx #0
@get:   jsr OSBGET
        bcs @eof
        sta $2210,x
        inx
        bne @get
@eof:   stx $2203               ; bytes read
        sta $2204               ; A at the end: &FE
        lda #2
        ldx #$70
        ldy $2202
        jsr OSARGS              ; EXT#
        lda $70
        sta $2205
        ldx $2202
        lda #127
        jsr OSBYTE              ; EOF#
        stx $2206
        lda #0
        ldx #$70
        ldy $2202
        jsr OSARGS              ; nothing else: A comes back as it was
        lda #0
        tay
        jsr OSFIND              ; CLOSE#0
        lda #0
        tay
        jsr OSARGS              ; the filing system's number
        sta $2207
        lda #$40
        ldx #<missing
        ldy #>missing
        jsr OSFIND
        sta $2208               ; 0: not found
        rts
name:   .text "BYTES", 13
missing: .text "NONE", 13
data:   .byte 1, 2, 0, 255, 65
    """)
    assert (tmp_path / "BYTES").read_bytes() == bytes([1, 2, 0, 255, 65])
    assert mem[0x2200] == 0x11 and mem[0x2201] == 5 and mem[0x2202] == 0x11
    assert mem[0x2203] == 5 and mem[0x2210:0x2215] == bytes([1, 2, 0, 255, 65])
    assert mem[0x2204] == 0xFE and mem[0x2205] == 5 and mem[0x2206] == 0xFF
    assert mem[0x2207] == 4 and mem[0x2208] == 0
    assert m.hardware.filing_card.open_files == {}


def test_osfile_info_write_info_delete_and_load(tmp_path):
    (tmp_path / "F").write_bytes(b"hello")
    (tmp_path / "F.inf").write_text("$.F FFFF1900 FFFF8023 5\n")
    m = boot(tmp_path)
    mem = call(m, """
        lda #5
        ldx #<block
        ldy #>block
        jsr OSFILE              ; read information
        sta $2200
        ldx #17
@copy:  lda block+1,x
        sta $2201,x
        dex
        bpl @copy
        lda #$00                ; write the load address: &3000
        sta block+2
        lda #$30
        sta block+3
        lda #0
        sta block+4
        sta block+5
        lda #2
        ldx #<block
        ldy #>block
        jsr OSFILE
        lda #$00                ; load at &3100 (exec's low byte 0: the block's address)
        sta block+2
        lda #$31
        sta block+3
        lda #0
        sta block+6
        lda #$FF
        ldx #<block
        ldy #>block
        jsr OSFILE
        lda #$FF                ; load at its own address (now &3000)
        sta block+6
        lda #$FF
        ldx #<block
        ldy #>block
        jsr OSFILE
        lda #6
        ldx #<block
        ldy #>block
        jsr OSFILE              ; delete: A = 1
        sta $2220
        lda #5
        ldx #<block
        ldy #>block
        jsr OSFILE              ; gone: A = 0
        sta $2221
        rts
block:  .word name
        .fill 16, 0
name:   .text "F", 13
    """)
    assert mem[0x2200] == 1
    assert mem[0x2202:0x2212] == (0xFFFF1900).to_bytes(4, "little") + (0xFFFF8023).to_bytes(4, "little") + (5).to_bytes(4, "little") + \
        bytes(4)
    assert mem[0x3100:0x3105] == b"hello" and mem[0x3000:0x3005] == b"hello"
    assert mem[0x2220] == 1 and mem[0x2221] == 0
    assert list(tmp_path.iterdir()) == []


def test_osgbpb_write_read_at_pointer_and_names(tmp_path):
    m = boot(tmp_path)
    m.memory[0x3000:0x3000 + 300] = bytes(i & 0xFF for i in range(300))
    mem = call(m, """
        lda #$80
        ldx #<name
        ldy #>name
        jsr OSFIND
        sta block
        lda #$30
        sta block+2
        lda #$2C
        sta block+5
        lda #$01
        sta block+6
        lda #2                  ; write 300 bytes from &3000 at PTR
        ldx #<block
        ldy #>block
        jsr OSGBPB
        ror $2200               ; C: 0, all written
        lda block+9
        sta $2201               ; PTR after: 300 = &12C
        lda block+10
        sta $2202
        lda #$00                ; read 50 bytes from PTR 100 to &4000
        sta block+1
        lda #$40
        sta block+2
        lda #50
        sta block+5
        lda #0
        sta block+6
        lda #100
        sta block+9
        lda #0
        sta block+10
        lda #3
        ldx #<block
        ldy #>block
        jsr OSGBPB
        ror $2203               ; C: 0
        lda #$00                ; read 100 more at PTR 250: only 50 are there
        sta block+1
        lda #$41
        sta block+2
        lda #100
        sta block+5
        lda #250
        sta block+9
        lda #3
        ldx #<block
        ldy #>block
        jsr OSGBPB
        ror $2204               ; C: 1, not all read
        lda block+5
        sta $2205               ; 50 left
        lda block+9
        sta $2206               ; PTR 300 = &12C
        lda #0
        tay
        jsr OSFIND
        lda #$00                ; names: 3 from the start into &4200
        sta block+1
        lda #$42
        sta block+2
        lda #3
        sta block+5
        lda #0
        sta block+9
        lda #8
        ldx #<block
        ldy #>block
        jsr OSGBPB
        rts
block:  .fill 13, 0
name:   .text "BIG", 13
    """)
    assert (tmp_path / "BIG").read_bytes() == bytes(i & 0xFF for i in range(300))
    assert mem[0x2200] & 0x80 == 0 and mem[0x2201] == 0x2C and mem[0x2202] == 1
    assert mem[0x2203] & 0x80 == 0 and mem[0x4000:0x4032] == bytes(range(100, 150))
    assert mem[0x2204] & 0x80 and mem[0x2205] == 50 and mem[0x2206] == 0x2C
    assert mem[0x4100:0x4132] == bytes(i & 0xFF for i in range(250, 300))
    assert mem[0x4200:0x4204] == b"\3BIG"


def test_disc_images_are_drives_1_to_3_read_only(tmp_path):
    files = tmp_path / "files"
    files.mkdir()
    image = build_ssd([("$", "GAME", 0x1900, 0x1900, b"game data"), ("X", "DATA", 0x2000, 0x2000, b"dd")],
                      title="MYDISC")
    m = boot(files, discs={1: DFSDisc(image, 1)})
    text = command(m, "*CAT 1")
    assert "MYDISC" in text and "GAME" in text and "X.DATA" in text
    command(m, "*LOAD :1.GAME 3000")
    assert m.memory[0x3000:0x3009] == b"game data"
    command(m, "*DRIVE 1")
    command(m, "*LOAD X.DATA 3100")
    assert m.memory[0x3100:0x3102] == b"dd"
    assert "Disc read only" in command(m, "*SAVE NEW 3000 +2")
    assert "201" in command(m, "PRINT ERR")
    assert "Bad drive" in command(m, "*DRIVE 2")
    command(m, "*DRIVE 0")
    command(m, "*SAVE NEW 3000 +2")
    assert (files / "NEW").read_bytes() == b"ga"


def test_without_a_card_the_calls_say_no_filing_system(tmp_path):
    m = Machine("bbc")
    m.run_until_text(">", max_seconds=5)
    call(m, """
        lda #5
        ldx #<block
        ldy #>block
        jsr OSFILE
        rts
block:  .word name
        .fill 16, 0
name:   .text "F", 13
    """)
    assert "No filing system" in screen(m)
    assert "Bad command" in command(m, "*CAT")


def test_machine_close_files_writes_open_files(tmp_path):
    m = boot(tmp_path)
    call(m, """
        lda #$80
        ldx #<name
        ldy #>name
        jsr OSFIND
        tay
        lda #'Z'
        jsr OSBPUT
        rts
name:   .text "LEFT", 13
    """)
    assert (tmp_path / "LEFT").read_bytes() == b""         # created at OPEN, written at CLOSE
    m.close_files()
    assert (tmp_path / "LEFT").read_bytes() == b"Z"


# --- the command line ----------------------------------------------------------------------------

def test_run_files_option_serves_the_directory(tmp_path, capsys):
    from emulator.cli import main

    status = main(["run", "--machine", "bbc", "--headless", "--files", str(tmp_path),
                   "--type", "*SAVE SAVED 8000 +4\\r*CAT\\r", "--until", "Dir. :0.$", "--max-seconds", "20"])
    assert status == 0
    from emulator.firmware import rom_set

    roms = rom_set("bbc")
    basic = roms.get("basic", roms.get("basic.rom"))
    assert (tmp_path / "SAVED").read_bytes() == bytes(basic[:4])        # BASIC's first bytes at &8000
    assert (tmp_path / "SAVED.inf").read_text().startswith("$.SAVED 00008000 00008000 000004")


@pytest.mark.parametrize("args, message", [
    (["--disc1", "{bad}"], "bad.ssd: not a usable disc image: 100 bytes is too short"),      # the 8271's
    (["--disc2", "{missing}"], "missing.ssd: cannot read the disc image"),
    (["--files", "{missing}"], "missing.ssd: cannot read the directory to serve: no such file"),
    (["--roms", "{no_dfs}", "--disc1", "{bad}"], "bad.ssd: not a usable DFS disc image: 100 bytes"),  # the card's
    (["--roms", "{no_dfs}", "--no-files", "--disc1", "{bad}"], "need the host filing card"),
    (["--machine", "atom", "--disc1", "{bad}"], "our own Atom kernel does not read Atom DOS discs"),
])
def test_run_bad_files_and_discs_are_one_line_errors(tmp_path, capsys, args, message):
    from emulator.cli import main

    bad = tmp_path / "bad.ssd"
    bad.write_bytes(bytes(100))
    no_dfs = tmp_path / "roms"                  # a ROM set with no DFS: --disc1-3 are the card's
    no_dfs.mkdir()
    for name in ("mos", "basic"):
        (no_dfs / f"{name}.rom").write_bytes(bytes(16384))
    names = {"bad": str(bad), "missing": str(tmp_path / "missing.ssd"), "no_dfs": str(no_dfs)}
    machine = [] if "--machine" in args else ["--machine", "bbc"]
    status = main(["run", *machine, "--headless", *[a.format(**names) for a in args],
                   "--max-seconds", "0.1"])
    err = capsys.readouterr().err
    assert status == 2
    assert message in err and err.count("\n") == 1
    assert bad.read_bytes() == bytes(100)


def test_access_locks_and_unlocks_through_the_inf(tmp_path):
    (tmp_path / "F").write_bytes(b"data")
    (tmp_path / "F.inf").write_text("$.F 00001900 00001900 000004\n")
    m = boot(tmp_path)
    command(m, "*ACCESS F L")
    assert (tmp_path / "F.inf").read_text().split()[-1] == "L"
    assert "File locked" in command(m, "*DELETE F")
    assert "$.F       L 001900" in command(m, "*INFO F")
    command(m, "*ACCESS F")
    assert (tmp_path / "F.inf").read_text().split() == ["$.F", "00001900", "00001900", "000004"]
    command(m, "*DELETE F")
    assert not (tmp_path / "F").exists()
    assert "File not found" in command(m, "*ACCESS NOPE L")
    assert "214" in command(m, "PRINT ERR")


def test_rename_moves_the_file_and_its_inf(tmp_path):
    (tmp_path / "OLD").write_bytes(b"old")
    (tmp_path / "OLD.inf").write_text("$.OLD 00001900 00008023 000003\n")
    (tmp_path / "OTHER").write_bytes(b"other")
    m = boot(tmp_path)
    command(m, "*RENAME OLD B.NEW")
    assert (tmp_path / "B.NEW").read_bytes() == b"old" and not (tmp_path / "OLD").exists()
    assert (tmp_path / "B.NEW.inf").read_text().split()[:3] == ["B.NEW", "00001900", "00008023"]
    assert not (tmp_path / "OLD.inf").exists()
    assert "Exists" in command(m, "*RENAME OTHER B.NEW")
    assert "196" in command(m, "PRINT ERR")
    assert "File not found" in command(m, "*RENAME NOPE X")
    command(m, "*ACCESS B.NEW L")
    assert "File locked" in command(m, "*RENAME B.NEW X")
    assert (tmp_path / "OTHER").read_bytes() == b"other" and (tmp_path / "B.NEW").read_bytes() == b"old"


def test_dir_lib_and_osgbpb_5_6_7(tmp_path):
    m = boot(tmp_path)
    m.memory[0x1900:0x1904] = b"WXYZ"
    command(m, "*DIR W")
    command(m, "*SAVE F 1900 +4")                   # no directory given: the current one
    assert (tmp_path / "W.F").read_bytes() == b"WXYZ"
    command(m, "*LIB :0.L")
    assert "Dir. :0.W       Lib. :0.L" in command(m, "*CAT")
    assert "Bad dir" in command(m, "*DIR **")
    mem = call(m, """
        ldx #0
@next:  txa
        pha
        clc
        adc #5                  ; OSGBPB 5, 6, 7, each into &2300 + &20 * (A - 5)
        pha
        txa
        asl a
        asl a
        asl a
        asl a
        asl a
        sta block+1
        lda #$23
        sta block+2
        pla
        ldx #<block
        ldy #>block
        jsr OSGBPB
        pla
        tax
        inx
        cpx #3
        bne @next
        rts
block:  .fill 13, 0
    """)
    title = tmp_path.name[:12].encode()
    assert mem[0x2300:0x2303 + len(title)] == bytes([len(title)]) + title + b"\0\0"
    assert mem[0x2320:0x2324] == b"\x010\x01W"
    assert mem[0x2340:0x2344] == b"\x010\x01L"
    command(m, "*DIR")
    assert "Dir. :0.$" in command(m, "*CAT")
    code = assemble("""
        .org $2800
        inc $2280
        rts
    """, origin=0x2800).image
    (tmp_path / "L.BUMP").write_bytes(code)
    (tmp_path / "L.BUMP.inf").write_text("L.BUMP 00002800 00002800 000004\n")
    m.memory[0x2280] = 0
    command(m, "*BUMP")                              # not in $: found in the library, as DFS
    command(m, "*RUN BUMP")
    assert m.memory[0x2280] == 2
    assert "File not found" in command(m, "*LOAD BUMP")


def test_run_of_a_file_with_no_exec_address_is_wont(tmp_path):
    (tmp_path / "RAW").write_bytes(b"\x11\x22\x33\x44")     # no .inf: exec &FFFFFFFF, load 0
    m = boot(tmp_path)
    before = bytes(m.memory[0:4])
    assert "Won't" in command(m, "*RUN RAW")
    assert "147" in command(m, "PRINT ERR")
    assert "Won't" in command(m, "*RAW")
    assert bytes(m.memory[0:4]) == before != b"\x11\x22\x33\x44"


def test_debug_files_writes_the_files_left_open_when_it_quits(tmp_path, capsys):
    from emulator.cli import main

    files = tmp_path / "files"
    files.mkdir()
    script = tmp_path / "script.txt"
    script.write_text('run 1000000 cycles\n'
                      'type X%=OPENOUT"OUT"\\rBPUT#X%,65\\r\n'
                      'run 6000000 cycles\n'
                      'quit\n')
    status = main(["debug", "--machine", "bbc", "--files", str(files), "--script", str(script)])
    assert status == 0, capsys.readouterr()
    assert (files / "OUT").read_bytes() == b"A"           # left open by the program, written at the end
