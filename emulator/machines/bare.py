"""The bare 6502: a CPU on 64 KiB of RAM and nothing else, with an optional interrupt feedback register
for test programs.  `acorn exec`, `acorn bench cpu` and the debugger without `--machine` run it."""
import time

from emulator.bus import Bus
from emulator.errors import UserError

BLOCK_CYCLES = 1 << 22          # run in blocks so a very long run stays interruptible


class InterruptPort:
    """An optional feedback register for test programs (as in public 6502 interrupt tests): writing
    bit 0 holds the IRQ line asserted, bit 1 the NMI line (an NMI on each rising edge).  The other
    addresses of its page stay plain RAM."""

    def __init__(self, bus, address):
        self.bus = bus
        self.address = address
        self.cpu = None

    def read(self, addr, cycle):
        return self.bus.memory[addr]

    def write(self, addr, value, cycle):
        self.bus.memory[addr] = value
        if addr == self.address:
            self.cpu.set_irq(1, bool(value & 1))
            self.cpu.set_nmi(1, bool(value & 2))


def bare_cpu(image, load, pc, source="image", interrupt_port=None):
    """A CPU on 64 KiB of RAM holding `image` at `load`, about to execute at `pc`."""
    from emulator.cpu.core import CPU

    if not 0 <= load <= 0xFFFF:
        raise UserError(f"load address ${load:X} is outside the 64 KiB address space")
    if not 0 <= pc <= 0xFFFF:
        raise UserError(f"start address ${pc:X} is outside the 64 KiB address space")
    if load + len(image) > 0x10000:
        raise UserError(
            f"{source}: {len(image)} bytes loaded at ${load:04X} overflow 64 KiB "
            f"(the last byte would be at ${load + len(image) - 1:X})")
    bus = Bus()
    bus.load(load, image)
    port = None
    if interrupt_port is not None:
        if not 0 <= interrupt_port <= 0xFFFF:
            raise UserError(f"interrupt port ${interrupt_port:X} is outside the 64 KiB address space")
        port = InterruptPort(bus, interrupt_port)
        bus.map_io(interrupt_port & 0xFF00, 0x100, port)
    cpu = CPU(bus)
    cpu.pc = pc
    if port is not None:
        port.cpu = cpu
    return cpu


def run_bare(cpu, max_cycles):
    """Run until trap, JAM or `max_cycles`; returns (stop reason, wall seconds)."""
    from emulator.cpu.core import STOP_LIMIT

    cpu.stop_on_trap = True
    start = time.perf_counter()
    reason = STOP_LIMIT
    while cpu.cycles < max_cycles:
        reason = cpu.run(min(cpu.cycles + BLOCK_CYCLES, max_cycles))
        if reason != STOP_LIMIT:
            break
    return reason, time.perf_counter() - start
