"""The emulated 8271 and its drives under two disc filing systems (issue 22): Acorn's MOS 1.20, DFS
1.20 and BASIC II, run unchanged, and our own firmware with its DFS (roms/src/bbc/dfs).

The disc is built here from its own bytes (emulator/media/dfs_disc.build_ssd); what DFS does with it
is read off the screen, and what it writes is read back on the host with the project's own .ssd
reader.  Acorn's ROMs come from the reference folder (their tests skip without it) and are only
run."""
import shutil

import pytest

from emulator import Machine
from emulator.basic.bbc_tokeniser import tokenise_program
from emulator.chips.i8271 import COMMANDS
from emulator.media.dfs_disc import DFSDisc, build_ssd

from disc_support import carry_on_from_mid_transfer, enter, last_row, screen

PROGRAM = tokenise_program('10 PRINT "CHAINED ";6*7\n')

# LDX #0 / LDA text,X / BEQ done / JSR OSWRCH / INX / BNE loop / done: RTS / text: "MCODE RAN", 0
MCODE = bytes([0xA2, 0x00, 0xBD, 0x0E, 0x20, 0xF0, 0x06, 0x20, 0xEE, 0xFF, 0xE8, 0xD0, 0xF5, 0x60]) \
    + b"MCODE RAN\0"

BOOT = b'PRINT "BOOTED"+STR$(3*5)\r'


def media_disc(boot_option=0):
    return build_ssd([("$", "PROG", 0xFF1900, 0xFF8023, PROGRAM),
                      ("$", "MCODE", 0x2000, 0x2000, MCODE),
                      ("$", "!BOOT", 0, 0, BOOT)], title="MEDIA", boot_option=boot_option)


@pytest.fixture
def disc_file(tmp_path):
    path = tmp_path / "media.ssd"
    path.write_bytes(media_disc())
    return path


def dfs_machine(roms, disc, writable=False):
    m = Machine("bbc", roms=roms, drives={0: str(disc)}, writable=writable)
    m.run_until_text("BASIC", max_seconds=3)
    m.run(0.3)
    return m


def test_dfs_is_fitted_and_catalogues_the_disc(dfs_roms, disc_file):
    m = dfs_machine(dfs_roms, disc_file)
    if dfs_roms is not None:
        assert "Acorn DFS" in screen(m)                         # ours says nothing at BREAK
    enter(m, "PRINT ~PAGE", "1900")                            # DFS's workspace: PAGE is &1900
    enter(m, "*CAT", "!BOOT")
    text = screen(m)
    assert "MEDIA" in text and "Drive 0" in text and "Option 0 (off)" in text
    assert "MCODE" in text and "PROG" in text


def test_chain_a_basic_program_and_run_machine_code(dfs_roms, disc_file):
    m = dfs_machine(dfs_roms, disc_file)
    enter(m, 'CHAIN "PROG"', "CHAINED 42")
    enter(m, "*RUN MCODE", "MCODE RAN")
    assert bytes(m.memory[0x2000:0x2000 + len(MCODE)]) == MCODE
    enter(m, "*EXEC !BOOT", "BOOTED15")
    assert disc_file.read_bytes() == media_disc()               # read-only: nothing written


def test_a_read_only_disc_refuses_a_save(dfs_roms, disc_file):
    m = dfs_machine(dfs_roms, disc_file)
    enter(m, '10 PRINT "X"')
    enter(m, 'SAVE "NEW"', "read only")
    m.close_files()
    assert disc_file.read_bytes() == media_disc()


def test_save_to_a_writable_copy_reads_back_byte_for_byte(dfs_roms, disc_file, tmp_path):
    copy = tmp_path / "copy.ssd"
    shutil.copyfile(disc_file, copy)
    m = dfs_machine(dfs_roms, copy, writable=True)
    enter(m, '10 PRINT "SAVED ";2^10')
    enter(m, 'SAVE "SAVED"')
    page, top = 0x1900, m.memory.word(0x12)
    in_memory = bytes(m.memory[page:top])
    assert copy.read_bytes() == media_disc()                    # still in the drive: not written yet
    m.close_files()                                             # the machine stops: written back
    disc = DFSDisc.load(copy)
    saved = {f.name: f for f in disc.files}["SAVED"]
    assert disc.read(saved.start, saved.length) == in_memory
    assert saved.load & 0xFFFF == page and 0x8000 <= saved.exec & 0xFFFF < 0xC000   # the language's
    if dfs_roms is not None:
        assert saved.exec & 0xFFFF == 0x8023                    # BASIC II's entry
    assert {"PROG", "MCODE", "!BOOT"} <= {f.name for f in disc.files}
    assert sorted(p.name for p in tmp_path.iterdir()) == ["copy.ssd", "media.ssd"]
    enter(m, 'CHAIN "SAVED"', "SAVED 1024")


def test_opt_4_3_then_shift_break_boots(dfs_roms, disc_file, tmp_path):
    copy = tmp_path / "copy.ssd"
    shutil.copyfile(disc_file, copy)
    m = dfs_machine(dfs_roms, copy, writable=True)
    enter(m, "*OPT 4,3")
    m.hardware.eject(0)                                         # ejecting writes the disc back ...
    assert DFSDisc.load(copy).boot_option == 3
    m.hardware.insert_disc(0, str(copy))                        # ... and it goes in again, read-only
    # SHIFT-BREAK: the MOS offers the boot to DFS, which *EXECs !BOOT as option 3 says.  SHIFT is
    # held on for 300 ms after BREAK, as a person holds it (MOS 1.20 looks for it well after the
    # reset; 20 ms is not enough)
    m.hardware.break_key(modifiers=("SHIFT",), lead_ms=300)
    m.run_until_typed()
    m.run_until_text("BOOTED15", max_seconds=10)


def test_a_double_sided_image_is_drives_0_and_2(dfs_roms, tmp_path):
    side1 = build_ssd([("$", "OTHER", 0, 0, b"x" * 300)], title="SIDE1")
    a, b = media_disc().ljust(80 * 2560, b"\0"), side1.ljust(80 * 2560, b"\0")
    image = b"".join(a[t * 2560:(t + 1) * 2560] + b[t * 2560:(t + 1) * 2560] for t in range(80))
    path = tmp_path / "two.dsd"
    path.write_bytes(image)
    m = dfs_machine(dfs_roms, path)
    enter(m, "*CAT 2", "OTHER")
    assert "SIDE1" in screen(m) and "Drive 2" in screen(m)
    enter(m, 'CHAIN "PROG"', "CHAINED 42")


# --- the public test discs, run from drive 0 under Acorn's DFS and ours ----------------------------

def test_rmwx_from_drive_0(dfs_roms, reference):
    m = dfs_machine(dfs_roms, reference / "discs" / "RmwX.ssd")
    m.type("*TIMINGS\n")
    m.run_until_typed()
    m.run(3)
    words = bytes(m.memory[0x100:0x110])
    assert [int.from_bytes(words[i:i + 4], "little") for i in range(0, 16, 4)] == \
        [0xF2FE0A16, 0xEAEADAE6, 0xF2FE0A16, 0xC1CDD9E5]


@pytest.mark.slow
def test_bcdtest_from_drive_0(dfs_roms, reference):
    m = dfs_machine(dfs_roms, reference / "discs" / "bcdtest.ssd")
    enter(m, "*BCDTEST", "PASSED", max_seconds=60)
    assert "FAILED" not in screen(m)


def test_dp111_6502_timing_from_drive_0(dfs_roms, reference):
    m = dfs_machine(dfs_roms, reference / "discs" / "dp111_6502timing.ssd")
    enter(m, "*RUN 6502TIM", "Number of failures", max_seconds=30)
    assert "Number of failures : 0x00" in screen(m)


def test_a_save_state_taken_mid_transfer_carries_on(dfs_roms, disc_file, tmp_path):
    m = dfs_machine(dfs_roms, disc_file)
    again = carry_on_from_mid_transfer(m, 'CHAIN "PROG"\n', tmp_path / "mid.state", dfs_roms,
                                       4_000_000)               # two emulated seconds, on both
    assert "CHAINED 42" in screen(again)


def two_discs(tmp_path):
    """Disc A holds X and Y, disc B another X (longer, elsewhere in memory) and Q."""
    a, b = tmp_path / "a.ssd", tmp_path / "b.ssd"
    a.write_bytes(build_ssd([("$", "X", 0x3000, 0x3000, b"AAAA"), ("$", "Y", 0x3000, 0x3000, b"YYYY")],
                            title="DISCA"))
    b.write_bytes(build_ssd([("$", "Q", 0x3000, 0x3000, b"QQQQ"), ("$", "X", 0x3100, 0x3100, b"BBBBBBBB")],
                            title="DISCB"))
    return a, b


def sector_reads(m, kind="read"):
    """The (track, sector) of every read (or write) data command the 8271 starts from now on."""
    fdc, reads = m.hardware.fdc, []
    start = fdc._start

    def start_and_note(cycle):
        if COMMANDS.get(fdc.command & 0x3F, ("",))[0] == kind:
            reads.append(tuple(fdc.parameters[:2]))
        start(cycle)
    fdc._start = start_and_note
    return reads


def test_loads_read_the_catalogue_once(dfs_roms, tmp_path):
    """Acorn's DFS keeps the catalogue between loads (a drive status command before each instead);
    ours did read it again for every file."""
    a, _ = two_discs(tmp_path)
    m = dfs_machine(dfs_roms, a)
    reads = sector_reads(m)
    for name in "XYX":
        enter(m, "*LOAD " + name)
    assert reads.count((0, 0)) == 1 and len(reads) == 4
    assert bytes(m.memory[0x3000:0x3004]) == b"AAAA"


def test_a_disc_swapped_in_is_read_after_cat(dfs_roms, tmp_path):
    """Acorn's DFS reads the catalogue again at the operation after a *CAT (not after *DRIVE or
    *DIR: measured); ours at the *CAT itself."""
    a, b = two_discs(tmp_path)
    m = dfs_machine(dfs_roms, a)
    enter(m, "*LOAD X")
    m.hardware.insert_disc(0, str(b))
    enter(m, "*CAT")
    enter(m, "*LOAD X")
    assert bytes(m.memory[0x3100:0x3108]) == b"BBBBBBBB"


def test_an_empty_drive_is_waited_for(dfs_roms, tmp_path):
    """With no disc in the drive both DFSs wait (ours said "Drive fault"), and read the catalogue of
    the disc that goes in."""
    a, b = two_discs(tmp_path)
    m = dfs_machine(dfs_roms, a)
    enter(m, "*LOAD Y")
    m.hardware.eject(0)
    m.type("*LOAD X\r")
    m.run_until_typed()
    m.run(1.0)
    assert last_row(m) == ">*LOAD X"                      # no error, no prompt: waiting
    m.hardware.insert_disc(0, str(b))
    m.run_until(lambda: last_row(m) == ">", 3, every=0.05)
    assert last_row(m) == ">" and bytes(m.memory[0x3100:0x3108]) == b"BBBBBBBB"


def test_a_failing_command_is_tried_eleven_times(dfs_roms, tmp_path):
    """Acorn's DFS gives a command that fails 10 more times before it reports the fault (measured,
    for sector not found and for write protected alike); ours gave up at the first."""
    path = tmp_path / "d.ssd"
    path.write_bytes(build_ssd([("$", "X", 0x3000, 0x3000, b"A" * 3000)], title="FAULT"))
    m = dfs_machine(dfs_roms, path)
    enter(m, "*INFO X")
    m.hardware.fdc.drives[0].surfaces[0][0].formatted_tracks[0].discard(1)   # track 1 damaged
    reads, writes = sector_reads(m), sector_reads(m, "write")
    enter(m, "*LOAD X", "Disk fault 18 at 01/00", max_seconds=10)
    assert reads.count((1, 0)) == 11
    enter(m, "*ACCESS X L", "Disk read only")
    assert writes == [(0, 0)] * 11


def test_escape_ends_the_wait_for_a_disc(dfs_roms, tmp_path):
    a, _ = two_discs(tmp_path)
    m = dfs_machine(dfs_roms, a)
    m.hardware.eject(0)
    m.type("*LOAD X\r")
    m.run_until_typed()
    m.run(1.0)
    m.press("ESCAPE")
    m.run(0.1)
    m.release("ESCAPE")
    m.run_until(lambda: last_row(m) == ">", 2, every=0.05)
    assert screen(m).split("*LOAD X")[1].split() == ["Escape", ">"]


def test_acorn_dfs_reports_the_sector_of_a_fault(acorn_bbc_roms, tmp_path):
    """Acorn's DFS prints the sector from the 8271's special register &06, read after its reset and
    specify: a deleted data mark at track 0 sector 5, in the middle of a file, is "at 00/05" (it
    was "00/00" while the register always read 0)."""
    path = tmp_path / "d.ssd"
    path.write_bytes(build_ssd([("$", "X", 0x3000, 0x3000, b"A" * 3000)], title="FAULT"))
    m = dfs_machine(str(acorn_bbc_roms), path)
    enter(m, "*INFO X")
    m.hardware.fdc.drives[0].surfaces[0][0].deleted.add((0, 0, 5))
    enter(m, "*LOAD X", "Drive fault 20 at 00/05", max_seconds=10)


@pytest.mark.parametrize("idle, expected", [(0.5, (b"QQQQ", 0x3000)), (3.0, (b"BBBBBBBB", 0x3100))])
def test_acorn_dfs_sees_a_disc_swapped_once_the_motor_has_stopped(acorn_bbc_roms, tmp_path, idle,
                                                                  expected):
    """Acorn's DFS specifies a head unload after 12 index pulses (2.4 s). Swapped while the motor
    still turns, the drive stays ready and the DFS loads from the catalogue it kept (the old X's
    sector, which holds Q on the new disc); swapped after the motor stopped, READY dropped and the
    DFS reads the new catalogue first (before READY followed the motor it never did)."""
    a, b = two_discs(tmp_path)
    m = dfs_machine(str(acorn_bbc_roms), a)
    enter(m, "*LOAD X")
    m.run(idle)
    m.hardware.insert_disc(0, str(b))
    enter(m, "*LOAD X")
    data, address = expected
    assert bytes(m.memory[address:address + len(data)]) == data
