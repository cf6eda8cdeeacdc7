"""Reference implementation of the Silver Dollar game exactly as the printed listings play it.

Source: seed ``001_355335b1b9b6d198.txt`` (article "SILVER-DOLLAR GAME" with a "BBC Computer
Version" and an "Atom Version" listing).  Line numbers below are the listings' own.

The model
=========
A position is the listing's array PP(1)..PP(5): the squares of coins A..E, numbered from 0
at the left; PP(0) = -1 is the wall left of square 0.  PROCPRINT (BBC 2000-2030, Atom p)
draws one row: a space, then squares 0..29 as "." or a coin letter, so square s is on screen
column s + 1.  The game as documented has 30 squares.

* Heaps (BBC 1000-1010, Atom i): TT(N) = PP(2N+1) - PP(2N) - 1 for N = 0, 1, 2 -- the dots
  left of A, between B and C, between D and E.  S = TT(0) EOR TT(1) EOR TT(2) (the Atom
  writes EOR as ``:``).
* Computer's move, unsafe position (1030-1040): N = 0, 1, 2 in turn, T = TT(N) - (S EOR TT(N));
  the first N with T > 0 is taken and coin 2N+1 (A, C or E) moves T squares left.  Coins B
  and D are never chosen here.
* Computer's move, safe position S = 0 (1100-1120): the first coin N = 1..5 with
  PP(N) - PP(N-1) >= 2 (at least one empty square on its left) moves
  T = (PP(N) - PP(N-1)) DIV 2 squares (Atom ``/``, integer division), i.e. half the empty
  squares on its left, rounded up.  This may be B or D, which lengthens a heap.  The article calls
  it "a random move"; it is deterministic.
* Win test FNWIN (BBC 4000-4100, Atom w): won when PP(N) = N - 1 for N = 1..5 (the coins
  packed on squares 0..4).  The main loop (30-60) tests it before the human's move (-> "I
  WIN!") and after it (-> "YOU WIN!"); the computer moves at 60.  The human always moves
  first, and a start position that is already packed makes the computer announce "I WIN!"
  before anyone has moved (line 35 on the first pass).
* Human's move PROCMOVE (BBC 3000-3110, Atom m/q/v): keys are read without echo (BBC GET,
  Atom the LINK R routine).  First key: anything outside "A".."E" (lower case, RETURN,
  digits...) bleeps (CHR$7) and is ignored (3010); a letter whose coin has no empty square
  on its left bleeps and is ignored (3060).  An accepted letter moves its coin one square at
  once (3075 -> 3100).  After that RETURN (13) ends the move (3080); *any other key* --
  including another coin's letter -- moves the *same* coin one more square (3100), or
  bleeps when it has reached the coin on its left / the wall (3090).  So a human move is one
  coin moved 1..(empty squares on its left) squares; it cannot be empty, cancelled or
  changed to another coin once the first letter is accepted.
* Start position (line 20, both listings): PP(0) = -1, then for N = 1..5
  PP(N) = PP(N-1) + ABS(RND) MOD 8 + 1 (Atom ``ABSRND%8+1``): five RND calls in coin order,
  each a random 32-bit integer; the gap to the previous coin is 1..8, so 0..7 empty squares.
  ABS(-2^31) cannot be represented, but -2^31 MOD 8 is 0 either way, and Python's
  ``abs(r) % 8`` gives the same 0..7 for every 32-bit r.  PP(5) can reach 39.

Listing behaviours and BBC/Atom differences (the reference models the documented game)
======================================================================================
1. Start past the board (line 20 + line 2020, both listings).  Line 20 can put coins on
   squares 30..39.  PROCPRINT's last loop, ``REPEAT PRINT".";N=N+1:UNTIL N=30`` (Atom
   ``DOPRINT".";N=N+1;UNTILN=30``), runs at least once, so it only ends when N (one past E)
   is <= 29, i.e. PP(5) <= 28.  With PP(5) >= 29 -- including E on the board's last square
   29 -- N passes 30 and the loop prints dots for ever (BBC: N is a real, so it never
   returns; Atom: N is a 32-bit integer and would only come back to 30 after wrapping round
   2^32 iterations).  For PP(5) <= 28 the row is exactly 30 squares and square 29 is empty.
   P(PP(5) >= 29) is 2,898/32,768 (about 8.8%).  `corrected_start_position` draws five values
   exactly as line 20 does and repeats the whole draw until PP(5) <= 28; the matching
   listing correction is
     BBC  ``20 REPEAT:PP(0)=-1:FOR N=1 TO 5:PP(N)=PP(N-1)+ABSRND MOD 8+1:NEXT:UNTIL PP(5)<29``
     Atom ``20 DO PP0=-1;FOR N=1 TO 5;PPN=PP(N-1)+ABSRND%8+1;NEXT;UNTIL PP5<29``
   (each attempt consumes five RND values, so a harness feeding the same numbers to both
   gets the same start).  `listing_start_position` is the uncorrected line 20.
2. BBC line 25 ``P=R``: R is never assigned in the BBC program (it is the Atom's address of
   the assembled read-character routine, line 10 ``DIM ... R-1`` and line 25's assembler
   block, with P the Atom assembler's location counter).  BBC BASIC stops with "No such
   variable" at line 25 before anything is drawn.  The BBC needs no routine (it uses GET);
   the correction is to delete ``P=R:``.
3. BBC line 6010 (PROCBUDGE) prints ``CHR$(N+ASC("0"))``: the digit "1".."5" instead of the
   coin's letter; the Atom's ``$(N+CH"@")`` prints the letter.  PROCBUDGE redraws the coin
   after every single square moved by either player (1270 and 3110), so on the BBC every
   coin that has moved shows as its digit while unmoved coins still show the letter drawn
   by PROCPRINT (2020, which uses ASC("@") correctly).  The game logic is unaffected.
   `ScreenRow` models both (coins "letters", the Atom's, / "digits", the BBC's); the
   documented game is the letters.
4. Game already won at the start: line 35 runs FNWIN before the first human move, so the
   packed start PP = 0,1,2,3,4 (probability 1/32,768) prints "I WIN!" at once (both).
5. Keys after the first (3080-3110): any key but RETURN moves the selected coin, not the
   coin it names ("DE" + RETURN moves D two squares).  Both listings.
6. Both listings' FNWIN/PROCPRINT/PROCI share the global N and J; no behaviour depends on it.
7. The human's win is only tested after RETURN (line 50), so packing the coins still needs
   RETURN before "YOU WIN!".  Both messages start with ``'`` (new line): after the
   computer's move the cursor is at home (1270 ``CHR$(30)``), after the human's it is on the
   board row, so either way the message is on the second screen row.
8. Pacing: the computer moves its coin one square per ``FOR K=1TO999:NEXT`` delay (1270);
   keys typed meanwhile wait in the keyboard buffer for the next PROCMOVE.  The BBC's
   variables are reals and the Atom's 32-bit integers; no value in the game reaches a range
   where that matters.

Transcription faults in the printed text (not behaviour): BBC ``N=l``/``PP(N-l)`` (letter l
for 1, lines 20, 2005, 3090), ``T-TT(N)`` for ``T=TT(N)`` (1030), ``CHR$<7)`` (3090), ``J=O``
(letter O, 5010), lower-case ``or`` (3010; BBC keywords are upper case), typographic
quotes (2010); Atom ``FOR N=l``/``J=l`` (20, 2000), lines 1100
and 1120 run together, ``l200j`` for ``1200j``, typographic quote in 2020.

Reproducing positions: the start is a pure function of the five (or, corrected, 5n) RND
values; `rnd_from_sequence` and `rnd_from_random` build the ``rnd`` callables used here.  A
harness that cannot see RND's results can instead read PP(1)..PP(5) from the emulated
program after line 20 and start a `Game` from them.
Control codes used by the listings (BBC VDU and Atom VDU alike): 7 bell, 8 cursor left,
9 cursor right, 30 home; the Atom also uses 6/21 to turn the screen on/off around the
assembler and 12 to clear the screen (Atom control codes: "Atomic Theory and Practice",
section 18.1.3).
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Callable, Iterable, Iterator, Sequence

from .nim import nim_sum as _nim_sum

__all__ = [
    "BOARD_SQUARES",
    "COIN_LETTERS",
    "LAST_START_SQUARE",
    "HUMAN",
    "COMPUTER",
    "Move",
    "IllegalMove",
    "KeyboardOutcome",
    "ScreenRow",
    "Game",
    "validate_position",
    "empty_squares_left",
    "heaps",
    "nim_sum",
    "is_safe",
    "is_won",
    "winning_move",
    "safe_position_move",
    "computer_move",
    "apply_move",
    "is_legal_move",
    "legal_moves",
    "keys_for_move",
    "keyboard_move",
    "print_loop_terminates",
    "board_row",
    "start_gap",
    "listing_start_position",
    "corrected_start_position",
    "rnd_from_sequence",
    "rnd_from_random",
]

BOARD_SQUARES = 30
COIN_LETTERS = "ABCDE"
#: The largest square E may start on for PROCPRINT's REPEAT loop to end (see docstring, 1).
LAST_START_SQUARE = BOARD_SQUARES - 2
WALL = -1  # PP(0)
HUMAN = "human"
COMPUTER = "computer"
RETURN_KEY = 13
BELL = 7

Position = tuple[int, int, int, int, int]
Rnd = Callable[[], int]


class IllegalMove(ValueError):
    """A move the listing's PROCMOVE would not let the human make."""


@dataclass(frozen=True)
class Move:
    """Coin ``coin`` (the listing's N: 1 = A ... 5 = E) moves ``distance`` squares left
    (the listing's T for the computer; the number of squares moved for the human)."""

    coin: int
    distance: int

    def __post_init__(self) -> None:
        if not 1 <= self.coin <= 5:
            raise ValueError(f"coin must be 1..5 (A..E), got {self.coin}")

    @property
    def letter(self) -> str:
        return COIN_LETTERS[self.coin - 1]

    def __str__(self) -> str:
        return f"{self.letter}-{self.distance}"


def validate_position(position: Sequence[int]) -> Position:
    """Check a position PP(1)..PP(5): five squares, strictly increasing, the first >= 0.
    Squares past the board are allowed here (the listing's line 20 can make them)."""
    squares = tuple(int(s) for s in position)
    if len(squares) != 5:
        raise ValueError(f"a position has 5 coins, got {len(squares)}")
    previous = WALL
    for letter, square in zip(COIN_LETTERS, squares):
        if square <= previous:
            raise ValueError(f"coin {letter} on square {square} is not right of square {previous}")
        previous = square
    return squares  # type: ignore[return-value]


def _with_wall(position: Sequence[int]) -> list[int]:
    return [WALL, *validate_position(position)]


def empty_squares_left(position: Sequence[int], coin: int) -> int:
    """Empty squares between coin N and the coin (or wall) on its left: PP(N)-PP(N-1)-1."""
    pp = _with_wall(position)
    return pp[coin] - pp[coin - 1] - 1


def heaps(position: Sequence[int]) -> tuple[int, int, int]:
    """TT(0..2) of lines 1000-1010: dots left of A, between B and C, between D and E."""
    pp = _with_wall(position)
    return tuple(pp[2 * n + 1] - pp[2 * n] - 1 for n in range(3))  # type: ignore[return-value]


def nim_sum(position: Sequence[int]) -> int:
    """S of lines 1000-1010."""
    return _nim_sum(heaps(position))


def is_safe(position: Sequence[int]) -> bool:
    """The article's "safe" position: an even number of each power of two, i.e. S = 0."""
    return nim_sum(position) == 0


def is_won(position: Sequence[int]) -> bool:
    """FNWIN (BBC 4000-4100, Atom w): every coin N on square N-1."""
    return validate_position(position) == (0, 1, 2, 3, 4)


def winning_move(position: Sequence[int]) -> Move | None:
    """Lines 1030-1040: the first heap N (0, 1, 2) with T = TT(N) - (S EOR TT(N)) > 0;
    coin 2N+1 moves T squares.  None when S = 0."""
    tt = heaps(position)
    s = _nim_sum(tt)
    if s == 0:
        return None
    for n in range(3):
        t = tt[n] - (s ^ tt[n])
        if t > 0:
            return Move(2 * n + 1, t)
    raise AssertionError("a non-zero nim-sum always has a heap to lower")


def safe_position_move(position: Sequence[int]) -> Move:
    """Lines 1100-1120: the first coin with PP(N)-PP(N-1) >= 2 moves (PP(N)-PP(N-1)) DIV 2."""
    pp = _with_wall(position)
    for n in range(1, 6):
        run = pp[n] - pp[n - 1]
        if run >= 2:
            return Move(n, run // 2)
    # The listing's REPEAT would run N past 5 (subscript error); it never gets here because
    # line 50 ends the game on a packed position first.
    raise ValueError("no coin can move: the game is over")


def computer_move(position: Sequence[int]) -> Move:
    """PROCI (BBC 1000-1270, Atom i/r/j): the move the listing's computer makes."""
    move = winning_move(position)
    return move if move is not None else safe_position_move(position)


def is_legal_move(position: Sequence[int], move: Move) -> bool:
    """A move PROCMOVE allows: 1 <= distance <= the empty squares on the coin's left."""
    return 1 <= move.distance <= empty_squares_left(position, move.coin)


def legal_moves(position: Sequence[int]) -> list[Move]:
    """All legal moves, coin A first, shortest first."""
    return [Move(coin, d) for coin in range(1, 6)
            for d in range(1, empty_squares_left(position, coin) + 1)]


def apply_move(position: Sequence[int], move: Move) -> Position:
    """The position after ``move`` (line 1250 / 3100: PP(N) = PP(N) - T)."""
    if not is_legal_move(position, move):
        raise IllegalMove(f"{move} is not a legal move from {tuple(position)}")
    squares = list(validate_position(position))
    squares[move.coin - 1] -= move.distance
    return tuple(squares)  # type: ignore[return-value]


# ---------------------------------------------------------------------------------------
# The human's keys, as PROCMOVE reads them
# ---------------------------------------------------------------------------------------

def keys_for_move(move: Move) -> str:
    """The keys that make ``move``: its letter once per square, then RETURN."""
    return move.letter * move.distance + "\r"


@dataclass(frozen=True)
class KeyboardOutcome:
    """What PROCMOVE made of a key sequence.  ``move`` is None when the keys ran out before
    a completed move (RETURN after an accepted letter); ``squares_moved`` then says how far
    the selected coin (``coin``, or None if none accepted yet) has already gone.  ``bleeps``
    counts CHR$(7)s; ``keys_used`` the keys consumed."""

    move: Move | None
    coin: int | None
    squares_moved: int
    bleeps: int
    keys_used: int


def keyboard_move(position: Sequence[int], keys: Iterable[str | int]) -> KeyboardOutcome:
    """Feed keys (characters or codes) to a model of PROCMOVE (BBC 3000-3110, Atom m)."""
    pp = _with_wall(position)
    coin: int | None = None
    moved = 0
    bleeps = 0
    used = 0
    for key in keys:
        code = ord(key) if isinstance(key, str) else int(key)
        used += 1
        if coin is None:
            if not ord("A") <= code <= ord("E"):  # 3010
                bleeps += 1
                continue
            candidate = code - ord("@")  # 3050
            if pp[candidate] - pp[candidate - 1] < 2:  # 3060
                bleeps += 1
                continue
            coin = candidate
            pp[coin] -= 1  # 3075 -> 3100
            moved = 1
            continue
        if code == RETURN_KEY:  # 3080
            return KeyboardOutcome(Move(coin, moved), coin, moved, bleeps, used)
        if pp[coin] - pp[coin - 1] < 2:  # 3090
            bleeps += 1
            continue
        pp[coin] -= 1  # 3100
        moved += 1
    return KeyboardOutcome(None, coin, moved, bleeps, used)


# ---------------------------------------------------------------------------------------
# The screen row
# ---------------------------------------------------------------------------------------

def print_loop_terminates(position: Sequence[int]) -> bool:
    """Whether PROCPRINT's closing ``REPEAT ... UNTIL N=30`` ends: PP(5) <= 28."""
    return validate_position(position)[4] <= LAST_START_SQUARE


def board_row(position: Sequence[int]) -> str:
    """The row PROCPRINT draws: a space, then squares 0..29 ("." or the coin's letter).
    Raises ValueError for a position the listing's loop would print for ever."""
    squares = validate_position(position)
    if not print_loop_terminates(squares):
        raise ValueError(f"PROCPRINT never ends for {squares}: coin E is past square "
                         f"{LAST_START_SQUARE}")
    cells = ["."] * BOARD_SQUARES
    for letter, square in zip(COIN_LETTERS, squares):
        cells[square] = letter
    return " " + "".join(cells)


@dataclass
class ScreenRow:
    """The board row as each listing leaves it on screen: drawn once by PROCPRINT, then
    updated square by square by PROCBUDGE (BBC 6000-6010, Atom b), which prints "." over
    the coin, backs up two columns and prints the coin character there.  The Atom prints
    the letter; the BBC prints the digit N (difference 3 in the module docstring)."""

    position: Position
    coins: str = "letters"      # how PROCBUDGE redraws a coin: "letters" (Atom), "digits" (BBC)
    text: str = field(init=False)

    def __post_init__(self) -> None:
        if self.coins not in ("letters", "digits"):
            raise ValueError(f"coins must be 'letters' or 'digits', got {self.coins!r}")
        self.position = validate_position(self.position)
        self.text = board_row(self.position)

    def coin_character(self, coin: int) -> str:
        return str(coin) if self.coins == "digits" else COIN_LETTERS[coin - 1]

    def move(self, move: Move) -> None:
        cells = list(self.text)
        column = self.position[move.coin - 1] + 1  # PROCURSOR: square s is column s+1
        for _ in range(move.distance):
            cells[column] = "."
            cells[column - 1] = self.coin_character(move.coin)
            column -= 1
        self.text = "".join(cells)
        self.position = apply_move(self.position, move)


# ---------------------------------------------------------------------------------------
# The start position
# ---------------------------------------------------------------------------------------

def start_gap(rnd_value: int) -> int:
    """ABS(RND) MOD 8 + 1: the step from one coin to the next (1..8)."""
    return abs(int(rnd_value)) % 8 + 1


def listing_start_position(rnd: Rnd) -> Position:
    """Line 20 as printed: five RND calls, PP(N) = PP(N-1) + ABS(RND) MOD 8 + 1.
    May put coins past the board (PP(5) up to 39)."""
    squares = []
    previous = WALL
    for _ in range(5):
        previous += start_gap(rnd())
        squares.append(previous)
    return tuple(squares)  # type: ignore[return-value]


def corrected_start_position(rnd: Rnd, last_square: int = LAST_START_SQUARE) -> Position:
    """Line 20 repeated until coin E is on a square <= ``last_square`` (28: PROCPRINT then
    ends with exactly 30 squares).  Each attempt draws five RND values as line 20 does."""
    if last_square < 4:
        raise ValueError("the five coins need squares 0..4 at least")
    while True:
        position = listing_start_position(rnd)
        if position[4] <= last_square:
            return position


def rnd_from_sequence(values: Iterable[int]) -> Rnd:
    """An ``rnd`` that returns the given RND results in order (for a harness that read
    them from the emulated machine); raises ValueError when they run out."""
    iterator: Iterator[int] = iter(values)

    def rnd() -> int:
        try:
            return next(iterator)
        except StopIteration:
            raise ValueError("the RND sequence ran out") from None

    return rnd


def rnd_from_random(generator: random.Random) -> Rnd:
    """An ``rnd`` giving signed 32-bit integers, like RND with no argument."""

    def rnd() -> int:
        value = generator.getrandbits(32)
        return value - (1 << 32) if value & 0x80000000 else value

    return rnd


# ---------------------------------------------------------------------------------------
# A game a harness can step
# ---------------------------------------------------------------------------------------

class Game:
    """One game as the main loop (lines 30-60) runs it: the human moves first; FNWIN is
    tested before each human move (computer wins) and after it (human wins)."""

    def __init__(self, position: Sequence[int]) -> None:
        self.position: Position = validate_position(position)
        self.to_move: str = HUMAN
        self.history: list[tuple[str, Move]] = []
        # Line 35 runs before the first move: a packed start is an immediate "I WIN!".
        self.winner: str | None = COMPUTER if is_won(self.position) else None

    @property
    def finished(self) -> bool:
        return self.winner is not None

    def legal(self, move: Move) -> bool:
        """Whether PROCMOVE would let the human make ``move`` now."""
        return not self.finished and is_legal_move(self.position, move)

    def computer_move(self, position: Sequence[int] | None = None) -> Move:
        """The listing's choice (PROCI) for ``position`` (default: the current one)."""
        return computer_move(self.position if position is None else position)

    def apply(self, move: Move) -> None:
        """Make ``move`` for the side to move and test for a win."""
        if self.finished:
            raise IllegalMove(f"the game is over ({self.winner} won)")
        self.position = apply_move(self.position, move)
        self.history.append((self.to_move, move))
        if is_won(self.position):
            self.winner = self.to_move
        self.to_move = COMPUTER if self.to_move == HUMAN else HUMAN

    def play_human(self, move: Move) -> None:
        if self.to_move != HUMAN:
            raise IllegalMove("it is the computer's turn")
        self.apply(move)

    def play_computer(self) -> Move:
        if self.to_move != COMPUTER:
            raise IllegalMove("it is the human's turn")
        move = self.computer_move()
        self.apply(move)
        return move
