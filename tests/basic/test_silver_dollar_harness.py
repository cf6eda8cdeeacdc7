"""Silver Dollar played headless on each machine against the Python reference (issue 10).

The listings in basic_programs/ are typed in once per machine; each game seeds RND through BASIC,
types RUN and plays: the human's keys come from a seeded policy, the board is read off the screen,
and every computer move must be the reference's.  The BBC Micro's half runs as soon as our BBC
firmware (roms/src/bbc: MOS and BASIC) exists; until then it is skipped, naming what is missing.
"""
from pathlib import Path

import pytest

import emulator
from emulator.basic.silver_dollar_harness import (Harness, Policy, Totals, atom_rnd, read_board, seed_command,
                                                   wait_for_prompt)
from emulator.reference import silver_dollar as ref
from bbc_support import missing_bbc_firmware

ROOT = Path(__file__).resolve().parents[2]
PROGRAMS = ROOT / "basic_programs"


BBC_MISSING = missing_bbc_firmware()


MACHINES = [
    "atom",
    pytest.param("bbc", marks=pytest.mark.skipif(BBC_MISSING is not None, reason=str(BBC_MISSING))),
]
# Uncompiled (ACORN_PURE_PYTHON=1) the core is ~100x slower: the same code paths, fewer games.
DEFAULT_GAMES = 30 if emulator.compiled() else 3
SLOW_GAMES = 300
CORRECTED_STARTS = 30 if emulator.compiled() else 5


@pytest.fixture(scope="module", params=MACHINES)
def harness(request):
    return Harness(request.param, PROGRAMS / f"silver_dollar_{request.param}.bas")


def play_and_check(harness, seeds, policy):
    totals = Totals()
    for seed in seeds:
        game = harness.play(seed, policy)
        totals.add(game)
        assert game.mismatches == [], f"seed {seed}: {game.mismatches}"
        if harness.name == "atom":             # our Atom BASIC's RND, modelled: line 20's start
            assert game.start == ref.corrected_start_position(atom_rnd(seed))
    print(f"\n{harness.name}: {totals}")
    assert totals.games == len(seeds) and totals.mismatches == 0
    return totals


def test_games_against_the_reference(harness):
    totals = play_and_check(harness, range(1, DEFAULT_GAMES + 1), Policy(best=0.5, illegal=0.3))
    assert totals.moves_checked >= 5 * DEFAULT_GAMES
    assert set(totals.winners) <= {"computer", "human"}


def test_refused_keys_bleep(harness):
    """Keys PROCMOVE refuses (no coin letter, a coin that cannot move, a square too many) each
    sound the bell once: the Atom's speaker bursts, the BBC's tone switched on from silence."""
    totals = play_and_check(harness, range(500, 503), Policy(best=0.5, illegal=1.0))
    assert totals.bleeps_expected >= 10
    assert totals.bleeps_heard == totals.bleeps_expected


@pytest.mark.slow
def test_many_games_against_the_reference(harness):
    seeds = range(1000, 1000 + SLOW_GAMES)
    totals = play_and_check(harness, seeds, Policy(best=0.7, illegal=0.2))
    assert totals.moves_checked >= 5 * SLOW_GAMES


def test_the_human_playing_the_reference_strategy_from_an_unsafe_start_wins(harness):
    for seed in range(1, 100):              # the first seed whose start the human can win from
        game = harness.play(seed, Policy(best=1.0, illegal=0.0))
        if not ref.is_safe(game.start):
            break
    assert not ref.is_safe(game.start)
    assert game.winner == "human" and game.mismatches == []
    assert "YOU WIN!" in harness.screen_text()


def test_the_corrected_start_never_hangs(harness):
    """30 starts (compiled), on the Atom each one whose first draw (the printed line 20) would put coin E past
    square 28 and hang PROCPRINT: the corrected line 20 draws again and the board appears."""
    if harness.name == "atom":
        seeds = [s for s in range(1, 2000)
                 if ref.listing_start_position(atom_rnd(s))[4] >= 29][:CORRECTED_STARTS]
    else:
        seeds = list(range(1, CORRECTED_STARTS + 1))
    assert len(seeds) == CORRECTED_STARTS
    for seed in seeds:
        harness.command(seed_command(harness.name, seed))
        harness.machine.type("RUN\r", **harness.timing)
        board = harness.wait_for_board()
        assert board is not None and board[4] <= ref.LAST_START_SQUARE, seed
        harness.machine.type("\x1b", **harness.timing)          # ESCAPE: back to the prompt
        harness.machine.run_until_typed()
        wait_for_prompt(harness.machine, 5, "ESCAPE")


# --- the Atom listing as printed ----------------------------------------------------------------

@pytest.fixture(scope="module")
def atom_as_printed():
    return Harness("atom", PROGRAMS / "silver_dollar_atom_as_printed.bas")


def hanging_atom_seed():
    return next(s for s in range(1, 1000) if ref.listing_start_position(atom_rnd(s))[4] >= 29)


def test_as_printed_atom_hangs_printing_dots_when_e_starts_past_square_28(atom_as_printed):
    seed = hanging_atom_seed()
    start = ref.listing_start_position(atom_rnd(seed))
    assert start[4] >= 29
    h = atom_as_printed
    h.command(seed_command("atom", seed))
    h.machine.type("RUN\r", **h.timing)
    h.machine.run_until_typed()
    with pytest.raises(Exception, match="no '>' prompt"):
        wait_for_prompt(h.machine, 20, "the printed listing")      # 20 emulated seconds: no end
    rows = h.rows()
    assert read_board(rows) is None
    assert sum(set(r) == {"."} and len(r) == 32 for r in rows) >= 14   # a screen of dots, scrolling
    h.machine.type("\x1b", **h.timing)                                 # ESCAPE stops it
    h.machine.run_until_typed()
    wait_for_prompt(h.machine, 2, "ESCAPE")


def test_as_printed_atom_plays_like_the_reference_when_the_start_fits(atom_as_printed):
    seed = next(s for s in range(1, 100) if ref.listing_start_position(atom_rnd(s))[4] <= 28)
    game = atom_as_printed.play(seed, Policy(best=0.5, illegal=0.3))
    assert game.start == ref.listing_start_position(atom_rnd(seed))
    assert game.mismatches == [] and game.winner in ("computer", "human")


# --- the BBC listing as printed -----------------------------------------------------------------

@pytest.mark.skipif(BBC_MISSING is not None, reason=str(BBC_MISSING))
def test_as_printed_bbc_stops_at_line_25_and_shows_moved_coins_as_digits():
    h = Harness("bbc", PROGRAMS / "silver_dollar_bbc_as_printed.bas")
    h.command("RUN")
    assert "No such variable at line 25" in h.screen_text()
    h.command("25 CLS:PROCPRINT")                    # mend line 25 as a reader would, keep 6010
    h.command("X=RND(-1)")
    h.machine.type("RUN\r", **h.timing)
    start = h.wait_for_board()
    move = ref.legal_moves(start)[0]
    for char in ref.keys_for_move(move):
        h.key(char)
    row = next(r for r in h.rows() if r.startswith(" "))
    assert row[start[move.coin - 1] - move.distance + 1] == str(move.coin)   # line 6010: a digit
