"""The machines' keyboards as drawn in the keyboard view: rows of keys with their legends.

Pure data and geometry (no pygame).  A key is (legend, machine key name, width in key units, style);
None as the name is a gap.  Styles: "plain", "red" (the BBC's function keys), "dark" (the control
keys drawn darker on both machines), "break".

The BBC Micro layout is the Model B's (BBC Micro User Guide, chapter 1 keyboard picture): the red
f0-f9 row with BREAK, ESCAPE 1-0 - ^ \\ and the left/right arrows, TAB Q-P @ [ _ and up/down,
CAPS LOCK CTRL A-L ; : ] RETURN, SHIFT LOCK SHIFT Z-/ SHIFT DELETE COPY, the space bar.
The Atom drawing keeps its keys' legends (LOCK, REPT, COPY, the two arrow keys, BREAK) in an
arrangement of our own close to the machine's: typewriter rows with the bit-paired symbols.
"""

U = 1.0     # one ordinary key's width

BBC_ROWS = [
    [("", None, 1.5, "gap")] + [(f"f{n}", f"F{n}", U, "red") for n in range(10)]
    + [("BREAK", "BREAK", 1.25, "break")],
    [("ESCAPE", "ESCAPE", 1.25, "dark")] + [(c, c, U, "plain") for c in "1234567890"]
    + [("= -", "-", U, "plain"), ("~ ^", "^", U, "plain"), ("| \\", "\\", U, "plain"),
       ("\u2190", "LEFT", U, "dark"), ("\u2192", "RIGHT", U, "dark")],
    [("TAB", "TAB", 1.5, "dark")] + [(c, c, U, "plain") for c in "QWERTYUIOP"]
    + [("@", "@", U, "plain"), ("{ [", "[", U, "plain"), ("\u00a3 _", "_", U, "plain"),
       ("\u2191", "UP", U, "dark"), ("\u2193", "DOWN", U, "dark")],
    [("CAPS LOCK", "CAPS LOCK", 1.25, "dark"), ("CTRL", "CTRL", 1.25, "dark")]
    + [(c, c, U, "plain") for c in "ASDFGHJKL"]
    + [("+ ;", ";", U, "plain"), ("* :", ":", U, "plain"), ("} ]", "]", U, "plain"),
       ("RETURN", "RETURN", 1.5, "dark")],
    [("SHIFT LOCK", "SHIFT LOCK", 1.25, "dark"), ("SHIFT", "SHIFT", 1.75, "dark")]
    + [(c, c, U, "plain") for c in "ZXCVBNM"]
    + [("< ,", ",", U, "plain"), ("> .", ".", U, "plain"), ("? /", "/", U, "plain"),
       ("SHIFT", "SHIFT", 1.5, "dark"), ("DELETE", "DELETE", 1.25, "dark"), ("COPY", "COPY", 1.25, "dark")],
    [("", None, 3.5, "gap"), ("", "SPACE", 8.0, "plain")],
]

ATOM_ROWS = [
    [("ESC", "ESCAPE", 1.25, "dark")]
    + [(f"{s} {c}", c, U, "plain") for c, s in zip("123456789", "!\"#$%&'()")]
    + [("0", "0", U, "plain"), ("* :", ":", U, "plain"), ("= -", "-", U, "plain"),
       ("~ ^", "^", U, "plain"), ("BREAK", "BREAK", 1.25, "break")],
    [("CTRL", "CTRL", 1.5, "dark")] + [(c, c, U, "plain") for c in "QWERTYUIOP"]
    + [("` @", "@", U, "plain"), ("| \\", "\\", U, "plain"), ("COPY", "COPY", 1.25, "dark"),
       ("DEL", "DELETE", 1.25, "dark")],
    [("LOCK", "LOCK", 1.75, "dark")] + [(c, c, U, "plain") for c in "ASDFGHJKL"]
    + [("+ ;", ";", U, "plain"), ("{ [", "[", U, "plain"), ("} ]", "]", U, "plain"),
       ("RETURN", "RETURN", 1.5, "dark")],
    [("SHIFT", "SHIFT", 2.0, "dark")] + [(c, c, U, "plain") for c in "ZXCVBNM"]
    + [("< ,", ",", U, "plain"), ("> .", ".", U, "plain"), ("? /", "/", U, "plain"),
       ("SHIFT", "SHIFT", 1.5, "dark"), ("\u2195", "UPDOWN", U, "dark"), ("\u2194", "LEFTRIGHT", U, "dark")],
    [("REPT", "REPT", 1.5, "dark"), ("", None, 1.0, "gap"), ("", "SPACE", 8.0, "plain")],
]

LAYOUTS = {"bbc": BBC_ROWS, "atom": ATOM_ROWS}


class KeyRect:
    __slots__ = ("legend", "key", "x", "y", "w", "h", "style")

    def __init__(self, legend, key, x, y, w, h, style):
        self.legend, self.key, self.x, self.y, self.w, self.h, self.style = legend, key, x, y, w, h, style

    def contains(self, px, py):
        return self.x <= px < self.x + self.w and self.y <= py < self.y + self.h


def key_rects(machine, width, unit=None, margin=6):
    """KeyRects for the machine's keyboard fitted to `width` pixels; and the height it takes."""
    rows = LAYOUTS[machine]
    units = max(sum(w for _, _, w, _ in row) for row in rows)
    if unit is None:
        unit = max(12, int((width - 2 * margin) / units))
    pitch = unit
    rects = []
    y = margin
    for row in rows:
        x = margin
        for legend, key, w, style in row:
            pixels = int(round(w * pitch))
            if key is not None:
                rects.append(KeyRect(legend, key, x, y, pixels - 2, unit - 2, style))
            x += pixels
        y += unit
    return rects, y + margin


def key_names(machine):
    """Every machine key the drawing shows."""
    return {key for row in LAYOUTS[machine] for _, key, _, _ in row if key is not None}
