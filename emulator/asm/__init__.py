"""A two-pass 6502 assembler on py65's instruction table (syntax: docs/assembler.md).

    from emulator.asm import assemble
    result = assemble(source_text, origin=0x2000)
    result.image, result.origin, result.symbols, result.listing
"""
from emulator.asm.assembler import Assembler, AsmError, Assembly
from emulator.asm.symbols import Symbol, format_symbols, read_symbol_file, read_symbols

__all__ = ["assemble", "assemble_file", "AsmError", "Assembly", "Symbol", "read_symbols",
           "read_symbol_file", "format_symbols"]


def assemble(text, origin=0, filename="<source>", include_dirs=(), defines=None):
    """Assemble `text`; raises AsmError listing every error of the failing pass.

    `origin` is the address assembly starts at until a `.org`; `.include` and `.incbin` look beside
    `filename` first, then in `include_dirs`.  `defines` ({name: value}) are symbols defined before
    the first line, as a `NAME = value` line would (e.g. {"MACHINE_BBC": 1} for nim_game.s).
    """
    return Assembler(origin, filename, include_dirs, defines=defines).assemble(text)


def assemble_file(path, origin=0, include_dirs=()):
    """Assemble a source file (UTF-8); a file that cannot be read is an AsmError too."""
    from emulator.errors import UserError
    from emulator.inputs import SOURCE_LIMIT, read_input

    path = str(path)
    try:
        text = read_input(path, "source", SOURCE_LIMIT, holds="an assembler source").decode("utf-8")
    except UnicodeDecodeError:
        raise AsmError([f"{path}:1:1: not UTF-8 text"]) from None
    except UserError as e:
        raise AsmError([str(e)]) from None
    return assemble(text, origin=origin, filename=path, include_dirs=include_dirs)
