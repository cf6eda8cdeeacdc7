"""The BBC Micro keyboard: a 10-column x 8-row matrix on the system VIA's port A.

Key numbers are the MOS's internal key numbers (row * 16 + column, hex &RC), the numbers the BBC
Micro Advanced User Guide's INKEY table gives negated (INKEY -(n + 1)); the layout was checked
against that table as printed in "Creative Assembler" (Griffiths), appendix A, and the MOS
translation table annotated on elite.bbcelite.com (TRTB%).  BREAK is not in the matrix: the machine
wires it to the reset line.

Row 0 holds SHIFT (&00), CTRL (&01) and the eight start-up option links in columns 2-9.  A made link
reads as a pressed key.  `links` is the byte as the MOS builds it for OSBYTE 255: bit 0 from column
9 up to bit 7 from column 2, a set bit a made link; bits 0-2 select the default MODE (0 = MODE 7,
then 7 - value), bit 3 reverses SHIFT-BREAK, bits 4-5 disc timings, bit 7 NFS/DFS (Advanced User
Guide p.274, as documented in the BeebEm manual's "Keyboard links"; b-em's keyboard model reads
link column c from bit 9 - c the same way).  All links open (0) is the shipped state: MODE 7,
SHIFT-BREAK boots.

Hardware (Advanced User Guide, section 23: system VIA port A and IC32):
  * Auto-scan: while IC32's keyboard-enable bit (addressable latch bit 3) is 1, a 74LS163 counter
    steps the column at 1 MHz through 0-15; CA2 goes high while the selected column has a key down
    in rows 1-7.  Over one 16 us sweep that is "any key in rows 1-7 is down", so it is modelled as
    such (SHIFT, CTRL and the links, in row 0, never interrupt).
  * Direct testing: with the bit 0 the MOS writes a key number to port A (bits 0-3 column, bits 4-6
    row); the counter holds that column, PA7 reads 1 when that key is down, and CA2 reports the
    column's rows 1-7.
"""
from emulator.errors import UserError

COLUMNS, ROWS = 10, 8

KEY_NUMBERS = {
    "SHIFT": 0x00, "CTRL": 0x01,
    "Q": 0x10, "3": 0x11, "4": 0x12, "5": 0x13, "F4": 0x14, "8": 0x15, "F7": 0x16, "-": 0x17,
    "^": 0x18, "LEFT": 0x19,
    "F0": 0x20, "W": 0x21, "E": 0x22, "T": 0x23, "7": 0x24, "I": 0x25, "9": 0x26, "0": 0x27,
    "_": 0x28, "DOWN": 0x29,
    "1": 0x30, "2": 0x31, "D": 0x32, "R": 0x33, "6": 0x34, "U": 0x35, "O": 0x36, "P": 0x37,
    "[": 0x38, "UP": 0x39,
    "CAPS LOCK": 0x40, "A": 0x41, "X": 0x42, "F": 0x43, "Y": 0x44, "J": 0x45, "K": 0x46, "@": 0x47,
    ":": 0x48, "RETURN": 0x49,
    "SHIFT LOCK": 0x50, "S": 0x51, "C": 0x52, "G": 0x53, "H": 0x54, "N": 0x55, "L": 0x56, ";": 0x57,
    "]": 0x58, "DELETE": 0x59,
    "TAB": 0x60, "Z": 0x61, "SPACE": 0x62, "V": 0x63, "B": 0x64, "M": 0x65, ",": 0x66, ".": 0x67,
    "/": 0x68, "COPY": 0x69,
    "ESCAPE": 0x70, "F1": 0x71, "F2": 0x72, "F3": 0x73, "F5": 0x74, "F6": 0x75, "F8": 0x76,
    "F9": 0x77, "\\": 0x78, "RIGHT": 0x79,
}
KEY_NAMES = {number: name for name, number in KEY_NUMBERS.items()}
ALIASES = {"ESC": "ESCAPE", "CAPSLOCK": "CAPS LOCK", "SHIFTLOCK": "SHIFT LOCK", "CONTROL": "CTRL",
           "ENTER": "RETURN", "DEL": "DELETE", " ": "SPACE", "BACKSPACE": "DELETE",
           "CURSOR LEFT": "LEFT", "CURSOR RIGHT": "RIGHT", "CURSOR UP": "UP", "CURSOR DOWN": "DOWN"}
LINK_KEYS = tuple(range(0x02, 0x0A))        # row 0, columns 2-9

# The shifted symbol of each non-letter key (BBC Micro User Guide, chapter 1 keyboard: the
# bit-paired layout).  0, @ and SPACE have none; the _ key's shifted character is code &60, which the
# BBC shows as a pound sign.
SHIFTED = {"1": "!", "2": '"', "3": "#", "4": "$", "5": "%", "6": "&", "7": "'", "8": "(", "9": ")",
           "-": "=", "^": "~", "\\": "|", "[": "{", "_": "`", ";": "+", ":": "*", "]": "}",
           ",": "<", ".": ">", "/": "?"}
CONTROL_CHARACTERS = {"\r": "RETURN", "\n": "RETURN", "\t": "TAB", "\x1b": "ESCAPE",
                      "\x7f": "DELETE", " ": "SPACE"}


def key_number(name):
    """A key's internal number from its name (case-insensitive; f0-f9, arrows, SHIFT LOCK, ...)."""
    if isinstance(name, int):
        if name in KEY_NAMES:
            return name
        raise UserError(f"no BBC key has number &{name:02X}")
    text = name if name in KEY_NUMBERS else name.strip().upper()
    text = ALIASES.get(text, text)
    if text in KEY_NUMBERS:
        return KEY_NUMBERS[text]
    raise UserError(f"unknown BBC key name {name!r}")


def keys_for_char(char, caps_lock=True):
    """(key name, SHIFT needed) that types `char`.  With CAPS LOCK off a capital takes SHIFT.  With
    it on (the MOS's start-up state) letters are capitals, SHIFT held or not (MOS 1.20, and ours):
    the (key, SHIFT) given for a small letter then makes a capital, so the typist
    (BBCMicro.chords_for_char) turns CAPS LOCK off for it instead."""
    if char in CONTROL_CHARACTERS:
        return CONTROL_CHARACTERS[char], False
    if char == "£":
        return "_", True
    if len(char) == 1 and "A" <= char.upper() <= "Z" and char.isascii():
        capital = char.isupper()
        return char.upper(), capital != caps_lock
    if char in KEY_NUMBERS and len(char) == 1:
        return char, False
    for key, shifted in SHIFTED.items():
        if shifted == char:
            return key, True
    raise UserError(f"the BBC keyboard cannot type {char!r}")


def chars_to_keys(text, caps_lock=True):
    """[(key name, SHIFT needed), ...] for typing `text`; a character the keyboard cannot make is a
    UserError naming it."""
    return [keys_for_char(char, caps_lock) for char in text]


class BBCKeyboard:
    def __init__(self, links=0):
        self.links = links & 0xFF
        self.pressed = set()
        self.column_keys = [0] * 16         # keys down in rows 1-7 of each column
        self.autoscan = True                # IC32 bit 3: 1 = counter free-running
        self.column = 0                     # the counter's column in direct mode
        self.row = 0
        self.ca2_listener = None            # called with the new CA2 level when it changes
        self._ca2 = False

    # --- keys -------------------------------------------------------------------------------------

    def press(self, key):
        self.pressed.add(key_number(key))
        self._count_columns()
        self._update_ca2()

    def release(self, key):
        self.pressed.discard(key_number(key))
        self._count_columns()
        self._update_ca2()

    def release_all(self):
        self.pressed.clear()
        self._count_columns()
        self._update_ca2()

    def _count_columns(self):
        """Keys down in rows 1-7 of each column (what drives CA2), kept as keys change: the MOS
        tests keys thousands of times a second while one is held, and each test moves CA2."""
        counts = [0] * 16
        for number in self.pressed:
            if number >> 4 >= 1:
                counts[number & 0x0F] += 1
        self.column_keys = counts

    def is_down(self, number):
        """Whether the matrix position `number` (&RC) reads as closed (a key, or a made link)."""
        if number in LINK_KEYS:
            return bool(self.links >> (9 - (number & 0x0F)) & 1)
        return number in self.pressed

    # --- the system VIA's view --------------------------------------------------------------------

    def set_autoscan(self, enabled):
        """Addressable latch bit 3 (keyboard enable): 1 auto-scan, 0 direct testing."""
        self.autoscan = bool(enabled)
        self._update_ca2()

    def write_port_a(self, value):
        """Port A output (a key number) while the MOS tests keys directly."""
        self.column = value & 0x0F
        self.row = (value >> 4) & 0x07
        self._update_ca2()

    def port_a_input(self, output=None):
        """What port A's pins read: bit 7 the selected key (direct mode only), bits 0-6 as driven."""
        if output is not None:
            self.write_port_a(output)
        driven = (self.row << 4) | self.column
        if not self.autoscan and self.column < COLUMNS and self.is_down(driven):
            return driven | 0x80
        return driven

    def column_active(self, column):
        """A key down in rows 1-7 of `column` (what drives CA2)."""
        return self.column_keys[column & 0x0F] != 0

    def ca2(self):
        if self.autoscan:
            return any(self.column_keys[:COLUMNS])
        return self.column < COLUMNS and self.column_keys[self.column] != 0

    def _update_ca2(self):
        level = self.ca2()
        if level != self._ca2:
            self._ca2 = level
            if self.ca2_listener is not None:
                self.ca2_listener(level)

    def state_schema(self):
        from emulator.schema import U8, boolean, integer, items

        def key(value, where):
            if type(value) is not int or value not in KEY_NAMES:
                from emulator.schema import _fail
                _fail(where, value, "a BBC key number")
        return {"pressed": items(key, 0, 128), "autoscan": boolean, "links": U8,
                "column": integer(0, 15), "row": integer(0, 7), "ca2": boolean}

    def state(self):
        return {"pressed": sorted(self.pressed), "autoscan": self.autoscan, "links": self.links,
                "column": self.column, "row": self.row, "ca2": self._ca2}

    def set_state(self, d):
        """Restore the keys held and the counter (CA2's listener is not called: the VIA's CA2
        input is restored with the VIA)."""
        self.pressed = set(d["pressed"])
        self._count_columns()
        self.autoscan, self.links = d["autoscan"], d["links"]
        self.column, self.row, self._ca2 = d["column"], d["row"], d["ca2"]
