"""The Atom's 8255 I/O page (#B000-#B3FF) as a typed bus device, compiled with atom_io.pxd.

An idle Atom kernel polls #B002 for field sync every 7 cycles or so, so that one read is answered here,
in C when compiled, from the same pins the chip would read through the Atom's wiring; every other
access, and port C read under any other direction word, goes to the 8255 model.  The bus calls this
page and the page calls the chip through C, so the whole poll costs no Python call.  Which bits mean
what is the Atom's wiring (emulator/machines/atom.py), given to the constructor.
"""
from emulator.bus import IODevice


class PPIPage(IODevice):
    """The 8255 `ppi` with a short path for port C reads while its direction word gives the chip
    `output_mask` (port C bits it drives); the other bits are the Atom's inputs: `field_sync_bit`
    high outside the VDG's flyback, `rept_bit` high unless REPT is held, `tone_bit` a square wave of
    `tone_hz`, `tape_bit` the cassette input (from `tape`, a CassetteDeck, while it plays: the
    machine sets it then and clears it when the tape stops), everything else low."""

    def __init__(self, ppi, keyboard, vdg, output_mask, field_sync_bit, rept_bit, tone_bit, tone_hz,
                 field_lines, fs_low_lines, tape_bit=0):
        self.ppi = ppi
        self.keyboard = keyboard
        self.output_mask = output_mask
        self.field_sync_bit = field_sync_bit
        self.rept_bit = rept_bit
        self.tone_bit = tone_bit
        # The field phase of a cycle in units of 1/clock_hz of a field, as VDG6847.field_sync does.
        self.ticks_per_cycle = vdg.field_hz
        self.ticks_per_field = vdg.clock_hz
        self.field_lines = field_lines
        self.fs_low_from = (field_lines - fs_low_lines) * vdg.clock_hz
        self.tone_per_cycle = 2 * tone_hz       # tone half-periods per clock_hz cycles
        self.clock_hz = vdg.clock_hz
        self.tape_bit = tape_bit
        self.tape = None

    def read(self, addr, cycle):
        ppi = self.ppi
        if addr & 3 != 2 or ppi.c_output_mask != self.output_mask:
            return ppi.read(addr, cycle)
        value = ppi.latch_c & self.output_mask
        if (cycle * self.ticks_per_cycle) % self.ticks_per_field * self.field_lines < self.fs_low_from:
            value |= self.field_sync_bit
        if not self.keyboard.rept:
            value |= self.rept_bit
        if (cycle * self.tone_per_cycle // self.clock_hz) & 1:
            value |= self.tone_bit
        if self.tape is not None and self.tape.level(cycle):
            value |= self.tape_bit
        return value

    def peek(self, addr):
        return self.ppi.peek(addr)

    def write(self, addr, value, cycle):
        self.ppi.write(addr, value, cycle)
