"""`acorn exec BINARY --load ADDR --pc ADDR [--max-cycles N]`: a raw binary on a bare 6502 with 64 KiB RAM.

It runs until the program traps (JMP or branch to itself, as the public 6502 test suites signal pass or
fail), the CPU executes a JAM opcode, or the cycle limit is reached.  Exit 0 on a trap, 4 on JAM, 3 on
the cycle limit.  `--interrupt-port ADDR` adds a register through which a test program raises IRQ/NMI.
"""
from emulator.errors import EXIT_JAM, EXIT_OK, EXIT_TIMEOUT, UserError, parse_number
from emulator.machines.bare import bare_cpu, run_bare


def read_binary(path):
    try:
        with open(path, "rb") as f:
            return f.read()
    except FileNotFoundError:
        raise UserError(f"{path}: no such file") from None
    except IsADirectoryError:
        raise UserError(f"{path}: is a directory, expected a binary file") from None
    except OSError as e:
        raise UserError(f"{path}: cannot read ({e.strerror})") from None


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
