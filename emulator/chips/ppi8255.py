"""Intel 8255 Programmable Peripheral Interface: three 8-bit ports and a control register.

The chip knows only its own registers; what is wired to its pins is given as callbacks:

* `input_a/b/c(cycle) -> int`: the levels peripherals drive onto a port's pins when it is an input.
* `output_a/c(value, cycle)`: called when the levels the chip drives onto port A / port C change
  (port B output is kept but nobody on the Atom listens to it; `output_b` is accepted for other users).

Registers (8255A data sheet): offset 0 port A, 1 port B, 2 port C, 3 control.  A control write with
bit 7 set is a mode-set word: D6-D5 group A mode, D4 port A input, D3 port C upper input, D2 group B
mode, D1 port B input, D0 port C lower input; a mode set clears every output latch.  With bit 7 clear
it is a port C bit set/reset: D3-D1 select the bit, D0 sets (1) or resets (0) it.  After RESET every
port is an input (control word #9B).

Only mode 0 (basic input/output) is modelled: the strobed modes 1 and 2 are accepted as a control
word but their handshake lines are not generated (the Atom, the one user here, runs mode 0 only).
A port that is an input leaves its pins to the peripherals; a peripheral sees an undriven pin high
(TTL inputs float high), so `pins_a()` and friends report #FF bits there.
The control register cannot be read back on an 8255A; reading it here gives #FF (an undriven bus).

The chip is a typed bus device (`IODevice`, with C types in ppi8255.pxd), so a machine's compiled I/O
page can reach its registers without a Python call.
"""
from emulator.bus import IODevice

PORT_A_INPUT = 0x10
PORT_C_UPPER_INPUT = 0x08
PORT_B_INPUT = 0x02
PORT_C_LOWER_INPUT = 0x01
RESET_CONTROL = 0x9B


def _no_input(cycle):
    return 0xFF


def _no_output(value, cycle):
    pass


class PPI8255(IODevice):
    def __init__(self, input_a=None, input_b=None, input_c=None,
                 output_a=None, output_b=None, output_c=None):
        self.input_a = input_a or _no_input
        self.input_b = input_b or _no_input
        self.input_c = input_c or _no_input
        self.output_a = output_a or _no_output
        self.output_b = output_b or _no_output
        self.output_c = output_c or _no_output
        self.reset()

    def reset(self, cycle=0):
        self.latch_a = 0
        self.latch_b = 0
        self.latch_c = 0
        self.set_control(RESET_CONTROL, cycle)

    # --- direction -------------------------------------------------------------------------------

    def set_control(self, value, cycle):
        """A mode-set control word (bit 7 set)."""
        self.control = value
        self.a_is_input = bool(value & PORT_A_INPUT)
        self.b_is_input = bool(value & PORT_B_INPUT)
        # Which bits of port C are driven by the chip (outputs) and which come from the pins.
        self.c_output_mask = ((0 if value & PORT_C_UPPER_INPUT else 0xF0)
                              | (0 if value & PORT_C_LOWER_INPUT else 0x0F))
        self.latch_a = self.latch_b = self.latch_c = 0       # a mode set clears the output latches
        self.output_a(self.pins_a(), cycle)
        self.output_b(self.pins_b(), cycle)
        self.output_c(self.pins_c(), cycle)

    # --- what the chip drives onto its pins ----------------------------------------------------------

    def pins_a(self):
        return 0xFF if self.a_is_input else self.latch_a

    def pins_b(self):
        return 0xFF if self.b_is_input else self.latch_b

    def pins_c(self):
        mask = self.c_output_mask
        return (self.latch_c & mask) | (0xFF & ~mask)

    # --- the CPU side -------------------------------------------------------------------------------

    def read(self, addr, cycle):
        reg = addr & 3
        if reg == 2:
            mask = self.c_output_mask
            if mask == 0xFF:
                return self.latch_c
            return (self.latch_c & mask) | (self.input_c(cycle) & ~mask & 0xFF)
        if reg == 1:
            return self.input_b(cycle) & 0xFF if self.b_is_input else self.latch_b
        if reg == 0:
            return self.input_a(cycle) & 0xFF if self.a_is_input else self.latch_a
        return 0xFF

    def peek(self, addr):
        """The value a read would give, without asking the peripherals for anything time-dependent."""
        reg = addr & 3
        if reg == 0:
            return self.latch_a
        if reg == 1:
            return self.latch_b
        if reg == 2:
            return self.latch_c
        return 0xFF

    def write(self, addr, value, cycle):
        reg = addr & 3
        if reg == 0:
            self.latch_a = value
            if not self.a_is_input:
                self.output_a(value, cycle)
        elif reg == 1:
            self.latch_b = value
            if not self.b_is_input:
                self.output_b(value, cycle)
        elif reg == 2:
            self._set_latch_c(value, cycle)
        elif value & 0x80:
            self.set_control(value, cycle)
        else:
            bit = 1 << ((value >> 1) & 7)
            self._set_latch_c((self.latch_c | bit) if value & 1 else (self.latch_c & ~bit), cycle)

    def _set_latch_c(self, value, cycle):
        old_pins = self.pins_c()
        self.latch_c = value & 0xFF
        if self.c_output_mask and self.pins_c() != old_pins:
            self.output_c(self.pins_c(), cycle)

    # --- save states (emulator/state.py) ------------------------------------------------------------

    def state_schema(self):
        from emulator.schema import U8, boolean
        return {"latch_a": U8, "latch_b": U8, "latch_c": U8, "control": U8, "c_output_mask": U8,
                "a_is_input": boolean, "b_is_input": boolean}

    def state(self):
        return {"latch_a": self.latch_a, "latch_b": self.latch_b, "latch_c": self.latch_c,
                "control": self.control, "c_output_mask": self.c_output_mask,
                "a_is_input": bool(self.a_is_input), "b_is_input": bool(self.b_is_input)}

    def set_state(self, d):
        """Restore the registers without driving the pins (the peripherals' states are restored
        with them)."""
        self.latch_a, self.latch_b, self.latch_c = d["latch_a"], d["latch_b"], d["latch_c"]
        self.control, self.c_output_mask = d["control"], d["c_output_mask"]
        self.a_is_input, self.b_is_input = d["a_is_input"], d["b_is_input"]
