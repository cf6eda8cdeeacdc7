"""The 6845 CRT controller (Hitachi HD6845S in the BBC Micro).

Two registers on the bus: even addresses select a register (address register), odd addresses read or
write the selected one.  Nothing runs per cycle: the chip keeps its registers, and the machine asks it
for the frame timing (to schedule VSYNC) and the renderer asks it for the memory addresses of each
character cell.

Register meanings (MC6845/HD6845S data sheets; BBC Micro Advanced User Guide, chapter 18):
  R0 horizontal total - 1     R1 characters displayed    R2 hsync position    R3 sync widths (v:h)
  R4 vertical total - 1 (rows)  R5 vertical total adjust (lines)  R6 rows displayed  R7 vsync row
  R8 interlace mode and skews  R9 scan lines per row - 1  R10 cursor start + blink  R11 cursor end
  R12/R13 display start address (14 bits)  R14/R15 cursor address  R16/R17 light pen (read only)
"""
from collections import namedtuple

# Bits each register keeps (HD6845S); a write keeps only these.
REGISTER_MASKS = (0xFF, 0xFF, 0xFF, 0xFF, 0x7F, 0x1F, 0x7F, 0x7F,
                  0xFF, 0x1F, 0x7F, 0x1F, 0x3F, 0xFF, 0x3F, 0xFF, 0x3F, 0xFF)
READABLE = frozenset((14, 15, 16, 17))      # the rest read as 0 on the 6845

# R10 bits 5-6: the cursor's blink mode.
CURSOR_STEADY, CURSOR_OFF, CURSOR_BLINK_16, CURSOR_BLINK_32 = 0, 1, 2, 3

FrameTiming = namedtuple("FrameTiming", (
    "cycles_per_char",      # CPU cycles per character clock (1 at 2 MHz, 2 at 1 MHz, for a 2 MHz CPU)
    "chars_per_line",       # R0 + 1
    "lines_per_row",        # scan lines a character row takes in one field
    "lines_per_field",      # whole lines in a field (the odd field of an interlaced frame adds half)
    "cycles_per_line",
    "cycles_per_field",     # average over the two fields of an interlaced frame
    "vsync_start",          # CPU cycles from the first displayed line to the start of VSYNC
    "vsync_cycles",         # how long VSYNC lasts
    "interlaced",
))


class CRTC6845:
    def __init__(self, cpu_hz=2_000_000):
        self.cpu_hz = cpu_hz
        self.registers = [0] * 18
        self.selected = 0
        self.character_clock_hz = 1_000_000     # set by the machine from the video ULA's clock bit
        self.write_log = None   # a list to get (cycle, register, value) of each register write, or None

    # --- bus -------------------------------------------------------------------------------------

    def write(self, addr, value, cycle=0):
        if addr & 1 == 0:
            self.selected = value & 0x1F
        elif self.selected < 16:                    # R16/R17 are read only, R18+ do not exist
            value &= REGISTER_MASKS[self.selected]
            self.registers[self.selected] = value
            if self.write_log is not None:
                self.write_log.append((cycle, self.selected, value))

    def read(self, addr, cycle=0):
        if addr & 1 and self.selected in READABLE:
            return self.registers[self.selected]
        return 0

    def peek(self, addr):
        return self.read(addr)

    def set_register(self, number, value):
        """Write a register directly (what a write to the address then data register does)."""
        self.write(0, number)
        self.write(1, value)

    def strobe_light_pen(self, address):
        self.registers[16] = (address >> 8) & 0x3F
        self.registers[17] = address & 0xFF

    # --- what the registers describe ------------------------------------------------------------

    @property
    def start_address(self):
        return (self.registers[12] << 8) | self.registers[13]

    @property
    def cursor_address(self):
        return (self.registers[14] << 8) | self.registers[15]

    @property
    def interlace_mode(self):
        """R8 bits 0-1: 0 or 2 normal, 1 interlace sync, 3 interlace sync and video."""
        return self.registers[8] & 3

    @property
    def interlace_video(self):
        return self.interlace_mode == 3

    @property
    def display_skew(self):
        """R8 bits 4-5 (HD6845S): characters of delay on display enable; 3 turns the display off."""
        return (self.registers[8] >> 4) & 3

    @property
    def cursor_skew(self):
        """R8 bits 6-7 (HD6845S): characters of delay on the cursor; 3 turns the cursor off."""
        return (self.registers[8] >> 6) & 3

    @property
    def chars_displayed(self):
        return self.registers[1]

    @property
    def rows_displayed(self):
        return self.registers[6]

    @property
    def raster_lines_per_row(self):
        """Raster addresses in a row: R9 + 1 (in interlace sync and video, over both fields)."""
        return self.registers[9] + 1

    @property
    def cursor_start_line(self):
        return self.registers[10] & 0x1F

    @property
    def cursor_end_line(self):
        return self.registers[11] & 0x1F

    @property
    def cursor_blink_mode(self):
        return (self.registers[10] >> 5) & 3

    def cursor_visible(self, field_number):
        """Whether the cursor shows in this field: R10's blink mode, blinking at 1/16 or 1/32 of the
        field rate with equal on and off times (6845 data sheet), and R8's cursor skew 3 = off."""
        if self.cursor_skew == 3:
            return False
        mode = self.cursor_blink_mode
        if mode == CURSOR_STEADY:
            return True
        if mode == CURSOR_OFF:
            return False
        period = 16 if mode == CURSOR_BLINK_16 else 32
        return (field_number % period) < period // 2

    # --- timing -----------------------------------------------------------------------------------

    def set_character_clock(self, hz):
        """The video ULA chooses 2 MHz (MODEs 0-3) or 1 MHz (MODEs 4-7) for the CRTC."""
        self.character_clock_hz = hz

    def frame_timing(self):
        """The field's timing in CPU cycles, from R0-R9 and the character clock."""
        r = self.registers
        cycles_per_char = max(1, self.cpu_hz // self.character_clock_hz)
        chars_per_line = r[0] + 1
        if self.interlace_video:
            # Interlace sync and video: each field shows every other raster address of a row.
            lines_per_row = r[9] // 2 + 1
        else:
            lines_per_row = r[9] + 1
        lines_per_field = (r[4] + 1) * lines_per_row + r[5]
        cycles_per_line = chars_per_line * cycles_per_char
        interlaced = self.interlace_mode & 1 == 1
        cycles_per_field = lines_per_field * cycles_per_line
        if interlaced:
            cycles_per_field += cycles_per_line // 2       # the half line that makes interlace
        vsync_lines = (r[3] >> 4) & 0x0F or 16          # 0 means 16 lines (HD6845S)
        return FrameTiming(
            cycles_per_char=cycles_per_char,
            chars_per_line=chars_per_line,
            lines_per_row=lines_per_row,
            lines_per_field=lines_per_field,
            cycles_per_line=cycles_per_line,
            cycles_per_field=cycles_per_field,
            vsync_start=r[7] * lines_per_row * cycles_per_line,
            vsync_cycles=vsync_lines * cycles_per_line,
            interlaced=interlaced,
        )

    # --- addresses --------------------------------------------------------------------------------

    def row_start_addresses(self):
        """The 14-bit memory address (MA) the CRTC puts out at the start of each displayed row."""
        start, width = self.start_address, self.registers[1]
        return [(start + row * width) & 0x3FFF for row in range(self.registers[6])]

    def state(self):
        return {"registers": list(self.registers), "selected": self.selected,
                "character_clock_hz": self.character_clock_hz}

    def set_state(self, d):
        self.registers = list(d["registers"])
        self.selected = d["selected"]
        self.character_clock_hz = d["character_clock_hz"]


def screen_address(ma, raster, wrap_size):
    """The BBC's mapping from the CRTC's MA/RA outputs to a RAM address (one address, for tests).

    MA13 set selects teletext: the address is &3C00 + MA0-9, with MA11 giving address bit 14, which is
    why MODE 7's R12/R13 of &2800 read &7C00.  Otherwise MA0-11 and RA0-2 form (MA * 8 + RA) and MA12
    set means the address ran past &8000, so the screen size chosen by C0/C1 is taken off
    (see `emulator.display.bbc_video.wrap_size`).
    """
    if ma & 0x2000:
        return 0x3C00 | (ma & 0x3FF) | ((ma & 0x800) << 3)
    address = ((ma & 0xFFF) << 3) | (raster & 7)
    if ma & 0x1000:
        address -= wrap_size
    return address & 0x7FFF
