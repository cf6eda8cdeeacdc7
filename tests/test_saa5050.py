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


def test_held_graphic_is_cleared_by_a_size_change():
    glyph, _, _, _ = decode([[0x91, 0x7F, 0x9E, 0x8D, 0x80]])
    assert glyph[0, 3] == saa5050.mosaic_glyph(0x7F, False)    # double height is set-after
    assert glyph[0, 4] == saa5050.BLANK_GLYPH                  # held character reset to space


def test_flash_phase():
    assert saa5050.flash_visible(0) and saa5050.flash_visible(47)
    assert not saa5050.flash_visible(48) and not saa5050.flash_visible(63)
    assert saa5050.flash_visible(64)
