"""The video ULA's control register and palette, as MOS 1.20 programs them."""
import pytest

from emulator.chips.video_ula import VideoULA, MOS_CONTROL

# MODE: (teletext, CRTC clock, pixels per byte, cursor segments) from the control bits' meanings.
EXPECTED = {0: (False, 2_000_000, 8, (True, False, False, False)),
            1: (False, 2_000_000, 4, (True, True, False, False)),
            2: (False, 2_000_000, 2, (True, True, True, True)),
            3: (False, 2_000_000, 8, (True, False, False, False)),
            4: (False, 1_000_000, 8, (True, False, False, False)),
            5: (False, 1_000_000, 4, (True, True, False, False)),
            6: (False, 1_000_000, 8, (True, False, False, False)),
            7: (True, 1_000_000, 8, (False, True, False, False))}


@pytest.mark.parametrize("mode", range(8))
def test_control_register_fields(mode):
    ula = VideoULA()
    ula.write(0xFE20, MOS_CONTROL[mode])
    teletext, clock, ppb, cursor = EXPECTED[mode]
    assert ula.teletext == teletext
    assert ula.crtc_clock_hz == clock
    assert ula.pixels_per_byte == ppb
    assert ula.cursor_segments == cursor


def test_palette_stores_physical_eor_7_and_flashes():
    ula = VideoULA()
    ula.write(0xFE21, 0x30 | (1 ^ 7))                   # logical 3 -> red
    assert ula.physical_colour(3) == 1
    ula.write(0xFE21, 0x50 | (9 ^ 7))                   # logical 5 -> flashing red/cyan
    assert ula.physical_colour(5) == 1
    ula.write(0xFE20, 0x01)                             # flash select
    assert ula.physical_colour(5) == 6
    assert ula.physical_colour(3) == 1                  # steady colours do not flash
    assert ula.read(0xFE20) == 0xFE


def test_control_write_notifies_listeners():
    ula, seen = VideoULA(), []
    ula.listeners.append(lambda u: seen.append(u.control))
    ula.write(0xFE20, 0x9C)
    ula.write(0xFE21, 0x07)
    assert seen == [0x9C]
