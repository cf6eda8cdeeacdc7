"""The Motorola MC6850 ACIA (asynchronous communications interface adapter), from its data sheet.

Registers (RS = A0): 0 write control, 0 read status, 1 write transmit data, 1 read receive data.

Control: bits 0-1 the counter divide (00 /1, 01 /16, 10 /64, 11 master reset); bits 2-4 the word
select (data bits, parity, stop bits); bits 5-6 the transmitter control (01: transmit interrupt
enabled); bit 7 the receive interrupt enable.

Status: bit 0 RDRF (receive data register full), 1 TDRE (transmit data register empty), 2 DCD (the
data carrier detect input went high), 3 CTS (the /CTS input), 4 FE (framing error), 5 OVRN
(overrun), 6 PE (parity error), 7 IRQ.  The data sheet's rules kept here:
* "in the high state, /CTS inhibits the Transmit Data Register Empty bit";
* DCD goes high when the DCD input does and interrupts if receive interrupts are enabled; it stays
  high, after the input falls, until the status register and then the data register are read.  If
  the input is still high then, the interrupt is cleared and the bit follows the input;
* a high DCD input holds the receiver reset: nothing is received, RDRF reads empty;
* a character received while RDRF is set is lost and sets OVRN, cleared by reading the data
  register;
* IRQ = (receive interrupts enabled and (RDRF or OVRN or DCD)) or (transmit interrupts enabled and
  TDRE).

Timing is the machine's: the receiver is given whole characters (`receive(byte, cycle)`) by whatever
is wired to its input, at the cycle their stop bit ends.  The transmitter takes a byte from the
data register into its shift register when that is free (at the next bit time of its clock,
`tx_clock_hz` over the divide) and sends it in the word's bit times, telling `transmit(byte, baud,
cycle)` as it starts.
"""

STATUS_RDRF = 0x01
STATUS_TDRE = 0x02
STATUS_DCD = 0x04
STATUS_CTS = 0x08
STATUS_FE = 0x10
STATUS_OVRN = 0x20
STATUS_IRQ = 0x80

DIVIDE = {0: 1, 1: 16, 2: 64}
MASTER_RESET = 3
TX_INTERRUPT = 0x20             # bits 5-6 = 01
TX_CONTROL = 0x60
RX_INTERRUPT = 0x80
# Bits per character for the word select (bits 2-4): start, data, parity, stop.
FRAME_BITS = (1 + 7 + 1 + 2, 1 + 7 + 1 + 2, 1 + 7 + 1 + 1, 1 + 7 + 1 + 1,
              1 + 8 + 0 + 2, 1 + 8 + 0 + 1, 1 + 8 + 1 + 1, 1 + 8 + 1 + 1)


class ACIA6850:
    """The ACIA on the machine's clock (`clock`, at `cpu_hz`).  `irq(asserted)` is its IRQ output;
    `transmit(byte, baud, cycle)` is told each character as it starts going out."""

    def __init__(self, clock, cpu_hz, irq=None, transmit=None):
        self.clock = clock
        self.cpu_hz = cpu_hz
        self.irq = irq
        self.transmit = transmit
        clock.register(self, "_shifted_out")
        self.rx_clock_hz = self.tx_clock_hz = 19200
        self.cts = False                # the /CTS input (high: not clear to send)
        self.dcd_input = False
        self._event = None
        self._irq_level = False
        self.master_reset()

    def master_reset(self):
        self.control = MASTER_RESET
        self.rdr = 0
        self.tdr = 0
        self.rdrf = self.ovrn = False
        self.tdr_full = False
        self.shifting = False
        self.dcd = self.dcd_input        # the status bit; after a reset it follows the input
        self.dcd_irq = False
        self.status_read = False
        self._update_irq()

    # --- the bus ----------------------------------------------------------------------------------

    def read(self, addr, cycle):
        if addr & 1:
            value = self.rdr
            if self.status_read and self.dcd_irq:
                self.dcd_irq = False
                self.dcd = self.dcd_input
            self.rdrf = self.ovrn = False
            self.status_read = False
            self._update_irq()
            return value
        self.status_read = True
        return self.peek(addr)

    def peek(self, addr):
        if addr & 1:
            return self.rdr
        return self.status()

    def status(self):
        value = 0
        if self.rdrf and not self.dcd_input:
            value |= STATUS_RDRF
        if not self.tdr_full and not self.cts:
            value |= STATUS_TDRE
        if self.dcd:
            value |= STATUS_DCD
        if self.cts:
            value |= STATUS_CTS
        if self.ovrn:
            value |= STATUS_OVRN
        if self._irq_level:
            value |= STATUS_IRQ
        return value

    def write(self, addr, value, cycle):
        if addr & 1:
            self.tdr = value
            self.tdr_full = True
            if not self.shifting and self._event is None:
                # The byte moves to the idle shift register at the transmit clock's next bit time.
                bit = self._bit_cycles()
                self._event = self.clock.schedule(cycle + bit - cycle % bit, self._shifted_out)
            self._update_irq()
            return
        if value & 3 == MASTER_RESET:
            self.clock.cancel(self._event)
            self._event = None
            self.master_reset()
        self.control = value
        self._update_irq()

    # --- the receiver -----------------------------------------------------------------------------

    @property
    def rx_baud(self):
        divide = DIVIDE.get(self.control & 3)
        return self.rx_clock_hz // divide if divide else 0

    @property
    def tx_baud(self):
        divide = DIVIDE.get(self.control & 3)
        return self.tx_clock_hz // divide if divide else 0

    def receive(self, byte, cycle):
        """A whole character has arrived on the receive input."""
        if self.dcd_input or self.control & 3 == MASTER_RESET:
            return
        if self.rdrf:
            self.ovrn = True
        else:
            self.rdr = byte
            self.rdrf = True
        self._update_irq()

    def set_dcd(self, level, cycle):
        """The DCD input (high: no carrier, in the data sheet's words; the BBC's serial ULA drives
        it high on the cassette's carrier tone)."""
        level = bool(level)
        if level == self.dcd_input:
            return
        self.dcd_input = level
        if level:
            self.dcd = self.dcd_irq = True
        elif not self.dcd_irq:
            self.dcd = False
        self._update_irq()

    def set_cts(self, level):
        self.cts = bool(level)
        self._update_irq()

    # --- the transmitter --------------------------------------------------------------------------

    def _bit_cycles(self):
        return max(1, self.cpu_hz // max(self.tx_baud, 1))

    def _start_shifting(self, cycle):
        byte, baud = self.tdr, self.tx_baud
        self.tdr_full = False
        self.shifting = True
        if self.transmit is not None:
            self.transmit(byte, baud, cycle)
        bits = FRAME_BITS[(self.control >> 2) & 7]
        self._event = self.clock.schedule(cycle + bits * self._bit_cycles(), self._shifted_out)

    def _shifted_out(self, cycle):
        """A bit time after a write to an idle transmitter, or the end of a character: the next
        character, if one waits in the data register, starts."""
        self._event = None
        self.shifting = False
        if self.tdr_full:
            self._start_shifting(cycle)
        self._update_irq()

    # --- the IRQ output ---------------------------------------------------------------------------

    def _irq_wanted(self):
        control = self.control
        if control & 3 == MASTER_RESET:
            return False
        if control & RX_INTERRUPT and ((self.rdrf and not self.dcd_input) or self.ovrn or self.dcd_irq):
            return True
        return control & TX_CONTROL == TX_INTERRUPT and not self.tdr_full and not self.cts

    def _update_irq(self):
        level = self._irq_wanted()
        if level != self._irq_level:
            self._irq_level = level
            if self.irq is not None:
                self.irq(level)

    # --- save states (emulator/state.py) ----------------------------------------------------------

    def state_schema(self):
        from emulator.schema import U8, boolean, integer
        return {"control": U8, "rdr": U8, "tdr": U8, "rdrf": boolean, "ovrn": boolean,
                "tdr_full": boolean, "shifting": boolean, "dcd": boolean, "dcd_irq": boolean,
                "dcd_input": boolean, "status_read": boolean, "cts": boolean,
                "rx_clock_hz": integer(1, 2_000_000), "tx_clock_hz": integer(1, 2_000_000)}

    def state(self):
        return {name: getattr(self, name) for name in self.state_schema()}

    def set_state(self, d):
        for name, value in d.items():
            setattr(self, name, value)
        self._event = next((e for e in self.clock.pending()
                            if getattr(e.callback, "__self__", None) is self), None)
        self._irq_level = self._irq_wanted()    # the CPU's own state holds the line's level
