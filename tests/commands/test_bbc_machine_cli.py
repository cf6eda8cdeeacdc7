"""`acorn run --machine bbc` and `acorn bench machine --machine bbc` from the command line."""
from pathlib import Path

import pytest

from emulator.asm import assemble
from emulator.cli import main

ROMS = Path(__file__).resolve().parents[2] / "emulator" / "programs"


@pytest.fixture
def bbc_roms(tmp_path):
    source = ROMS / "bbc_hw.s"
    (tmp_path / "mos.rom").write_bytes(assemble(source.read_text(), filename=str(source)).image)
    (tmp_path / "basic.rom").write_bytes(b"\xff" * 16384)
    return tmp_path


def test_run_waits_for_text_and_prints_the_screen(bbc_roms, tmp_path, capsys):
    shot = tmp_path / "screen.png"
    status = main(["run", "--machine", "bbc", "--roms", str(bbc_roms), "--headless", "--seed", "0",
                   "--type", "HELLO\\r", "--until", "HELLO BBC", "--max-seconds", "2",
                   "--print-screen", "--screenshot", str(shot)])
    assert status == 0
    assert capsys.readouterr().out == "HELLO BBC\n"
    assert shot.read_bytes()[:4] == b"\x89PNG"


def test_run_until_timeout_exits_3(bbc_roms, capsys):
    status = main(["run", "--machine", "bbc", "--roms", str(bbc_roms), "--headless",
                   "--until", "NEVER", "--max-seconds", "0.2"])
    assert status == 3
    assert capsys.readouterr().err.count("\n") == 1


@pytest.mark.parametrize("files, message", [
    ({"mos.rom": 1000}, "mos.rom: 1000 bytes, expected 16384"),
    ({"basic.rom": None}, "basic.rom: missing"),
    ({"rom4.rom": 5000}, "rom4.rom: 5000 bytes, expected 16384 or 8192"),
])
def test_bad_rom_files_are_one_line_and_exit_2(files, message, bbc_roms, capsys):
    for name, size in files.items():
        if size is None:
            (bbc_roms / name).unlink()
        else:
            (bbc_roms / name).write_bytes(bytes(size))
    assert main(["run", "--machine", "bbc", "--roms", str(bbc_roms), "--headless"]) == 2
    err = capsys.readouterr().err
    assert message in err and err.count("\n") == 1


@pytest.mark.parametrize("extra, message", [
    (["--type", "A\x01B"], "cannot type"),
    (["--ram", "expanded"], "Acorn Atom option"),
])
def test_bad_input_is_one_line_and_exit_2(extra, message, bbc_roms, capsys):
    argv = ["run", "--machine", "bbc", "--roms", str(bbc_roms), "--headless"] + extra
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert message in err and err.count("\n") == 1


def test_missing_roms_directory(tmp_path, capsys):
    assert main(["run", "--machine", "bbc", "--roms", str(tmp_path / "nope"), "--headless"]) == 2
    assert "cannot read the ROM directory: no such file" in capsys.readouterr().err


def test_bench_machine_bbc_reports_every_workload(capsys):
    assert main(["bench", "machine", "--machine", "bbc", "--seconds", "0.1"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].startswith("acorn bench machine --machine bbc")
    assert len(lines) == 9 and all("x real time" in line for line in lines[1:])
    assert sum("MODE 7" in line for line in lines) == 4 and sum("MODE 4" in line for line in lines) == 4


@pytest.mark.parametrize("text, links", [("&A5", 0xA5), ("7", 7), ("0", 0)])
def test_links_reach_the_keyboard(text, links, bbc_roms, monkeypatch):
    import dataclasses

    from emulator.machines import bbc

    built = []
    monkeypatch.setattr(bbc, "MODEL", dataclasses.replace(
        bbc.MODEL, build=lambda roms, **options: built.append(bbc.BBCMicro(roms, **options)) or built[-1]))
    assert main(["run", "--machine", "bbc", "--roms", str(bbc_roms), "--headless", "--links", text,
                 "--max-seconds", "0.05"]) == 0
    hardware = built[0]
    assert hardware.keyboard.links == links
    assert hardware.bus.peek(0x71) == links               # bbc_hw.s read them back at reset


@pytest.mark.parametrize("argv, message", [
    (["--machine", "bbc", "--links", "256"], "one byte"),
    (["--machine", "bbc", "--links", "lots"], "--links 'lots' is not a number"),
    (["--machine", "atom", "--links", "1"], "--links is a BBC Micro option"),
])
def test_bad_links_are_one_line_and_exit_2(argv, message, bbc_roms, capsys):
    assert main(["run", "--roms", str(bbc_roms), "--headless"] + argv) == 2
    err = capsys.readouterr().err
    assert message in err and err.count("\n") == 1
