"""Frames rendered from memory and the registers MOS 1.20 sets for each MODE.

Expectations are worked out here from the documented rules (which byte bits make which pixel, the
default palettes, the teletext attribute rules and our glyph table), not read from the renderer.
"""
import time

import numpy as np
import pytest

from emulator.chips.video_ula import MOS_CONTROL
from emulator.display import bbc_video
from emulator.chips import saa5050_glyphs as glyphs
from bbc_support import MOS_CRTC, SCREEN_START, mode_crtc

BLACK, RED, GREEN, YELLOW, BLUE, MAGENTA, CYAN, WHITE = range(8)
COLOURS_IN_MODE = {0: 2, 1: 4, 2: 16, 3: 2, 4: 2, 5: 4, 6: 2}
DEFAULT_PALETTE = {2: [BLACK, WHITE], 4: [BLACK, RED, YELLOW, WHITE], 16: list(range(16))}
LATCH = {0: 2, 1: 2, 2: 2, 3: 0, 4: 3, 5: 3, 6: 1, 7: 0}     # C0 | C1 << 1 per MODE (20K, 16K, ...)


def rgb(colour):
    return [255 * (colour & 1), 255 * (colour >> 1 & 1), 255 * (colour >> 2 & 1)]


def program_palette(ula, colours, logical_to_physical):
    """As the MOS does: every one of the 16 entries, by which index bits carry the pixel's colour
    (2 colours: bit 3; 4 colours: bits 3 and 1; 16: all), physical colour EOR 7."""
    for index in range(16):
        if colours == 2:
            logical = index >> 3 & 1
        elif colours == 4:
            logical = (index >> 3 & 1) << 1 | (index >> 1 & 1)
        else:
            logical = index
        ula.write(0xFE21, index << 4 | (logical_to_physical[logical] ^ 7))


def setup(mode):
    crtc, ula = mode_crtc(mode)
    if mode != 7:
        program_palette(ula, COLOURS_IN_MODE[mode], DEFAULT_PALETTE[COLOURS_IN_MODE[mode]])
    return crtc, ula, bytearray(0x10000)


def encode_byte(mode, pixel_colours):
    """A screen byte from logical colours, left pixel first (Advanced User Guide, screen layout)."""
    colours = COLOURS_IN_MODE[mode]
    value = 0
    if colours == 2:
        for p, c in enumerate(pixel_colours):          # 8 pixels, bit 7 leftmost
            value |= (c & 1) << (7 - p)
    elif colours == 4:
        for p, c in enumerate(pixel_colours):          # 4 pixels: bits 7-p (high) and 3-p (low)
            value |= (c >> 1 & 1) << (7 - p) | (c & 1) << (3 - p)
    else:
        for p, c in enumerate(pixel_colours):          # 2 pixels: bits 7,5,3,1 then 6,4,2,0
            value |= ((c >> 3 & 1) << (7 - p) | (c >> 2 & 1) << (5 - p)
                      | (c >> 1 & 1) << (3 - p) | (c & 1) << (1 - p))
    return value


@pytest.mark.parametrize("mode", range(7))
def test_bitmap_mode_geometry_and_colours(mode):
    crtc, ula, memory = setup(mode)
    colours = COLOURS_IN_MODE[mode]
    pixels_per_byte = {2: 8, 4: 4, 16: 2}[colours]
    pixel_width = 640 // (MOS_CRTC[mode][1] * pixels_per_byte)
    # First byte of the screen: the pixels take colours 1, 2, ... in turn.
    wanted = [(p + 1) % colours for p in range(pixels_per_byte)]
    start = SCREEN_START[mode]
    memory[start] = encode_byte(mode, wanted)
    # The last line (7) of the first cell of the second character row: all logical colour 1.
    row_bytes = MOS_CRTC[mode][1] * 8
    memory[start + row_bytes + 7] = encode_byte(mode, [1] * pixels_per_byte)
    image = bbc_video.render_frame(memory, crtc, ula, LATCH[mode], frame_number=0)
    lines_per_row = MOS_CRTC[mode][9] + 1
    assert image.shape == (2 * MOS_CRTC[mode][6] * lines_per_row, 640, 3)
    palette = DEFAULT_PALETTE[colours]
    for p, logical in enumerate(wanted):
        for x in range(p * pixel_width, (p + 1) * pixel_width):
            assert list(image[0, x]) == rgb(palette[logical]), (p, x)
            assert list(image[1, x]) == rgb(palette[logical])
    assert list(image[2, 0]) == rgb(BLACK)                  # line 1 of the cell is empty
    y = 2 * (lines_per_row + 7)
    byte_width = pixels_per_byte * pixel_width
    assert list(image[y, 0]) == rgb(palette[1]) and list(image[y, byte_width - 1]) == rgb(palette[1])
    assert list(image[y, byte_width]) == rgb(BLACK)


@pytest.mark.parametrize("mode", [3, 6])
def test_modes_3_and_6_blank_the_gap_lines(mode):
    crtc, ula, memory = setup(mode)
    memory[SCREEN_START[mode]:0x8000] = b"\xff" * (0x8000 - SCREEN_START[mode])
    image = bbc_video.render_frame(memory, crtc, ula, LATCH[mode])
    assert image.shape[0] == 2 * 25 * 10
    rows = image.reshape(25, 10, 2, 640, 3)
    assert (rows[:, :8] == 255).all()                   # 8 lines of white
    assert (rows[:, 8:] == 0).all()                     # then 2 blank lines


def test_hardware_scroll_wraps_by_the_latched_screen_size():
    crtc, ula, memory = setup(0)
    crtc.set_register(12, 0x7F00 // 8 >> 8)
    crtc.set_register(13, 0x7F00 // 8 & 0xFF)          # screen starts 32 cells before &8000
    memory[0x3000] = 0xF0                               # &8000 - 20K
    image = bbc_video.render_frame(memory, crtc, ula, latch_c0c1=2)
    assert list(image[0, 256:260, 0]) == [255] * 4 and list(image[0, 260:264, 0]) == [0] * 4
    # With the latch saying 16K the same cell reads &4000 instead.
    memory[0x4000] = 0x0F
    image = bbc_video.render_frame(memory, crtc, ula, latch_c0c1=0)
    assert list(image[0, 256:260, 0]) == [0] * 4 and list(image[0, 260:264, 0]) == [255] * 4


def test_flashing_colours_follow_the_flash_select_bit():
    crtc, ula, memory = setup(2)
    program_palette(ula, 16, list(range(16)))
    memory[0x3000] = encode_byte(2, [9, 9])             # flashing red/cyan
    ula.write(0xFE20, MOS_CONTROL[2])
    assert list(bbc_video.render_frame(memory, crtc, ula, 2)[0, 0]) == rgb(RED)
    ula.write(0xFE20, MOS_CONTROL[2] | 1)
    assert list(bbc_video.render_frame(memory, crtc, ula, 2)[0, 0]) == rgb(CYAN)


def test_bitmap_cursor_inverts_its_character_on_the_cursor_lines():
    crtc, ula, memory = setup(4)
    crtc.set_register(10, 0x07)                         # steady, line 7
    crtc.set_register(11, 0x07)
    address = 0x0B00 + 40 * 2 + 5                       # row 2, column 5
    crtc.set_register(14, address >> 8)
    crtc.set_register(15, address & 0xFF)
    image = bbc_video.render_frame(memory, crtc, ula, LATCH[4])
    y = 2 * (2 * 8 + 7)
    assert (image[y, 5 * 16:6 * 16] == 255).all()
    assert (image[y, 4 * 16:5 * 16] == 0).all() and (image[y - 2] == 0).all()
    crtc.set_register(10, 0x67)                         # blinking at 1/32: off in field 16
    assert (bbc_video.render_frame(memory, crtc, ula, LATCH[4], frame_number=16) == 0).all()


# --- MODE 7 ---------------------------------------------------------------------------------------

ALPHA = glyphs.rounded_glyphs()
BLANK = np.zeros((20, 12), dtype=bool)


def alpha(char):
    return ALPHA[ord(char) - 0x20]


def top(picture):
    return np.repeat(picture[:10], 2, axis=0)


def bottom(picture):
    return np.repeat(picture[10:], 2, axis=0)


def expected_row(cells):
    """Pixels of a 40-cell row from (picture, ink, paper) for its first cells; the rest blank."""
    row = np.zeros((20, 480, 3), dtype=np.uint8)
    for column, (picture, ink, paper) in enumerate(cells):
        row[:, column * 12:(column + 1) * 12] = np.where(picture[..., None], rgb(ink), rgb(paper))
    return row


def teletext(rows, frame_number=0):
    crtc, ula, memory = setup(7)
    for r, codes in enumerate(rows):
        data = bytes(ord(c) if isinstance(c, str) else c for c in codes)
        memory[0x7C00 + 40 * r:0x7C00 + 40 * r + len(data)] = data
    image = bbc_video.render_frame(memory, crtc, ula, LATCH[7], frame_number)
    assert image.shape == (500, 480, 3)
    return image, bbc_video.teletext_text(memory, crtc, LATCH[7])


def row_of(image, r):
    return image[r * 20:(r + 1) * 20]


def assert_row(image, r, cells):
    np.testing.assert_array_equal(row_of(image, r), expected_row(cells))


def test_mode7_alphanumeric_colours_are_set_after():
    image, text = teletext([[0x81, "A", 0x82, "b", 0x87, "#"]])
    assert_row(image, 0, [(BLANK, WHITE, BLACK), (alpha("A"), RED, BLACK), (BLANK, RED, BLACK),
                          (alpha("b"), GREEN, BLACK), (BLANK, GREEN, BLACK), (alpha("#"), WHITE, BLACK)])
    assert text[0] == " A b £"


def test_mode7_default_row_is_white_on_black():
    image, text = teletext([["H", "i"]])
    assert_row(image, 0, [(alpha("H"), WHITE, BLACK), (alpha("i"), WHITE, BLACK)])
    assert text[0] == "Hi"


def test_mode7_contiguous_and_separated_graphics_and_blast_through():
    image, text = teletext([[0x94, 0x7F, 0x35, 0x9A, 0x7F, 0x99, 0x21, "A"]])
    assert_row(image, 0, [
        (BLANK, WHITE, BLACK),
        (glyphs.mosaic(0x7F, False), BLUE, BLACK),
        (glyphs.mosaic(0x35, False), BLUE, BLACK),
        (BLANK, BLUE, BLACK),
        (glyphs.mosaic(0x7F, True), BLUE, BLACK),
        (BLANK, BLUE, BLACK),
        (glyphs.mosaic(0x21, False), BLUE, BLACK),
        (alpha("A"), BLUE, BLACK),                      # capitals blast through graphics mode
    ])
    assert text[0][1] == "█" and text[0][-1] == "A"


def test_mosaic_blocks_follow_the_code_bits():
    # Bit 0 top left, bit 1 top right, bit 2 middle left, bit 3 middle right, bit 4 bottom left,
    # bit 6 bottom right; blocks of 3, 4 and 3 dot rows and 3 dot columns.
    picture = glyphs.mosaic(0x20 | 0x01 | 0x08 | 0x40, separated=False)
    assert picture[0:6, 0:6].all() and not picture[0:6, 6:].any()
    assert picture[6:14, 6:].all() and not picture[6:14, :6].any()
    assert picture[14:, 6:].all() and not picture[14:, :6].any()
    separated = glyphs.mosaic(0x7F, separated=True)
    assert not separated[:, 0:2].any() and not separated[4:6].any() and separated[0, 2]


def test_mode7_flash_and_steady():
    rows = [[0x88, "X", 0x89, "Y"]]
    on, _ = teletext(rows, frame_number=0)
    off, _ = teletext(rows, frame_number=60)            # the last quarter of the 64-field cycle
    assert_row(on, 0, [(BLANK, WHITE, BLACK), (alpha("X"), WHITE, BLACK), (BLANK, WHITE, BLACK),
                       (alpha("Y"), WHITE, BLACK)])
    assert_row(off, 0, [(BLANK, WHITE, BLACK), (BLANK, WHITE, BLACK), (BLANK, WHITE, BLACK),
                        (alpha("Y"), WHITE, BLACK)])


def test_mode7_double_height_top_and_bottom_rows():
    rows = [[0x8D, "H", 0x8C, "i"], [0x8D, "H", 0x8C, "i"], ["n", "o"]]
    image, text = teletext(rows)
    assert_row(image, 0, [(BLANK, WHITE, BLACK), (top(alpha("H")), WHITE, BLACK),
                          (BLANK, WHITE, BLACK), (alpha("i"), WHITE, BLACK)])
    # The lower row shows the lower halves of its own double-height characters and blanks the rest.
    assert_row(image, 1, [(BLANK, WHITE, BLACK), (bottom(alpha("H")), WHITE, BLACK),
                          (BLANK, WHITE, BLACK), (BLANK, WHITE, BLACK)])
    assert_row(image, 2, [(alpha("n"), WHITE, BLACK), (alpha("o"), WHITE, BLACK)])
    assert text[:3] == [" H i", " H", "no"]


def test_mode7_hold_and_release_graphics():
    rows = [[0x91, 0x7F, 0x9E, 0x93, 0x9F, 0x80]]
    image, _ = teletext(rows)
    block = glyphs.mosaic(0x7F, False)
    assert_row(image, 0, [
        (BLANK, WHITE, BLACK),
        (block, RED, BLACK),
        (block, RED, BLACK),            # hold (set-at): the control cell shows the held block
        (block, RED, BLACK),            # graphics yellow is set-after: still red here
        (block, YELLOW, BLACK),         # release is set-after: this cell still holds
        (BLANK, YELLOW, BLACK),         # released
    ])
    without_hold, _ = teletext([[0x91, 0x7F, 0x93]])
    assert_row(without_hold, 0, [(BLANK, WHITE, BLACK), (block, RED, BLACK), (BLANK, RED, BLACK)])


def test_mode7_new_and_black_background():
    rows = [[0x84, 0x9D, 0x87, "A", 0x9C, "B"]]
    image, _ = teletext(rows)
    assert_row(image, 0, [(BLANK, WHITE, BLACK), (BLANK, BLUE, BLUE), (BLANK, BLUE, BLUE),
                          (alpha("A"), WHITE, BLUE), (BLANK, WHITE, BLACK), (alpha("B"), WHITE, BLACK)])


def test_mode7_conceal_until_a_colour_code():
    rows = [[0x98, "A", 0x82, "B"]]
    image, text = teletext(rows)
    assert_row(image, 0, [(BLANK, WHITE, BLACK), (BLANK, WHITE, BLACK), (BLANK, WHITE, BLACK),
                          (alpha("B"), GREEN, BLACK)])
    assert text[0] == "   B"


def test_mode7_cursor_with_mos_settings_sits_on_its_character():
    crtc, ula, memory = setup(7)
    crtc.set_register(10, 0x12)                         # steady, lines 18-19 (MOS: blinking)
    address = 0x2800 + 40 * 3 + 7
    crtc.set_register(14, address >> 8)
    crtc.set_register(15, address & 0xFF)
    image = bbc_video.render_frame(memory, crtc, ula, LATCH[7])
    assert (image[3 * 20 + 18:3 * 20 + 20, 7 * 12:8 * 12] == 255).all()
    assert image.sum() == 2 * 12 * 3 * 255


def test_character_rounding_adds_half_dots_on_diagonals():
    # "/" steps one dot per row: the rounded picture has the corner half dots filled.
    cell = glyphs.dot_matrix(0x2F)
    rounded = glyphs.round_cell(cell)
    row, column = 2, 5                                  # dot at (2, 5), next at (3, 4)
    assert cell[row, column] and cell[row + 1, column - 1]
    assert rounded[2 * row + 1, 2 * (column - 1) + 1]   # half dot left of (2,4) on its lower line
    assert rounded[2 * (row + 1), 2 * column]           # half dot right of (3,3) on its upper line
    assert not rounded[2 * row, 2 * (column - 1) + 1]


# --- text from bitmap MODEs -----------------------------------------------------------------------

FONT = {" ": bytes(8),
        "H": bytes([0x66, 0x66, 0x66, 0x7E, 0x66, 0x66, 0x66, 0x00]),
        "I": bytes([0x7E, 0x18, 0x18, 0x18, 0x18, 0x18, 0x7E, 0x00]),
        "!": bytes([0x18, 0x18, 0x18, 0x18, 0x18, 0x00, 0x18, 0x00])}


def draw_text(mode, memory, text, row, ink, paper):
    colours = COLOURS_IN_MODE[mode]
    ppb = {2: 8, 4: 4, 16: 2}[colours]
    bytes_per_char = 8 // ppb
    row_bytes = MOS_CRTC[mode][1] * 8
    for column, char in enumerate(text):
        for line, bits in enumerate(FONT[char]):
            pixels = [ink if bits >> (7 - x) & 1 else paper for x in range(8)]
            for b in range(bytes_per_char):
                address = (SCREEN_START[mode] + row * row_bytes
                           + (column * bytes_per_char + b) * 8 + line)
                memory[address] = encode_byte(mode, pixels[b * ppb:(b + 1) * ppb])


@pytest.mark.parametrize("mode,ink,paper", [(0, 1, 0), (4, 1, 0), (1, 2, 1), (2, 3, 5), (5, 0, 3)])
def test_bitmap_text_matches_the_font(mode, ink, paper):
    crtc, ula, memory = setup(mode)
    draw_text(mode, memory, "HI !", 1, ink, paper)
    draw_text(mode, memory, "IH", 3, paper, ink)         # inverse video reads too
    rows = bbc_video.screen_text(memory, crtc, ula, LATCH[mode], FONT)
    assert rows[0] == "" and rows[1] == "HI !" and rows[3] == "IH"
    columns = MOS_CRTC[mode][1] * {2: 8, 4: 4, 16: 2}[COLOURS_IN_MODE[mode]] // 8
    assert len(rows) == MOS_CRTC[mode][6] and all(len(r) <= columns for r in rows)


def test_font_table_from_firmware_bytes():
    data = bytes(range(256)) * 3
    font = bbc_video.font_table(data, first_code=0x20, count=96)
    assert font[" "] == bytes(range(8)) and font["!"] == bytes(range(8, 16))
    assert "£" in font and "`" not in font and len(font) == 96
    with pytest.raises(ValueError):
        bbc_video.font_table(bytes(100))


def test_match_cells_marks_unknown_cells():
    cells = np.zeros((1, 3, 8), dtype=np.uint8)
    cells[0, 0] = list(FONT["H"])
    cells[0, 1] = [1, 2, 3, 4, 5, 6, 7, 8]
    assert bbc_video.match_cells(cells, FONT) == ["H?"]


def test_mode7_text_through_screen_text():
    crtc, ula, memory = setup(7)
    memory[0x7C00:0x7C05] = b"#_[]\x60"
    assert bbc_video.screen_text(memory, crtc, ula, 0, FONT)[0] == "£#←→―"


def test_render_is_fast():
    timings = {}
    for mode in (0, 2, 7):
        crtc, ula, memory = setup(mode)
        memory[0x3000:0x8000] = bytes(range(256)) * 80
        bbc_video.render_frame(memory, crtc, ula, LATCH[mode])
        start = time.perf_counter()
        for _ in range(10):
            bbc_video.render_frame(memory, crtc, ula, LATCH[mode])
        timings[mode] = (time.perf_counter() - start) / 10
    # A 50 Hz field is 20 ms; a render takes a few milliseconds (generous bound for a busy machine).
    assert all(t < 0.05 for t in timings.values()), timings
