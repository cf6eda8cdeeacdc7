"""`acorn asm SOURCE -o OUT.bin [--listing FILE] [--symbols FILE] [--origin ADDR]`.

The outputs are written all or none (emulator.atomic.replace_files), and none of them may be the
source or another output."""
import os
import sys

from emulator.asm import AsmError, assemble
from emulator.atomic import replace_files
from emulator.errors import EXIT_BAD_INPUT, UserError, parse_number


def same_file(a, b):
    """True when the paths name one file (by name, or by a link to it)."""
    a, b = os.fspath(a), os.fspath(b)
    if os.path.abspath(a) == os.path.abspath(b) or os.path.realpath(a) == os.path.realpath(b):
        return True
    try:
        return os.path.samefile(a, b)
    except OSError:
        return False


def check_outputs(inputs, outputs):
    """UserError when an output (option, path) is an input or another output."""
    for i, (option, path) in enumerate(outputs):
        for source in inputs:
            if same_file(source, path):
                raise UserError(f"{path}: {option} would overwrite the source {source}; name another file")
        for other_option, other in outputs[:i]:
            if same_file(other, path):
                raise UserError(f"{path}: {option} and {other_option} name the same file")


def main(args):
    origin = 0 if args.origin is None else parse_number(args.origin, "origin")
    if not 0 <= origin <= 0xFFFF:
        raise UserError(f"origin {args.origin} is outside $0000-$FFFF")
    outputs = [("-o", args.output)] + [(option, path) for option, path in
                                       (("--listing", args.listing), ("--symbols", args.symbols)) if path]
    check_outputs([args.source], outputs)
    from emulator.inputs import SOURCE_LIMIT, read_input
    raw = read_input(args.source, "source", SOURCE_LIMIT, holds="an assembler source")
    try:
        result = assemble(raw.decode("utf-8"), origin=origin, filename=str(args.source))
    except UnicodeDecodeError:
        raise UserError(f"{args.source}:1:1: not UTF-8 text") from None
    except AsmError as e:
        for message in e.errors:
            print(message, file=sys.stderr)
        count = len(e.errors)
        print(f"acorn asm: {count} error{'s' if count != 1 else ''}, nothing written", file=sys.stderr)
        return EXIT_BAD_INPUT
    data = {"-o": result.image, "--listing": result.listing}
    if args.symbols:
        data["--symbols"] = result.symbol_text()
    try:
        replace_files([(path, data[option]) for option, path in outputs])
    except OSError as e:
        raise UserError(f"cannot write {e.filename or args.output}: {e.strerror or e}; nothing written") from None
    if result.image:
        print(f"{args.output}: {len(result.image)} bytes, ${result.origin:04X}-${result.end - 1:04X}")
    else:
        print(f"{args.output}: 0 bytes")
    return 0
