"""`acorn run --interactive` (emulator/commands/interactive.py): a headless run driven line by line
from standard input, here by another program through a pipe: a Silver Dollar player that reads
each screen, checks the board against the reference game (emulator/reference/silver_dollar.py)
and answers with its move.
"""
import subprocess
import sys
from pathlib import Path

import pytest

import emulator
from emulator.reference import silver_dollar as sd

ROOT = Path(__file__).resolve().parents[2]
# Uncompiled (ACORN_PURE_PYTHON=1), typing the listings in takes minutes: the slow set then.
pytestmark = [] if emulator.compiled() else [pytest.mark.slow]


def acorn(*args, **kwargs):
    return subprocess.Popen([sys.executable, "-m", "emulator", "run", *args], cwd=ROOT, text=True,
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            bufsize=1, **kwargs)


def read_screen(out):
    """The rows of one printed screen, up to its rule (or to the end of the output: None after)."""
    rows = []
    for line in out:
        if line == "-" * 40 + "\n":
            return rows, True
        rows.append(line.rstrip("\n"))
    return rows, False


def board(rows):
    """The position (squares of coins A-E) the board row shows."""
    row = next(r for r in rows if r.startswith(" ") and set(r[1:]) <= set(".ABCDE") and len(r) == 31)
    return tuple(row.index(letter) - 1 for letter in "ABCDE")


@pytest.mark.parametrize("machine", ["atom", "bbc"])
def test_a_whole_silver_dollar_game_played_through_a_pipe(machine):
    proc = acorn(f"basic_programs/silver_dollar_{machine}.bas", "--interactive", "--seed", "11")
    try:
        rows, waiting = read_screen(proc.stdout)
        position = board(rows)
        moves = 0
        while waiting:
            # the player: the winning move if there is one, else one square of the first coin
            move = sd.winning_move(position) or sd.legal_moves(position)[0]
            proc.stdin.write(sd.keys_for_move(move).rstrip("\r") + "\n")
            proc.stdin.flush()
            assert proc.stdout.readline() == "keys: " + move.letter * move.distance + "\n"
            rows, waiting = read_screen(proc.stdout)
            moves += 1
            mine = sd.apply_move(position, move)
            if sd.is_won(mine):
                assert any("YOU WIN!" in row for row in rows) and not waiting
                break
            expected = sd.apply_move(mine, sd.computer_move(mine))
            assert board(rows) == expected            # the computer moved as the listing does
            position = expected
            if sd.is_won(position):
                assert any("I WIN!" in row for row in rows) and not waiting
        assert moves >= 2 and rows[-1] == ">"
        proc.stdin.close()
        assert proc.wait(timeout=60) == 0
        assert proc.stderr.read() == ""
    finally:
        proc.kill()
        proc.wait()


def test_the_end_of_input_ends_the_run_and_a_bad_line_is_one_line():
    proc = acorn("--machine", "bbc", "--interactive")
    out, err = proc.communicate("PRINT 6*7\n\u00e9\nPRINT 1+1\n", timeout=120)
    assert proc.returncode == 0
    screens = out.split("-" * 40 + "\n")
    assert "keys: PRINT 6*7" in screens[1] and "42" in screens[1]
    assert screens[-1] == ""                    # each screen is followed by the rule, the last too
    assert screens[-2].rstrip().endswith(">") and "         2\n>" in screens[-2]
    assert err.count("\n") == 1 and "line not typed" in err


def test_interactive_takes_no_script():
    proc = acorn("--machine", "atom", "--interactive", "--type", "RUN\\r")
    out, err = proc.communicate("", timeout=60)
    assert proc.returncode == 2 and "--interactive" in err and err.count("\n") == 1


def test_run_help_tells_how_to_play_silver_dollar_and_what_seeds_rnd(capsys):
    from emulator.cli import main
    with pytest.raises(SystemExit) as exit_:
        main(["run", "--help"])
    assert exit_.value.code == 0
    out = capsys.readouterr().out
    epilogue = out[out.index("Playing Silver Dollar"):]
    assert "letter once for each\nsquare it moves, then RETURN" in epilogue
    assert "--interactive" in epilogue and "--seed N" in epilogue and "X=RND(-n)" in epilogue


def test_a_listing_typed_in_without_run_is_seeded_then_run_and_ends_with_the_game():
    """--no-run: RND seeded from the input first, then RUN; the run ends when the game does, not at
    the prompt before RUN."""
    boards = []
    for seed in (None, "X=RND(-7)"):
        proc = acorn("basic_programs/silver_dollar_bbc.bas", "--interactive", "--no-run", "--seed", "3")
        lines = ([seed] if seed else []) + ["RUN"]
        out, err = proc.communicate("".join(line + "\n" for line in lines), timeout=120)
        assert proc.returncode == 0 and err == ""
        screens = out.split("-" * 40 + "\n")
        assert screens[0].rstrip().endswith(">")        # waiting at the prompt for the first line
        boards.append(board(screens[-2].splitlines()))
    assert boards[0] != boards[1]


def test_the_readme_game_is_what_the_run_prints():
    """README's whole game played with --interactive: its output exactly as printed."""
    readme = (ROOT / "README.md").read_text()
    command = next(line for line in readme.splitlines()
                   if line.startswith("$ acorn run basic_programs/silver_dollar_bbc.bas --interactive"))
    assert command.endswith(" < moves.txt") and "--seed" in command     # RND starts from RAM
    moves = readme.split("$ printf '", 1)[1].split("' > moves.txt", 1)[0].replace("\\n", "\n")
    shown = readme.split(command + "\n", 1)[1].split("```", 1)[0]
    proc = acorn(*command[len("$ acorn run "):-len(" < moves.txt")].split())
    out, err = proc.communicate(moves, timeout=120)
    assert proc.returncode == 0 and err == ""
    assert out == shown


def test_at_a_terminal_it_prompts_and_does_not_echo():
    """With a terminal on standard input: a hint, then `keys> ` before each line, and the line is
    not echoed again (the terminal shows it as it is typed)."""
    import os
    import pty
    import select
    import time

    pid, fd = pty.fork()
    if pid == 0:                                    # the child: acorn run at a terminal
        os.chdir(ROOT)
        os.execvp(sys.executable, [sys.executable, "-m", "emulator", "run", "--machine", "atom",
                                   "--interactive"])
    out = b""

    def read_until(text, seconds=60):
        nonlocal out
        end = time.monotonic() + seconds
        while text not in out and time.monotonic() < end:
            if select.select([fd], [], [], 0.1)[0]:
                try:
                    out += os.read(fd, 4096)
                except OSError:
                    break
        return text in out
    try:
        assert read_until(b"keys> ")
        assert b"typed on the Acorn Atom's keyboard" in out
        os.write(fd, b"PRINT 6*7\n")
        assert read_until(b"42")
        assert read_until(b"keys> ")
        os.write(fd, b"\x04")                       # Ctrl-D: the end of the input
        _, status = os.waitpid(pid, 0)
        pid = None
        assert os.waitstatus_to_exitcode(status) == 0
        assert b"keys: " not in out
    finally:
        os.close(fd)
        if pid is not None:                         # failed before it ended: stop it
            os.kill(pid, 9)
            os.waitpid(pid, 0)
