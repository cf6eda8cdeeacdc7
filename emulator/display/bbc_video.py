"""Render a BBC Micro frame from memory and the 6845 / video ULA registers: a whole field from one
set of registers (a field written to while on the screen is put together from several such pictures,
emulator/display/bbc_raster.py and bbc_screen.py).

Addressing (the board's logic between the CRTC and RAM):
  * MA13 set (MODE 7): address = &3C00 + MA0-9, MA11 -> address bit 14 (R12/R13 = &2800 reads &7C00).
  * Otherwise address = MA0-11 * 8 + RA0-2; MA12 set means the screen ran past &8000, and the screen
    size chosen by the addressable latch's C0/C1 (system VIA IC32 bits 4 and 5) is taken off.  The
    sizes (C1 C0): 00 16K (MODE 3), 01 8K (MODE 6), 10 20K (MODEs 0-2), 11 10K (MODEs 4-5).  Source:
    Advanced User Guide p.419, as corrected on the Retro Software forum ("the AUG is wrong regarding
    the meaning of the bits": MODEs 0-2 B5=1 B4=0, MODE 3 0 0, MODEs 4-5 1 1, MODE 6 0 1).
  * Raster lines 8 and up of a character row (RA3 set) are blanked: MODEs 3 and 6's gaps.

Pictures: bitmap MODEs come out 640 pixels wide (the 16 MHz pixel clock; a MODE 1 pixel is 2 wide,
MODE 2 and 5 4 wide) and each scan line twice, so a MODE 0 frame is 640 x 512 and the pixels keep
their aspect on a 4:3 screen.  MODE 7 comes out 480 x 500: 40 cells of 12 half dots and 25 rows of 20
interlaced lines (the same 40 us and 250 lines, so a front end showing it 640 wide keeps its aspect).

The shift register: each pixel's 4-bit palette index is bits 7, 5, 3, 1 of the byte, which then
shifts left by one with a 1 coming in (BBC Micro Advanced User Guide 19.2: why MOS programs all
16 palette entries in 2- and 4-colour MODEs).
"""
import numpy as np

from emulator.chips import saa5050

# Screen sizes by (C1 << 1) | C0.
WRAP_SIZES = (0x4000, 0x2000, 0x5000, 0x2800)
# Display widths in the 16 MHz pixel clock's pixels.
BITMAP_WIDTH = 640
# Cursor alignment: with MOS's settings (skew 0 and ULA segment 1 in bitmap MODEs; skew 2, segment 2
# in MODE 7) the cursor lands on its character, so the teletext path runs 3 characters behind MA.
TELETEXT_PIPELINE_CHARS = 3
BITMAP_PIPELINE_CHARS = 0

# 3-bit physical colour -> RGB.
RGB = np.array([[255 if colour & 1 else 0, 255 if colour & 2 else 0, 255 if colour & 4 else 0]
                for colour in range(8)], dtype=np.uint8)


def wrap_size(latch_c0c1):
    """Bytes taken off an address past &8000, for C0 | C1 << 1 from the addressable latch."""
    return WRAP_SIZES[latch_c0c1 & 3]


def _shift_register_table(pixels_per_byte):
    """(256, pixels_per_byte) uint8: the palette index of each pixel a byte makes."""
    table = np.zeros((256, pixels_per_byte), dtype=np.uint8)
    for value in range(256):
        shifted = value
        for pixel in range(pixels_per_byte):
            table[value, pixel] = (((shifted >> 7) & 1) << 3 | ((shifted >> 5) & 1) << 2
                                   | ((shifted >> 3) & 1) << 1 | ((shifted >> 1) & 1))
            shifted = ((shifted << 1) | 1) & 0xFF
    return table


_SHIFT_TABLES = {n: _shift_register_table(n) for n in (1, 2, 4, 8, 16)}


def _memory_array(memory):
    if isinstance(memory, np.ndarray):
        return memory
    return np.frombuffer(memory, dtype=np.uint8)


def _geometry(crtc):
    """(rows, columns) displayed: R6 x R1, as far as the totals let them show."""
    r = crtc.registers
    rows = min(r[6], r[4] + 1)
    columns = min(r[1], r[0] + 1)
    if crtc.display_skew == 3:          # HD6845S: display enable skew 3 = no display
        rows = 0
    return rows, columns


def displayed_rows(crtc):
    """How many character rows a picture shows (0 while the display is off)."""
    return _geometry(crtc)[0]


def _cell_addresses(crtc, rows, columns):
    """(rows, columns) array of the 14-bit MA of each character cell."""
    start = crtc.start_address
    ma = start + np.arange(rows, dtype=np.int64)[:, None] * crtc.registers[1] \
        + np.arange(columns, dtype=np.int64)[None, :]
    return ma & 0x3FFF


def _ram_addresses(ma, raster, latch_c0c1):
    """The RAM address read for cells `ma` on raster line `raster` (arrays broadcast)."""
    teletext = 0x3C00 | (ma & 0x3FF) | ((ma & 0x800) << 3)
    bitmap = (((ma & 0xFFF) << 3) | (raster & 7)) - np.where(ma & 0x1000, wrap_size(latch_c0c1), 0)
    return np.where(ma & 0x2000, teletext, bitmap) & 0x7FFF


def _cursor_columns(crtc, ula, pipeline):
    """Column offsets from the cursor's cell that the ULA inverts."""
    offsets = []
    for segment, on in enumerate(ula.cursor_segments):
        if on:
            offsets.append(crtc.cursor_skew + segment - pipeline)
    return offsets


def _cursor_cells(crtc, ula, ma, frame_number, pipeline):
    """(row, column) cells the cursor covers this field, or []."""
    if not crtc.cursor_visible(frame_number):
        return []
    hits = np.argwhere(ma == crtc.cursor_address)
    cells = []
    columns = ma.shape[1]
    for row, column in hits:
        for offset in _cursor_columns(crtc, ula, pipeline):
            if 0 <= column + offset < columns:
                cells.append((int(row), int(column + offset)))
    return cells


def _blank_frame(ula):
    height = 500 if ula.teletext else 512
    width = 480 if ula.teletext else BITMAP_WIDTH
    return np.zeros((height, width, 3), dtype=np.uint8)


def render_frame(memory, crtc, ula, latch_c0c1, frame_number=0):
    """The picture of one field as numpy uint8 H x W x 3 (see the module docstring for the sizes).

    memory: the 64 KiB bytearray (or uint8 array) the CRTC reads; latch_c0c1: C0 | C1 << 1;
    frame_number: the 50 Hz field count, which drives the cursor blink and flashing.
    """
    rows, columns = _geometry(crtc)
    if rows == 0 or columns == 0:
        return _blank_frame(ula)
    if ula.teletext:
        return _render_teletext(memory, crtc, ula, latch_c0c1, frame_number, rows, columns)
    return _render_bitmap(memory, crtc, ula, latch_c0c1, frame_number, rows, columns)


def physical_colours(memory, crtc, ula, latch_c0c1):
    """(lines, pixels) uint8 of 3-bit physical colours in a bitmap MODE, one entry per mode pixel and
    scan line (lines 8+ of a row are blank, -1 as 255), before scaling to the display."""
    rows, columns = _geometry(crtc)
    mem = _memory_array(memory)
    ppb = ula.pixels_per_byte
    lines = crtc.registers[9] + 1
    if rows == 0 or columns == 0:
        return np.zeros((0, 0), dtype=np.uint8)
    ma = _cell_addresses(crtc, rows, columns)
    shown = min(lines, 8)
    raster = np.arange(shown)[None, :, None]
    # np.take rather than fancy indexing for the table look-ups: several times faster on numpy.
    data = mem.take(_ram_addresses(ma[:, None, :], raster, latch_c0c1))    # rows, shown, columns
    logical = np.take(_SHIFT_TABLES[ppb], data, axis=0)                     # rows, shown, cols, ppb
    palette = np.array(ula.physical_colours(), dtype=np.uint8)
    colours = np.full((rows, lines, columns, ppb), 255, dtype=np.uint8)
    colours[:, :shown] = palette.take(logical)
    return colours.reshape(rows * lines, columns * ppb)


def _render_bitmap(memory, crtc, ula, latch_c0c1, frame_number, rows, columns):
    ppb = ula.pixels_per_byte
    lines = crtc.registers[9] + 1
    colours = physical_colours(memory, crtc, ula, latch_c0c1)              # rows*lines, cols*ppb
    rgb_table = np.vstack([RGB, np.zeros((248, 3), dtype=np.uint8)])       # 255 (blanked) -> black
    pixel_width = 16_000_000 // ula.pixel_rate_hz
    image = np.take(rgb_table, colours, axis=0)                             # H, W, 3
    # Cursor: the ULA inverts the cursor's character times on the CRTC's cursor lines.
    ma = _cell_addresses(crtc, rows, columns)
    first, last = crtc.cursor_start_line, min(crtc.cursor_end_line, lines - 1)
    for row, column in _cursor_cells(crtc, ula, ma, frame_number, BITMAP_PIPELINE_CHARS):
        if first <= last:
            block = image[row * lines + first: row * lines + last + 1,
                          column * ppb:(column + 1) * ppb]
            block ^= 0xFF
    if pixel_width > 1:
        image = np.repeat(image, pixel_width, axis=1)
    return np.repeat(image, 2, axis=0)


def teletext_codes(memory, crtc, latch_c0c1, rows=None, columns=None):
    """(rows, columns) uint8 of the bytes the SAA5050 is given, row by row."""
    if rows is None:
        rows, columns = _geometry(crtc)
    mem = _memory_array(memory)
    ma = _cell_addresses(crtc, rows, columns)
    return mem[_ram_addresses(ma, 0, latch_c0c1)]


def _render_teletext(memory, crtc, ula, latch_c0c1, frame_number, rows, columns):
    codes = teletext_codes(memory, crtc, latch_c0c1, rows, columns)
    glyph, foreground, background, _ = saa5050.decode_rows(codes.tolist(), frame_number)
    bank = saa5050.glyph_bank()
    height, width = bank.shape[1], bank.shape[2]
    bits = bank[glyph]                                          # rows, columns, 20, 12
    colour = np.where(bits, foreground[:, :, None, None], background[:, :, None, None])
    colour = colour.transpose(0, 2, 1, 3).reshape(rows * height, columns * width)
    image = np.take(RGB, colour, axis=0)                        # 3-bit colour -> RGB
    ma = _cell_addresses(crtc, rows, columns)
    first, last = crtc.cursor_start_line, min(crtc.cursor_end_line, height - 1)
    for row, column in _cursor_cells(crtc, ula, ma, frame_number, TELETEXT_PIPELINE_CHARS):
        if first <= last:
            block = image[row * height + first: row * height + last + 1,
                          column * width:(column + 1) * width]
            block ^= 0xFF
    return np.ascontiguousarray(image)


# --- teletext in a bitmap MODE's frame (the ULA's teletext bit set part-way through a field) ------

# The SAA5050's picture comes out two characters after the shift register's picture of the same 6845
# address: the MOS's MODE 7 (R2 = 51, display skew 1) and MODE 4 (R2 = 49, no skew) start their
# pictures a character apart on the reference renders of hoglet's pages, 8.5 and 7.5 characters
# from the left edge, which leaves 2 characters of teletext delay.
TELETEXT_DELAY_CHARS = 2
TELETEXT_LINES_PER_ROW = 10     # the SAA5050 counts 10 lines a row itself, whatever the 6845's R9


def render_teletext_scanlines(memory, crtc, latch_c0c1, frame_number=0):
    """The SAA5050's picture in a bitmap MODE's frame: (lines * 2, columns * 16, 3) uint8, the size of
    the shift register's picture of the same 6845 settings (each scan line twice, 16 pixels a
    character at the 1 MHz character clock, 8 at 2 MHz).

    The chip is given each scan line's bytes as the 6845 addresses them (the bytes the shift register
    would show), decodes each line's attributes from its start, and shows glyph line (line number
    in the field) mod 10 of its 10-line rows, both half-lines of the rounded glyph on the two
    picture lines; its picture is TELETEXT_DELAY_CHARS behind the shift register's."""
    rows, columns = _geometry(crtc)
    lines_per_row = crtc.registers[9] + 1
    char_width = 16 if crtc.character_clock_hz == 1_000_000 else 8
    if rows == 0 or columns == 0:
        return np.zeros((0, 0, 3), dtype=np.uint8)
    mem = _memory_array(memory)
    ma = _cell_addresses(crtc, rows, columns)
    raster = np.arange(lines_per_row)[None, :, None]
    data = mem.take(_ram_addresses(ma[:, None, :], raster, latch_c0c1)).reshape(rows * lines_per_row, columns)
    lines = len(data)
    decoded = {}
    glyph = np.zeros((lines, columns), dtype=np.uint16)
    foreground = np.zeros((lines, columns), dtype=np.uint8)
    background = np.zeros((lines, columns), dtype=np.uint8)
    for line in range(lines):
        key = data[line].tobytes()
        if key not in decoded:
            g, f, b, _ = saa5050.decode_rows([data[line].tolist()], frame_number)
            decoded[key] = (g[0], f[0], b[0])
        glyph[line], foreground[line], background[line] = decoded[key]
    bank = saa5050.glyph_bank()                                     # glyphs, 20 half-lines, 12
    half = 2 * (np.arange(lines) % TELETEXT_LINES_PER_ROW)
    across = (np.arange(char_width) * bank.shape[2]) // char_width
    colour = np.empty((lines, 2, columns, char_width), dtype=np.uint8)
    for k in (0, 1):
        bits = bank[glyph, (half + k)[:, None]][:, :, across]           # lines, columns, char_width
        colour[:, k] = np.where(bits, foreground[:, :, None], background[:, :, None])
    colour = colour.reshape(lines * 2, columns * char_width)
    shift = TELETEXT_DELAY_CHARS * char_width
    delayed = np.zeros_like(colour)
    delayed[:, shift:] = colour[:, :colour.shape[1] - shift]
    return np.take(RGB, delayed, axis=0)


# --- screen to text -------------------------------------------------------------------------------

def teletext_text(memory, crtc, latch_c0c1):
    """MODE 7 rows as a reader sees them (the SAA5050's character set, e.g. &23 is a pound sign)."""
    rows, columns = _geometry(crtc)
    if rows == 0 or columns == 0:
        return []
    codes = teletext_codes(memory, crtc, latch_c0c1, rows, columns)
    return saa5050.decode_rows(codes.tolist())[3]


def bitmap_cells(memory, crtc, ula, latch_c0c1):
    """(rows, columns, 8) uint8: each 8 x 8 character cell of a bitmap MODE, one byte per line (bit 7
    leftmost), a bit set where the pixel's colour differs from the cell's top-left pixel."""
    colours = physical_colours(memory, crtc, ula, latch_c0c1)
    rows, _ = _geometry(crtc)
    lines = crtc.registers[9] + 1
    if colours.size == 0 or lines < 8:
        return np.zeros((0, 0, 8), dtype=np.uint8)
    width = colours.shape[1] // 8 * 8
    cells = colours[:, :width].reshape(rows, lines, width // 8, 8)[:, :8]   # rows, 8, cols, 8
    cells = cells.transpose(0, 2, 1, 3)                                     # rows, cols, 8, 8
    ink = cells != cells[:, :, :1, :1]
    weights = (1 << np.arange(7, -1, -1)).astype(np.uint8)
    return (ink * weights).sum(axis=3).astype(np.uint8)


def match_cells(cells, font, unknown="?"):
    """Rows of text from 1-bit cell bitmaps (rows, columns, 8) and a font {char: 8 bytes}.

    A cell matches a character drawn either way round (ink on paper or inverse video); a blank cell
    is a space; anything else is `unknown`.  Trailing spaces are dropped.
    """
    lookup = {}
    for char, pattern in font.items():
        key = bytes(pattern)
        if len(key) != 8:
            raise ValueError(f"font entry {char!r} is not 8 bytes")
        lookup.setdefault(key, char)
        lookup.setdefault(bytes(b ^ 0xFF for b in key), char)
    blank = bytes(8)
    lookup.setdefault(blank, " ")
    lookup.setdefault(bytes([0xFF] * 8), lookup[blank])
    rows = []
    for row in np.asarray(cells, dtype=np.uint8):
        rows.append("".join(lookup.get(cell.tobytes(), unknown) for cell in row).rstrip())
    return rows


def font_table(data, first_code=0x20, count=96, offset=0):
    """A font {char: 8 bytes} from a firmware's character bitmaps (8 bytes a character, top line
    first, bit 7 leftmost).  Code &60 reads as a pound sign, as the BBC shows it."""
    font = {}
    for index in range(count):
        code = first_code + index
        start = offset + 8 * index
        pattern = bytes(data[start:start + 8])
        if len(pattern) != 8:
            raise ValueError(f"font data ends before character &{code:02X}")
        font["£" if code == 0x60 else chr(code)] = pattern
    return font


def screen_text(memory, crtc, ula, latch_c0c1, font):
    """The screen as text: MODE 7 through the SAA5050's mapping, bitmap MODEs matched against `font`."""
    if ula.teletext:
        return teletext_text(memory, crtc, latch_c0c1)
    return match_cells(bitmap_cells(memory, crtc, ula, latch_c0c1), font)
