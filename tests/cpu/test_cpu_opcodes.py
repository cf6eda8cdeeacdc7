"""emulator/cpu/opcodes.py: the 256-opcode table and its disassembler."""
from py65.devices.mpu6502 import MPU

from emulator.cpu.opcodes import DOCUMENTED, JAM_OPCODES, MODE_LENGTH, MODES, OPCODES, disassemble


def test_table_shape():
    assert len(OPCODES) == 256 and [o.opcode for o in OPCODES] == list(range(256))
    assert len(DOCUMENTED) == 151
    assert len(JAM_OPCODES) == 12
    for o in OPCODES:
        assert o.mode in MODES and o.length == MODE_LENGTH[o.mode]
        assert (o.cycles == 0) == (o.mnemonic == "JAM")


def test_documented_opcodes_agree_with_py65():
    for op in DOCUMENTED:
        info = OPCODES[op]
        assert (info.mnemonic, info.mode) == MPU.disassemble[op], f"${op:02X}"
        if op == 0xCE:
            # py65 1.2.0 gives DEC abs 3 cycles; the MCS6500 manual gives 6 like every RMW abs
            assert (info.cycles, MPU.cycletime[op]) == (6, 3)
        else:
            assert info.cycles == MPU.cycletime[op], f"${op:02X}"
        assert info.page_penalty == bool(MPU.extracycles[op]), f"${op:02X}"
    for op in range(256):
        if op not in DOCUMENTED:
            assert MPU.disassemble[op][0] == "???"


def test_disassemble():
    memory = bytearray(0x10000)
    memory[0x1000:0x100E] = bytes([0xA7, 0x12, 0x9C, 0x34, 0x12, 0xD0, 0xFE, 0x6C, 0xFF, 0x30, 0x02,
                                   0xB3, 0x80, 0x0A])
    read = memory.__getitem__
    assert disassemble(read, 0x1000) == ("LAX $12", 2)
    assert disassemble(read, 0x1002) == ("SHY $1234,X", 3)
    assert disassemble(read, 0x1005) == ("BNE $1005", 2)
    assert disassemble(read, 0x1007) == ("JMP ($30FF)", 3)
    assert disassemble(read, 0x100A) == ("JAM", 1)
    assert disassemble(read, 0x100B) == ("LAX ($80),Y", 2)
    assert disassemble(read, 0x100D) == ("ASL A", 1)
