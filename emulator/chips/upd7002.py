"""The uPD7002 analogue-to-digital converter of the BBC Micro (at &FEC0 in SHEILA: emulator/machines/bbc.py)."""


class ADC7002:
    """The uPD7002 at &FEC0, fitted but with nothing plugged into the analogue port.

    Register 0: writing starts a conversion on channel bits 0-1 (bit 3: 12-bit); reading gives the
    status: bits 0-1 channel, bit 3 resolution, bit 6 busy, bit 7 /EOC (uPD7002 data sheet; Advanced
    User Guide 20.1).  Conversions finish at once with a result of 0 and no CB1 pulse: an idle ADC
    that a MOS sees as "not busy, converted".
    """

    def __init__(self):
        self.control = 0

    def read(self, addr, cycle):
        return self.peek(addr)

    def peek(self, addr):
        register = addr & 3
        if register == 0:
            return self.control & 0x0F
        return 0x00                     # result high byte, low byte (0: nothing connected)

    def write(self, addr, value, cycle):
        if addr & 3 == 0:
            self.control = value & 0x0F

    def state(self):
        return {"control": self.control}

    def set_state(self, d):
        self.control = d["control"]
