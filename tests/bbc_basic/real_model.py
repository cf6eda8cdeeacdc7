"""An independent Python model of BBC BASIC's 5-byte real numbers, for the conformance tests.

The format (BBC Microcomputer User Guide, "Accuracy"; the 6502 BBC BASIC variable layout): byte 0 is
the exponent in excess-128 (0 means the number is zero), bytes 1-4 the mantissa, most significant
byte first, a binary fraction 0.1xxx... whose always-set top bit is replaced by the sign (1 negative).
So 1 is 81 00 00 00 00, 0.5 is 80 00 00 00 00, -1 is 81 80 00 00 00.

`rnd(x)` rounds a Python float to the nearest 5-byte real (ties away from zero), the precision the
ROM keeps after each operation; `fmt(x, at)` prints a real as PRINT does under @% (documented
rules: G, E and F formats, digits and field width); `robust(x, digits)` tells whether x is far
enough from a rounding boundary that a last-bit difference in the ROM cannot change its printed
digits, so the tests only use values whose printed form the rules decide.
"""
import math
from decimal import Decimal, ROUND_HALF_UP

MAX = (1 - 2.0 ** -32) * 2.0 ** 127      # exponent byte &FF, mantissa all ones


class TooBig(ArithmeticError):
    pass


def encode(x):
    """The 5 bytes of x rounded to the format (exponent first, mantissa MSB first)."""
    if x == 0:
        return bytes(5)
    sign = 0x80 if x < 0 else 0
    m, e = math.frexp(abs(x))            # abs(x) = m * 2**e, 0.5 <= m < 1
    mant = int(Decimal(m * 2 ** 32).to_integral_value(ROUND_HALF_UP))
    if mant == 2 ** 32:
        mant, e = 2 ** 31, e + 1
    exp = e + 128
    if exp > 255:
        raise TooBig(x)
    if exp < 1:
        return bytes(5)                  # underflow: zero
    return bytes([exp, ((mant >> 24) & 0x7F) | sign, (mant >> 16) & 0xFF, (mant >> 8) & 0xFF,
                  mant & 0xFF])


def decode(b):
    if b[0] == 0:
        return 0.0
    mant = ((b[1] | 0x80) << 24) | (b[2] << 16) | (b[3] << 8) | b[4]
    v = mant / 2 ** 32 * 2.0 ** (b[0] - 128)
    return -v if b[1] & 0x80 else v


def rnd(x):
    return decode(encode(x))


def digits(x, n):
    """(sign, digit string of n significant digits, decimal exponent e) with |x| = d.ddd * 10**e."""
    d = Decimal(abs(x))
    e = d.adjusted()
    q = d.scaleb(-e).quantize(Decimal(1).scaleb(-(n - 1)), rounding=ROUND_HALF_UP)
    if q >= 10:
        e += 1
        q = d.scaleb(-e).quantize(Decimal(1).scaleb(-(n - 1)), rounding=ROUND_HALF_UP)
    s = str(q).replace(".", "")
    return ("-" if x < 0 else ""), s.ljust(n, "0")[:n], e


def robust(x, n=9):
    """True when x is at least 2 units of the 5-byte format's last place away from the nearest
    point where its n-digit rounding changes."""
    if x == 0:
        return True
    d = Decimal(abs(x))
    e = d.adjusted()
    unit = Decimal(1).scaleb(e - n + 1)             # one unit of the n-th digit
    frac = (d / unit) % 1
    margin = abs(frac - Decimal("0.5")) * unit
    return margin > Decimal(abs(x)) * Decimal(2.0 ** -31)


def _strip(s):
    return s.rstrip("0")


def fmt_g(x, n):
    if x == 0:
        return "0"
    sign, ds, e = digits(x, n)
    if e < -1 or e >= n:                                    # E notation, trailing zeros dropped
        body = ds[0] + ("." + _strip(ds[1:]) if _strip(ds[1:]) else "")
        return f"{sign}{body}E{e}"
    if e >= 0:
        whole, frac = ds[:e + 1], _strip(ds[e + 1:])
        return sign + whole + ("." + frac if frac else "")
    return sign + "0." + _strip(ds)                         # 0.1 <= |x| < 1


def fmt_e(x, n):
    """The E form; the exponent (its sign and digits) is padded with spaces to 3 characters, so
    numbers line up in a field (what Acorn's BASIC II prints: run on it)."""
    if x == 0:
        return ("0." + "0" * (n - 1) + "E0" if n > 1 else "0E0") + "  "
    sign, ds, e = digits(x, n)
    body = ds[0] + ("." + ds[1:] if n > 1 else "")
    return f"{sign}{body}E{str(e).ljust(3)}"


def fmt_f(x, n):
    q = Decimal(x).quantize(Decimal(1).scaleb(-n), rounding=ROUND_HALF_UP)
    s = f"{abs(q):.{n}f}" + ("." if n == 0 else "")     # 0 places: still the point (BASIC II)
    return ("-" if q < 0 and q != 0 else "") + s


def fmt(x, at=0x90A, field=True):
    """PRINT of real x under @% = at; field=False for a number after ';' (no padding)."""
    width = at & 0xFF
    n = (at >> 8) & 0xFF
    kind = (at >> 16) & 0xFF
    if kind == 2:
        s = fmt_f(x, min(n, 10))
    else:
        n = 10 if n == 0 or n > 10 else n
        s = fmt_e(x, n) if kind == 1 else fmt_g(x, n)
    return s.rjust(width) if field else s


def str_(x):
    """STR$ of a real when @%'s top byte is 0: G10 without a field (Acorn's BASIC II: run on it)."""
    return fmt_g(x, 10)



# --- BASIC II's arithmetic, last bit included --------------------------------------------------
# Rules found by running Acorn's BASIC II (on our emulated BBC Micro) on thousands of operands and
# comparing its results with exact arithmetic (tests/bbc_basic/acorn_real_ops.py holds some of
# those results as facts).  Values are the 5 bytes; each result is worked out in integers.

def _parts(b):
    """(sign +1/-1, exponent byte, 32-bit mantissa with its top bit) of a nonzero real."""
    return (-1 if b[1] & 0x80 else 1), b[0], ((b[1] | 0x80) << 24) | (b[2] << 16) | (b[3] << 8) | b[4]


def _pack(sign, exp, mant):
    if exp > 255:
        raise TooBig()
    if exp < 1:
        return bytes(5)
    return bytes([exp, ((mant >> 24) & 0x7F) | (0x80 if sign < 0 else 0), (mant >> 16) & 0xFF,
                  (mant >> 8) & 0xFF, mant & 0xFF])


def _round(sign, exp, value, bits):
    """value: a mantissa of `bits` bits (its top bit set, or the one below it: then it is first
    normalised by one place) -> the 5 bytes, rounded from the bits below the top 32: to nearest,
    and exactly a half to the odd neighbour (BASIC II's rule)."""
    if not value >> (bits - 1):
        value, exp = value << 1, exp - 1
    low = bits - 32
    mant, rest, half = value >> low, value & ((1 << low) - 1), 1 << (low - 1)
    if rest > half:
        mant += 1
    elif rest == half:
        mant |= 1
    if mant >> 32:
        mant, exp = mant >> 1, exp + 1
    return _pack(sign, exp, mant)


def op_add(x, y):
    """x + y: the smaller operand shifted into 40 bits (32 and a guard byte; what falls off is
    lost), added or subtracted, normalised, rounded."""
    if x[0] == 0:
        return bytes(y)
    if y[0] == 0:
        return bytes(x)
    (sx, ex, mx), (sy, ey, my) = _parts(x), _parts(y)
    if (ex, mx) < (ey, my):
        (sx, ex, mx), (sy, ey, my) = (sy, ey, my), (sx, ex, mx)
    big, small = mx << 8, (my << 8) >> (ex - ey)
    total = big + small if sx == sy else big - small
    if total == 0:
        return bytes(5)
    while total >> 40:
        total, ex = total >> 1, ex + 1
    while not total >> 39:
        total, ex = total << 1, ex - 1
    return _round(sx, ex, total, 40)


def op_neg(x):
    return bytes(x) if x[0] == 0 else bytes([x[0], x[1] ^ 0x80]) + bytes(x[2:])


def op_sub(x, y):
    return op_add(x, op_neg(y))


def op_mul(x, y):
    """x * y: the sum of the mantissas' bit products of weight 2^-40 and up (one mantissa halved
    and cut to 40 bits once for each bit of the other, from its top), rounded."""
    if x[0] == 0 or y[0] == 0:
        return bytes(5)
    (sx, ex, mx), (sy, ey, my) = _parts(x), _parts(y)
    total = sum((mx << 8) >> (32 - k) for k in range(32) if my >> k & 1)
    return _round(sx * sy, ex + ey - 128, total, 40)


def op_div(x, y):
    """x / y: 39 bits of the quotient of the mantissas (38 when it is below 1), rounded."""
    if y[0] == 0:
        raise ZeroDivisionError
    if x[0] == 0:
        return bytes(5)
    (sx, ex, mx), (sy, ey, my) = _parts(x), _parts(y)
    return _round(sx * sy, ex - ey + 129, (mx << 38) // my, 39)


def op_sqr(x):
    """SQR x: five steps of Newton's y = (y + x/y) / 2 in the rules above, from x with its
    exponent byte e made e/2 + 64 (rounded up)."""
    if x[0] == 0:
        return bytes(5)
    y = bytes([(x[0] + 1) // 2 + 64]) + bytes(x[1:])
    for _ in range(5):
        s = op_add(op_div(x, y), y)
        y = bytes([s[0] - 1]) + s[1:]
    return y


# BASIC II's factors (found by running it): RAD(x) is x times pi/180 a unit below the nearest
# real, LOG(x) is LN(x) times 1/LN(10) a unit above the nearest real
RAD_FACTOR = bytes.fromhex("7b0efa3512")
LOG_FACTOR = bytes.fromhex("7f5e5bd8aa")

# BASIC II's EXP (found by running it): x = n + f, n whole, |f| <= 0.5; EXP x is e^f (a
# polynomial or the like: BASIC II's own) times the product of n factors E_FACTOR (or of -n
# factors IE_FACTOR), which are its EXP(1) and EXP(-1), a unit below and above the nearest reals
E_FACTOR = bytes.fromhex("822df85458")
IE_FACTOR = bytes.fromhex("7f3c5ab1b2")


def exp_split(x):
    """(n, f) for a real x (5 bytes), f as 5 bytes: |n| is |x| rounded to nearest, a half up
    (so 2.5 is 3 - 0.5, -2.5 is -3 + 0.5), f = x - n."""
    v = decode(x)
    n = math.copysign(math.floor(abs(v) + 0.5), v)
    return int(n), op_sub(x, encode(n))


def exp_power(n):
    """e^n as BASIC II works it out: 1 times n factors of e (or -n of 1/e)."""
    power = encode(1)
    for _ in range(abs(n)):
        power = op_mul(power, E_FACTOR if n > 0 else IE_FACTOR)
    return power

# BASIC II's ACS x (found by running it; ACS(1) is 6.07638384E-11): (PI2H - ASN x) + PI2L, pi/2
# in two parts, PI2H to 16 bits rounded up
PI2H = bytes.fromhex("8149100000")
PI2L = bytes.fromhex("6f95777a61")


def acs_from_asn(asn):
    return op_add(op_sub(PI2H, asn), PI2L)


def power(x, n):
    """x^n for a whole n, |n| < 64, as BASIC II (found by running it): 1 multiplied n times by x,
    or -n times by 1/x; a larger |n| is EXP(n * LN x)."""
    base = op_div(encode(1), x) if n < 0 else x
    result = encode(1)
    for _ in range(abs(n)):
        result = op_mul(result, base)
    return result


def const_bytes(x):
    """The assembler's .byte line for a constant (used to make the ROM's tables)."""
    return ", ".join(f"${b:02X}" for b in encode(x))


if __name__ == "__main__":                   # print the constant tables for fp*.s
    import sys
    for arg in sys.argv[1:]:
        print(arg, const_bytes(eval(arg, vars(math))))
