"""The BBC Micro's serial ULA: it shares the 6850 ACIA between the RS423 port and the cassette,
clocks the ACIA, turns the cassette's tones into bits and back, and drives the motor relay.

Its one register, the control register at &FE10, is write-only (BBC Micro Advanced User Guide,
"serial ULA"; BeebWiki, "Serial ULA"):
    bits 0-2  the transmit clock rate, bits 3-5 the receive clock rate, for RS423: 000 19200 baud,
              001 1200, 010 4800, 011 150, 100 9600, 101 300, 110 2400, 111 75 (the clock given to
              the ACIA is 64 times the baud rate: the ACIA divides by 64)
    bit 6     1: the ACIA talks to the RS423 port; 0: to the cassette
    bit 7     1: the cassette motor relay is closed (the motor runs)
With the cassette selected the ULA clocks the ACIA at 19200 Hz both ways: the MOS divides by 16 for
1200 baud and by 64 for 300 baud.  On the cassette side the ULA demodulates the tape (1200 Hz a 0,
2400 Hz a 1) into the ACIA's receive input, drives the ACIA's DCD input high while it hears the
carrier tone, holds /CTS low, and modulates what the ACIA sends into tones for the recorder.

The chip knows only its register; `changed(ula, cycle)` is told each write, and the machine
(emulator/machines/bbc.py) wires the motor, the ACIA's clocks and the tape to the ACIA.
"""

RS423_BAUD = (19200, 1200, 4800, 150, 9600, 300, 2400, 75)
CASSETTE_CLOCK_HZ = 19200
RS423 = 0x40
MOTOR = 0x80


class SerialULA:
    def __init__(self, changed=None):
        self.changed = changed
        self.control = 0

    def read(self, addr, cycle):
        return 0xFE                     # write-only: nothing drives the data bus (open bus: &FE)

    def peek(self, addr):
        return 0xFE

    def write(self, addr, value, cycle):
        self.control = value
        if self.changed is not None:
            self.changed(self, cycle)

    @property
    def motor(self):
        return bool(self.control & MOTOR)

    @property
    def cassette(self):
        return not self.control & RS423

    @property
    def acia_clocks(self):
        """(receive, transmit) clock in Hz, as the ULA gives them to the ACIA."""
        if self.cassette:
            return CASSETTE_CLOCK_HZ, CASSETTE_CLOCK_HZ
        return RS423_BAUD[(self.control >> 3) & 7] * 64, RS423_BAUD[self.control & 7] * 64

    # --- save states (emulator/state.py) ----------------------------------------------------------

    def state_schema(self):
        from emulator.schema import U8
        return {"control": U8}

    def state(self):
        return {"control": self.control}

    def set_state(self, d):
        self.control = d["control"]
