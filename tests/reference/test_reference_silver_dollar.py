"""Tests of emulator.reference.silver_dollar against the listings in seed 001."""

from __future__ import annotations

import itertools
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

# Same examples on every run (the suite is deterministic); no example database on disk.
DETERMINISTIC = settings(derandomize=True, database=None)

from emulator.reference.silver_dollar import (
    BOARD_SQUARES,
    COMPUTER,
    HUMAN,
    LAST_START_SQUARE,
    Game,
    IllegalMove,
    Move,
    ScreenRow,
    apply_move,
    board_row,
    computer_move,
    corrected_start_position,
    empty_squares_left,
    heaps,
    is_legal_move,
    is_safe,
    is_won,
    keyboard_move,
    keys_for_move,
    legal_moves,
    listing_start_position,
    nim_sum,
    print_loop_terminates,
    rnd_from_random,
    rnd_from_sequence,
    safe_position_move,
    start_gap,
    validate_position,
    winning_move,
)


def position_from_gaps(gaps) -> tuple[int, ...]:
    """Empty squares left of each coin -> squares."""
    squares, previous = [], -1
    for gap in gaps:
        previous += gap + 1
        squares.append(previous)
    return tuple(squares)


on_board_positions = (
    st.lists(st.integers(min_value=0, max_value=7), min_size=5, max_size=5)
    .filter(lambda gaps: sum(gaps) + 4 <= LAST_START_SQUARE)
    .map(position_from_gaps)
)


def check_invariants(position) -> None:
    assert validate_position(position) == tuple(position)
    assert 0 <= position[0] and position[4] <= LAST_START_SQUARE


# --- the article's example and the listing's search order -------------------------------

def test_article_example_moves_a_two_places():
    # "3, 5, 4 ... it can be made safe by moving the A two places to the left"
    position = position_from_gaps([3, 0, 5, 0, 4])
    assert heaps(position) == (3, 5, 4)
    assert nim_sum(position) == 2 and not is_safe(position)
    assert computer_move(position) == Move(1, 2)
    after = apply_move(position, Move(1, 2))
    assert heaps(after) == (1, 5, 4) and is_safe(after)


def test_winning_move_takes_the_first_heap_that_can_be_lowered():
    # heaps 6, 5, 4: S = 7 and every heap can be lowered; line 1030 starts at TT(0)
    position = position_from_gaps([6, 2, 5, 1, 4])
    assert heaps(position) == (6, 5, 4)
    assert winning_move(position) == Move(1, 5)
    # heaps 1, 2, 4: only TT(2) can be lowered -> coin E (N = 2*2+1)
    position = position_from_gaps([1, 0, 2, 3, 4])
    assert winning_move(position) == Move(5, 1)
    # heaps 4, 6, 1: S = 3; TT(0) cannot be lowered, TT(1) can -> coin C moves 6 - 5 = 1
    position = position_from_gaps([4, 0, 6, 0, 1])
    assert winning_move(position) == Move(3, 1)


def test_move_from_a_safe_position_is_the_first_movable_coin_by_half_its_run():
    # all heaps 0; A is packed, B has one empty square: run 2 -> T = 1
    position = position_from_gaps([0, 1, 0, 5, 0])
    assert is_safe(position) and winning_move(position) is None
    assert computer_move(position) == safe_position_move(position) == Move(2, 1)
    # heaps 5, 5, 0: A has 5 empty squares, run 6 -> T = 3
    assert computer_move(position_from_gaps([5, 0, 5, 0, 0])) == Move(1, 3)
    # odd runs round down: 2 empty squares (run 3) -> T = 1, 4 (run 5) -> T = 2
    assert computer_move(position_from_gaps([2, 0, 2, 0, 0])) == Move(1, 1)
    assert computer_move(position_from_gaps([4, 0, 4, 0, 0])) == Move(1, 2)
    # 3 empty squares -> run 4 -> T = 2; D moving lengthens heap D-E, as the listing does
    position = position_from_gaps([0, 0, 0, 3, 0])
    assert computer_move(position) == Move(4, 2)
    assert heaps(apply_move(position, Move(4, 2))) == (0, 0, 2)
    with pytest.raises(ValueError):
        safe_position_move((0, 1, 2, 3, 4))


def test_win_test():
    assert is_won((0, 1, 2, 3, 4))
    assert not is_won((0, 1, 2, 3, 5))
    assert not is_won((1, 2, 3, 4, 5))


# --- the human's move --------------------------------------------------------------------

def test_human_move_rules():
    position = position_from_gaps([0, 2, 0, 1, 3])  # A packed, C right against B
    assert empty_squares_left(position, 2) == 2
    assert is_legal_move(position, Move(2, 1)) and is_legal_move(position, Move(2, 2))
    assert not is_legal_move(position, Move(2, 3))
    assert not is_legal_move(position, Move(2, 0))
    assert not is_legal_move(position, Move(1, 1))  # A is against the wall
    assert not is_legal_move(position, Move(3, 1))  # C is against B
    assert legal_moves(position) == [Move(2, 1), Move(2, 2), Move(4, 1),
                                      Move(5, 1), Move(5, 2), Move(5, 3)]
    with pytest.raises(IllegalMove):
        apply_move(position, Move(3, 1))
    with pytest.raises(ValueError):
        Move(6, 1)


def test_keyboard_model_of_procmove():
    position = position_from_gaps([0, 2, 0, 1, 3])
    assert keys_for_move(Move(5, 2)) == "EE\r"
    outcome = keyboard_move(position, "EE\r")
    assert outcome.move == Move(5, 2) and outcome.bleeps == 0 and outcome.keys_used == 3
    # RETURN, lower case, F, digits bleep; A (against the wall) and C (against B) bleep
    outcome = keyboard_move(position, "\ra F1AC" + "B\r")
    assert outcome.move == Move(2, 1) and outcome.bleeps == 7
    # after the first letter any key but RETURN moves the same coin: "DE" moves D twice...
    outcome = keyboard_move(position_from_gaps([0, 0, 0, 4, 1]), "DE\r")
    assert outcome.move == Move(4, 2)
    # ...and keys past the last empty square bleep
    outcome = keyboard_move(position, "BBBB\r")
    assert outcome.move == Move(2, 2) and outcome.bleeps == 2
    # keys ran out before RETURN: the coin has already gone
    outcome = keyboard_move(position, [ord("E"), ord("E")])
    assert outcome.move is None and outcome.coin == 5 and outcome.squares_moved == 2


# --- the screen row ------------------------------------------------------------------------

def test_board_row_and_the_two_listings_budge():
    position = position_from_gaps([3, 0, 5, 0, 4])
    row = board_row(position)
    assert row == " ...AB.....CD....E" + "." * 13
    assert len(row) == 1 + BOARD_SQUARES
    atom, bbc = ScreenRow(position, "letters"), ScreenRow(position, "digits")
    atom.move(Move(1, 2))
    bbc.move(Move(1, 2))
    assert atom.text == " .A..B.....CD....E" + "." * 13
    assert bbc.text == " .1..B.....CD....E" + "." * 13  # BBC line 6010 prints the digit
    assert atom.position == bbc.position == apply_move(position, Move(1, 2))
    with pytest.raises(ValueError):
        ScreenRow(position, "emoji")


def test_print_loop_needs_e_on_square_28_or_less():
    assert print_loop_terminates((0, 1, 2, 3, 28))
    assert not print_loop_terminates((0, 1, 2, 3, 29))  # REPEAT runs once: N goes 30 -> 31
    assert board_row((0, 1, 2, 3, 28)).endswith("E.")
    with pytest.raises(ValueError):
        board_row((0, 1, 2, 3, 29))


# --- the start position ------------------------------------------------------------------

def test_start_gap_is_abs_rnd_mod_8_plus_1():
    assert [start_gap(v) for v in (0, 1, 7, 8, -1, -9, 2**31 - 1, -2**31)] == \
        [1, 2, 8, 1, 2, 2, 8, 1]


def test_listing_start_from_a_given_rnd_sequence():
    assert listing_start_position(rnd_from_sequence([3, -5, 0, 12, 7])) == (3, 9, 10, 15, 23)
    assert listing_start_position(rnd_from_sequence([7] * 5)) == (7, 15, 23, 31, 39)
    with pytest.raises(ValueError):
        listing_start_position(rnd_from_sequence([1, 2]))


def test_corrected_start_redraws_all_five_values():
    values = [7, 7, 7, 7, 7, 3, -5, 0, 12, 7]
    assert corrected_start_position(rnd_from_sequence(values)) == (3, 9, 10, 15, 23)


def test_listing_start_exceeds_the_board_in_2898_of_32768_cases():
    over = sum(1 for steps in itertools.product(range(1, 9), repeat=5) if sum(steps) - 1 > 28)
    assert over == 2898


def test_100000_corrected_starts_stay_on_the_board():
    rnd = rnd_from_random(random.Random(20261122))
    for _ in range(100_000):
        position = corrected_start_position(rnd)
        assert position[4] <= LAST_START_SQUARE
        assert position[0] >= 0
    # the uncorrected line 20 does leave the board, about 8.8% of the time
    rnd = rnd_from_random(random.Random(7))
    over = sum(1 for _ in range(20_000) if not print_loop_terminates(listing_start_position(rnd)))
    assert 0.07 < over / 20_000 < 0.11


def test_rnd_from_random_gives_signed_32_bit_values():
    rnd = rnd_from_random(random.Random(3))
    values = [rnd() for _ in range(2000)]
    assert all(-2**31 <= v < 2**31 for v in values)
    assert min(values) < 0 < max(values)


# --- properties ------------------------------------------------------------------------------

@DETERMINISTIC
@given(on_board_positions)
def test_computer_move_is_legal_and_keeps_the_invariants(position):
    if is_won(position):
        return
    move = computer_move(position)
    assert is_legal_move(position, move)
    after = apply_move(position, move)
    check_invariants(after)
    if not is_safe(position):
        assert is_safe(after)
        assert move.coin in (1, 3, 5)


@DETERMINISTIC
@given(on_board_positions)
def test_every_legal_move_from_a_safe_position_is_unsafe(position):
    if not is_safe(position):
        position = apply_move(position, computer_move(position))
    for move in legal_moves(position):
        assert not is_safe(apply_move(position, move))


@settings(DETERMINISTIC, max_examples=200)
@given(on_board_positions, st.randoms(use_true_random=False))
def test_games_against_a_random_human(position, chooser):
    game = Game(position)
    computer_had_unsafe = False
    for _ in range(200):
        if game.finished:
            break
        game.play_human(chooser.choice(legal_moves(game.position)))
        if game.finished:
            break
        computer_had_unsafe |= not is_safe(game.position)
        game.play_computer()
        check_invariants(game.position)
    assert game.finished
    if is_safe(position) or computer_had_unsafe:
        assert game.winner == COMPUTER


def test_game_steps_and_turns():
    game = Game(position_from_gaps([0, 0, 0, 0, 2]))  # only E can move
    assert game.to_move == HUMAN and not game.finished
    assert game.legal(Move(5, 2)) and not game.legal(Move(4, 1))
    with pytest.raises(IllegalMove):
        game.play_computer()
    game.play_human(Move(5, 2))
    assert game.finished and game.winner == HUMAN  # "YOU WIN!"
    assert game.history == [(HUMAN, Move(5, 2))]
    with pytest.raises(IllegalMove):
        game.apply(Move(5, 1))

    game = Game(position_from_gaps([0, 0, 0, 0, 2]))
    game.play_human(Move(5, 1))
    assert game.computer_move() == Move(5, 1)
    assert game.play_computer() == Move(5, 1)
    assert game.winner == COMPUTER  # "I WIN!"


def test_packed_start_is_an_immediate_computer_win():
    game = Game(listing_start_position(rnd_from_sequence([0, 8, 16, -8, -2**31])))
    assert game.position == (0, 1, 2, 3, 4)
    assert game.finished and game.winner == COMPUTER


def test_every_position_on_the_board_exhaustively():
    """All C(29, 5) = 118,755 placements with E on squares 0..28."""
    count = safe_count = 0
    for position in itertools.combinations(range(LAST_START_SQUARE + 1), 5):
        count += 1
        if is_won(position):
            continue
        move = computer_move(position)
        assert is_legal_move(position, move), position
        after = apply_move(position, move)
        if is_safe(position):
            safe_count += 1
            for reply in legal_moves(position):
                assert not is_safe(apply_move(position, reply)), (position, reply)
        else:
            assert is_safe(after) and move.coin in (1, 3, 5), position
    assert count == 118_755
    assert 0 < safe_count < count
