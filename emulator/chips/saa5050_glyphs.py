"""Our own character shapes in the style of the SAA5050 teletext generator (English set).

Each character is drawn on a 5 x 9 dot matrix inside a 6 x 10 cell (the left column and the top row
are the gaps between characters), as the SAA5050 does; capitals use rows 1-7 and descenders rows 8-9.
The drawings below are ours.  `rounded_glyphs()` turns them into the 12 x 20 half-dot pictures the
chip shows on an interlaced screen, with its character rounding: where two dots touch only at a
corner, each gets a half dot towards the other on the scan line between them, which smooths
diagonals (SAA5050 data sheet, "character rounding").

The codes that differ from ASCII on the English SAA5050 are drawn as what the chip shows: &23 pound,
&5B left arrow, &5C one half, &5D right arrow, &5E up arrow, &5F hash, &60 long dash, &7B one quarter,
&7C double bar, &7D three quarters, &7E divide, &7F block.
"""
import numpy as np

CELL_COLUMNS, CELL_ROWS = 6, 10          # dots, including the gaps
WIDTH, HEIGHT = 12, 20                   # half dots across, scan lines down (both fields)

# Rows 1.. of each glyph, five dots each ('#' on); rows not given are blank.
_DRAWINGS = {
    0x20: "",
    0x21: "..#.. ..#.. ..#.. ..#.. ..#.. ..... ..#..",
    0x22: ".#.#. .#.#. .#.#.",
    0x23: "..##. .#..# .#... ###.. .#... .#... #####",        # pound sign
    0x24: ".###. #.#.# #.#.. .###. ..#.# #.#.# .###.",
    0x25: "##... ##..# ...#. ..#.. .#... #..## ...##",
    0x26: ".#... #.#.. #.#.. .#... #.#.# #..#. .##.#",
    0x27: "..#.. ..#.. .#...",
    0x28: "...#. ..#.. .#... .#... .#... ..#.. ...#.",
    0x29: ".#... ..#.. ...#. ...#. ...#. ..#.. .#...",
    0x2A: "..#.. #.#.# .###. ..#.. .###. #.#.# ..#..",
    0x2B: "..... ..#.. ..#.. ##### ..#.. ..#.. .....",
    0x2C: "..... ..... ..... ..... ..... ..#.. ..#.. .#...",
    0x2D: "..... ..... ..... .###.",
    0x2E: "..... ..... ..... ..... ..... ..... ..#..",
    0x2F: "..... ....# ...#. ..#.. .#... #....",
    0x30: "..#.. .#.#. #...# #...# #...# .#.#. ..#..",
    0x31: "..#.. .##.. ..#.. ..#.. ..#.. ..#.. .###.",
    0x32: ".###. #...# ....# ..##. .#... #.... #####",
    0x33: "##### ....# ...#. ..##. ....# #...# .###.",
    0x34: "...#. ..##. .#.#. #..#. ##### ...#. ...#.",
    0x35: "##### #.... ####. ....# ....# #...# .###.",
    0x36: "..##. .#... #.... ####. #...# #...# .###.",
    0x37: "##### ....# ...#. ..#.. .#... .#... .#...",
    0x38: ".###. #...# #...# .###. #...# #...# .###.",
    0x39: ".###. #...# #...# .#### ....# ...#. .##..",
    0x3A: "..... ..... ..#.. ..... ..... ..... ..#..",
    0x3B: "..... ..... ..#.. ..... ..... ..#.. ..#.. .#...",
    0x3C: "...#. ..#.. .#... #.... .#... ..#.. ...#.",
    0x3D: "..... ..... ##### ..... #####",
    0x3E: ".#... ..#.. ...#. ....# ...#. ..#.. .#...",
    0x3F: ".###. #...# ...#. ..#.. ..#.. ..... ..#..",
    0x40: ".###. #...# #.### #.#.# #.### #.... .###.",
    0x41: "..#.. .#.#. #...# #...# ##### #...# #...#",
    0x42: "####. #...# #...# ####. #...# #...# ####.",
    0x43: ".###. #...# #.... #.... #.... #...# .###.",
    0x44: "####. #...# #...# #...# #...# #...# ####.",
    0x45: "##### #.... #.... ####. #.... #.... #####",
    0x46: "##### #.... #.... ####. #.... #.... #....",
    0x47: ".###. #...# #.... #.... #..## #...# .####",
    0x48: "#...# #...# #...# ##### #...# #...# #...#",
    0x49: ".###. ..#.. ..#.. ..#.. ..#.. ..#.. .###.",
    0x4A: "....# ....# ....# ....# ....# #...# .###.",
    0x4B: "#...# #..#. #.#.. ##... #.#.. #..#. #...#",
    0x4C: "#.... #.... #.... #.... #.... #.... #####",
    0x4D: "#...# ##.## #.#.# #.#.# #...# #...# #...#",
    0x4E: "#...# #...# ##..# #.#.# #..## #...# #...#",
    0x4F: ".###. #...# #...# #...# #...# #...# .###.",
    0x50: "####. #...# #...# ####. #.... #.... #....",
    0x51: ".###. #...# #...# #...# #.#.# #..#. .##.#",
    0x52: "####. #...# #...# ####. #.#.. #..#. #...#",
    0x53: ".###. #...# #.... .###. ....# #...# .###.",
    0x54: "##### ..#.. ..#.. ..#.. ..#.. ..#.. ..#..",
    0x55: "#...# #...# #...# #...# #...# #...# .###.",
    0x56: "#...# #...# #...# .#.#. .#.#. ..#.. ..#..",
    0x57: "#...# #...# #...# #.#.# #.#.# #.#.# .#.#.",
    0x58: "#...# #...# .#.#. ..#.. .#.#. #...# #...#",
    0x59: "#...# #...# .#.#. ..#.. ..#.. ..#.. ..#..",
    0x5A: "##### ....# ...#. ..#.. .#... #.... #####",
    0x5B: "..... ..#.. .#... ##### .#... ..#..",              # left arrow
    0x5C: "#.... #.... #.... #.##. ...#. ..#.. .###.",        # one half
    0x5D: "..... ..#.. ...#. ##### ...#. ..#..",              # right arrow
    0x5E: "..#.. .###. #.#.# ..#.. ..#.. ..#.. ..#..",        # up arrow
    0x5F: ".#.#. .#.#. ##### .#.#. ##### .#.#. .#.#.",        # hash
    0x60: "..... ..... ..... #####",                          # long dash
    0x61: "..... ..... .###. ....# .#### #...# .####",
    0x62: "#.... #.... ####. #...# #...# #...# ####.",
    0x63: "..... ..... .#### #.... #.... #.... .####",
    0x64: "....# ....# .#### #...# #...# #...# .####",
    0x65: "..... ..... .###. #...# ##### #.... .###.",
    0x66: "..##. .#... .#... ###.. .#... .#... .#...",
    0x67: "..... ..... .#### #...# #...# #...# .#### ....# .###.",
    0x68: "#.... #.... ####. #...# #...# #...# #...#",
    0x69: "..#.. ..... .##.. ..#.. ..#.. ..#.. .###.",
    0x6A: "..#.. ..... ..#.. ..#.. ..#.. ..#.. ..#.. ..#.. .#...",
    0x6B: ".#... .#... .#..# .#.#. .##.. .#.#. .#..#",
    0x6C: ".##.. ..#.. ..#.. ..#.. ..#.. ..#.. .###.",
    0x6D: "..... ..... ##.#. #.#.# #.#.# #.#.# #.#.#",
    0x6E: "..... ..... ####. #...# #...# #...# #...#",
    0x6F: "..... ..... .###. #...# #...# #...# .###.",
    0x70: "..... ..... ####. #...# #...# #...# ####. #.... #....",
    0x71: "..... ..... .#### #...# #...# #...# .#### ....# ....#",
    0x72: "..... ..... .#.## .##.. .#... .#... .#...",
    0x73: "..... ..... .#### #.... .###. ....# ####.",
    0x74: ".#... .#... ###.. .#... .#... .#... ..##.",
    0x75: "..... ..... #...# #...# #...# #...# .####",
    0x76: "..... ..... #...# #...# .#.#. .#.#. ..#..",
    0x77: "..... ..... #...# #...# #.#.# #.#.# .#.#.",
    0x78: "..... ..... #...# .#.#. ..#.. .#.#. #...#",
    0x79: "..... ..... #...# #...# #...# #...# .#### ....# .###.",
    0x7A: "..... ..... ##### ...#. ..#.. .#... #####",
    0x7B: "#.... #.... #.... #..#. ..##. .#.#. ...#.",        # one quarter
    0x7C: ".#.#. .#.#. .#.#. .#.#. .#.#. .#.#. .#.#.",        # double bar
    0x7D: "##... .#... ##... #..#. ..##. .#.#. ...#.",        # three quarters
    0x7E: "..... ..#.. ..... ##### ..... ..#..",              # divide
    0x7F: "##### ##### ##### ##### ##### ##### ##### ##### #####",  # block
}

# What a reader sees for each displayable code (screen.text()).
READER_CHARACTERS = {code: chr(code) for code in range(0x20, 0x7F)}
READER_CHARACTERS.update({0x23: "£", 0x5B: "←", 0x5C: "½", 0x5D: "→", 0x5E: "↑", 0x5F: "#",
                          0x60: "―", 0x7B: "¼", 0x7C: "‖", 0x7D: "¾", 0x7E: "÷", 0x7F: "■"})


def dot_matrix(code):
    """The 10 x 6 dot cell of a character (code &20-&7F), as a bool array."""
    cell = np.zeros((CELL_ROWS, CELL_COLUMNS), dtype=bool)
    for row, dots in enumerate(_DRAWINGS[code].split(), start=1):
        if len(dots) != 5:
            raise ValueError(f"glyph &{code:02X} row {row} is not 5 dots wide")
        cell[row, 1:] = [d == "#" for d in dots]
    return cell


def _rounding(row, neighbour):
    """Half dots added on the scan line of `row` nearest `neighbour` (the row above or below)."""
    extra = np.zeros(WIDTH, dtype=bool)
    n = CELL_COLUMNS
    for c in range(n):
        if not row[c]:
            continue
        # The neighbour row continues the stroke diagonally to the right: fill the corner.
        if c + 1 < n and neighbour[c + 1] and not row[c + 1] and not neighbour[c]:
            extra[2 * (c + 1)] = True
        # ... or to the left.
        if c - 1 >= 0 and neighbour[c - 1] and not row[c - 1] and not neighbour[c]:
            extra[2 * (c - 1) + 1] = True
    return extra


def round_cell(cell):
    """A 10 x 6 dot cell -> its 20 x 12 half-dot picture with character rounding."""
    out = np.zeros((HEIGHT, WIDTH), dtype=bool)
    blank = np.zeros(CELL_COLUMNS, dtype=bool)
    for r in range(CELL_ROWS):
        wide = np.repeat(cell[r], 2)
        above = cell[r - 1] if r > 0 else blank
        below = cell[r + 1] if r + 1 < CELL_ROWS else blank
        out[2 * r] = wide | _rounding(cell[r], above)
        out[2 * r + 1] = wide | _rounding(cell[r], below)
    return out


def rounded_glyphs():
    """(96, 20, 12) bool: the alphanumeric characters &20-&7F as the chip shows them."""
    return np.stack([round_cell(dot_matrix(code)) for code in range(0x20, 0x80)])


# Mosaic graphics: a 2 x 3 block per cell; code bits 0,1 top, 2,3 middle, 4,6 bottom (left, right).
MOSAIC_BITS = ((0, 1), (2, 3), (4, 6))
MOSAIC_ROWS = ((0, 6), (6, 14), (14, 20))       # scan lines of each block row: 3, 4, 3 dots high
MOSAIC_COLUMNS = ((0, 6), (6, 12))              # half dots of each block column: 3 dots wide


def mosaic(code, separated):
    """The 20 x 12 picture of a graphics character; separated blocks lose their left dot column and
    bottom dot row, leaving a gap between blocks."""
    out = np.zeros((HEIGHT, WIDTH), dtype=bool)
    for (top, bottom), bits in zip(MOSAIC_ROWS, MOSAIC_BITS):
        for (left, right), bit in zip(MOSAIC_COLUMNS, bits):
            if code >> bit & 1:
                if separated:
                    out[top:bottom - 2, left + 2:right] = True
                else:
                    out[top:bottom, left:right] = True
    return out
