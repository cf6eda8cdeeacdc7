"""Decimal-mode ADC and SBC: every A, operand and carry, valid and invalid BCD, against the NMOS
behaviour documented by Bruce Clark ("Decimal Mode", 6502.org tutorials, appendix A), modelled
independently in cpu_support.  py65 agrees with this model (the differential test also covers decimal
mode); these tests pin the documented facts themselves, so they do not depend on the oracle.
"""
import pytest

from cpu_support import decimal_adc_reference, decimal_sbc_reference, flags_of, make_cpu


def run_all(opcode, decimal):
    """Yields (a, b, c, A, N, V, Z, C) for every input of `opcode #b` with the D flag = decimal."""
    cpu = make_cpu(bytes([opcode, 0]))
    mem = cpu.bus.memory
    for a in range(256):
        for b in range(256):
            mem[0x201] = b
            for c in (0, 1):
                cpu.pc = 0x200
                cpu.a = a
                cpu.p = 0x20 | (0x08 if decimal else 0) | c
                cpu.step()
                yield (a, b, c, cpu.a) + flags_of(cpu.p)


def test_adc_decimal_every_input():
    for a, b, c, *got in run_all(0x69, decimal=True):
        assert tuple(got) == decimal_adc_reference(a, b, c), f"ADC ${a:02X}+${b:02X}+{c}"


def test_sbc_decimal_every_input():
    for a, b, c, *got in run_all(0xE9, decimal=True):
        assert tuple(got) == decimal_sbc_reference(a, b, c), f"SBC ${a:02X}-${b:02X}-{1 - c}"


def test_adc_sbc_binary_every_input():
    for a, b, c, result, n, v, z, carry in run_all(0x69, decimal=False):
        total = a + b + c
        signed = (a - 256 * (a >> 7)) + (b - 256 * (b >> 7)) + c
        assert (result, n, v, z, carry) == (
            total & 0xFF, (total >> 7) & 1, int(not -128 <= signed <= 127), int(total & 0xFF == 0),
            total >> 8)
    for a, b, c, result, n, v, z, carry in run_all(0xE9, decimal=False):
        total = a - b - (1 - c)
        signed = (a - 256 * (a >> 7)) - (b - 256 * (b >> 7)) - (1 - c)
        assert (result, n, v, z, carry) == (
            total & 0xFF, (total >> 7) & 1, int(not -128 <= signed <= 127), int(total & 0xFF == 0),
            int(total >= 0))


# Published NMOS results (visual6502 simulation of the NMOS 6502, as tabulated on the visual6502 wiki
# page "6502DecimalMode"): (A, operand, carry in) -> (A, N, V, Z, C).
ADC_EXAMPLES = [
    ((0x00, 0x00, 0), (0x00, 0, 0, 1, 0)),
    ((0x79, 0x00, 1), (0x80, 1, 1, 0, 0)),
    ((0x24, 0x56, 0), (0x80, 1, 1, 0, 0)),
    ((0x93, 0x82, 0), (0x75, 0, 1, 0, 1)),
    ((0x89, 0x76, 0), (0x65, 0, 0, 0, 1)),
    ((0x89, 0x76, 1), (0x66, 0, 0, 1, 1)),      # Z from the binary sum $100
    ((0x80, 0xF0, 0), (0xD0, 0, 1, 0, 1)),
    ((0x80, 0xFA, 0), (0xE0, 1, 0, 0, 1)),
    ((0x2F, 0x4F, 0), (0x74, 0, 0, 0, 0)),
    ((0x6F, 0x00, 1), (0x76, 0, 0, 0, 0)),
]
SBC_EXAMPLES = [
    ((0x00, 0x00, 0), (0x99, 1, 0, 0, 0)),
    ((0x00, 0x00, 1), (0x00, 0, 0, 1, 1)),
    ((0x00, 0x01, 1), (0x99, 1, 0, 0, 0)),
    ((0x0A, 0x00, 1), (0x0A, 0, 0, 0, 1)),
    ((0x0B, 0x00, 0), (0x0A, 0, 0, 0, 1)),
    ((0x9A, 0x00, 1), (0x9A, 1, 0, 0, 1)),
    ((0x9B, 0x00, 0), (0x9A, 1, 0, 0, 1)),
]


@pytest.mark.parametrize("opcode, examples", [(0x69, ADC_EXAMPLES), (0xE9, SBC_EXAMPLES)])
def test_published_decimal_examples(opcode, examples):
    for (a, b, c), expected in examples:
        cpu = make_cpu(bytes([0xF8, opcode, b]))      # SED; ADC/SBC #b
        cpu.a = a
        cpu.p = 0x20 | c
        cpu.step()
        cpu.step()
        assert (cpu.a,) + flags_of(cpu.p) == expected, f"${opcode:02X} ${a:02X} ${b:02X} C={c}"
        assert cpu.cycles == 4          # decimal mode costs no extra cycle on the NMOS part


def test_decimal_memory_modes_use_the_same_arithmetic():
    # ADC abs,X and SBC (zp),Y in decimal mode: 19 + 28 = 47, 47 - 28 = 19
    program = bytes([0xF8, 0x18, 0xA9, 0x19, 0x7D, 0x00, 0x30, 0x38, 0xF1, 0x10])
    cpu = make_cpu(program)
    cpu.x = 5
    cpu.y = 1
    cpu.bus.memory[0x3005] = 0x28
    cpu.bus.memory[0x10:0x12] = bytes([0x04, 0x30])
    for _ in range(5):
        cpu.step()
    assert cpu.a == 0x47
    cpu.step()
    assert cpu.a == 0x19 and cpu.p & 0x01
