"""The BBC Micro's SHEILA page (&FE00-&FEFF) as a typed bus device, compiled with bbc_io.pxd.

A MOS touches the two 6522 VIAs far more than anything else in SHEILA (its 100 Hz clock interrupt,
keyboard scans, polls of the interrupt flags), so their ranges are decoded here, in C when compiled,
and go to the chips through C: the whole access costs no Python call.  Every other address goes to
`others`, the machine's decoder for the rest of the page (emulator/machines/bbc.py, class Sheila).
The ranges are the Model B's address decoding (Advanced User Guide, SHEILA map): system VIA
&FE40-&FE5F, user VIA &FE60-&FE7F, each chip's 16 registers mirrored twice.
"""
from emulator.bus import IODevice

SYSTEM_VIA_FIRST, USER_VIA_FIRST, USER_VIA_END = 0x40, 0x60, 0x80


class SheilaPage(IODevice):
    def __init__(self, system_via, user_via, others):
        self.system_via = system_via
        self.user_via = user_via
        self.others = others

    def read(self, addr, cycle):
        offset = addr & 0xFF
        if SYSTEM_VIA_FIRST <= offset < USER_VIA_FIRST:
            return self.system_via.read(addr, cycle)
        if USER_VIA_FIRST <= offset < USER_VIA_END:
            return self.user_via.read(addr, cycle)
        return self.others.read(addr, cycle)

    def write(self, addr, value, cycle):
        offset = addr & 0xFF
        if SYSTEM_VIA_FIRST <= offset < USER_VIA_FIRST:
            self.system_via.write(addr, value, cycle)
        elif USER_VIA_FIRST <= offset < USER_VIA_END:
            self.user_via.write(addr, value, cycle)
        else:
            self.others.write(addr, value, cycle)

    def peek(self, addr):
        offset = addr & 0xFF
        if SYSTEM_VIA_FIRST <= offset < USER_VIA_FIRST:
            return self.system_via.peek(addr)
        if USER_VIA_FIRST <= offset < USER_VIA_END:
            return self.user_via.peek(addr)
        return self.others.peek(addr)
