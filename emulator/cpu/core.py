"""The NMOS 6502 core: all 256 opcodes, exact cycle counts, decimal mode, IRQ/NMI.

This file is plain Python; `core.pxd` beside it gives Cython the C types, so the same source compiles
into a fast extension (ACORN_PURE_PYTHON=1 runs it as written).  All the work happens in `_run`:
registers and flags live in C locals while it runs, N and Z are kept as "last result" bytes (N is bit
7 of `fn`, Z is `fz == 0`), and each instruction is two switches: the addressing mode (from a table
built from `opcodes.py`) and then the operation (an if/elif chain on the opcode, which Cython turns
into a C switch).

Time.  An instruction that starts when `cycles == C` and lasts n cycles occupies cycles C .. C+n-1,
and every one of those cycles is a bus access, as in the cycle tables of the MCS6500 hardware manual
(appendix A) and 64doc: the opcode on C, operand bytes on C+1 and C+2; loads and stores access their
data on the last cycle (C+n-1, any page-cross penalty included); read-modify-writes read on C+n-3 and
write twice, the old value on C+n-2 and the new one on C+n-1; stack and vector accesses on the tables'
cycles (BRK pushes on C+2..C+4 and reads the vector on C+5, C+6).  The accesses whose value the CPU
throws away are made too: implied and accumulator instructions read the next byte on C+1; zp,X/zp,Y
and (zp,X) read the unindexed address on C+2; abs,X, abs,Y and (zp),Y read the address before the
carry into its high byte (the wrong one when the index crosses a page) whenever they cross, and
stores and read-modify-writes always, even without a crossing; JSR, RTS, RTI, PLA and PLP read the
stack on C+2, RTS reads the pulled address before incrementing it; a taken branch reads the next
opcode, and the un-carried target when it crosses; an interrupt entry reads the opcode twice before
its pushes.  RAM and ROM pages are read straight from the bus's memory array (a discarded access to
them costs one page-kind test); only I/O pages call the bus, with the exact cycle of the access.  An
access to a stretched part of an I/O page (the BBC's 1 MHz bus) first adds `bus.access_delay(addr,
cycle)` cycles to the instruction.  While an I/O handler runs, `cpu.cycles` is the cycle of that access.

Interrupts.  The chip samples its IRQ line and NMI latch at the end of each instruction's penultimate
cycle and acts on them after the instruction: a line that rises on the last cycle is taken one
instruction later, one that rises and falls between two polls is never seen, one up at the poll is
taken even if it falls before the instruction ends.  A taken branch that stays in its page polls only
at the end of its first cycle.  The sample is taken before what an I/O access on the penultimate or
last cycle does to the lines (a device latches a write at the end of its cycle), and the clock's
events due by the poll fire first (`clock.fire_until`, called from inside the instruction), so devices
whose lines change during an instruction are up to date; what changes after the poll is held for the
next instruction (`held`, `irq_seen`, `nmi_seen`).  Without a clock (a bare CPU stepped by a test),
lines set between two `step()` calls count as set before the poll.  An IRQ is taken when the line was
asserted and I was clear at the poll; CLI, SEI and PLP change I only after the poll (one more
instruction runs after CLI before a pending IRQ; an IRQ pending during SEI is still taken), RTI before
it.  NMI is latched on the rising edge of the OR of its sources and taken before IRQ.  An interrupt
entry takes 7 cycles and the first instruction of the handler always runs before the next poll.  An
NMI edge by the end of the 4th cycle of a BRK or IRQ sequence takes it over: the pushes are BRK's or
IRQ's (B as they set it), the vector is NMI's.

Debugger hooks (emulator.debug uses them; all off by default).  The run loop tests one local,
`debug_hooks`, per instruction; while it is nonzero `_debug_hook` stops before an address flagged in
the 64 KiB `break_map` (passing over `resume_pc` once, to resume from a breakpoint) and records the
instruction in the `trace_buf` ring.  `break_on_brk/irq/nmi` stop a run after a BRK or an interrupt
entry (tests in those cold paths only), and a device may call `request_break()` to end the run once
the current instruction is done.  Such stops return STOP_BREAK with the reason in `break_cause`.

Unstable undocumented opcodes follow "NMOS 6510 Unintended Opcodes - No More Secrets" (groepaz):
  ANE ($8B)  A = (A | $EE) & X & imm         magic constant $EE, one of the values the document lists
  LXA ($AB)  A = X = (A | $EE) & imm         same constant
  SHA ($93, $9F), SHX ($9E), SHY ($9C), TAS ($9B): the stored value is REG & (H+1), H being the high
             byte of the base address before indexing; when the indexing crosses a page, the high byte
             of the target address becomes that value (the "&(H+1)" rule; the RDY/DMA variant where the
             &(H+1) drops out is not modelled).  TAS first sets S = A & X.
  LAS ($BB)  A = X = S = M & S.
ARR in decimal mode follows the same document (and 64doc): N = old C, Z and V from the rotated value,
then each nibble is BCD-fixed and C comes from the high nibble.

Known simplifications (none that the public timing and interrupt test programs detect):
  * JAM stops the CPU without advancing the cycle count; only reset() restarts it;
  * code running from an I/O page polls interrupts as if its own fetches were RAM reads (the sample
    before a last-cycle access is keyed to data accesses);
  * the RESET sequence does not perform its three suppressed stack reads as bus accesses.
"""
from array import array

from emulator.cpu.opcodes import MODES, OPCODES

STOP_LIMIT = 0
STOP_JAM = 1
STOP_TRAP = 2
STOP_BREAK = 3          # a debugger hook stopped the run: see `break_cause`

# Debugger hooks (emulator.debug).  `debug_hooks` is 0 unless a debugger wants something per
# instruction, so an idle debugger costs one well-predicted branch per instruction:
HOOK_BREAKPOINTS = 1    # stop before an instruction whose address is flagged in `break_map`
HOOK_TRACE = 2          # record every instruction in the `trace_buf` ring
# Why a STOP_BREAK run stopped (`break_cause`):
CAUSE_BREAKPOINT = 1    # PC reached a flagged address (the instruction has not run)
CAUSE_REQUEST = 2       # something called request_break() (a watchpoint); the instruction has run
CAUSE_BRK = 3           # a BRK was executed (PC is at the handler)
CAUSE_IRQ = 4           # an IRQ was taken (PC is at the handler)
CAUSE_NMI = 5           # an NMI was taken (PC is at the handler)
TRACE_WORDS = 3         # trace record: PC | bytes << 16;  A X Y S P packed;  cycle at its start

_PAGE_IO = 2            # emulator.bus.PAGE_IO

# Per-opcode tables for the run loop: addressing mode number (index into MODES), base cycles, and
# whether a page crossing costs a cycle.
# JSR fetches its own operand (its high byte comes after the pushes): mode 13, nothing done for it.
_MODE_JSR = len(MODES)
_MODE_TABLE = bytes(_MODE_JSR if o.mnemonic == "JSR" else MODES.index(o.mode) for o in OPCODES)
_CYCLE_TABLE = bytes(o.cycles for o in OPCODES)
_PENALTY_TABLE = bytes(1 if o.page_penalty and o.mode != "rel" else 0 for o in OPCODES)

ANE_MAGIC = 0xEE        # the "magic constant" of ANE and LXA (No More Secrets lists $EE among those seen)
_ANE_MAGIC = ANE_MAGIC  # the same, as a C constant for the compiled core


def _pack_p(fn, fv, fd, fi, fz, fc):
    """P as PHP pushes it (bits 5 and 4 set)."""
    return (fn & 0x80) | (fv << 6) | 0x30 | (fd << 3) | (fi << 2) | ((fz == 0) << 1) | fc


def _adc(a, v, c, d):
    """ADC: returns A | C<<8 | V<<9 | Z<<10 | Nbyte<<16.

    Decimal mode is the NMOS behaviour of Bruce Clark's "Decimal Mode" (6502.org), appendix A: A and C
    from the decimal adjust (sequence 1), N and V from the value after the low-nibble adjust only
    (sequence 2), Z from the binary sum; invalid BCD digits go through the same steps.
    """
    binary = a + v + c
    if not d:
        result = binary & 0xFF
        overflow = ((~(a ^ v) & (a ^ binary)) >> 7) & 1
        return result | (binary >> 8) << 8 | overflow << 9 | (result == 0) << 10 | result << 16
    low = (a & 0x0F) + (v & 0x0F) + c
    if low >= 0x0A:
        low = ((low + 0x06) & 0x0F) + 0x10
    total = (a & 0xF0) + (v & 0xF0) + low            # before the high-nibble adjust: N and V
    overflow = ((~(a ^ v) & (a ^ total)) >> 7) & 1
    negative = total & 0x80
    if total >= 0xA0:
        total += 0x60
    return ((total & 0xFF) | (total >= 0x100) << 8 | overflow << 9
            | ((binary & 0xFF) == 0) << 10 | negative << 16)


def _sbc(a, v, c, d):
    """SBC, packed as for _adc.  All four flags come from the binary subtraction in both modes; in
    decimal mode only A is adjusted (Clark, appendix A, sequence 3)."""
    binary = a - v - (1 - c)
    result = binary & 0xFF
    overflow = (((a ^ v) & (a ^ binary)) >> 7) & 1
    flags = (binary >= 0) << 8 | overflow << 9 | (result == 0) << 10 | result << 16
    if not d:
        return result | flags
    low = (a & 0x0F) - (v & 0x0F) + c - 1
    if low < 0:
        low = ((low - 0x06) & 0x0F) - 0x10
    total = (a & 0xF0) - (v & 0xF0) + low
    if total < 0:
        total -= 0x60
    return (total & 0xFF) | flags


def _arr(a, v, c, d):
    """ARR (AND then ROR with the ALU's adder quirks), packed as for _adc."""
    t = a & v
    result = (t >> 1) | (c << 7)
    if not d:
        bit6 = (result >> 6) & 1
        return result | bit6 << 8 | (bit6 ^ ((result >> 5) & 1)) << 9 | (result == 0) << 10 | result << 16
    # Decimal mode (No More Secrets, ARR): N = old carry, Z and V from the rotated value, then the
    # nibbles are fixed up as BCD and the carry comes from the high nibble's fix-up.
    flags = (((t ^ result) >> 6) & 1) << 9 | (result == 0) << 10 | (c << 7) << 16
    if (t & 0x0F) + (t & 0x01) > 5:
        result = (result & 0xF0) | ((result + 6) & 0x0F)
    if (t & 0xF0) + (t & 0x10) > 0x50:
        result = (result + 0x60) & 0xFF
        flags |= 1 << 8
    return result | flags


class CPU:
    """An NMOS 6502 on a `emulator.bus.Bus`."""

    def __init__(self, bus):
        self.bus = bus
        self.mem = bus.mem
        self.kind = bus.kind
        self.stretch = bus.stretch
        self.mode_table = bytearray(_MODE_TABLE)
        self.cycle_table = bytearray(_CYCLE_TABLE)
        self.penalty_table = bytearray(_PENALTY_TABLE)
        self.a = self.x = self.y = 0
        self.s = 0xFD
        self.pc = 0
        self.fn = 0
        self.fz = 1
        self.fc = 0
        self.fv = 0
        self.fd = 0
        self.fi = 1
        self.cycles = 0
        self.instructions = 0
        self.limit = 0
        self.halted = False
        self.jam_opcode = None
        self.stop_on_trap = False
        self.trapped = False
        self.irq_lines = 0
        self.nmi_lines = 0
        self.nmi_latched = 0
        self.poll_state = 0         # 0 poll normally, 1 IRQ uses i_at_poll (after CLI/SEI/PLP), 2 skip
        self.i_at_poll = 1
        self.stretch_extra = 0      # stretch cycles added by I/O accesses of the current instruction
        # The interrupt sample: the chip polls its IRQ line and NMI latch at the end of an instruction's
        # penultimate cycle.  When something can change them between that point and the instruction's
        # end (an I/O access on the last cycle, events due before the end), the lines as they were at
        # the poll are held here and the next poll uses them instead of the live ones.
        self.held = 0
        self.irq_seen = 0
        self.nmi_seen = 0
        self.last_cycle = -1        # the last cycle of the instruction in progress (before stretching)
        self.clock = None           # an emulator.clock.Clock attaches itself: events due before a poll
        # debugger hooks (all off): see HOOK_* and CAUSE_* above
        self.debug_hooks = 0
        self.break_map = bytearray(0x10000)
        self.resume_pc = -1         # a breakpoint at this PC is passed over once (resuming from it)
        self.break_cause = 0
        self.break_requested = False
        self.break_on_brk = False
        self.break_on_irq = False
        self.break_on_nmi = False
        self.trace_buf = array("q", bytes(8 * TRACE_WORDS))
        self.trace_capacity = 1
        self.trace_count = 0        # records written so far; the newest is at (count - 1) % capacity

    # --- flags ----------------------------------------------------------------------------------------

    @property
    def p(self):
        return _pack_p(self.fn, self.fv, self.fd, self.fi, self.fz, self.fc)

    @p.setter
    def p(self, value):
        self.fn = value & 0x80
        self.fv = (value >> 6) & 1
        self.fd = (value >> 3) & 1
        self.fi = (value >> 2) & 1
        self.fz = 0 if value & 0x02 else 1
        self.fc = value & 1

    # --- interrupt lines ------------------------------------------------------------------------------

    def set_irq(self, mask, asserted):
        if asserted:
            self.irq_lines |= mask
        else:
            self.irq_lines &= ~mask

    def set_nmi(self, mask, asserted):
        before = self.nmi_lines
        if asserted:
            self.nmi_lines |= mask
        else:
            self.nmi_lines &= ~mask
        if before == 0 and self.nmi_lines != 0:
            self.nmi_latched = 1

    def nmi(self):
        """One NMI edge, whatever the lines are doing."""
        self.nmi_latched = 1

    def reset(self):
        """The 7-cycle reset sequence: three stack pushes with writes suppressed, I set, PC from $FFFC."""
        start = self.cycles
        self.s = (self.s - 3) & 0xFF
        self.fi = 1
        self.halted = False
        self.jam_opcode = None
        self.trapped = False
        self.nmi_latched = 0
        self.poll_state = 0
        self.stretch_extra = 0
        self.held = 0
        low = self.rd(0xFFFC, start + 5)
        self.pc = low | self.rd(0xFFFD, start + 6) << 8
        self.cycles = start + 7 + self.stretch_extra
        self.stretch_extra = 0

    # --- running --------------------------------------------------------------------------------------

    def run(self, limit):
        """Run whole instructions while cycles < limit (self.limit, which devices may lower)."""
        self.limit = limit
        return self._run(0)

    def step(self):
        """Exactly one instruction, or one interrupt entry sequence."""
        return self._run(1)

    # --- debugger hooks -------------------------------------------------------------------------------

    def request_break(self):
        """Stop the current run once the instruction in progress is done (STOP_BREAK, CAUSE_REQUEST).

        For devices such as a debugger's watchpoints; lowering `limit` ends the run loop."""
        self.break_requested = True
        self.limit = 0

    def set_trace_buffer(self, capacity):
        """Allocate the trace ring for `capacity` instructions (tracing itself is HOOK_TRACE)."""
        if capacity < 1:
            raise ValueError("the trace buffer needs room for at least one instruction")
        self.trace_buf = array("q", bytes(8 * TRACE_WORDS * capacity))
        self.trace_capacity = capacity
        self.trace_count = 0

    # --- save states (emulator/state.py) ------------------------------------------------------------

    def state_schema(self):
        """What a save state's CPU may hold (emulator/state.py checks it before set_state)."""
        from emulator.schema import CYCLE, FLAG, U8, U16, boolean, integer, maybe
        return {"a": U8, "x": U8, "y": U8, "s": U8, "pc": U16, "fn": U8, "fz": U8, "fc": FLAG,
                "fv": FLAG, "fd": FLAG, "fi": FLAG, "cycles": CYCLE, "instructions": CYCLE,
                "halted": boolean, "jam_opcode": maybe(U8), "trapped": boolean, "irq_lines": U8,
                "nmi_lines": U8, "nmi_latched": FLAG, "poll_state": integer(0, 2), "i_at_poll": FLAG,
                "stretch_extra": integer(0, 1 << 16), "held": FLAG, "irq_seen": U8, "nmi_seen": U8}

    def state(self):
        """Registers, interrupt lines and time as plain data (the debugger's hooks are not saved)."""
        return {"a": self.a, "x": self.x, "y": self.y, "s": self.s, "pc": self.pc,
                "fn": self.fn, "fz": self.fz, "fc": self.fc, "fv": self.fv, "fd": self.fd, "fi": self.fi,
                "cycles": self.cycles, "instructions": self.instructions,
                "halted": bool(self.halted), "jam_opcode": self.jam_opcode, "trapped": bool(self.trapped),
                "irq_lines": self.irq_lines, "nmi_lines": self.nmi_lines, "nmi_latched": self.nmi_latched,
                "poll_state": self.poll_state, "i_at_poll": self.i_at_poll,
                "stretch_extra": self.stretch_extra,
                "held": self.held, "irq_seen": self.irq_seen, "nmi_seen": self.nmi_seen}

    def set_state(self, d):
        self.a, self.x, self.y, self.s, self.pc = d["a"], d["x"], d["y"], d["s"], d["pc"]
        self.fn, self.fz, self.fc = d["fn"], d["fz"], d["fc"]
        self.fv, self.fd, self.fi = d["fv"], d["fd"], d["fi"]
        self.cycles, self.instructions = d["cycles"], d["instructions"]
        self.limit = d["cycles"]
        self.halted, self.jam_opcode, self.trapped = d["halted"], d["jam_opcode"], d["trapped"]
        self.irq_lines, self.nmi_lines, self.nmi_latched = d["irq_lines"], d["nmi_lines"], d["nmi_latched"]
        self.poll_state, self.i_at_poll = d["poll_state"], d["i_at_poll"]
        self.stretch_extra = d["stretch_extra"]
        self.held = d.get("held", 0)                # saves from before the interrupt sample: none held
        self.irq_seen = d.get("irq_seen", 0)
        self.nmi_seen = d.get("nmi_seen", 0)

    # --- memory access --------------------------------------------------------------------------------

    def rd(self, addr, when):
        if self.kind[addr >> 8] != _PAGE_IO:
            return self.mem[addr]
        return self.io_rd(addr, when)

    def wr(self, addr, value, when):
        kind = self.kind[addr >> 8]
        if kind == 0:
            self.mem[addr] = value
        elif kind == _PAGE_IO:
            self.io_wr(addr, value, when)
        return 0

    def wr_old(self, addr, value, when):
        """The first write of a read-modify-write (the unmodified value): only a device can see it."""
        if self.kind[addr >> 8] == _PAGE_IO:
            self.io_wr(addr, value, when)
        return 0

    def io_rd(self, addr, when):
        when = self.io_cycle(addr, when)
        return self.bus.io_read(addr, when)

    def dummy_rd(self, addr, when, last):
        """A discarded read on an I/O page at cycle `when` of an instruction whose data access is at
        `last`: the device sees it (and its side effects happen), the 1 MHz bus stretches it."""
        self.last_cycle = last
        self.io_rd(addr, when)
        return 0

    def io_wr(self, addr, value, when):
        when = self.io_cycle(addr, when)
        self.bus.io_write(addr, value, when)
        return 0

    def io_cycle(self, addr, when):
        """The cycle an I/O access happens on, stretching the instruction for a slow page.

        The interrupt poll samples the lines during the instruction's penultimate cycle, before what
        an access on that cycle or the last one does to them (a device latches a write at the end of
        the cycle): the lines are sampled first, with the events due by then fired, so the access's
        effect on them is seen only by the next instruction's poll."""
        nominal = when
        when += self.stretch_extra
        delay = 0
        if self.stretch[addr >> 8]:
            delay = self.bus.access_delay(addr, when)
            self.stretch_extra += delay
            when += delay
        if nominal >= self.last_cycle - 1 and nominal <= self.last_cycle and not self.held:
            # on the penultimate cycle the poll is at its (stretched) end; on the last, just before it
            self.sample_lines(when if nominal != self.last_cycle else when - delay - 1)
        self.cycles = when
        return when

    def fire_events_until(self, poll):
        """Bring the devices up to the end of cycle `poll` inside an instruction: the clock's events
        due by then fire with `cycles` at the poll (a device's line may change there)."""
        if self.clock is not None and poll >= self.limit:
            now = self.cycles
            self.cycles = poll
            self.clock.fire_until(poll)
            if self.cycles == poll:
                self.cycles = now
        return 0

    def sample_lines(self, poll):
        """The interrupt poll at the end of cycle `poll`: fire the events due by then, hold the lines."""
        self.fire_events_until(poll)
        self.held = 1
        self.irq_seen = self.irq_lines
        self.nmi_seen = self.nmi_latched
        return 0

    def irq_vector(self, poll):
        """The vector of a BRK or IRQ sequence: an NMI edge latched by the end of its 4th cycle
        (`poll`) takes the sequence over, which then reads the NMI vector (the pushes are made as for
        BRK or IRQ, B included).  nesdev wiki, "CPU interrupts": interrupt hijacking."""
        self.fire_events_until(poll)
        if self.nmi_latched:
            self.nmi_latched = 0
            return 0xFFFA
        return 0xFFFE

    def _debug_hook(self, pc, a, x, y, s, p, cycles):
        """The per-instruction hooks, called only while `debug_hooks` is nonzero (kept out of the
        run loop so that an idle debugger costs the loop one test).  Returns 1 to stop before the
        instruction at `pc`."""
        hooks = self.debug_hooks
        if hooks & 1 and self.break_map[pc]:                               # HOOK_BREAKPOINTS
            if pc != self.resume_pc:
                self.break_cause = 1        # CAUSE_BREAKPOINT
                return 1
            self.resume_pc = -1
        if hooks & 2:                                                      # HOOK_TRACE
            mem = self.mem
            t = (self.trace_count % self.trace_capacity) * 3
            record = mem[(pc + 2) & 0xFFFF]
            record = (record << 8) | mem[(pc + 1) & 0xFFFF]
            record = (record << 8) | mem[pc]
            self.trace_buf[t] = (record << 16) | pc
            record = p                      # 64-bit shifts: P S Y X A
            record = (record << 8) | s
            record = (record << 8) | y
            record = (record << 8) | x
            record = (record << 8) | a
            self.trace_buf[t + 1] = record
            self.trace_buf[t + 2] = cycles
            self.trace_count += 1
        return 0

    def _run(self, single):
        a = self.a & 0xFF
        x = self.x & 0xFF
        y = self.y & 0xFF
        s = self.s & 0xFF
        pc = self.pc & 0xFFFF
        fn = self.fn & 0xFF
        fz = self.fz & 0xFF
        fc = self.fc & 1
        fv = self.fv & 1
        fd = self.fd & 1
        fi = self.fi & 1
        cycles = self.cycles
        instructions = self.instructions
        debug_hooks = self.debug_hooks
        poll_state = self.poll_state
        i_at_poll = self.i_at_poll
        mode_table = self.mode_table
        cycle_table = self.cycle_table
        penalty_table = self.penalty_table
        kind = self.kind            # discarded reads test the page kind here: only I/O pages see them
        stop = 0                    # STOP_LIMIT
        poll_back = 0               # the last instruction polled this many cycles before its end (0: none)
        self.trapped = False
        if self.halted:
            return 1                # STOP_JAM
        while single or cycles < self.limit:
            # --- interrupt poll: the lines as the last instruction's poll cycle saw them ---------------
            if self.irq_lines or self.nmi_latched or self.held:
                if self.held:
                    self.held = 0
                    irq = self.irq_seen
                    nmi = self.nmi_seen
                else:
                    irq = self.irq_lines
                    nmi = self.nmi_latched
                vector = 0
                if poll_state == 2:
                    pass                    # the handler's first instruction runs before any poll
                elif nmi:
                    self.nmi_latched = 0
                    vector = 0xFFFA
                elif irq and not (i_at_poll if poll_state == 1 else fi):
                    vector = 0xFFFE
                if vector:
                    # the opcode fetch and the next byte's read are made and discarded, then the pushes
                    poll_back = 0           # (no poll in the sequence: nothing to sample at its end)
                    self.stretch_extra = 0
                    self.last_cycle = cycles + 7
                    if kind[pc >> 8] == 2:                  # on an I/O page (_PAGE_IO)
                        self.io_rd(pc, cycles)
                        self.io_rd(pc, cycles + 1)
                    self.wr(0x100 | s, pc >> 8, cycles + 2)
                    s = (s - 1) & 0xFF
                    self.wr(0x100 | s, pc & 0xFF, cycles + 3)
                    s = (s - 1) & 0xFF
                    self.wr(0x100 | s, _pack_p(fn, fv, fd, fi, fz, fc) & 0xEF, cycles + 4)  # B clear
                    s = (s - 1) & 0xFF
                    fi = 1
                    if vector == 0xFFFE:
                        vector = self.irq_vector(cycles + 3)    # an NMI by now takes it over
                    lo = self.rd(vector, cycles + 5)
                    pc = lo | self.rd(vector + 1, cycles + 6) << 8
                    cycles += 7 + self.stretch_extra
                    self.stretch_extra = 0
                    poll_state = 2          # the handler's first instruction runs before any other
                    if self.break_on_nmi if vector == 0xFFFA else self.break_on_irq:
                        self.break_cause = 5 if vector == 0xFFFA else 4     # CAUSE_NMI / CAUSE_IRQ
                        stop = 3            # STOP_BREAK
                        break
                    if single:
                        break
                    continue
            poll_state = 0

            # --- debugger hooks (debug_hooks is 0 when no debugger wants anything) ----------------------
            if debug_hooks:
                if self._debug_hook(pc, a, x, y, s, _pack_p(fn, fv, fd, fi, fz, fc), cycles):
                    stop = 3                    # STOP_BREAK
                    poll_back = 0               # this poll is made: nothing more to sample
                    break

            # --- addressing mode ---------------------------------------------------------------------
            start = cycles
            opc = pc
            op = self.rd(opc, start)
            mode = mode_table[op]
            n = cycle_table[op]
            cross = 0
            ea = 0
            base = 0
            if mode == 0 or mode == 1:                      # imp, acc: the next byte is read, discarded
                pc = (opc + 1) & 0xFFFF
                if kind[pc >> 8] == 2:                      # on an I/O page (_PAGE_IO)
                    self.dummy_rd(pc, start + 1, start + n - 1)
            elif mode == 2:                                 # imm
                ea = (opc + 1) & 0xFFFF
                pc = (opc + 2) & 0xFFFF
            elif mode == 3:                                 # zpg
                ea = self.rd((opc + 1) & 0xFFFF, start + 1)
                pc = (opc + 2) & 0xFFFF
            elif mode == 4:                                 # zpx: the unindexed address is read first
                base = self.rd((opc + 1) & 0xFFFF, start + 1)
                if kind[base >> 8] == 2:
                    self.dummy_rd(base, start + 2, start + n - 1)
                ea = (base + x) & 0xFF
                pc = (opc + 2) & 0xFFFF
            elif mode == 5:                                 # zpy
                base = self.rd((opc + 1) & 0xFFFF, start + 1)
                if kind[base >> 8] == 2:
                    self.dummy_rd(base, start + 2, start + n - 1)
                ea = (base + y) & 0xFF
                pc = (opc + 2) & 0xFFFF
            elif mode == 6:                                 # abs
                lo = self.rd((opc + 1) & 0xFFFF, start + 1)
                ea = lo | self.rd((opc + 2) & 0xFFFF, start + 2) << 8
                pc = (opc + 3) & 0xFFFF
            elif mode == 7:                                 # abx
                lo = self.rd((opc + 1) & 0xFFFF, start + 1)
                base = lo | self.rd((opc + 2) & 0xFFFF, start + 2) << 8
                ea = (base + x) & 0xFFFF
                cross = (lo + x) >> 8
                pc = (opc + 3) & 0xFFFF
                if cross or not penalty_table[op]:          # the un-carried address: a read, discarded
                    d = (base & 0xFF00) | (ea & 0xFF)
                    if kind[d >> 8] == 2:
                        self.dummy_rd(d, start + 3, start + n + cross * penalty_table[op] - 1)
            elif mode == 8:                                 # aby
                lo = self.rd((opc + 1) & 0xFFFF, start + 1)
                base = lo | self.rd((opc + 2) & 0xFFFF, start + 2) << 8
                ea = (base + y) & 0xFFFF
                cross = (lo + y) >> 8
                pc = (opc + 3) & 0xFFFF
                if cross or not penalty_table[op]:          # stores and read-modify-writes always
                    d = (base & 0xFF00) | (ea & 0xFF)
                    if kind[d >> 8] == 2:
                        self.dummy_rd(d, start + 3, start + n + cross * penalty_table[op] - 1)
            elif mode == 9:                                 # ind (JMP only): the pointer wraps in its page
                lo = self.rd((opc + 1) & 0xFFFF, start + 1)
                ptr = lo | self.rd((opc + 2) & 0xFFFF, start + 2) << 8
                lo = self.rd(ptr, start + 3)
                ea = lo | self.rd((ptr & 0xFF00) | ((ptr + 1) & 0xFF), start + 4) << 8
                pc = (opc + 3) & 0xFFFF
            elif mode == 10:                                # inx: the pointer is read before indexing
                base = self.rd((opc + 1) & 0xFFFF, start + 1)
                if kind[base >> 8] == 2:
                    self.dummy_rd(base, start + 2, start + n - 1)
                ptr = (base + x) & 0xFF
                lo = self.rd(ptr, start + 3)
                ea = lo | self.rd((ptr + 1) & 0xFF, start + 4) << 8
                pc = (opc + 2) & 0xFFFF
            elif mode == 11:                                # iny
                ptr = self.rd((opc + 1) & 0xFFFF, start + 1)
                lo = self.rd(ptr, start + 2)
                base = lo | self.rd((ptr + 1) & 0xFF, start + 3) << 8
                ea = (base + y) & 0xFFFF
                cross = (lo + y) >> 8
                pc = (opc + 2) & 0xFFFF
                if cross or not penalty_table[op]:
                    d = (base & 0xFF00) | (ea & 0xFF)
                    if kind[d >> 8] == 2:
                        self.dummy_rd(d, start + 4, start + n + cross * penalty_table[op] - 1)
            elif mode == 13:                                # JSR: its operation reads its operand
                pc = (opc + 1) & 0xFFFF
            else:                                           # rel: ea is the branch target
                lo = self.rd((opc + 1) & 0xFFFF, start + 1)
                pc = (opc + 2) & 0xFFFF
                ea = (pc + lo - ((lo & 0x80) << 1)) & 0xFFFF
            if cross:
                n += penalty_table[op]
            last = start + n - 1                            # the cycle of the data access
            self.last_cycle = last
            poll_back = 2                                   # the poll: at the end of the penultimate cycle
            instructions += 1

            # --- operation ---------------------------------------------------------------------------
            if op in (0xA9, 0xA5, 0xB5, 0xAD, 0xBD, 0xB9, 0xA1, 0xB1):        # LDA
                a = self.rd(ea, last)
                fn = fz = a
            elif op in (0x85, 0x95, 0x8D, 0x9D, 0x99, 0x81, 0x91):            # STA
                self.wr(ea, a, last)
            elif op in (0xD0, 0xF0, 0x10, 0x30, 0x90, 0xB0, 0x50, 0x70):      # branches
                flag_select = op >> 6
                if flag_select == 0:
                    flag = fn >> 7
                elif flag_select == 1:
                    flag = fv
                elif flag_select == 2:
                    flag = fc
                else:
                    flag = 1 if fz == 0 else 0
                if flag == ((op >> 5) & 1):
                    # the next opcode is read and discarded; across a page, so is the un-carried
                    # target.  A taken branch that stays in its page does not poll on its last cycle.
                    self.last_cycle = start + 3
                    if kind[pc >> 8] == 2:
                        self.io_rd(pc, start + 2)
                    if (pc ^ ea) < 0x100:
                        n += 1
                        poll_back = 3
                    else:
                        n += 2
                        d = (pc & 0xFF00) | (ea & 0xFF)
                        if kind[d >> 8] == 2:
                            self.io_rd(d, start + 3)
                    if ea == opc and self.stop_on_trap:
                        self.trapped = True
                        stop = 2        # STOP_TRAP
                    pc = ea
            elif op in (0xA2, 0xA6, 0xB6, 0xAE, 0xBE):                        # LDX
                x = self.rd(ea, last)
                fn = fz = x
            elif op in (0xA0, 0xA4, 0xB4, 0xAC, 0xBC):                        # LDY
                y = self.rd(ea, last)
                fn = fz = y
            elif op in (0x86, 0x96, 0x8E):                                    # STX
                self.wr(ea, x, last)
            elif op in (0x84, 0x94, 0x8C):                                    # STY
                self.wr(ea, y, last)
            elif op in (0xC9, 0xC5, 0xD5, 0xCD, 0xDD, 0xD9, 0xC1, 0xD1):      # CMP
                t = a - self.rd(ea, last)
                fc = 1 if t >= 0 else 0
                fn = fz = t & 0xFF
            elif op in (0xE0, 0xE4, 0xEC):                                    # CPX
                t = x - self.rd(ea, last)
                fc = 1 if t >= 0 else 0
                fn = fz = t & 0xFF
            elif op in (0xC0, 0xC4, 0xCC):                                    # CPY
                t = y - self.rd(ea, last)
                fc = 1 if t >= 0 else 0
                fn = fz = t & 0xFF
            elif op in (0x69, 0x65, 0x75, 0x6D, 0x7D, 0x79, 0x61, 0x71):      # ADC
                r = _adc(a, self.rd(ea, last), fc, fd)
                a = r & 0xFF
                fc = (r >> 8) & 1
                fv = (r >> 9) & 1
                fz = ((r >> 10) & 1) ^ 1
                fn = r >> 16
            elif op in (0xE9, 0xE5, 0xF5, 0xED, 0xFD, 0xF9, 0xE1, 0xF1, 0xEB):  # SBC (+ $EB)
                r = _sbc(a, self.rd(ea, last), fc, fd)
                a = r & 0xFF
                fc = (r >> 8) & 1
                fv = (r >> 9) & 1
                fz = ((r >> 10) & 1) ^ 1
                fn = r >> 16
            elif op in (0x09, 0x05, 0x15, 0x0D, 0x1D, 0x19, 0x01, 0x11):      # ORA
                a |= self.rd(ea, last)
                fn = fz = a
            elif op in (0x29, 0x25, 0x35, 0x2D, 0x3D, 0x39, 0x21, 0x31):      # AND
                a &= self.rd(ea, last)
                fn = fz = a
            elif op in (0x49, 0x45, 0x55, 0x4D, 0x5D, 0x59, 0x41, 0x51):      # EOR
                a ^= self.rd(ea, last)
                fn = fz = a
            elif op in (0x24, 0x2C):                                          # BIT
                v = self.rd(ea, last)
                fn = v
                fv = (v >> 6) & 1
                fz = a & v
            elif op in (0xE8, 0xC8, 0xCA, 0x88):                              # INX INY DEX DEY
                if op == 0xE8:
                    x = fn = fz = (x + 1) & 0xFF
                elif op == 0xC8:
                    y = fn = fz = (y + 1) & 0xFF
                elif op == 0xCA:
                    x = fn = fz = (x - 1) & 0xFF
                else:
                    y = fn = fz = (y - 1) & 0xFF
            elif op in (0xAA, 0xA8, 0x8A, 0x98, 0xBA, 0x9A):                  # transfers
                if op == 0xAA:
                    x = fn = fz = a
                elif op == 0xA8:
                    y = fn = fz = a
                elif op == 0x8A:
                    a = fn = fz = x
                elif op == 0x98:
                    a = fn = fz = y
                elif op == 0xBA:
                    x = fn = fz = s
                else:
                    s = x                                                      # TXS: no flags
            elif op in (0xE6, 0xF6, 0xEE, 0xFE, 0xC6, 0xD6, 0xCE, 0xDE):      # INC DEC memory
                v = self.rd(ea, last - 2)
                self.wr_old(ea, v, last - 1)
                v = (v + 1 if op >= 0xE0 else v - 1) & 0xFF
                fn = fz = v
                self.wr(ea, v, last)
            elif op in (0x06, 0x16, 0x0E, 0x1E, 0x46, 0x56, 0x4E, 0x5E,
                        0x26, 0x36, 0x2E, 0x3E, 0x66, 0x76, 0x6E, 0x7E):      # shifts, memory
                v = self.rd(ea, last - 2)
                self.wr_old(ea, v, last - 1)
                shift = op >> 5                              # 0 ASL, 1 ROL, 2 LSR, 3 ROR
                if shift == 0:
                    fc = v >> 7
                    v = (v << 1) & 0xFF
                elif shift == 1:
                    t = fc
                    fc = v >> 7
                    v = ((v << 1) | t) & 0xFF
                elif shift == 2:
                    fc = v & 1
                    v >>= 1
                else:
                    t = fc
                    fc = v & 1
                    v = (v >> 1) | (t << 7)
                fn = fz = v
                self.wr(ea, v, last)
            elif op in (0x0A, 0x2A, 0x4A, 0x6A):                              # shifts, accumulator
                shift = op >> 5
                if shift == 0:
                    fc = a >> 7
                    a = (a << 1) & 0xFF
                elif shift == 1:
                    t = fc
                    fc = a >> 7
                    a = ((a << 1) | t) & 0xFF
                elif shift == 2:
                    fc = a & 1
                    a >>= 1
                else:
                    t = fc
                    fc = a & 1
                    a = (a >> 1) | (t << 7)
                fn = fz = a
            elif op == 0x4C:                                                  # JMP abs
                if ea == opc and self.stop_on_trap:
                    self.trapped = True
                    stop = 2        # STOP_TRAP
                pc = ea
            elif op == 0x6C:                                                  # JMP (ind)
                pc = ea
            elif op == 0x20:                                                  # JSR
                # low byte on cycle 2, pushes on 4 and 5, high byte on 6: a push can land on it
                lo = self.rd((opc + 1) & 0xFFFF, start + 1)
                if kind[1] == 2:                            # the stack, read and discarded
                    self.io_rd(0x100 | s, start + 2)
                t = (opc + 2) & 0xFFFF
                self.wr(0x100 | s, t >> 8, start + 3)
                s = (s - 1) & 0xFF
                self.wr(0x100 | s, t & 0xFF, start + 4)
                s = (s - 1) & 0xFF
                pc = lo | self.rd(t, start + 5) << 8
            elif op == 0x60:                                                  # RTS
                if kind[1] == 2:                            # the stack, read and discarded
                    self.io_rd(0x100 | s, start + 2)
                s = (s + 1) & 0xFF
                lo = self.rd(0x100 | s, start + 3)
                s = (s + 1) & 0xFF
                pc = lo | self.rd(0x100 | s, start + 4) << 8
                if kind[pc >> 8] == 2:                      # the pulled address, before the increment
                    self.io_rd(pc, start + 5)
                pc = (pc + 1) & 0xFFFF
            elif op == 0x48:                                                  # PHA
                self.wr(0x100 | s, a, start + 2)
                s = (s - 1) & 0xFF
            elif op == 0x68:                                                  # PLA
                if kind[1] == 2:                            # the stack, read and discarded
                    self.io_rd(0x100 | s, start + 2)
                s = (s + 1) & 0xFF
                a = fn = fz = self.rd(0x100 | s, start + 3)
            elif op == 0x08:                                                  # PHP (B set)
                self.wr(0x100 | s, _pack_p(fn, fv, fd, fi, fz, fc), start + 2)
                s = (s - 1) & 0xFF
            elif op in (0x28, 0x40):                                          # PLP, RTI
                if kind[1] == 2:                            # the stack, read and discarded
                    self.io_rd(0x100 | s, start + 2)
                s = (s + 1) & 0xFF
                v = self.rd(0x100 | s, start + 3)
                if op == 0x28:
                    i_at_poll = fi                                            # I changes after the poll
                    poll_state = 1
                fn = v & 0x80
                fv = (v >> 6) & 1
                fd = (v >> 3) & 1
                fi = (v >> 2) & 1
                fz = 0 if v & 0x02 else 1
                fc = v & 1
                if op == 0x40:
                    s = (s + 1) & 0xFF
                    lo = self.rd(0x100 | s, start + 4)
                    s = (s + 1) & 0xFF
                    pc = lo | self.rd(0x100 | s, start + 5) << 8
            elif op in (0x18, 0x38, 0xD8, 0xF8, 0xB8):                        # CLC SEC CLD SED CLV
                if op == 0x18:
                    fc = 0
                elif op == 0x38:
                    fc = 1
                elif op == 0xD8:
                    fd = 0
                elif op == 0xF8:
                    fd = 1
                else:
                    fv = 0
            elif op in (0x58, 0x78):                                          # CLI, SEI
                i_at_poll = fi                                                # I changes after the poll
                poll_state = 1
                fi = 1 if op == 0x78 else 0
            elif op == 0x00:                                                  # BRK
                t = (opc + 2) & 0xFFFF
                self.wr(0x100 | s, t >> 8, start + 2)
                s = (s - 1) & 0xFF
                self.wr(0x100 | s, t & 0xFF, start + 3)
                s = (s - 1) & 0xFF
                self.wr(0x100 | s, _pack_p(fn, fv, fd, fi, fz, fc), start + 4)
                s = (s - 1) & 0xFF
                fi = 1
                vector = self.irq_vector(start + 3)
                lo = self.rd(vector, start + 5)
                pc = lo | self.rd(vector + 1, start + 6) << 8
                if self.break_on_brk:
                    self.break_cause = 3    # CAUSE_BRK
                    stop = 3                # STOP_BREAK
            elif op in (0xEA, 0x1A, 0x3A, 0x5A, 0x7A, 0xDA, 0xFA,
                        0x80, 0x82, 0x89, 0xC2, 0xE2):                         # NOP, NOP #imm
                pass
            elif op in (0x04, 0x44, 0x64, 0x14, 0x34, 0x54, 0x74, 0xD4, 0xF4,
                        0x0C, 0x1C, 0x3C, 0x5C, 0x7C, 0xDC, 0xFC):             # NOPs that read
                self.rd(ea, last)
            # --- undocumented, stable ---
            elif op in (0xA7, 0xB7, 0xAF, 0xBF, 0xA3, 0xB3):                  # LAX
                a = x = fn = fz = self.rd(ea, last)
            elif op in (0x87, 0x97, 0x8F, 0x83):                              # SAX
                self.wr(ea, a & x, last)
            elif op in (0x07, 0x17, 0x0F, 0x1F, 0x1B, 0x03, 0x13,             # SLO
                        0x27, 0x37, 0x2F, 0x3F, 0x3B, 0x23, 0x33,             # RLA
                        0x47, 0x57, 0x4F, 0x5F, 0x5B, 0x43, 0x53,             # SRE
                        0x67, 0x77, 0x6F, 0x7F, 0x7B, 0x63, 0x73):            # RRA
                v = self.rd(ea, last - 2)
                self.wr_old(ea, v, last - 1)
                shift = op >> 5                              # 0 SLO, 1 RLA, 2 SRE, 3 RRA
                if shift == 0:
                    fc = v >> 7
                    v = (v << 1) & 0xFF
                    a |= v
                    fn = fz = a
                elif shift == 1:
                    t = fc
                    fc = v >> 7
                    v = ((v << 1) | t) & 0xFF
                    a &= v
                    fn = fz = a
                elif shift == 2:
                    fc = v & 1
                    v >>= 1
                    a ^= v
                    fn = fz = a
                else:
                    t = fc
                    fc = v & 1
                    v = (v >> 1) | (t << 7)
                    r = _adc(a, v, fc, fd)
                    a = r & 0xFF
                    fc = (r >> 8) & 1
                    fv = (r >> 9) & 1
                    fz = ((r >> 10) & 1) ^ 1
                    fn = r >> 16
                self.wr(ea, v, last)
            elif op in (0xC7, 0xD7, 0xCF, 0xDF, 0xDB, 0xC3, 0xD3):            # DCP
                v = self.rd(ea, last - 2)
                self.wr_old(ea, v, last - 1)
                v = (v - 1) & 0xFF
                t = a - v
                fc = 1 if t >= 0 else 0
                fn = fz = t & 0xFF
                self.wr(ea, v, last)
            elif op in (0xE7, 0xF7, 0xEF, 0xFF, 0xFB, 0xE3, 0xF3):            # ISC
                v = self.rd(ea, last - 2)
                self.wr_old(ea, v, last - 1)
                v = (v + 1) & 0xFF
                r = _sbc(a, v, fc, fd)
                a = r & 0xFF
                fc = (r >> 8) & 1
                fv = (r >> 9) & 1
                fz = ((r >> 10) & 1) ^ 1
                fn = r >> 16
                self.wr(ea, v, last)
            elif op in (0x0B, 0x2B):                                          # ANC
                a &= self.rd(ea, last)
                fn = fz = a
                fc = a >> 7
            elif op == 0x4B:                                                  # ALR
                a &= self.rd(ea, last)
                fc = a & 1
                a >>= 1
                fn = fz = a
            elif op == 0x6B:                                                  # ARR
                r = _arr(a, self.rd(ea, last), fc, fd)
                a = r & 0xFF
                fc = (r >> 8) & 1
                fv = (r >> 9) & 1
                fz = ((r >> 10) & 1) ^ 1
                fn = r >> 16
            elif op == 0xCB:                                                  # SBX
                t = (a & x) - self.rd(ea, last)
                fc = 1 if t >= 0 else 0
                x = fn = fz = t & 0xFF
            # --- undocumented, unstable (model: see the module docstring) ---
            elif op == 0x8B:                                                  # ANE
                a = fn = fz = (a | _ANE_MAGIC) & x & self.rd(ea, last)
            elif op == 0xAB:                                                  # LXA
                a = x = fn = fz = (a | _ANE_MAGIC) & self.rd(ea, last)
            elif op == 0xBB:                                                  # LAS
                a = x = s = fn = fz = self.rd(ea, last) & s
            elif op in (0x93, 0x9F, 0x9B, 0x9E, 0x9C):                        # SHA TAS SHX SHY
                if op == 0x9E:
                    v = x
                elif op == 0x9C:
                    v = y
                elif op == 0x9B:
                    s = a & x
                    v = s
                else:
                    v = a & x
                v &= ((base >> 8) + 1) & 0xFF
                if cross:
                    ea = (v << 8) | (ea & 0xFF)
                self.wr(ea, v, last)
            else:                                                             # JAM
                self.halted = True
                self.jam_opcode = op
                pc = opc
                n = 0
                instructions -= 1
                stop = 1                # STOP_JAM

            cycles = start + n
            if self.stretch_extra:
                cycles += self.stretch_extra
                self.stretch_extra = 0
            if stop or single:
                break

        self.a = a
        self.x = x
        self.y = y
        self.s = s
        self.pc = pc
        self.fn = fn
        self.fz = fz
        self.fc = fc
        self.fv = fv
        self.fd = fd
        self.fi = fi
        self.cycles = cycles
        self.instructions = instructions
        self.poll_state = poll_state
        self.i_at_poll = i_at_poll
        if poll_back and self.clock is not None and not self.held:
            # The last instruction's poll: the events due by its poll cycle fire now, the rest after
            # the run (Clock.fire_due), so a line that changes after the poll waits one instruction.
            self.sample_lines(cycles - poll_back)
        if self.break_requested:            # a device asked for a stop (request_break)
            self.break_requested = False
            if stop == 0:
                self.break_cause = 2        # CAUSE_REQUEST
                stop = 3                    # STOP_BREAK
        return stop
