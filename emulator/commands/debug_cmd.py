"""`acorn debug [--machine bbc|atom] [FILE] [--symbols FILE] [--script FILE]`: the debugger.

Without --machine the target is a bare 6502 with 64 KiB of RAM, as `acorn exec` (routines under test
need nothing else, and it starts instantly).  With --machine the whole machine runs with its firmware.

FILE is
  * an assembly source (.s, .asm, .a65): assembled, loaded at its origin, with its symbols;
  * a BASIC listing (.bas, .txt) on a machine: typed in through the keyboard once the machine is up;
  * anything else: a binary, loaded at --load ADDR.
On the bare CPU the program starts at --pc, else at the symbol `start`, else at the load address.  On a
machine the firmware boots as usual; --pc sets PC after loading.
"""
import sys
from pathlib import Path

from emulator.errors import UserError, parse_number

SOURCE_SUFFIXES = (".s", ".asm", ".a65")
LISTING_SUFFIXES = (".bas", ".txt", ".atom")      # .atom: the Atom listings in tests/atom_basic
BOOT_SECONDS = 0.5                  # a machine runs this long before a listing is typed


def load_program(args, symbols):
    """(image, load address, default start) from FILE, adding an assembly's symbols."""
    path = args.file
    suffix = Path(path).suffix.lower()
    if suffix in SOURCE_SUFFIXES:
        from emulator.asm import AsmError, assemble_file

        origin = parse_number(args.load, "--load address") if args.load else 0
        try:
            assembly = assemble_file(path, origin=origin)
        except AsmError as e:
            raise UserError(str(e).splitlines()[0]) from None
        symbols.add_assembly(assembly)
        start = assembly.symbols.get("start", assembly.origin)
        return assembly.image, assembly.origin, start
    from emulator.commands.exec_cmd import read_binary

    if args.load is None:
        raise UserError(f"{path}: a binary needs --load ADDR (or give an assembly source .s)")
    load = parse_number(args.load, "--load address")
    return read_binary(path), load, load


def build(args, out=print):
    """The Monitor for these arguments (the program loaded, nothing run yet but a machine's boot)."""
    from emulator.debug import BareTarget, Debugger, MachineTarget, SymbolTable
    from emulator.debug.basic_view import view_for
    from emulator.debug.monitor import Monitor

    machine_name = args.machine
    symbols = SymbolTable(machine_name)
    for path in args.symbols or ():
        symbols.load_file(path)
    listing = args.file is not None and Path(args.file).suffix.lower() in LISTING_SUFFIXES
    program = None
    if args.file is not None and not listing:
        program = load_program(args, symbols)
    pc = None
    if args.pc:
        from emulator.debug.expr import parse

        expression = parse(args.pc, symbols)              # a number or a symbol
        if not expression.constant:
            raise UserError(f"--pc {args.pc}: registers and memory mean nothing before the start")
        pc = expression.evaluate(None)
        if not 0 <= pc <= 0xFFFF:
            raise UserError(f"--pc {args.pc} is outside the 64 KiB address space")
    from emulator.errors import parse_seconds
    max_seconds = parse_seconds(args.max_seconds, "--max-seconds")

    machine = None
    if machine_name is None:
        if listing:
            raise UserError(f"{args.file}: a BASIC listing needs a machine (--machine atom)")
        from emulator.machines.bare import bare_cpu

        image, load, start = program if program else (b"", 0, 0)
        cpu = bare_cpu(image, load, pc if pc is not None else start, source=args.file or "image")
        target = BareTarget(cpu)
    else:
        from emulator.session import Machine

        from emulator.commands.run_cmd import filing_options, seed_option

        machine = Machine(machine_name, roms=args.roms, **filing_options(args, machine_name),
                          **seed_option(args))
        if program:
            image, load, _ = program
            if load + len(image) > 0x10000:
                raise UserError(f"{args.file}: {len(image)} bytes at ${load:04X} overflow 64 KiB")
            machine.hardware.bus.load(load, image)
        if pc is not None:
            machine.cpu.pc = pc
        target = MachineTarget(machine)
    dbg = Debugger(target, symbols, max_seconds=max_seconds)
    view = None if machine is None else view_for(machine_name, dbg.peek, own_firmware=args.roms is None)
    monitor = Monitor(dbg, out=out, machine=machine, basic_view=view)
    if listing:
        text = _read_text(args.file).replace("\r\n", "\n").replace("\n", "\r")
        dbg.run_cycles(int(BOOT_SECONDS * target.clock_hz))
        dbg.history.input(f"type {args.file}", lambda: machine.type(text))     # logged for rewind
        monitor.listing_keys = len(text)
    return monitor


def _read_text(path):
    from emulator.inputs import LISTING_LIMIT, read_input
    raw = read_input(path, "listing", LISTING_LIMIT, holds="a listing")
    if raw.startswith(b"\xef\xbb\xbf"):           # a UTF-8 byte order mark is not text to type
        raw = raw[3:]
    return raw.decode("latin-1")


MAX_COMMAND_LINE = 4096                 # no debugger command is longer


def _stdin_lines():
    """Command lines from standard input, one at a time (endless input costs no more than a line)."""
    while True:
        line = sys.stdin.readline(MAX_COMMAND_LINE + 1)
        if not line:
            return
        if len(line) > MAX_COMMAND_LINE and not line.endswith("\n"):
            raise UserError(f"standard input: a command line longer than {MAX_COMMAND_LINE} characters")
        yield line.rstrip("\r\n")


def run_script(monitor, lines, echo=True):
    """Run command lines; returns False if one of them was `quit`."""
    for line in lines:
        if echo and line.strip():
            monitor.out(f"(acorn) {line.rstrip()}"[:79])
        if not monitor.execute(line):
            return False
    return True


def interactive(monitor):
    try:
        import readline  # noqa: F401  (line editing and history for input())
    except ImportError:
        pass
    while True:
        try:
            line = input("(acorn) ")
        except EOFError:
            monitor.out("")
            return
        except KeyboardInterrupt:
            monitor.out("")
            continue
        if not monitor.execute(line):
            return


def main(args):
    if args.bench_idle:
        from emulator.commands.bench_debug import main as bench_main

        return bench_main(args.bench_idle)
    script = None
    if args.script:                         # read first: a script that cannot be read is one line
        from emulator.inputs import SCRIPT_LIMIT, read_input
        raw = read_input(args.script, "script", SCRIPT_LIMIT)
        try:
            script = raw.decode("utf-8").splitlines()
        except UnicodeDecodeError:
            raise UserError(f"{args.script}: cannot read the script: not UTF-8 text") from None
    monitor = build(args)
    monitor.out("acorn debug: help lists the commands")
    if getattr(monitor, "listing_keys", 0):
        monitor.say(f"typing {args.file} ({monitor.listing_keys} keys): go or run to let it in")
    monitor.where()
    try:
        if script is not None:
            run_script(monitor, script)
        elif sys.stdin.isatty():
            interactive(monitor)
        else:
            run_script(monitor, _stdin_lines())
    finally:
        if monitor.machine is not None:
            monitor.machine.close_files()   # what the machine left open is written, as `acorn run` does
    # a script with errors in it still ran to its end; the exit code tells a test or a user
    return 2 if monitor.errors and not sys.stdin.isatty() else 0


def add_parser(sub):
    p = sub.add_parser("debug", help="the debugger (a bare 6502 unless --machine is given)")
    p.add_argument("file", nargs="?", metavar="FILE",
                   help="assembly source (.s), BASIC listing (.bas, needs --machine) or binary (--load)")
    from emulator.machines.registry import names
    p.add_argument("--machine", choices=names(),
                   help="debug a whole machine (default: a bare 6502 with 64 KiB of RAM)")
    p.add_argument("--roms", metavar="DIR", help="a directory with the user's ROM set")
    from emulator.commands.run_cmd import add_filing_arguments, add_seed_argument

    add_seed_argument(p)
    add_filing_arguments(p, "default: none")
    p.add_argument("--symbols", action="append", metavar="FILE", help="a symbol file (acorn asm --symbols)")
    p.add_argument("--script", metavar="FILE", help="run the commands in FILE, then leave")
    p.add_argument("--load", metavar="ADDR", help="load address of a binary (origin of a source without .org)")
    p.add_argument("--pc", metavar="ADDR", help="start address (a number or a symbol)")
    p.add_argument("--max-seconds", default="60", metavar="N",
                   help="emulated seconds one go may run without a stop (default 60)")
    p.add_argument("--bench-idle", metavar="CYCLES", nargs="?", const="50000000",
                   help="measure the idle debugger's overhead on the bench cpu workload and exit")
    p.set_defaults(handler="emulator.commands.debug_cmd:main")
    return p
