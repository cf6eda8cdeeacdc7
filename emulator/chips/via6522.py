"""The 6522 Versatile Interface Adapter (MOS/Synertek SY6522, Rockwell R6522).

Used by the BBC Micro twice (system VIA, user VIA; both clocked at 1 MHz while the CPU runs at 2 MHz)
and optionally by the Acorn Atom at #B800.  Behaviour follows the Rockwell R6522 data sheet and the
MOS/Synertek 6522 data sheet; where they are silent, the behaviour measured on real chips by the
authors of BBC Micro emulators is used and said so.

Time
----
Nothing is called per cycle.  The chip counts its own Phi2 cycles ("ticks"); CPU cycle `c` falls in tick
``(c - tick_phase) // cycles_per_tick``.  Every access, input change or scheduled event first brings the
chip up to its tick arithmetically (`_catch_up`), then acts.  To raise IRQ on time without being
touched, the chip schedules one clock event for the next tick on which something visible happens
(the IRQ line would assert, PB7 would toggle with a listener attached, a CA2/CB2 pulse ends) and
reschedules it after every change.  The event fires on the CPU cycle where that tick's Phi2 half begins
(``tick_phase + tick * cycles_per_tick + cycles_per_tick // 2``): the IRQ output of a 6522 changes
during Phi2, so a 1 MHz chip on a 2 MHz CPU asserts IRQ from the second CPU cycle of its tick.

Timer timing (the "N + 1.5" rule)
---------------------------------
R6522 data sheet, "Timer 1 One-Shot Mode": the interrupt occurs N + 1.5 cycles after the write to T1C-H,
and in free-run the period is N + 2 cycles.  In ticks, with the write to T1C-H on tick W and latch N:

    tick      W+1   W+2   ...   W+N+1   W+N+2    W+N+3   ...
    counter   N     N-1   ...   0       $FFFF    N       (reload from the latch)
    IRQ                                 set

so a read on the tick the counter shows $FFFF also sees the T1 flag set (it was set half a cycle before
the read's data is latched).  After the $FFFF tick the counter reloads from the latch in both one-shot
and free-run mode (one-shot mode only suppresses further interrupts); this is what real chips do as
measured by the b2 and jsbeeb authors, although older data sheets say the one-shot counter "continues
to decrement".  T2 in timed mode follows the same load/underflow timing but never reloads: after $FFFF
it goes on $FFFE, $FFFD ... and interrupts only once per write to T2C-H.

Arming.  A write to T1C-H arms T1.  In one-shot mode the next time-out sets the flag (and PB7 high) and
disarms it; in free-run an armed T1 sets the flag (and toggles PB7) at every time-out and stays armed.
A disarmed T1 stays disarmed, whatever the ACR later selects, until T1C-H is written again: selecting
free-run after a one-shot time-out gives no more interrupts (VIA.AC1, AC5), selecting one-shot during
free-run gives one more (AC4).  On the very tick of a time-out, selecting one-shot disarms T1 whichever
mode it was in, and selecting free-run does not re-arm a one-shot (AC2, AC3, AC6, AC7).  T2 sees a
change between timed and pulse counting one tick after the ACR write (T23: see _write_acr).

The set wins.  A flag set on a tick is not cleared by an access on that same tick that would clear it:
a read of T1C-L (T2C-L), a write to T1L-H, T1C-H (T2C-H) or to the IFR (VIA.I2: the interrupt is
still taken).

The VIA.* names are the public 6522 test programs for the BBC Micro (scarybeasts, Tom Seddon), whose
results on a real Model B the tests in tests/chips/test_reference_via.py compare with.

Exactly modelled
----------------
All 16 registers; ports with DDRs and input latching on CA1/CB1; PB7 under T1 (one-shot low pulse,
free-run square wave); T1/T2 counters read on any tick; T2 pulse counting on PB6 falling edges,
whether the outside or the VIA's own port B output drives the pin (VIA.T.PB6);
CA1/CA2/CB1/CB2 interrupts on either edge, independent-interrupt CA2/CB2 modes, handshake, pulse and
manual outputs; IFR/IER semantics and the IRQ output; RES.

Approximated (and why)
----------------------
* Shift register under T2 or Phi2 (ACR modes 1, 2, 4, 5, 6): bit j of a transfer is shifted on tick
  ``start + 2*j*h`` after the SR read/write that starts it, where h = 1 for Phi2 and h = T2L-L + 2 under
  T2 (the data sheets' half-period of the CB1 clock).  The register contents, the bit count and the
  8-bit completion interrupt follow the data sheet; the exact first-edge latency on a real chip depends
  on where T2's free-running low byte happens to be, so it may differ by a tick or two.  The CB1 clock
  and CB2 data outputs are not reported bit by bit (nothing in the Atom or BBC listens to them); T2's
  own counter keeps running as an interval timer instead of being borrowed by the SR.  Changing the SR
  mode in the ACR stops a transfer in progress; the next SR access starts a new one.
* Under an external clock (ACR modes 3, 7) the SR shifts on CB1 edges the machine reports (rising edges
  shift in from CB2, falling edges shift out to CB2), sets its flag every 8 bits and keeps shifting,
  as the R6522 data sheet describes.
* The edge detectors act on the tick the machine reports an input change; the real chip's input
  synchroniser delay is not modelled.
* When pulse counting is selected on the tick before a timed T2 would reach $FFFF, that last timed
  count still interrupts, but its flag is set on the ACR write's tick, one cycle early.

Hooks for the machine
---------------------
``port_a_input`` / ``port_b_input``: callables returning the 8 pin levels the peripheral drives (else the
``port_a_levels`` / ``port_b_levels`` attributes are used).  ``port_a_output`` / ``port_b_output``:
called with the 8 output levels (input pins read as 1) whenever they change.  ``ca2_output`` /
``cb2_output``: called with a bool when CA2/CB2, as an output, changes level.  ``set_ca1/ca2/cb1/cb2
(level, cycle)`` and ``set_port_a_input/set_port_b_input(levels, cycle)`` report input changes.  While
any hook runs, ``via.cycle`` is the CPU cycle at which the change happens.
"""

import copy

from emulator.bus import IODevice

# "No tick": a time that never comes (what None would mean, kept an integer so the chip compiles to C).
NEVER = 1 << 62

IFR_CA2 = 0x01
IFR_CA1 = 0x02
IFR_SR = 0x04
IFR_CB2 = 0x08
IFR_CB1 = 0x10
IFR_T2 = 0x20
IFR_T1 = 0x40
IFR_IRQ = 0x80

# Register numbers (addr & 15)
ORB, ORA, DDRB, DDRA = 0, 1, 2, 3
T1CL, T1CH, T1LL, T1LH = 4, 5, 6, 7
T2CL, T2CH, SR, ACR, PCR, IFR, IER, ORA_NH = 8, 9, 10, 11, 12, 13, 14, 15

# CA2/CB2 control (PCR bits 3-1 / 7-5)
C2_INPUT_NEG = 0
C2_INDEPENDENT_NEG = 1
C2_INPUT_POS = 2
C2_INDEPENDENT_POS = 3
C2_HANDSHAKE = 4
C2_PULSE = 5
C2_LOW = 6
C2_HIGH = 7

# Shift register modes (ACR bits 4-2)
SR_DISABLED = 0
SR_IN_T2 = 1
SR_IN_PHI2 = 2
SR_IN_EXT = 3
SR_OUT_T2_FREE = 4
SR_OUT_T2 = 5
SR_OUT_PHI2 = 6
SR_OUT_EXT = 7
_SR_TIMED = (SR_IN_T2, SR_IN_PHI2, SR_OUT_T2_FREE, SR_OUT_T2, SR_OUT_PHI2)
_SR_SHIFTS_IN = (SR_IN_T2, SR_IN_PHI2, SR_IN_EXT)

# What a save state holds of a VIA: every register, latch, timer, the shift register, the control
# lines and the pending event's tick (the chip's wiring and its clock are the machine's).
STATE_FIELDS = (
    "port_a_levels", "port_b_levels", "cycle", "tick",
    "ora", "orb", "ddra", "ddrb", "acr", "pcr", "ifr", "ier", "ira_latch", "irb_latch", "irq_line",
    "t1_latch", "pb7", "t1_underflow", "t1_hold", "t1_last_underflow", "t1_flag_tick", "t1_armed",
    "t2_latch_low", "t2_count", "t2_underflow", "t2_hold", "t2_flag_tick", "t2_armed", "pb6",
    "sr", "sr_out_bit", "sr_ext_count", "sr_start", "sr_half", "sr_done", "sr_running",
    "ca1", "ca2", "cb1", "cb2", "ca2_out", "cb2_out", "ca2_pulse_end", "cb2_pulse_end",
    "_event_tick", "_last_port_a_out", "_last_port_b_out",
)


class VIA6522(IODevice):
    """One 6522.  `clock` (emulator.clock.Clock, or None for a chip driven only through explicit
    cycles) schedules its IRQ events; `irq(asserted)` is called whenever the IRQ output changes;
    `cycles_per_tick` CPU cycles make one chip cycle (2 on the BBC Micro), and the chip's cycles
    begin on CPU cycles congruent to `tick_phase`.  `name` is only for the machine's messages.

    The chip is a typed bus device (`IODevice`, C types in via6522.pxd): compiled, a machine's I/O page
    reaches its registers without a Python call, which a MOS polling the system VIA needs."""

    def __init__(self, clock=None, irq=None, cycles_per_tick=1, tick_phase=0, name="VIA"):
        if cycles_per_tick < 1:
            raise ValueError("cycles_per_tick must be at least 1")
        self.clock = clock
        if clock is not None:
            clock.register(self, "_on_event")       # the one callback it schedules (save states)
        self.irq = irq
        self.cycles_per_tick = cycles_per_tick
        self.tick_phase = tick_phase
        self.name = name

        self.port_a_input = None
        self.port_b_input = None
        self.port_a_output = None
        self.port_b_output = None
        self.ca2_output = None
        self.cb2_output = None
        self.port_a_levels = 0xFF       # pins left floating read high
        self.port_b_levels = 0xFF

        start_cycle = clock.now if clock is not None else 0
        self.cycle = start_cycle
        self.tick = self._tick_of(start_cycle)

        self.ora = self.orb = self.ddra = self.ddrb = 0
        self.acr = self.pcr = self.ifr = self.ier = 0
        self.ira_latch = self.irb_latch = 0
        self.irq_line = False

        # Timer 1: the counter is U - max(t, hold) - 1 on tick t, U being the next unprocessed underflow
        # (the tick on which the counter shows $FFFF); `last_underflow` is the one most recently passed.
        self.t1_latch = 0xFFFF
        self.t1_underflow = self.tick + 0xFFFF + 1
        self.t1_hold = self.tick
        self.t1_last_underflow = NEVER
        self.t1_armed = False           # one-shot: the next underflow still sets the flag
        self.t1_flag_tick = NEVER
        self.pb7 = 0x80                 # T1's PB7 output level (as bit 7)

        # Timer 2: in timed mode the counter is (U - max(t, hold) - 1) & $FFFF; in pulse counting mode
        # it is `t2_count`, decremented by PB6 falling edges.
        self.t2_latch_low = 0xFF
        self.t2_underflow = self.tick + 0xFFFF + 1
        self.t2_hold = self.tick
        self.t2_count = 0xFFFF
        self.t2_armed = False
        self.t2_flag_tick = NEVER
        self.pb6 = True                 # PB6 as driven from outside (the pin: _pb6_pin)

        # Shift register
        self.sr = 0
        self.sr_running = False         # a timed transfer is in progress
        self.sr_start = 0
        self.sr_half = 1
        self.sr_done = 0                # bits shifted since the transfer started
        self.sr_out_bit = 1             # CB2 as shift-out data
        self.sr_ext_count = 0

        # Control lines (input levels as the machine reports them; outputs as driven)
        self.ca1 = self.ca2 = self.cb1 = self.cb2 = True
        self.ca2_out = self.cb2_out = True
        self.ca2_pulse_end = NEVER      # tick on which a CA2 pulse-mode low ends
        self.cb2_pulse_end = NEVER

        self._event = None
        self._event_tick = NEVER
        self._last_port_a_out = self._port_a_out_levels()
        self._last_port_b_out = self._port_b_out_levels()

    # --- time --------------------------------------------------------------------------------------

    def _tick_of(self, cycle):
        # Floor division written out: compiled, `//` truncates towards zero (setup.py's cdivision).
        d = self.cycles_per_tick
        offset = cycle - self.tick_phase
        if offset >= 0:
            return offset // d
        return -((d - 1 - offset) // d)

    def _event_cycle(self, tick):
        d = self.cycles_per_tick
        return self.tick_phase + tick * d + d // 2

    def _catch_up(self, tick):
        """Advance the chip from self.tick to `tick`, applying every timed change in between."""
        if tick <= self.tick:
            return
        self.tick = tick
        flags = 0
        old_pb7 = self.pb7

        if tick >= self.t1_underflow:
            period = self.t1_latch + 2
            count = (tick - self.t1_underflow) // period + 1
            last = self.t1_underflow + (count - 1) * period
            if self.t1_armed:
                flags |= IFR_T1
                if self.acr & 0x40:                         # free-run: every underflow, stays armed
                    self.t1_flag_tick = last
                    if count & 1:
                        self.pb7 ^= 0x80
                else:                                       # one-shot: the first one, then disarmed
                    self.t1_flag_tick = self.t1_underflow
                    self.t1_armed = False
                    self.pb7 = 0x80
            self.t1_last_underflow = last
            self.t1_underflow = last + period

        if self.t2_armed and not self.acr & 0x20 and tick >= self.t2_underflow:
            flags |= IFR_T2
            self.t2_flag_tick = self.t2_underflow
            self.t2_armed = False

        if self.sr_running:
            flags |= self._sr_advance(tick)

        if tick >= self.ca2_pulse_end:
            self.ca2_pulse_end = NEVER
            self._drive_ca2(True)
        if tick >= self.cb2_pulse_end:
            self.cb2_pulse_end = NEVER
            self._drive_cb2(True)

        if flags:
            self.ifr |= flags
        if self.pb7 != old_pb7 and self.acr & 0x80:
            self._port_b_changed()

    def _on_event(self, cycle):
        self._event = None
        self._event_tick = NEVER
        if cycle > self.cycle:
            self.cycle = cycle
        self._catch_up(self._tick_of(cycle))
        self._settle()

    def _settle(self):
        """After any change: drive the IRQ output and schedule the next visible change."""
        level = (self.ifr & self.ier & 0x7F) != 0
        if level != self.irq_line:
            self.irq_line = level
            if self.irq is not None:
                self.irq(level)
        if self.clock is not None:
            self._reschedule()

    def _next_visible_tick(self):
        """The next tick on which the chip's outputs change by themselves, or NEVER."""
        best = NEVER
        t1_sets_flag = self.t1_armed
        if not self.irq_line:
            enabled = self.ier
            if enabled & IFR_T1 and t1_sets_flag:
                best = self.t1_underflow
            if enabled & IFR_T2 and self.t2_armed and not self.acr & 0x20:
                if self.t2_underflow < best:
                    best = self.t2_underflow
            if enabled & IFR_SR and self.sr_running and self.sr_mode() != SR_OUT_T2_FREE:
                end = self.sr_start + 16 * self.sr_half
                if end < best:
                    best = end
        if self.acr & 0x80 and self.port_b_output is not None and t1_sets_flag:
            if self.t1_underflow < best:
                best = self.t1_underflow
        if self.ca2_output is not None and self.ca2_pulse_end < best:
            best = self.ca2_pulse_end
        if self.cb2_output is not None and self.cb2_pulse_end < best:
            best = self.cb2_pulse_end
        return best

    def _reschedule(self):
        tick = self._next_visible_tick()
        if tick == self._event_tick:
            return
        if self._event is not None:
            self.clock.cancel(self._event)
            self._event = None
        self._event_tick = tick
        if tick != NEVER:
            self._event = self.clock.schedule(self._event_cycle(tick), self._on_event)

    def _access(self, cycle):
        if cycle > self.cycle:
            self.cycle = cycle
        tick = self._tick_of(cycle)
        self._catch_up(tick)
        return self.tick

    # --- timers ------------------------------------------------------------------------------------

    def t1_counter(self, tick=None):
        """T1's counter on `tick` (default: the tick the chip has reached)."""
        return self._t1_at(self.tick if tick is None else tick)

    def t2_counter(self, tick=None):
        """T2's counter on `tick` (default: the tick the chip has reached)."""
        return self._t2_at(self.tick if tick is None else tick)

    def _t1_at(self, tick):
        if tick == self.t1_last_underflow:
            return 0xFFFF
        hold = self.t1_hold
        return (self.t1_underflow - (tick if tick > hold else hold) - 1) & 0xFFFF

    def _t2_at(self, tick):
        if self.acr & 0x20:
            return self.t2_count
        hold = self.t2_hold
        return (self.t2_underflow - (tick if tick > hold else hold) - 1) & 0xFFFF

    def _t1_latch_written(self, tick):
        # A latch written on the underflow tick is the one the reload on the next tick uses.
        if self.t1_last_underflow == tick:
            self.t1_underflow = tick + self.t1_latch + 2

    def _t1_start(self, tick):
        """Write to T1C-H: load the counter from the latch, arm, clear the flag, PB7 low."""
        self.t1_underflow = tick + self.t1_latch + 2
        self.t1_hold = tick + 1
        self.t1_last_underflow = NEVER
        self.t1_armed = True
        if self.t1_flag_tick != tick:
            self.ifr &= ~IFR_T1
        if self.pb7:
            self.pb7 = 0
            if self.acr & 0x80:
                self._port_b_changed()

    def _t2_start(self, tick, value):
        """Write to T2C-H: load the counter from the low latch and `value`, arm, clear the flag."""
        load = value << 8 | self.t2_latch_low
        self.t2_underflow = tick + load + 2
        self.t2_hold = tick + 1
        self.t2_count = load
        self.t2_armed = True
        if self.t2_flag_tick != tick:
            self.ifr &= ~IFR_T2

    def _t2_pulse(self):
        # Pulse counting: the flag is set when the count reaches zero, i.e. after N pulses (6522 data
        # sheets, "Timer 2 pulse counting mode"; as used in Jeff Tranter's "6522 VIA Experiment #3");
        # the counter then goes on decrementing with each pulse, interrupting again only after a
        # new write to T2C-H.
        self.t2_count = (self.t2_count - 1) & 0xFFFF
        if self.t2_count == 0 and self.t2_armed:
            self.t2_armed = False
            self.t2_flag_tick = self.tick
            self.ifr |= IFR_T2

    # --- shift register ----------------------------------------------------------------------------

    def sr_mode(self):
        return (self.acr >> 2) & 7

    def _sr_shift(self, n, shifts_in):
        if shifts_in:
            ones = 0xFF if self.cb2 else 0
            if n >= 8:
                self.sr = ones
            else:
                self.sr = ((self.sr << n) | (ones & ((1 << n) - 1))) & 0xFF
        else:                                                    # out: bit 7 to CB2 and back into bit 0
            r = n & 7
            self.sr = ((self.sr << r) | (self.sr >> (8 - r))) & 0xFF
            self.sr_out_bit = self.sr & 1

    def _sr_advance(self, tick):
        mode = self.sr_mode()
        total = (tick - self.sr_start) // (2 * self.sr_half)
        limited = mode != SR_OUT_T2_FREE
        if limited and total > 8:
            total = 8
        n = total - self.sr_done
        if n > 0:
            self._sr_shift(n, mode in _SR_SHIFTS_IN)
            self.sr_done = total
        if limited and total >= 8:
            self.sr_running = False
            return IFR_SR
        return 0

    def _sr_access(self, tick):
        """A read or write of the SR clears its flag and starts a transfer of 8 bits."""
        self.ifr &= ~IFR_SR
        mode = self.sr_mode()
        self.sr_ext_count = 0
        if mode in _SR_TIMED:
            self.sr_running = True
            self.sr_start = tick
            self.sr_done = 0
            if mode in (SR_IN_PHI2, SR_OUT_PHI2):
                self.sr_half = 1
            else:
                self.sr_half = self.t2_latch_low + 2
        else:
            self.sr_running = False

    def _sr_external_edge(self, rising):
        mode = self.sr_mode()
        if (mode == SR_IN_EXT and rising) or (mode == SR_OUT_EXT and not rising):
            self._sr_shift(1, mode == SR_IN_EXT)
            self.sr_ext_count += 1
            if self.sr_ext_count == 8:
                self.sr_ext_count = 0
                self.ifr |= IFR_SR

    # --- ports -------------------------------------------------------------------------------------

    def _input_a(self):
        return (self.port_a_input() if self.port_a_input is not None else self.port_a_levels) & 0xFF

    def _input_b(self):
        return (self.port_b_input() if self.port_b_input is not None else self.port_b_levels) & 0xFF

    def _pins_a(self):
        return (self.ora & self.ddra) | (self._input_a() & ~self.ddra & 0xFF)

    def _read_port_a(self):
        # IRA reads the pins (all 8 bits), or what CA1 latched when latching is on (ACR bit 0).
        return self.ira_latch if self.acr & 0x01 else self._pins_a()

    def _read_port_b(self):
        # IRB: output bits read ORB, input bits read the pins or, with ACR bit 1, the CB1 latch.
        inputs = self.irb_latch if self.acr & 0x02 else self._input_b()
        value = (self.orb & self.ddrb) | (inputs & ~self.ddrb & 0xFF)
        if self.acr & 0x80:
            value = (value & 0x7F) | self.pb7
        return value

    def _port_a_out_levels(self):
        return (self.ora | ~self.ddra) & 0xFF

    def _port_b_out_levels(self):
        value = (self.orb | ~self.ddrb) & 0xFF
        if self.acr & 0x80:                 # PB7 is T1's output whatever DDRB bit 7 says
            value = (value & 0x7F) | self.pb7
        return value

    def _port_a_changed(self):
        levels = self._port_a_out_levels()
        if levels != self._last_port_a_out:
            self._last_port_a_out = levels
            if self.port_a_output is not None:
                self.port_a_output(levels)

    def _port_b_changed(self):
        levels = self._port_b_out_levels()
        if levels != self._last_port_b_out:
            self._last_port_b_out = levels
            if self.port_b_output is not None:
                self.port_b_output(levels)

    # --- control lines -----------------------------------------------------------------------------

    def ca2_mode(self):
        return (self.pcr >> 1) & 7

    def cb2_mode(self):
        return (self.pcr >> 5) & 7

    def _drive_ca2(self, level):
        if level != self.ca2_out:
            self.ca2_out = level
            if self.ca2_output is not None:
                self.ca2_output(level)

    def _drive_cb2(self, level):
        if level != self.cb2_out:
            self.cb2_out = level
            if self.cb2_output is not None:
                self.cb2_output(level)

    def _write_pcr(self, value):
        """Set CA2/CB2 as the new PCR says: manual levels at once; handshake and pulse outputs start
        idle (high) when newly selected; input modes leave the line undriven (reported high)."""
        old_ca2, old_cb2 = self.ca2_mode(), self.cb2_mode()
        self.pcr = value
        mode = self.ca2_mode()
        if mode != old_ca2:
            self.ca2_pulse_end = NEVER
            self._drive_ca2(mode != C2_LOW)
        mode = self.cb2_mode()
        if mode != old_cb2:
            self.cb2_pulse_end = NEVER
            self._drive_cb2(mode != C2_LOW)

    def _port_a_handshake(self, tick):
        """Read of IRA or write of ORA (register 1): clear CA1/CA2 flags, run the CA2 handshake."""
        mode = self.ca2_mode()
        self.ifr &= ~(IFR_CA1 if mode in (C2_INDEPENDENT_NEG, C2_INDEPENDENT_POS) else IFR_CA1 | IFR_CA2)
        if mode == C2_HANDSHAKE:                # low until the next active CA1 edge
            self._drive_ca2(False)
        elif mode == C2_PULSE:                  # low for one cycle following the access
            self._drive_ca2(False)
            self.ca2_pulse_end = tick + 2

    def _port_b_flags(self):
        mode = self.cb2_mode()
        self.ifr &= ~(IFR_CB1 if mode in (C2_INDEPENDENT_NEG, C2_INDEPENDENT_POS) else IFR_CB1 | IFR_CB2)

    def set_ca1(self, level, cycle):
        tick = self._access(cycle)
        level = bool(level)
        if level == self.ca1:
            self._settle()
            return
        self.ca1 = level
        if level == bool(self.pcr & 0x01):              # PCR bit 0: 1 = positive active edge
            self.ifr |= IFR_CA1
            if self.acr & 0x01:
                self.ira_latch = self._pins_a()
            if self.ca2_mode() == C2_HANDSHAKE:
                self._drive_ca2(True)
        self._settle()

    def set_ca2(self, level, cycle):
        self._access(cycle)
        level = bool(level)
        if level == self.ca2:
            self._settle()
            return
        self.ca2 = level
        mode = self.ca2_mode()
        if mode < C2_HANDSHAKE and level == bool(mode & 2):  # input modes; bit 1 of the mode = positive
            self.ifr |= IFR_CA2
        self._settle()

    def set_cb1(self, level, cycle):
        self._access(cycle)
        level = bool(level)
        if level == self.cb1:
            self._settle()
            return
        self.cb1 = level
        if level == bool(self.pcr & 0x10):
            self.ifr |= IFR_CB1
            if self.acr & 0x02:
                self.irb_latch = self._input_b()
            if self.cb2_mode() == C2_HANDSHAKE:
                self._drive_cb2(True)
        self._sr_external_edge(level)
        self._settle()

    def set_cb2(self, level, cycle):
        self._access(cycle)
        level = bool(level)
        if level == self.cb2:
            self._settle()
            return
        self.cb2 = level
        mode = self.cb2_mode()
        if mode < C2_HANDSHAKE and level == bool(mode & 2):
            self.ifr |= IFR_CB2
        self._settle()

    def set_port_a_input(self, levels, cycle):
        self._access(cycle)
        self.port_a_levels = levels & 0xFF
        self._settle()

    def set_port_b_input(self, levels, cycle):
        self._access(cycle)
        self.port_b_levels = levels & 0xFF
        self._pb6_level(bool(levels & 0x40))
        self._settle()

    def set_pb6(self, level, cycle):
        """PB6 as T2's pulse-counting input (when port B's levels come from a callable)."""
        self._access(cycle)
        self._pb6_level(bool(level))
        self._settle()

    def _pb6_level(self, level):
        was = self._pb6_pin()
        self.pb6 = level
        self._pb6_edge(was)

    def _pb6_pin(self):
        """PB6's pin: ORB bit 6 when DDRB makes it an output, else the level driven from outside."""
        if self.ddrb & 0x40:
            return (self.orb & 0x40) != 0
        return self.pb6

    def _pb6_edge(self, was):
        # T2 counts falling edges on the PB6 pin whoever drives it, the VIA's own output included
        # (VIA.T.PB6 on a real Model B: with nothing on the user port, switching PB6 to an output
        # with ORB bit 6 clear counts one pulse).
        if was and not self._pb6_pin() and self.acr & 0x20:
            self._t2_pulse()

    # --- bus interface -----------------------------------------------------------------------------

    def _register(self, reg):
        """A register's value as a read on the current tick returns it (no side effects)."""
        if reg == ORB:
            return self._read_port_b()
        if reg == ORA or reg == ORA_NH:
            return self._read_port_a()
        if reg == DDRB:
            return self.ddrb
        if reg == DDRA:
            return self.ddra
        if reg == T1CL:
            return self._t1_at(self.tick) & 0xFF
        if reg == T1CH:
            return self._t1_at(self.tick) >> 8
        if reg == T1LL:
            return self.t1_latch & 0xFF
        if reg == T1LH:
            return self.t1_latch >> 8
        if reg == T2CL:
            return self._t2_at(self.tick) & 0xFF
        if reg == T2CH:
            return self._t2_at(self.tick) >> 8
        if reg == SR:
            return self.sr
        if reg == ACR:
            return self.acr
        if reg == PCR:
            return self.pcr
        if reg == IFR:
            return self.ifr | (IFR_IRQ if self.ifr & self.ier & 0x7F else 0)
        return self.ier | 0x80                          # IER reads with bit 7 set

    def read(self, addr, cycle):
        tick = self._access(cycle)
        reg = addr & 15
        value = self._register(reg)
        if reg == ORB:
            self._port_b_flags()
        elif reg == ORA:
            self._port_a_handshake(tick)
        elif reg == T1CL:
            if self.t1_flag_tick != tick:
                self.ifr &= ~IFR_T1
        elif reg == T2CL:
            if self.t2_flag_tick != tick:
                self.ifr &= ~IFR_T2
        elif reg == SR:
            self._sr_access(tick)
        self._settle()                                  # catching up may have set a flag
        return value

    def write(self, addr, value, cycle):
        tick = self._access(cycle)
        reg = addr & 15
        value &= 0xFF
        if reg == ORB:
            was = self._pb6_pin()
            self.orb = value
            self._pb6_edge(was)
            self._port_b_flags()
            mode = self.cb2_mode()
            if mode == C2_HANDSHAKE:                    # CB2 low on a write to ORB until CB1 is active
                self._drive_cb2(False)
            elif mode == C2_PULSE:
                self._drive_cb2(False)
                self.cb2_pulse_end = tick + 2
            self._port_b_changed()
        elif reg == ORA or reg == ORA_NH:
            self.ora = value
            if reg == ORA:
                self._port_a_handshake(tick)
            self._port_a_changed()
        elif reg == DDRB:
            was = self._pb6_pin()
            self.ddrb = value
            self._pb6_edge(was)
            self._port_b_changed()
        elif reg == DDRA:
            self.ddra = value
            self._port_a_changed()
        elif reg == T1CL or reg == T1LL:
            self.t1_latch = (self.t1_latch & 0xFF00) | value
            self._t1_latch_written(tick)
        elif reg == T1CH:
            self.t1_latch = (self.t1_latch & 0x00FF) | value << 8
            self._t1_start(tick)
        elif reg == T1LH:
            # Writing the high latch clears the T1 flag (MOS 6522 data sheet, register 7; also the
            # VIC-20 Programmer's Reference Guide: "write into the high order latch and reset the
            # T1 interrupt flag").
            self.t1_latch = (self.t1_latch & 0x00FF) | value << 8
            if self.t1_flag_tick != tick:
                self.ifr &= ~IFR_T1
            self._t1_latch_written(tick)
        elif reg == T2CL:
            self.t2_latch_low = value
        elif reg == T2CH:
            self._t2_start(tick, value)
        elif reg == SR:
            self.sr = value
            self._sr_access(tick)
        elif reg == ACR:
            self._write_acr(value, tick)
        elif reg == PCR:
            self._write_pcr(value)
        elif reg == IFR:
            clear = value & 0x7F
            if self.t1_flag_tick == tick:               # a flag set on this tick stays set (VIA.I2)
                clear &= ~IFR_T1
            if self.t2_flag_tick == tick:
                clear &= ~IFR_T2
            self.ifr &= ~clear
        else:
            if value & 0x80:
                self.ier |= value & 0x7F
            else:
                self.ier &= ~value & 0x7F
        self._settle()

    def _write_acr(self, value, tick):
        old = self.acr
        if tick == self.t1_flag_tick and not value & 0x40:
            # One-shot selected on the very tick T1 interrupts: the timer is disarmed whichever mode
            # it was in (VIA.AC3, AC6 on a real Model B; from one-shot it was disarmed already: AC2).
            self.t1_armed = False
        if (old ^ value) & 0x20:
            # T2 sees its new mode from the tick after the write: timed -> pulse counting still
            # counts on the write's tick, pulse counting -> timed first counts on the tick after
            # that.  This gives the 251, 249 that VIA.T23 states as a real BBC's result; no agreed
            # hardware measurement of T23 exists (jsbeeb's suite skips it).
            if value & 0x20:                            # freeze the count
                self.t2_count = self._t2_at(tick + 1)
                if self.t2_armed and self.t2_underflow == tick + 1:
                    # the last timed count underflows: the flag is set, a cycle early (docstring)
                    self.t2_armed = False
                    self.t2_flag_tick = tick + 1
                    self.ifr |= IFR_T2
            else:                                       # count on from the frozen value
                self.t2_underflow = tick + 1 + self.t2_count + 1
                self.t2_hold = tick + 1
        if (old ^ value) & 0x1C:
            self.sr_running = False
            self.sr_ext_count = 0
        self.acr = value
        if (old ^ value) & 0x80:
            self._port_b_changed()

    def peek(self, addr):
        """The register's value now, without side effects (the chip is not even brought up to date)."""
        view = copy.copy(self)
        view.clock = None
        view.irq = None
        view.port_a_output = view.port_b_output = None
        view.ca2_output = view.cb2_output = None
        if self.clock is not None:
            view._catch_up(self._tick_of(self.clock.now))
        return view._register(addr & 15)

    def reset(self, cycle=None):
        """RES: clear every register except the timers, their latches and the SR (R6522 data sheet);
        all lines become inputs, interrupts are disabled and the timers stop interrupting."""
        if cycle is None:
            cycle = self.clock.now if self.clock is not None else self.cycle
        self._access(cycle)
        self.ora = self.orb = self.ddra = self.ddrb = 0
        self.acr = self.pcr = self.ifr = self.ier = 0
        self.ira_latch = self.irb_latch = 0
        self.t1_armed = self.t2_armed = False
        self.sr_running = False
        self.sr_ext_count = 0
        self.ca2_pulse_end = self.cb2_pulse_end = NEVER
        self._drive_ca2(True)
        self._drive_cb2(True)
        self._port_a_changed()
        self._port_b_changed()
        self._settle()

    # --- save states (emulator/state.py) ------------------------------------------------------------

    def state_schema(self):
        from emulator.schema import FLAG, U8, U16, boolean, integer
        tick = integer(0, NEVER)
        kinds = {"irq_line": boolean, "t1_armed": boolean, "t2_armed": boolean, "pb6": boolean,
                 "sr_running": boolean, "ca1": boolean, "ca2": boolean, "cb1": boolean, "cb2": boolean,
                 "ca2_out": boolean, "cb2_out": boolean, "t1_latch": U16, "t2_count": U16,
                 "sr_out_bit": FLAG, "sr_ext_count": integer(0, 16)}
        for name in ("cycle", "tick", "t1_underflow", "t1_hold", "t1_last_underflow", "t1_flag_tick",
                     "t2_underflow", "t2_hold", "t2_flag_tick", "sr_start", "sr_half", "sr_done",
                     "ca2_pulse_end", "cb2_pulse_end", "_event_tick"):
            kinds[name] = tick
        return {name: kinds.get(name, U8) for name in STATE_FIELDS}

    def check_state(self, d, machine):
        """The chip's own time must not lie ahead of the CPU's: a chip whose tick is in the future
        never catches up, and its next event would fire again and again at the same cycle."""
        from emulator.schema import SchemaError
        if d["cycle"] > machine["cpu"]["cycles"] + 64 or d["tick"] > self._tick_of(d["cycle"]) + 1:
            raise SchemaError(f"{self.name}: its cycle {d['cycle']} and tick {d['tick']} are ahead "
                              f"of the CPU's cycle {machine['cpu']['cycles']}")

    def state(self):
        """Every field as it stands (the chip is not brought up to date: catching up is lazy and
        happens the same way after a load)."""
        return {name: getattr(self, name) for name in STATE_FIELDS}

    def set_state(self, d):
        """Restore the fields; the clock's queue must be restored first, so the chip finds its
        pending event there (the one that calls its `_on_event`) and can cancel it later."""
        for name in STATE_FIELDS:
            setattr(self, name, d[name])
        self._event = None
        if self.clock is not None:
            for event in self.clock.pending():
                callback = event.callback
                if getattr(callback, "__self__", None) is self and \
                        getattr(callback, "__name__", None) == "_on_event":
                    self._event = event
