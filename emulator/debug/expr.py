"""Expressions in debugger commands: addresses, conditions, values to store.

    $C000 &C000 #C000 0xC000   hexadecimal (6502 / BBC / Atom / C style)
    49152  %1010                decimal, binary
    loop  nim_sum@heap          a symbol (from a symbol file, an assembled source, the OS entry points)
    A X Y S PC P                a register;  N V D I Z C  a flag (0 or 1)
    ?addr  !addr                the byte / the little-endian word at addr
    + - * / & | ^ << >>         arithmetic and bitwise (integers);  - ~ not  prefix
    = == <> != < > <= >=        comparisons (1 or 0);  and  or  logical

An expression is parsed once into a tree of Python closures, so a breakpoint condition costs no parsing
when it is evaluated at every hit.  Precedence, loosest first: or, and, comparisons, |, ^, &, shifts,
+ -, * /, prefix.  Register and flag names win over symbols of the same name; a symbol that clashes
with one (A, X, Y, S, P, PC, N, V, B, D, I, Z, C) is reached as `sym:NAME`.
"""
import re

from emulator.errors import UserError

REGISTERS = ("A", "X", "Y", "S", "PC", "P")
FLAGS = {"N": 0x80, "V": 0x40, "B": 0x10, "D": 0x08, "I": 0x04, "Z": 0x02, "C": 0x01}

_TOKEN = re.compile(r"""
    \s*(?:
      (?P<num>\$[0-9A-Fa-f]+|&[0-9A-Fa-f]+|\#[0-9A-Fa-f]+|0[xX][0-9A-Fa-f]+|%[01]+|\d+)
     |(?P<name>sym:[A-Za-z_@.][\w@.]*|[A-Za-z_@.][\w@.]*)
     |(?P<op><<|>>|<=|>=|<>|!=|==|[-+*/&|^~()=<>?!])
    )""", re.VERBOSE)

_BINARY = [                                  # loosest first
    {"or": lambda a, b: int(bool(a) or bool(b))},
    {"and": lambda a, b: int(bool(a) and bool(b))},
    {"=": lambda a, b: int(a == b), "==": lambda a, b: int(a == b), "<>": lambda a, b: int(a != b),
     "!=": lambda a, b: int(a != b), "<": lambda a, b: int(a < b), ">": lambda a, b: int(a > b),
     "<=": lambda a, b: int(a <= b), ">=": lambda a, b: int(a >= b)},
    {"|": lambda a, b: a | b},
    {"^": lambda a, b: a ^ b},
    {"&": lambda a, b: a & b},
    {"<<": lambda a, b: a << (b & 31), ">>": lambda a, b: a >> (b & 31)},
    {"+": lambda a, b: a + b, "-": lambda a, b: a - b},
    {"*": lambda a, b: a * b, "/": lambda a, b: _divide(a, b)},
]


def _divide(a, b):
    if b == 0:
        raise UserError("division by zero in expression")
    return int(a / b)


def parse_literal(text):
    """A number token's value, or None if `text` is not a number."""
    if text[:1] in "$&#":
        return int(text[1:], 16)
    if text[:2] in ("0x", "0X"):
        return int(text[2:], 16)
    if text[:1] == "%":
        return int(text[1:], 2)
    return int(text) if text.isdigit() else None


class Expression:
    """A parsed expression: `evaluate(context)` gives an int.  `text` is what the user wrote."""

    def __init__(self, text, evaluate, constant):
        self.text = text
        self._evaluate = evaluate
        self.constant = constant    # no register or memory in it: the value cannot change

    def evaluate(self, context):
        return self._evaluate(context)


class Context:
    """What an expression can see: registers, memory (read without side effects) and symbols."""

    def __init__(self, cpu, peek, symbols):
        self.cpu = cpu
        self.peek = peek
        self.symbols = symbols

    def register(self, name):
        cpu = self.cpu
        if name == "PC":
            return cpu.pc
        if name == "P":
            return cpu.p
        if name in FLAGS:
            return 1 if cpu.p & FLAGS[name] else 0
        return getattr(cpu, name.lower())


def tokenize(text):
    tokens, pos = [], 0
    text = text.rstrip()
    while pos < len(text):
        m = _TOKEN.match(text, pos)
        if m is None or m.end() == pos:
            raise UserError(f"bad expression {text!r}: unexpected {text[pos:].strip()[:12]!r}")
        kind = m.lastgroup
        value = m.group(kind)
        if kind == "name" and value.lower() in ("and", "or", "not"):
            kind, value = "op", value.lower()
        tokens.append((kind, value))
        pos = m.end()
    return tokens


def parse(text, symbols):
    """Parse `text` into an Expression; unknown symbols and syntax errors are UserErrors."""
    tokens = tokenize(text)
    if not tokens:
        raise UserError("missing expression")
    parser = _Parser(text, tokens, symbols)
    fn = parser.binary(0)
    if parser.pos != len(tokens):
        raise UserError(f"bad expression {text!r}: unexpected {tokens[parser.pos][1]!r}")
    return Expression(text.strip(), fn, not parser.dynamic)


class _Parser:
    def __init__(self, text, tokens, symbols):
        self.text = text
        self.tokens = tokens
        self.pos = 0
        self.symbols = symbols
        self.dynamic = False

    def peek(self):
        return self.tokens[self.pos] if self.pos < len(self.tokens) else (None, None)

    def take(self):
        token = self.peek()
        if token[0] is None:
            raise UserError(f"bad expression {self.text.strip()!r}: it ends too soon")
        self.pos += 1
        return token

    def binary(self, level):
        if level == len(_BINARY):
            return self.unary()
        left = self.binary(level + 1)
        ops = _BINARY[level]
        while True:
            kind, value = self.peek()
            if kind != "op" or value not in ops:
                return left
            self.pos += 1
            right = self.binary(level + 1)
            left = (lambda f, l, r: lambda c: f(l(c), r(c)))(ops[value], left, right)

    def unary(self):
        kind, value = self.take()
        if kind == "op":
            if value == "-":
                inner = self.unary()
                return lambda c: -inner(c)
            if value == "+":
                return self.unary()
            if value == "~":
                inner = self.unary()
                return lambda c: ~inner(c) & 0xFFFF
            if value == "not":
                inner = self.unary()
                return lambda c: int(not inner(c))
            if value == "?":
                inner = self.unary()
                self.dynamic = True
                return lambda c: c.peek(inner(c) & 0xFFFF)
            if value == "!":
                inner = self.unary()
                self.dynamic = True
                return lambda c: (c.peek(inner(c) & 0xFFFF) | c.peek((inner(c) + 1) & 0xFFFF) << 8)
            if value == "(":
                inner = self.binary(0)
                if self.take() != ("op", ")"):
                    raise UserError(f"bad expression {self.text.strip()!r}: missing ')'")
                return inner
            raise UserError(f"bad expression {self.text.strip()!r}: unexpected {value!r}")
        if kind == "num":
            number = parse_literal(value)
            return lambda c: number
        # a name: a register or flag first, then a symbol
        upper = value.upper()
        if not value.startswith("sym:") and (upper in REGISTERS or upper in FLAGS):
            self.dynamic = True
            return lambda c: c.register(upper)
        name = value[4:] if value.startswith("sym:") else value
        if name not in self.symbols:
            raise UserError(f"unknown symbol {name!r}")
        number = self.symbols[name]
        return lambda c: number
