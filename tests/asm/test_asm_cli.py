"""`acorn asm`: output files, listing and symbols, error lines and exit codes."""
import os
import subprocess
import sys

import pytest

from emulator.asm import read_symbols
from emulator.cli import main


def run(capsys, *argv):
    code = main(["asm", *argv])
    out, err = capsys.readouterr()
    return code, out, err


def test_writes_image_listing_and_symbols(tmp_path, capsys):
    source = tmp_path / "prog.s"
    source.write_text(" .org $2000\nstart: lda #1\n jmp start\n")
    out, listing, symbols = tmp_path / "prog.bin", tmp_path / "prog.lst", tmp_path / "prog.sym"
    code, stdout, err = run(capsys, str(source), "-o", str(out), "--listing", str(listing),
                            "--symbols", str(symbols))
    assert (code, err) == (0, "")
    assert out.read_bytes() == bytes([0xA9, 1, 0x4C, 0x00, 0x20])
    assert "2000 A9 01" in listing.read_text()
    assert read_symbols(symbols) == {"start": 0x2000}
    assert "5 bytes, $2000-$2004" in stdout
    assert oct(out.stat().st_mode & 0o777) == oct(0o666 & ~_umask())


def _umask():
    mask = os.umask(0)
    os.umask(mask)
    return mask


def test_origin_option(tmp_path, capsys):
    source = tmp_path / "p.s"
    source.write_text("here: jmp here\n")
    code, _, _ = run(capsys, str(source), "-o", str(tmp_path / "p.bin"), "--origin", "&C000")
    assert code == 0
    assert (tmp_path / "p.bin").read_bytes() == bytes([0x4C, 0x00, 0xC0])


@pytest.mark.parametrize("text,message", [
    (" lda missing\n", "prog.s:1:6: undefined symbol 'missing'"),
    ("a: nop\na: nop\n", "prog.s:2:1: duplicate symbol 'a'"),
    (" bne far\n .fill 130\nfar: rts\n", "prog.s:1:6: branch out of range: the target is +130 bytes away"),
    (" lda #$1FF\n", "prog.s:1:7: value $1FF too large for a byte"),
    (" ldy 1,y\n", "prog.s:1:6: LDY has no absolute,Y or zero page,Y addressing mode"),
])
def test_each_error_kind_exits_2_and_keeps_the_old_output(tmp_path, capsys, text, message):
    source = tmp_path / "prog.s"
    source.write_text(text)
    out = tmp_path / "prog.bin"
    out.write_bytes(b"previous build")
    listing = tmp_path / "prog.lst"
    code, stdout, err = run(capsys, str(source), "-o", str(out), "--listing", str(listing))
    assert code == 2
    lines = err.splitlines()
    assert lines[0].startswith(str(source) + message[len("prog.s"):])
    assert lines[-1] == "acorn asm: 1 error, nothing written"
    assert "Traceback" not in err
    assert out.read_bytes() == b"previous build"
    assert not listing.exists()
    assert [p.name for p in tmp_path.iterdir() if p.name.startswith(".tmp")] == []


def test_several_errors_one_per_line(tmp_path, capsys):
    source = tmp_path / "prog.s"
    source.write_text(" lda #300\n jmp nowhere\n .byte 1000\n")
    code, _, err = run(capsys, str(source), "-o", str(tmp_path / "x.bin"))
    assert code == 2
    lines = err.splitlines()
    assert [line.split(":")[1:3] for line in lines[:3]] == [["1", "7"], ["2", "6"], ["3", "8"]]
    assert lines[3] == "acorn asm: 3 errors, nothing written"
    assert not (tmp_path / "x.bin").exists()


def test_missing_or_unreadable_source(tmp_path, capsys):
    code, _, err = run(capsys, str(tmp_path / "none.s"), "-o", str(tmp_path / "x.bin"))
    assert code == 2 and "none.s" in err and "Traceback" not in err
    bad = tmp_path / "bad.s"
    bad.write_bytes(b"\xff\xfe nop\n")
    code, _, err = run(capsys, str(bad), "-o", str(tmp_path / "x.bin"))
    assert code == 2 and f"{bad}:1:1: not UTF-8 text" in err


def test_unwritable_output_is_a_user_error(tmp_path, capsys):
    source = tmp_path / "p.s"
    source.write_text(" nop\n")
    code, _, err = run(capsys, str(source), "-o", str(tmp_path / "no-such-dir" / "p.bin"))
    assert code == 2 and err.startswith("acorn asm: cannot write") and "Traceback" not in err


def test_through_the_command_line(tmp_path):
    source = tmp_path / "p.s"
    source.write_text(" .org $0600\nloop: inx\n bne loop\n brk\n lda nothing\n")
    result = subprocess.run([sys.executable, "-m", "emulator", "asm", str(source), "-o", str(tmp_path / "p.bin")],
                            capture_output=True, text=True)
    assert result.returncode == 2
    assert result.stderr.splitlines()[0] == f"{source}:5:6: undefined symbol 'nothing'"
    source.write_text(" .org $0600\nloop: inx\n bne loop\n brk\n")
    result = subprocess.run([sys.executable, "-m", "emulator", "asm", str(source), "-o", str(tmp_path / "p.bin")],
                            capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    assert (tmp_path / "p.bin").read_bytes() == bytes([0xE8, 0xD0, 0xFD, 0x00])
