"""Tests of emulator.reference.nim: the seeds' worked examples, exhaustive game-tree checks
on small positions, and property tests."""

from __future__ import annotations

from functools import lru_cache
from itertools import combinations, product

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

# Same examples on every run (the suite is deterministic); no example database on disk.
DETERMINISTIC = settings(derandomize=True, database=None)

from emulator.reference.nim import (
    MooreMove,
    NimMove,
    bouton_move,
    is_safe,
    misere_is_safe,
    misere_move,
    moore_column_sums,
    moore_is_safe,
    moore_move,
    moore_table_bits,
    moore_table_move,
    moore_winning_move,
    move_from_safe_position,
    nim_sum,
    reverse_single_pile_is_safe,
    reverse_single_pile_move,
    single_pile_bit_method,
    single_pile_is_safe,
    single_pile_max_take,
    single_pile_move,
    winning_move,
    winning_moves,
)


def apply(piles, move: NimMove) -> list[int]:
    assert 1 <= move.take <= piles[move.pile]
    assert move.leave == piles[move.pile] - move.take
    result = list(piles)
    result[move.pile] = move.leave
    return result


def all_moves(piles):
    for index, pile in enumerate(piles):
        for take in range(1, pile + 1):
            yield NimMove(index, take, pile - take)


# --- exhaustive game-tree solvers (the truth the formulas are checked against) ----------

@lru_cache(maxsize=None)
def mover_loses_normal(piles: tuple[int, ...]) -> bool:
    """Normal play: a player with no move has lost (the opponent took the last match)."""
    return not any(mover_loses_normal(tuple(sorted(apply(piles, m)))) for m in all_moves(piles))


@lru_cache(maxsize=None)
def mover_loses_misere(piles: tuple[int, ...]) -> bool:
    """Reverse game: with no matches left the mover has won (the opponent took the last)."""
    if not any(piles):
        return False
    return not any(mover_loses_misere(tuple(sorted(apply(piles, m)))) for m in all_moves(piles))


def moore_moves(piles, k):
    indices = [i for i, p in enumerate(piles) if p]
    for count in range(1, k + 1):
        for chosen in combinations(indices, count):
            for takes in product(*(range(1, piles[i] + 1) for i in chosen)):
                result = list(piles)
                for i, t in zip(chosen, takes):
                    result[i] -= t
                yield result


@lru_cache(maxsize=None)
def mover_loses_moore(piles: tuple[int, ...], k: int) -> bool:
    return not any(mover_loses_moore(tuple(sorted(r)), k) for r in moore_moves(piles, k))


def is_legal_moore(before, after, k) -> bool:
    changed = [i for i, (b, a) in enumerate(zip(before, after)) if a != b]
    return 1 <= len(changed) <= k and all(0 <= after[i] < before[i] for i in changed)


# --- Bouton's Nim: the seeds' worked examples -------------------------------------------

def test_seed_000_piles_1_3_5_7_11_only_move_empties_the_eleven():
    piles = [1, 3, 5, 7, 11]
    assert nim_sum(piles) == 0b1011
    # the seed's table: each pile neqv 1011 = 1010, 1000, 1110, 1100, 0000
    assert [p ^ 0b1011 for p in piles] == [0b1010, 0b1000, 0b1110, 0b1100, 0b0000]
    assert winning_moves(piles) == [NimMove(pile=4, take=11, leave=0)]
    assert bouton_move(piles) == NimMove(4, 11, 0)


def test_seed_000_piles_1_3_5_7_11_13_have_three_winning_moves():
    piles = [1, 3, 5, 7, 11, 13]
    assert nim_sum(piles) == 0b0110
    moves = winning_moves(piles)
    # "leave 3 in the third pile, leave 1 in the fourth pile, or leave 11 in the sixth pile"
    assert [(m.pile, m.leave) for m in moves] == [(2, 3), (3, 1), (5, 11)]
    for move in moves:
        assert is_safe(apply(piles, move))
    # the procedure takes the first success in pile order
    assert winning_move(piles) == NimMove(2, 2, 3)


def test_seed_004_digital_sum_examples():
    assert is_safe([8, 7, 15])
    assert nim_sum([4, 7, 2]) == 1 and not is_safe([4, 7, 2])
    # "removing one chip from the pile of four, or three chips from the pile of five, or five
    # chips from the pile of six produces even parity"
    assert nim_sum([4, 5, 6]) == 0b111
    assert [(m.pile, m.take) for m in winning_moves([4, 5, 6])] == [(0, 1), (1, 3), (2, 5)]


def test_seed_004_coins_on_a_strip_and_stepine():
    # Figure 10-4: gaps 2, 0, 3 -> "reduces the gap of three squares to two squares"
    assert winning_moves([2, 0, 3]) == [NimMove(2, 1, 2)]
    # Stepine's game, intervals 3, 4, 1, 7: "reducing the 3, 1, or 7 interval by one"
    assert [(m.pile, m.take) for m in winning_moves([3, 4, 1, 7])] == [(0, 1), (2, 1), (3, 1)]


def test_safe_position_takes_one_from_the_first_largest_pile():
    assert winning_move([1, 2, 3]) is None
    assert bouton_move([1, 2, 3]) == NimMove(2, 1, 2)
    assert move_from_safe_position([5, 5]) == NimMove(0, 1, 4)
    with pytest.raises(ValueError):
        bouton_move([0, 0])
    with pytest.raises(ValueError):
        nim_sum([3, -1])


def test_nim_safety_matches_the_game_tree():
    for piles in product(range(6), repeat=3):
        assert is_safe(piles) == mover_loses_normal(tuple(sorted(piles))), piles


pile_lists = st.lists(st.integers(min_value=0, max_value=60), min_size=1, max_size=7)


@DETERMINISTIC
@given(pile_lists)
def test_bouton_move_from_unsafe_reaches_safe(piles):
    if is_safe(piles):
        assert winning_moves(piles) == []
    else:
        assert is_safe(apply(piles, bouton_move(piles)))


@DETERMINISTIC
@given(pile_lists)
def test_every_move_from_safe_reaches_unsafe(piles):
    piles = piles + [nim_sum(piles)]  # make it safe
    assert is_safe(piles)
    for move in all_moves(piles):
        assert not is_safe(apply(piles, move))


# --- the reverse (misere) game ----------------------------------------------------------

def test_seed_000_reverse_game_examples():
    assert misere_move([1, 1, 1, 7]) == NimMove(3, 7, 0)
    assert misere_move([1, 1, 1, 1, 7]) == NimMove(4, 6, 1)


def test_seed_004_misere_rule():
    assert not misere_is_safe([1, 1, 0, 0])
    assert misere_is_safe([1, 0, 0, 0])
    assert not misere_is_safe([0, 0])


def test_misere_safety_and_move_match_the_game_tree():
    for piles in product(range(6), repeat=4):
        key = tuple(sorted(piles))
        assert misere_is_safe(piles) == mover_loses_misere(key), piles
        if any(piles) and not misere_is_safe(piles):
            after = apply(piles, misere_move(piles))
            assert mover_loses_misere(tuple(sorted(after))), (piles, after)


@DETERMINISTIC
@given(pile_lists)
def test_misere_move_is_legal_and_wins_from_unsafe(piles):
    if not any(piles):
        return
    after = apply(piles, misere_move(piles))
    if not misere_is_safe(piles):
        assert misere_is_safe(after)


# --- the single-pile game ----------------------------------------------------------------

def test_seed_000_single_pile_examples():
    assert single_pile_max_take(17) == 8
    assert single_pile_bit_method(47) == 16
    assert single_pile_move(47) == 16
    assert [n for n in range(1, 40) if single_pile_is_safe(n)] == [1, 3, 7, 15, 31]
    assert single_pile_move(31) == 1 and single_pile_move(1) == 1


@lru_cache(maxsize=None)
def single_pile_mover_loses(matches: int, last_match_loses: bool) -> bool:
    if matches == 0:
        return not last_match_loses  # the opponent took the last match
    for take in range(1, single_pile_max_take(matches) + 1):
        if single_pile_mover_loses(matches - take, last_match_loses):
            return False
    return True


def test_single_pile_against_the_game_tree():
    for n in range(1, 300):
        assert single_pile_is_safe(n) == single_pile_mover_loses(n, True), n
        # the bit method's answer is illegal exactly for the safe sizes
        assert (single_pile_bit_method(n) > n // 2) == single_pile_is_safe(n), n
        take = single_pile_move(n)
        assert 1 <= take <= single_pile_max_take(n)
        if not single_pile_is_safe(n):
            assert single_pile_is_safe(n - take)


def test_reverse_single_pile_against_the_game_tree():
    safe = [n for n in range(0, 100) if reverse_single_pile_is_safe(n)]
    assert safe[:4] == [0, 2, 5, 11]  # seed: "2 is safe, then 5, and so on"
    for n in range(0, 400):
        assert reverse_single_pile_is_safe(n) == single_pile_mover_loses(n, False), n
        if n and not reverse_single_pile_is_safe(n):
            take = reverse_single_pile_move(n)
            assert 1 <= take <= single_pile_max_take(n)
            assert reverse_single_pile_is_safe(n - take)


# --- Moore's Nim_k -------------------------------------------------------------------------

def test_seed_000_moore_example_1_3_5_7_11_with_n_2():
    piles = [1, 3, 5, 7, 11]
    assert moore_column_sums(piles, 2)[::-1] == [1, 2, 0, 2]  # "1 2 0 2"
    assert moore_column_sums([7, 11], 2)[::-1] == [1, 1, 2, 2]  # "1 1 2 2"
    assert not moore_is_safe(piles, 2)
    # "a solution is to leave 6 matches each in place of the two largest piles"
    assert moore_table_move(piles, 2) == MooreMove(((3, 6), (4, 6)))
    assert moore_is_safe(MooreMove(((3, 6), (4, 6))).apply(piles), 2)


def test_seed_000_fig_1_2_tables():
    printed = {  # row = whole position's digit, column = altered piles' digit
        2: [["00", "01", "11"], ["11", "00", "01"], ["01", "11", "00"]],
        3: [["000", "001", "011", "111"], ["111", "000", "001", "011"],
            ["011", "111", "000", "001"], ["001", "011", "111", "000"]],
        1: [["0", "1"], ["1", "0"]],
    }
    for k, rows in printed.items():
        for whole, row in enumerate(rows):
            for subset, cell in enumerate(row):
                assert "".join(map(str, moore_table_bits(whole, subset, k))) == cell


def test_seed_000_table_method_3_4_5_with_n_1_rejects_the_largest_pile():
    # "altering the largest pile (5) results in (111) = 7, which is an impossible answer"
    assert 5 ^ nim_sum([3, 4, 5]) == 7
    assert moore_table_move([3, 4, 5], 1) == MooreMove(((0, 1),))


def test_table_method_is_incomplete():
    # Unsafe for k = 2, and a winning move exists, but no pair of piles works in the tables.
    piles = [3, 5, 6, 6]
    assert not moore_is_safe(piles, 2)
    assert moore_table_move(piles, 2) is None
    move = moore_winning_move(piles, 2)
    assert moore_is_safe(move.apply(piles), 2)


def test_few_piles_take_everything():
    assert moore_table_move([0, 4, 9], 2) == MooreMove(((1, 0), (2, 0)))
    assert moore_winning_move([0, 4, 9], 2).apply([0, 4, 9]) == [0, 0, 0]


@pytest.mark.parametrize("k,piles_count,top", [(1, 3, 5), (2, 3, 4), (2, 4, 3), (3, 4, 3)])
def test_moore_safety_matches_the_game_tree(k, piles_count, top):
    for piles in product(range(top + 1), repeat=piles_count):
        assert moore_is_safe(piles, k) == mover_loses_moore(tuple(sorted(piles)), k), piles


@settings(DETERMINISTIC, max_examples=300)
@given(st.integers(min_value=1, max_value=7),
       st.lists(st.integers(min_value=0, max_value=255), min_size=1, max_size=10))
def test_moore_winning_move_is_legal_and_safe(k, piles):
    move = moore_winning_move(piles, k)
    if moore_is_safe(piles, k):
        assert move is None
        fallback = moore_move(piles, k) if any(piles) else None
        if fallback is not None:
            assert is_legal_moore(piles, fallback.apply(piles), k)
        return
    after = move.apply(piles)
    assert is_legal_moore(piles, after, k)
    assert moore_is_safe(after, k)
    table = moore_table_move(piles, k)
    if table is not None:
        assert is_legal_moore(piles, table.apply(piles), k)
        assert moore_is_safe(table.apply(piles), k)
    if k == 1:
        assert table is not None  # for N = 1 the table is Bouton's procedure


@settings(DETERMINISTIC, max_examples=200)
@given(st.integers(min_value=1, max_value=7),
       st.lists(st.integers(min_value=0, max_value=63), min_size=2, max_size=8),
       st.data())
def test_every_moore_move_from_safe_reaches_unsafe(k, piles, data):
    piles = list(piles)
    unsafe_move = moore_winning_move(piles, k)
    if unsafe_move is not None:
        piles = unsafe_move.apply(piles)
    assert moore_is_safe(piles, k)
    non_empty = [i for i, p in enumerate(piles) if p]
    if not non_empty:
        return
    chosen = data.draw(st.lists(st.sampled_from(non_empty), min_size=1, max_size=k, unique=True))
    after = list(piles)
    for i in chosen:
        after[i] -= data.draw(st.integers(min_value=1, max_value=piles[i]))
    assert not moore_is_safe(after, k)
