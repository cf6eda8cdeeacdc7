"""Reading teletext pictures cell by cell, to compare our BBC's screen with hoglet's reference renders.

The reference pictures (the reference folder's teletext/refs/tN.png and teletext/typed-refs/*.png)
are whole screens with a border, drawn with other glyphs than ours, so they are compared cell by cell,
never pixel by pixel.  A cell's class is what a person sees in it: the colours present (each pixel
taken to 3-bit RGB, a colour counting when it covers at least MIN_SHARE of the cell, so anti-aliased
edges count with their glyph) and which colour dominates when one does (DOMINANT_SHARE): a blank cell
is one colour, a lit cell two.  Two cells match when they hold the same colours in shares within
SHARE_TOLERANCE of each other: that tells ink from paper (white on yellow from yellow on white, a bar
from a block) while leaving room for two sets of glyphs and anti-aliased edges.

Geometry, measured on the reference pictures (the ruler, rules and bars of the pages): tN.png is
1792 x 1200 with a cell of 32 x 40 pixels and the page's column 0, row 0 at (272, 104); the typed
pictures are 896 x 600 with 16 x 20 cells at (136, 52).  Our MODE 7 picture is 480 x 500 with
12 x 20 cells at (0, 0).
"""
import numpy as np

from emulator.display.png import read_png

MIN_SHARE = 0.03
SHARE_TOLERANCE = 0.25

REF_GEOMETRY = {(1200, 1792): (272, 104, 32, 40), (600, 896): (136, 52, 16, 20)}
OUR_GEOMETRY = (0, 0, 12, 20)
COLOUR_NAMES = ("black", "red", "green", "yellow", "blue", "magenta", "cyan", "white")


BLENDED = 8                     # a pixel between two colours (an edge a render smoothed): not counted


def colour_indices(rgb, blends=True):
    """(H, W) uint8 of 3-bit colours (bit 0 red, 1 green, 2 blue), each channel on from 128.  With
    `blends`, a pixel with a channel between 64 and 191 is BLENDED instead: a reference render smooths
    the edges of teletext glyphs, and a yellow-blue edge would otherwise read as white."""
    rgb = np.asarray(rgb)[:, :, :3]
    on = rgb >= 128
    colours = (on[:, :, 0] | on[:, :, 1] << 1 | on[:, :, 2] << 2).astype(np.uint8)
    if blends:
        colours[((rgb > 63) & (rgb < 192)).any(axis=2)] = BLENDED
    return colours


def classify_cells(rgb, geometry, rows=25, columns=40):
    """{(row, column): {colour: share}} for a page's cells in picture `rgb`: the 3-bit colours
    present and the share of the cell each covers."""
    x0, y0, width, height = geometry
    colours = colour_indices(rgb)
    cells = {}
    for row in range(rows):
        for column in range(columns):
            block = colours[y0 + row * height:y0 + (row + 1) * height,
                            x0 + column * width:x0 + (column + 1) * width]
            counts = np.bincount(block.ravel(), minlength=BLENDED + 1)[:BLENDED]
            counts = counts / max(1, counts.sum())
            cells[row, column] = {int(c): float(counts[c]) for c in np.nonzero(counts >= MIN_SHARE)[0]}
    return cells


def same(cell, other):
    """Whether two cells look alike: the same colours, in shares within SHARE_TOLERANCE."""
    return cell.keys() == other.keys() and all(abs(cell[c] - other[c]) <= SHARE_TOLERANCE for c in cell)


def reference_cells(path, rows=25, columns=40):
    rgb = read_png(path)
    geometry = REF_GEOMETRY.get(rgb.shape[:2])
    if geometry is None:
        raise ValueError(f"{path}: a picture of {rgb.shape[1]} x {rgb.shape[0]} is not a known reference")
    return classify_cells(rgb, geometry, rows, columns)


def our_cells(rgb, rows=25, columns=40):
    if rgb.shape[:2] != (500, 480):
        raise ValueError(f"not a MODE 7 picture: {rgb.shape[1]} x {rgb.shape[0]}")
    return classify_cells(rgb, OUR_GEOMETRY, rows, columns)


def describe(cell):
    return "+".join(f"{COLOUR_NAMES[c]} {share:.0%}" if len(cell) > 1 else COLOUR_NAMES[c]
                    for c, share in sorted(cell.items()))


def differences(ours, reference, cells=None):
    """[(row, column, our class, the reference's class)] where they differ, over `cells` (default
    every cell the reference has)."""
    keys = sorted(reference) if cells is None else sorted(cells)
    return [(row, column, describe(ours[row, column]), describe(reference[row, column]))
            for row, column in keys if not same(ours[row, column], reference[row, column])]


# --- hoglet's T8: a MODE 4 frame with teletext switched in part-way along its scan lines --------------

# The reference picture: MODE 4's picture begins at (240, 104), 32 pixels a character and 4 a scan
# line; ours at (0, 0) with 16 and 2.  T8 shows 26 rows of 8 lines.
T8_REF_GEOMETRY = (240, 104, 16, 4)
T8_OUR_GEOMETRY = (0, 0, 8, 2)
T8_LINES, T8_HALF_CHARACTERS, T8_BAND_LINES = 208, 80, 10


def raster_cells(rgb, geometry, lines=T8_LINES, columns=T8_HALF_CHARACTERS, band=T8_BAND_LINES):
    """{(band, half character): colours present} over a bitmap MODE's picture: half a character
    across (one 2 MHz cycle at 1 MHz) by `band` scan lines down (the SAA5050's 10-line rows, so a
    band of teletext holds its characters' ink and the gaps between them whatever the glyphs).
    Where white shows (T8's teletext), black is left out: how much of a glyph's cell is gap is a
    matter of glyph shape."""
    x0, y0, half_width, line_height = geometry
    colours = colour_indices(rgb, blends=False)
    cells = {}
    for b in range((lines + band - 1) // band):
        top, bottom = y0 + b * band * line_height, y0 + min(lines, (b + 1) * band) * line_height
        for column in range(columns):
            block = colours[top:bottom, x0 + column * half_width:x0 + (column + 1) * half_width]
            counts = np.bincount(block.ravel(), minlength=BLENDED + 1)[:BLENDED]
            counts = counts / max(1, counts.sum())
            present = tuple(int(c) for c in np.nonzero(counts >= MIN_SHARE)[0])
            if 7 in present:                # white is teletext here: its black gaps are our glyphs'
                present = tuple(c for c in present if c)
            cells[b, column] = present
    return cells
