"""The symbol file: what `acorn asm --symbols` writes and the debugger reads.

One symbol a line, sorted by value then name:

    ; acorn asm symbols
    CR           = $000D ; const
    start        = $C000 ; label
    start@loop   = $C002 ; label

NAME is the full name (scopes joined by '.', a local label after its global label and '@'); VALUE is
hex with '$' (a '-' before it for a negative constant); after ';' the kind: `label` for an address in
the code or data, `const` for a value set with `=`.  Blank lines and lines starting with ';' are ignored.
"""
import re
from collections import namedtuple

from emulator.errors import UserError

Symbol = namedtuple("Symbol", "name value kind")

_LINE = re.compile(r"^\s*(\S+)\s*=\s*(-?)\$([0-9A-Fa-f]+)\s*(?:;\s*(label|const)\s*)?$")


def format_symbols(symbols, labels):
    width = max((len(name) for name in symbols), default=0)
    out = ["; acorn asm symbols: NAME = $VALUE ; label|const"]
    for name, value in sorted(symbols.items(), key=lambda item: (item[1], item[0])):
        kind = "label" if name in labels else "const"
        text = f"-${-value:04X}" if value < 0 else f"${value:04X}"
        out.append(f"{name:<{width}} = {text} ; {kind}")
    return "\n".join(out) + "\n"


def parse_symbol_text(text, filename="<symbols>"):
    """[Symbol], in file order; a malformed line is a UserError naming it."""
    found = []
    for number, line in enumerate(text.splitlines(), 1):
        stripped = line.strip()
        if not stripped or stripped.startswith(";"):
            continue
        m = _LINE.match(line)
        if m is None:
            raise UserError(f"{filename}:{number}: not a symbol line (want NAME = $HEX ; label|const)")
        name, minus, digits, kind = m.groups()
        value = int(digits, 16)
        found.append(Symbol(name, -value if minus else value, kind or "label"))
    return found


def read_symbol_file(path):
    """[Symbol] from a symbol file."""
    from emulator.inputs import SOURCE_LIMIT, read_input

    raw = read_input(path, "symbol file", SOURCE_LIMIT)
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise UserError(f"{path}: cannot read the symbol file: not UTF-8 text") from None
    return parse_symbol_text(text, str(path))


def read_symbols(path):
    """name -> value from a symbol file."""
    return {s.name: s.value for s in read_symbol_file(path)}
