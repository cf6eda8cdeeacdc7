"""The debugger core: breakpoints, watchpoints, stepping, the trace ring, the stopwatch and rewind.

    from emulator.debug import Debugger, BareTarget, MachineTarget
    dbg = Debugger(BareTarget(cpu), symbols)
    dbg.add_breakpoint(0x2002, condition="X=3")
    stop = dbg.go()                # a Stop: why and where
    dbg.step(); dbg.next(); dbg.finish(); dbg.back(); dbg.back_to_hit()

Zero cost when idle: the core checks its 64 KiB `break_map` only while a breakpoint exists
(`debug_hooks`), BRK/IRQ/NMI stops sit in the core's cold paths, watchpoints turn only the watched pages
into I/O pages (emulator.debug.watch), and the trace ring is filled only while tracing is on.

Positions in the emulated history are (instructions executed, cycle).  Rewind (emulator.debug.history)
restores the last snapshot before a position and replays to it; stepping back one instruction is a
rewind to `instructions - 1`.
"""
from emulator.bus import PAGE_IO
from emulator.cpu.core import (CAUSE_BREAKPOINT, CAUSE_BRK, CAUSE_IRQ, CAUSE_NMI, CAUSE_REQUEST,
                               HOOK_BREAKPOINTS, HOOK_TRACE, STOP_BREAK, STOP_JAM, STOP_TRAP, TRACE_WORDS)
from emulator.debug.disasm import Disassembler
from emulator.debug.expr import FLAGS, Context, parse
from emulator.debug.history import History
from emulator.debug.watch import WatchManager, Watchpoint
from emulator.errors import UserError

TRACE_CAPACITY = 100_000            # instructions kept in the trace ring
DEFAULT_MAX_SECONDS = 60            # emulated seconds one `go` may run without stopping
CATCHABLE = ("brk", "jam", "irq", "nmi")


class Breakpoint:
    def __init__(self, number, address, condition=None, ignore=0, check=None):
        self.number = number        # 0 for the debugger's own temporary breakpoints
        self.address = address
        self.condition = condition  # an Expression or None
        self.ignore = ignore        # hits to pass over before stopping
        self.check = check          # a temporary breakpoint's own test: check(cpu) -> bool
        self.hits = 0

    @property
    def temporary(self):
        return self.number == 0

    def describe(self, symbols):
        where = symbols.describe(self.address)
        text = f"break {self.number}: ${self.address:04X}" + (f" ({where})" if where else "")
        if self.condition is not None:
            text += f" if {self.condition.text}"
        if self.ignore:
            text += f" after {self.ignore}"
        return text + f"  hits {self.hits}"


class Stop:
    """Why a run stopped: `kind` (breakpoint, watch, brk, irq, nmi, jam, trap, limit, done, interrupted,
    temporary) and a one-line `message` ('' when there is nothing to say beyond the new PC)."""

    def __init__(self, kind, message=""):
        self.kind = kind
        self.message = message

    def __repr__(self):
        return f"Stop({self.kind!r}, {self.message!r})"


class Debugger:
    def __init__(self, target, symbols, trace_capacity=TRACE_CAPACITY, max_seconds=DEFAULT_MAX_SECONDS,
                 rewind_seconds=10, snapshot_seconds=0.5, adaptive_snapshots=True):
        self.target = target
        self.cpu = cpu = target.cpu
        self.bus = target.bus
        self.symbols = symbols
        self.context = Context(cpu, self.peek, symbols)
        self.disassembler = Disassembler(self.peek, symbols)
        self.max_cycles = int(max_seconds * target.clock_hz)
        self.break_map = bytearray(0x10000)
        cpu.break_map = self.break_map
        self.breakpoints = {}               # number -> Breakpoint (the user's)
        self._at = {}                       # address -> [Breakpoint], the user's and temporary ones
        self._next_number = 1
        self.watch = WatchManager(cpu, self.bus)
        self.caught = {"jam"}               # JAM always stops the CPU
        self.trace_capacity = trace_capacity
        self.tracing = False
        self.stopwatch = (cpu.cycles, cpu.instructions)
        self.history = History(self, interval=int(snapshot_seconds * target.clock_hz),
                               keep=int(rewind_seconds * target.clock_hz), adaptive=adaptive_snapshots)
        self._update_hooks()
        self.history.take()

    # --- memory and registers ---------------------------------------------------------------------

    def peek(self, addr):
        return self.bus.peek(addr & 0xFFFF)

    def peek_word(self, addr):
        return self.peek(addr) | self.peek(addr + 1) << 8

    def evaluate(self, text):
        return parse(text, self.symbols).evaluate(self.context)

    def address(self, text):
        value = self.evaluate(text)
        if not 0 <= value <= 0xFFFF:
            raise UserError(f"address {text!r} = {value} is outside 0-$FFFF")
        return value

    def write_memory(self, addr, data):
        """Store bytes as a loader would (ROM included): an input event, replayed by rewind."""
        data = bytes(data)
        if addr + len(data) > 0x10000:
            raise UserError(f"{len(data)} bytes at ${addr:04X} run past $FFFF")

        def apply(addr=addr, data=data):
            for i, value in enumerate(data):
                self._poke(addr + i, value)
        self.history.input(f"write {len(data)} bytes at ${addr:04X}", apply)

    def _poke(self, addr, value):
        """Store into what is at `addr`: a device gets a write, RAM and ROM get the byte.  A watched
        page is written through to what it stands in for, without counting as a hit."""
        page = addr >> 8
        watch = self.watch.pages.get(page)
        kind, device = (watch.kind, watch.device) if watch is not None else (self.bus.page_kind[page],
                                                                           self.bus.devices[page])
        if kind == PAGE_IO:
            device.write(addr, value, self.cpu.cycles)
        else:
            self.bus.memory[addr] = value

    def set_register(self, name, value):
        """A, X, Y, S, PC, P or a flag N V D I Z C (B is not a register bit): an input event."""
        name = name.upper()
        limits = {"A": 0xFF, "X": 0xFF, "Y": 0xFF, "S": 0xFF, "P": 0xFF, "PC": 0xFFFF}
        if name in limits:
            if not 0 <= value <= limits[name]:
                raise UserError(f"{name} cannot hold {value} (0-{limits[name]})")
        elif name in FLAGS and name != "B":
            if value not in (0, 1):
                raise UserError(f"flag {name} is 0 or 1, not {value}")
        else:
            raise UserError(f"no register {name!r} (registers: A X Y S PC P, flags: N V D I Z C)")
        cpu = self.cpu

        def apply(name=name, value=value):
            if name == "PC":
                cpu.pc = value
            elif name == "P":
                cpu.p = value
            elif name in FLAGS:
                cpu.p = (cpu.p & ~FLAGS[name]) | (FLAGS[name] if value else 0)
            else:
                setattr(cpu, name.lower(), value)
        self.history.input(f"{name}={value:X}", apply)

    # --- breakpoints and watchpoints --------------------------------------------------------------

    def add_breakpoint(self, address, condition=None, ignore=0):
        cond = parse(condition, self.symbols) if isinstance(condition, str) else condition
        bp = Breakpoint(self._next_number, address, cond, ignore)
        self._next_number += 1
        self.breakpoints[bp.number] = bp
        self._place(bp)
        return bp

    def _place(self, bp):
        self._at.setdefault(bp.address, []).append(bp)
        self.break_map[bp.address] = 1
        self._update_hooks()

    def _unplace(self, bp):
        found = self._at.get(bp.address, [])
        if bp in found:
            found.remove(bp)
        if not found:
            self._at.pop(bp.address, None)
            self.break_map[bp.address] = 0
        self._update_hooks()

    def add_watch(self, start, end, read=False, write=True, condition=None):
        if end < start:
            raise UserError(f"watch range ${start:04X}-${end:04X} is empty")
        cond = parse(condition, self.symbols) if isinstance(condition, str) else condition
        w = Watchpoint(self._next_number, start, end, read, write, cond)
        self._next_number += 1
        self.watch.add(w)
        return w

    def delete(self, number=None):
        """Delete one breakpoint or watchpoint by number, or all of them (None)."""
        if number is None:
            for bp in list(self.breakpoints.values()):
                self._unplace(bp)
            self.breakpoints.clear()
            for w in list(self.watch.watchpoints):
                self.watch.remove(w)
            return
        if number in self.breakpoints:
            self._unplace(self.breakpoints.pop(number))
            return
        for w in self.watch.watchpoints:
            if w.number == number:
                self.watch.remove(w)
                return
        raise UserError(f"no breakpoint or watchpoint {number}")

    def catch(self, event, on=True):
        event = event.lower()
        if event not in CATCHABLE:
            raise UserError(f"cannot catch {event!r} (one of: {', '.join(CATCHABLE)})")
        if event == "jam" and not on:
            raise UserError("a JAM always stops the CPU")
        (self.caught.add if on else self.caught.discard)(event)
        self._update_hooks()

    def set_tracing(self, on):
        if on and self.cpu.trace_capacity != self.trace_capacity:
            self.cpu.set_trace_buffer(self.trace_capacity)
        self.tracing = on
        self._update_hooks()

    def _update_hooks(self, honour=True):
        cpu = self.cpu
        hooks = HOOK_TRACE if self.tracing else 0
        if honour and self._at:
            hooks |= HOOK_BREAKPOINTS
        cpu.debug_hooks = hooks
        cpu.break_on_brk = honour and "brk" in self.caught
        cpu.break_on_irq = honour and "irq" in self.caught
        cpu.break_on_nmi = honour and "nmi" in self.caught

    # --- running ----------------------------------------------------------------------------------

    def position(self):
        return (self.cpu.instructions, self.cpu.cycles)

    def go(self, until=None):
        """Run until something stops it (or `max_cycles`); `until` adds a one-off stop at an address."""
        temporary = []
        if until is not None:
            temporary.append(Breakpoint(0, until))
        return self._with_temporary(temporary, lambda: self._advance(limit=self.max_cycles))

    def step(self, count=1):
        """Execute `count` instructions (an interrupt entry on the way is not counted); like `go`,
        no more than `max_cycles` at a time."""
        return self._advance(until_instructions=self.cpu.instructions + count, limit=self.max_cycles)

    def run_cycles(self, count):
        """Run `count` cycles, no more than `max_cycles` at a time (a limit stop says so)."""
        return self._advance(until_cycles=self.cpu.cycles + count, limit=self.max_cycles)

    def next(self):
        """Step over: a JSR runs until its subroutine returns here (at this stack depth)."""
        cpu = self.cpu
        if self.peek(cpu.pc) != 0x20:
            return self.step()
        depth = cpu.s
        ret = Breakpoint(0, (cpu.pc + 3) & 0xFFFF, check=lambda c: c.s >= depth)
        return self._with_temporary([ret], lambda: self._advance(limit=self.max_cycles))

    def finish(self):
        """Step out: run until the RTS of the subroutine we are in returns to its caller.

        The frame is the first return address up the stack that follows a JSR (the byte three before
        it is $20); the stop is there once S is back above that address."""
        cpu = self.cpu
        for j in range(cpu.s + 1, 0xFF):
            ret = self.peek(0x100 + j) | self.peek(0x100 + j + 1) << 8
            if self.peek((ret - 2) & 0xFFFF) == 0x20:
                depth = j + 1
                bp = Breakpoint(0, (ret + 1) & 0xFFFF, check=lambda c: c.s >= depth)
                return self._with_temporary([bp], lambda: self._advance(limit=self.max_cycles))
        raise UserError("no JSR return address on the stack: not inside a subroutine")

    def _with_temporary(self, temporary, run):
        for bp in temporary:
            self._place(bp)
        try:
            return run()
        finally:
            for bp in temporary:
                self._unplace(bp)

    def _advance(self, until_instructions=None, until_cycles=None, limit=None, honour=True, hits=None,
                 record=True):
        """The one run loop.  Stops at `until_*` (kind 'done'), after `limit` cycles ('limit'), or at a
        hit.  With `hits` (a list) user breakpoints and watchpoints are collected there as
        (position, message) and passed over; with honour=False they are ignored."""
        cpu, target, history = self.cpu, self.target, self.history
        deadline = None if limit is None else cpu.cycles + limit
        cpu.resume_pc = cpu.pc                  # a breakpoint where we stand does not stop us again
        self.watch.hits.clear()
        self.watch.armed = honour and bool(self.watch.watchpoints)
        self._update_hooks(honour)
        try:
            while True:
                stop_at = 1 << 62
                if until_instructions is not None:
                    remaining = until_instructions - cpu.instructions
                    if remaining <= 0:
                        return Stop("done")
                    stop_at = cpu.cycles + 2 * remaining    # no instruction is shorter than 2 cycles
                if until_cycles is not None:
                    if cpu.cycles >= until_cycles:
                        return Stop("done")
                    stop_at = min(stop_at, until_cycles)
                if deadline is not None:
                    if cpu.cycles >= deadline:
                        return Stop("limit", f"stopped after {limit:,} cycles without a hit")
                    stop_at = min(stop_at, deadline)
                if record:
                    stop_at = min(stop_at, max(history.next_cycle, cpu.cycles + 1))
                reason = target.run_to(stop_at)
                if record and cpu.cycles >= history.next_cycle:
                    history.take()
                if reason == STOP_BREAK:
                    stop = self._on_break(cpu.break_cause, hits)
                    if stop is not None:
                        return stop
                    cpu.resume_pc = cpu.pc
                elif reason == STOP_JAM:
                    return Stop("jam", f"CPU halted: JAM opcode ${cpu.jam_opcode:02X} at ${cpu.pc:04X}")
                elif reason == STOP_TRAP:
                    return Stop("trap", f"trapped at ${cpu.pc:04X} (a jump to itself)")
        except KeyboardInterrupt:
            return Stop("interrupted", "interrupted")
        finally:
            self.watch.armed = False
            self._update_hooks()

    def _on_break(self, cause, hits):
        cpu = self.cpu
        if cause == CAUSE_BREAKPOINT:
            for bp in list(self._at.get(cpu.pc, ())):
                if bp.check is not None and not bp.check(cpu):
                    continue
                if bp.condition is not None and not bp.condition.evaluate(self.context):
                    continue
                if bp.temporary:
                    if hits is None:
                        return Stop("temporary")
                    continue
                if hits is not None:
                    hits.append((self.position(), f"breakpoint {bp.number} at ${bp.address:04X}"))
                    continue
                bp.hits += 1
                if bp.hits > bp.ignore:
                    where = self.symbols.describe(bp.address)
                    return Stop("breakpoint", f"breakpoint {bp.number} at ${bp.address:04X}"
                                + (f" ({where})" if where else "") + f", hit {bp.hits}")
            return None
        if cause == CAUSE_REQUEST:
            found = [h for h in self.watch.hits
                     if h.watchpoint.condition is None or h.watchpoint.condition.evaluate(self.context)]
            self.watch.hits.clear()
            if not found:
                return None
            if hits is not None:
                hits.append((self.position(), found[-1].describe()))
                return None
            for h in found:
                h.watchpoint.hits += 1
            return Stop("watch", "; ".join(h.describe() for h in found[:2]))
        if hits is not None:
            return None
        if cause == CAUSE_BRK:
            at = (self.peek(0x100 + ((cpu.s + 2) & 0xFF)) | self.peek(0x100 + ((cpu.s + 3) & 0xFF)) << 8) - 2
            return Stop("brk", f"BRK at ${at & 0xFFFF:04X}, now at the handler ${cpu.pc:04X}")
        if cause in (CAUSE_IRQ, CAUSE_NMI):
            name = "IRQ" if cause == CAUSE_IRQ else "NMI"
            return Stop(name.lower(), f"{name} taken, now at the handler ${cpu.pc:04X}")
        return None

    # --- rewind -----------------------------------------------------------------------------------

    def back(self, count=1):
        """Step back `count` instructions."""
        target = self.cpu.instructions - count
        if target < 0:
            raise UserError("already at the first instruction")
        self.history.rewind_to_instructions(target)
        return Stop("done")

    def back_to_hit(self):
        """Run back to the previous breakpoint or watchpoint hit."""
        found = self.history.previous_hit()
        if found is None:
            return Stop("done", "no earlier breakpoint or watchpoint hit in the recorded history")
        position, message = found
        return Stop("back", f"back at {message}")

    # --- trace and stopwatch ----------------------------------------------------------------------

    def trace_records(self, count):
        """The last `count` trace records, oldest first: (pc, bytes(3), a, x, y, s, p, cycle)."""
        cpu = self.cpu
        total, capacity = cpu.trace_count, cpu.trace_capacity
        available = min(total, capacity, count)
        buf = cpu.trace_buf
        out = []
        for n in range(total - available, total):
            base = (n % capacity) * TRACE_WORDS
            first, regs, cycle = buf[base], buf[base + 1], buf[base + 2]
            raw = first >> 16
            out.append((first & 0xFFFF, bytes((raw & 0xFF, (raw >> 8) & 0xFF, (raw >> 16) & 0xFF)),
                        regs & 0xFF, (regs >> 8) & 0xFF, (regs >> 16) & 0xFF, (regs >> 24) & 0xFF,
                        (regs >> 32) & 0xFF, cycle))
        return out

    def trim_trace(self, cycle):
        """Forget trace records of instructions that started at or after `cycle` (after a rewind)."""
        cpu = self.cpu
        total, capacity = cpu.trace_count, cpu.trace_capacity
        oldest = max(0, total - capacity)
        buf = cpu.trace_buf
        while total > oldest and buf[((total - 1) % capacity) * TRACE_WORDS + 2] >= cycle:
            total -= 1
        cpu.trace_count = total

    def reset_stopwatch(self):
        self.stopwatch = (self.cpu.cycles, self.cpu.instructions)

    def stopwatch_reading(self):
        cycles, instructions = self.stopwatch
        return self.cpu.cycles - cycles, self.cpu.instructions - instructions
