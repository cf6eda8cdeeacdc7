"""The BBC Micro Model B driven by our own test MOS (emulator/programs/bbc_hw.s), as a MOS drives it.

Expected pictures, counts and frequencies are computed here from the documented behaviour (memory
map, shift-register pixel order, palette encoding, SN76489 formula), never taken from the emulator.
"""
from pathlib import Path

import numpy as np
import pytest

from emulator.asm import assemble
from emulator.display import bbc_video
from emulator.errors import UserError
from emulator.session import Machine

ROMS = Path(__file__).resolve().parents[2] / "emulator" / "programs"
MODE7, MODE1, MODE4 = 0, 1, 2          # the test MOS's MODE table indices

# bbc_hw.s zero page
RESETS, LINKS, SHIFT0, CTRL0 = 0x70, 0x71, 0x72, 0x73
CENTIS, VSYNCS, KEYINTS, OTHERS = 0x74, 0x76, 0x78, 0x79
CMD, PARAM, RESULT, COUNT, MODE = 0x8E, 0x8D, 0x8C, 0x8B, 0x8F
BUFFER = 0x0300

_ROM = None


def hw_rom():
    global _ROM
    if _ROM is None:
        path = ROMS / "bbc_hw.s"
        _ROM = assemble(path.read_text(), filename=str(path))
        assert _ROM.origin == 0xC000 and len(_ROM.image) == 0x4000
    return _ROM


def bbc(mode=MODE7, roms=None, **options):
    images = {"mos": hw_rom().image}
    images.update(roms or {})
    m = Machine("bbc", roms=images, **options)
    m.memory[MODE] = mode               # read by the reset code, which has not run yet
    return m


def command(m, number, param=0, max_seconds=0.1):
    m.memory[PARAM] = param
    m.memory[CMD] = number
    step = 0.001
    for _ in range(int(max_seconds / step)):
        m.run(step)
        if m.memory[CMD] == 0:
            return m.memory[RESULT]
    raise AssertionError(f"command {number} not done")


# --- memory map --------------------------------------------------------------------------------------

def test_memory_map():
    m = bbc()
    m.run(0.05)
    mem = m.memory
    for addr in (0x0000, 0x1234, 0x3000, 0x7FFF):
        mem[addr] = 0xA5
        assert mem[addr] == 0xA5
    image = hw_rom().image
    for addr in (0xC000 + 0x110, 0xC300, 0xFBFF, 0xFFFC, 0xFFFF):
        mem[addr] = image[addr - 0xC000] ^ 0xFF            # ROM: writes are lost
        assert mem[addr] == image[addr - 0xC000]
    # FRED, JIM and the absent SHEILA chips: open bus (the address's high byte)
    for addr in (0xFC00, 0xFCFF, 0xFD00, 0xFD80):
        assert mem[addr] == addr >> 8
    for addr in (0xFE18, 0xFE30, 0xFE80, 0xFEA0, 0xFEE0, 0xFEFF):
        assert mem[addr] == 0xFE, hex(addr)
    assert mem[0xFE08] == 0x02                   # ACIA (serial ULA: cassette): transmitter empty
    mem[0xFEC0] = 0x0A                           # ADC: start a 12-bit conversion on channel 2
    assert mem[0xFEC0] == 0x8A                   # busy (bit 6 low), not yet converted (bit 7 high)
    assert m.hardware.system_via.cb1             # /EOC high on the system VIA's CB1
    m.run(0.011)                                 # a 12-bit conversion takes 10 ms
    assert mem[0xFEC0] == 0x4A                   # not busy, converted
    assert not m.hardware.system_via.cb1         # /EOC fell
    assert (mem[0xFEC1], mem[0xFEC2]) == (0, 0)  # nothing plugged in: analogue ground
    # the 6845: R14 (cursor high) is readable, R0 is not
    mem[0xFE00] = 14
    mem[0xFE01] = 0x2A
    assert mem[0xFE01] == 0x2A
    mem[0xFE00] = 0
    assert mem[0xFE01] == 0


def test_rom_files_are_checked():
    mos = hw_rom().image
    with pytest.raises(UserError, match=r"mos.rom is 100 bytes.*16384"):
        Machine("bbc", roms={"mos": bytes(100)})
    with pytest.raises(UserError, match=r"basic.rom is 8192 bytes.*16384"):
        Machine("bbc", roms={"mos": mos, "basic": bytes(8192)})
    with pytest.raises(UserError, match=r"rom3.rom is 1000 bytes"):
        Machine("bbc", roms={"mos": mos, "rom3": bytes(1000)})
    with pytest.raises(UserError, match="needs a MOS ROM"):
        Machine("bbc", roms={"basic": bytes(16384)})
    with pytest.raises(UserError, match="no ROM called 'rom16'"):
        Machine("bbc", roms={"mos": mos, "rom16": bytes(16384)})
    with pytest.raises(UserError, match="both want sideways slot 15"):
        Machine("bbc", roms={"mos": mos, "basic": bytes(16384), "rom15": bytes(16384)})
    with pytest.raises(UserError, match="links"):
        Machine("bbc", roms={"mos": mos}, links=256)


def test_romsel_switches_sideways_roms():
    basic = bytes([0xB5]) + bytes(0x3FFF)
    rom0 = bytes([0x10]) + bytes(0x3FFF)
    rom5 = bytes([0x55]) + bytes(0x1FFF)                  # 8 KiB: shows at &8000 and &A000
    m = bbc(roms={"basic": basic, "rom0": rom0, "rom5": rom5})
    m.run(0.05)
    assert command(m, 3, 15) == 0xB5
    assert m.hardware.romsel == 15 and m.memory[0x8000] == 0xB5
    assert command(m, 3, 0) == 0x10
    assert command(m, 3, 5) == 0x55 and m.memory[0xA000] == 0x55
    assert command(m, 3, 9) == 0xFF                       # an empty socket
    m.memory[0x8000] = 0x00                               # sideways ROM is not writable
    assert command(m, 3, 15) == 0xB5


# --- video -------------------------------------------------------------------------------------------

def test_mode7_text_and_picture():
    m = bbc(MODE7)
    m.run(0.2)
    assert m.screen.text()[0] == "HELLO BBC"
    picture = m.screen.rgb()
    assert picture.shape == (500, 480, 3)                 # 40 x 25 cells of 12 x 20
    row0 = picture[:20]
    # "HELLO BBC" is white on black: ink in each of the 9 cells, none after them
    for column in range(9):
        cell = row0[:, column * 12:(column + 1) * 12]
        assert (cell == 255).all(axis=2).any() == (column != 5), column
    assert not picture[:, 9 * 12:].any() and not picture[20:].any()


def _mode1_expected():
    """The MODE 1 picture from first principles: 80 bytes x 32 rows x 8 lines from &3000, the byte at
    address a being (a AND &FF) EOR (a DIV 256); pixel p of a byte is bits 7-p and 3-p; logical
    colours 0-3 are black, red, yellow, white; each pixel is 2 wide and each line shown twice."""
    colours = {0: (0, 0, 0), 1: (255, 0, 0), 2: (255, 255, 0), 3: (255, 255, 255)}
    image = np.zeros((256, 320, 3), dtype=np.uint8)
    for row in range(32):
        for column in range(80):
            for line in range(8):
                address = 0x3000 + (row * 80 + column) * 8 + line
                byte = (address & 0xFF) ^ (address >> 8)
                for p in range(4):
                    logical = ((byte >> (7 - p)) & 1) << 1 | ((byte >> (3 - p)) & 1)
                    image[row * 8 + line, column * 4 + p] = colours[logical]
    return np.repeat(np.repeat(image, 2, axis=1), 2, axis=0)


def test_mode1_geometry_and_colours():
    m = bbc(MODE1)
    m.run(0.3)
    hw = m.hardware
    assert hw.crtc.character_clock_hz == 2_000_000        # the ULA's CRTC clock bit reached the CRTC
    assert hw.latch_c0c1 == 2                             # C1 = 1, C0 = 0: the 20K wrap of MODEs 0-2
    picture = m.screen.rgb()
    assert picture.shape == (512, 640, 3)
    # the cursor (R10 = &67: blinking) is only in the CRTC's cursor cell; compare away from it
    expected = _mode1_expected()
    cursor_row = (hw.crtc.cursor_address - hw.crtc.start_address) // 80
    keep = np.ones(512, dtype=bool)
    keep[cursor_row * 16:(cursor_row + 1) * 16] = False
    assert np.array_equal(picture[keep], expected[keep])


def test_mode4_text_matches_the_mos_font():
    m = bbc(MODE4)
    m.run(0.3)
    assert m.hardware.latch_c0c1 == 3                     # the 10K wrap of MODEs 4-5
    assert m.screen.text()[0] == "HELLO BBC"
    picture = m.screen.rgb()
    assert picture.shape == (512, 640, 3)
    # 'H' = &66 &66 &66 &7E ...: its first line lights pixels 1, 2, 5, 6 (each 2 wide, 2 tall)
    first_line = (picture[0, :16] == 255).all(axis=1)
    assert list(first_line[::2]) == [False, True, True, False, False, True, True, False]


@pytest.mark.parametrize("mode, screen, size", [(MODE7, 0x7C00, 0x400), (MODE4, 0x5800, 0x2800),
                                                (MODE1, 0x3000, 0x5000)])
def test_redrawn_rows_match_a_whole_picture(mode, screen, size):
    """The screen redraws only the character rows that changed; the result must be the picture a
    whole render gives, whatever changes (teletext control codes, double height included)."""
    m = bbc(mode)
    m.run(0.3)
    hw = m.hardware
    rng = np.random.default_rng(mode)
    m.screen.rgb()
    for step in range(12):
        for _ in range(int(rng.integers(1, 6))):
            address = screen + int(rng.integers(0, size))
            value = int(rng.integers(0, 256))
            if step < 8 and value & 0x7F == 0x0D:
                value = 0x41                                # double height only in the last steps
            m.memory[address] = value
        if step == 10:
            m.memory[screen + 80] = 0x0D
        m.run_cycles(int(rng.integers(1, 40000)))
        whole = bbc_video.render_frame(hw.bus.memory, hw.crtc, hw.ula, hw.latch_c0c1, hw.field_count)
        assert np.array_equal(m.screen.rgb(), whole), step
    assert hw.screen.row_renders > 0


@pytest.mark.parametrize("mode, screen, size, row_bytes", [(MODE7, 0x7C00, 0x400, 40),
                                                           (MODE4, 0x5800, 0x2800, 320)])
def test_hardware_scrolling_draws_only_the_new_row(mode, screen, size, row_bytes):
    """A MOS scrolls by moving the screen start a row on (the 6845's R12/R13) and clearing the row
    that comes in at the bottom, wrapping past &8000 by C0/C1.  The picture must be the whole render's,
    and made of the rows already drawn but for the new one."""
    m = bbc(mode)
    m.run(0.3)
    hw = m.hardware
    rng = np.random.default_rng(mode + 7)
    for offset in range(0, size, 97):                     # something different in every row
        m.memory[screen + offset] = int(rng.integers(0x20, 0x7F))
    m.screen.rgb()
    start = screen
    for scroll in range(30):                              # past the wrap: the start comes round
        start = screen + (start - screen + row_bytes) % size
        line = screen + (start - screen + size - row_bytes) % size        # the new bottom row
        for i in range(row_bytes):
            m.memory[line + i] = int(rng.integers(0x20, 0x7F))
        ma = start - 0x7C00 + 0x2800 if mode == MODE7 else start >> 3     # the 6845's view of it
        for register, value in ((12, ma >> 8), (13, ma & 0xFF)):
            m.memory[0xFE00] = register
            m.memory[0xFE01] = value
        renders, row_renders = hw.screen.renders, hw.screen.row_renders
        m.run_cycles(40000)
        picture = m.screen.rgb()
        whole = bbc_video.render_frame(hw.bus.memory, hw.crtc, hw.ula, hw.latch_c0c1, hw.field_count)
        assert np.array_equal(picture, whole), scroll
        assert hw.screen.renders == renders
        assert hw.screen.row_renders - row_renders <= 2   # the new row (and the cursor's, blinking)


@pytest.mark.parametrize("mode", [MODE7, MODE4])
def test_redrawn_rows_follow_the_cursor_blink_and_flashing(mode):
    m = bbc(mode)
    m.run(0.3)
    hw = m.hardware
    if mode == MODE7:
        m.memory[0x7C00 + 200:0x7C00 + 204] = b"\x08AB\x09"     # flashing text on row 5
    cursor = hw.crtc.start_address + 3 * 40 + 7                # the cursor on row 3, as a MOS puts it
    for register, value in ((14, cursor >> 8), (15, cursor & 0xFF)):
        m.memory[0xFE00] = register
        m.memory[0xFE01] = value
    seen = set()
    for _ in range(80):                                   # 1.6 s: the cursor and flash change phase
        m.run_cycles(40000)
        picture = m.screen.rgb()
        whole = bbc_video.render_frame(hw.bus.memory, hw.crtc, hw.ula, hw.latch_c0c1, hw.field_count)
        assert np.array_equal(picture, whole)
        seen.add(picture.tobytes())
    assert len(seen) >= 2 and hw.screen.renders == 1 and hw.screen.row_renders > 0


def test_screenshot_writes_png(tmp_path):
    m = bbc(MODE7)
    m.run(0.1)
    path = tmp_path / "bbc.png"
    m.screenshot(path)
    assert path.read_bytes()[:4] == b"\x89PNG"


def test_unchanged_picture_is_not_rendered_again():
    m = bbc(MODE4)
    m.run(0.3)
    first = m.screen.rgb()
    renders = m.hardware.screen.renders
    assert m.screen.rgb() is first and m.hardware.screen.renders == renders
    m.memory[0x7000] = 0xFF                               # a change on screen is drawn
    picture = m.screen.rgb()
    assert m.hardware.screen.renders == renders and m.hardware.screen.row_renders == 1
    row = (0x7000 - 0x5800) // 320
    column = (0x7000 - 0x5800) % 320 // 8
    assert (picture[row * 16, column * 16:(column + 1) * 16] == 255).all()


# --- system VIA: timers, VSYNC -----------------------------------------------------------------------

def test_t1_gives_exactly_100_interrupts_a_second():
    m = bbc()
    m.run(0.05)
    before = m.memory.word(CENTIS)
    m.run(1.0)
    assert m.memory.word(CENTIS) - before == 100
    assert m.memory[OTHERS] == 0


@pytest.mark.parametrize("mode", [MODE7, MODE1])
def test_vsync_on_ca1_at_50_hz(mode):
    m = bbc(mode)
    m.run(0.3)                                            # past the screen fill
    before, fields = m.memory.word(VSYNCS), m.hardware.field_count
    m.run(1.0)
    assert m.memory.word(VSYNCS) - before == 50
    assert m.hardware.field_count - fields == 50
    # 312.5 lines of 64 us: a field is exactly 40000 CPU cycles
    assert m.hardware.crtc.frame_timing().cycles_per_field == 40000


def test_vsync_interrupts_are_one_field_apart():
    m = bbc(MODE7)
    m.run(0.1)
    hw = m.hardware
    # step 20 cycles at a time and note when the IRQ handler counts a VSYNC
    seen, count = [], m.memory.word(VSYNCS)
    while len(seen) < 4:
        m.run_cycles(20)
        if m.memory.word(VSYNCS) != count:
            count = m.memory.word(VSYNCS)
            seen.append(m.cycles)
            assert hw.vsync                               # counted while VSYNC is still high
    # 312.5 lines of 64 us (R4 = 30, 10 lines a row in each field, R5 = 2, interlace): 40000 cycles
    for earlier, later in zip(seen, seen[1:]):
        assert abs((later - earlier) - 40000) <= 20


# --- keyboard ----------------------------------------------------------------------------------------

def test_direct_keyboard_testing():
    m = bbc()
    m.run(0.05)
    assert command(m, 2, 0x41) == 0                       # A (&41) up
    m.press("A")
    assert command(m, 2, 0x41) == 0x80
    assert command(m, 2, 0x42) == 0                       # X is not down
    m.release("a")
    assert command(m, 2, 0x41) == 0
    m.press("SHIFT")
    assert command(m, 2, 0x00) == 0x80


def test_autoscan_interrupts_on_ca2():
    m = bbc()
    m.run(0.05)
    assert m.memory[KEYINTS] == 0
    m.press("Q")
    m.run(0.01)
    assert m.memory[KEYINTS] == 1
    m.run(0.05)
    assert m.memory[KEYINTS] == 1                         # one interrupt per key-down edge
    m.release("Q")
    m.press("SHIFT")                                      # row 0 never interrupts
    m.run(0.02)
    assert m.memory[KEYINTS] == 1
    m.press("RETURN")
    m.run(0.01)
    assert m.memory[KEYINTS] == 2


def test_typing_presses_real_keys():
    m = bbc()
    m.run(0.05)
    m.type("Hi")                                          # CAPS LOCK on: H plain, i with SHIFT
    m.run_until_typed(max_seconds=5)      # this ROM never reads a key: each is held until given up
    m.run(0.01)
    assert m.memory[KEYINTS] == 2
    assert not m.hardware.typing


@pytest.mark.parametrize("links", [0x00, 0xA5, 0x07, 0xFF])
def test_startup_links_are_read_at_reset(links):
    m = bbc(links=links)
    m.run(0.05)
    assert m.memory[LINKS] == links
    # links 0: MODE 7 is the default (bits 0-2 select 7 - value; 0 means MODE 7)


def test_bad_key_names_are_one_line_errors():
    m = bbc()
    with pytest.raises(UserError, match="unknown BBC key name 'NOPE'"):
        m.press("NOPE")
    with pytest.raises(UserError, match="cannot type"):
        m.type("\x01")


# --- sound -------------------------------------------------------------------------------------------

def test_sound_writes_through_the_slow_data_bus():
    m = bbc()
    m.run(0.05)
    period = 0x1AB
    data = [0x80 | (period & 0x0F), period >> 4, 0x90 | 2,           # tone 0, attenuation 2
            0xE0 | 0x04 | 0x01, 0xF0 | 0x00]                       # noise: white, clock/1024; loud
    for i, byte in enumerate(data):
        m.memory[BUFFER + i] = byte
    m.memory[COUNT] = len(data)
    command(m, 1)
    sound = m.hardware.sound
    assert sound.tone[0] == period and sound.attenuation[0] == 2
    tone = [n for n in sound.notes if n.channel == 0][-1]
    assert tone.frequency_hz == pytest.approx(4_000_000 / (32 * period))   # SN76489: clock / 32N
    assert tone.attenuation == 2
    beeps = m.beeps()                                     # the session's view: the same notes
    assert beeps == sound.notes and tone in beeps
    assert all(m.cycles > b.cycle > 0 for b in beeps)
    noise = [n for n in sound.notes if n.channel == 3][-1]
    assert noise.noise == "white" and noise.frequency_hz == pytest.approx(4_000_000 / 1024)
    assert noise.attenuation == 0


# --- the 1 MHz bus -----------------------------------------------------------------------------------

def test_one_mhz_stretch_in_cycle_counts():
    """LDA abs is 4 cycles; on the 1 MHz bus its access waits for the 1 MHz clock: one extra cycle
    when the access would fall on an even cycle, two on an odd one, so it lands on an odd cycle."""
    m = bbc()
    cpu = m.cpu
    cpu.pc = hw_rom().symbols["timing"]
    cycles = []
    for _ in range(7):
        start = cpu.cycles
        cpu.step()
        cycles.append(cpu.cycles - start)
    # lda $1000 (from cycle 7), lda $FE4F x2, nop, lda $FE4F, lda $FC00, sta $FE30 (ROMSEL: 2 MHz)
    expected, c = [], 7
    for base, io in ((4, False), (4, True), (4, True), (2, False), (4, True), (4, True), (4, False)):
        extra = (1 + ((c + base - 1) & 1)) if io else 0
        expected.append(base + extra)
        c += base + extra
    assert cycles == expected == [4, 5, 6, 2, 6, 6, 4]
    assert m.hardware.romsel == 0xFC & 15                 # the STA reached ROMSEL


# Which addresses are on the 1 MHz bus (BeebWiki, "Cycle stretching"): FRED, JIM, and in SHEILA the
# CRTC, ACIA, serial ULA and STATID (&FE00-&FE1F), the VIAs (&FE40-&FE7F) and the ADC (&FEC0-&FEDF).
# The video ULA and ROMSEL (&FE20-&FE3F), FDC and Econet (&FE80-&FEBF) and Tube (&FEE0-&FEFF) run at
# 2 MHz, like RAM and ROM.
ONE_MHZ = [(0xFC00, 0xFDFF), (0xFE00, 0xFE1F), (0xFE40, 0xFE7F), (0xFEC0, 0xFEDF)]


def on_the_1mhz_bus(addr):
    return any(first <= addr <= last for first, last in ONE_MHZ)


@pytest.mark.parametrize("addresses", [
    [0x1000, 0xC000, 0xFF00],                                  # RAM, MOS ROM below and above SHEILA
    [0xFC00, 0xFC80, 0xFCFF, 0xFD00, 0xFDFF],                  # FRED, JIM
    list(range(0xFE00, 0xFF00, 0x10)),                         # every 16-byte range of SHEILA
    [0xFE1F, 0xFE20, 0xFE2F, 0xFE30, 0xFE3F, 0xFE40, 0xFE7F, 0xFE80,
     0xFEBF, 0xFEC0, 0xFEDF, 0xFEE0, 0xFEFF],                  # both edges of every range
])
def test_stretch_is_exact_for_each_address_range(addresses):
    """A run of LDA abs from RAM: each is 4 cycles, plus 1 or 2 on the 1 MHz bus (to land the access
    on an odd cycle), counted from the documented ranges, not from the bus's map."""
    m = bbc()
    program = bytearray()
    for addr in addresses:
        program += bytes([0xAD, addr & 0xFF, addr >> 8])      # LDA addr
    for offset, byte in enumerate(program):
        m.memory[0x2000 + offset] = byte
    cpu = m.cpu
    cpu.pc = 0x2000                                           # I is set after reset: no IRQ
    c = cpu.cycles
    for addr in addresses:
        cpu.step()
        access = c + 3
        expected = 4 + ((1 + (access & 1)) if on_the_1mhz_bus(addr) else 0)
        assert cpu.cycles - c == expected, f"LDA ${addr:04X} from cycle {c}"
        c = cpu.cycles


# --- BREAK -------------------------------------------------------------------------------------------

def test_break_resets_the_cpu_and_user_via_not_the_system_via():
    m = bbc()
    m.run(0.1)
    hw = m.hardware
    m.memory[0xFE62] = 0xFF                               # user VIA DDRB
    ier = hw.system_via.ier
    centis = m.memory.word(CENTIS)
    m.press("BREAK")
    m.run(0.05)
    assert hw.user_via.ddrb == 0                          # held in reset
    assert hw.system_via.ier == ier != 0                  # only reset at power-on
    assert m.memory.word(CENTIS) == centis                # the CPU is stopped
    m.release("BREAK")
    m.run(0.05)
    assert m.memory[RESETS] == 2
    assert m.memory.word(CENTIS) > centis                 # RAM kept, counting again


@pytest.mark.parametrize("modifier, address", [("SHIFT", SHIFT0), ("CTRL", CTRL0)])
def test_shift_break_and_ctrl_break(modifier, address):
    m = bbc()
    m.run(0.05)
    assert m.memory[SHIFT0] == 0 and m.memory[CTRL0] == 0
    m.hardware.break_key(modifiers=(modifier,))
    m.run_until_typed(max_seconds=1)
    m.run(0.02)
    assert m.memory[RESETS] == 2
    assert m.memory[address] == 0x80
    other = CTRL0 if address == SHIFT0 else SHIFT0
    assert m.memory[other] == 0


def test_acia_status_shows_cts_high_with_rs423_selected():
    # MC6850: /CTS high inhibits TDRE.  With RS423 selected (serial ULA bit 6) and nothing plugged
    # in, /CTS is high; with the cassette selected the serial ULA holds it low.
    m = bbc()
    m.run(0.05)
    mem = m.memory
    mem[0xFE10] = 0x64                          # RS423, 9600 baud (as Acorn's MOS 1.20 leaves it)
    assert mem[0xFE08] == 0x08                  # CTS high, no TDRE, nothing received, no IRQ
    assert mem[0xFE0E] == 0x08                  # mirrored through &FE0F
    mem[0xFE10] = 0x24                          # the cassette
    assert mem[0xFE08] == 0x02                  # transmit data register empty
    assert mem[0xFE09] == 0x00                  # nothing received


def test_plain_break_through_the_session():
    m = bbc()
    m.run(0.05)
    m.break_key()
    m.run(0.1)
    assert m.memory[RESETS] == 2 and m.memory[SHIFT0] == 0


def test_field_listeners_hear_every_vsync():
    m = bbc(MODE7)
    heard = []
    m.hardware.field_listeners.append(heard.append)
    m.run(0.5)
    assert len(heard) == m.hardware.field_count >= 24
    assert all(b - a == 40000 for a, b in zip(heard[1:], heard[2:]))
