"""`acorn exec BINARY --load ADDR --pc ADDR [--max-cycles N]`: a raw binary on a bare 6502 with 64 KiB RAM.

It runs until the program traps (JMP or branch to itself, as the public 6502 test suites signal pass or
fail), the CPU executes a JAM opcode, or the cycle limit is reached.  Exit 0 on a trap, 4 on JAM, 3 on
the cycle limit.  `--interrupt-port ADDR` adds a register through which a test program raises IRQ/NMI.
"""
import time

from emulator.bus import Bus
from emulator.errors import EXIT_JAM, EXIT_OK, EXIT_TIMEOUT, UserError, parse_number

BLOCK_CYCLES = 1 << 22          # run in blocks so a very long run stays interruptible


def read_binary(path):
    from emulator.inputs import BINARY_LIMIT, read_input
    return read_input(path, "binary", BINARY_LIMIT, holds="the 6502's 64 KiB address space")


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


def describe_registers(cpu):
    p = cpu.p
    flags = "".join(c if p & bit else c.lower() for c, bit in zip("NV-BDIZC", (128, 64, 32, 16, 8, 4, 2, 1)))
    return (f"PC=${cpu.pc:04X} A=${cpu.a:02X} X=${cpu.x:02X} Y=${cpu.y:02X} "
            f"S=${cpu.s:02X} P=${p:02X} ({flags})")


def main(args):
    from emulator.cpu.core import STOP_JAM, STOP_TRAP

    load = parse_number(args.load, "--load address")
    pc = parse_number(args.pc, "--pc address")
    max_cycles = parse_number(args.max_cycles, "--max-cycles")
    if max_cycles <= 0:
        raise UserError("--max-cycles must be a positive number of cycles")
    port = None if args.interrupt_port is None else parse_number(args.interrupt_port, "--interrupt-port")
    image = read_binary(args.binary)
    cpu = bare_cpu(image, load, pc, source=args.binary, interrupt_port=port)
    reason, wall = run_bare(cpu, max_cycles)

    if reason == STOP_TRAP:
        outcome, code = f"trapped at ${cpu.pc:04X}", EXIT_OK
    elif reason == STOP_JAM:
        outcome, code = f"CPU halted: JAM opcode ${cpu.jam_opcode:02X} at ${cpu.pc:04X}", EXIT_JAM
    else:
        outcome, code = f"cycle limit {max_cycles:,} reached", EXIT_TIMEOUT
    mhz = cpu.cycles / wall / 1e6 if wall > 0 else float("inf")
    print(outcome)
    print(describe_registers(cpu))
    print(f"instructions {cpu.instructions:,}  cycles {cpu.cycles:,}  "
          f"wall {wall:.3f} s  {mhz:.1f} MHz effective")
    return code
