"""`acorn debug` sessions replayed from script files, as a user would run them (cli.main in-process).

The acceptance scenarios of the debugger issue that need no BASIC: stepping through the nim-sum
routine of assembly/ with its symbols, and stepping over and out of nested JSRs; plus the command
language's promises: every command documented by `help`, 80 columns, one-line errors that let the
session go on.
"""
import re
from pathlib import Path

import pytest

from emulator import cli
from emulator.debug.monitor import ALIASES, COMMANDS
from emulator.reference import nim

ASSEMBLY = Path(__file__).resolve().parents[2] / "assembly"

NESTED = (Path(__file__).resolve().parents[2] / "emulator" / "programs" / "nested_jsr.s").read_text()


def session(tmp_path, capsys, script, *args, source=None, name="prog.s"):
    """Run `acorn debug` with `script`; returns (exit code, output lines)."""
    files = []
    if source is not None:
        path = tmp_path / name
        path.write_text(source)
        files = [str(path)]
    script_path = tmp_path / "session.txt"
    script_path.write_text(script)
    code = cli.main(["debug", *files, "--script", str(script_path), *args])
    captured = capsys.readouterr()
    lines = captured.out.splitlines()
    for line in lines + captured.err.splitlines():
        assert len(line) < 80, f"wider than 80 columns: {line!r}"
    return code, lines, captured.err


def after(lines, command):
    """The output lines of the first `command` in the transcript."""
    start = lines.index(f"(acorn) {command}") + 1
    end = next((i for i in range(start, len(lines)) if lines[i].startswith("(acorn) ")), len(lines))
    return lines[start:end]


def registers(line):
    return {k: int(v, 16) for k, v in re.findall(r"\b(PC|A|X|Y|S|P)=\$([0-9A-F]+)", line)}


def test_nim_sum_stepped_with_its_symbols(tmp_path, capsys):
    # The routine as `acorn asm` builds it, with its symbol file, called from a three-line driver.
    driver = tmp_path / "driver.s"
    driver.write_text(f"""
        .org $3000
start:  ldx #4
        jsr nim_sum
        sta result
done:   jmp done
result: .byte 0
        .org $2000
        .include "{ASSEMBLY / 'nim_sum.s'}"
""")
    assert cli.main(["asm", str(driver), "-o", str(tmp_path / "nim.bin"),
                     "--symbols", str(tmp_path / "nim.sym")]) == 0
    heaps = [3, 5, 6, 9]
    script = f"""
; four heaps; the answer is their exclusive-or
poke nim_heaps {' '.join(map(str, heaps))}
break nim_sum@heap
go
disasm nim_sum 5
step
step
step
delete
finish
print ?result
registers
mem nim_heaps 4
"""
    capsys.readouterr()
    code, lines, err = session(tmp_path, capsys, script, str(tmp_path / "nim.bin"), "--load", "$2000",
                               "--symbols", str(tmp_path / "nim.sym"), "--pc", "start")
    assert code == 0 and err == ""
    hit = after(lines, "go")
    assert hit[0] == "breakpoint 1 at $2002 (nim_sum@heap), hit 1"
    assert registers(hit[-1])["X"] == 4 and registers(hit[-1])["A"] == 0
    listing = after(lines, "disasm nim_sum 5")
    assert listing[0] == "nim_sum:" and listing[1].endswith("LDA #$00")
    assert "nim_sum@heap:" in listing and any(l.endswith("BNE nim_sum@heap") for l in listing)
    steps = [after(lines, "step")]
    # the first step ran EOR heap 3: A = 9
    assert registers(steps[0][-1])["A"] == 9
    out = after(lines, "finish")
    assert out[-2].startswith(">3005") and out[-2].endswith("STA result")
    assert after(lines, "print ?result")[0].startswith("$0000")      # not stored yet
    assert registers(after(lines, "registers")[0])["A"] == nim.nim_sum(heaps)


def test_step_over_and_out_of_nested_jsrs(tmp_path, capsys):
    script = """
break leaf
go
delete
finish
finish
next
finish
"""
    code, lines, _ = session(tmp_path, capsys, script, source=NESTED)
    assert code == 0
    marks = [l for l in lines if l.startswith(">")]
    # start, leaf, after JSR leaf (inner+6), after first JSR inner (outer+5), after second (outer+8),
    # after JSR outer (start+5)
    assert [m[1:5] for m in marks] == ["2000", "201B", "201A", "2010", "2013", "2005"]


def test_watch_back_and_trace(tmp_path, capsys):
    script = """
trace on
watch w $0301
go
go
back hit
trace 3
back
stopwatch
"""
    code, lines, _ = session(tmp_path, capsys, script, source=NESTED)
    assert code == 0
    assert after(lines, "go")[0] == "watch 1: write $04 to $0301 at cycle 31"
    back = after(lines, "back hit")
    assert back[0] == "back at watch 1: write $04 to $0301 at cycle 31"
    trace = after(lines, "trace 3")
    assert len(trace) == 3 and "STX $0301" in trace[-1]
    assert after(lines, "back")[0].startswith(">201C")              # before the STX that hit


def test_bad_input_gives_one_line_and_the_session_goes_on(tmp_path, capsys):
    script = """
frobnicate
break nowhere
break $12345
mem
print 1 +
registers Q=1
registers A=300
step 0
watch w $10:$05
delete 99
catch xyz
back
type HELLO
basic
registers A=$42
"""
    code, lines, _ = session(tmp_path, capsys, script, source=NESTED)
    assert code == 2                              # the script had errors
    errors = [l for l in lines if l.startswith("error: ")]
    assert len(errors) == 14
    assert "error: unknown command 'frobnicate' (try help)" in errors
    assert "error: unknown symbol 'nowhere'" in errors
    assert registers(after(lines, "registers A=$42")[0])["A"] == 0x42


def test_help_documents_every_command(tmp_path, capsys):
    script = "help\n" + "".join(f"help {name}\n" for name in COMMANDS) + "help b\n"
    code, lines, _ = session(tmp_path, capsys, script, source=NESTED)
    assert code == 0
    listing = after(lines, "help")
    for name, (aliases, usage, summary, _) in COMMANDS.items():
        assert any(l.strip().startswith(usage.split()[0]) for l in listing), name
        text = after(lines, f"help {name}")
        assert text[0] == usage and summary in text[1]
    assert after(lines, "help b")[0].startswith("break")
    required = {"break", "delete", "watch", "go", "step", "next", "finish", "back", "registers", "mem",
                "disasm", "trace", "basic", "help", "quit"}
    assert required <= set(COMMANDS)
    assert all(alias not in COMMANDS for alias in ALIASES)


def test_quit_ends_the_script(tmp_path, capsys):
    code, lines, _ = session(tmp_path, capsys, "step\nquit\nstep\n", source=NESTED)
    assert lines[-1] == "(acorn) quit"


@pytest.mark.parametrize("args, message", [
    (["debug", "nofile.bin", "--load", "$2000"], "nofile.bin: cannot read the binary: no such file"),
    (["debug", "x.bin"], "needs --load"),
    (["debug", "--pc", "A+1"], "--pc A+1"),
    (["debug", "prog.bas"], "needs a machine"),
    (["debug", "--max-seconds", "soon"], "--max-seconds"),
    (["debug", "--script", "missing.txt"], "missing.txt: cannot read the script: no such file"),
    (["debug", "bad.s"], "bad.s:2"),
])
def test_command_line_errors(tmp_path, capsys, monkeypatch, args, message):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "x.bin").write_bytes(b"\xea")
    (tmp_path / "prog.bas").write_text("10 PRINT 1\n")
    (tmp_path / "bad.s").write_text("        .org $2000\n        lda #\n")
    assert cli.main(args) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and message in err[0]


def test_bench_idle_overhead_is_measured(capsys):
    from emulator.commands.bench_debug import measure

    r = measure(200_000, rounds=2)
    assert r["cycles"] >= 150_000 and r["plain"] > 0 and r["attached"] > 0
