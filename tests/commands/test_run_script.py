"""`acorn run LISTING --headless` with an ordered script of --type and --until steps: a whole game
of Silver Dollar played from the command line on each machine.

The start is seeded before RUN (--no-run, then a --type step that seeds RND and types RUN).  The
human's moves are the reference's winning moves (emulator.reference.silver_dollar) from an unsafe
start; after each one the script waits for the board the reference says the computer's reply gives
(a board not on the screen before, so the wait ends only when the computer has finished) before
typing the next move: the Atom has no keyboard buffer, and keys typed while BASIC moves a coin are
lost.  The game must end with "YOU WIN!" and exit 0.
"""
from pathlib import Path

from emulator.basic.silver_dollar_harness import atom_rnd, seed_command
from emulator.cli import main
from emulator.errors import EXIT_TIMEOUT
from emulator.reference import silver_dollar as ref

ROOT = Path(__file__).resolve().parents[2]
PROGRAMS = ROOT / "basic_programs"

ATOM_SEED = 1                       # start (0, 1, 8, 12, 13): unsafe, a short game
BBC_SEED = 8
# BBC BASIC's RND after X=RND(-8) has no Python model here: the start it gives, read off the screen
# once (by the harness).  The script's first --until waits for this board, so another start fails.
BBC_START = (0, 1, 2, 10, 13)
# Keys far enough apart for the listing to draw the coin and come back to its key read after each.
KEY_GAP_MS = "250"


def winning_script(start):
    """--type/--until arguments: the human's winning moves, each followed by a wait for the board
    after the computer's reply; the last waits for YOU WIN."""
    steps = ["--until", ref.board_row(start)]
    position = start
    while True:
        move = ref.winning_move(position)
        assert move is not None, f"{start} is a safe start: the human cannot force a win"
        steps += ["--type", ref.keys_for_move(move).replace("\r", "\\r")]
        position = ref.apply_move(position, move)
        if ref.is_won(position):
            return steps + ["--until", "YOU WIN!"]   # the whole line: a wait may end between N and !
        position = ref.apply_move(position, ref.computer_move(position))
        assert not ref.is_won(position)
        steps += ["--until", ref.board_row(position)]


def play(machine, seed, start, max_seconds="30"):
    argv = ["run", str(PROGRAMS / f"silver_dollar_{machine}.bas"), "--headless", "--no-run",
            "--type", seed_command(machine, seed) + "\\rRUN\\r", *winning_script(start),
            "--key-gap", KEY_GAP_MS, "--max-seconds", max_seconds, "--print-screen"]
    return main(argv), argv


def check_won(status, argv, out):
    screen = out.splitlines()
    assert status == 0, f"exit {status}; screen:\n{out}\ncommand: {argv}"
    assert "YOU WIN!" in screen
    assert screen[0] == ref.board_row((0, 1, 2, 3, 4))   # all five coins home: the human's last move


def test_a_scripted_game_on_the_atom_is_won(capsys):
    start = ref.corrected_start_position(atom_rnd(ATOM_SEED))
    assert not ref.is_safe(start)
    status, argv = play("atom", ATOM_SEED, start)
    check_won(status, argv, capsys.readouterr().out)


def test_a_scripted_game_on_the_bbc_micro_is_won(capsys):
    assert not ref.is_safe(BBC_START)
    status, argv = play("bbc", BBC_SEED, BBC_START)
    check_won(status, argv, capsys.readouterr().out)


def test_keys_typed_while_the_atom_listing_is_busy_wait_until_it_reads_the_keyboard(capsys):
    """No --key-gap needed: each key waits until the kernel is scanning the keyboard again
    (emulator/machines/typist.py), so keys typed while the listing is busy are not lost."""
    start = ref.corrected_start_position(atom_rnd(ATOM_SEED))
    argv = ["run", str(PROGRAMS / "silver_dollar_atom.bas"), "--headless", "--no-run",
            "--type", seed_command("atom", ATOM_SEED) + "\\rRUN\\r", *winning_script(start),
            "--max-seconds", "30", "--print-screen"]
    check_won(main(argv), argv, capsys.readouterr().out)


# --- the script's rules, on the Atom's prompt ----------------------------------------------------

def run_atom(*steps):
    return main(["run", "--machine", "atom", "--headless", *steps, "--max-seconds", "2", "--print-screen"])


def test_steps_run_in_the_order_given(capsys):
    status = run_atom("--type", "PRINT 6*7\\r", "--until", "42", "--type", "PRINT 5*9\\r", "--until", "45")
    out = capsys.readouterr().out
    assert status == 0
    assert out.index("42") < out.index("PRINT 5*9") < out.index("45")


def test_a_wait_needs_a_new_appearance_not_a_copy_already_on_the_screen(capsys):
    assert run_atom("--type", "PRINT 6*7\\r", "--until", "42", "--until", "42") == EXIT_TIMEOUT
    assert "'42' did not appear" in capsys.readouterr().err
    assert run_atom("--type", "PRINT 6*7\\r", "--until", "42", "--type", "PRINT 42\\r", "--until", "42") == 0


def test_a_wait_sees_a_new_copy_after_scrolling_removed_old_ones(capsys):
    """16 rows: 20 sums scroll the first answers away (in the same moment as a new answer shows);
    each wait still ends on its own answer, never on the echo of the sum (it holds no 7)."""
    steps = ["--type", "PRINT 3+4'\\r", "--until", "7"] * 20     # (' ends the line: PRINT does not)
    assert run_atom(*steps) == 0
    rows = [row.strip() for row in capsys.readouterr().out.splitlines()]
    sums = [r for r, row in enumerate(rows) if row == ">PRINT 3+4'"]
    assert len(sums) >= 7                               # the screen has scrolled
    assert all(rows[r + 1] == "7" for r in sums)        # each sum answered before the next


def test_bad_script_options_are_one_line_errors(capsys):
    assert run_atom("--no-run") == 2
    assert "--no-run is for a BASIC listing" in capsys.readouterr().err
    assert run_atom("--type", "X", "--key-gap", "soon") == 2
    assert "--key-gap 'soon'" in capsys.readouterr().err


# The reply to these keys comes 1.5 emulated seconds after RETURN (90 field syncs).
SLOW_REPLY = "FOR I=1 TO 90;WAIT;NEXT I;P.5*9\\r"


def test_a_run_goes_on_for_max_seconds_after_its_last_keys(capsys):
    # It once stopped half a second after the last key, before the machine's reply showed.
    assert run_atom("--type", SLOW_REPLY) == 0
    # Atom BASIC's PRINT adds no new line: the prompt follows the reply on its row ("45>")
    assert "45>" in [row.strip() for row in capsys.readouterr().out.splitlines()]


def test_the_window_runs_the_same_multi_step_script(pg, capsys):
    # The window once refused a script with a --type after an --until, and stopped at its last --type.
    status = main(["run", "--machine", "atom", "--mute", "--type", "PRINT 6*7\\r", "--until", "42",
                   "--type", SLOW_REPLY, "--max-seconds", "2", "--print-screen"])
    out = capsys.readouterr().out
    assert status == 0
    rows = [row.strip() for row in out.splitlines()]
    # PRINT adds no new line: the prompt, and the next keys typed, follow the reply on its row
    first = next(i for i, row in enumerate(rows) if row.startswith("42>"))
    assert first < rows.index("45>")


def test_a_window_wait_that_times_out_exits_3(pg, capsys):
    assert main(["run", "--machine", "atom", "--mute", "--type", "PRINT 6*7\\r", "--until", "42",
                 "--until", "42", "--max-seconds", "0.5"]) == EXIT_TIMEOUT
    assert "'42' did not appear on the screen within 0.5 emulated seconds" in capsys.readouterr().err
