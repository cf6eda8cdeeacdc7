"""The Acorn Atom keyboard: a 10-row x 6-column switch matrix plus SHIFT, CTRL, REPT and BREAK.

The kernel selects a row on #B000 bits 0-3 and reads the row's six columns on #B001 bits 0-5, low
for a pressed key; CTRL and SHIFT are wired straight to #B001 bits 6 and 7 and REPT to #B002 bit 6,
all low when pressed ("Atomic Theory and Practice" 25.5).  BREAK is not in the matrix: it pulls the
6502's RESET line.  The matrix positions are those of J. G. Harston's Atom memory map
(mdfs.net/Docs/Comp/Acorn/Atom/MemoryMap, "&B001 keyboard matrix"); the five positions that map
lists with no key on a standard Atom (two in column 0, three in column 1) have no key here either.

`chord_for(char)` says which keys a person presses for a character, in the Atom's power-on
("teletype") mode: letters give capitals and SHIFT gives lower case; SHIFT on the bit-paired keys
flips bit 4 (1 -> !, : -> *, , -> <) and on @ [ \\ ] ^ gives ` { | } ~; CTRL with a key gives its
control code ("Atomic Theory and Practice" ch. 18, which also says the one ASCII code the keyboard
cannot produce is #5F, shown as a back-arrow).
"""
from emulator.errors import UserError

ROWS = 10

# (row, column) of every key in the matrix.
MATRIX = {
    "UPDOWN": (2, 0), "LEFTRIGHT": (3, 0), "LOCK": (4, 0), "^": (5, 0), "]": (6, 0), "\\": (7, 0),
    "[": (8, 0), "SPACE": (9, 0),
    "3": (0, 1), "2": (1, 1), "1": (2, 1), "0": (3, 1), "DELETE": (4, 1), "COPY": (5, 1),
    "RETURN": (6, 1),
    "-": (0, 2), ",": (1, 2), ";": (2, 2), ":": (3, 2), "9": (4, 2), "8": (5, 2), "7": (6, 2),
    "6": (7, 2), "5": (8, 2), "4": (9, 2),
    "G": (0, 3), "F": (1, 3), "E": (2, 3), "D": (3, 3), "C": (4, 3), "B": (5, 3), "A": (6, 3),
    "@": (7, 3), "/": (8, 3), ".": (9, 3),
    "Q": (0, 4), "P": (1, 4), "O": (2, 4), "N": (3, 4), "M": (4, 4), "L": (5, 4), "K": (6, 4),
    "J": (7, 4), "I": (8, 4), "H": (9, 4),
    "ESCAPE": (0, 5), "Z": (1, 5), "Y": (2, 5), "X": (3, 5), "W": (4, 5), "V": (5, 5), "U": (6, 5),
    "T": (7, 5), "S": (8, 5), "R": (9, 5),
}
MODIFIERS = ("SHIFT", "CTRL", "REPT")
BREAK = "BREAK"
KEY_NAMES = tuple(MATRIX) + MODIFIERS + (BREAK,)
ALIASES = {"ESC": "ESCAPE", "ENTER": "RETURN", "DEL": "DELETE", "RPT": "REPT", "CONTROL": "CTRL",
           "SPC": "SPACE", " ": "SPACE", "UP/DOWN": "UPDOWN", "LEFT/RIGHT": "LEFTRIGHT",
           "CAPSLOCK": "LOCK", "BRK": "BREAK"}

_SHIFTED_PAIRS = {}
for _base in "123456789:;,-./":
    _SHIFTED_PAIRS[chr(ord(_base) ^ 0x10)] = _base          # ! " # $ % & ' ( ) * + < = > ?
for _base in "@[\\]^":
    _SHIFTED_PAIRS[chr(ord(_base) + 0x20)] = _base          # ` { | } ~


def key_name(name):
    """The canonical name of a key, or a UserError listing the names there are."""
    text = str(name)
    upper = text.upper()
    for candidate in (text, upper):
        if candidate in MATRIX or candidate in MODIFIERS or candidate == BREAK:
            return candidate
        if candidate in ALIASES:
            return ALIASES[candidate]
    raise UserError(f"unknown Atom key name {text!r} (known: {' '.join(KEY_NAMES)})")


def chord_for(char):
    """(modifier key names, key name) a person presses to type `char`; UserError if impossible."""
    if char in ("\n", "\r"):
        return (), "RETURN"
    if char == " ":
        return (), "SPACE"
    if char == "\x1b":
        return (), "ESCAPE"
    if char == "\x7f":
        return (), "DELETE"
    if "A" <= char <= "Z" or char in MATRIX and len(char) == 1:
        return (), char
    if "a" <= char <= "z":
        return ("SHIFT",), char.upper()
    if char in _SHIFTED_PAIRS:
        return ("SHIFT",), _SHIFTED_PAIRS[char]
    code = ord(char)
    if code < 0x20 and chr(code + 0x40) in MATRIX:            # CTRL-@ ... CTRL-^
        return ("CTRL",), chr(code + 0x40)
    raise UserError(f"the Atom keyboard cannot type {char!r}")


class AtomKeyboard:
    def __init__(self, on_break=None):
        self.on_break = on_break            # called with True/False when BREAK goes down/up
        self.release_all()

    def release_all(self):
        self.row_bits = [0] * 16            # pressed columns of each row (rows 10-15 have no keys)
        self.shift = False
        self.ctrl = False
        self.rept = False
        self.break_down = False
        self.down = set()

    def press(self, name):
        self._set(key_name(name), True)

    def release(self, name):
        self._set(key_name(name), False)

    def is_down(self, name):
        return key_name(name) in self.down

    def _set(self, name, pressed):
        if pressed:
            self.down.add(name)
        else:
            self.down.discard(name)
        if name in MATRIX:
            row, column = MATRIX[name]
            if pressed:
                self.row_bits[row] |= 1 << column
            else:
                self.row_bits[row] &= ~(1 << column)
        elif name == "SHIFT":
            self.shift = pressed
        elif name == "CTRL":
            self.ctrl = pressed
        elif name == "REPT":
            self.rept = pressed
        elif name == BREAK:
            changed = pressed != self.break_down
            self.break_down = pressed
            if changed and self.on_break is not None:
                self.on_break(pressed)

    def columns(self, row):
        """#B001 as the keyboard drives it with `row` selected: low bits for pressed keys."""
        value = 0x3F & ~self.row_bits[row & 15]
        if not self.ctrl:
            value |= 0x40
        if not self.shift:
            value |= 0x80
        return value

    def reads_down(self, name, row):
        """True if key `name` is down and in `row`: a read of that row shows it pressed."""
        return name in self.down and name in MATRIX and MATRIX[name][0] == row & 15

    def rept_line(self):
        """The REPT line (#B002 bit 6): 0 while REPT is held."""
        return 0 if self.rept else 1

    def state(self):
        return {"down": sorted(self.down), "row_bits": list(self.row_bits), "shift": self.shift,
                "ctrl": self.ctrl, "rept": self.rept, "break_down": self.break_down}

    def set_state(self, d):
        """Restore the keys held (BREAK's line is the machine's, restored with it)."""
        self.down = set(d["down"])
        self.row_bits = list(d["row_bits"])
        self.shift, self.ctrl, self.rept = d["shift"], d["ctrl"], d["rept"]
        self.break_down = d["break_down"]
