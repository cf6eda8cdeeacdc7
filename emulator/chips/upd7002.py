"""The NEC uPD7002: a four-channel, 12-bit successive-approximation analogue-to-digital converter.

Registers (A1 A0; NEC uPD7002 data sheet; BBC Micro Advanced User Guide, chapter 20, "the analogue
to digital converter"):
    0 write  start a conversion: bits 0-1 the channel, bit 2 the flag (stored, read back), bit 3 the
             resolution (0: 8 bits, 1: 12 bits)
    0 read   status: bits 0-1 channel, bit 2 flag, bit 3 resolution as written; bit 4 the second and
             bit 5 the first most significant bit of the last result; bit 6 /BUSY (0 while a
             conversion runs); bit 7 /EOC (0 once a conversion has completed, 1 from the write
             that starts one)
    1 read   the result's high byte (bits 11-4)
    2 read   the result's low nibble in bits 7-4 (bits 3-0 read 0)
    3 read   the data sheet's test register, not used by Acorn: reads 0 here
A conversion takes 4 ms at 8 bits and 10 ms at 12 bits with the chip's 1 MHz clock (data sheet;
Advanced User Guide, chapter 20 and OSBYTE 190, the conversion type: about 4 ms and 10 ms).
Writing register 0 during a conversion abandons it and starts the new one.

The /EOC output pin follows status bit 7: it rises when a conversion starts and falls when it ends.
The chip reports each change of the pin through `eoc(level, cycle)`; which input that pin drives is
the machine's business (emulator/machines/bbc.py: the system VIA's CB1).

Inputs: `inputs[channel]` is the 12-bit value the input presents (0 = analogue ground, &FFF =
full scale, the reference voltage).  With nothing plugged into the analogue port nothing drives an
input; no Acorn document gives a floating input's reading (the User Guide's ADVAL describes only
joysticks), so an idle input is taken as analogue ground and converts to 0.  An 8-bit conversion
gives the input's top 8 bits, bits 3-0 of the result 0.
"""

CHIP_HZ = 1_000_000
CONVERSION_US_8_BIT = 4_000     # data sheet at a 1 MHz clock; Advanced User Guide, OSBYTE 190
CONVERSION_US_12_BIT = 10_000
IDLE_INPUT = 0                  # nothing plugged in: analogue ground (see above)

STATUS_FLAG_BITS = 0x0F         # channel, flag and resolution, as written
STATUS_NOT_BUSY = 0x40
STATUS_NOT_EOC = 0x80
CONTROL_12_BIT = 0x08


class ADC7002:
    """The uPD7002, timed on the machine's clock (`clock`, at `cpu_hz`); `eoc(level, cycle)` is told
    each change of the /EOC pin."""

    def __init__(self, clock, cpu_hz, eoc=None):
        self.clock = clock
        clock.register(self, "_conversion_done")    # the one callback it schedules (save states)
        self.eoc = eoc
        self.conversion_cycles = {False: cpu_hz * CONVERSION_US_8_BIT // 1_000_000,
                                  True: cpu_hz * CONVERSION_US_12_BIT // 1_000_000}
        self.inputs = [IDLE_INPUT] * 4
        self.control = 0
        self.busy = False
        self.eoc_level = True           # /EOC: high until a conversion completes
        self.result = 0                 # 12 bits
        self._event = None

    # --- the bus ----------------------------------------------------------------------------------

    def read(self, addr, cycle):
        return self.peek(addr)

    def peek(self, addr):
        register = addr & 3
        if register == 0:
            return self.status()
        if register == 1:
            return self.result >> 4
        if register == 2:
            return (self.result & 0x0F) << 4
        return 0x00

    def write(self, addr, value, cycle):
        if addr & 3 == 0:
            self.start(value, cycle)

    def status(self):
        return ((self.control & STATUS_FLAG_BITS) | (self.result >> 6 & 0x30)
                | (0 if self.busy else STATUS_NOT_BUSY) | (STATUS_NOT_EOC if self.eoc_level else 0))

    # --- conversions --------------------------------------------------------------------------------

    def start(self, control, cycle):
        """A write to register 0 at `cycle`: a conversion of the channel it names begins."""
        self.control = control & STATUS_FLAG_BITS
        self.clock.cancel(self._event)
        self.busy = True
        self._set_eoc(True, cycle)
        twelve_bit = bool(self.control & CONTROL_12_BIT)
        self._event = self.clock.schedule(cycle + self.conversion_cycles[twelve_bit],
                                          self._conversion_done)

    def _conversion_done(self, cycle):
        self._event = None
        value = self.inputs[self.control & 3] & 0xFFF
        self.result = value if self.control & CONTROL_12_BIT else value & 0xFF0
        self.busy = False
        self._set_eoc(False, cycle)

    def _set_eoc(self, level, cycle):
        if level != self.eoc_level:
            self.eoc_level = level
            if self.eoc is not None:
                self.eoc(level, cycle)

    # --- save states (emulator/state.py) ------------------------------------------------------------

    def state_schema(self):
        from emulator.schema import U8, boolean, integer, items
        sample = integer(0, 0xFFF)
        return {"control": U8, "busy": boolean, "eoc_level": boolean, "result": sample,
                "inputs": items(sample, 4)}

    def check_state(self, d, machine):
        """A conversion runs exactly while the clock holds its end."""
        from emulator.schema import SchemaError
        events = machine.get("clock", {}).get("events", [])
        pending = sum(1 for event in events if event[3] == "_conversion_done")
        if pending != (1 if d["busy"] else 0):
            raise SchemaError(f"adc: busy is {d['busy']} but the clock holds {pending} "
                              f"end(s) of conversion")

    def state(self):
        return {"control": self.control, "busy": self.busy, "eoc_level": self.eoc_level,
                "result": self.result, "inputs": list(self.inputs)}

    def set_state(self, d):
        """Restore the fields; the clock's queue is restored first, so the chip finds its pending
        end of conversion there and can cancel it if a new conversion starts."""
        self.control, self.busy, self.eoc_level = d["control"], d["busy"], d["eoc_level"]
        self.result, self.inputs = d["result"], list(d["inputs"])
        self._event = None
        for event in self.clock.pending():
            callback = event.callback
            if getattr(callback, "__self__", None) is self and \
                    getattr(callback, "__name__", None) == "_conversion_done":
                self._event = event
