"""The 64 KiB address space a 6502 sees, as 256 pages of 256 bytes.

Each page is RAM, ROM (writes ignored) or I/O (reads and writes go to a device).  RAM and ROM bytes live
in one flat `memory` bytearray that the CPU core indexes directly; only I/O pages cost a Python call.
A banked window (the BBC's sideways ROM area) is a run of pages whose contents are swapped in from a
bank when the machine selects another one; a writable bank (sideways RAM) is copied back out first.

Parts of an I/O page may also be *stretched*: accesses there are slowed to a slower bus (the BBC's
1 MHz bus), in blocks of 32 bytes (`STRETCH_BLOCK`), the finest grain the BBC's address decoding
uses for it.  The CPU core looks at the per-page flag `page_stretch` first (nonzero when any block of
the page is stretched, so every other access pays nothing more) and then asks `access_delay(addr,
cycle)` for the extra cycles of that one access.

A device is any object with `read(addr, cycle) -> int` and `write(addr, value, cycle)`; `cycle` is the
exact CPU cycle of the access.  An optional `peek(addr) -> int` reads without side effects (debugger).
A device that subclasses `IODevice` is a *typed* device: when the modules are compiled the bus calls it
through C (no Python call), which is what a chip the CPU polls in a tight loop needs.  Any other object
with those methods works too, through an ordinary Python call.
"""

PAGE_RAM = 0
PAGE_ROM = 1
PAGE_IO = 2
STRETCH_BLOCK = 32                      # bytes: the grain of stretched ranges


class IODevice:
    """Base of the typed devices: a subclass implements read, write and peek with these signatures.

    Compiled, this is a C extension type and the bus calls the methods through its C method table;
    a plain Python subclass also works (its methods are found as Python overrides).
    """

    def read(self, addr, cycle):
        raise NotImplementedError(f"{type(self).__name__} does not implement read")

    def write(self, addr, value, cycle):
        raise NotImplementedError(f"{type(self).__name__} does not implement write")

    def peek(self, addr):
        raise NotImplementedError(f"{type(self).__name__} does not implement peek")


class Bus:
    def __init__(self, fill=0x00):
        self.memory = bytearray([fill]) * 0x10000
        self.mem = self.memory                  # typed view for the compiled core
        self.page_kind = bytearray(256)         # PAGE_RAM / PAGE_ROM / PAGE_IO per page
        self.kind = self.page_kind
        self.page_stretch = bytearray(256)      # nonzero: some of the page sits on the 1 MHz bus
        self.stretch = self.page_stretch
        self.block_stretch = bytearray(0x10000 // STRETCH_BLOCK)   # nonzero: this block does
        self.slow = self.block_stretch          # typed view for access_delay
        self.devices = [None] * 256
        self.windows = []

    # --- building the map -------------------------------------------------------------------------

    def _pages(self, start, size):
        if start & 0xFF or size & 0xFF or size <= 0 or start + size > 0x10000:
            raise ValueError(f"region ${start:04X}+${size:X} is not a whole number of pages in 64 KiB")
        return range(start >> 8, (start + size) >> 8)

    def map_ram(self, start, size):
        pages = self._pages(start, size)
        for page in pages:
            self.page_kind[page] = PAGE_RAM
            self.devices[page] = None
        self.set_stretch(pages.start << 8, len(pages) << 8, False)

    def map_rom(self, start, data, size=None, fill=0xFF):
        """Place `data` at `start` as ROM; a region larger than the data is padded with `fill`."""
        size = len(data) if size is None else size
        if len(data) > size:
            raise ValueError(f"ROM image of {len(data)} bytes does not fit in ${size:X} bytes")
        pages = self._pages(start, (size + 0xFF) & ~0xFF)
        self.memory[start:start + size] = bytes(data) + bytes([fill]) * (size - len(data))
        for page in pages:
            self.page_kind[page] = PAGE_ROM
            self.devices[page] = None
        self.set_stretch(pages.start << 8, len(pages) << 8, False)

    def map_io(self, start, size, device, stretch=False):
        """Give pages to `device`; `stretch`: all of them are on the slow bus (`set_stretch` then
        makes parts of them fast again, or slow)."""
        pages = self._pages(start, size)
        for page in pages:
            self.page_kind[page] = PAGE_IO
            self.devices[page] = device
        self.set_stretch(start, size, stretch)

    def set_stretch(self, start, size, stretched):
        """Put the whole 32-byte blocks of `start`..`start+size-1` on the slow bus, or take them off."""
        if start % STRETCH_BLOCK or size % STRETCH_BLOCK or size <= 0 or start + size > 0x10000:
            raise ValueError(f"region ${start:04X}+${size:X} is not whole {STRETCH_BLOCK}-byte blocks "
                             f"in 64 KiB")
        first, end = start // STRETCH_BLOCK, (start + size) // STRETCH_BLOCK
        self.block_stretch[first:end] = bytes([1 if stretched else 0]) * (end - first)
        per_page = 0x100 // STRETCH_BLOCK
        for page in range(start >> 8, (start + size + 0xFF) >> 8):
            blocks = self.block_stretch[page * per_page:(page + 1) * per_page]
            self.page_stretch[page] = 1 if any(blocks) else 0

    def add_window(self, start, size, empty=0xFF):
        """A banked region; `select` swaps banks into it.  Returns the window."""
        window = BankWindow(self, start, size, empty)
        self.windows.append(window)
        return window

    # --- access from Python (loaders, devices, debugger, tests) -------------------------------------

    def read(self, addr, cycle=0):
        """Read as the CPU would, side effects included."""
        addr &= 0xFFFF
        if self.page_kind[addr >> 8] == PAGE_IO:
            return self.io_read(addr, cycle)
        return self.memory[addr]

    def write(self, addr, value, cycle=0):
        """Write as the CPU would: ROM ignores it, I/O goes to the device."""
        addr &= 0xFFFF
        kind = self.page_kind[addr >> 8]
        if kind == PAGE_RAM:
            self.memory[addr] = value & 0xFF
        elif kind == PAGE_IO:
            self.io_write(addr, value & 0xFF, cycle)

    def peek(self, addr):
        """Read without side effects (a device without `peek` shows its memory byte)."""
        addr &= 0xFFFF
        if self.page_kind[addr >> 8] == PAGE_IO:
            device = self.devices[addr >> 8]
            if isinstance(device, IODevice):
                return device.peek(addr) & 0xFF
            peek = getattr(device, "peek", None)
            if peek is not None:
                return peek(addr) & 0xFF
        return self.memory[addr]

    def load(self, addr, data):
        """Put bytes into memory whatever the page kind (a loader, not a CPU write)."""
        if addr < 0 or addr + len(data) > 0x10000:
            raise ValueError(f"{len(data)} bytes at ${addr:04X} run past the end of memory")
        self.memory[addr:addr + len(data)] = bytes(data)

    # The CPU core's entry points for I/O pages.  A typed device is assigned to `typed` (declared an
    # IODevice in bus.pxd), so compiled code calls its methods through C; others get a Python call.
    # The kind is decided at each access, so code that puts objects into `devices` directly (the
    # debugger's watch pages) needs nothing else kept in step.

    def io_read(self, addr, cycle):
        device = self.devices[addr >> 8]
        if isinstance(device, IODevice):
            typed = device
            return typed.read(addr, cycle) & 0xFF
        return device.read(addr, cycle) & 0xFF

    def io_write(self, addr, value, cycle):
        device = self.devices[addr >> 8]
        if isinstance(device, IODevice):
            typed = device
            typed.write(addr, value, cycle)
        else:
            device.write(addr, value, cycle)

    def access_delay(self, addr, cycle):
        """Extra CPU cycles of an access to `addr` (on a page with `page_stretch` set) on `cycle`."""
        if self.slow[addr >> 5]:                # addr // STRETCH_BLOCK
            return self.stretch_delay(cycle)
        return 0

    def stretch_delay(self, cycle):
        """Extra CPU cycles before an access to a stretched page can happen on `cycle`.

        The BBC's 1 MHz bus: the 2 MHz CPU clock is stretched until the access lines up with the
        1 MHz clock, so the access costs one extra cycle, or two when it begins on an odd cycle
        (BBC Micro Advanced User Guide, 1 MHz bus; as measured by the b2 and beebjit authors).
        """
        return 1 + (cycle & 1)

    # --- save states (emulator/state.py) ------------------------------------------------------------

    def state_schema(self):
        from emulator.schema import data, fixed
        return {"memory": data(0x10000), "windows": fixed(*(w.state_schema() for w in self.windows))}

    def state(self):
        """The 64 KiB as the CPU sees them now, and each banked window's selection and RAM banks.
        (The map itself is the machine's wiring, built the same way by a new machine.)"""
        return {"memory": bytes(self.memory), "windows": [w.state() for w in self.windows]}

    def set_state(self, d):
        if len(d["memory"]) != 0x10000 or len(d["windows"]) != len(self.windows):
            raise ValueError("the saved memory map does not fit this machine")
        self.memory[:] = d["memory"]
        for window, saved in zip(self.windows, d["windows"]):
            window.set_state(saved)


class BankWindow:
    """A run of pages whose contents come from one of several banks (sideways ROM/RAM)."""

    def __init__(self, bus, start, size, empty=0xFF):
        bus._pages(start, size)
        self.bus = bus
        self.start = start
        self.size = size
        self.empty = bytes([empty]) * size
        self.banks = {}                 # number -> (bytearray, writable)
        self.selected = None

    def set_bank(self, number, data=None, writable=False):
        """Fit a bank: ROM bytes (padded to the window with $FF) or, if writable, RAM."""
        if data is None:
            data = bytes(self.size)
        if len(data) > self.size:
            raise ValueError(f"bank {number}: {len(data)} bytes do not fit in a ${self.size:X} window")
        buf = bytearray(data) + bytearray(b"\xff") * (self.size - len(data))
        self.banks[number] = (buf, writable)
        if number == self.selected:
            self.selected = None
            self.select(number)

    def select(self, number):
        if number == self.selected:
            return
        mem, start, end = self.bus.memory, self.start, self.start + self.size
        if self.selected in self.banks:
            buf, writable = self.banks[self.selected]
            if writable:
                buf[:] = mem[start:end]
        bank = self.banks.get(number)
        if bank is None:
            mem[start:end] = self.empty
            writable = False
        else:
            mem[start:end] = bank[0]
            writable = bank[1]
        for page in range(start >> 8, end >> 8):
            self.bus.page_kind[page] = PAGE_RAM if writable else PAGE_ROM
        self.selected = number

    # --- save states (emulator/state.py) ------------------------------------------------------------

    def state_schema(self):
        from emulator.schema import data, integer, mapping, maybe, text
        return {"selected": maybe(integer(0, 255)),
                "ram": mapping(text(), data(self.size), 256)}

    def state(self):
        """The selected bank and the contents of the writable banks (the selected one's bytes are
        in the bus memory, which the bus saves).  ROM banks are the machine's ROM set."""
        ram = {str(number): bytes(buf) for number, (buf, writable) in self.banks.items() if writable}
        return {"selected": self.selected, "ram": ram}

    def set_state(self, d):
        for key, data in d["ram"].items():
            number = int(key)
            if number not in self.banks or not self.banks[number][1] or len(data) != self.size:
                raise ValueError(f"sideways RAM bank {number} does not fit this machine")
            self.banks[number][0][:] = data
        selected = d["selected"]
        bank = self.banks.get(selected)
        writable = bank is not None and bank[1]
        for page in range(self.start >> 8, (self.start + self.size) >> 8):
            self.bus.page_kind[page] = PAGE_RAM if writable else PAGE_ROM
        self.selected = selected
