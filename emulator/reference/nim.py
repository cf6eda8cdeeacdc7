"""Reference implementations of the Nim family, following the seed texts.

Seeds (in ``/work/shared/seeds/``):

* ``000_75170d6c7cafe3cd.txt`` and ``002_d9b41c53666b5cce.txt`` -- two renderings of
  "Games Playing with Computers", chapter 1 "Algorithms", section 1.1 NIM.  Source of the
  single-pile game, Bouton's procedure and its worked examples (1,3,5,7,11 and
  1,3,5,7,11,13), the move from a safe position, the reverse (misere) adjustment, and the
  "(incomplete)" table method for taking from up to N piles (Fig. 1.2).
* ``003_e7e38cd811226b4e.txt`` -- lecture notes "Problem solving and computer games",
  section 2.1 Nim: a summary of the same material (same examples, same misere rule).
* ``004_22ba77eae9af75b2.txt`` -- chapter ten "Games of Pure Skill and Competitive
  Computers", sections "Nim and Its Variations" and "Moore's Nim": the digital sum, the
  examples 8,7,15 (safe), 4,7,2 (unsafe) and 4,5,6 (three winning moves), the misere rule
  "1, 1, 0, ..., 0 is unsafe and 1, 0, ..., 0 is safe", and Moore's Nim_k safety condition
  ("for every place j, the sum of the n digits c_ij is exactly divisible by k + 1").

Vocabulary: a position is *safe* when the player who has just moved into it wins with
correct play (the seeds' word); the player to move from a safe position loses.  Piles are
given as a sequence of non-negative ints; moves name the pile by its index in that
sequence (0-based) and say how many matches are taken and how many are left.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import reduce
from itertools import combinations
from typing import Sequence

__all__ = [
    "NimMove",
    "MooreMove",
    "nim_sum",
    "is_safe",
    "winning_moves",
    "winning_move",
    "move_from_safe_position",
    "bouton_move",
    "misere_is_safe",
    "misere_move",
    "single_pile_max_take",
    "single_pile_is_safe",
    "single_pile_bit_method",
    "single_pile_move",
    "reverse_single_pile_is_safe",
    "reverse_single_pile_move",
    "moore_column_sums",
    "moore_is_safe",
    "moore_winning_move",
    "moore_move",
    "moore_table_bits",
    "moore_table_move",
]


@dataclass(frozen=True)
class NimMove:
    """Take ``take`` matches from pile ``pile`` (0-based index), leaving ``leave``."""

    pile: int
    take: int
    leave: int


@dataclass(frozen=True)
class MooreMove:
    """A move in Moore's Nim_k: ``leaves`` maps each altered pile index to its new size."""

    leaves: tuple[tuple[int, int], ...]

    def apply(self, piles: Sequence[int]) -> list[int]:
        result = list(piles)
        for index, leave in self.leaves:
            result[index] = leave
        return result


def _check_piles(piles: Sequence[int]) -> list[int]:
    checked = [int(p) for p in piles]
    if any(p < 0 for p in checked):
        raise ValueError(f"pile sizes must be >= 0, got {list(piles)}")
    return checked


def _first_largest_pile(piles: Sequence[int]) -> int:
    """Index of the largest pile; the first one when several are equally large."""
    largest = max(piles)
    return list(piles).index(largest)


# ---------------------------------------------------------------------------------------
# Bouton's Nim (normal play: whoever takes the last match wins)
# ---------------------------------------------------------------------------------------

def nim_sum(piles: Sequence[int]) -> int:
    """The seeds' "binary non-equivalence" (000/002 section 1.1) or "digital sum" (004):
    the columns of the binary numbers added without carry, i.e. exclusive-or."""
    return reduce(lambda a, b: a ^ b, _check_piles(piles), 0)


def is_safe(piles: Sequence[int]) -> bool:
    """Normal-play safety: the nim-sum is zero ("because it is not zero, the position is
    unsafe", seed 000 section 1.1)."""
    return nim_sum(piles) == 0


def winning_moves(piles: Sequence[int]) -> list[NimMove]:
    """Every move that reaches a safe position, in pile order.

    Seed 000/002, section 1.1: "Take the result of nonequivalencing all the original
    numbers together ... Nonequivalence this number with each of the five original numbers
    in turn.  When a result is obtained which is less than the number of that pile, then we
    have a legal move which is also a solution."  Each "SUCCESS" line of the seed's tables
    is one entry of this list.  Empty when the position is already safe.
    """
    checked = _check_piles(piles)
    total = nim_sum(checked)
    moves = []
    for index, pile in enumerate(checked):
        leave = total ^ pile
        if leave < pile:
            moves.append(NimMove(index, pile - leave, leave))
    return moves


def winning_move(piles: Sequence[int]) -> NimMove | None:
    """The first winning move in pile order (the procedure stops at the first "SUCCESS"),
    or None from a safe position."""
    moves = winning_moves(piles)
    return moves[0] if moves else None


def move_from_safe_position(piles: Sequence[int]) -> NimMove:
    """Seed 000/002 section 1.1: "if presented with a safe position, the best thing to do is
    to take one from the largest pile and hope the opponent will make a mistake."  The seed
    does not say which pile when several are equally large; we take the first of them."""
    checked = _check_piles(piles)
    if not any(checked):
        raise ValueError("no matches left: the game is over")
    index = _first_largest_pile(checked)
    return NimMove(index, 1, checked[index] - 1)


def bouton_move(piles: Sequence[int]) -> NimMove:
    """The computer's move in normal-play Nim: the first winning move, else take one from
    the largest pile."""
    move = winning_move(piles)
    return move if move is not None else move_from_safe_position(piles)


# ---------------------------------------------------------------------------------------
# The reverse (misere) game: whoever takes the last match loses
# ---------------------------------------------------------------------------------------

def misere_is_safe(piles: Sequence[int]) -> bool:
    """Safety in the reverse game.

    Seed 004 ("Nim and Its Variations"): "The basic strategy remains unaltered, except that
    the configuration 1, 1, 0, 0, ..., 0 is unsafe and 1, 0, 0, ..., 0 is safe."  In general,
    when no pile holds more than one match the position is safe exactly when an odd number
    of one-match piles remain (seed 000/002: "make the move that ensures an odd number of
    one-match piles is left"); otherwise the normal nim-sum test applies.  The empty
    position is unsafe: whoever left it took the last match and lost.
    """
    checked = _check_piles(piles)
    if all(p <= 1 for p in checked):
        return sum(checked) % 2 == 1
    return nim_sum(checked) == 0


def misere_move(piles: Sequence[int]) -> NimMove:
    """The computer's move in the reverse game.

    Seed 000/002 section 1.1 (also 003 section 2.1): "when the game reaches a point when
    only one pile has more than one match (such a position is inevitable), then make the
    move that ensures an odd number of one-match piles is left.  For example, if the
    position is 1,1,1,7, then take all 7 matches; if the position is 1,1,1,1,7, then take 6
    matches from the last pile."  With two or more piles above one the move is the normal
    one (`bouton_move`, including "take one from the largest pile" from a safe position).
    When every pile holds at most one match the only kind of move is to take a single
    match; we take it from the first non-empty pile.
    """
    checked = _check_piles(piles)
    if not any(checked):
        raise ValueError("no matches left: the game is over")
    big_piles = [i for i, p in enumerate(checked) if p > 1]
    if len(big_piles) == 1:
        index = big_piles[0]
        one_match_piles = sum(1 for p in checked if p == 1)
        leave = 0 if one_match_piles % 2 == 1 else 1
        return NimMove(index, checked[index] - leave, leave)
    if not big_piles:
        index = next(i for i, p in enumerate(checked) if p == 1)
        return NimMove(index, 1, 0)
    return bouton_move(checked)


# ---------------------------------------------------------------------------------------
# The single-pile game of section 1.1: take 1..half, whoever takes the last match loses
# ---------------------------------------------------------------------------------------

def single_pile_max_take(matches: int) -> int:
    """Largest legal take: "any number of matches from the pile, not exceeding half the
    total" (seed 000/002 section 1.1; "if there are 17 matches, the player can remove any
    number from 1 to 8").  The rule allows nothing from a single match, but a player must
    move, so the last match may always be taken (and that player loses)."""
    if matches < 1:
        raise ValueError("the pile is empty: the game is over")
    return max(1, matches // 2)


def single_pile_is_safe(matches: int) -> bool:
    """Safe pile sizes are "the series 2^n - 1, i.e. 31,15,7,3,1" (seed 000/002)."""
    return matches >= 1 and (matches + 1) & matches == 0


def single_pile_bit_method(matches: int) -> int:
    """The machine's calculation (seed 000/002, the 47-match example): "The machine finds
    the most significant 1 bit ... It then removes this bit and adds 1 to the number left"
    -- the result is the number of matches to take (47 -> 16)."""
    if matches < 1:
        raise ValueError("the pile is empty: the game is over")
    top_bit = 1 << (matches.bit_length() - 1)
    return matches - top_bit + 1


def single_pile_move(matches: int) -> int:
    """Matches the computer takes.  Seed 000/002: "If the position is unsafe then the answer
    cannot exceed half the original number; unfortunately if the machine is presented with
    a safe position then the answer will be illegal.  The machine therefore checks for this
    case and, when it occurs, only removes 1 match."  The check modelled here is the one the
    text implies -- the bit method's answer exceeds half the pile -- which happens exactly
    for the safe sizes 2^n - 1 (tested)."""
    take = single_pile_bit_method(matches)
    if take > matches // 2:
        take = 1
    return take


def reverse_single_pile_is_safe(matches: int) -> bool:
    """The single-pile game "played in reverse, i.e. the player who picks up the last match
    is now the winner" (seed 000/002), whose safe series the seed starts ("2 is safe, then
    5, and so on") and leaves the formula as an exercise.  Our derivation: each safe size is
    twice the previous plus one, so the safe sizes are 0 and 3 * 2^n - 1 (2, 5, 11, 23, 47,
    ...); tests confirm it against an exhaustive game-tree search."""
    if matches < 0:
        raise ValueError("pile size must be >= 0")
    if matches == 0:
        return True
    quotient, remainder = divmod(matches + 1, 3)
    return remainder == 0 and quotient & (quotient - 1) == 0


def reverse_single_pile_move(matches: int) -> int:
    """Matches to take in the reverse single-pile game: down to the largest safe size below
    the pile when that is within reach, otherwise (from a safe size) one match."""
    max_take = single_pile_max_take(matches)
    for take in range(1, max_take + 1):
        if reverse_single_pile_is_safe(matches - take):
            return take
    return 1


# ---------------------------------------------------------------------------------------
# Moore's Nim_k: a move takes from up to k piles (at least one match from each pile touched)
# ---------------------------------------------------------------------------------------

def _check_k(k: int) -> None:
    if k < 1:
        raise ValueError(f"Moore's Nim needs k >= 1, got {k}")


def moore_column_sums(piles: Sequence[int], k: int) -> list[int]:
    """Each binary column's count of ones modulo k + 1, least significant column first.

    Seed 000/002 calls this "non-equivalence ... defined to result in zero when (N + 1) 1's
    are added together ... the addition is modulo (N + 1) with no carry"; for 1,3,5,7,11 and
    N = 2 the seed writes the result as 1202 (most significant first), i.e. [2, 0, 2, 1] here.
    """
    _check_k(k)
    checked = _check_piles(piles)
    width = max(checked, default=0).bit_length()
    return [sum((p >> bit) & 1 for p in checked) % (k + 1) for bit in range(width)]


def moore_is_safe(piles: Sequence[int], k: int) -> bool:
    """Moore's condition (seed 004, "Moore's Nim"): safe "if and only if for every place j,
    the sum of the n digits c_ij is exactly divisible by k + 1"."""
    return not any(moore_column_sums(piles, k))


def moore_winning_move(piles: Sequence[int], k: int) -> MooreMove | None:
    """A move to a safe position in Nim_k, or None from a safe position.

    The seeds give only an "(incomplete) solution" (`moore_table_move`); this is the
    constructive step of Moore's theorem ("it was still always possible to produce a safe
    position from an unsafe position", seed 000/002), worked from the top bit down.  Piles
    already lowered at a higher bit ("touched") may take any lower bits.  At each bit, with
    r = (ones among untouched piles) mod (k+1) and m touched piles: if m + r <= k, clear
    this bit in r more untouched piles (largest piles first) and give the touched piles a
    0 here; otherwise set this bit in k+1-r of the touched piles.  At most k piles are
    touched and each touched pile ends strictly smaller.
    """
    _check_k(k)
    checked = _check_piles(piles)
    if moore_is_safe(checked, k):
        return None
    preference = sorted(range(len(checked)), key=lambda i: (-checked[i], i))
    new = list(checked)
    touched: list[int] = []
    for bit in range(max(checked).bit_length() - 1, -1, -1):
        mask = 1 << bit
        ones_untouched = [i for i in preference if i not in touched and checked[i] & mask]
        remainder = len(ones_untouched) % (k + 1)
        if remainder == 0:
            continue
        if len(touched) + remainder <= k:
            for index in ones_untouched[:remainder]:
                # keep the higher bits, clear this one; lower bits are decided below
                new[index] = (checked[index] >> (bit + 1)) << (bit + 1)
                touched.append(index)
        else:
            for index in touched[: k + 1 - remainder]:
                new[index] |= mask
    return MooreMove(tuple(sorted((i, new[i]) for i in touched)))


def moore_move(piles: Sequence[int], k: int) -> MooreMove:
    """The computer's Nim_k move: a winning move, else (from a safe position) one match from
    the largest pile, as the seed advises for ordinary Nim."""
    move = moore_winning_move(piles, k)
    if move is not None:
        return move
    fallback = move_from_safe_position(piles)
    return MooreMove(((fallback.pile, fallback.leave),))


def moore_table_bits(whole_digit: int, subset_digit: int, k: int) -> tuple[int, ...]:
    """One cell of the seed's Fig. 1.2 ("Tables to play 'multiple heap removal' Nim").

    The row is the column digit of the whole position, the column the digit of the k piles
    being altered (both modulo k+1); the cell holds the k new bits for those piles.  The
    cells of the seed's N = 2, 3 and 4 tables are the needed count of ones,
    (subset_digit - whole_digit) mod (k+1), written with the ones on the right: "0 0",
    "0 1", "1 1" for N = 2 (tested against the printed tables)."""
    _check_k(k)
    needed = (subset_digit - whole_digit) % (k + 1)
    return (0,) * (k - needed) + (1,) * needed


def moore_table_move(piles: Sequence[int], k: int) -> MooreMove | None:
    """The seed's "(incomplete) solution" for Nim_k (seed 000/002, section 1.1, Fig. 1.2).

    "Consider first the two largest numbers" -- the k largest piles, listed smallest first
    as the seed lists (7, 11) -- take their column digits mod (k+1) and the whole position's,
    look up each column in the table and build the new pile sizes from the bits (the first
    bit of a cell goes to the first pile listed).  If the new sizes are not below the old
    ones, "discard illegal (incrementing) solutions, and permutate the piles in pairs until
    a legal solution is reached": we try every set of k piles, the k largest first, then
    the rest in order of size.  A set counts as legal when no pile grows and at least one
    shrinks (the seed's example has both strictly smaller; a pile left unchanged is simply
    not taken from).  "When the number of piles is equal to or less than N, then the machine
    must recognise this and remove all the matches."  Returns None when no set works (the
    method is incomplete) or the position is already safe.
    """
    _check_k(k)
    checked = _check_piles(piles)
    if moore_is_safe(checked, k):
        return None
    non_empty = [i for i, p in enumerate(checked) if p]
    if len(non_empty) <= k:
        return MooreMove(tuple((i, 0) for i in non_empty))
    width = max(checked).bit_length()
    whole = moore_column_sums(checked, k) + [0] * width
    by_size = sorted(range(len(checked)), key=lambda i: (-checked[i], i))
    for chosen in combinations(by_size, k):
        listed = sorted(chosen, key=lambda i: (checked[i], i))
        subset = moore_column_sums([checked[i] for i in listed], k) + [0] * width
        new_sizes = [0] * k
        for bit in range(width):
            for slot, value in enumerate(moore_table_bits(whole[bit], subset[bit], k)):
                new_sizes[slot] |= value << bit
        olds = [checked[i] for i in listed]
        if all(n <= o for n, o in zip(new_sizes, olds)) and new_sizes != olds:
            return MooreMove(tuple(sorted(zip(listed, new_sizes))))
    return None
