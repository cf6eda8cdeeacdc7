"""An SAA5050-style teletext character generator: the serial attributes of a 40-column row.

The chip sees 7-bit codes one character at a time and keeps, per row, the state that control codes
(&00-&1F) change.  Each control code occupies a cell, shown as a space (or as the held graphics
character while "hold graphics" is on).  Some take effect on their own cell ("set-at"), the rest
from the next cell ("set-after") (SAA5050 data sheet; ETS 300 706, level 1):

  set-after  &01-&07 alphanumerics red..white   &11-&17 graphics red..white   &08 flash
             &0D double height                  &1F release graphics
  set-at     &09 steady   &0C normal height   &18 conceal   &19 contiguous graphics
             &1A separated graphics   &1C black background   &1D new background   &1E hold graphics

Every row starts as white alphanumerics, steady, normal height, contiguous, black background,
release graphics, not concealed.  A row after a row holding a double-height code shows the lower
halves of its own double-height characters and blanks its normal-height ones (the SAA5050 repeats
nothing: software prints double-height text on both rows).  The held character is the last mosaic
shown; it is reset to a space at the start of a row, by a control code shown as a space (Hold off),
on a change of alphanumerics / graphics mode (from the next cell) and on a change of size (on the
size code's own cell, Double Height included although the size itself is set-after): hoglet's
teletext test pages T1-T3 as a real machine shows them.  Release Graphics does not clear it.  In graphics mode the codes &40-&5F still show capitals ("blast-through").  The BBC
leaves REVEAL unconnected, so concealed characters stay hidden.  Colours are 3-bit RGB (bit 0 red,
bit 1 green, bit 2 blue), which is also the teletext colour numbering.

`decode_rows` turns a page of codes into glyph indices (into `glyph_bank()`), foreground and
background colours and the text a reader sees; the renderer does the pixels with numpy.
"""
import numpy as np

from emulator.chips import saa5050_glyphs as glyphs

COLUMNS, ROWS = 40, 25

NORMAL, TOP_HALF, BOTTOM_HALF = 0, 1, 2
BLANK_GLYPH = 0
_ALPHA_BASE = 1
_MOSAIC_BASE = _ALPHA_BASE + 3 * 96

# Flash: shown for three quarters of a 64-field cycle, hidden for the last quarter.
FLASH_PERIOD_FIELDS = 64
FLASH_OFF_FIELDS = 16


def flash_visible(field_number):
    return field_number % FLASH_PERIOD_FIELDS < FLASH_PERIOD_FIELDS - FLASH_OFF_FIELDS


def mosaic_pattern(code):
    """The 6 block bits of a graphics code in reading order (bit 5 = bottom right, from code bit 6)."""
    return (code & 0x1F) | ((code >> 1) & 0x20)


def alpha_glyph(code, half=NORMAL):
    return _ALPHA_BASE + half * 96 + (code - 0x20)


def mosaic_glyph(code, separated, half=NORMAL):
    return _MOSAIC_BASE + (1 if separated else 0) * 192 + half * 64 + mosaic_pattern(code)


_bank = None


def _halves(picture):
    top = np.repeat(picture[:glyphs.HEIGHT // 2], 2, axis=0)
    bottom = np.repeat(picture[glyphs.HEIGHT // 2:], 2, axis=0)
    return picture, top, bottom


def glyph_bank():
    """(1 + 288 + 384, 20, 12) bool: blank, alphanumerics (normal, top, bottom halves), then contiguous
    and separated mosaics (normal, top, bottom)."""
    global _bank
    if _bank is None:
        pictures = [np.zeros((glyphs.HEIGHT, glyphs.WIDTH), dtype=bool)]
        alpha = glyphs.rounded_glyphs()
        for half in (NORMAL, TOP_HALF, BOTTOM_HALF):
            pictures.extend(_halves(picture)[half] for picture in alpha)
        for separated in (False, True):
            mosaics = []
            for pattern in range(64):
                code = 0x20 | (pattern & 0x1F) | ((pattern & 0x20) << 1)
                mosaics.append(glyphs.mosaic(code, separated))
            for half in (NORMAL, TOP_HALF, BOTTOM_HALF):
                pictures.extend(_halves(picture)[half] for picture in mosaics)
        _bank = np.stack(pictures)
    return _bank


def reader_mosaic(code):
    """A graphics character as text: Unicode's block sextants (U+1FB00 on)."""
    bits = mosaic_pattern(code)
    if bits == 0:
        return " "
    if bits == 63:
        return "█"
    if bits == 21:
        return "▌"
    if bits == 42:
        return "▐"
    return chr(0x1FB00 + bits - 1 - (bits > 21) - (bits > 42))


def decode_rows(codes, field_number=0):
    """Decode a page.  `codes` is a sequence of rows, each a sequence of bytes (bit 7 ignored).

    Returns (glyph, foreground, background, text): three (rows, columns) uint16/uint8 arrays and a
    list of strings, one per row, as a reader sees the page (flash ignored, concealed text hidden).
    """
    rows = len(codes)
    columns = len(codes[0]) if rows else 0
    glyph = np.zeros((rows, columns), dtype=np.uint16)
    foreground = np.zeros((rows, columns), dtype=np.uint8)
    background = np.zeros((rows, columns), dtype=np.uint8)
    text = []
    show_flashing = flash_visible(field_number)
    reader = glyphs.READER_CHARACTERS
    lower_row = False               # this row shows the lower halves of double-height characters
    for r in range(rows):
        row_glyph, row_fg, row_bg = glyph[r], foreground[r], background[r]
        fg, bg = 7, 0
        graphics = flashing = double = concealed = separated = hold = False
        held_code, held_separated = 0x20, False
        row_has_double = False
        line = []
        for c in range(columns):
            code = codes[r][c] & 0x7F
            if code < 0x20:
                # Set-at codes act on their own cell.
                if code == 0x09:
                    flashing = False
                elif code == 0x0C:
                    if double:
                        held_code, held_separated = 0x20, False
                    double = False
                elif code == 0x18:
                    concealed = True
                elif code == 0x19:
                    separated = False
                elif code == 0x1A:
                    separated = True
                elif code == 0x1C:
                    bg = 0
                elif code == 0x1D:
                    bg = fg
                elif code == 0x1E:
                    hold = True
                elif code == 0x0D and not double:
                    # A size change clears the held mosaic on the code's own cell (T3, T2: the
                    # Double Height code under Hold shows a space, though the size is set-after).
                    held_code, held_separated = 0x20, False
                if graphics and hold:
                    shown, shown_mosaic, shown_separated = held_code, True, held_separated
                else:
                    # Shown as a space with Hold off: the space becomes the held character (T1).
                    shown, shown_mosaic, shown_separated = 0x20, False, False
                    held_code, held_separated = 0x20, False
            else:
                shown = code
                shown_mosaic = graphics and (code & 0x20) != 0
                shown_separated = separated
                if shown_mosaic:
                    held_code, held_separated = code, separated

            # The cell's picture.
            half = (BOTTOM_HALF if double else None) if lower_row else (TOP_HALF if double else NORMAL)
            if half is None or concealed or shown == 0x20:
                cell, char = BLANK_GLYPH, " "
            elif shown_mosaic:
                cell = mosaic_glyph(shown, shown_separated, half)
                char = reader_mosaic(shown)
            else:
                cell, char = alpha_glyph(shown, half), reader[shown]
            line.append(char)
            if flashing and not show_flashing:
                cell = BLANK_GLYPH
            row_glyph[c], row_fg[c], row_bg[c] = cell, fg, bg

            # Set-after codes act from the next cell.
            if code < 0x20:
                if 0x01 <= code <= 0x07:
                    if graphics:
                        held_code, held_separated = 0x20, False
                    fg, graphics, concealed = code, False, False
                elif 0x11 <= code <= 0x17:
                    if not graphics:
                        held_code, held_separated = 0x20, False
                    fg, graphics, concealed = code - 0x10, True, False
                elif code == 0x08:
                    flashing = True
                elif code == 0x0D:
                    row_has_double = True
                    double = True
                elif code == 0x1F:
                    hold = False
        text.append("".join(line).rstrip())
        lower_row = row_has_double and not lower_row
    return glyph, foreground, background, text
