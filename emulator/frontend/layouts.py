"""The machines' keyboards as drawn in the keyboard view: rows of keys with their legends.

Pure data and geometry (no pygame).  A key is (legend, machine key name, width in key units, style);
None as the name is a gap.  Styles: "plain", "red" (the BBC's function keys), "dark" (the control
keys drawn darker on both machines), "break".

The drawings themselves are facts of each machine: its model (emulator/machines/model.py,
`KeyboardModel.rows`) holds them.
"""

from emulator.machines.registry import model


def rows_of(machine):
    """The machine's keyboard as its model draws it: rows of (legend, key or None, width, style)."""
    return model(machine).keyboard.rows


class KeyRect:
    __slots__ = ("legend", "key", "x", "y", "w", "h", "style")

    def __init__(self, legend, key, x, y, w, h, style):
        self.legend, self.key, self.x, self.y, self.w, self.h, self.style = legend, key, x, y, w, h, style

    def contains(self, px, py):
        return self.x <= px < self.x + self.w and self.y <= py < self.y + self.h


def key_rects(machine, width, unit=None, margin=6):
    """KeyRects for the machine's keyboard fitted to `width` pixels; and the height it takes."""
    rows = rows_of(machine)
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
    return {key for row in rows_of(machine) for _, key, _, _ in row if key is not None}
