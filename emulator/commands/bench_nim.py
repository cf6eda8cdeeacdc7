"""`acorn bench nim`: exact cycles per call of the hand-written Nim routines in assembly/.

Each routine is assembled from its own file, loaded into a bare 6502 with 64 KiB of RAM and called
through a two-instruction driver (`JSR routine` then `JMP *`, which traps).  The cycles reported run
from the first cycle of that JSR to the last cycle of the routine's RTS, the count each routine's
header gives a formula for.  `NimRoutines` is also what tests/assembly/test_nim_routines*.py drive.
"""
import os
import random
import statistics
from itertools import combinations

from emulator.bus import Bus
from emulator.errors import UserError

ASSEMBLY_DIR = os.path.join(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))),
                            "assembly")

# Routine name -> the file that holds it.
ROUTINE_FILES = {
    "nim_sum": "nim_sum.s",
    "nim_sum16": "nim_sum16.s",
    "bouton_move": "bouton_move.s",
    "misere_move": "misere_move.s",
    "single_pile_move": "single_pile.s",
    "moore_is_safe": "moore_safe.s",
    "silver_dollar_move": "silver_dollar.s",
}

DRIVER = 0x0200                 # JSR routine ; JMP * (the trap)
NULL_ROUTINE = 0x0206           # a lone RTS, to measure the driver's own cycles
CALL_LIMIT = 100_000            # no routine comes near this; a runaway call is a bug

NIM_HEAPS = 0x70
NIM_HEAPS_HI = 0x80


class RoutineError(Exception):
    """A routine did not return to the driver (ran away or hit a JAM)."""


class NimRoutines:
    """One routine image on a bare CPU, called as often as wanted.

    `image`, `origin` and `symbols` are what the assembler made of one file of assembly/.
    """

    def __init__(self, image, origin, symbols):
        from emulator.cpu.core import CPU

        self.symbols = dict(symbols)
        self.bus = Bus()
        self.memory = self.bus.memory
        self.bus.load(origin, image)
        self.bus.load(DRIVER, bytes([0x20, 0, 0, 0x4C, (DRIVER + 3) & 0xFF, (DRIVER + 3) >> 8, 0x60]))
        self.cpu = CPU(self.bus)
        self.cpu.stop_on_trap = True
        self.overhead = 0
        self.overhead = self._run(NULL_ROUTINE, 0, 0, 0, 0) - 12   # JSR 6 + RTS 6 are the routine's

    def address(self, routine):
        try:
            return self.symbols[routine]
        except KeyError:
            raise UserError(f"no routine '{routine}' in the assembled image") from None

    def _run(self, target, a, x, y, p):
        from emulator.cpu.core import STOP_TRAP

        cpu = self.cpu
        memory = self.memory
        memory[DRIVER + 1] = target & 0xFF
        memory[DRIVER + 2] = target >> 8
        cpu.pc = DRIVER
        cpu.a, cpu.x, cpu.y, cpu.s = a, x, y, 0xFF
        cpu.p = p
        start = cpu.cycles
        if cpu.run(start + CALL_LIMIT) != STOP_TRAP or cpu.pc != DRIVER + 3:
            raise RoutineError(f"routine at ${target:04X} did not return (PC=${cpu.pc:04X})")
        return cpu.cycles - start - self.overhead

    def call(self, routine, a=0, x=0, y=0, p=0x20):
        """Call `routine` with these registers (D clear unless `p` says otherwise); returns the
        cycles from its JSR to its RTS.  Read the results from `self.cpu` and `self.memory`."""
        return self._run(self.address(routine), a, x, y, p)

    # --- the routines, with Python-friendly inputs and outputs ------------------------------------

    def put_heaps(self, heaps, base=NIM_HEAPS):
        self.memory[base:base + len(heaps)] = bytes(heaps)

    def nim_sum(self, heaps):
        self.put_heaps(heaps)
        cycles = self.call("nim_sum", x=len(heaps))
        return self.cpu.a, cycles

    def nim_sum16(self, heaps):
        self.put_heaps([h & 0xFF for h in heaps])
        self.put_heaps([h >> 8 for h in heaps], NIM_HEAPS_HI)
        cycles = self.call("nim_sum16", x=len(heaps))
        return self.cpu.x << 8 | self.cpu.a, cycles

    def move(self, routine, heaps):
        """bouton_move or misere_move: ((heap, take, leave) or None, cycles)."""
        self.put_heaps(heaps)
        cycles = self.call(routine, x=len(heaps))
        cpu = self.cpu
        if cpu.p & 1:
            return None, cycles
        return (cpu.x, cpu.a, self.memory[self.symbols["nim_leave"]]), cycles

    def single_pile_move(self, matches):
        cycles = self.call("single_pile_move", a=matches)
        return self.cpu.a, cycles

    def moore_is_safe(self, heaps, k):
        """(safe, column counts bit 0 first, cycles)."""
        self.put_heaps(heaps)
        cycles = self.call("moore_is_safe", x=len(heaps), y=k)
        counts_at = self.symbols["moore_counts"]
        return bool(self.cpu.p & 1), list(self.memory[counts_at:counts_at + 8]), cycles

    def silver_dollar_move(self, coins):
        """((coin 1-5, squares) or None, cycles)."""
        self.put_heaps(coins, self.symbols["sd_coins"])
        cycles = self.call("silver_dollar_move")
        cpu = self.cpu
        if cpu.p & 1:
            return None, cycles
        return (cpu.x, cpu.a), cycles


def assemble_routine(routine):
    """Assemble the file holding `routine` (in-process) and return a NimRoutines for it."""
    from emulator.asm import assemble_file

    result = assemble_file(os.path.join(ASSEMBLY_DIR, ROUTINE_FILES[routine]))
    return NimRoutines(result.image, result.origin, result.symbols)


# --- a step-by-step trace of nim_sum (assembly/README.md shows it) -------------------------------

def _listing_lines(listing):
    """address -> source text (label and instruction, comment dropped) from an assembler listing."""
    import re

    lines = {}
    for line in listing.splitlines():
        match = re.match(r"^\s*\d+ ([0-9A-F]{4}) ((?:[0-9A-F]{2} ?)+)\s+(.*)$", line)
        if match:
            lines[int(match.group(1), 16)] = match.group(3).split(";")[0].strip()
    return lines


def nim_sum_trace(heaps):
    """The instructions nim_sum executes for `heaps`, one row each, as a markdown table."""
    from emulator.asm import assemble_file

    result = assemble_file(os.path.join(ASSEMBLY_DIR, ROUTINE_FILES["nim_sum"]))
    runner = NimRoutines(result.image, result.origin, result.symbols)
    source = _listing_lines(result.listing)
    source[DRIVER] = "jsr nim_sum        (the caller)"
    runner.put_heaps(heaps)
    cpu = runner.cpu
    runner.memory[DRIVER + 1:DRIVER + 3] = bytes([result.symbols["nim_sum"] & 0xFF,
                                                 result.symbols["nim_sum"] >> 8])
    cpu.pc, cpu.a, cpu.x, cpu.y, cpu.s = DRIVER, 0, len(heaps), 0, 0xFF
    start = cpu.cycles
    rows = [["cycle", "PC", "instruction", "A after", "X after", "Z after"]]
    while cpu.pc != DRIVER + 3:
        pc, at = cpu.pc, cpu.cycles - start
        cpu.step()
        rows.append([str(at), f"${pc:04X}", source[pc], f"${cpu.a:02X}", str(cpu.x),
                     str((cpu.p >> 1) & 1)])
    rows.append([str(cpu.cycles - start), f"${cpu.pc:04X}", "(back in the caller)", "", "", ""])
    return _table(rows[0], rows[1:], left=(2,))


# --- the benchmark --------------------------------------------------------------------------------

SAMPLES = 200           # random positions per heap count
SEED = 1


def _summary(values):
    return f"{min(values)}/{statistics.fmean(values):.0f}/{max(values)}"


def measure(samples=SAMPLES, seed=SEED):
    """Rows of the heap-count table and the two other tables, as lists of strings."""
    from emulator.reference import silver_dollar as sd

    runners = {name: assemble_routine(name) for name in ROUTINE_FILES}
    rng = random.Random(seed)
    heap_rows = []
    for n in range(1, 17):
        wide = [rng.randrange(65536) for _ in range(n)]
        row = [str(n), str(runners["nim_sum"].nim_sum([h & 0xFF for h in wide])[1]),
               str(runners["nim_sum16"].nim_sum16(wide)[1])]
        for top in (256, 16):
            positions = [[rng.randrange(top) for _ in range(n)] for _ in range(samples)]
            for routine in ("bouton_move", "misere_move"):
                row.append(_summary([runners[routine].move(routine, p)[1] for p in positions]))
            row.append(_summary([runners["moore_is_safe"].moore_is_safe(p, 2)[2] for p in positions]))
        heap_rows.append(row)

    pile = runners["single_pile_move"]
    pile_rows = []
    for bits in range(1, 9):
        low, high = 1 << (bits - 1), (1 << bits) - 1
        cycles = [pile.single_pile_move(m)[1] for m in range(low, high + 1)]
        safe = pile.single_pile_move(high)[1]
        unsafe = [c for m, c in zip(range(low, high + 1), cycles) if m != high]
        pile_rows.append([str(bits), f"{low}-{high}", str(unsafe[0]) if unsafe else "-", str(safe)])

    dollar = runners["silver_dollar_move"]
    by_kind = {}
    for coins in combinations(range(sd.BOARD_SQUARES), 5):
        move, cycles = dollar.silver_dollar_move(coins)
        kind = ("no move" if move is None else
                f"{'unsafe' if sd.nim_sum(coins) else 'safe'}, coin {'ABCDE'[move[0] - 1]}")
        by_kind.setdefault(kind, []).append(cycles)
    dollar_rows = [[kind, str(len(c)), _summary(c)] for kind, c in sorted(by_kind.items())]
    return heap_rows, pile_rows, dollar_rows


def _table(header, rows, left=()):
    """A markdown table; the columns numbered in `left` are aligned left, the rest right."""
    widths = [max(len(r[i]) for r in [header] + rows) for i in range(len(header))]

    def line(cells):
        return "| " + " | ".join(c.ljust(w) if i in left else c.rjust(w)
                                 for i, (c, w) in enumerate(zip(cells, widths))) + " |"

    rule = "|" + "|".join(":" + "-" * (w + 1) if i in left else "-" * (w + 1) + ":"
                          for i, w in enumerate(widths)) + "|"
    return "\n".join([line(header), rule] + [line(r) for r in rows])


def report(samples=SAMPLES, seed=SEED):
    heap_rows, pile_rows, dollar_rows = measure(samples, seed)
    return "\n\n".join([
        f"Cycles per call, JSR to RTS inclusive, measured on the emulated 6502 (exact).\n"
        f"nim_sum and nim_sum16 do not depend on the heaps' values.  The moves and Moore's test\n"
        f"(k = 2; k costs nothing): min/mean/max over {samples} random positions per heap count,\n"
        f"heaps 0-255 and heaps 0-15 (random.Random({seed})).",
        _table(["heaps", "nim_sum", "nim_sum16", "bouton 0-255", "misere 0-255", "moore 0-255",
                "bouton 0-15", "misere 0-15", "moore 0-15"], heap_rows),
        "single_pile_move, by the bit length of the pile:",
        _table(["bits", "pile", "unsafe", "safe (2^n-1)"], pile_rows),
        "silver_dollar_move, every position of the five coins on the 30-square board:",
        _table(["position, coin moved", "positions", "min/mean/max"], dollar_rows, left=(0,)),
    ])


def main(args):
    print(report())
    return 0
