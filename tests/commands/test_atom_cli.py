"""`acorn run --machine atom` and `acorn bench machine` from the command line."""
from pathlib import Path

import pytest

from emulator.asm import assemble
from emulator.cli import main

ROMS = Path(__file__).resolve().parents[2] / "emulator" / "programs"


@pytest.fixture
def echo_roms(tmp_path):
    source = ROMS / "atom_echo.s"
    (tmp_path / "kernel.rom").write_bytes(assemble(source.read_text(), filename=str(source)).image)
    (tmp_path / "basic.rom").write_bytes(b"\xff" * 4096)
    return tmp_path


def test_run_types_waits_and_prints(echo_roms, tmp_path, capsys):
    shot = tmp_path / "screen.png"
    status = main(["run", "--machine", "atom", "--roms", str(echo_roms), "--headless",
                   "--type", "HELLO\\r", "--type", "World", "--until", "World",
                   "--print-screen", "--screenshot", str(shot)])
    assert status == 0
    assert capsys.readouterr().out == "HELLO\rWorld\n".replace("\r", "")
    assert shot.read_bytes()[:4] == b"\x89PNG"


def test_until_timeout_exits_3(echo_roms, capsys):
    status = main(["run", "--roms", str(echo_roms), "--headless", "--until", "NEVER", "--max-seconds", "0.2"])
    assert status == 3
    assert capsys.readouterr().err.count("\n") == 1


@pytest.mark.parametrize("argv, message", [
    (["run", "--machine", "spectrum", "--headless"], "unknown machine 'spectrum'"),
    (["run", "--machine", "bbc", "--headless", "--ram", "expanded"], "--ram is an Acorn Atom option"),
    (["run", "--headless", "--type", "A_B"], "cannot type '_'"),
    (["run", "--max-seconds", "soon", "--headless"], "not a number"),
    (["run"], "pass --headless"),
    (["bench", "machine", "--machine", "spectrum"], "unknown machine 'spectrum'"),
])
def test_bad_input_is_one_line_and_exit_2(argv, message, echo_roms, capsys):
    if argv[0] == "run" and "--machine" not in argv:
        argv = argv + ["--roms", str(echo_roms)]
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert message in err and err.count("\n") == 1


def test_wrong_rom_size_names_the_file_and_size(echo_roms, capsys):
    (echo_roms / "kernel.rom").write_bytes(bytes(1000))
    assert main(["run", "--roms", str(echo_roms), "--headless"]) == 2
    err = capsys.readouterr().err
    assert "kernel.rom" in err and "4096" in err and err.count("\n") == 1


def test_jam_exits_4(tmp_path, capsys):
    image = bytearray(b"\x02" * 4096)
    image[0xFFC:0xFFE] = b"\x00\xF0"
    (tmp_path / "kernel.rom").write_bytes(bytes(image))
    (tmp_path / "basic.rom").write_bytes(b"\xff" * 4096)
    assert main(["run", "--roms", str(tmp_path), "--headless", "--max-seconds", "0.1"]) == 4
    assert "JAM" in capsys.readouterr().err


def test_bench_machine_reports_every_workload(capsys):
    assert main(["bench", "machine", "--machine", "atom", "--seconds", "0.2"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) == 5 and all("x real time" in line for line in lines[1:])
