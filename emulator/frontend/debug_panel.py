"""The debugger panel beside the screen: a view of emulator.debug's Debugger, not a second debugger.

`DebugView` (no pygame) holds the Debugger for the window's machine and turns its state into the
panel's lines: registers and flags, the disassembly around PC with symbols, a memory window and the
breakpoints; its `command` method maps the panel's keys to the Debugger's own operations (step,
step over, step out, continue, rewind, breakpoints).  The window draws the lines and, while the
Debugger exists, runs its frames through `Debugger.run_cycles` so breakpoints stop the machine.
"""
from emulator.cpu.opcodes import OPCODES
from emulator.errors import UserError

DISASSEMBLY_LINES = 14
TRACE_LOOKBACK = 2000           # trace records searched for instruction starts before PC
MEMORY_ROWS = 8
MEMORY_COLUMNS = 8

KEY_HELP = ["S step  O step over  U step out  C continue  R rewind",
            "B breakpoint at PC on/off   Alt+D close the panel",
            "Up/Down, PgUp/PgDn: move the memory window"]


class DebugView:
    def __init__(self, machine):
        from emulator.debug import Debugger, MachineTarget, SymbolTable
        self.machine = machine
        self.debugger = Debugger(MachineTarget(machine), SymbolTable(machine.name))
        self.memory_address = 0x0000
        self.message = "stopped: S steps, C continues"

    # --- running through the debugger ---------------------------------------------------------------

    def run_cycles(self, count):
        """Run a frame's cycles; a Stop other than 'done' is returned (the window then pauses)."""
        stop = self.debugger.run_cycles(count)
        if stop.kind != "done":
            self.message = stop.message or stop.kind
            return stop
        return None

    def input(self, description, apply):
        """A key press from the window, logged so that rewinding replays it."""
        self.debugger.history.input(description, apply)

    # --- the panel's keys ---------------------------------------------------------------------------

    def command(self, name):
        """Do what a panel key asks; returns True if the machine should keep running (continue)."""
        dbg = self.debugger
        try:
            if name == "s":
                self._report(dbg.step())
            elif name == "o":
                self._report(dbg.next())
            elif name == "u":
                self._report(dbg.finish())
            elif name == "r":
                self._report(dbg.back())
            elif name == "c":
                self.message = "running"
                return True
            elif name == "b":
                self.toggle_breakpoint(dbg.cpu.pc)
            elif name == "up":
                self.memory_address = (self.memory_address - MEMORY_COLUMNS) & 0xFFFF
            elif name == "down":
                self.memory_address = (self.memory_address + MEMORY_COLUMNS) & 0xFFFF
            elif name == "page up":
                self.memory_address = (self.memory_address - MEMORY_COLUMNS * MEMORY_ROWS) & 0xFFFF
            elif name == "page down":
                self.memory_address = (self.memory_address + MEMORY_COLUMNS * MEMORY_ROWS) & 0xFFFF
        except UserError as e:
            self.message = str(e)
        return False

    def _report(self, stop):
        cpu = self.debugger.cpu
        self.message = stop.message or f"{stop.kind} at ${cpu.pc:04X}"

    def toggle_breakpoint(self, address):
        dbg = self.debugger
        for number, bp in list(dbg.breakpoints.items()):
            if bp.address == address:
                dbg.delete(number)
                self.message = f"breakpoint at ${address:04X} deleted"
                return
        dbg.add_breakpoint(address)
        self.message = f"breakpoint at ${address:04X}"

    # --- what the panel shows -----------------------------------------------------------------------

    def register_lines(self):
        cpu = self.debugger.cpu
        p = cpu.p
        flags = "".join(letter if p & bit else "." for letter, bit in
                        zip("NV-BDIZC", (0x80, 0x40, 0x20, 0x10, 0x08, 0x04, 0x02, 0x01)))
        return [f"PC ${cpu.pc:04X}  A ${cpu.a:02X}  X ${cpu.x:02X}  Y ${cpu.y:02X}  S ${cpu.s:02X}",
                f"P  {flags}   cycles {cpu.cycles:,}   instr {cpu.instructions:,}"]

    def disassembly_start(self, pc, before=5):
        """An address up to `before` instructions before PC from which decoding lands exactly on PC
        through documented instructions only.  6502 code cannot be decoded backwards for certain:
        instructions the trace saw start (when tracing) are boundaries no decode may step over and
        the best places to start; otherwise the longest consistent decode is taken."""
        disassembler, peek = self.debugger.disassembler, self.debugger.peek
        known = self._traced_starts(pc, 3 * before)
        best, best_score = pc, None
        for back in range(3 * before, 0, -1):
            start = addr = (pc - back) & 0xFFFF
            count = 0
            while 0 < ((pc - addr) & 0xFFFF) <= back:
                if not OPCODES[peek(addr)].documented:
                    break
                length = disassembler.instruction(addr)[1]
                if any(0 < ((k - addr) & 0xFFFF) < length for k in known):
                    break                       # it would swallow an instruction the CPU ran
                addr = (addr + length) & 0xFFFF
                count += 1
            if addr == pc and count <= before:
                score = (start in known, count)
                if best_score is None or score > best_score:
                    best, best_score = start, score
        return best

    def _traced_starts(self, pc, span):
        """Addresses within `span` bytes before PC where the trace saw an instruction start."""
        dbg = self.debugger
        if not dbg.tracing:
            return set()
        return {record[0] for record in dbg.trace_records(TRACE_LOOKBACK)
                if 0 < ((pc - record[0]) & 0xFFFF) <= span}

    def disassembly_lines(self):
        pc = self.debugger.cpu.pc
        lines, _ = self.debugger.disassembler.lines(self.disassembly_start(pc), DISASSEMBLY_LINES, mark=pc)
        return lines[:DISASSEMBLY_LINES]

    def memory_lines(self):
        peek = self.debugger.peek
        out = []
        for row in range(MEMORY_ROWS):
            base = (self.memory_address + row * MEMORY_COLUMNS) & 0xFFFF
            values = [peek((base + i) & 0xFFFF) for i in range(MEMORY_COLUMNS)]
            text = "".join(chr(v) if 0x20 <= v < 0x7F else "." for v in values)
            out.append(f"{base:04X}  {' '.join(f'{v:02X}' for v in values)}  {text}")
        return out

    def breakpoint_lines(self):
        dbg = self.debugger
        return [bp.describe(dbg.symbols) for _, bp in sorted(dbg.breakpoints.items())] or ["(none)"]

    def lines(self):
        return (["REGISTERS"] + self.register_lines() + ["", "DISASSEMBLY"] + self.disassembly_lines()
                + ["", f"MEMORY ${self.memory_address:04X}"] + self.memory_lines()
                + ["", "BREAKPOINTS"] + self.breakpoint_lines() + ["", self.message, ""] + KEY_HELP)
