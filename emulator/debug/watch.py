"""Watchpoints with no cost on unwatched pages.

A watched page is turned into an I/O page whose device is a WatchPage: it forwards every access to what
was there before (RAM, ROM or the original device), records the accesses that fall in a watchpoint's
range, and asks the CPU to stop once the instruction is done (`cpu.request_break`).  Pages nobody watches
are untouched, so the core reads and writes them as fast as ever.

Limits: an opcode or operand fetch from a watched page counts as a read of it; the core's dummy reads
(see emulator.cpu.core) are not seen; a banked window (BBC sideways ROMs) rewrites its own pages'
kinds when the machine selects another bank, which removes a watch on them.
"""
from emulator.bus import PAGE_IO, PAGE_RAM


class Watchpoint:
    def __init__(self, number, start, end, read, write, condition=None):
        self.number = number
        self.start = start          # first address
        self.end = end              # last address (inclusive)
        self.read = read
        self.write = write
        self.condition = condition  # an Expression, or None
        self.hits = 0

    def describe(self):
        kind = "rw" if self.read and self.write else ("r" if self.read else "w")
        where = f"${self.start:04X}" if self.start == self.end else f"${self.start:04X}-${self.end:04X}"
        text = f"watch {self.number}: {kind} {where}  hits {self.hits}"
        if self.condition is not None:
            text += f"  if {self.condition.text}"
        return text


class WatchHit:
    def __init__(self, watchpoint, addr, value, is_write, cycle):
        self.watchpoint = watchpoint
        self.addr = addr
        self.value = value
        self.is_write = is_write
        self.cycle = cycle

    def describe(self):
        verb = "write" if self.is_write else "read"
        return (f"watch {self.watchpoint.number}: {verb} ${self.value:02X} "
                f"{'to' if self.is_write else 'from'} ${self.addr:04X} at cycle {self.cycle}")


class WatchPage:
    """The device standing in for one watched page."""

    def __init__(self, manager, page, kind, device):
        self.manager = manager
        self.page = page
        self.kind = kind            # what the page was: PAGE_RAM, PAGE_ROM or PAGE_IO
        self.device = device
        self.memory = manager.bus.memory

    def read(self, addr, cycle):
        if self.kind == PAGE_IO:
            value = self.device.read(addr, cycle) & 0xFF
        else:
            value = self.memory[addr]
        if self.manager.armed:
            self.manager.access(addr, value, False, cycle)
        return value

    def write(self, addr, value, cycle):
        if self.kind == PAGE_RAM:
            self.memory[addr] = value
        elif self.kind == PAGE_IO:
            self.device.write(addr, value, cycle)
        if self.manager.armed:
            self.manager.access(addr, value, True, cycle)

    def peek(self, addr):
        if self.kind == PAGE_IO:
            peek = getattr(self.device, "peek", None)
            if peek is not None:
                return peek(addr) & 0xFF
        return self.memory[addr]


class WatchManager:
    def __init__(self, cpu, bus):
        self.cpu = cpu
        self.bus = bus
        self.watchpoints = []
        self.pages = {}             # page -> WatchPage
        self.armed = False          # accesses are recorded only while the debugger runs the CPU
        self.hits = []              # hits since the last run started

    def add(self, watchpoint):
        self.watchpoints.append(watchpoint)
        self._refresh()

    def remove(self, watchpoint):
        self.watchpoints.remove(watchpoint)
        self._refresh()

    def _refresh(self):
        wanted = set()
        for w in self.watchpoints:
            wanted.update(range(w.start >> 8, (w.end >> 8) + 1))
        bus = self.bus
        for page in list(self.pages):
            if page not in wanted:
                original = self.pages.pop(page)
                bus.page_kind[page] = original.kind
                bus.devices[page] = original.device
        for page in wanted:
            if page not in self.pages:
                watch = WatchPage(self, page, bus.page_kind[page], bus.devices[page])
                self.pages[page] = watch
                bus.devices[page] = watch
                bus.page_kind[page] = PAGE_IO

    def reinstall(self, page_kind=None):
        """Put the watched pages back after something rewrote the page map (a restored snapshot)."""
        for page, watch in self.pages.items():
            if page_kind is not None:
                watch.kind = page_kind[page]
            self.bus.page_kind[page] = PAGE_IO
            self.bus.devices[page] = watch

    def original_kinds(self, page_kind):
        """The page map as the machine has it, without the watch pages (for snapshots)."""
        kinds = bytearray(page_kind)
        for page, watch in self.pages.items():
            kinds[page] = watch.kind
        return kinds

    def access(self, addr, value, is_write, cycle):
        for w in self.watchpoints:
            if w.start <= addr <= w.end and (w.write if is_write else w.read):
                # a condition is tested by the debugger once the instruction is done and the
                # registers are back in the CPU object
                self.hits.append(WatchHit(w, addr, value, is_write, cycle))
                self.cpu.request_break()
