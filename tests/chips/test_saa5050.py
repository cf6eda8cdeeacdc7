"""The SAA5050's attribute decoding, read as codes and text (pixels are in test_bbc_video)."""
from emulator.chips import saa5050
from emulator.chips import saa5050_glyphs as glyphs


def decode(rows, field=0):
    page = [list(r) + [0x20] * (40 - len(r)) for r in rows]
    return saa5050.decode_rows(page, field)


def test_every_character_has_a_distinct_glyph():
    pictures = glyphs.rounded_glyphs()
    assert pictures.shape == (96, 20, 12)
    assert not pictures[0].any()                               # space
    seen = {p.tobytes() for p in pictures[1:]}
    assert len(seen) == 95


def test_reader_text_uses_the_teletext_character_set():
    _, _, _, text = decode([b"3#_[\\]^`{|}~\x7f"])
    assert text[0] == "3£#←½→↑―¼‖¾÷■"


def test_mosaics_read_as_sextants_and_bit7_is_ignored():
    _, fg, _, text = decode([[0x97, 0x21, 0x7F, 0x33 | 0x80, 0x35, 0x6A]])
    assert text[0] == " \U0001FB00█" + chr(0x1FB00 + 0x13 - 1) + "▌▐"
    assert list(fg[0, :3]) == [7, 7, 7]


def test_attributes_reset_at_each_row():
    glyph, fg, bg, _ = decode([[0x81, 0x9D, "A".encode()[0]], [ord("B")]])
    assert fg[0, 2] == 1 and bg[0, 2] == 1
    assert fg[1, 0] == 7 and bg[1, 0] == 0


def test_held_graphic_is_cleared_on_the_double_height_cell():
    """T3's HELD row: graphics white, a block, Hold, Double Height, Hold, Hold: the block shows
    twice and the Double Height code's own cell is already a space (the size is set-after)."""
    glyph, _, _, _ = decode([[0x97, 0xFF, 0x9E, 0x8D, 0x9E, 0x9E]])
    block = saa5050.mosaic_glyph(0x7F, False)
    assert list(glyph[0, :6]) == [0, block, block, 0, 0, 0]


def test_held_graphic_is_cleared_by_a_control_code_shown_as_a_space():
    """T1's CTL row: graphics white, a bar, graphics yellow (Hold off: a space), Hold, Hold: the
    yellow code's space is what is held, so nothing follows the bar."""
    glyph, _, _, _ = decode([[0x97, 0xAC, 0x93, 0x9E, 0x9E]])
    bar = saa5050.mosaic_glyph(0x2C, False)
    assert list(glyph[0, :5]) == [0, bar, 0, 0, 0]


def test_held_graphic_survives_release_and_colour_codes_under_hold():
    """T1's REL and COL rows: Release Graphics (set-after) and a colour code shown while Hold is on
    show the held bar and do not clear it; a blast-through capital does not either (CHR row)."""
    bar = saa5050.mosaic_glyph(0x2C, False)
    glyph, fg, _, _ = decode([[0x97, 0xAC, 0x9E, 0x9F, 0x9E, 0x9E],
                              [0x97, 0xAC, 0x9E, 0x93, 0x9E, 0x9E],
                              [0x97, 0xAC, ord("A"), 0x9E, 0x9E]])
    assert list(glyph[0, :6]) == [0, bar, bar, bar, bar, bar]
    assert list(glyph[1, :6]) == [0, bar, bar, bar, bar, bar]
    assert list(fg[1, 1:6]) == [7, 7, 7, 3, 3]
    assert list(glyph[2, 3:5]) == [bar, bar]


def test_held_graphic_is_not_cleared_by_normal_height_at_normal_height():
    """T1's NHT row: Normal Height while already normal changes no size, so the bar stays held."""
    glyph, _, _, _ = decode([[0x97, 0xAC, 0x9E, 0x8C, 0x9E, 0x9E]])
    bar = saa5050.mosaic_glyph(0x2C, False)
    assert list(glyph[0, 1:6]) == [bar] * 5


def test_flash_phase():
    assert saa5050.flash_visible(0) and saa5050.flash_visible(47)
    assert not saa5050.flash_visible(48) and not saa5050.flash_visible(63)
    assert saa5050.flash_visible(64)
