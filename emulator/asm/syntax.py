"""Reading one source line: tokens, expressions and the shape of a statement.

A line is parsed on its own, without knowing the symbols, so the result can be cached by the line's text
and reused by the second pass (and by every identical line).  Expressions become small Python closures
that take the assembler and return an int; they look names up through `asm.lookup(name, column)` and read
the current address from `asm.here`.
"""
import re

from emulator.asm.opcodes import MODES


class LineError(Exception):
    """A mistake on the current line, at a 1-based column."""

    def __init__(self, column, message):
        super().__init__(message)
        self.column = column
        self.message = message


class Unknown(Exception):
    """An expression names a symbol that has no value (yet)."""

    def __init__(self, name, column):
        super().__init__(name)
        self.name = name
        self.column = column


# Values are kept within 32 bits (signed or unsigned), so no expression can grow without bound.
VALUE_LIMIT = 1 << 32

DIRECTIVES = frozenset(
    "org byte word text fill align include incbin if ifdef ifndef elif else endif assert "
    "macro endm scope endscope error".split()
)

_TOKEN = re.compile(
    r"""
     (?P<ws>[ \t\r\f\v]+)
    |(?P<comment>;.*)
    |(?P<hex>\$\w*)
    |(?P<bin>%\w*)
    |(?P<dec>[0-9]\w*)
    |(?P<char>'(?:\\x[0-9A-Fa-f]{2}|\\.|[^\\'\n])')
    |(?P<str>"(?:\\.|[^"\\\n])*")
    |(?P<name>[A-Za-z_]\w*(?:\.[A-Za-z_]\w*)*(?:@\w+)?|@\w+)
    |(?P<dir>\.[A-Za-z_]\w*)
    |(?P<op><<|>>|==|!=|<=|>=|[-+*/&|^~!<>(),#=:])
    """,
    re.VERBOSE | re.ASCII,
)

_ESCAPES = {"n": 10, "r": 13, "t": 9, "0": 0, "\\": 92, '"': 34, "'": 39, "e": 27}


class Token:
    __slots__ = ("kind", "value", "column")

    def __init__(self, kind, value, column):
        self.kind = kind        # "num", "str", "name", "dir" or "op"
        self.value = value      # int, bytes, str (name as written), directive name (lower case), operator
        self.column = column    # 1-based

    def is_op(self, op):
        return self.kind == "op" and self.value == op

    def __repr__(self):
        return f"Token({self.kind}, {self.value!r}, {self.column})"


def _unescape(body, column):
    """The bytes of a string or character literal's body (between the quotes)."""
    out = bytearray()
    i = 0
    while i < len(body):
        c = body[i]
        if c == "\\":
            e = body[i + 1]
            if e in _ESCAPES:
                out.append(_ESCAPES[e])
                i += 2
                continue
            if e == "x":
                digits = body[i + 2:i + 4]
                if len(digits) == 2 and all(d in "0123456789abcdefABCDEF" for d in digits):
                    out.append(int(digits, 16))
                    i += 4
                    continue
                raise LineError(column, "\\x needs two hex digits")
            raise LineError(column, f"unknown escape '\\{e}'")
        code = ord(c)
        if code > 255:
            raise LineError(column, f"character {c!r} is not an 8-bit character")
        out.append(code)
        i += 1
    return bytes(out)


def _number(text, base, prefix_len, column):
    digits = text[prefix_len:]
    try:
        if not digits:
            raise ValueError
        value = int(digits, base)
    except ValueError:
        kind = {16: "hex", 2: "binary", 10: "decimal"}[base]
        raise LineError(column, f"bad {kind} number '{text}'") from None
    if value >= VALUE_LIMIT:
        raise LineError(column, f"number '{text}' is too large")
    return value


def tokenize(text):
    tokens = []
    pos = 0
    end = len(text)
    match = _TOKEN.match
    while pos < end:
        m = match(text, pos)
        column = pos + 1
        if m is None:
            c = text[pos]
            if c == '"':
                raise LineError(column, "unterminated string")
            if c == "'":
                raise LineError(column, "bad character constant (write 'c')")
            raise LineError(column, f"unexpected character {c!r}")
        kind = m.lastgroup
        tok = m.group()
        pos = m.end()
        if kind == "ws":
            continue
        if kind == "comment":
            break
        if kind == "name" or kind == "op":
            tokens.append(Token(kind, tok, column))
        elif kind == "hex":
            tokens.append(Token("num", _number(tok, 16, 1, column), column))
        elif kind == "dec":
            tokens.append(Token("num", _number(tok, 10, 0, column), column))
        elif kind == "bin":
            tokens.append(Token("num", _number(tok, 2, 1, column), column))
        elif kind == "char":
            value = _unescape(tok[1:-1], column)
            if len(value) != 1:
                raise LineError(column, "a character constant holds one character")
            tokens.append(Token("num", value[0], column))
        elif kind == "str":
            tokens.append(Token("str", _unescape(tok[1:-1], column), column))
        else:  # directive
            tokens.append(Token("dir", tok[1:].lower(), column))
    return tokens


# ---------------------------------------------------------------------------------------------------
# Expressions

def _check(value, column):
    if -VALUE_LIMIT < value < VALUE_LIMIT:
        return value
    raise LineError(column, "value out of range (more than 32 bits)")


def _divide(a, b, column):
    if b == 0:
        raise LineError(column, "division by zero")
    q = abs(a) // abs(b)
    return q if (a < 0) == (b < 0) else -q          # truncates toward zero, as in C


def _shift_left(a, b, column):
    if not 0 <= b < 32:
        raise LineError(column, f"shift count {b} out of range 0-31")
    return _check(a << b, column)


def _shift_right(a, b, column):
    if not 0 <= b < 32:
        raise LineError(column, f"shift count {b} out of range 0-31")
    return a >> b


_BINARY = {
    "*": lambda a, b, c: _check(a * b, c),
    "/": _divide,
    "+": lambda a, b, c: _check(a + b, c),
    "-": lambda a, b, c: _check(a - b, c),
    "<<": _shift_left,
    ">>": _shift_right,
    "&": lambda a, b, c: a & b,
    "^": lambda a, b, c: a ^ b,
    "|": lambda a, b, c: a | b,
    "==": lambda a, b, c: int(a == b),
    "!=": lambda a, b, c: int(a != b),
    "<": lambda a, b, c: int(a < b),
    ">": lambda a, b, c: int(a > b),
    "<=": lambda a, b, c: int(a <= b),
    ">=": lambda a, b, c: int(a >= b),
}

# Binary operators from loosest to tightest binding.
_LEVELS = (
    ("==", "!=", "<", ">", "<=", ">="),
    ("|",),
    ("^",),
    ("&",),
    ("<<", ">>"),
    ("+", "-"),
    ("*", "/"),
)


def _constant(value):
    return lambda asm: value


def _symbol(name, column):
    return lambda asm: asm.lookup(name, column)


def _current_address(asm):
    return asm.here


def _binary(op, left, right, column):
    apply = _BINARY[op]
    return lambda asm: apply(left(asm), right(asm), column)


_UNARY = {
    "-": lambda v: -v,
    "+": lambda v: v,
    "~": lambda v: ~v,
    "!": lambda v: int(v == 0),
    "<": lambda v: v & 0xFF,
    ">": lambda v: (v >> 8) & 0xFF,
}


def _unary(op, operand):
    apply = _UNARY[op]
    return lambda asm: apply(operand(asm))


# Expressions are evaluated by nested closures, so their size is bounded to keep well within Python's
# recursion limit (no real expression comes near these).
MAX_NESTING = 40
MAX_OPERATORS = 200


class _ExpressionParser:
    def __init__(self, tokens, end_column):
        self.tokens = tokens
        self.i = 0
        self.end_column = end_column
        self.depth = 0
        self.operators = 0

    def count_operator(self, tok):
        self.operators += 1
        if self.operators > MAX_OPERATORS:
            raise LineError(tok.column, f"expression has more than {MAX_OPERATORS} operators")

    def fail(self, message):
        column = self.tokens[self.i].column if self.i < len(self.tokens) else self.end_column
        raise LineError(column, message)

    def parse(self):
        if not self.tokens:
            raise LineError(self.end_column, "missing expression")
        fn = self.level(0)
        if self.i < len(self.tokens):
            tok = self.tokens[self.i]
            self.fail(f"unexpected {describe(tok)} in expression")
        return fn

    def level(self, n):
        if n == len(_LEVELS):
            return self.unary()
        ops = _LEVELS[n]
        left = self.level(n + 1)
        tokens = self.tokens
        while self.i < len(tokens):
            tok = tokens[self.i]
            if tok.kind != "op" or tok.value not in ops:
                break
            self.i += 1
            self.count_operator(tok)
            right = self.level(n + 1)
            left = _binary(tok.value, left, right, tok.column)
        return left

    def unary(self):
        if self.i >= len(self.tokens):
            self.fail("expression ends too soon")
        tok = self.tokens[self.i]
        if tok.kind == "op":
            if tok.value in ("<", ">", "-", "+", "~", "!", "("):
                self.count_operator(tok)
                self.depth += 1
                if self.depth > MAX_NESTING:
                    raise LineError(tok.column, f"expression nested more than {MAX_NESTING} deep")
                try:
                    return self.prefixed(tok)
                finally:
                    self.depth -= 1
            if tok.value == "*":
                self.i += 1
                return _current_address
        elif tok.kind == "num":
            self.i += 1
            return _constant(tok.value)
        elif tok.kind == "name":
            self.i += 1
            return _symbol(tok.value, tok.column)
        self.fail(f"unexpected {describe(tok)} in expression")

    def prefixed(self, tok):
        """An expression that starts with a prefix operator or '('."""
        self.i += 1
        if tok.value in ("<", ">"):
            # Low/high byte of everything that follows: `<table+1` is the low byte of table+1.
            return _unary(tok.value, self.level(0))
        if tok.value == "(":
            inner = self.level(0)
            if self.i >= len(self.tokens) or not self.tokens[self.i].is_op(")"):
                self.fail("missing ')'")
            self.i += 1
            return inner
        return _unary(tok.value, self.unary())


def describe(tok):
    if tok.kind == "str":
        return "string"
    if tok.kind == "dir":
        return f"'.{tok.value}'"
    if tok.kind == "num":
        return "number"
    return f"'{tok.value}'"


def compile_expression(tokens, end_column):
    """A closure computing the value of the expression written in `tokens`."""
    return _ExpressionParser(tokens, end_column).parse()


# ---------------------------------------------------------------------------------------------------
# Statements

class Argument:
    """One comma-separated item of a directive: a string or an expression."""
    __slots__ = ("string", "expr", "column", "name")

    def __init__(self, string, expr, column, name):
        self.string = string    # bytes for a string literal, else None
        self.expr = expr        # closure, else None
        self.column = column
        self.name = name        # the name when the item is one bare name (for .macro, .ifdef, .scope)


class Statement:
    broken = False      # see assembler._BrokenConditional
    __slots__ = ("labels", "kind", "name", "column", "syntax", "expr", "expr_column", "args", "arg_texts")

    def __init__(self, labels):
        self.labels = labels          # [(name, column)]
        self.kind = None              # None, "assign", "org", "dir", "ins", "call"
        self.name = None              # assigned name, directive, MNEMONIC or macro name
        self.column = 0               # column of that name
        self.syntax = None            # instruction operand form: none acc imm inx iny ind plain x y
        self.expr = None              # value (assign, org, instruction operand)
        self.expr_column = 0
        self.args = None              # directive arguments
        self.arg_texts = None         # macro call arguments as written: [(text, column)]


def _split_commas(tokens):
    """Split at commas outside parentheses."""
    parts, current, depth = [], [], 0
    for tok in tokens:
        if tok.kind == "op":
            if tok.value == "(":
                depth += 1
            elif tok.value == ")":
                depth -= 1
            elif tok.value == "," and depth <= 0:
                parts.append(current)
                current = []
                continue
        current.append(tok)
    parts.append(current)
    return parts


def _arguments(tokens, after_column, end_column):
    if not tokens:
        return []
    args = []
    for part in _split_commas(tokens):
        if not part:
            raise LineError(after_column, "missing value between commas")
        column = part[0].column
        if len(part) == 1 and part[0].kind == "str":
            args.append(Argument(part[0].value, None, column, None))
            continue
        name = part[0].value if len(part) == 1 and part[0].kind == "name" else None
        args.append(Argument(None, compile_expression(part, end_column), column, name))
        after_column = part[-1].column
    return args


def _macro_header(tokens, column):
    """`.macro NAME [PARAM[, PARAM...]]`: names only (a comma after NAME is allowed)."""
    if not tokens or tokens[0].kind != "name":
        raise LineError(tokens[0].column if tokens else column, "usage: .macro NAME [PARAMETER, ...]")
    args = [Argument(None, None, tokens[0].column, tokens[0].value)]
    rest = tokens[1:]
    if rest and rest[0].is_op(","):
        rest = rest[1:]
    if rest:
        for part in _split_commas(rest):
            if len(part) != 1 or part[0].kind != "name":
                where = part[0].column if part else tokens[0].column
                raise LineError(where, "a macro parameter is a plain name; separate them with commas")
            args.append(Argument(None, None, part[0].column, part[0].value))
    return args


def _is_register(tok, letter):
    return tok.kind == "name" and tok.value.lower() == letter


def _operand(stmt, tokens, end_column):
    """Classify the operand's form and compile its expression."""
    if not tokens:
        stmt.syntax = "none"
        return
    first = tokens[0]
    stmt.expr_column = first.column
    if len(tokens) == 1 and _is_register(first, "a") and "acc" in MODES[stmt.name]:
        stmt.syntax = "acc"
        return
    if first.is_op("#"):
        stmt.syntax = "imm"
        stmt.expr = compile_expression(tokens[1:], end_column)
        if len(tokens) > 1:
            stmt.expr_column = tokens[1].column
        return
    n = len(tokens)
    if first.is_op("("):
        depth = 0
        close = None
        for k, tok in enumerate(tokens):
            if tok.kind == "op":
                if tok.value == "(":
                    depth += 1
                elif tok.value == ")":
                    depth -= 1
                    if depth == 0:
                        close = k
                        break
        if close == n - 1:
            inner = tokens[1:close]
            if len(inner) >= 2 and inner[-2].is_op(",") and _is_register(inner[-1], "x"):
                stmt.syntax = "inx"
                inner = inner[:-2]
            else:
                stmt.syntax = "ind"
            stmt.expr = compile_expression(inner, tokens[close].column)
            return
        if close == n - 3 and tokens[close + 1].is_op(",") and _is_register(tokens[close + 2], "y"):
            stmt.syntax = "iny"
            stmt.expr = compile_expression(tokens[1:close], tokens[close].column)
            return
        if close == n - 3 and tokens[close + 1].is_op(",") and _is_register(tokens[close + 2], "x"):
            raise LineError(first.column, "the 6502 has no (indirect),X mode: write (ADDRESS,X), or "
                                          "+(EXPRESSION),X for an indexed expression")
    if n >= 2 and tokens[-2].is_op(","):
        if _is_register(tokens[-1], "x"):
            stmt.syntax = "x"
            stmt.expr = compile_expression(tokens[:-2], tokens[-2].column)
            return
        if _is_register(tokens[-1], "y"):
            stmt.syntax = "y"
            stmt.expr = compile_expression(tokens[:-2], tokens[-2].column)
            return
    stmt.syntax = "plain"
    stmt.expr = compile_expression(tokens, end_column)


def parse_statement(text):
    tokens = tokenize(text)
    end_column = len(text.rstrip()) + 1
    labels = []
    i = 0
    n = len(tokens)
    while i + 1 < n and tokens[i].kind == "name" and tokens[i + 1].is_op(":"):
        name = tokens[i].value
        if "." in name or "@" in name[1:]:
            raise LineError(tokens[i].column, f"label '{name}' cannot be qualified; define it inside .scope")
        labels.append((name, tokens[i].column))
        i += 2
    stmt = Statement(labels)
    if i == n:
        return stmt
    head = tokens[i]
    nxt = tokens[i + 1] if i + 1 < n else None
    if head.is_op("*") and nxt is not None and nxt.is_op("="):
        stmt.kind = "org"
        stmt.column = head.column
        stmt.expr_column = tokens[i + 2].column if i + 2 < n else end_column
        stmt.expr = compile_expression(tokens[i + 2:], end_column)
        return stmt
    if head.kind == "name" and nxt is not None and nxt.is_op("="):
        if labels:
            raise LineError(head.column, "a label cannot go before an assignment")
        if "." in head.value or "@" in head.value[1:]:
            raise LineError(head.column, f"'{head.value}' cannot be qualified; define it inside .scope")
        stmt.kind = "assign"
        stmt.name = head.value
        stmt.column = head.column
        stmt.expr_column = tokens[i + 2].column if i + 2 < n else end_column
        stmt.expr = compile_expression(tokens[i + 2:], end_column)
        return stmt
    if head.kind == "dir":
        if head.value not in DIRECTIVES:
            raise LineError(head.column, f"unknown directive '.{head.value}'")
        stmt.kind = "dir"
        stmt.name = head.value
        stmt.column = head.column
        if head.value == "macro":
            stmt.args = _macro_header(tokens[i + 1:], head.column)
        else:
            stmt.args = _arguments(tokens[i + 1:], head.column, end_column)
        return stmt
    if head.kind == "name":
        stmt.column = head.column
        upper = head.value.upper()
        if upper in MODES:
            stmt.kind = "ins"
            stmt.name = upper
            _operand(stmt, tokens[i + 1:], end_column)
            return stmt
        if "." in head.value or head.value.startswith("@"):
            raise LineError(head.column, f"unknown instruction '{head.value}'")
        stmt.kind = "call"
        stmt.name = head.value
        stmt.arg_texts = []
        rest = tokens[i + 1:]
        if rest:
            code = _strip_comment(text)
            for part in _split_commas(rest):
                if not part:
                    raise LineError(head.column, "missing macro argument between commas")
                start = part[0].column - 1
                finish = _token_end(code, part[-1])
                stmt.arg_texts.append((code[start:finish].strip(), part[0].column))
        return stmt
    raise LineError(head.column, f"expected a label, instruction or directive, not {describe(head)}")


def _strip_comment(text):
    """The line without its comment (a ';' outside strings and character constants)."""
    for m in _TOKEN.finditer(text):
        if m.lastgroup == "comment":
            return text[:m.start()]
    return text


def _token_end(text, tok):
    m = _TOKEN.match(text, tok.column - 1)
    return m.end() if m else len(text)


_STATEMENT_CACHE = {}


def parse_cached(text):
    """parse_statement, remembered by the line's text (a LineError is remembered too)."""
    hit = _STATEMENT_CACHE.get(text)
    if hit is None:
        try:
            hit = parse_statement(text)
        except LineError as e:
            hit = e
        if len(_STATEMENT_CACHE) > 200_000:
            _STATEMENT_CACHE.clear()
        _STATEMENT_CACHE[text] = hit
    if isinstance(hit, LineError):
        raise hit
    return hit
