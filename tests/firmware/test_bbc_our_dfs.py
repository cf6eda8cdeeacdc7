"""Our own disc filing system (roms/src/bbc/dfs) on the emulated 8271, under our MOS and BASIC: the
calls and commands tests/media/test_bbc_discs.py does not cover (there each test also runs under Acorn's
ROMs).  Discs are built here from their own bytes; what the DFS writes is read back on the host with
the project's own .ssd reader."""
import shutil

import pytest

from emulator import Machine
from emulator.basic.bbc_tokeniser import tokenise_program
from emulator.media.dfs_disc import DFSDisc, build_ssd
from disc_support import enter, screen

TEXT = b"LINE ONE\rLINE TWO\r"


def disc(path, files=(("$", "TEXT", 0, 0, TEXT),), **options):
    path.write_bytes(build_ssd(list(files), title="OURS", **options))
    return path


def machine(path, writable=True, files=None):
    m = Machine("bbc", drives={0: str(path)}, writable=writable, files=files)
    m.run_until_text("BASIC", max_seconds=3)
    m.run(0.3)
    return m


def test_byte_streams_write_and_read_back(tmp_path):
    path = disc(tmp_path / "d.ssd")
    m = machine(path)
    enter(m, 'C=OPENOUT "DATA":FOR I=1 TO 300:BPUT#C,I MOD 256:NEXT:PRINT PTR#C;" ";EXT#C:CLOSE#C',
          "300 300", max_seconds=30)
    enter(m, 'C=OPENIN "DATA":S=0:REPEAT S=S+BGET#C:UNTIL EOF#C:PRINT S;" ";EXT#C:CLOSE#C',
          f"{sum(i % 256 for i in range(1, 301))} 300", max_seconds=30)
    enter(m, 'C=OPENIN "DATA":PTR#C=255:PRINT BGET#C;" ";BGET#C:CLOSE#C', "0 1")   # the 256th and 257th
    enter(m, 'PRINT OPENIN "NONE"', "0")
    m.close_files()
    written = DFSDisc.load(path)
    data = {f.name: f for f in written.files}["DATA"]
    assert written.read(data.start, data.length) == bytes(i % 256 for i in range(1, 301))


def test_openup_writes_in_place(tmp_path):
    path = disc(tmp_path / "d.ssd")
    m = machine(path)
    enter(m, 'C=OPENUP "TEXT":PTR#C=5:BPUT#C,ASC"1":CLOSE#C')
    m.close_files()
    written = DFSDisc.load(path)
    entry = {f.name: f for f in written.files}["TEXT"]
    assert written.read(entry.start, entry.length) == TEXT.replace(b"ONE", b"1NE", 1)


def test_exec_and_spool_on_the_disc(tmp_path):
    path = disc(tmp_path / "d.ssd", files=(("$", "CMDS", 0, 0, b"PRINT 6*7\r"),))
    m = machine(path)
    enter(m, "*EXEC CMDS", "42")
    enter(m, "*SPOOL OUT")
    enter(m, 'PRINT "TO THE DISC"')
    enter(m, "*SPOOL")
    m.close_files()
    written = DFSDisc.load(path)
    out = {f.name: f for f in written.files}["OUT"]
    assert b"TO THE DISC" in written.read(out.start, out.length)


def test_info_access_delete_rename_title_drive(tmp_path):
    path = disc(tmp_path / "d.ssd", files=(("$", "ONE", 0x1900, 0x8023, b"1" * 300),
                                           ("B", "TWO", 0x2000, 0x2000, b"2" * 10)))
    m = machine(path)
    enter(m, "*INFO *.*", "B.TWO")
    assert f"$.{'ONE':7}     001900 008023 00012C 002" in screen(m)   # DFS's layout
    assert f"B.{'TWO':7}     002000 002000 00000A 004" in screen(m)
    enter(m, "*ACCESS ONE L")
    enter(m, "*DELETE ONE", "Locked")
    enter(m, "*INFO ONE", f"$.{'ONE':7}  L  001900")
    enter(m, "*ACCESS ONE")
    enter(m, "*RENAME ONE B.THREE")
    enter(m, "*RENAME B.THREE B.TWO", "Exists")
    enter(m, "*DELETE B.TWO")
    enter(m, '*TITLE "NEW NAME"')
    enter(m, "*DRIVE 1")
    enter(m, "*DRIVE 4", "Bad drive")
    enter(m, "*DRIVE 0")
    enter(m, "*CAT", "Option 0 (off)")
    assert "NEW NAME" in screen(m) and "B.THREE" in screen(m)
    m.close_files()
    written = DFSDisc.load(path)
    assert [(f.directory, f.name) for f in written.files] == [("B", "THREE")]
    assert written.title == "NEW NAME"


def test_load_puts_nothing_after_the_file(tmp_path):
    # the last part-sector goes through a buffer: the byte after the file is untouched
    path = disc(tmp_path / "d.ssd", files=(("$", "BYTES", 0x3000, 0x3000, bytes(range(256)) * 2 + b"end"),))
    m = machine(path, writable=False)
    m.memory[0x3203] = 0x99
    enter(m, "*LOAD BYTES")
    assert bytes(m.memory[0x3000:0x3203]) == bytes(range(256)) * 2 + b"end"
    assert m.memory[0x3203] == 0x99


def test_disc_tape_and_the_host_card(tmp_path):
    # The discs are the filing system from BREAK; *TAPE gives the host filing card back, *DISC (or
    # *DISK) the discs again.
    host = tmp_path / "host"
    host.mkdir()
    (host / "HOSTF").write_bytes(b"")
    path = disc(tmp_path / "d.ssd")
    m = machine(path, files=str(host))
    enter(m, "*CAT", "TEXT")
    enter(m, "*TAPE")
    enter(m, "*CAT", "HOSTF")
    enter(m, "*DISK")
    enter(m, "*INFO TEXT", "$.TEXT")
    enter(m, "*TAPE")
    enter(m, "*DISC")
    enter(m, "*INFO TEXT", "$.TEXT")


@pytest.mark.parametrize("option,expect", [(1, None), (2, "RAN"), (3, "EXECED")])
def test_shift_break_boots_by_the_option(tmp_path, option, expect):
    # LDA #'R' / JSR OSWRCH / LDA #'A' ... / RTS, loaded and run at &2000 for *RUN; *LOAD puts it there
    code = bytes([0xA2, 0x00, 0xBD, 0x0E, 0x20, 0xF0, 0x06, 0x20, 0xEE, 0xFF, 0xE8, 0xD0, 0xF5, 0x60]) + b"RAN\0"
    boot = code if option != 3 else b'PRINT "EXEC"+"ED"\r'
    path = disc(tmp_path / "d.ssd", files=(("$", "!BOOT", 0x2000, 0x2000, boot),), boot_option=option)
    m = machine(path, writable=False)
    m.memory[0x2000:0x2000 + len(code)] = bytes(len(code))
    m.hardware.break_key(modifiers=("SHIFT",), lead_ms=300)
    m.run_until_typed()
    if expect:
        m.run_until_text(expect, max_seconds=10)
    else:
        m.run(3)
        assert bytes(m.memory[0x2000:0x2000 + len(code)]) == code          # *LOAD: there, not run
        assert "RAN" not in screen(m)


def test_save_fills_the_disc_then_says_so(tmp_path):
    path = disc(tmp_path / "d.ssd", files=(), sectors=40)
    m = machine(path)
    enter(m, "*SAVE BIG 3000 +1E00", None, max_seconds=20)           # 30 sectors from sector 2
    enter(m, "*SAVE MORE 3000 +900", "Disk full", max_seconds=20)    # 9 more do not fit (Acorn's spelling)
    enter(m, "*SAVE LAST 3000 +800", None, max_seconds=20)           # 8 do
    m.close_files()
    assert sorted(f.name for f in DFSDisc.load(path).files) == ["BIG", "LAST"]


def test_acorns_dfs_runs_on_our_mos(acorn_bbc_roms, tmp_path):
    # Our MOS's extended vectors and *CAT (FSCV 5) let Acorn's DFS 1.20 work under it, with BASIC II.
    from emulator.firmware import rom_set

    roms = {"mos": rom_set("bbc")["mos"], "dfs": (acorn_bbc_roms / "dfs.rom").read_bytes(),
            "basic": (acorn_bbc_roms / "basic.rom").read_bytes()}
    path = tmp_path / "d.ssd"
    shutil.copyfile(disc(tmp_path / "src.ssd", files=(("$", "CMDS", 0, 0, b"PRINT 6*7\r"),)), path)
    m = Machine("bbc", roms=roms, drives={0: str(path)})
    m.run_until_text("Acorn DFS", max_seconds=3)
    m.run(0.5)
    enter(m, "*CAT", "CMDS")
    enter(m, "*INFO CMDS", "$.CMDS")
    enter(m, "*EXEC CMDS", "42")


def test_our_dfs_runs_on_mos_1_20(acorn_bbc_roms, tmp_path):
    # Our DFS uses only the MOS's documented calls and extended vectors: it works under Acorn's MOS
    # 1.20 and BASIC II too (it claims service 3, or MOS 1.20 gives the tape system the vectors).
    from emulator.firmware import rom_set

    roms = {"mos": (acorn_bbc_roms / "mos.rom").read_bytes(), "dfs": rom_set("bbc")["dfs"],
            "basic": (acorn_bbc_roms / "basic.rom").read_bytes()}
    program = tokenise_program('10 PRINT "CHAINED ";6*7\n')
    path = disc(tmp_path / "d.ssd", files=(("$", "PROG", 0x1900, 0x8023, program),))
    m = Machine("bbc", roms=roms, drives={0: str(path)}, writable=True)
    m.run_until_text("BASIC", max_seconds=3)
    m.run(0.3)
    enter(m, "*CAT", "PROG")
    enter(m, 'CHAIN "PROG"', "CHAINED 42")
    enter(m, 'SAVE "COPY"')
    m.close_files()
    written = DFSDisc.load(path)
    assert {f.name for f in written.files} == {"PROG", "COPY"}


def test_osword_7f_reads_and_writes_sectors_and_7e_7d_size_the_disc(tmp_path):
    # OSWORD &7F (an 8271 command from a program, as game loaders use it): read track 0 sector 2
    # (&53: read data, 3 parameters, one 256-byte record), then write it back as sector 9.
    path = disc(tmp_path / "d.ssd", files=(("$", "DATA", 0, 0, bytes(range(256))),), sectors=400)
    m = machine(path)
    enter(m, "DIM B% 20:?B%=0:B%!1=&3000:B%?5=3:B%?6=&53:B%?7=0:B%?8=2:B%?9=&21:A%=&7F:X%=B%:"
             "Y%=B% DIV 256:CALL &FFF1:PRINT \"R\";B%?10")
    assert "R0" in screen(m)
    assert bytes(m.memory[0x3000:0x3100]) == bytes(range(256))
    enter(m, "B%?6=&4B:B%?8=9:CALL &FFF1:PRINT \"W\";B%?10")
    assert "W0" in screen(m)
    enter(m, "A%=&7E:CALL &FFF1:PRINT ~!B%")
    assert "19000" in screen(m)                                  # 400 sectors of 256 bytes
    m.close_files()
    assert path.read_bytes()[9 * 256:10 * 256] == bytes(range(256))


@pytest.mark.parametrize("command", [
    "*CAT", "*INFO *.*", "*INFO $.MID", "*INFO #.*", "*DRIVE 1", "*DRIVE 7", "*CAT 9", "*DELETE MID",
    "*DELETE NONE", "*INFO NONE", "*ACCESS NONE", "*RUN NONE", "*NONE", "LOAD \"NONE\"",
    "CHAIN \"NONE\"", "*LOAD NONE", "*RENAME MID X", "*RENAME ZED MID", "SAVE \"MID\"",
    "*INFO AVERYLONGNAME", "C=OPENOUT \"MID\"", "*DIR X.Y", "*EXEC NONE", "PRINT OPENIN \"NONE\""])
def test_our_screens_are_acorns(acorn_bbc_roms, tmp_path, command):
    # The same disc under Acorn's DFS and ours: the command's lines are the same (sorted *CAT with the
    # current directory first, *INFO's layout, the errors' words).
    path = tmp_path / "d.ssd"
    path.write_bytes(build_ssd([("$", "ZED", 0x1900, 0x8023, b"1"), ("B", "ALPHA", 0x3000, 0x3100, b"2" * 300),
                                ("$", "MID", 0xFF2000, 0xFF2000, b"3", True), ("A", "ZZ", 0, 0, b"4"),
                                ("$", "ABC", 0, 0, b"5" * 513)], title="SORTME", boot_option=2))
    seen = []
    for roms in (str(acorn_bbc_roms), None):
        m = machine(path, writable=False) if roms is None else Machine("bbc", roms=roms, drives={0: str(path)})
        m.run_until_text("BASIC", max_seconds=3)
        m.run(0.3)
        enter(m, command)
        rows = [row.rstrip() for row in m.screen.text()]
        typed = max(i for i, row in enumerate(rows) if row.startswith(">" + command[:20]))
        seen.append(rows[typed:typed + 8])
    assert seen[1] == seen[0]


def test_cat_reads_a_swapped_disc(tmp_path):
    """The catalogue is kept between operations, but *CAT reads the disc: a disc swapped in the
    emulator's drive never shows the drive not ready (Acorn's *CAT lists the catalogue it kept)."""
    a = disc(tmp_path / "a.ssd")
    b = tmp_path / "b.ssd"
    b.write_bytes(build_ssd([("$", "OTHER", 0, 0, b"X")], title="SWAPPED"))
    m = machine(a, writable=False)
    enter(m, "*INFO TEXT", "$.TEXT")
    m.hardware.insert_disc(0, str(b))
    enter(m, "*CAT", "OTHER")
    assert "SWAPPED" in screen(m)
