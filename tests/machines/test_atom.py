"""The Acorn Atom driven by our own small test ROMs, as a kernel would drive it.

Every expected picture is computed here from the glyph drawings, the MC6847 mode table and the
palette, with plain loops; nothing is copied from the emulator's output.
"""
import itertools
import unicodedata
from pathlib import Path

import numpy as np
import pytest

from emulator.asm import assemble
from emulator.chips import vdg6847 as vdg
from emulator.chips.glyphs6847 import CODE_CHARS, GLYPH_DOTS, GLYPH_LEFT, GLYPH_TOP
from emulator.errors import UserError
from emulator.session import Halted, Machine, Timeout

ROMS = Path(__file__).resolve().parents[2] / "emulator" / "programs"


def rom(name):
    path = ROMS / f"{name}.s"
    return assemble(path.read_text(), filename=str(path))


def atom(name, **options):
    return Machine("atom", roms={"kernel": rom(name).image}, **options)


# --- memory map --------------------------------------------------------------------------------------

def test_memory_map_ram_video_and_floating_bus():
    m = atom("atom_echo")
    mem = m.memory
    for addr in (0x0000, 0x03FF, 0x2800, 0x3BFF, 0x8000, 0x97FF):
        mem[addr] = 0x5A
        assert mem[addr] == 0x5A, hex(addr)
    # unmapped: reads give the address's high byte (open bus), writes are lost
    for addr in (0x0400, 0x27FF, 0x3C00, 0x7FFF, 0x9800, 0xA000, 0xB400, 0xBC00, 0xC123, 0xE000):
        mem[addr] = 0x00
        assert mem[addr] == addr >> 8, hex(addr)
    # the kernel socket holds the ROM
    image = rom("atom_echo").image
    assert mem[0xF000] == image[0] and mem.word(0xFFFC) == rom("atom_echo").symbols["reset"]


def test_expanded_ram_reaches_7fff():
    m = atom("atom_echo", ram="expanded")
    for addr in (0x0400, 0x1234, 0x3C00, 0x7FFF):
        m.memory[addr] = 0xA5
        assert m.memory[addr] == 0xA5


def test_ppi_is_mirrored_through_b3ff():
    m = atom("atom_echo")
    m.run(0.05)
    m.memory[0xB3F0] = 0xF3          # port A through a mirror: RG6 mode, row 3
    assert m.hardware.keyboard_row == 3 and m.hardware.vdg.mode_name == "RG6"


def test_rom_sizes_and_sockets_are_checked():
    with pytest.raises(UserError, match="kernel.rom is 100 bytes.*4096"):
        Machine("atom", roms={"kernel": bytes(100)})
    with pytest.raises(UserError, match="no ROM socket called 'mos'"):
        Machine("atom", roms={"mos": bytes(4096)})


def test_an_unknown_machine_lists_the_known_ones():
    with pytest.raises(UserError, match="unknown machine 'zx81'.*atom.*bbc"):
        Machine("zx81")


# --- field sync, keyboard, screen -------------------------------------------------------------------

def test_field_sync_counts_sixty_fields_a_second():
    m = atom("atom_echo")
    m.run(1.0)
    fields = m.memory.word(0x84)
    assert fields in (59, 60)
    m.run(2.0)
    assert m.memory.word(0x84) - fields == 120


def test_typed_text_is_echoed_and_read_back():
    m = atom("atom_echo")
    m.type("HELLO ATOM")
    m.run_until_text("HELLO ATOM", max_seconds=5)
    assert m.screen.text()[0] == "HELLO ATOM"
    assert m.screen.text()[1:] == [""] * 15


def test_every_printable_character_arrives_as_its_code():
    m = atom("atom_echo")
    printable = "".join(chr(c) for c in range(0x20, 0x7F) if chr(c) != "_")
    text = printable + "\r"
    m.type(text)
    m.run_until_typed()
    m.run(0.1)
    count = m.memory[0x80]
    assert m.memory[0x200:0x200 + count] == text.encode("ascii")
    # and the screen shows them: upper case as typed, lower case (inverse) read back as lower case
    assert "".join(m.screen.text()) == printable


def test_control_keys_and_named_keys():
    m = atom("atom_echo")
    m.type("\x07\x1b\x7f")                   # CTRL-G, ESCAPE, DELETE
    m.run_until_typed()
    m.run(0.1)
    assert m.memory[0x200:0x203] == b"\x07\x1b\x7f"
    m.press("COPY")
    m.run(0.1)
    m.release("copy")
    m.run(0.1)
    assert m.memory[0x203] == 0x05          # the test ROM's code for COPY
    with pytest.raises(UserError, match="unknown Atom key name 'F1'"):
        m.press("F1")


def test_a_character_the_keyboard_lacks_is_refused_before_typing():
    m = atom("atom_echo")
    with pytest.raises(UserError, match="cannot type '_'"):
        m.type("AB_C")
    m.run(0.5)
    assert m.memory[0x80] == 0               # nothing was typed


def test_typing_timing_is_human_and_configurable():
    m = atom("atom_echo")
    m.type("Ab", hold_ms=30, gap_ms=70, lead_ms=10)
    down = []                                   # the keys down, millisecond by millisecond
    kb = m.hardware.keyboard
    while m.hardware.typing:
        m.run_cycles(1000)
        down.append(tuple(sorted(kb.down)))
    runs = [(keys, len(list(group))) for keys, group in itertools.groupby(down)]
    held = [(keys, ms) for keys, ms in runs if keys]
    # A held at least 30 ms; SHIFT alone 10 ms before and after b, b held at least 30 ms
    assert [keys for keys, _ in held] == [("A",), ("SHIFT",), ("B", "SHIFT"), ("SHIFT",)]
    assert held[0][1] >= 30 and held[2][1] >= 30
    assert 9 <= held[1][1] <= 11 and 9 <= held[3][1] <= 11
    gap = next(ms for keys, ms in runs[runs.index(held[0]) + 1:] if not keys)
    assert gap >= 70                            # and the pause after A


def _glyph_cell(char, inverse, css=0):
    ink, paper = (vdg.ORANGE, vdg.DARK_ORANGE) if css else (vdg.GREEN, vdg.DARK_GREEN)
    if inverse:
        ink, paper = paper, ink
    cell = np.full((12, 8, 3), vdg.PALETTE[paper], dtype=np.uint8)
    for y, row in enumerate(GLYPH_DOTS[char]):
        for x, dot in enumerate(row):
            if dot == "#":
                cell[GLYPH_TOP + y, GLYPH_LEFT + x] = vdg.PALETTE[ink]
    return cell


def test_screen_rgb_shows_the_glyphs_of_typed_keys():
    m = atom("atom_echo")
    m.type("A1?z")
    m.run_until_typed()
    m.run(0.1)
    rgb = m.screen.rgb()
    assert rgb.shape == (192, 256, 3) and rgb.dtype == np.uint8
    for column, (char, inverse) in enumerate([("A", 0), ("1", 0), ("?", 0), ("Z", 1)]):
        assert (rgb[0:12, column * 8:column * 8 + 8] == _glyph_cell(char, inverse)).all(), char
    assert (rgb[12:24, 0:8] == _glyph_cell(" ", 0)).all()


def test_break_resets_the_cpu():
    m = atom("atom_echo")
    m.type("XYZ")
    m.run_until_text("XYZ", 5)
    m.break_key()
    m.run(0.2)
    assert m.memory[0x80] == 0 and m.screen.text()[0] == ""


def test_run_until_text_times_out_in_emulated_time():
    m = atom("atom_echo")
    with pytest.raises(Timeout, match="'NEVER' did not appear.*0.5 emulated seconds"):
        m.run_until_text("NEVER", max_seconds=0.5)
    assert abs(m.cycles - 500_000) < 20_000


def test_jam_raises_halted():
    image = bytearray(b"\x02" * 4096)            # JAM at the reset vector's target
    image[0xFFC:0xFFE] = b"\x00\xF0"
    m = Machine("atom", roms={"kernel": bytes(image)})
    with pytest.raises(Halted, match=r"JAM\) at \$F000"):
        m.run(0.1)


# --- VDG modes --------------------------------------------------------------------------------------

def _pattern(i):
    return ((i & 0xFF) + 0x80 + (i >> 8)) & 0xFF


# port A value -> (pixels across, down, bits per pixel), from the MC6847 data sheet's mode table
GRAPHICS = {0x10: (64, 64, 2), 0x30: (128, 64, 1), 0x50: (128, 64, 2), 0x70: (128, 96, 1),
            0x90: (128, 96, 2), 0xB0: (128, 192, 1), 0xD0: (128, 192, 2), 0xF0: (256, 192, 1)}
FOUR_COLOURS = [vdg.GREEN, vdg.YELLOW, vdg.BLUE, vdg.RED, vdg.BUFF, vdg.CYAN, vdg.MAGENTA, vdg.ORANGE]


def _expected_pixel(mode, css, x, y):
    if mode in GRAPHICS:
        across, down, bpp = GRAPHICS[mode]
        px, py = x * across // 256, y * down // 192
        byte = _pattern(py * across * bpp // 8 + px * bpp // 8)
        value = (byte >> (8 - bpp - (px * bpp) % 8)) & ((1 << bpp) - 1)
        if bpp == 2:
            return vdg.PALETTE[FOUR_COLOURS[value + 4 * css]]
        return vdg.PALETTE[(vdg.BUFF if css else vdg.GREEN) if value else vdg.BLACK]
    byte = _pattern((y // 12) * 32 + x // 8)
    cx, cy = x % 8, y % 12
    if byte & 0x40:                              # the Atom wires bit 6 to A/S and INT/EXT: SG6
        element = 5 - ((cy // 4) * 2 + cx // 4)
        if byte >> element & 1:
            return vdg.PALETTE[FOUR_COLOURS[(byte >> 6) + 4 * css]]
        return vdg.PALETTE[vdg.BLACK]
    ink, paper = (vdg.ORANGE, vdg.DARK_ORANGE) if css else (vdg.GREEN, vdg.DARK_GREEN)
    if byte & 0x80:                              # bit 7: INV
        ink, paper = paper, ink
    gy, gx = cy - GLYPH_TOP, cx - GLYPH_LEFT
    lit = 0 <= gy < 7 and 0 <= gx < 5 and GLYPH_DOTS[CODE_CHARS[byte & 0x3F]][gy][gx] == "#"
    return vdg.PALETTE[ink if lit else paper]


@pytest.mark.parametrize("mode", [0x00] + sorted(GRAPHICS))
@pytest.mark.parametrize("css", [0, 1])
def test_mode_switching_through_port_a(mode, css):
    m = atom("atom_video")
    m.memory[0x90] = mode
    m.memory[0x91] = css << 3
    m.run(0.25)                                  # the fill takes about 0.1 s
    assert m.memory[0x92] >= 5                   # the ROM switched on field sync
    rgb = m.screen.rgb()
    for y in range(0, 192, 5):
        for x in range(0, 256, 3):
            assert tuple(rgb[y, x]) == tuple(_expected_pixel(mode, css, x, y)), (hex(mode), x, y)
    if mode:
        assert m.screen.text() == []


def test_graphics_characters_read_as_block_characters():
    m = atom("atom_video")
    m.memory[0x90] = m.memory[0x91] = 0          # text mode, CSS 0 (RAM powers up holding anything)
    m.run(0.25)
    rows = m.screen.text()
    assert len(rows) == 16
    # rows 0-1 hold bytes #80-#BF: inverse characters; inverse capitals read as lower case
    assert rows[0] == "`abcdefghijklmnopqrstuvwxyz{|}~_"
    assert rows[1] == " !\"#$%&'()*+,-./0123456789:;<=>?"
    # rows 2-3 hold #C0-#FF: semigraphics 6, D5 top left ... D0 bottom right
    assert rows[2][0] == " "                    # #C0: nothing lit
    assert rows[3][31] == "\u2588"              # #FF: all six
    assert rows[3][10] == "\u258c"              # #EA = %101010: the left column
    assert rows[2][21] == "\u2590"              # #D5 = %010101: the right column
    assert rows[3][0] == "\U0001FB00"           # #E0: top left only (Unicode sextant-1)
    assert unicodedata.name(rows[2][12]) == "BLOCK SEXTANT-34"   # #CC = %001100: the middle row


def test_screenshot_writes_a_png(tmp_path):
    import zlib

    m = atom("atom_echo")
    m.type("PNG")
    m.run_until_text("PNG", 5)
    path = tmp_path / "shot.png"
    m.screenshot(path)
    data = path.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    width, height = int.from_bytes(data[16:20], "big"), int.from_bytes(data[20:24], "big")
    assert (width, height) == (256, 192)
    idat = data.index(b"IDAT")
    length = int.from_bytes(data[idat - 4:idat], "big")
    rows = zlib.decompress(data[idat + 4:idat + 4 + length])
    pixels = np.frombuffer(rows, dtype=np.uint8).reshape(192, 1 + 256 * 3)[:, 1:].reshape(192, 256, 3)
    assert (pixels == m.screen.rgb()).all()
    assert list(tmp_path.iterdir()) == [path]       # no temporary file left behind


# --- speaker ----------------------------------------------------------------------------------------

def test_speaker_beeps_are_events():
    m = atom("atom_beep")
    m.run(0.4)
    assert m.memory[0x95] == 1
    beeps = m.beeps()
    assert len(beeps) == 3
    click, first, second = beeps
    assert click.edges == 1 and click.start < 100     # the mode set drives PC2 low: one click
    assert first.edges == 200 and second.edges == 200
    assert 950 < first.frequency < 1050
    assert 1900 < second.frequency < 2100
    assert 90_000 < first.end - first.start < 110_000
    assert 90_000 < second.start - first.end < 115_000


def test_speaker_samples_follow_the_edges():
    m = atom("atom_beep")
    m.run(0.4)
    speaker = m.hardware.speaker
    first = m.beeps()[1]
    samples = speaker.samples(first.start, first.end, rate=44100)
    assert samples.dtype == np.int16
    changes = np.count_nonzero(np.diff(np.sign(samples)))
    assert 190 <= changes <= 200                # one sign change per edge (the last ends the span)


def test_port_c_short_path_matches_the_chip():
    from emulator.machines.atom import AtomPPIPage

    m = atom("atom_echo")
    m.run(0.05)                                  # the ROM has set the Atom's mode word
    hw = m.hardware
    page = AtomPPIPage(hw)
    for rept in (False, True):
        hw.keyboard.rept = rept
        for cycle in range(0, 40_000, 97):
            assert page.read(0xB002, cycle) == hw.ppi.read(0xB002, cycle), cycle
    # and the Atom's inputs: FS low in flyback, REPT low when held, the 2.4 kHz tone
    hw.keyboard.rept = False
    flyback = hw.vdg.field_start(1) - 100
    assert hw.ppi.read(0xB002, flyback) & 0xC0 == 0x40
    assert hw.ppi.read(0xB002, hw.vdg.field_start(1)) & 0x80 == 0x80
    tone = [hw.ppi.read(0xB002, c) >> 4 & 1 for c in range(0, 10_000, 13)]
    assert sum(1 for a, b in zip(tone, tone[1:]) if a != b) in (47, 48)   # 24 periods in 10 ms


def test_via_at_b800_fitted_unless_refused():
    assert atom("atom_echo", via=False).memory[0xB803] == 0xB8  # not fitted: open bus
    m = atom("atom_echo")
    m.memory[0xB803] = 0x5A                                     # DDRA, mirrored every 16 bytes
    assert m.memory[0xB803] == 0x5A and m.memory[0xB813] == 0x5A
    m.memory[0xB80E] = 0xC0                                     # IER: enable the T1 interrupt
    m.memory[0xB804] = 0x10                                     # T1 = 16 cycles, one shot
    m.memory[0xB805] = 0x00
    m.run_cycles(100)
    assert m.cpu.irq_lines & 1                                  # the VIA pulls the CPU's IRQ line


def test_the_cpu_stays_in_reset_while_break_is_held():
    m = atom("atom_echo")
    m.run(0.1)
    m.press("BREAK")
    m.run_cycles(1)                      # the press takes effect at once
    before = m.cpu.instructions
    m.run(0.05)
    assert m.cpu.instructions == before and m.cycles >= 150_000
    m.release("BREAK")
    m.run(0.05)
    assert m.cpu.instructions > before
