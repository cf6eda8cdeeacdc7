"""`acorn exec`: the self-checking 6502 program, exit codes, and one-line errors for bad input."""
from pathlib import Path

import pytest

from emulator.asm import assemble
from emulator.cli import main

SELFTEST = Path(__file__).resolve().parents[2] / "emulator" / "programs" / "selftest.s"


def build(tmp_path, text, name="prog.bin"):
    program = assemble(text, filename=name)
    path = tmp_path / name
    path.write_bytes(program.image)
    return program, path


def run_exec(capsys, *argv):
    code = main(["exec", *map(str, argv)])
    out, err = capsys.readouterr()
    return code, out, err


def test_selftest_traps_at_success(tmp_path, capsys):
    program, path = build(tmp_path, SELFTEST.read_text())
    code, out, err = run_exec(capsys, path, "--load", f"${program.origin:04X}", "--pc", "0x400",
                              "--interrupt-port", "$BFFF")
    assert code == 0, out + err
    assert out.splitlines()[0] == f"trapped at ${program.symbols['success']:04X}"
    assert "MHz effective" in out


@pytest.mark.parametrize("original, broken, check", [
    ("cmp #$47", "cmp #$48", 6),            # decimal ADC result
    ("cpx #2", "cpx #1", 14),               # the instruction after CLI runs before the IRQ
    ("cmp #2\n        bne fail_irq\n        lda #0", "cmp #3\n        bne fail_irq\n        lda #0", 16),
])
def test_selftest_reports_the_failing_check(tmp_path, capsys, original, broken, check):
    text = SELFTEST.read_text()
    assert text.count(original) == 1
    program, path = build(tmp_path, text.replace(original, broken))
    code, out, _ = run_exec(capsys, path, "--load", "$400", "--pc", "$400", "--interrupt-port", "$BFFF")
    assert code == 4
    assert out.splitlines()[0].startswith("CPU halted: JAM opcode $02")
    assert f"A=${check:02X}" in out


def test_cycle_limit_exits_3(tmp_path, capsys):
    _, path = build(tmp_path, ".org $200\nloop: inx\n jmp loop\n")
    code, out, _ = run_exec(capsys, path, "--load", "0x200", "--pc", "0x200", "--max-cycles", "10000")
    assert code == 3
    assert "cycle limit 10,000 reached" in out


def test_branch_to_itself_is_a_trap(tmp_path, capsys):
    _, path = build(tmp_path, ".org $300\n lda #0\nhere: beq here\n")
    code, out, _ = run_exec(capsys, path, "--load", "$300", "--pc", "$300")
    assert code == 0 and out.startswith("trapped at $0302")


@pytest.mark.parametrize("argv, message", [
    (["missing.bin", "--load", "0", "--pc", "0"], "missing.bin: cannot read the binary: no such file"),
    (["{big}", "--load", "$FF00", "--pc", "0"], "overflow 64 KiB"),
    (["{small}", "--load", "zz", "--pc", "0"], "--load address 'zz' is not a number"),
    (["{small}", "--load", "0", "--pc", "$10000"], "outside the 64 KiB address space"),
    (["{small}", "--load", "0", "--pc", "0", "--max-cycles", "-5"], "--max-cycles must be a positive"),
    (["{dir}", "--load", "0", "--pc", "0"], "is a directory"),
])
def test_bad_input_is_one_line_and_exit_2(tmp_path, capsys, monkeypatch, argv, message):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "big.bin").write_bytes(bytes(0x101))
    (tmp_path / "small.bin").write_bytes(b"\xea")
    (tmp_path / "adir").mkdir()
    argv = [a.format(big="big.bin", small="small.bin", dir="adir") for a in argv]
    code, out, err = run_exec(capsys, *argv)
    assert code == 2
    assert out == ""
    assert len(err.strip().splitlines()) == 1 and message in err
