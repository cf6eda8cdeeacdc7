"""The 256 NMOS 6502 opcodes: mnemonic, addressing mode, length, cycles.

Used by the tests, the debugger and the disassembler of undocumented opcodes (py65 disassembles only
the documented ones).  Addressing-mode names are py65's: imp acc imm zpg zpx zpy abs abx aby ind inx
iny rel.

`cycles` is the base count; `page_penalty` means one more cycle when the indexed address crosses a page
(for branches: +1 when taken, +1 more when the target is in another page).  The 12 JAM opcodes halt
the CPU and have no cycle count (0 here).

Cycle counts of the documented opcodes: MCS6500 Microcomputer Family Programming Manual, appendix
tables; of the undocumented ones: "NMOS 6510 Unintended Opcodes - No More Secrets" (groepaz), whose
mnemonics are used here (ANE, LXA, SHA, SHX, SHY, TAS, LAS, SBX, ALR, ...).
"""
from collections import namedtuple

Opcode = namedtuple("Opcode", "opcode mnemonic mode length cycles page_penalty documented")

MODES = ("imp", "acc", "imm", "zpg", "zpx", "zpy", "abs", "abx", "aby", "ind", "inx", "iny", "rel")
MODE_LENGTH = {"imp": 1, "acc": 1, "imm": 2, "zpg": 2, "zpx": 2, "zpy": 2, "abs": 3, "abx": 3,
               "aby": 3, "ind": 3, "inx": 2, "iny": 2, "rel": 2}

# opcode: (mnemonic, mode, cycles, page penalty).  "+" after the cycles in a comment is the penalty.
_DOCUMENTED = {
    0x00: ("BRK", "imp", 7, 0), 0x01: ("ORA", "inx", 6, 0), 0x05: ("ORA", "zpg", 3, 0),
    0x06: ("ASL", "zpg", 5, 0), 0x08: ("PHP", "imp", 3, 0), 0x09: ("ORA", "imm", 2, 0),
    0x0A: ("ASL", "acc", 2, 0), 0x0D: ("ORA", "abs", 4, 0), 0x0E: ("ASL", "abs", 6, 0),
    0x10: ("BPL", "rel", 2, 1), 0x11: ("ORA", "iny", 5, 1), 0x15: ("ORA", "zpx", 4, 0),
    0x16: ("ASL", "zpx", 6, 0), 0x18: ("CLC", "imp", 2, 0), 0x19: ("ORA", "aby", 4, 1),
    0x1D: ("ORA", "abx", 4, 1), 0x1E: ("ASL", "abx", 7, 0),
    0x20: ("JSR", "abs", 6, 0), 0x21: ("AND", "inx", 6, 0), 0x24: ("BIT", "zpg", 3, 0),
    0x25: ("AND", "zpg", 3, 0), 0x26: ("ROL", "zpg", 5, 0), 0x28: ("PLP", "imp", 4, 0),
    0x29: ("AND", "imm", 2, 0), 0x2A: ("ROL", "acc", 2, 0), 0x2C: ("BIT", "abs", 4, 0),
    0x2D: ("AND", "abs", 4, 0), 0x2E: ("ROL", "abs", 6, 0),
    0x30: ("BMI", "rel", 2, 1), 0x31: ("AND", "iny", 5, 1), 0x35: ("AND", "zpx", 4, 0),
    0x36: ("ROL", "zpx", 6, 0), 0x38: ("SEC", "imp", 2, 0), 0x39: ("AND", "aby", 4, 1),
    0x3D: ("AND", "abx", 4, 1), 0x3E: ("ROL", "abx", 7, 0),
    0x40: ("RTI", "imp", 6, 0), 0x41: ("EOR", "inx", 6, 0), 0x45: ("EOR", "zpg", 3, 0),
    0x46: ("LSR", "zpg", 5, 0), 0x48: ("PHA", "imp", 3, 0), 0x49: ("EOR", "imm", 2, 0),
    0x4A: ("LSR", "acc", 2, 0), 0x4C: ("JMP", "abs", 3, 0), 0x4D: ("EOR", "abs", 4, 0),
    0x4E: ("LSR", "abs", 6, 0),
    0x50: ("BVC", "rel", 2, 1), 0x51: ("EOR", "iny", 5, 1), 0x55: ("EOR", "zpx", 4, 0),
    0x56: ("LSR", "zpx", 6, 0), 0x58: ("CLI", "imp", 2, 0), 0x59: ("EOR", "aby", 4, 1),
    0x5D: ("EOR", "abx", 4, 1), 0x5E: ("LSR", "abx", 7, 0),
    0x60: ("RTS", "imp", 6, 0), 0x61: ("ADC", "inx", 6, 0), 0x65: ("ADC", "zpg", 3, 0),
    0x66: ("ROR", "zpg", 5, 0), 0x68: ("PLA", "imp", 4, 0), 0x69: ("ADC", "imm", 2, 0),
    0x6A: ("ROR", "acc", 2, 0), 0x6C: ("JMP", "ind", 5, 0), 0x6D: ("ADC", "abs", 4, 0),
    0x6E: ("ROR", "abs", 6, 0),
    0x70: ("BVS", "rel", 2, 1), 0x71: ("ADC", "iny", 5, 1), 0x75: ("ADC", "zpx", 4, 0),
    0x76: ("ROR", "zpx", 6, 0), 0x78: ("SEI", "imp", 2, 0), 0x79: ("ADC", "aby", 4, 1),
    0x7D: ("ADC", "abx", 4, 1), 0x7E: ("ROR", "abx", 7, 0),
    0x81: ("STA", "inx", 6, 0), 0x84: ("STY", "zpg", 3, 0), 0x85: ("STA", "zpg", 3, 0),
    0x86: ("STX", "zpg", 3, 0), 0x88: ("DEY", "imp", 2, 0), 0x8A: ("TXA", "imp", 2, 0),
    0x8C: ("STY", "abs", 4, 0), 0x8D: ("STA", "abs", 4, 0), 0x8E: ("STX", "abs", 4, 0),
    0x90: ("BCC", "rel", 2, 1), 0x91: ("STA", "iny", 6, 0), 0x94: ("STY", "zpx", 4, 0),
    0x95: ("STA", "zpx", 4, 0), 0x96: ("STX", "zpy", 4, 0), 0x98: ("TYA", "imp", 2, 0),
    0x99: ("STA", "aby", 5, 0), 0x9A: ("TXS", "imp", 2, 0), 0x9D: ("STA", "abx", 5, 0),
    0xA0: ("LDY", "imm", 2, 0), 0xA1: ("LDA", "inx", 6, 0), 0xA2: ("LDX", "imm", 2, 0),
    0xA4: ("LDY", "zpg", 3, 0), 0xA5: ("LDA", "zpg", 3, 0), 0xA6: ("LDX", "zpg", 3, 0),
    0xA8: ("TAY", "imp", 2, 0), 0xA9: ("LDA", "imm", 2, 0), 0xAA: ("TAX", "imp", 2, 0),
    0xAC: ("LDY", "abs", 4, 0), 0xAD: ("LDA", "abs", 4, 0), 0xAE: ("LDX", "abs", 4, 0),
    0xB0: ("BCS", "rel", 2, 1), 0xB1: ("LDA", "iny", 5, 1), 0xB4: ("LDY", "zpx", 4, 0),
    0xB5: ("LDA", "zpx", 4, 0), 0xB6: ("LDX", "zpy", 4, 0), 0xB8: ("CLV", "imp", 2, 0),
    0xB9: ("LDA", "aby", 4, 1), 0xBA: ("TSX", "imp", 2, 0), 0xBC: ("LDY", "abx", 4, 1),
    0xBD: ("LDA", "abx", 4, 1), 0xBE: ("LDX", "aby", 4, 1),
    0xC0: ("CPY", "imm", 2, 0), 0xC1: ("CMP", "inx", 6, 0), 0xC4: ("CPY", "zpg", 3, 0),
    0xC5: ("CMP", "zpg", 3, 0), 0xC6: ("DEC", "zpg", 5, 0), 0xC8: ("INY", "imp", 2, 0),
    0xC9: ("CMP", "imm", 2, 0), 0xCA: ("DEX", "imp", 2, 0), 0xCC: ("CPY", "abs", 4, 0),
    0xCD: ("CMP", "abs", 4, 0), 0xCE: ("DEC", "abs", 6, 0),
    0xD0: ("BNE", "rel", 2, 1), 0xD1: ("CMP", "iny", 5, 1), 0xD5: ("CMP", "zpx", 4, 0),
    0xD6: ("DEC", "zpx", 6, 0), 0xD8: ("CLD", "imp", 2, 0), 0xD9: ("CMP", "aby", 4, 1),
    0xDD: ("CMP", "abx", 4, 1), 0xDE: ("DEC", "abx", 7, 0),
    0xE0: ("CPX", "imm", 2, 0), 0xE1: ("SBC", "inx", 6, 0), 0xE4: ("CPX", "zpg", 3, 0),
    0xE5: ("SBC", "zpg", 3, 0), 0xE6: ("INC", "zpg", 5, 0), 0xE8: ("INX", "imp", 2, 0),
    0xE9: ("SBC", "imm", 2, 0), 0xEA: ("NOP", "imp", 2, 0), 0xEC: ("CPX", "abs", 4, 0),
    0xED: ("SBC", "abs", 4, 0), 0xEE: ("INC", "abs", 6, 0),
    0xF0: ("BEQ", "rel", 2, 1), 0xF1: ("SBC", "iny", 5, 1), 0xF5: ("SBC", "zpx", 4, 0),
    0xF6: ("INC", "zpx", 6, 0), 0xF8: ("SED", "imp", 2, 0), 0xF9: ("SBC", "aby", 4, 1),
    0xFD: ("SBC", "abx", 4, 1), 0xFE: ("INC", "abx", 7, 0),
}


def _undocumented():
    table = {}
    # The read-modify-write combinations share the layout of column 3 of the opcode matrix.
    rmw_modes = ((0x03, "inx", 8), (0x07, "zpg", 5), (0x0F, "abs", 6), (0x13, "iny", 8),
                 (0x17, "zpx", 6), (0x1B, "aby", 7), (0x1F, "abx", 7))
    for row, name in ((0x00, "SLO"), (0x20, "RLA"), (0x40, "SRE"), (0x60, "RRA"),
                      (0xC0, "DCP"), (0xE0, "ISC")):
        for low, mode, cycles in rmw_modes:
            table[row + low] = (name, mode, cycles, 0)
    table.update({
        0x83: ("SAX", "inx", 6, 0), 0x87: ("SAX", "zpg", 3, 0), 0x8F: ("SAX", "abs", 4, 0),
        0x97: ("SAX", "zpy", 4, 0),
        0xA3: ("LAX", "inx", 6, 0), 0xA7: ("LAX", "zpg", 3, 0), 0xAF: ("LAX", "abs", 4, 0),
        0xB3: ("LAX", "iny", 5, 1), 0xB7: ("LAX", "zpy", 4, 0), 0xBF: ("LAX", "aby", 4, 1),
        0x0B: ("ANC", "imm", 2, 0), 0x2B: ("ANC", "imm", 2, 0), 0x4B: ("ALR", "imm", 2, 0),
        0x6B: ("ARR", "imm", 2, 0), 0xCB: ("SBX", "imm", 2, 0), 0xEB: ("SBC", "imm", 2, 0),
        # The unstable ones (see emulator/cpu/core.py for the model used).
        0x8B: ("ANE", "imm", 2, 0), 0xAB: ("LXA", "imm", 2, 0), 0xBB: ("LAS", "aby", 4, 1),
        0x93: ("SHA", "iny", 6, 0), 0x9F: ("SHA", "aby", 5, 0), 0x9B: ("TAS", "aby", 5, 0),
        0x9E: ("SHX", "aby", 5, 0), 0x9C: ("SHY", "abx", 5, 0),
    })
    for op in (0x1A, 0x3A, 0x5A, 0x7A, 0xDA, 0xFA):
        table[op] = ("NOP", "imp", 2, 0)
    for op in (0x80, 0x82, 0x89, 0xC2, 0xE2):
        table[op] = ("NOP", "imm", 2, 0)
    for op in (0x04, 0x44, 0x64):
        table[op] = ("NOP", "zpg", 3, 0)
    for op in (0x14, 0x34, 0x54, 0x74, 0xD4, 0xF4):
        table[op] = ("NOP", "zpx", 4, 0)
    table[0x0C] = ("NOP", "abs", 4, 0)
    for op in (0x1C, 0x3C, 0x5C, 0x7C, 0xDC, 0xFC):
        table[op] = ("NOP", "abx", 4, 1)
    for op in JAM_OPCODES:
        table[op] = ("JAM", "imp", 0, 0)
    return table


JAM_OPCODES = (0x02, 0x12, 0x22, 0x32, 0x42, 0x52, 0x62, 0x72, 0x92, 0xB2, 0xD2, 0xF2)


def _build():
    undocumented = _undocumented()
    assert not set(undocumented) & set(_DOCUMENTED)
    table = []
    for op in range(256):
        documented = op in _DOCUMENTED
        mnemonic, mode, cycles, penalty = _DOCUMENTED[op] if documented else undocumented[op]
        table.append(Opcode(op, mnemonic, mode, MODE_LENGTH[mode], cycles, bool(penalty), documented))
    return tuple(table)


OPCODES = _build()
DOCUMENTED = tuple(o.opcode for o in OPCODES if o.documented)


def disassemble(read, addr):
    """One instruction at `addr` (read(addr) -> byte): returns (text, length)."""
    info = OPCODES[read(addr & 0xFFFF)]
    lo = read((addr + 1) & 0xFFFF)
    word = lo | read((addr + 2) & 0xFFFF) << 8
    operand = {
        "imp": "", "acc": "A", "imm": f"#${lo:02X}", "zpg": f"${lo:02X}", "zpx": f"${lo:02X},X",
        "zpy": f"${lo:02X},Y", "abs": f"${word:04X}", "abx": f"${word:04X},X", "aby": f"${word:04X},Y",
        "ind": f"(${word:04X})", "inx": f"(${lo:02X},X)", "iny": f"(${lo:02X}),Y",
        "rel": f"${(addr + 2 + (lo - 256 if lo & 0x80 else lo)) & 0xFFFF:04X}",
    }[info.mode]
    return (f"{info.mnemonic} {operand}".rstrip(), info.length)
