"""`acorn asm SOURCE -o OUT.bin [--listing FILE] [--symbols FILE] [--origin ADDR]`."""
import os
import sys

from emulator.asm import AsmError, assemble_file
from emulator.atomic import write_atomically
from emulator.errors import EXIT_BAD_INPUT, UserError, parse_number


def main(args):
    origin = 0 if args.origin is None else parse_number(args.origin, "origin")
    if not 0 <= origin <= 0xFFFF:
        raise UserError(f"origin {args.origin} is outside $0000-$FFFF")
    if not os.path.isfile(args.source):
        raise UserError(f"cannot read {args.source}: no such file")
    try:
        result = assemble_file(args.source, origin=origin)
    except AsmError as e:
        for message in e.errors:
            print(message, file=sys.stderr)
        count = len(e.errors)
        print(f"acorn asm: {count} error{'s' if count != 1 else ''}, nothing written", file=sys.stderr)
        return EXIT_BAD_INPUT
    write_atomically(args.output, result.image)
    if args.listing:
        write_atomically(args.listing, result.listing)
    if args.symbols:
        write_atomically(args.symbols, result.symbol_text())
    if result.image:
        print(f"{args.output}: {len(result.image)} bytes, ${result.origin:04X}-${result.end - 1:04X}")
    else:
        print(f"{args.output}: 0 bytes")
    return 0
