"""The Atom Silver Dollar (basic_programs/silver_dollar_atom.bas, as printed and corrected) plays
the same game on Acorn's ROMs as on ours when the same RND seed is poked (issue 19): both machines
are typed the same listing, seeded with `!8=n;?12=0` and played by the same seeded human; every
board read off the two screens, move by move, must be the same.  Acorn's ROMs are only run."""
from pathlib import Path

import pytest

from emulator.basic.silver_dollar_harness import Harness, Policy, atom_rnd
from emulator.reference import silver_dollar as ref

LISTING = Path(__file__).resolve().parents[2] / "basic_programs" / "silver_dollar_atom.bas"
SEEDS = (10, 14, 27, 39, 40, 41)    # starts with many empty squares: long games


@pytest.fixture(scope="module")
def acorn(acorn_atom_roms):
    return Harness("atom", LISTING, roms=str(acorn_atom_roms))


@pytest.fixture(scope="module")
def ours(acorn_atom_roms):
    return Harness("atom", LISTING)


@pytest.mark.parametrize("seed", SEEDS)
def test_same_game_on_acorns_roms_and_ours(acorn, ours, seed):
    policy = Policy(best=0.5, illegal=0.3)
    theirs, mine = acorn.play(seed, policy), ours.play(seed, policy)
    assert theirs.start == ref.corrected_start_position(atom_rnd(seed))
    assert mine.boards == theirs.boards
    assert (mine.winner, mine.mismatches) == (theirs.winner, theirs.mismatches) \
        and theirs.mismatches == []
    assert len(theirs.boards) >= 4
