"""Our BBC MOS (roms/src/bbc/mos) driven through a test language ROM of our own
(emulator/programs/bbc_lang_test.s): a mailbox in the language's zero page that calls OSWRCH, OSBYTE,
OSWORD, OSRDCH and OSCLI, and records BRK errors.  The tests check what the MOS documents:
the screen (screen.text(), screen.rgb()), its variables, the chips' registers."""
from pathlib import Path

import pytest

from emulator.asm import assemble_file
from emulator.session import Machine

ROOT = Path(__file__).resolve().parents[2]
MOS_SOURCE = ROOT / "roms" / "src" / "bbc" / "mos" / "main.s"
ROMS = Path(__file__).resolve().parents[2] / "emulator" / "programs"

CMD, REG_A, REG_X, REG_Y, COUNT = 0x70, 0x71, 0x72, 0x73, 0x74
OUT_A, OUT_X, OUT_Y, OUT_P = 0x75, 0x76, 0x77, 0x78
PARAM, ERRORS, ERR_NUM, ENTERED = 0x79, 0x7B, 0x7C, 0x7D
BUFFER, BLOCK, ERR_TEXT = 0x0900, 0x0A00, 0x0A80
SEEN = 0x0A40


def _rom(path, origin=0x8000, size=0x4000):
    image = assemble_file(str(path), origin=origin).image
    return image + bytes([0xFF]) * (size - len(image))


@pytest.fixture(scope="module")
def mos():
    return _rom(MOS_SOURCE, origin=0xC000)


@pytest.fixture(scope="module")
def language():
    return _rom(ROMS / "bbc_lang_test.s")


@pytest.fixture(scope="module")
def service_rom():
    return _rom(ROMS / "bbc_lang_service.s")


class Beeb:
    """The machine and the test language's mailbox."""

    def __init__(self, roms, boot_seconds=0.3):
        self.m = Machine("bbc", roms=roms)
        self.hw = self.m.hardware
        self.m.run(boot_seconds)

    def command(self, number, a=0, x=0, y=0, max_seconds=20):
        m = self.m
        m.memory[REG_A], m.memory[REG_X], m.memory[REG_Y] = a, x, y
        m.memory[CMD] = number
        for _ in range(int(max_seconds * 100)):
            m.run(0.01)
            if m.memory[CMD] == 0:
                return
        raise AssertionError(f"command {number} did not finish")

    def vdu(self, *items):
        data = b"".join(i.encode("latin-1") if isinstance(i, str) else
                        bytes(i) if isinstance(i, (bytes, list, tuple)) else bytes([i]) for i in items)
        for start in range(0, len(data), 255):
            chunk = data[start:start + 255]
            self.m.memory[BUFFER:BUFFER + len(chunk)] = chunk
            self.m.memory[COUNT] = len(chunk)
            self.command(1)

    def osbyte(self, a, x=0, y=0):
        self.command(2, a, x, y)
        mem = self.m.memory
        return mem[OUT_X], mem[OUT_Y], mem[OUT_P]

    def osword(self, a, block=b""):
        self.m.memory[BLOCK:BLOCK + len(block)] = bytes(block)
        self.command(3, a)
        return self.m.memory

    def osrdch(self):
        self.command(4)
        mem = self.m.memory
        return mem[OUT_A], mem[OUT_P] & 1

    def oscli(self, text):
        data = text.encode() + b"\r"
        self.m.memory[BLOCK:BLOCK + len(data)] = data
        self.command(5)

    @property
    def errors(self):
        return self.m.memory[ERRORS]

    def last_error(self):
        mem = self.m.memory
        text = bytes(mem[ERR_TEXT:ERR_TEXT + 64]).split(b"\0")[0].decode("latin-1")
        return mem[ERR_NUM], text

    def text(self):
        return self.m.screen.text()

    def var(self, address):
        return self.m.memory[address]

    def tap(self, key, hold=0.05, after=0.05):
        self.m.press(key)
        self.m.run(hold)
        self.m.release(key)
        self.m.run(after)


@pytest.fixture
def beeb(mos, language):
    return Beeb({"mos": mos, "rom15": language})


# --- reset, ROMs, language entry ------------------------------------------------------------------

def test_banner_and_language_entry(beeb):
    text = beeb.text()
    assert text[0] == ""                         # a blank first row, as MOS 1.20's
    assert text[1] == "BBC Computer 32K"
    assert text[3] == "TEST"                     # the language's title, printed by the MOS
    assert text[5] == ">"                        # the language's own prompt
    assert beeb.var(ENTERED) == 1                # entered with A=1
    assert beeb.var(0x028C) == 15                # the current language (OSBYTE 252)
    assert beeb.var(0x028D) == 1                 # last BREAK: power on
    assert beeb.var(0x02A1 + 15) == 0xC2         # the ROM type table
    assert all(beeb.var(0x02A1 + slot) == 0 for slot in range(15))
    assert beeb.var(0x0355) == 7                 # MODE 7 by default


def test_no_language_says_so(mos):
    machine = Machine("bbc", roms={"mos": mos})
    machine.run(0.3)
    assert "Language?" in machine.screen.text()


def test_rom_without_copyright_is_ignored(mos, language):
    broken = bytearray(language)
    broken[broken[7] + 1] = ord("X")             # "(C)" spoilt
    machine = Machine("bbc", roms={"mos": mos, "rom15": bytes(broken)})
    machine.run(0.3)
    assert machine.memory[0x02A1 + 15] == 0
    assert "Language?" in machine.screen.text()


def test_service_calls_and_star_commands(mos, language, service_rom):
    beeb = Beeb({"mos": mos, "rom15": language, "rom3": service_rom})
    assert beeb.var(0x02A1 + 3) == 0x82
    for reason in (1, 2, 3):                     # workspace claims and the boot offer at reset
        assert beeb.var(SEEN + reason) == 1
    beeb.oscli("PING")
    assert beeb.var(SEEN + 4) == 1
    assert any("PONG" in row for row in beeb.text())
    assert beeb.errors == 0
    beeb.oscli("HELP")
    assert beeb.var(SEEN + 9) == 1
    assert any("PINGER 1.00" in row for row in beeb.text())
    assert any("OS 1.20" in row for row in beeb.text())
    beeb.oscli("NOTHING")                        # nobody wants it: Bad command
    assert beeb.last_error() == (254, "Bad command")


def test_soft_break_keeps_the_language_and_ctrl_break_is_hard(beeb):
    beeb.m.memory[0x0281] = 0x5A
    beeb.hw.break_key()
    beeb.m.run(0.4)
    assert beeb.var(0x028D) == 0                 # soft BREAK
    assert beeb.var(ENTERED) == 1
    assert beeb.text()[3] == "TEST"
    assert beeb.var(0x0281) == 0x5A              # variables survive a soft BREAK
    beeb.hw.break_key(modifiers=("CTRL",))
    beeb.m.run(0.4)
    assert beeb.var(0x028D) == 2                 # CTRL-BREAK: hard
    assert beeb.var(0x0281) == 0


def test_vectors_and_entry_points(beeb, mos):
    mem = beeb.m.memory
    # &FFB6: the default vector table's length and address; it matches &0200 after reset
    length = mos[0x3FB6]
    table = mos[0x3FB7] | mos[0x3FB8] << 8
    assert length == 0x36
    defaults = mos[table - 0xC000:table - 0xC000 + length]
    assert bytes(mem[0x0200:0x0236]) == defaults[:2] + bytes(mem[0x0202:0x0204]) + defaults[4:]
    assert mem[0x0202] | mem[0x0203] << 8 != defaults[2] | defaults[3] << 8    # the language's BRKV
    # the indirect jumps of the documented entry points
    for entry, vector in ((0xFFEE, 0x20E), (0xFFF4, 0x20A), (0xFFF1, 0x20C), (0xFFF7, 0x208),
                          (0xFFE0, 0x210), (0xFFDD, 0x212), (0xFFCE, 0x21C)):
        assert mos[entry - 0xC000:entry - 0xC000 + 3] == bytes([0x6C, vector & 0xFF, vector >> 8])


def test_wrchv_holds_mos_120s_address(beeb):
    # MOS 1.20's WRCHV default (AUG, the default vector values; read on Acorn's MOS too): programs
    # that call the VDU drivers past their own WRCHV handler take the address from there.
    assert beeb.m.memory.word(0x20E) == 0xE0A4
    beeb.vdu(12)
    beeb.m.memory[PARAM], beeb.m.memory[PARAM + 1] = 0xA4, 0xE0
    beeb.command(6, a=ord("W"))                  # JSR &E0A4 with A = "W"
    assert beeb.text()[0] == "W"


# --- errors and bad input -------------------------------------------------------------------------

def test_brk_error_convention(beeb):
    beeb.osbyte(0, 0)                            # OSBYTE 0, X=0: an error naming the MOS
    assert beeb.last_error() == (0xF7, "OS 1.20")
    assert beeb.var(0x024A) == 15                # the ROM in use at the BRK
    x, _, _ = beeb.osbyte(0, 1)
    assert x == 1                                # X<>0: the version number


def test_unknown_osbyte_osword_and_vdu_are_harmless(beeb):
    _, _, p = beeb.osbyte(50)
    assert p & 0x40                              # V set: not recognised
    _, _, p = beeb.osbyte(0x86)
    assert not p & 0x40
    beeb.osword(0x50, b"\0" * 16)                # unknown OSWORD: nothing happens
    beeb.vdu(23, 5, 1, 2, 3, 4, 5, 6, 7, 8)      # VDU 23,5: ignored, its parameters swallowed
    beeb.vdu("OK")
    assert "OK" in beeb.text()[5]
    assert beeb.errors == 0


def test_star_fx_and_bad_commands(beeb):
    beeb.oscli("FX 151,71,66")                   # OSBYTE 151: write SHEILA &47 (system VIA T1 latch)
    assert beeb.errors == 0
    beeb.oscli("*FX 4,1")
    assert beeb.var(0x027D) == 1
    beeb.oscli("FX")
    assert beeb.last_error() == (254, "Bad command")
    beeb.oscli("FX 50")                          # an OSBYTE nobody knows
    assert beeb.errors == 2
    beeb.oscli("| a comment")
    assert beeb.errors == 2
    beeb.oscli("KEY 99 X")
    assert beeb.last_error() == (251, "Bad key")


def test_no_filing_system(beeb):
    beeb.m.memory[PARAM], beeb.m.memory[PARAM + 1] = 0xDD, 0xFF     # OSFILE
    beeb.command(6, a=0xFF, x=0, y=0x0A)
    assert beeb.last_error() == (0xD6, "No filing system")
    beeb.m.memory[PARAM], beeb.m.memory[PARAM + 1] = 0xDA, 0xFF     # OSARGS 0,0: FS number 0
    beeb.command(6, a=0, x=0, y=0)
    assert beeb.var(OUT_A) == 0
    assert beeb.errors == 1


# --- OSWRCH and the VDU drivers ------------------------------------------------------------------

def test_mode7_text_and_cursor_movement(beeb):
    beeb.vdu(12, "HELLO", 13, 10, "# _ ", 0x60)
    text = beeb.text()
    assert text[0] == "HELLO"
    assert text[1] == "# \u2015 \u00a3"          # as MOS 1.20 maps #, _ and the pound in MODE 7
    beeb.vdu(31, 10, 5, "X", 8, 8, "Y", 11, "U", 10, 10, "D", 30, "H")
    text = beeb.text()
    assert text[0][0] == "H"
    assert text[5][9:11] == "YX"
    assert text[4][10] == "U"
    assert text[6][11] == "D"
    x, y, _ = beeb.osbyte(0x86)
    assert (x, y) == (1, 0)                      # POS, VPOS
    beeb.vdu(31, 3, 3, "ABC", 127)               # DELETE rubs out
    assert beeb.text()[3] == "   AB"
    x, y, _ = beeb.osbyte(0x87)                  # the character at the cursor, the MODE
    assert (x, y) == (ord(" "), 7)
    beeb.vdu(31, 3, 3)
    assert beeb.osbyte(0x87)[0] == ord("A")
    beeb.vdu(31, 200, 3)                         # outside the window: ignored
    assert beeb.osbyte(0x86)[0] == 3


def test_mode7_osbyte135_gives_bytes_from_128_back_as_stored(beeb):
    # Measured on MOS 1.20 (Machine("bbc", roms=Acorn's)): in MODE 7 only &23, &5F and &60 are
    # swapped back; a byte &80-&FF (a control or graphics character) comes back as it is.
    got = []
    for byte in (0x23, 0x5F, 0x60, 0x97, 0xA3, 0xDF, 0xE0, 0xFF):
        beeb.vdu(30)
        beeb.m.memory[0x7C00] = byte
        got.append(beeb.osbyte(0x87)[0])
    assert got == [0x60, 0x23, 0x5F, 0x97, 0xA3, 0xDF, 0xE0, 0xFF]


def test_mode7_scrolls_with_the_6845(beeb):
    beeb.vdu(12, *[f"line {i}\r\n" for i in range(30)])
    text = beeb.text()
    assert text[0] == "line 6"
    assert text[23] == "line 29"
    assert text[24] == ""
    start = beeb.hw.crtc.start_address
    assert start == 0x2800 + 6 * 40              # hardware scrolling: the start address moved


@pytest.mark.parametrize("mode, columns, rows, start", [
    (0, 80, 32, 0x3000), (1, 40, 32, 0x3000), (2, 20, 32, 0x3000), (3, 80, 25, 0x4000),
    (4, 40, 32, 0x5800), (5, 20, 32, 0x5800), (6, 40, 25, 0x6000), (7, 40, 25, 0x7C00)])
def test_every_mode_layout_text_and_scrolling(beeb, mode, columns, rows, start):
    beeb.vdu(22, mode)
    assert beeb.var(0x0355) == mode
    _, himem, _ = beeb.osbyte(0x84)
    assert himem << 8 == start                   # OSBYTE 132: HIMEM for the MODE
    assert beeb.osbyte(0x85, mode)[1] << 8 == start
    assert beeb.hw.ula.control == {0: 0x9C, 1: 0xD8, 2: 0xF4, 3: 0x9C, 4: 0x88, 5: 0xC4,
                                   6: 0x88, 7: 0x4B}[mode]
    assert beeb.hw.crtc.registers[1] == columns * {0: 1, 1: 2, 2: 4, 3: 1, 4: 1, 5: 2, 6: 1, 7: 1}[mode] or mode in (0, 3)
    text = beeb.text()
    assert len(text) == rows
    beeb.vdu("Hello, World! 0123456789 xyz")
    assert beeb.text()[0] == "Hello, World! 0123456789 xyz"[:columns]
    beeb.vdu(31, columns - 1, 1, "E", "N")       # the last column, then on to the next line
    text = beeb.text()
    assert text[1].endswith("E") and len(text[1]) == columns
    assert text[2] == "N"
    beeb.vdu(12, *[f"row {i}\r\n" for i in range(rows + 5)])
    text = beeb.text()
    assert text[0] == "row 6"
    assert text[rows - 2] == f"row {rows + 4}"
    assert text[rows - 1] == ""
    mem = beeb.m.memory                          # CLS: all the screen memory and nothing below it
    mem[start - 0x100:0x8000] = bytes([0xAA]) * (0x8100 - start)
    beeb.vdu(12)
    assert bytes(mem[start:0x8000]) == bytes([0x20 if mode == 7 else 0]) * (0x8000 - start)
    assert bytes(mem[start - 0x100:start]) == bytes([0xAA]) * 0x100


def test_text_window_scrolls_inside_itself(beeb):
    beeb.vdu(12, "OUTSIDE", 28, 5, 12, 20, 8)    # left 5, bottom 12, right 20, top 8
    assert [beeb.var(0x0308 + i) for i in range(4)] == [5, 12, 20, 8]
    beeb.vdu(*[f"w{i}\r\n" for i in range(8)])
    text = beeb.text()
    assert text[0] == "OUTSIDE"
    assert [row[5:] for row in text[8:13]] == ["w4", "w5", "w6", "w7", ""]
    beeb.vdu(12)                                 # CLS clears only the window
    assert beeb.text()[0] == "OUTSIDE"
    assert all(row == "" for row in beeb.text()[8:13])
    beeb.vdu(28, 30, 5, 10, 2)                   # right < left: ignored
    assert beeb.var(0x0308) == 5
    beeb.vdu(26, 30, "home")
    assert beeb.text()[0] == "homeIDE"


def _picture(beeb):
    """The picture a field on: a palette or MODE change shows from the scan line it is made on, so
    the field it is made in is drawn partly before it (emulator/display/bbc_raster.py)."""
    beeb.m.run(0.02)
    return beeb.m.screen.rgb()


def test_colours_and_palette(beeb):
    beeb.vdu(22, 1, 17, 129, 12)                 # COLOUR 129: background red; CLS
    rgb = _picture(beeb)
    assert tuple(rgb[100, 100]) == (255, 0, 0)
    beeb.vdu(19, 1, 4, 0, 0, 0)                  # logical 1 shows blue
    rgb = _picture(beeb)
    assert tuple(rgb[100, 100]) == (0, 0, 255)
    block = beeb.osword(11, b"\x01" + b"\0" * 4)
    assert block[BLOCK + 1] == 4                 # OSWORD 11 reads it back
    beeb.osword(12, bytes([1, 2, 0, 0, 0]))      # OSWORD 12: logical 1 green
    assert tuple(_picture(beeb)[100, 100]) == (0, 255, 0)
    beeb.vdu(20, 12)                             # default colours: black background
    assert tuple(_picture(beeb)[100, 100]) == (0, 0, 0)
    beeb.vdu(17, 2, "Yellow")                    # text in colour 2 reads back
    assert beeb.text()[0] == "Yellow"
    assert beeb.osbyte(0x87)[0] == ord(" ")


def test_user_defined_characters_and_cursor_control(beeb):
    beeb.vdu(23, 224, 0x18, 0x3C, 0x7E, 0xFF, 0xFF, 0x7E, 0x3C, 0x18)
    block = beeb.osword(10, bytes([224]) + bytes(8))
    assert bytes(block[BLOCK + 1:BLOCK + 9]) == bytes([0x18, 0x3C, 0x7E, 0xFF, 0xFF, 0x7E, 0x3C, 0x18])
    block = beeb.osword(10, bytes([ord("A")]) + bytes(8))
    assert bytes(block[BLOCK + 1:BLOCK + 9]) == beeb.hw.mos_rom[(0x41 - 0x20) * 8:(0x41 - 0x20) * 8 + 8]
    beeb.vdu(22, 4, 224)
    beeb.vdu(31, 0, 0)
    assert beeb.osbyte(0x87)[0] == 224
    beeb.vdu(23, 1, 0, 0, 0, 0, 0, 0, 0, 0)      # cursor off
    assert beeb.hw.crtc.registers[10] & 0x60 == 0x20
    beeb.vdu(23, 1, 1, 0, 0, 0, 0, 0, 0, 0)
    assert beeb.hw.crtc.registers[10] == 0x67


def test_vdu21_disables_and_vdu6_enables(beeb):
    beeb.vdu(12, 21, "HIDDEN", 17, 1, 6, "SHOWN")
    assert beeb.text()[0] == "SHOWN"
    x, _, _ = beeb.osbyte(117)
    assert not x & 0x80


def test_plot_lines_points_and_triangles(beeb):
    beeb.vdu(22, 4)
    beeb.vdu(25, 4, 0, 0, 0, 0)                  # MOVE 0,0
    beeb.vdu(25, 5, 0xFF, 0x04, 0xFF, 0x03)      # DRAW 1279,1023
    rgb = beeb.m.screen.rgb()
    assert tuple(rgb[511, 0]) == (255, 255, 255)     # bottom-left
    assert tuple(rgb[0, 639]) == (255, 255, 255)     # top-right
    assert tuple(rgb[100, 500]) == (0, 0, 0)

    def point(x, y):
        block = beeb.osword(9, bytes([x & 255, x >> 8, y & 255, y >> 8, 0]))
        return block[BLOCK + 4]

    assert point(640, 512) == 1                  # the middle
    assert point(640, 100) == 0
    assert point(2000, 100) == 0xFF              # off the screen
    beeb.vdu(25, 69, 100, 0, 0x20, 3)            # PLOT 69: a point at 100,800
    assert point(100, 800) == 1
    beeb.vdu(16)                                 # CLG
    assert point(640, 512) == 0
    # a filled triangle: MOVE 100,100; MOVE 700,100; PLOT 85,400,700
    beeb.vdu(25, 4, 100, 0, 100, 0, 25, 4, 0xBC, 2, 100, 0, 25, 85, 0x90, 1, 0xBC, 2)
    assert point(400, 300) == 1
    assert point(400, 650) == 1
    assert point(150, 600) == 0
    assert point(400, 80) == 0
    beeb.vdu(18, 0, 0)                           # GCOL 0,0: plot in black
    beeb.vdu(25, 69, 0x90, 1, 0x2C, 1)
    assert point(400, 300) == 0


def test_graphics_window_and_origin(beeb):
    beeb.vdu(22, 1, 24, 0, 0, 0, 0, 0xFF, 1, 0xFF, 1)    # graphics window 0,0 - 511,511
    beeb.vdu(18, 0, 129, 16)                              # CLG in colour 1
    rgb = beeb.m.screen.rgb()
    assert tuple(rgb[500, 10]) == (255, 0, 0)
    assert tuple(rgb[10, 10]) == (0, 0, 0)                # above the window
    beeb.vdu(29, 0, 2, 0, 2)                              # origin 512,512
    block = beeb.osword(9, bytes([0xF6, 0xFF, 0xF6, 0xFF, 0]))   # POINT(-10,-10)
    assert block[BLOCK + 4] == 1


def test_vdu5_text_at_the_graphics_cursor(beeb):
    beeb.vdu(22, 4, 5, 25, 4, 0, 0, 0xFF, 3, "AB", 4)
    text = beeb.text()
    assert text[0] == "AB"


# --- keyboard ------------------------------------------------------------------------------------

def test_line_input_with_delete_and_escape(beeb):
    beeb.m.type("hello wurld\x7f\x7f\x7f\x7fORLD\r")
    block = beeb.osword(0, bytes([0x00, 0x0B, 40, 32, 126]))
    length = beeb.var(OUT_Y)
    assert bytes(block[0x0B00:0x0B00 + length + 1]) == b"hello wORLD\r"
    assert not beeb.var(OUT_P) & 1
    assert "hello wORLD" in beeb.text()[5]
    beeb.m.type("ab\x1b")
    beeb.osword(0, bytes([0x00, 0x0B, 40, 32, 126]))
    assert beeb.var(OUT_P) & 1                   # C set: ESCAPE
    assert beeb.var(0xFF) & 0x80
    x, _, _ = beeb.osbyte(126)                   # acknowledge
    assert x == 0xFF and beeb.var(0xFF) == 0


def test_line_input_limits(beeb):
    beeb.m.type("abcdefgh\r")
    block = beeb.osword(0, bytes([0x00, 0x0B, 4, 32, 126]))
    assert beeb.var(OUT_Y) == 4
    assert bytes(block[0x0B00:0x0B05]) == b"abcd\r"


def test_modifiers_and_locks(beeb):
    beeb.tap("A")
    beeb.m.press("SHIFT")
    beeb.tap("A")
    beeb.tap("1")
    beeb.m.release("SHIFT")
    beeb.m.press("CTRL")
    beeb.tap("G")
    beeb.m.release("CTRL")
    assert beeb.hw.caps_lock_led
    beeb.tap("CAPS LOCK")                        # CAPS LOCK off
    assert not beeb.hw.caps_lock_led
    beeb.tap("A")
    beeb.tap("SHIFT LOCK")
    assert beeb.hw.shift_lock_led
    beeb.tap("A")
    beeb.tap("2")
    got = [beeb.osrdch()[0] for _ in range(7)]
    # SHIFT A with CAPS LOCK on is a capital on MOS 1.20 (run on Acorn's ROMs)
    assert got == [ord("A"), ord("A"), ord("!"), 7, ord("a"), ord("A"), ord('"')]


def test_inkey_positive_and_negative(beeb):
    x, y, _ = beeb.osbyte(129, 20, 0)            # INKEY(20): nothing in 0.2 s
    assert y == 0xFF
    beeb.m.press("Q")
    x, y, _ = beeb.osbyte(129, 0xFF - 0x10, 0xFF)    # INKEY(-17): Q
    assert (x, y) == (0xFF, 0xFF)
    x, y, _ = beeb.osbyte(129, 0xFF - 0x41, 0xFF)    # INKEY(-66): A is up
    assert (x, y) == (0, 0)
    beeb.m.run(0.05)
    beeb.m.release("Q")
    beeb.m.run(0.05)
    x, y, _ = beeb.osbyte(129, 100, 0)
    assert (x, y) == (ord("Q"), 0)
    assert beeb.osbyte(129, 0, 0xFF)[:2] == (0xFF, 0xFF)    # INKEY(-256): MOS 1.20 gives &FF, &FF
    x, _, _ = beeb.osbyte(121, 0x10 | 0x80)      # OSBYTE 121: Q is up
    assert x == 0x10


def test_auto_repeat_and_flush(beeb):
    beeb.m.press("B")
    beeb.m.run(1.0)
    beeb.m.release("B")
    beeb.m.run(0.05)
    x, _, _ = beeb.osbyte(128, 0xFF)             # ADVAL(-1): characters waiting
    assert 7 <= x <= 9                           # 1 + (100 - 50) / 8 repeats
    beeb.osbyte(15, 1)
    assert beeb.osbyte(128, 0xFF)[0] == 0
    beeb.osbyte(11, 0)                           # *FX11,0: no auto-repeat
    beeb.m.press("B")
    beeb.m.run(1.0)
    beeb.m.release("B")
    beeb.m.run(0.05)
    assert beeb.osbyte(128, 0xFF)[0] == 1


def test_function_keys_and_buffer_insertion(beeb):
    beeb.oscli('KEY 1 RUN|M')
    beeb.oscli("KEY 2 X|!A")
    beeb.tap("F1")
    beeb.tap("F2")
    got = [beeb.osrdch()[0] for _ in range(6)]
    assert got == [ord("R"), ord("U"), ord("N"), 13, ord("X"), 0xC1]
    beeb.oscli("KEY 1 LONGER")                   # redefining moves the others
    beeb.tap("F2")
    beeb.tap("F1")
    got = [beeb.osrdch()[0] for _ in range(8)]
    assert bytes(got) == b"X\xc1LONGER"
    beeb.osbyte(138, 0, ord("Z"))                # OSBYTE 138: into the keyboard buffer
    assert beeb.osrdch() == (ord("Z"), 0)
    beeb.osbyte(4, 1)                            # *FX4,1: the arrows give codes
    beeb.tap("LEFT")
    assert beeb.osrdch()[0] == 0x88


def test_escape_and_its_acknowledgement(beeb):
    beeb.tap("ESCAPE")
    assert beeb.var(0xFF) == 0x80
    assert beeb.osrdch() == (0x1B, 1)
    x, _, _ = beeb.osbyte(126)
    assert x == 0xFF
    beeb.osbyte(229, 1)                          # *FX229,1: ESCAPE is an ordinary key
    beeb.tap("ESCAPE")
    assert beeb.var(0xFF) == 0
    assert beeb.osrdch() == (0x1B, 0)


# --- OSBYTE variables, TIME, sound -----------------------------------------------------------------

def test_osbyte_variables(beeb):
    x, y, _ = beeb.osbyte(0xFC, 0, 0xFF)         # read the language ROM
    assert x == 15
    beeb.osbyte(0xF1, 0x42, 0)                   # write the user flag
    assert beeb.var(0x0281) == 0x42
    x, _, _ = beeb.osbyte(1, 7)                  # OSBYTE 1: the same variable
    assert x == 0x42 and beeb.var(0x0281) == 7
    x, y, _ = beeb.osbyte(0xA0, 0x08)            # VDU variable: text window left, bottom
    assert (x, y) == (0, 24)
    x, y, _ = beeb.osbyte(0x83)
    assert (x, y) == (0, 0x0E)                   # OSHWM
    x, y, _ = beeb.osbyte(0xA8, 0, 0xFF)         # the address of the ROM pointer table
    assert (x, y) == (0x9F, 0x0D)


def test_time_runs_at_100hz_and_can_be_set(beeb):
    beeb.osword(2, bytes([0x10, 0x27, 0, 0, 0]))        # TIME = 10000
    beeb.m.run(0.5)
    block = beeb.osword(1, bytes(5))
    time = int.from_bytes(bytes(block[BLOCK:BLOCK + 5]), "little")
    assert 10048 <= time <= 10056


def test_the_adc_converts_its_channels_in_turn(beeb):
    # AUG OSBYTE 16/17 and ADVAL: each 12-bit conversion takes 10 ms (the uPD7002); channel X first
    # (OSBYTE 17), then down from the highest selected; ADVAL(0)'s Y is the channel converted last,
    # 0 until the forced one ends.  MOS 1.20 runs the same round (measured: 2, 1, 4, 3, 2, ...).
    beeb.hw.adc.inputs[0] = 0xABC
    beeb.osbyte(17, 2)
    last = []                                   # ADVAL(0)'s Y as it changes (&02BE, AUG)
    for _ in range(55):
        beeb.m.run(0.001)
        if not last or last[-1] != beeb.var(0x02BE):
            last.append(beeb.var(0x02BE))
    assert [n for n in last if n][:5] == [2, 1, 4, 3, 2]
    assert beeb.osbyte(128, 1)[:2] == (0xC0, 0xAB)      # channel 1: X low byte, Y high byte
    assert beeb.osbyte(16, 0)[0] == 4                     # four channels; now none
    beeb.m.run(0.02)
    stopped = beeb.osbyte(128, 0)[1]
    beeb.m.run(0.05)
    assert beeb.osbyte(128, 0)[1] == stopped == 1         # the round ends after channel 1


def test_sound_and_envelope(beeb):
    sound = beeb.hw.sound
    # SOUND 1,-15,89,10: channel 1 is the chip's tone channel 2; pitch 89 is 440 Hz
    beeb.osword(7, bytes([1, 0, 0xF1, 0xFF, 89, 0, 10, 0]))
    beeb.m.run(0.05)
    assert sound.attenuation[2] == 0
    assert sound.tone[2] == 284                  # 4 MHz / (32 * 440)
    beeb.m.run(0.6)                              # half a second later it has finished
    assert sound.attenuation[2] == 15
    # ENVELOPE 1: attack to 126 in 2 steps; SOUND 2,1,100,20
    beeb.osword(8, bytes([1, 1, 0, 0, 0, 0, 0, 0, 63, 0, 0, 0x81, 126, 126]))
    beeb.osword(7, bytes([2, 0, 1, 0, 100, 0, 20, 0]))
    beeb.m.run(0.1)
    assert sound.attenuation[1] == 0             # 126 -> attenuation 0
    beeb.osword(7, bytes([0x12, 0, 0xF1, 0xFF, 100, 0, 0xFF, 0]))   # flush: replaces it at once
    beeb.m.run(0.05)
    assert sound.attenuation[1] == 0
    beeb.osbyte(15, 0)                           # flush everything: silence
    assert sound.attenuation[1] == 15
    beeb.vdu(7)                                  # the bell, on channel 3 (the chip's 0)
    beeb.m.run(0.05)
    assert sound.attenuation[0] == 0



def test_every_sound_pitch_gives_its_period(beeb):
    # User Guide, SOUND: pitch 89 is 440 Hz, 48 steps an octave; the chip's period is 4 MHz / (32 f),
    # at most 1023 (pitch 0).  The MOS keeps one octave and halves it per octave: all 256 checked.
    def period(pitch):
        return min(1023, round(4_000_000 / (32 * 440 * 2 ** ((pitch - 89) / 48))))

    sound = beeb.hw.sound
    played = {}
    for first in range(0, 256, 3):
        pitches = range(first, min(first + 3, 256))
        for channel, pitch in enumerate(pitches, 1):  # SOUND &1n,-15,pitch,255: at once, until flushed
            beeb.osword(7, bytes([0x10 | channel, 0, 0xF1, 0xFF, pitch, 0, 255, 0]))
        beeb.m.run(0.02)
        for channel, pitch in enumerate(pitches, 1):
            played[pitch] = sound.tone[3 - channel]  # channel n is the chip's tone channel 3 - n
    assert played == {pitch: period(pitch) for pitch in range(256)}


def test_copy_key_editing(beeb):
    beeb.vdu(12, "PRINT 42\r\n")
    beeb.m.type("A")
    beeb.m.run(0.2)
    beeb.tap("UP")                               # the editing cursor to the line above
    for _ in range(4):
        beeb.tap("COPY")
    beeb.tap("RIGHT")
    beeb.tap("COPY")
    beeb.m.type("\r")
    block = beeb.osword(0, bytes([0x00, 0x0B, 40, 32, 126]))
    assert bytes(block[0x0B00:0x0B07]) == b"ARINTA\r"[:5] + b"4\r"
    assert beeb.text()[1] == "ARINT4"


def test_paged_mode_waits_for_shift(beeb):
    beeb.vdu(12, 14)
    data = b"".join(b"p%d\r\n" % i for i in range(30))
    beeb.m.memory[BUFFER:BUFFER + len(data)] = data
    beeb.m.memory[COUNT] = len(data)
    beeb.m.memory[CMD] = 1
    beeb.m.run(0.5)
    assert beeb.m.memory[CMD] == 1               # still printing: waiting after a page
    text = beeb.text()
    assert text[0] == "p0"                       # nothing scrolled away unseen
    beeb.m.press("SHIFT")
    beeb.m.run(0.3)
    beeb.m.release("SHIFT")
    assert beeb.m.memory[CMD] == 0
    assert beeb.text()[23] == "p29"
    beeb.vdu(15)


def test_events_vsync_and_interval_timer(beeb):
    mem = beeb.m.memory
    # an event handler of our own at &0A60: count event 4 at &7E, event 5 at &7F
    mem[0x0A60:0x0A6E] = bytes([0xC9, 0x04, 0xD0, 0x03, 0xE6, 0x7E, 0x60,     # CMP #4; BNE +3; INC &7E; RTS
                                0xC9, 0x05, 0xD0, 0x02, 0xE6, 0x7F, 0x60])    # CMP #5; BNE +2; INC &7F; RTS
    mem[0x0A6E] = 0x60
    mem[0x0220], mem[0x0221] = 0x60, 0x0A
    mem[0x7E] = mem[0x7F] = 0
    x, _, _ = beeb.osbyte(14, 4)                 # enable the VSYNC event
    assert x == 0
    beeb.m.run(1.0)
    assert 48 <= mem[0x7E] <= 52                 # 50 fields a second
    beeb.osbyte(13, 4)
    count = mem[0x7E]
    beeb.m.run(0.2)
    assert mem[0x7E] == count
    # the interval timer: -10 cs, event 5 when it reaches zero
    beeb.osword(4, (2 ** 40 - 10).to_bytes(5, "little"))
    beeb.osbyte(14, 5)
    beeb.m.run(0.2)
    assert mem[0x7F] == 1


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_random_vdu_streams_never_crash(beeb, seed):
    import random
    rng = random.Random(seed)
    data = bytearray()
    for _ in range(600):
        r = rng.random()
        if r < 0.5:
            data.append(rng.randrange(32, 256))
        elif r < 0.9:
            data.append(rng.randrange(0, 32))
        else:
            data.append(rng.randrange(256))
    beeb.vdu(bytes(data))
    beeb.osbyte(218, 0, 0)                       # empty the VDU queue
    beeb.vdu(6, 15, 4, 26, 22, 7, 12, "ALIVE")
    assert beeb.text()[0] == "ALIVE"
    assert beeb.errors == 0


@pytest.mark.parametrize("mode, seed", [(1, 11), (2, 12), (4, 13)])
def test_random_graphics_never_crash(beeb, mode, seed):
    import random
    rng = random.Random(seed)
    data = bytearray([22, mode])
    for _ in range(150):
        r = rng.random()
        if r < 0.6:
            x, y = rng.randrange(-200, 1500), rng.randrange(-200, 1200)
            data += bytes([25, rng.randrange(256), x & 255, (x >> 8) & 255, y & 255, (y >> 8) & 255])
        elif r < 0.7:
            data += bytes([18, rng.randrange(5), rng.randrange(256)])
        elif r < 0.8:
            data += bytes([24, *rng.randbytes(8)])
        elif r < 0.9:
            data += bytes([29, *rng.randbytes(4)])
        else:
            data += bytes([rng.choice([5, 4, 16, 26, 8, 9, 10, 11, 127]), rng.randrange(32, 127)])
    beeb.vdu(bytes(data))
    beeb.osbyte(218, 0, 0)                       # empty the VDU queue, as BASIC does after an error
    beeb.vdu(4, 26, 22, 7, "ALIVE")
    assert beeb.text()[0] == "ALIVE"


def test_plot_dotted_lines_last_points_and_fills(beeb):
    def point(x, y):
        block = beeb.osword(9, bytes([x & 255, x >> 8, y & 255, y >> 8, 0]))
        return block[BLOCK + 4]

    beeb.vdu(22, 4)
    beeb.vdu(25, 4, 0, 0, 0xF4, 1, 25, 21, 200, 0, 0xF4, 1)     # MOVE 0,500; PLOT 21: dotted
    dots = [point(x, 500) for x in range(0, 200, 4)]
    assert dots == [1, 0] * 25
    # PLOT 13 and 14, the last point "left out": MOS 1.20 plots it once more after the line, so it
    # is there in the foreground colour (GCOL 0) and left out when inverting
    beeb.vdu(25, 4, 0, 0, 0, 0, 25, 13, 40, 0, 0, 0)
    assert point(36, 0) == 1 and point(40, 0) == 1
    beeb.vdu(25, 4, 0, 0, 8, 0, 25, 14, 40, 0, 8, 0)
    assert point(36, 8) == 1 and point(40, 8) == 0
    # two upright lines, then PLOT 77 between them: fill left and right over the background
    beeb.vdu(25, 4, 100, 0, 0x90, 1, 25, 5, 100, 0, 0x58, 2)
    beeb.vdu(25, 4, 44, 1, 0x90, 1, 25, 5, 44, 1, 0x58, 2)
    beeb.vdu(25, 77, 200, 0, 0x08, 2)                           # at 200,520
    assert [point(x, 520) for x in (96, 100, 104, 200, 296, 300, 304)] == [0, 1, 1, 1, 1, 1, 0]
    beeb.vdu(18, 0, 0, 25, 93, 104, 0, 0x08, 2)                # PLOT 93 in black: right to background
    assert [point(x, 520) for x in (100, 104, 200, 300, 304)] == [1, 0, 0, 0, 0]


def test_sound_synchronisation_and_hold(beeb):
    sound = beeb.hw.sound
    # SOUND &101,-15,100,5 waits for one other channel with S=1: nothing plays yet
    beeb.osword(7, bytes([1, 1, 0xF1, 0xFF, 100, 0, 5, 0]))
    beeb.m.run(0.1)
    assert sound.attenuation[2] == 15
    beeb.osword(7, bytes([2, 1, 0xF6, 0xFF, 120, 0, 5, 0]))     # SOUND &102,-10,120,5: both start
    beeb.m.run(0.05)
    assert sound.attenuation[2] == 0 and sound.attenuation[1] == 5
    beeb.m.run(0.5)
    assert sound.attenuation[2] == 15 and sound.attenuation[1] == 15
    # a held note (&1003) after an ordinary one: its own amplitude and pitch are ignored
    beeb.osword(7, bytes([3, 0, 0xF1, 0xFF, 50, 0, 2, 0]))
    beeb.osword(7, bytes([3, 0x10, 0xF1, 0xFF, 200, 0, 4, 0]))
    beeb.m.run(0.05)
    tone = sound.tone[0]
    beeb.m.run(0.15)
    assert sound.tone[0] == tone                 # still the first note's pitch
    assert beeb.var(0x0804 + 3 * 16) != 0        # the held note is playing out its duration (SND_STATE)


def test_a_foreign_system_via_interrupt_goes_to_irq2v(beeb):
    # system VIA T2 is not one of the MOS's interrupts: it goes on to IRQ2V, where a handler of
    # ours clears it (the MOS must neither hang nor take it for a key).
    mem = beeb.m.memory
    handler = bytes([0xAD, 0x48, 0xFE,          # LDA &FE48 (clears T2's flag)
                     0xE6, 0x7E,                # INC &7E
                     0xA5, 0xFC,                # LDA &FC (A as the interrupt found it)
                     0x40])                     # RTI
    mem[0x0A60:0x0A60 + len(handler)] = handler
    mem[0x7E] = 0
    mem[0x0206], mem[0x0207] = 0x60, 0x0A
    beeb.osbyte(151, 0x4E, 0xA0)                 # IER: enable T2
    beeb.osbyte(151, 0x48, 0x10)                 # T2 = &0010
    beeb.osbyte(151, 0x49, 0x00)
    beeb.m.run(0.05)
    assert mem[0x7E] == 1
    beeb.vdu("STILL HERE")
    assert "STILL HERE" in beeb.text()[5]



def test_osbyte_150_and_151_read_and_write_sheila(beeb):
    # AUG, OSBYTE &96/&97: X the offset in &FE00-&FEFF, Y the byte written / read back
    beeb.osbyte(151, 0x63, 0x5A)                 # the user VIA's DDRA
    assert beeb.osbyte(150, 0x63)[1] == 0x5A
    beeb.osbyte(151, 0x63, 0xA5)
    assert beeb.osbyte(150, 0x63)[1] == 0xA5

def test_triangle_with_vertices_off_the_screen(beeb):
    def point(x, y):
        block = beeb.osword(9, bytes([x & 255, x >> 8, y & 255, y >> 8, 0]))
        return block[BLOCK + 4]

    def coords(x, y):
        return [x & 255, (x >> 8) & 255, y & 255, (y >> 8) & 255]

    beeb.vdu(22, 4, 25, 4, *coords(0, -2000), 25, 4, *coords(1279, -2000), 25, 85, *coords(640, 3000))
    assert point(640, 512) == 1
    assert point(640, 1000) == 1
    assert point(300, 0) == 1
    assert point(10, 1000) == 0                  # outside the left edge (x = 640 - 640 * 3000/5000 there)
    assert point(1270, 1000) == 0


def test_printer_and_null_codes(beeb):
    beeb.vdu(12, 0, "A", 1, ord("X"), "B", 27, "C", 2)
    assert beeb.text()[0] == "ABC"               # VDU 0 and 27 do nothing; VDU 1's byte is the printer's
    assert beeb.osbyte(117)[0] & 1               # VDU 2: printer on (nothing is printed: none fitted)
    beeb.vdu(3)
    assert not beeb.osbyte(117)[0] & 1
    beeb.vdu(22, 1, 5, "G", 4, "T")              # VDU 5 / VDU 4 switch where text goes
    assert beeb.text()[0] == "T"


def test_lines_are_clipped_to_the_window(beeb):
    def point(x, y):
        block = beeb.osword(9, bytes([x & 255, x >> 8, y & 255, y >> 8, 0]))
        return block[BLOCK + 4]

    def coords(x, y):
        return [x & 255, (x >> 8) & 255, y & 255, (y >> 8) & 255]

    beeb.vdu(22, 4)
    start = beeb.m.cycles
    beeb.vdu(25, 4, *coords(-20000, 512), 25, 5, *coords(20000, 512))      # across, far each way
    beeb.vdu(25, 4, *coords(-10000, -10000), 25, 5, *coords(10000, 10000))  # a diagonal through 0,0
    assert beeb.m.cycles - start < 2_000_000     # under a second: only the visible part is stepped
    assert point(0, 512) == 1 and point(640, 512) == 1 and point(1276, 512) == 1
    assert point(400, 400) == 1 and point(1000, 1000) == 1
    assert point(400, 440) == 0


# --- KEYV, *TV, font explosion --------------------------------------------------------------------

KEYV = 0x0228
SPY = 0x1100            # our KEYV interceptor, above OSHWM (the test language uses no memory there)
SPY_SOURCE = """
        .org $1100
old_keyv = $11F0        ; KEYV's previous value
counts   = $11F2        ; calls seen: key interrupt, poll, SHIFT/CTRL test, scan
block    = $11F6        ; non-zero: the centisecond polls are kept from the MOS
spy:    php
        php
        pla
        and #$41        ; V and C: which of the four calls this is
        cmp #$40
        bne @n1
        inc counts
@n1:    cmp #$41
        bne @n2
        inc counts+1
        ldy block
        beq @n2
        plp
        rts             ; the poll swallowed: the MOS never sees the key
@n2:    cmp #$00
        bne @n3
        inc counts+2
@n3:    cmp #$01
        bne @pass
        inc counts+3
@pass:  plp
        jmp (old_keyv)
install:                ; KEYV -> spy, keeping the old value to pass the calls on
        sei
        lda $0228
        sta old_keyv
        lda $0229
        sta old_keyv+1
        lda #<spy
        sta $0228
        lda #>spy
        sta $0229
        cli
        rts
"""


def test_keyboard_goes_through_keyv(beeb):
    from emulator.asm import assemble
    program = assemble(SPY_SOURCE, origin=SPY)
    mem = beeb.m.memory
    image = program.image
    mem[SPY:SPY + len(image)] = image
    install = program.symbols["install"]
    mem[0x11F2:0x11F7] = bytes(5)
    mem[PARAM], mem[PARAM + 1] = install & 255, install >> 8
    beeb.command(6)
    assert mem[KEYV] | mem[KEYV + 1] << 8 == SPY
    beeb.m.run(0.1)
    polls_before = mem[0x11F3]
    assert polls_before >= 5                     # the centisecond poll goes through KEYV
    beeb.tap("K")
    assert mem[0x11F2] >= 1                      # the key-pressed interrupt did too
    assert beeb.osrdch() == (ord("K"), 0)        # and the key still arrives
    beeb.osbyte(121, 0x10 | 0x80)                # OSBYTE &79: a scan, C set and V clear
    assert mem[0x11F5] >= 1
    beeb.osbyte(118)                             # OSBYTE &76: the SHIFT/CTRL test
    assert mem[0x11F4] >= 1
    beeb.m.press("SHIFT")
    beeb.m.run(0.05)
    x, _, _ = beeb.osbyte(118)
    assert x & 0xC0 == 0x40                      # SHIFT down, CTRL up
    beeb.m.release("SHIFT")
    beeb.m.run(0.05)
    # the interceptor changes what the MOS gets: with the polls swallowed no key arrives
    mem[0x11F6] = 1
    beeb.tap("J")
    assert beeb.osbyte(129, 0, 0)[1] == 0xFF     # INKEY(0): nothing
    mem[0x11F6] = 0
    beeb.tap("L")
    assert beeb.osbyte(129, 10, 0)[:2] == (ord("L"), 0)


def test_tv_adjusts_the_next_mode(beeb):
    beeb.vdu(22, 1)
    assert beeb.hw.crtc.registers[7] == 35 and beeb.hw.crtc.registers[8] & 1 == 1   # MOS 1.20's 35
    beeb.oscli("TV 255,1")                       # one row down (R7 - 1), interlace off
    assert beeb.hw.crtc.registers[7] == 35       # only at the next MODE change
    assert beeb.osbyte(144, 255, 1)[:2] == (255, 1)      # OSBYTE &90 gives the old values back
    beeb.vdu(22, 1, 17, 129, 12)
    registers = beeb.hw.crtc.registers
    assert registers[7] == 34
    assert registers[8] & 1 == 0
    assert tuple(beeb.m.screen.rgb()[256, 320]) == (255, 0, 0)     # the picture still renders
    beeb.oscli("TV 2,0")
    beeb.vdu(22, 7, "Teletext")
    assert beeb.hw.crtc.registers[7] == 28 + 2
    assert beeb.hw.crtc.registers[8] == 0x93     # interlace sync and video
    assert beeb.text()[0] == "Teletext"


def _glyph_rows(beeb, column=0, row=0):
    """MODE 4's character cell at (column, row) as 8 bytes, from the rendered picture."""
    rgb = _picture(beeb)
    cell = rgb[row * 16:(row + 1) * 16:2, column * 16:(column + 1) * 16:2, 0]
    return [int("".join("1" if v else "0" for v in line), 2) for line in cell]


def test_font_explosion_lets_vdu23_redefine_letters(beeb):
    oshwm = beeb.osbyte(0x83)[:2]
    assert oshwm == (0x00, 0x0E)
    shape = [0x18, 0x3C, 0x66, 0xFF, 0xFF, 0x66, 0x3C, 0x18]
    beeb.vdu(22, 4, 23, ord("A"), *shape, "A")
    assert _glyph_rows(beeb) != shape            # imploded: &20-&7F stay the ROM's
    rom_a = _glyph_rows(beeb)
    x, y, _ = beeb.osbyte(20, 6)                 # explode: 6 pages, &20-&FF definable
    assert y == 0x0E + 6 and x == 0xFF           # the new OSHWM; no ROM claimed service &11
    assert beeb.osbyte(0x83)[:2] == (0x00, 0x0E + 6)
    beeb.vdu(12, "A")
    assert _glyph_rows(beeb) == rom_a            # the ROM's shape, now copied into RAM
    beeb.vdu(23, ord("A"), *shape, 12, "A", 23, 0xE1, *shape[::-1], 0xE1)
    assert _glyph_rows(beeb) == shape
    assert _glyph_rows(beeb, column=1) == shape[::-1]
    assert beeb.osword(10, bytes([ord("A")]) + bytes(8))[BLOCK + 1:BLOCK + 9] == bytes(shape)
    beeb.vdu(30)
    assert beeb.osbyte(0x87)[0] == ord("A")      # OSBYTE &87 reads the new shape back as A
    beeb.osbyte(20, 0)                           # implode: OSHWM back, &20-&7F the ROM's again
    assert beeb.osbyte(0x83)[:2] == (0x00, 0x0E)
    beeb.vdu(12, "A")
    assert _glyph_rows(beeb) == rom_a


def test_caps_lock_keeps_letters_capital_with_shift():
    # MOS 1.20 (run on Acorn's ROMs): with CAPS LOCK on a letter is a capital, SHIFT held or not;
    # with it off SHIFT makes the capital.  Pressed G, SHIFT G, then after CAPS LOCK: G, SHIFT G.
    m = Machine("bbc", seed=1)
    m.run_until_text(">", max_seconds=5)
    for caps_off in (False, True):
        if caps_off:
            m.press("CAPS LOCK"); m.run(0.1); m.release("CAPS LOCK"); m.run(0.1)
        for shift in (False, True):
            if shift:
                m.press("SHIFT"); m.run(0.05)
            m.press("G"); m.run(0.08); m.release("G"); m.run(0.05)
            if shift:
                m.release("SHIFT"); m.run(0.05)
    m.run(0.2)
    assert [r.rstrip() for r in m.screen.text() if r.strip()][-1] == ">GGgG"
