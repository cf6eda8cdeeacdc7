"""`acorn basic tokenize FILE.bas -o FILE` and `acorn basic detokenize FILE -o FILE.bas`: BBC BASIC II
programs between a text listing and the tokenised form BASIC keeps at PAGE and SAVE writes
(emulator/basic/bbc_tokeniser.py; docs/basic_files.md).

Bad input is one line naming the file and its line (a listing) or offset (a tokenised program),
exit 2.  The output is written to a temporary file beside it and renamed, and is never the input.
"""
import os
import sys

from emulator.atomic import write_atomically
from emulator.basic.bbc_tokeniser import ProgramError, detokenise_program, tokenise_program
from emulator.errors import UserError


def _read(path):
    try:
        with open(path, "rb") as f:
            return f.read()
    except OSError as e:
        raise UserError(f"{path}: cannot read: {e.strerror or e}") from None


def _check_output(source, output):
    """UserError when writing `output` would replace `source` (the same file by any name)."""
    same = os.path.abspath(source) == os.path.abspath(output)
    if not same and os.path.exists(output):
        try:
            same = os.path.samefile(source, output)
        except OSError:
            same = False
    if same:
        raise UserError(f"{output}: the output would overwrite the input; name another file with -o")


def tokenize(args):
    _check_output(args.file, args.output)
    raw = _read(args.file)
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as e:
        line = raw[:e.start].count(b"\n") + 1
        raise UserError(f"{args.file}:{line}: byte &{raw[e.start]:02X} is not UTF-8 text "
                        f"(is this already a tokenised program?)") from None
    try:
        program = tokenise_program(text)
    except ProgramError as e:
        raise UserError(f"{args.file}:{e}") from None
    write_atomically(args.output, program)
    return 0


def detokenize(args):
    _check_output(args.file, args.output)
    raw = _read(args.file)
    try:
        listing = detokenise_program(raw)
    except ProgramError as e:
        raise UserError(f"{args.file}: {e}") from None
    write_atomically(args.output, listing.text)
    if listing.extra:
        print(f"acorn basic: {args.file}: {listing.extra} bytes after the end marker were left out",
              file=sys.stderr)
    if listing.changed:
        numbers = ", ".join(map(str, listing.changed))
        print(f"acorn basic: {args.file}: line(s) {numbers} list as text that tokenises differently "
              f"(a keyword stored by an abbreviation right before a letter, as E.X stores ENDPROC X)",
              file=sys.stderr)
    return 0


def add_parser(sub):
    p = sub.add_parser("basic", help="BBC BASIC programs: tokenise a listing, or list a tokenised file")
    actions = p.add_subparsers(dest="basic_command", metavar="ACTION")
    actions.required = True
    t = actions.add_parser("tokenize", aliases=["tokenise"],
                           help="a text listing to the tokenised program BASIC keeps at PAGE")
    t.add_argument("file", metavar="FILE.bas")
    t.add_argument("-o", "--output", required=True, metavar="FILE")
    t.set_defaults(handler="emulator.commands.basic_cmd:tokenize")
    d = actions.add_parser("detokenize", aliases=["detokenise"],
                           help="a tokenised BBC BASIC program to its listing, as LIST prints it")
    d.add_argument("file", metavar="FILE")
    d.add_argument("-o", "--output", required=True, metavar="FILE.bas")
    d.set_defaults(handler="emulator.commands.basic_cmd:detokenize")
    return p
