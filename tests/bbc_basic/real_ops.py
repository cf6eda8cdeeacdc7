"""One real expression of X and Y worked out by a BBC BASIC over many operands, in one run: the
operands go into memory as 5-byte reals, a loop copies each pair into X and Y (whose addresses
are found by looking for the values a first run gave them), works out the expression into Z and
copies Z out.  Used with our ROM on the bare-6502 harness and with Acorn's BASIC II on the
emulated BBC Micro (tests/firmware/test_bbc_basic_real_ops.py), and to record BASIC II's results
as facts (tests/bbc_basic/acorn_real_ops.py)."""
import random

from bbc_basic import real_model as rm

OPERANDS, RESULTS, COUNT = 0x3000, 0x5800, 0x2FFC      # 10 bytes a pair in, 5 a result out
MARK = (1.25, -3.5, 7.75)                                # X, Y, Z's values in the first run
SETUP = ["5 LOMEM=&2000", "10 X=1.25:Y=-3.5:Z=7.75"]
CHUNK = 800                                              # pairs a run (the space below &5800)


def loop_lines(expr, addresses):
    ax, bx, cx = addresses
    return [f"20 A%=&{ax:X}:B%=&{bx:X}:C%=&{cx:X}",
            "30 FORI%=0TO!&2FFC-1:P%=&3000+10*I%:A%!0=P%!0:A%?4=P%?4:B%!0=P%!5:B%?4=P%?9",
            "40 Z=" + expr,
            "50 Q%=&5800+5*I%:Q%!0=C%!0:Q%?4=C%?4:NEXT"]


def find_marks(peek):
    """The addresses of X, Y and Z's values after the first run, from a byte reader."""
    area = bytes(peek(a) for a in range(0x2000, 0x2100))
    return tuple(0x2000 + area.index(rm.encode(v)) for v in MARK)


def put_operands(poke, pairs):
    n = len(pairs)
    for k in range(4):
        poke(COUNT + k, (n >> 8 * k) & 0xFF)
    for i, (x, y) in enumerate(pairs):
        for k in range(5):
            poke(OPERANDS + 10 * i + k, x[k])
            poke(OPERANDS + 10 * i + 5 + k, y[k])


def get_results(peek, n):
    return [bytes(peek(RESULTS + 5 * i + k) for k in range(5)) for i in range(n)]


def random_real(rng, exponent, sign=True):
    """A real with exponent byte `exponent` and a mantissa of one of the kinds that find rounding
    cases: random, few bits, many 1s, or bits at both ends."""
    kind = rng.random()
    if kind < 0.4:
        m = rng.getrandbits(32)
    elif kind < 0.6:
        m = rng.getrandbits(rng.randint(1, 12)) << rng.randint(0, 20)
    elif kind < 0.7:
        m = 0xFFFFFFFF ^ (rng.getrandbits(rng.randint(1, 12)) << rng.randint(0, 20))
    elif kind < 0.8:
        m = rng.getrandbits(rng.randint(1, 8))
    else:
        m = rng.getrandbits(9) << 23 | rng.getrandbits(6)
    m |= 0x80000000
    s = 0x80 if sign and rng.random() < 0.5 else 0
    return bytes([exponent, (m >> 24) & 0x7F | s, (m >> 16) & 0xFF, (m >> 8) & 0xFF, m & 0xFF])


def random_pairs(n, seed):
    """Pairs near 1 whose exponents are mostly close (so additions keep both operands' bits)."""
    rng = random.Random(seed)
    pairs = []
    for _ in range(n):
        e1 = rng.randint(108, 148)
        e2 = e1 + rng.choice([0, 0, 1, 1, 2, 3, rng.randint(0, 42)]) * rng.choice([1, -1])
        pairs.append((random_real(rng, e1), random_real(rng, e2)))
    return pairs


def random_positive(n, seed):
    rng = random.Random(seed)
    return [random_real(rng, rng.randint(100, 160), sign=False) for _ in range(n)]


# the expressions and the model of each (real_model's rules)
MODELS = {"X+Y": rm.op_add, "X-Y": rm.op_sub, "X*Y": rm.op_mul, "X/Y": rm.op_div,
          "SQR(X)": lambda x, y: rm.op_sqr(x)}


def run_bare(expr, pairs):
    """Our ROM on the bare-6502 harness: the results of `expr` for each (X, Y) pair."""
    from bbc_basic.harness import Session
    out = []
    for start in range(0, len(pairs), CHUNK):
        chunk = pairs[start:start + CHUNK]
        session = Session("".join(line + "\n" for line in SETUP) + "RUN\n")
        bus = session.bus
        addresses = find_marks(bus.peek)
        session.feed("".join(line + "\n" for line in loop_lines(expr, addresses)))
        put_operands(bus.write, chunk)
        session.feed("RUN\n", max_cycles=4_000_000 * len(chunk))
        out += get_results(bus.peek, len(chunk))
    return out


def run_machine(runner, expr, pairs):
    """The same on an emulated machine (a tests/reference/harness.py Runner: Acorn's ROMs or
    ours)."""
    memory = runner.m.memory
    runner.run(SETUP, max_seconds=10)
    addresses = find_marks(memory.__getitem__)
    out = []
    for start in range(0, len(pairs), CHUNK):
        chunk = pairs[start:start + CHUNK]
        put_operands(memory.__setitem__, chunk)
        result = runner.run(SETUP + loop_lines(expr, addresses), max_seconds=600)
        assert result.finished, result.final.rows
        out += get_results(memory.__getitem__, len(chunk))
    return out


def _val_lines(strings, addresses):
    """A program reading each string with VAL into Z and copying Z out (8 strings a DATA line)."""
    lines = [f"20 C%=&{addresses[2]:X}",
             f"30 FORI%=0TO{len(strings) - 1}:READA$:Z=VAL(A$):Q%=&5800+5*I%:Q%!0=C%!0:Q%?4=C%?4:NEXT"]
    for i in range(0, len(strings), 8):
        lines.append(f"{1000 + i} DATA " + ",".join(strings[i:i + 8]))
    return lines


def val_bare(strings):
    """VAL of each string on our ROM (bare-6502 harness): the 5 bytes."""
    from bbc_basic.harness import Session
    session = Session("".join(line + "\n" for line in SETUP) + "RUN\n")
    lines = SETUP + _val_lines(strings, find_marks(session.bus.peek))
    session.feed("".join(line + "\n" for line in lines) + "RUN\n")
    return get_results(session.bus.peek, len(strings))


def val_machine(runner, strings):
    """The same on an emulated machine (a tests/reference/harness.py Runner)."""
    memory = runner.m.memory
    runner.run(SETUP, max_seconds=10)
    result = runner.run(SETUP + _val_lines(strings, find_marks(memory.__getitem__)), max_seconds=60)
    assert result.finished, result.final.rows
    return get_results(memory.__getitem__, len(strings))


def random_decimals(n, seed):
    """Decimal numbers as a program might hold them: fixed, E form, long integers, small
    fractions; 1 to 15 significant digits."""
    rng = random.Random(seed)
    out = []
    for _ in range(n):
        kind = rng.random()
        if kind < 0.3:
            out.append("%.*f" % (rng.randint(1, 12), rng.uniform(0, 1000)))
        elif kind < 0.6:
            out.append("%.*E" % (rng.randint(1, 12), rng.uniform(1, 10) * 10 ** rng.randint(-30, 30)))
        elif kind < 0.8:
            out.append(str(rng.randint(0, 10 ** rng.randint(9, 15))))
        else:
            out.append("0.%0*d" % (rng.randint(1, 14), rng.randint(1, 10 ** 9)))
    return out
