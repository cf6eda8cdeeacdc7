"""Record BASIC II's results for tests/bbc_basic/acorn_real_ops.py: run Acorn's ROMs (the
reference folder, black box) on operands where BASIC II's rules (real_model's op_*) part from
plain rounding to nearest, and on a few where they do not, and print the table.

    ACORN_REFERENCE=/work/shared/reference python tests/bbc_basic/record_real_ops.py \\
        > tests/bbc_basic/acorn_real_ops.py
"""
import os
import sys
from fractions import Fraction
from math import isqrt
from pathlib import Path

sys.path[:0] = [str(Path(__file__).resolve().parents[1]), str(Path(__file__).resolve().parents[2])]

from bbc_basic import real_model as rm                                        # noqa: E402
from bbc_basic.real_ops import MODELS, random_pairs, random_positive, run_machine  # noqa: E402
from reference.harness import ACORN, Runner                                   # noqa: E402

PER_EXPR = 40                   # cases where the rules matter, and a few more
PLAIN = 8


def value(b):
    if b[0] == 0:
        return Fraction(0)
    s, e, m = rm._parts(b)
    return s * Fraction(m, 2 ** 32) * Fraction(2) ** (e - 128)


def nearest(v):
    """v rounded to nearest (a half away from zero) into 5 bytes."""
    if v == 0:
        return bytes(5)
    s, v = (-1 if v < 0 else 1), abs(v)
    e = v.numerator.bit_length() - v.denominator.bit_length()
    while v >= Fraction(2) ** e:
        e += 1
    while v < Fraction(2) ** (e - 1):
        e -= 1
    m = int(v / Fraction(2) ** e * 2 ** 32 + Fraction(1, 2))
    if m >> 32:
        m, e = m >> 1, e + 1
    return rm._pack(s, e + 128, m)


def plain(expr, x, y):
    a, b = value(x), value(y)
    if expr == "SQR(X)":
        s, e, m = rm._parts(x)
        e -= 128
        r = isqrt(m << (2 * 64 - 32 - (e & 1)))        # sqrt(m / 2^(32 + e&1)) * 2^64
        return nearest(Fraction(r, 2 ** 64) * Fraction(2) ** ((e + (e & 1)) // 2))
    return nearest({"X+Y": a + b, "X-Y": a - b, "X*Y": a * b, "X/Y": a / b}[expr])


def cases(expr):
    if expr == "SQR(X)":
        pool = [(x, x) for x in random_positive(6000, 7)]
    else:
        pool = random_pairs(6000, 7)
    model = MODELS[expr]
    telling = [p for p in pool if model(*p) != plain(expr, *p)][:PER_EXPR]
    others = [p for p in pool if p not in telling][:PLAIN]
    return telling + others


def main():
    runner = Runner("bbc", ACORN, Path(os.environ["ACORN_REFERENCE"]) / "roms" / "bbc")
    print('"""BASIC II\'s results for real arithmetic, recorded by running Acorn\'s ROMs on our emulated BBC')
    print("Micro (tests/bbc_basic/record_real_ops.py): facts about Acorn's BASIC, mostly operands where")
    print("its rules part from plain rounding to nearest.  Each entry: the expression, X, Y and the")
    print('result, as the 5 bytes of each real in hex."""')
    print("RESULTS = [")
    for expr in MODELS:
        pairs = cases(expr)
        got = run_machine(runner, expr, pairs)
        for (x, y), r in zip(pairs, got):
            print(f'    ("{expr}", "{x.hex()}", "{y.hex()}", "{r.hex()}"),')
    print("]")


if __name__ == "__main__":
    main()
