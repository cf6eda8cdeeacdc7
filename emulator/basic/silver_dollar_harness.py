"""Play whole Silver Dollar games on an emulated machine and check every computer move against the
Python reference (emulator.reference.silver_dollar).

The listing is typed in once; each game then seeds the machine's RND through BASIC and types RUN,
as a person at the keyboard would.  The human's moves come from a seeded policy: sometimes the
reference's best move, sometimes a random legal one, and now and then a key the listing must refuse
with a bleep (a key that is no coin letter, a coin that cannot move, a square too many).  The board
is read off the screen after every move; each computer move must take the board to the position
the reference's move gives, and stay there.  Nothing in the firmware is intercepted: keys go in
through the keyboard matrix, results come off the screen and the loudspeaker.
"""
import random
from dataclasses import dataclass, field

from emulator.basic.listing import ATOM_BASIC, read_listing, type_listing, wait_for_prompt
from emulator.machines.registry import ATOM, BBC, model
from emulator.reference import silver_dollar as ref

# Typing a move: one key at a time, each held long enough for the firmware's scan, with time after
# it for the listing to take the key and come back to its key read (the Atom has no keyboard
# buffer: a key pressed while BASIC is busy is lost).
MOVE_KEY_TIMING = {ATOM: {"hold_ms": 20, "gap_ms": 20, "lead_ms": 5},
                   BBC: {"hold_ms": 30, "gap_ms": 20, "lead_ms": 10}}
KEY_SETTLE_SECONDS = 0.25           # after a key: the listing draws the coin and reads again
KEY_QUIET_POLLS = 2                  # ...and the board row has stopped changing for this many polls
KEY_DRAW_SECONDS = 5.0               # the longest a key's drawing may take
BLEEP_SECONDS = 0.25                 # after a refused key: the bell has sounded and stopped
POLL_SECONDS = 0.05                  # how often the board is read while the computer moves
SETTLE_SECONDS = 2.0                 # a finished computer move: the board stays this long unchanged
                                     # (longer than a square of its move: 1.3 s on the Atom)
MOVE_SECONDS = 60.0                  # the longest a computer move may take (emulated)
START_SECONDS = 10.0                 # from RUN to the board


def seed_command(machine, seed):
    """The BASIC line that seeds RND: the Atom keeps its seed in #08-#0C ("Atomic Theory and
    Practice", the memory map; ?12 set too, so the whole seed is known), BBC BASIC seeds with
    RND(-n) (User Guide, RND)."""
    if model(machine).basic == ATOM_BASIC:
        return f"!8={seed};?12=0"
    return f"X=RND(-{seed or 1})"


def atom_rnd(seed):
    """Atom BASIC's RND after `!8=seed;?12=0` (Acorn's and ours, roms/src/atom/basic/funcs.s
    fn_rnd): the 40-bit seed moves on 32 places a call, each shifting it left and feeding bit 19
    exclusive-or bit 32 into bit 0; RND is its low 32 bits.  Lets a test check the start the
    emulated listing draws against the reference's line 20."""
    state = [seed & 0xFFFFFFFF]

    def rnd():
        s = state[0]
        for _ in range(32):
            s = ((s << 1) | ((s >> 19 ^ s >> 32) & 1)) & 0xFF_FFFF_FFFF
        state[0] = s
        value = s & 0xFFFFFFFF
        return value - (1 << 32) if value & 0x80000000 else value
    return rnd


def read_board(rows):
    """The coins' squares from the board row (square s is column s + 1), or None while the row is
    not a whole board (a coin is in the middle of being redrawn).  The cursor may sit on a cell.  Coins show as their letters, or
    as digits 1-5 once moved on the as-printed BBC listing (its line 6010)."""
    for row in rows[:2]:
        if len(row) < 6 or row[0] != " ":
            continue
        squares = {}
        for column, char in enumerate(row[1:]):
            char = char.upper()             # the Atom's cursor shows the cell inverse: lower case
            if char in "ABCDE":
                coin = "ABCDE".index(char)
            elif char in "12345":
                coin = int(char) - 1
            elif char == ".":
                continue
            else:
                squares = None
                break
            if coin in squares:
                squares = None
                break
            squares[coin] = column
        if squares is not None and len(squares) == 5:
            position = tuple(squares[c] for c in range(5))
            if list(position) == sorted(position):
                return position
    return None


@dataclass
class Policy:
    """How the simulated human plays: the reference's winning move with probability `best`
    (a random legal move otherwise, and always from a safe position), and a refused key before
    a move with probability `illegal`."""
    best: float = 0.5
    illegal: float = 0.3


@dataclass
class GameResult:
    seed: int
    start: tuple
    winner: str = ""
    human_moves: int = 0
    computer_moves: int = 0
    bleeps_expected: int = 0
    bleeps_heard: int = 0
    mismatches: list = field(default_factory=list)
    boards: list = field(default_factory=list)     # every board read off the screen, in order


@dataclass
class Totals:
    games: int = 0
    moves_checked: int = 0
    human_moves: int = 0
    mismatches: int = 0
    bleeps_expected: int = 0
    bleeps_heard: int = 0
    winners: dict = field(default_factory=dict)

    def add(self, game):
        self.games += 1
        self.moves_checked += game.computer_moves
        self.human_moves += game.human_moves
        self.mismatches += len(game.mismatches)
        self.bleeps_expected += game.bleeps_expected
        self.bleeps_heard += game.bleeps_heard
        self.winners[game.winner] = self.winners.get(game.winner, 0) + 1

    def __str__(self):
        return (f"{self.games} games, {self.moves_checked} computer moves checked, "
                f"{self.human_moves} human moves, {self.mismatches} mismatches, "
                f"{self.bleeps_heard}/{self.bleeps_expected} bleeps, winners {self.winners}")


class Harness:
    def __init__(self, machine, listing_path, roms=None):
        from emulator.session import Machine
        self.listing = read_listing(listing_path, machine)
        self.machine = Machine(machine, roms=roms)
        self.name = machine
        type_listing(self.machine, self.listing, run=False)
        self.timing = MOVE_KEY_TIMING[machine]

    # --- the machine ---------------------------------------------------------------------------

    def rows(self):
        return self.machine.screen.text()

    def screen_text(self):
        return "\n".join(self.rows())

    def bleeps(self):
        """Bells heard so far: the Atom's speaker bursts; the BBC's tones switched on."""
        hardware = self.machine.hardware
        if hardware.speaker is not None:
            return len(self.machine.beeps())
        onsets, level = 0, {}
        for note in hardware.sound_chip.notes:          # a bell is a tone switched on from silence
            if note.attenuation < 15 and level.get(note.channel, 15) == 15:
                onsets += 1
            level[note.channel] = note.attenuation
        return onsets

    def key(self, char, settle=KEY_SETTLE_SECONDS):
        """Type a key, then wait until the listing has finished drawing (the board row and the
        cursor stay the same for KEY_QUIET_POLLS polls): it is back at its key read and takes the
        next key (the Atom has no keyboard buffer).  Acorn's Atom kernel moves the cursor one
        place a field (the first coin of a move is drawn 0.37 s after its key, 0.1 s on ours), so
        a fixed pause loses keys on one ROM set and not on the other."""
        m = self.machine
        m.type(char, **self.timing)
        m.run_until_typed(max_seconds=5)
        m.run(settle)
        last, quiet = None, 0

        def drawn():
            nonlocal last, quiet
            drawing = (self.rows()[0], m.hardware.text_cursor())
            quiet, last = (quiet + 1 if drawing == last else 0), drawing
            return quiet >= KEY_QUIET_POLLS

        if m.run_until(drawn, KEY_DRAW_SECONDS, every=POLL_SECONDS):
            m.run(POLL_SECONDS)             # a poll's grace after the last look, as it always had

    def command(self, text):
        """Type a direct command at the prompt and wait for the prompt again."""
        self.machine.type(text + "\r", **self.timing)
        self.machine.run_until_typed(max_seconds=30)
        wait_for_prompt(self.machine, 10, text)

    def poll_board(self, predicate, max_seconds):
        """Machine.run_until looking every POLL_SECONDS, the first look a poll from now."""
        self.machine.run(POLL_SECONDS)
        return self.machine.run_until(predicate, max_seconds - POLL_SECONDS, every=POLL_SECONDS)

    def wait_for_board(self, max_seconds=START_SECONDS):
        """The board once it shows and is the same a moment later; None if not within `max_seconds`."""
        m = self.machine
        board = None

        def steady():
            nonlocal board
            board = read_board(self.rows())
            if board is None:
                return False
            m.run(SETTLE_SECONDS / 3)
            return read_board(self.rows()) == board

        return board if self.poll_board(steady, max_seconds) else None

    def settled_board(self, expected, max_seconds=MOVE_SECONDS):
        """Run until the board shows `expected` and stays so for SETTLE_SECONDS; else the board as
        it stands once it stops changing (a wrong move)."""
        m = self.machine
        last, since = None, m.seconds

        def settled():
            nonlocal last, since
            board = read_board(self.rows())
            if board != last:
                last, since = board, m.seconds
                return False
            if board != expected:
                return m.seconds - since >= 2 * SETTLE_SECONDS      # it stopped on a wrong move
            m.run(SETTLE_SECONDS)
            return read_board(self.rows()) == expected

        self.poll_board(settled, max_seconds)
        return last

    # --- a game --------------------------------------------------------------------------------

    def choose_move(self, position, chooser, policy):
        move = ref.winning_move(position)
        if move is None or chooser.random() >= policy.best:
            move = chooser.choice(ref.legal_moves(position))
        return move

    def refused_key(self, position, move, chooser):
        """A key PROCMOVE must bleep at before `move`'s first letter: no coin letter, or a coin
        that cannot move; None when there is none of the chosen kind."""
        stuck = [ref.COIN_LETTERS[c - 1] for c in range(1, 6)
                 if ref.empty_squares_left(position, c) == 0]
        if stuck and chooser.random() < 0.5:
            return chooser.choice(stuck)
        return chooser.choice("FZ19 \r")

    def play(self, seed, policy=Policy(), rng_seed=None, max_moves=200):
        chooser = random.Random(seed if rng_seed is None else rng_seed)
        m = self.machine
        self.command(seed_command(self.name, seed))
        m.type("RUN\r", **self.timing)
        m.run_until_typed(max_seconds=10)
        position = self.wait_for_board()
        if position is None:
            raise AssertionError(f"seed {seed}: no board after RUN:\n{self.screen_text()}")
        game = GameResult(seed, position, boards=[position])
        for _ in range(max_moves):
            if ref.is_won(position):
                return self._finish(game, "I WIN!", "computer")
            move = self.choose_move(position, chooser, policy)
            if chooser.random() < policy.illegal:
                key = self.refused_key(position, move, chooser)
                before = self.bleeps()
                self.key(key, BLEEP_SECONDS)
                game.bleeps_expected += 1
                game.bleeps_heard += self.bleeps() - before
            keys = move.letter * move.distance
            extra = chooser.random() < policy.illegal and \
                move.distance == ref.empty_squares_left(position, move.coin)
            for char in keys:
                self.key(char)
            if extra:                       # one square too many: refused (3090) with a bleep
                before = self.bleeps()
                self.key(move.letter, BLEEP_SECONDS)
                game.bleeps_expected += 1
                game.bleeps_heard += self.bleeps() - before
            self.key("\r")
            position = ref.apply_move(position, move)
            game.human_moves += 1
            game.boards.append(read_board(self.rows()))
            if ref.is_won(position):
                return self._finish(game, "YOU WIN!", "human")
            expected = ref.apply_move(position, ref.computer_move(position))
            seen = self.settled_board(expected)
            game.computer_moves += 1
            game.boards.append(seen)
            if seen != expected:
                game.mismatches.append((position, expected, seen))
                return self._finish(game, None, "mismatch")
            position = expected
        raise AssertionError(f"seed {seed}: no winner after {max_moves} moves")

    def _finish(self, game, message, winner):
        game.winner = winner
        if message is not None:
            try:
                self.machine.run_until_text(message, max_seconds=10)
                wait_for_prompt(self.machine, 10, f"after {message}")
            except Exception as e:           # the listing did not announce the end: a mismatch
                game.mismatches.append(("end", message, str(e)))
        else:
            self.machine.break_key()         # a wrong move: stop the game, keep the program
            self.machine.run(1.0)
            self.command("OLD")
        return game

    def play_many(self, seeds, policy=Policy()):
        totals = Totals()
        results = []
        for seed in seeds:
            game = self.play(seed, policy)
            totals.add(game)
            results.append(game)
        return totals, results
