"""assembly/README.md's debugger walkthrough of nim_sum is what `acorn debug` prints.

The walkthrough is one session split into fenced blocks between the markers `<!-- debug walkthrough -->`
and `<!-- end debug walkthrough -->`.  The first block opens with the command line (`$ acorn debug ...`);
every line starting `(acorn) ` is a command.  The test runs those commands through `--script` from the
repository's top directory and compares the whole output with the blocks, line by line, so the page
cannot drift from the debugger or from the routine.  It also checks that the session's trace is the
generated trace table of the same page.
"""
import re
import shlex
from pathlib import Path

from emulator import cli

ROOT = Path(__file__).resolve().parents[2]
README = ROOT / "assembly" / "README.md"
PROMPT = "(acorn) "


def walkthrough():
    """(arguments after `acorn`, transcript lines) from the README."""
    text = README.read_text(encoding="utf-8")
    start = text.index("<!-- debug walkthrough -->")
    end = text.index("<!-- end debug walkthrough -->", start)
    blocks = re.findall(r"^```\n(.*?)^```$", text[start:end], flags=re.M | re.S)
    assert blocks, "the walkthrough has no fenced blocks"
    lines = [line for block in blocks for line in block.splitlines()]
    command_line = lines.pop(0)
    assert command_line.startswith("$ acorn "), command_line
    return shlex.split(command_line[len("$ acorn "):]), lines


def test_the_walkthrough_is_what_acorn_debug_prints(tmp_path, capsys, monkeypatch):
    args, transcript = walkthrough()
    commands = [line[len(PROMPT):] for line in transcript if line.startswith(PROMPT)]
    assert len(commands) >= 15
    script = tmp_path / "walk.txt"
    script.write_text("\n".join(commands) + "\n")
    monkeypatch.chdir(ROOT)                           # the page's paths are from the top directory
    capsys.readouterr()
    code = cli.main([*args, "--script", str(script)])
    captured = capsys.readouterr()
    assert captured.err == "" and code == 0
    printed = captured.out.rstrip("\n").splitlines()
    for number, (shown, real) in enumerate(zip(transcript, printed), 1):
        assert shown == real, f"README walkthrough line {number} differs from what acorn debug prints"
    assert len(printed) == len(transcript)
    assert all(len(line) < 80 for line in printed)


def test_the_walkthroughs_trace_is_the_generated_trace_table():
    _, transcript = walkthrough()
    trace = transcript[transcript.index(PROMPT + "trace 18") + 1:]
    traced = [(int(line.split()[0]), int(line.split()[1], 16)) for line in trace]
    text = README.read_text(encoding="utf-8")
    table = text[text.index("<!-- nim_sum trace -->"):text.index("<!-- end nim_sum trace -->")]
    rows = [row.split("|")[1:3] for row in table.splitlines() if re.match(r"\|\s*\d", row)]
    generated = [(int(cycle), int(pc.strip().lstrip("$"), 16)) for cycle, pc in rows]
    assert traced == generated[:-1]                 # the table's last row is the return, not an instruction
    # the registers each trace row shows as its instruction begins are those the table shows after the one before
    a_after = [row.split("|")[4].strip() for row in table.splitlines() if re.match(r"\|\s*\d", row)]
    a_before = [re.search(r"A=([0-9A-F]{2})", line).group(1) for line in trace]
    assert [f"${a}" for a in a_before[1:]] == a_after[:len(a_before) - 1]
