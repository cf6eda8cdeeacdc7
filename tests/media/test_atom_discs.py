"""The Atom's disc pack (issue 22): the Intel 8271 at #0A00 with its INT on NMI, fitted with dos.rom,
and Acorn's Atom DOS run unchanged on it.

The disc is built here from its own bytes (emulator/media/dfs_disc.build_ssd: an Atom DOS disc has
the DFS catalogue, every file under the qualifier " "; area51.dev, "Acorn System Disk File System /
Atom DOS").  What DOS does with it is read off the screen, and what it writes is read back on the
host with the project's own reader.  Acorn's ROMs come from the reference folder (those tests skip
without it) and are only run.
"""
import shutil

import pytest

from emulator import Machine
from emulator.chips.i8271 import STATUS_BUSY
from emulator.cli import main
from emulator.errors import EXIT_BAD_INPUT
from emulator.media.dfs_disc import DFSDisc, build_ssd

from disc_support import carry_on_from_mid_transfer

# Atom BASIC's text: each line CR, line number (high, low), the text; the end is CR #FF.
PROGRAM = b'\r\x00\x0aPRINT "HELLO FROM DISC"\r\x00\x14END\r\xff'
# LDX #0 / LDA text,X / BEQ done / JSR OSWRCH / INX / BNE loop / done: RTS / text: "MCODE RAN", 0
MCODE = bytes([0xA2, 0x00, 0xBD, 0x0E, 0x30, 0xF0, 0x06, 0x20, 0xF4, 0xFF, 0xE8, 0xD0, 0xF5, 0x60]) \
    + b"MCODE RAN\0"
SAVED = bytes(range(0x41, 0x41 + 22))               # what *SAVE writes from #3100
ATOM_BASIC_RUN = 0xC2B2                             # the execution address a BASIC program is saved with


def atom_dos_disc():
    return build_ssd([(" ", "PROG", 0x2900, ATOM_BASIC_RUN, PROGRAM),
                      (" ", "MCODE", 0x3000, 0x3000, MCODE)], title="ATOMDISC", sectors=400)


@pytest.fixture
def disc_file(tmp_path):
    path = tmp_path / "atom.ssd"
    path.write_bytes(atom_dos_disc())
    return path


def enter(m, line, max_seconds=10):
    """Type a line and wait until the prompt is back after it and the 8271 is idle: Atom DOS gives
    the prompt back while the NMI routine is still writing a file's last sector (measured)."""
    m.type(line + "\r")
    m.run_until_typed(max_seconds)
    done = m.run_until(lambda: last_row(m).endswith(">") and not m.hardware.fdc.status & STATUS_BUSY,
                       max_seconds, every=0.05)
    assert done, f"no prompt after {line!r}: {last_row(m)!r}"


def last_row(m):
    rows = [row for row in m.screen.text() if row.strip()]
    return rows[-1].rstrip() if rows else ""


def dos_machine(roms, disc, writable=False):
    m = Machine("atom", roms=roms, seed=1, drives={0: str(disc)}, writable=writable)
    m.run_until_text(">", max_seconds=3)
    enter(m, "LINK #E000")                          # Atom DOS takes over the filing system
    return m


def screen(m):
    return "\n".join(m.screen.text())


def test_the_disc_pack_comes_with_a_dos_rom():
    blank = bytes(4096)
    with_dos = Machine("atom", roms={"kernel": blank, "basic": blank, "dos": blank}, seed=1)
    without = Machine("atom", roms={"kernel": blank, "basic": blank}, seed=1)
    assert with_dos.hardware.fdc is not None and without.hardware.fdc is None
    assert with_dos.memory[0x0A00] == 0                             # the 8271's status: idle
    assert without.memory[0x0A00] == 0x0A                           # open bus
    with_dos.memory[0x2000] = 0x5A                                  # the pack's RAM for DOS's buffers
    without.memory[0x2000] = 0x5A
    assert with_dos.memory[0x2000] == 0x5A and without.memory[0x2000] == 0x20


def test_the_8271_interrupts_on_nmi():
    blank = bytes(4096)
    atom = Machine("atom", roms={"kernel": blank, "basic": blank, "dos": blank}, seed=1).hardware
    atom._fdc_int(True)
    assert atom.cpu.nmi_latched and atom.cpu.nmi_lines
    atom._fdc_int(False)
    assert not atom.cpu.nmi_lines


def test_atom_dos_catalogues_loads_and_runs(acorn_atom_roms, disc_file):
    m = dos_machine(acorn_atom_roms, disc_file)
    enter(m, "*CAT")
    assert "ATOMDISC DRIVE 0 QUAL" in screen(m)             # the title, the drive, the qualifier
    assert "MCODE" in screen(m) and "PROG" in screen(m)
    enter(m, 'LOAD "PROG"')
    enter(m, "RUN")
    assert "HELLO FROM DISC" in screen(m)
    enter(m, '*RUN "MCODE"')
    assert "MCODE RAN" in screen(m)


def test_save_to_a_writable_copy_reads_back_byte_for_byte(acorn_atom_roms, disc_file, tmp_path):
    copy = tmp_path / "copy.ssd"
    shutil.copyfile(disc_file, copy)
    m = dos_machine(acorn_atom_roms, copy, writable=True)
    m.memory[0x3100:0x3100 + len(SAVED)] = SAVED
    enter(m, f'*SAVE "SAVED" 3100 {0x3100 + len(SAVED):X}')
    assert copy.read_bytes() == atom_dos_disc()             # still in the drive: not written yet
    m.close_files()                                         # the machine stops: written back
    disc = DFSDisc.load(copy)
    saved = {f.name: f for f in disc.files}["SAVED"]
    assert (saved.directory, saved.load, saved.length) == (" ", 0x3100, len(SAVED))
    assert disc.read(saved.start, saved.length) == SAVED
    assert {"PROG", "MCODE"} <= {f.name for f in disc.files}
    assert sorted(p.name for p in tmp_path.iterdir()) == ["atom.ssd", "copy.ssd"]


def test_a_read_only_disc_is_not_written(acorn_atom_roms, disc_file):
    m = dos_machine(acorn_atom_roms, disc_file)
    enter(m, '*SAVE "NOPE" 3000 3010')
    assert "DISK PROT\nERROR 182" in screen(m)              # the 8271's write-protect result, as DOS words it
    assert "NOPE" not in {f.name for f in DFSDisc.load(disc_file).files}
    assert not m.hardware.discs[0].dirty
    m.close_files()
    assert disc_file.read_bytes() == atom_dos_disc()


@pytest.mark.parametrize("flags", [["--disc0"], ["--disc2"], ["--writable", "--disc1"]])
def test_our_kernel_says_it_does_not_read_atom_dos_discs(disc_file, capsys, flags):
    argv = ["run", "--machine", "atom", "--headless", "--max-seconds", "1"] + flags + [str(disc_file)]
    assert main(argv) == EXIT_BAD_INPUT
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1
    assert "does not read Atom DOS discs" in err or "disc filing system ROM (dos.rom)" in err


def test_a_rom_directory_without_dos_has_no_disc_drives(acorn_atom_roms, disc_file, tmp_path, capsys):
    for name in ("kernel.rom", "basic.rom"):
        (tmp_path / name).symlink_to(acorn_atom_roms / name)
    argv = ["run", "--machine", "atom", "--roms", str(tmp_path), "--headless", "--disc0", str(disc_file)]
    assert main(argv) == EXIT_BAD_INPUT
    assert "come with Acorn's Atom DOS (dos.rom" in capsys.readouterr().err


def test_a_save_state_taken_mid_transfer_carries_on(acorn_atom_roms, disc_file, tmp_path):
    m = dos_machine(acorn_atom_roms, disc_file)
    again = carry_on_from_mid_transfer(m, '*RUN "MCODE"\r', tmp_path / "mid.state", acorn_atom_roms,
                                       2_000_000)               # two emulated seconds, on both
    assert "MCODE RAN" in screen(again)


def test_the_command_line_runs_atom_dos_from_drive_0(acorn_atom_roms, disc_file, capsys):
    assert main(["run", "--machine", "atom", "--roms", str(acorn_atom_roms), "--disc0", str(disc_file),
                 "--headless", "--type", 'LINK #E000\r*CAT\r', "--until", "MCODE",
                 "--print-screen", "--max-seconds", "20"]) == 0
    assert "ATOMDISC DRIVE 0 QUAL" in capsys.readouterr().out


def test_atom_dos_reads_drives_1_to_3(acorn_atom_roms, tmp_path):
    """Drives 2 and 3 are the second sides: Atom DOS selects them as DFS does (bit 5 of the 8271's
    drive control output)."""
    drives = {}
    for n in range(4):
        drives[n] = tmp_path / f"d{n}.ssd"
        drives[n].write_bytes(build_ssd([(" ", f"FILE{n}", 0x3000, 0x3000, b"x")], title=f"DISC{n}"))
    m = Machine("atom", roms=acorn_atom_roms, seed=1, drives={n: str(p) for n, p in drives.items()})
    m.run_until_text(">", max_seconds=3)
    enter(m, "LINK #E000")
    for n in (1, 2, 3):
        enter(m, f"*CAT {n}")
        assert f"DISC{n} DRIVE {n} QUAL" in screen(m) and f"FILE{n}" in screen(m)


def test_a_save_state_records_the_discs_in_the_drives_now(tmp_path):
    first, second = tmp_path / "first.ssd", tmp_path / "second.dsd"
    first.write_bytes(atom_dos_disc())
    second.write_bytes(atom_dos_disc() + bytes(2560 - 1024) + atom_dos_disc())     # two sides
    blank = bytes(4096)
    roms = {"kernel": blank, "basic": blank, "dos": blank}
    m = Machine("atom", roms=roms, seed=1, drives={1: str(first)})
    m.hardware.eject(1)                                         # swapped since it was built
    m.hardware.insert_disc(0, str(second))
    m.save_state(tmp_path / "swapped.state")
    again = Machine.load_state(tmp_path / "swapped.state", roms=roms)
    assert sorted(again.hardware.discs) == [0, 2] and 1 not in again.hardware.discs
    assert again.hardware.discs[0].path == str(second) and again.hardware.discs[0].sides == 2


def test_writable_alone_is_for_the_discs_dropped_later(acorn_atom_roms):
    from argparse import Namespace

    from emulator.commands.run_cmd import filing_options
    args = Namespace(roms=str(acorn_atom_roms), writable=True, no_files=True,
                     **{f"disc{n}": None for n in range(4)})
    assert filing_options(args, "atom")["writable"] is True


def test_drives_without_the_disc_pack_are_one_line(disc_file):
    from emulator.errors import UserError
    blank = bytes(4096)
    with pytest.raises(UserError, match=r"^this Atom has no disc pack \(it comes with Atom DOS: dos.rom\)$"):
        Machine("atom", roms={"kernel": blank, "basic": blank}, drives={0: str(disc_file)})
