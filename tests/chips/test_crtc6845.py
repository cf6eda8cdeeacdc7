"""The 6845 as MOS 1.20 programs it: registers, timing, addresses, cursor."""
import pytest

from emulator.chips.crtc6845 import CRTC6845, screen_address
from emulator.chips.video_ula import MOS_CONTROL
from bbc_support import MOS_CRTC, SCREEN_START, mode_crtc


def test_registers_keep_only_their_bits_and_only_r14_to_r17_read_back():
    crtc = CRTC6845()
    crtc.set_register(9, 0xFF)
    crtc.set_register(14, 0xFF)
    crtc.set_register(15, 0x12)
    assert crtc.registers[9] == 0x1F
    crtc.write(0, 14)
    assert crtc.read(1) == 0x3F
    crtc.write(0, 15)
    assert crtc.read(1) == 0x12
    crtc.write(0, 9)
    assert crtc.read(1) == 0                    # write-only
    crtc.set_register(16, 0x55)                 # light pen registers are read only
    assert crtc.registers[16] == 0


@pytest.mark.parametrize("mode", range(8))
def test_every_mode_makes_a_50hz_field(mode):
    crtc, _ = mode_crtc(mode)
    timing = crtc.frame_timing()
    # 64 us lines (128 CPU cycles at 2 MHz) and 312.5 lines (interlace sync): 20 ms = 40000 cycles.
    assert timing.cycles_per_line == 128
    assert timing.cycles_per_field == 40000
    r = MOS_CRTC[mode]
    lines_per_row = r[9] // 2 + 1 if mode == 7 else r[9] + 1
    assert timing.vsync_start == r[7] * lines_per_row * 128
    assert timing.vsync_cycles == (r[3] >> 4) * 128


def test_character_clock_follows_the_ula():
    crtc, ula = mode_crtc(0)
    assert crtc.character_clock_hz == 2_000_000 and crtc.frame_timing().cycles_per_char == 1
    ula.write(0xFE20, MOS_CONTROL[4])
    assert crtc.character_clock_hz == 1_000_000 and crtc.frame_timing().cycles_per_char == 2


def test_mode7_start_address_reads_7c00_and_wraps_in_its_kilobyte():
    assert screen_address(0x2800, 0, 0x5000) == 0x7C00
    assert screen_address(0x2800 + 999, 5, 0x5000) == 0x7C00 + 999
    assert screen_address(0x2C00, 0, 0x5000) == 0x7C00        # MA past &2BFF wraps to &7C00
    assert screen_address(0x2000, 0, 0x5000) == 0x3C00        # MA11 clear: &3C00


@pytest.mark.parametrize("size", [0x5000, 0x4000, 0x2800, 0x2000])
def test_bitmap_addresses_wrap_by_the_screen_size(size):
    assert screen_address(0x0600, 3, size) == 0x3003
    assert screen_address(0x0FFF, 7, size) == 0x7FFF
    assert screen_address(0x1000, 0, size) == 0x8000 - size
    assert screen_address(0x1010, 2, size) == 0x8000 - size + 0x82


def test_cursor_blink_modes():
    crtc = CRTC6845()
    crtc.set_register(10, 0x00 | 5)
    assert crtc.cursor_start_line == 5 and all(crtc.cursor_visible(f) for f in range(64))
    crtc.set_register(10, 0x20)
    assert not any(crtc.cursor_visible(f) for f in range(64))
    crtc.set_register(10, 0x40)
    assert [crtc.cursor_visible(f) for f in range(16)] == [True] * 8 + [False] * 8
    crtc.set_register(10, 0x60)
    assert [crtc.cursor_visible(f) for f in range(32)] == [True] * 16 + [False] * 16
    crtc.set_register(10, 0x00)
    crtc.set_register(8, 0xC0)                  # cursor skew 3: no cursor
    assert not crtc.cursor_visible(0)


def test_cursor_address_and_row_starts():
    crtc, _ = mode_crtc(4)
    crtc.set_register(14, 0x0B)
    crtc.set_register(15, 0x28)
    assert crtc.cursor_address == 0x0B28
    starts = crtc.row_start_addresses()
    assert len(starts) == 32 and starts[0] == 0x0B00 and starts[1] == 0x0B28
