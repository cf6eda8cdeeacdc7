"""The `acorn` command: parses arguments and hands each sub-command to the module that does the work.

Every user error comes back as a UserError and is printed as one line with its exit code
(emulator.errors); a traceback is always a bug.
"""
import argparse
import sys

from emulator.errors import EXIT_BAD_INPUT, UserError


def build_parser():
    parser = argparse.ArgumentParser(prog="acorn", description="Acorn Atom and BBC Micro emulation suite")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    sub.required = True

    p = sub.add_parser("exec", help="run a raw binary on a bare 6502 with 64 KiB of RAM")
    p.add_argument("binary")
    p.add_argument("--load", required=True, help="load address ($hex, &hex, 0xhex or decimal)")
    p.add_argument("--pc", required=True, help="start address")
    p.add_argument("--max-cycles", default="100000000", help="stop after this many cycles (exit 3)")
    p.add_argument("--interrupt-port", metavar="ADDR",
                   help="a register for test programs: write bit 0 = IRQ line, bit 1 = NMI line")
    p.set_defaults(handler="emulator.commands.exec_cmd:main")

    p = sub.add_parser("bench", help="measure speed")
    p.add_argument("what", choices=["cpu", "machine", "nim", "basic"],
                   help="cpu: our core against py65 on the same workload; machine: a whole machine headless; "
                        "nim: cycles per call of the Nim routines in assembly/; "
                        "basic: emulated seconds of BASIC benchmark programs (PCW BM1-BM7 and more)")
    p.add_argument("--cycles", default="200000000", help="cycles of the workload for our core")
    p.add_argument("--machine", default="atom", help="bench machine: which machine, atom or bbc (default atom)")
    p.add_argument("--seconds", default="10", help="bench machine: emulated seconds per measurement")
    p.add_argument("--roms", metavar="DIR", help="bench machine: run a user's ROM set instead")
    p.set_defaults(handler="emulator.commands.bench_cmd:main")

    from emulator.commands.run_cmd import add_parser as add_run_parser
    add_run_parser(sub)

    from emulator.commands.debug_cmd import add_parser as add_debug_parser
    add_debug_parser(sub)

    from emulator.commands.basic_cmd import add_parser as add_basic_parser
    add_basic_parser(sub)

    p = sub.add_parser("asm", help="assemble 6502 source")
    p.add_argument("source")
    p.add_argument("-o", "--output", required=True)
    p.add_argument("--listing")
    p.add_argument("--symbols")
    p.add_argument("--origin", default=None, help="start address when the source has no .org")
    p.set_defaults(handler="emulator.commands.asm_cmd:main")

    p = sub.add_parser("roms", help="build our firmware, or check a ROM directory")
    rsub = p.add_subparsers(dest="roms_command", metavar="ACTION")
    rsub.required = True
    rb = rsub.add_parser("build", help="assemble roms/src into roms/build")
    rb.add_argument("--src", help="firmware source tree instead of roms/src")
    rb.add_argument("--out", help="build directory instead of roms/build")
    rb.set_defaults(handler="emulator.commands.roms_cmd:main_build")
    rc = rsub.add_parser("check", help="check a ROM directory for --roms")
    rc.add_argument("directory")
    rc.set_defaults(handler="emulator.commands.roms_cmd:main_check")
    return parser


def main(argv=None):
    parser = build_parser()
    args = parser.parse_args(argv)
    if args.command == "bench" and args.what == "machine":
        args.handler = "emulator.commands.bench_machine:main"
    if args.command == "bench" and args.what == "basic":
        args.handler = "emulator.commands.bench_basic:main"
    if args.command == "bench" and args.what == "nim":
        args.handler = "emulator.commands.bench_nim:main"
    module_name, _, function = args.handler.partition(":")
    try:
        module = __import__(module_name, fromlist=[function])
        return getattr(module, function)(args) or 0
    except UserError as e:
        print(f"acorn {args.command}: {e}", file=sys.stderr)
        return e.exit_code
    except KeyboardInterrupt:
        print(f"acorn {args.command}: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        return EXIT_BAD_INPUT


if __name__ == "__main__":
    sys.exit(main())
