"""Every documented opcode in every addressing mode: our bytes are py65's, and py65 reads them back."""
import pytest
from py65.assembler import Assembler as Py65Assembler
from py65.devices.mpu6502 import MPU
from py65.disassembler import Disassembler

from emulator.asm import assemble
from emulator.asm.opcodes import MODE_SIZE, MODES, OPCODES

PC = 0x1000

# An operand in each mode, written as py65's disassembler writes it.
OPERANDS = {
    "imp": "", "acc": " A", "imm": " #$42", "zpg": " $42", "zpx": " $42,X", "zpy": " $42,Y",
    "abs": " $1234", "abx": " $1234,X", "aby": " $1234,Y", "ind": " ($1234)", "inx": " ($42,X)",
    "iny": " ($42),Y", "rel": " $1010",
}


def test_table_has_the_151_documented_opcodes():
    assert len(OPCODES) == 151
    assert len(set(OPCODES.values())) == 151
    assert len(MODES) == 56


@pytest.mark.parametrize("mnemonic,mode", sorted(OPCODES), ids=lambda v: str(v))
def test_opcode_matches_py65(mnemonic, mode):
    statement = mnemonic + OPERANDS[mode]
    expected = Py65Assembler(MPU()).assemble(statement, PC)
    ours = assemble(f" .org ${PC:04X}\n {statement}\n").image
    assert list(ours) == expected
    assert len(ours) == MODE_SIZE[mode]
    assert ours[0] == OPCODES[(mnemonic, mode)]

    mpu = MPU()
    mpu.memory[PC:PC + len(ours)] = list(ours)
    length, text = Disassembler(mpu).instruction_at(PC)
    assert (length, text) == (len(ours), statement)


@pytest.mark.parametrize("target", [PC + 2 - 128, PC + 2, PC + 2 + 127])
def test_branch_reach_matches_py65(target):
    statement = f"BNE ${target:04X}"
    expected = Py65Assembler(MPU()).assemble(statement, PC)
    assert list(assemble(f" .org ${PC:04X}\n {statement}").image) == expected


def test_lower_case_and_spacing():
    text = " .org $1000\n lda ( $42 ) , y\n Sta $1234 , x\n asl a\n ROL\n"
    assert assemble(text).image == bytes([0xB1, 0x42, 0x9D, 0x34, 0x12, 0x0A, 0x2A])
