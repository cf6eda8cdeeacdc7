"""Raster-accurate BBC video: a ULA or 6845 write made while a field is drawn shows from the scan line
(and the 2 MHz position on it) where the beam was, and a field nothing touched is drawn in one go.

The writes go through the machine's bus at the cycle the machine has reached, as a program's STA
would make them; the field's timing is MODE 4's under our MOS (312 lines of 128 cycles, 256 of them
displayed, 40 characters of 2 cycles)."""
import numpy as np
import pytest

from emulator.display import bbc_video
from emulator.display.bbc_raster import WRITE_DELAY_CYCLES
from emulator.session import Machine

LINE_CYCLES, DISPLAYED_LINES = 128, 256
RED, WHITE, BLACK = (255, 0, 0), (255, 255, 255), (0, 0, 0)


@pytest.fixture
def mode4():
    m = Machine("bbc")
    m.run(0.5)
    m.type("MODE 4\r")
    m.run(1.0)
    return m


def _next_field(m):
    log = m.hardware.video_log
    start = log.field_start
    while log.field_start == start:
        m.run_cycles(200)
    return log.field_start


def _run_to(m, cycle):
    if cycle > m.cycles:
        m.run_cycles(cycle - m.cycles)
    return m.cycles


def _write(m, address, *values):
    """Write `values` to `address` on the cycle the machine is at; (line, cycles into the line)."""
    hw = m.hardware
    for value in values:
        hw.bus.write(address, value, m.cycles)
    return divmod(m.cycles - hw.video_log.field_start, LINE_CYCLES)


def _all_palette(physical):
    return [logical << 4 | (physical ^ 7) for logical in range(16)]


def test_a_palette_change_shows_from_the_position_it_is_made_at(mode4):
    m, hw = mode4, mode4.hardware
    start = _next_field(m)
    _run_to(m, start + 100 * LINE_CYCLES + 40)
    line, x = _write(m, 0xFE21, *_all_palette(1))         # every logical colour red
    assert line == 100 and x < 70
    _run_to(m, start + DISPLAYED_LINES * LINE_CYCLES + 64)
    spans = hw.screen.span_renders
    picture = hw.screen.rgb()
    assert hw.screen.span_renders == spans + 1
    split = (x + WRITE_DELAY_CYCLES) * 8                   # 8 pixels a 2 MHz cycle
    blank = picture[2 * 20:, :]                              # below the prompt
    assert (picture[2 * 20:2 * line] == BLACK).all()
    assert (picture[2 * line:2 * line + 2, :split] == BLACK).all()
    assert (picture[2 * line:2 * line + 2, split:] == RED).all()
    assert (picture[2 * line + 2:] == RED).all() and blank.size
    # The next field is drawn in one go, red throughout.
    _next_field(m)
    _run_to(m, hw.video_log.field_start + DISPLAYED_LINES * LINE_CYCLES + 64)
    renders = hw.screen.renders
    picture = hw.screen.rgb()
    assert hw.screen.span_renders == spans + 1 and hw.screen.renders == renders + 1
    assert (picture[2 * 20:] == RED).all()


def test_teletext_switched_on_part_way_shows_the_saa5050_from_there(mode4):
    """A small T8: the bitmap screen all &FF in red; the ULA's teletext bit set on line 120 shows the
    SAA5050's blocks (code &7F, white) from there, in the same frame."""
    m, hw = mode4, mode4.hardware
    for address in range(0x5800, 0x8000):
        hw.bus.memory[address] = 0xFF
    start = _next_field(m)
    _write(m, 0xFE21, *_all_palette(1))
    _run_to(m, start + 120 * LINE_CYCLES + 10)
    control = hw.ula.control
    line, x = _write(m, 0xFE20, control | 2)
    _run_to(m, start + DISPLAYED_LINES * LINE_CYCLES + 64)
    picture = hw.screen.rgb()
    _write(m, 0xFE20, control)
    assert picture.shape == (512, 640, 3)
    upper = picture[32:2 * line].reshape(-1, 3)              # below the prompt and cursor
    assert {tuple(p) for p in upper} == {RED}
    lower = {tuple(p) for p in picture[2 * line + 2:].reshape(-1, 3)}
    assert WHITE in lower and RED not in lower               # teletext blocks and their gaps


def test_start_address_written_mid_field_waits_for_the_next_field(mode4):
    """The 6845 loads R12/R13 when a frame begins: a scroll written mid-field moves the picture from
    the next field on, and neither field is drawn in spans."""
    m, hw = mode4, mode4.hardware
    for address in range(0x5800, 0x8000):
        hw.bus.memory[address] = address & 0xFF
    start = _next_field(m)
    before = bbc_video.render_frame(hw.bus.memory, hw.crtc, hw.ula, hw.latch_c0c1, hw.field_count)
    _run_to(m, start + 60 * LINE_CYCLES)
    moved = (0x5800 + 320) // 8                               # one character row on
    hw.bus.write(0xFE00, 12, m.cycles)
    hw.bus.write(0xFE01, moved >> 8, m.cycles)
    hw.bus.write(0xFE00, 13, m.cycles)
    hw.bus.write(0xFE01, moved & 0xFF, m.cycles)
    _run_to(m, start + DISPLAYED_LINES * LINE_CYCLES + 64)
    spans = hw.screen.span_renders
    this_field = hw.screen.rgb()
    # compare away from the cursor's row (the prompt's, blinking)
    assert np.array_equal(this_field[32:], before[32:])
    _next_field(m)
    _run_to(m, hw.video_log.field_start + DISPLAYED_LINES * LINE_CYCLES + 64)
    after = bbc_video.render_frame(hw.bus.memory, hw.crtc, hw.ula, hw.latch_c0c1, hw.field_count)
    assert np.array_equal(hw.screen.rgb()[32:], after[32:])
    assert not np.array_equal(after[32:], before[32:])
    assert hw.screen.span_renders == spans


@pytest.mark.parametrize("moved_at_line, shown_at_row", [(100, 20), (200, 0)])
def test_the_cursor_drawn_is_the_one_the_beam_met(mode4, moved_at_line, shown_at_row):
    """A MOS moves the cursor (R14/R15) at any time.  Moved on line 100 to row 20 (lines 160-167),
    the beam meets it there; moved on line 200, the beam has passed row 20 and met the cursor where
    it stood before, at the prompt on row 0 (the MOS's own, made steady here)."""
    m, hw = mode4, mode4.hardware
    start = _next_field(m)
    hw.bus.write(0xFE00, 10, m.cycles)
    hw.bus.write(0xFE01, 0x07, m.cycles)                   # steady, line 7 only
    prompt = hw.crtc.cursor_address
    assert (prompt - hw.crtc.start_address) // 40 == 0
    _run_to(m, start + moved_at_line * LINE_CYCLES)
    target = hw.crtc.start_address + 20 * 40 + 10
    for register, value in ((14, target >> 8), (15, target & 0xFF)):
        hw.bus.write(0xFE00, register, m.cycles)
        hw.bus.write(0xFE01, value, m.cycles)
    _run_to(m, start + DISPLAYED_LINES * LINE_CYCLES + 64)
    picture = hw.screen.rgb()
    row20 = (picture[16 * 20 + 14:16 * 20 + 16, 160:176] == 255).all()   # line 7 of row 20, cell 10
    prompt_column = (prompt - hw.crtc.start_address) % 40
    row0 = (picture[14:16, prompt_column * 16:(prompt_column + 1) * 16] == 255).all()
    assert (row20, row0) == (shown_at_row == 20, shown_at_row == 0)
    assert hw.screen.span_renders == 0                     # drawn in one go
