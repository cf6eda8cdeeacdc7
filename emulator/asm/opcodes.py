"""The NMOS 6502 instruction set, taken from py65 once at import.

py65's MPU class lists, for each of the 256 opcodes, its mnemonic and addressing mode (the table its own
Assembler and Disassembler use).  We read that table instead of keeping a copy, so our encoding is py65's
encoding by construction; the tests check every documented opcode against py65's Assembler and
Disassembler.  Mode names are py65's.
"""
from py65.devices.mpu6502 import MPU

# Bytes an instruction occupies in each addressing mode (opcode included).
MODE_SIZE = {
    "imp": 1, "acc": 1,
    "imm": 2, "zpg": 2, "zpx": 2, "zpy": 2, "inx": 2, "iny": 2, "rel": 2,
    "abs": 3, "abx": 3, "aby": 3, "ind": 3,
}

# How the modes read in error messages.
MODE_DESCRIPTION = {
    "imp": "implied", "acc": "accumulator", "imm": "immediate",
    "zpg": "zero page", "zpx": "zero page,X", "zpy": "zero page,Y",
    "abs": "absolute", "abx": "absolute,X", "aby": "absolute,Y",
    "ind": "indirect", "inx": "(indirect,X)", "iny": "(indirect),Y", "rel": "relative",
}


def _documented_opcodes():
    table = {}
    for opcode, (mnemonic, mode) in enumerate(MPU.disassemble):
        if mnemonic != "???":             # py65 marks the undocumented opcodes "???"
            table[(mnemonic, mode)] = opcode
    return table


# (MNEMONIC, mode) -> opcode, for the 151 documented opcodes.
OPCODES = _documented_opcodes()

# MNEMONIC -> frozenset of its modes.
MODES = {}
for _mnemonic, _mode in OPCODES:
    MODES.setdefault(_mnemonic, set()).add(_mode)
MODES = {name: frozenset(modes) for name, modes in MODES.items()}
del _mnemonic, _mode
