"""The BBC Micro's video ULA: the control register and the 16-entry palette (&FE20 / &FE21).

Control register (write only, BBC Micro Advanced User Guide, 19.1):
  bit 0     flash select: which of the two colours a flashing physical colour shows
  bit 1     teletext select: the picture comes from the SAA5050 instead of the shift register
  bits 2-3  characters per line: shift-register rate 0 = 2 MHz (10), 1 = 4 MHz (20), 2 = 8 MHz (40),
            3 = 16 MHz (80)
  bit 4     CRTC clock: 1 = 2 MHz (MODEs 0-3), 0 = 1 MHz (MODEs 4-7)
  bits 5-7  cursor segments: bit 7 the first character time, bit 6 the second, bit 5 the third and
            fourth
Palette register: bits 4-7 the logical colour (the 4-bit index the shift register produces), bits 0-3
the physical colour EOR 7 in bits 0-2 (bit 0 red, bit 1 green, bit 2 blue) and bit 3 flashing.
"""

PIXEL_RATES_HZ = (2_000_000, 4_000_000, 8_000_000, 16_000_000)

# MOS 1.20's control register value for each MODE (Advanced User Guide, 19.1; VDU driver tables).
MOS_CONTROL = {0: 0x9C, 1: 0xD8, 2: 0xF4, 3: 0x9C, 4: 0x88, 5: 0xC4, 6: 0x88, 7: 0x4B}


class VideoULA:
    def __init__(self):
        self.control = 0
        self.palette = bytearray(16)        # as written: physical colour EOR 7, bit 3 flashing
        self.listeners = []                 # called with the ULA after a control write (CRTC clock)
        self.write_log = None               # a list to get (cycle, 0 control / 1 palette, value), or None

    def write(self, addr, value, cycle=0):
        value &= 0xFF
        if self.write_log is not None:
            self.write_log.append((cycle, addr & 1, value))
        if addr & 1 == 0:
            self.control = value
            for listener in self.listeners:
                listener(self)
        else:
            self.palette[value >> 4] = value & 0x0F

    def read(self, addr, cycle=0):
        return 0xFE                         # write-only registers: the data bus floats

    def peek(self, addr):
        return self.read(addr)

    # --- control register fields ------------------------------------------------------------------

    @property
    def flash_select(self):
        return self.control & 1

    @property
    def teletext(self):
        return bool(self.control & 2)

    @property
    def pixel_rate_hz(self):
        return PIXEL_RATES_HZ[(self.control >> 2) & 3]

    @property
    def crtc_clock_hz(self):
        return 2_000_000 if self.control & 0x10 else 1_000_000

    @property
    def pixels_per_byte(self):
        """Pixels the shift register puts out from one byte: pixel rate / CRTC clock (1 to 16)."""
        return self.pixel_rate_hz // self.crtc_clock_hz

    @property
    def cursor_segments(self):
        """Which of the four character times after the cursor start are inverted."""
        c = self.control
        return (bool(c & 0x80), bool(c & 0x40), bool(c & 0x20), bool(c & 0x20))

    # --- palette ----------------------------------------------------------------------------------

    def physical_colour(self, logical):
        """The 3-bit RGB colour logical colour `logical` shows now (flashing applied)."""
        entry = self.palette[logical & 15]
        colour = (entry & 7) ^ 7
        if entry & 8 and self.flash_select:
            colour ^= 7
        return colour

    def physical_colours(self):
        return [self.physical_colour(i) for i in range(16)]

    def state(self):
        return {"control": self.control, "palette": bytes(self.palette)}

    def set_state(self, d):
        """Restore the registers (the listeners are not called: the CRTC's clock is restored too)."""
        self.control = d["control"]
        self.palette[:] = d["palette"]
