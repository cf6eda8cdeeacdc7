"""Motorola MC6847 Video Display Generator: field sync timing and frames rendered on demand.

The chip knows its own pins: the mode lines A/G, GM0-GM2 and CSS, the per-byte lines A/S, INT/EXT and
INV (which data bits drive them is the machine's wiring, given to the constructor), and the FS output.
It does no work per cycle or per field: `field_sync(cycle)` is computed from the cycle count when the
CPU reads it, and `render(vram)` builds a frame with numpy lookup tables only when someone looks.

Facts (MC6847 data sheet):
* Alphanumeric modes: 32 x 16 characters of 8 x 12 dots, 512 bytes.  Internal characters are green on
  dark green (CSS=0) or orange on dark orange (CSS=1); INV swaps the two.
* Semigraphics 4 (A/S=1, INT/EXT=0): 2 x 2 elements from D3-D0 (D3 top left), colour from D6-D4.
  Semigraphics 6 (A/S=1, INT/EXT=1): 2 x 3 elements from D5-D0 (D5 top left), colour from D7-D6 and
  CSS.  Unlit elements are black.
* Graphics modes (A/G=1), by GM2 GM1 GM0: CG1 64x64 4-colour 1 KiB, RG1 128x64 2-colour 1 KiB,
  CG2 128x64 4-colour 2 KiB, RG2 128x96 2-colour 1.5 KiB, CG3 128x96 4-colour 3 KiB, RG3 128x192
  2-colour 3 KiB, CG6 128x192 4-colour 6 KiB, RG6 256x192 2-colour 6 KiB.  Colour modes: two bits a
  pixel, leftmost pixel in D7-D6, colours green/yellow/blue/red (CSS=0) or buff/cyan/magenta/orange
  (CSS=1).  Two-colour modes: one bit a pixel, leftmost in D7, black and green (CSS=0) or buff.
* A field is 262 lines, FS low for the 32 lines from the end of the active area to the start of the
  next field (low during flyback: "Atomic Theory and Practice" 25.5 describes the Atom's #B002 bit 7
  as the "60 Hz sync signal (low during flyback)").
The active area is 256 x 192 dots; frames here are that area (the border is not drawn).
External alphanumerics (a character ROM on the data bus) are not modelled: a wiring that could
select them is refused.
"""
import numpy as np

from emulator.chips.glyphs6847 import CELL_HEIGHT, CELL_WIDTH, glyph_cells

WIDTH = 256
HEIGHT = 192
TEXT_COLUMNS = 32
TEXT_ROWS = 16
FIELD_LINES = 262
FS_LOW_LINES = 32

# Colour numbers.  The RGB values are our own approximations of the 6847's output colours.
GREEN, YELLOW, BLUE, RED, BUFF, CYAN, MAGENTA, ORANGE, BLACK, DARK_GREEN, DARK_ORANGE = range(11)
PALETTE = np.array([
    (40, 224, 40),      # green
    (232, 232, 72),     # yellow
    (40, 40, 216),      # blue
    (200, 32, 40),      # red
    (232, 232, 216),    # buff
    (40, 208, 176),     # cyan
    (216, 48, 216),     # magenta
    (240, 136, 32),     # orange
    (0, 0, 0),          # black
    (0, 56, 0),         # dark green
    (80, 32, 0),        # dark orange
], dtype=np.uint8)

# GM2 GM1 GM0 -> (pixels across, pixels down, bits per pixel)
GRAPHICS_MODES = {
    0: (64, 64, 2),     # CG1
    1: (128, 64, 1),    # RG1
    2: (128, 64, 2),    # CG2
    3: (128, 96, 1),    # RG2
    4: (128, 96, 2),    # CG3
    5: (128, 192, 1),   # RG3
    6: (128, 192, 2),   # CG6
    7: (256, 192, 1),   # RG6
}
GRAPHICS_MODE_NAMES = ["CG1", "RG1", "CG2", "RG2", "CG3", "RG3", "CG6", "RG6"]


def graphics_bytes(gm):
    across, down, bpp = GRAPHICS_MODES[gm]
    return across * bpp // 8 * down


class VDG6847:
    def __init__(self, clock_hz=1_000_000, field_hz=60, as_bit=6, intext_bit=6, inv_bit=7):
        if intext_bit != as_bit:
            raise ValueError("external alphanumerics are not modelled: wire INT/EXT with A/S")
        self.clock_hz = clock_hz
        self.field_hz = field_hz
        self.as_bit = as_bit
        self.inv_bit = inv_bit
        # mode lines
        self.ag = 0
        self.gm = 0
        self.css = 0
        self._text_cells = self._build_text_cells()     # [css] -> (256, 12, 8) colour numbers
        self._text_rgb = [PALETTE[cells] for cells in self._text_cells]   # [css] -> (256, 12, 8, 3)
        self._last_frame = None                         # (mode lines, bytes shown, RGB frame)
        self._graphics_rgb = {}                         # (gm, css) -> (256, dots a byte covers, 3)

    # --- field sync -------------------------------------------------------------------------------

    def field_position(self, cycle):
        """(field number, line within the field 0-261) at `cycle`, exact in integers."""
        ticks = cycle * self.field_hz                   # field n spans ticks [n*clock, (n+1)*clock)
        field, phase = divmod(ticks, self.clock_hz)
        return field, phase * FIELD_LINES // self.clock_hz

    def field_sync(self, cycle):
        """FS output: 1 during the 230 lines of a field's top border and active area, 0 in flyback."""
        phase = (cycle * self.field_hz) % self.clock_hz
        return 0 if phase * FIELD_LINES >= (FIELD_LINES - FS_LOW_LINES) * self.clock_hz else 1

    def field_start(self, field):
        """First cycle of field number `field` (the cycle FS went high)."""
        return -(-field * self.clock_hz // self.field_hz)

    # --- mode lines -------------------------------------------------------------------------------

    def set_mode(self, ag, gm, css):
        self.ag = 1 if ag else 0
        self.gm = gm & 7
        self.css = 1 if css else 0

    def state(self):
        """The mode lines (the picture is drawn from them and video RAM; field sync is the clock's)."""
        return {"ag": self.ag, "gm": self.gm, "css": self.css}

    def set_state(self, d):
        self.ag, self.gm, self.css = d["ag"], d["gm"], d["css"]

    @property
    def mode_name(self):
        return GRAPHICS_MODE_NAMES[self.gm] if self.ag else "alphanumeric"

    def bytes_shown(self):
        return graphics_bytes(self.gm) if self.ag else TEXT_COLUMNS * TEXT_ROWS

    # --- rendering --------------------------------------------------------------------------------

    def _build_text_cells(self):
        """For each data byte and CSS, the 8 x 12 cell of colour numbers the chip shows in A/G=0."""
        glyphs = glyph_cells()
        tables = []
        for css in (0, 1):
            cells = np.empty((256, CELL_HEIGHT, CELL_WIDTH), dtype=np.uint8)
            ink, paper = (ORANGE, DARK_ORANGE) if css else (GREEN, DARK_GREEN)
            for byte in range(256):
                if byte >> self.as_bit & 1:
                    cells[byte] = self._semigraphic_cell(byte, css)
                else:
                    lit = glyphs[byte & 0x3F]
                    if byte >> self.inv_bit & 1:
                        lit = 1 - lit
                    cells[byte] = np.where(lit == 1, ink, paper)
            tables.append(cells)
        return tables

    def _semigraphic_cell(self, byte, css):
        cell = np.full((CELL_HEIGHT, CELL_WIDTH), BLACK, dtype=np.uint8)
        if self.as_bit == 6:            # INT/EXT tied to A/S: semigraphics 6
            colour = ((byte >> 6) & 3) + 4 * css
            for element in range(6):    # D5 top left ... D0 bottom right; elements 4 x 4 dots
                if byte >> (5 - element) & 1:
                    row, col = divmod(element, 2)
                    cell[row * 4:row * 4 + 4, col * 4:col * 4 + 4] = colour
        else:                           # semigraphics 4: D3-D0 lit, D6-D4 colour
            colour = (byte >> 4) & 7
            for element in range(4):
                if byte >> (3 - element) & 1:
                    row, col = divmod(element, 2)
                    cell[row * 6:row * 6 + 6, col * 4:col * 4 + 4] = colour
        return cell

    def render_indices(self, vram):
        """The active area as colour numbers, uint8 (192, 256), from video memory bytes."""
        if not self.ag:
            codes = np.frombuffer(bytes(vram[:TEXT_COLUMNS * TEXT_ROWS]), dtype=np.uint8)
            cells = self._text_cells[self.css][codes]                    # (512, 12, 8)
            cells = cells.reshape(TEXT_ROWS, TEXT_COLUMNS, CELL_HEIGHT, CELL_WIDTH)
            return cells.transpose(0, 2, 1, 3).reshape(HEIGHT, WIDTH)
        across, down, bpp = GRAPHICS_MODES[self.gm]
        data = np.frombuffer(bytes(vram[:graphics_bytes(self.gm)]), dtype=np.uint8)
        bits = np.unpackbits(data).reshape(down, across * bpp)
        if bpp == 2:
            values = bits[:, 0::2] * 2 + bits[:, 1::2]
            pixels = values + 4 * self.css
        else:
            pixels = np.where(bits == 1, BUFF if self.css else GREEN, BLACK).astype(np.uint8)
        return np.repeat(np.repeat(pixels, HEIGHT // down, axis=0), WIDTH // across, axis=1)

    def _graphics_table(self, gm, css):
        """RGB dots for each byte value in a graphics mode: a byte's pixels, already widened."""
        key = (gm, css)
        table = self._graphics_rgb.get(key)
        if table is None:
            across, down, bpp = GRAPHICS_MODES[gm]
            values = np.arange(256, dtype=np.uint8)
            bits = np.unpackbits(values).reshape(256, 8)
            if bpp == 2:
                colours = (bits[:, 0::2] * 2 + bits[:, 1::2]) + 4 * css
            else:
                colours = np.where(bits == 1, BUFF if css else GREEN, BLACK)
            table = PALETTE[np.repeat(colours, WIDTH // across, axis=1)]
            self._graphics_rgb[key] = table
        return table

    def _render_graphics_rgb(self, shown):
        across, down, bpp = GRAPHICS_MODES[self.gm]
        data = np.frombuffer(shown, dtype=np.uint8)
        rows = self._graphics_table(self.gm, self.css)[data].reshape(down, WIDTH, 3)
        return rows[np.arange(HEIGHT) // (HEIGHT // down)]

    def render(self, vram):
        """The active area as RGB, uint8 (192, 256, 3) (a new array each call)."""
        shown = bytes(vram[:self.bytes_shown()])
        lines = (self.ag, self.gm, self.css)
        last = self._last_frame
        if last is not None and last[0] == lines and last[1] == shown:
            return last[2].copy()                       # nothing the chip shows has changed
        if not self.ag:
            codes = np.frombuffer(shown, dtype=np.uint8)
            cells = self._text_rgb[self.css][codes].reshape(TEXT_ROWS, TEXT_COLUMNS, CELL_HEIGHT, CELL_WIDTH, 3)
            frame = cells.transpose(0, 2, 1, 3, 4).reshape(HEIGHT, WIDTH, 3)
        else:
            frame = self._render_graphics_rgb(shown)
        self._last_frame = (lines, shown, frame)
        return frame.copy()
