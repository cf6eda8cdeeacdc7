"""The MC6847 model: field sync timing, text and semigraphic cells, every graphics mode's geometry.

Expectations are computed here from the glyph drawings and the data sheet's mode table with plain
loops, not taken from the renderer.
"""
import numpy as np
import pytest

from emulator.chips import vdg6847 as v
from emulator.chips.glyphs6847 import CODE_CHARS, GLYPH_DOTS, GLYPH_LEFT, GLYPH_TOP


def test_glyph_set_has_64_distinct_5x7_drawings():
    assert len(CODE_CHARS) == 64 and set(GLYPH_DOTS) == set(CODE_CHARS)
    drawings = {tuple(rows) for rows in GLYPH_DOTS.values()}
    assert len(drawings) == 64
    assert all(len(rows) == 7 and all(len(r) == 5 for r in rows) for rows in GLYPH_DOTS.values())


def test_field_sync_is_60hz_and_low_for_32_of_262_lines():
    vdg = v.VDG6847()
    levels = [vdg.field_sync(c) for c in range(0, 1_000_000, 7)]
    falls = sum(1 for a, b in zip(levels, levels[1:]) if a == 1 and b == 0)
    assert falls == 60
    low = levels.count(0) / len(levels)
    assert abs(low - 32 / 262) < 0.001
    # a field starts with FS high; flyback is the end of the field
    assert vdg.field_sync(vdg.field_start(5)) == 1
    assert vdg.field_sync(vdg.field_start(6) - 1) == 0


def _expected_text_cell(byte, css):
    ink, paper = ((v.ORANGE, v.DARK_ORANGE) if css else (v.GREEN, v.DARK_GREEN))
    if byte & 0x80:
        ink, paper = paper, ink
    cell = [[paper] * 8 for _ in range(12)]
    for y, row in enumerate(GLYPH_DOTS[CODE_CHARS[byte & 0x3F]]):
        for x, dot in enumerate(row):
            if dot == "#":
                cell[GLYPH_TOP + y][GLYPH_LEFT + x] = ink
    return cell


@pytest.mark.parametrize("css", [0, 1])
def test_text_mode_draws_glyphs_in_32_by_16_cells(css):
    vdg = v.VDG6847()
    vdg.set_mode(0, 0, css)
    vram = bytearray(range(256)) * 2             # every byte value, twice
    image = vdg.render_indices(vram)
    assert image.shape == (192, 256)
    for index in (0, 1, 26, 31, 32, 33, 63, 0x81, 0x9A, 0xBF, 300):
        byte = vram[index]
        if byte & 0x40:
            continue
        row, col = divmod(index, 32)
        got = image[row * 12:(row + 1) * 12, col * 8:(col + 1) * 8].tolist()
        assert got == _expected_text_cell(byte, css), hex(byte)


def test_semigraphics_six_cells():
    vdg = v.VDG6847()
    vdg.set_mode(0, 0, 0)
    vram = bytearray([0x20] * 512)
    vram[0] = 0x40 | 0b100001            # top left and bottom right, colour bits 7,6 = 01 (yellow)
    vram[1] = 0xC0 | 0b010010            # top right, bottom left, colour 11 (red)
    image = vdg.render_indices(vram)
    cell0 = image[0:12, 0:8]
    assert (cell0[0:4, 0:4] == v.YELLOW).all() and (cell0[8:12, 4:8] == v.YELLOW).all()
    assert (cell0[0:4, 4:8] == v.BLACK).all() and (cell0[4:8, :] == v.BLACK).all()
    cell1 = image[0:12, 8:16]
    assert (cell1[0:4, 4:8] == v.RED).all() and (cell1[8:12, 0:4] == v.RED).all()
    vdg.set_mode(0, 0, 1)
    assert vdg.render_indices(vram)[0, 0] == v.CYAN     # CSS picks the second colour set


MODES = {  # gm: (pixels across, down, bits per pixel, bytes) from the data sheet
    0: (64, 64, 2, 1024), 1: (128, 64, 1, 1024), 2: (128, 64, 2, 2048), 3: (128, 96, 1, 1536),
    4: (128, 96, 2, 3072), 5: (128, 192, 1, 3072), 6: (128, 192, 2, 6144), 7: (256, 192, 1, 6144),
}


@pytest.mark.parametrize("gm", range(8))
@pytest.mark.parametrize("css", [0, 1])
def test_graphics_mode_geometry(gm, css):
    across, down, bpp, size = MODES[gm]
    assert v.graphics_bytes(gm) == size
    vdg = v.VDG6847()
    vdg.set_mode(1, gm, css)
    rng = np.random.default_rng(gm)
    vram = bytes(rng.integers(0, 256, 6144, dtype=np.uint8))
    image = vdg.render_indices(vram)
    assert image.shape == (192, 256)
    per_row = across * bpp // 8
    dot_w, dot_h = 256 // across, 192 // down
    for px, py in [(0, 0), (across - 1, down - 1), (across // 3, down // 2), (5, 7)]:
        byte = vram[py * per_row + px * bpp // 8]
        shift = 8 - bpp - (px * bpp) % 8
        value = (byte >> shift) & ((1 << bpp) - 1)
        if bpp == 2:
            colour = [v.GREEN, v.YELLOW, v.BLUE, v.RED, v.BUFF, v.CYAN, v.MAGENTA, v.ORANGE][value + 4 * css]
        else:
            colour = (v.BUFF if css else v.GREEN) if value else v.BLACK
        block = image[py * dot_h:(py + 1) * dot_h, px * dot_w:(px + 1) * dot_w]
        assert (block == colour).all(), (gm, px, py)


def test_rgb_uses_the_palette():
    vdg = v.VDG6847()
    vdg.set_mode(1, 7, 0)
    rgb = vdg.render(bytes([0x80]) + bytes(6143))
    assert rgb.shape == (192, 256, 3) and rgb.dtype == np.uint8
    assert tuple(rgb[0, 0]) == tuple(v.PALETTE[v.GREEN]) and tuple(rgb[0, 1]) == (0, 0, 0)


def test_a_frame_is_rendered_again_when_anything_shown_changes():
    vdg = v.VDG6847()
    vram = bytearray([0x20] * 6144)
    blank = vdg.render(vram)
    blank[0, 0] = (1, 2, 3)                      # callers get their own copy
    assert tuple(vdg.render(vram)[0, 0]) == tuple(v.PALETTE[v.DARK_GREEN])
    vram[0] = 0x01                               # 'A'
    assert not (vdg.render(vram) == vdg.render(bytearray([0x20] * 6144))).all()
    vram[600] = 0xFF                             # outside the 512 text bytes: same text frame
    assert (vdg.render(vram) == vdg.render(vram[:512] + bytes(6144 - 512))).all()
    text_frame = vdg.render(vram)
    vdg.css = 1
    assert tuple(vdg.render(vram)[0, 0]) == tuple(v.PALETTE[v.DARK_ORANGE])
    vdg.set_mode(1, 7, 0)                        # RG6 shows byte 600 now
    assert not (vdg.render(vram) == text_frame).all()
