"""The undocumented NMOS opcodes, against their documented behaviour.

Source: "NMOS 6510 Unintended Opcodes - No More Secrets" (groepaz), cited as NMS below: operations,
flags, cycle counts.  The models here are written from that document, independently of the core.
The ARR decimal-mode vectors are the stack contents of blitzcode/neskell's arr_bcd_test.asm (results
taken from VICE); the SHA/TAS/SHX/SHY page-crossing vectors are those of its
ahx_tas_shx_shy_pagecross_test.asm that Visual 6502 gives (the value stored becomes the high byte
of the address, as NMS describes).
"""
import random

import pytest

from emulator.cpu.core import STOP_JAM
from emulator.cpu.opcodes import OPCODES
from cpu_support import decimal_adc_reference, decimal_sbc_reference, flags_of, make_cpu

# NMS opcode matrix: opcode -> (mnemonic, mode, cycles, +1 on page crossing)
NMS = {}
for _row, _name in ((0x00, "SLO"), (0x20, "RLA"), (0x40, "SRE"), (0x60, "RRA"), (0xC0, "DCP"),
                    (0xE0, "ISC")):
    for _low, _mode, _cycles in ((0x07, "zpg", 5), (0x17, "zpx", 6), (0x0F, "abs", 6), (0x1F, "abx", 7),
                                 (0x1B, "aby", 7), (0x03, "inx", 8), (0x13, "iny", 8)):
        NMS[_row + _low] = (_name, _mode, _cycles, False)
NMS.update({
    0xA7: ("LAX", "zpg", 3, False), 0xB7: ("LAX", "zpy", 4, False), 0xAF: ("LAX", "abs", 4, False),
    0xBF: ("LAX", "aby", 4, True), 0xA3: ("LAX", "inx", 6, False), 0xB3: ("LAX", "iny", 5, True),
    0x87: ("SAX", "zpg", 3, False), 0x97: ("SAX", "zpy", 4, False), 0x8F: ("SAX", "abs", 4, False),
    0x83: ("SAX", "inx", 6, False),
    0x0B: ("ANC", "imm", 2, False), 0x2B: ("ANC", "imm", 2, False), 0x4B: ("ALR", "imm", 2, False),
    0x6B: ("ARR", "imm", 2, False), 0xCB: ("SBX", "imm", 2, False), 0xEB: ("SBC", "imm", 2, False),
    0x8B: ("ANE", "imm", 2, False), 0xAB: ("LXA", "imm", 2, False), 0xBB: ("LAS", "aby", 4, True),
    0x93: ("SHA", "iny", 6, False), 0x9F: ("SHA", "aby", 5, False), 0x9B: ("TAS", "aby", 5, False),
    0x9E: ("SHX", "aby", 5, False), 0x9C: ("SHY", "abx", 5, False),
    0x1A: ("NOP", "imp", 2, False), 0x3A: ("NOP", "imp", 2, False), 0x5A: ("NOP", "imp", 2, False),
    0x7A: ("NOP", "imp", 2, False), 0xDA: ("NOP", "imp", 2, False), 0xFA: ("NOP", "imp", 2, False),
    0x80: ("NOP", "imm", 2, False), 0x82: ("NOP", "imm", 2, False), 0x89: ("NOP", "imm", 2, False),
    0xC2: ("NOP", "imm", 2, False), 0xE2: ("NOP", "imm", 2, False),
    0x04: ("NOP", "zpg", 3, False), 0x44: ("NOP", "zpg", 3, False), 0x64: ("NOP", "zpg", 3, False),
    0x14: ("NOP", "zpx", 4, False), 0x34: ("NOP", "zpx", 4, False), 0x54: ("NOP", "zpx", 4, False),
    0x74: ("NOP", "zpx", 4, False), 0xD4: ("NOP", "zpx", 4, False), 0xF4: ("NOP", "zpx", 4, False),
    0x0C: ("NOP", "abs", 4, False),
    0x1C: ("NOP", "abx", 4, True), 0x3C: ("NOP", "abx", 4, True), 0x5C: ("NOP", "abx", 4, True),
    0x7C: ("NOP", "abx", 4, True), 0xDC: ("NOP", "abx", 4, True), 0xFC: ("NOP", "abx", 4, True),
})
JAMS = (0x02, 0x12, 0x22, 0x32, 0x42, 0x52, 0x62, 0x72, 0x92, 0xB2, 0xD2, 0xF2)
ANE_MAGIC = 0xEE        # the constant our core documents for ANE/LXA (one of those NMS lists)


def test_opcode_table_matches_nms():
    assert len(NMS) + len(JAMS) == 105
    for op, (name, mode, cycles, penalty) in NMS.items():
        info = OPCODES[op]
        assert (info.mnemonic, info.mode, info.cycles, info.page_penalty, info.documented) == (
            name, mode, cycles, penalty, False), f"${op:02X}"
    for op in JAMS:
        assert OPCODES[op].mnemonic == "JAM"


# --- a harness that places the operand per addressing mode -------------------------------------------

DATA = 0x3010           # where the memory operand lives (abs and indexed modes reach it)
ZP = 0x40


def setup(op, value, a, x, y, p, cross=False, s=0xF0):
    """Place `op` at $0200 with its operand reaching a memory byte `value`.

    Returns (cpu, address of the memory operand, or None for imm/imp).  With cross=True, indexed
    modes cross a page on the way to the operand.
    """
    mode = OPCODES[op].mode
    cpu = make_cpu(bytes([op]))
    mem = cpu.bus.memory
    cpu.a, cpu.x, cpu.y, cpu.p, cpu.s = a, x, y, p, s
    target = None
    if mode == "imm":
        mem[0x201] = value
    elif mode in ("zpg", "zpx", "zpy"):
        index = {"zpg": 0, "zpx": x, "zpy": y}[mode]
        mem[0x201] = (ZP - index) & 0xFF
        target = ZP
    elif mode in ("abs", "abx", "aby"):
        index = {"abs": 0, "abx": x, "aby": y}[mode]
        target = DATA + 0x100 if cross else DATA
        base = target - index
        assert cross == ((base >> 8) != (target >> 8)) or mode == "abs"
        mem[0x201:0x203] = bytes([base & 0xFF, base >> 8])
    elif mode == "inx":
        mem[0x201] = (ZP - x) & 0xFF
        mem[ZP:ZP + 2] = bytes([DATA & 0xFF, DATA >> 8])
        target = DATA
    elif mode == "iny":
        target = DATA + 0x100 if cross else DATA
        base = target - y
        mem[0x201] = ZP
        mem[ZP:ZP + 2] = bytes([base & 0xFF, base >> 8])
    if target is not None:
        mem[target] = value
    return cpu, target


def index_for(mode, rng, cross):
    """An index register value that makes the mode cross a page (or not) with the DATA layout."""
    if cross:
        return rng.randrange(0x11, 0x100)       # $3010+$100-X is in page $30 only when X > $10
    return rng.randrange(0, 0x11)


def model_rmw(name, value, a, c, d):
    """NMS: the read-modify-write combinations. Returns (memory result, A, N, V, Z, C, V changed?)."""
    if name == "SLO":
        m = (value << 1) & 0xFF
        c = value >> 7
        a |= m
        return m, a, a >> 7, None, int(a == 0), c
    if name == "RLA":
        m = ((value << 1) | c) & 0xFF
        c = value >> 7
        a &= m
        return m, a, a >> 7, None, int(a == 0), c
    if name == "SRE":
        m = value >> 1
        c = value & 1
        a ^= m
        return m, a, a >> 7, None, int(a == 0), c
    if name == "RRA":
        m = (value >> 1) | (c << 7)
        c = value & 1
        if d:
            a, n, v, z, c = decimal_adc_reference(a, m, c)
        else:
            total = a + m + c
            v = int(((a ^ total) & (m ^ total) & 0x80) != 0)
            a, c = total & 0xFF, total >> 8
            n, z = a >> 7, int(a == 0)
        return m, a, n, v, z, c
    if name == "DCP":
        m = (value - 1) & 0xFF
        t = (a - m) & 0xFF
        return m, a, t >> 7, None, int(a == m), int(a >= m)
    if name == "ISC":
        m = (value + 1) & 0xFF
        if d:
            a, n, v, z, c = decimal_sbc_reference(a, m, c)
        else:
            total = a - m - (1 - c)
            v = int(((a ^ m) & (a ^ total) & 0x80) != 0)
            a, c = total & 0xFF, int(total >= 0)
            n, z = a >> 7, int(a == 0)
        return m, a, n, v, z, c
    raise AssertionError(name)


RMW_OPS = sorted(op for op, info in NMS.items() if info[0] in ("SLO", "RLA", "SRE", "RRA", "DCP", "ISC"))


@pytest.mark.parametrize("op", RMW_OPS, ids=lambda op: f"{NMS[op][0]}_{NMS[op][1]}_{op:02X}")
def test_rmw_combinations(op):
    name, mode, cycles, _ = NMS[op]
    rng = random.Random(op)
    for trial in range(300):
        value, a, p = rng.randrange(256), rng.randrange(256), rng.randrange(256) | 0x30
        cross = mode in ("abx", "aby", "iny") and trial % 2 == 1
        x = index_for(mode, rng, cross) if mode in ("abx", "inx", "zpx") else rng.randrange(256)
        y = index_for(mode, rng, cross) if mode in ("aby", "iny", "zpy") else rng.randrange(256)
        cpu, target = setup(op, value, a, x, y, p, cross)
        cpu.step()
        m, a2, n, v, z, c = model_rmw(name, value, a, p & 1, (p >> 3) & 1)
        where = f"{name} {mode} value=${value:02X} A=${a:02X} P=${p:02X}"
        assert cpu.bus.memory[target] == m, where
        assert cpu.a == a2, where
        got_n, got_v, got_z, got_c = flags_of(cpu.p)
        assert (got_n, got_z, got_c) == (n, z, c), where
        assert got_v == (v if v is not None else (p >> 6) & 1), where
        assert cpu.cycles == cycles, where          # no page-crossing penalty for RMW
        assert cpu.pc == 0x200 + OPCODES[op].length


@pytest.mark.parametrize("op", [0xA7, 0xB7, 0xAF, 0xBF, 0xA3, 0xB3])
def test_lax(op):
    name, mode, cycles, penalty = NMS[op]
    rng = random.Random(op)
    for trial in range(100):
        value = rng.randrange(256)
        cross = penalty and trial % 2 == 1
        x = index_for(mode, rng, cross) if mode == "inx" else rng.randrange(256)
        y = index_for(mode, rng, cross) if mode in ("aby", "iny", "zpy") else rng.randrange(256)
        cpu, _ = setup(op, value, rng.randrange(256), x, y, 0x30, cross)
        cpu.step()
        assert (cpu.a, cpu.x) == (value, value)
        assert flags_of(cpu.p)[0] == value >> 7 and flags_of(cpu.p)[2] == int(value == 0)
        assert cpu.cycles == cycles + (1 if cross else 0)


@pytest.mark.parametrize("op", [0x87, 0x97, 0x8F, 0x83])
def test_sax(op):
    name, mode, cycles, _ = NMS[op]
    rng = random.Random(op)
    for _ in range(100):
        a, x = rng.randrange(256), rng.randrange(256)
        y = rng.randrange(256)
        p = rng.randrange(256) | 0x30
        if mode == "inx":
            x = rng.randrange(256)
        cpu, target = setup(op, 0x5A, a, x, y, p)
        cpu.step()
        assert cpu.bus.memory[target] == a & x
        assert cpu.p == p                   # SAX changes no flag
        assert cpu.cycles == cycles


def imm(op, value, a, x=0, p=0x30, s=0xF0):
    cpu, _ = setup(op, value, a, x, 0, p, s=s)
    cpu.step()
    assert cpu.cycles == 2 and cpu.pc == 0x202
    return cpu


def test_anc_alr_sbx_sbc_eb():
    rng = random.Random(11)
    for _ in range(2000):
        value, a, x, p = rng.randrange(256), rng.randrange(256), rng.randrange(256), rng.randrange(256) | 0x30
        for op in (0x0B, 0x2B):                     # ANC: A = A & imm, C = N
            cpu = imm(op, value, a, p=p)
            r = a & value
            assert cpu.a == r and flags_of(cpu.p) == (r >> 7, (p >> 6) & 1, int(r == 0), r >> 7)
        cpu = imm(0x4B, value, a, p=p)              # ALR: A = (A & imm) >> 1
        r = a & value
        assert cpu.a == r >> 1 and flags_of(cpu.p) == (0, (p >> 6) & 1, int(r >> 1 == 0), r & 1)
        cpu = imm(0xCB, value, a, x, p=p)           # SBX: X = (A & X) - imm, carry as CMP, no D
        t = (a & x) - value
        assert cpu.x == t & 0xFF and cpu.a == a
        assert flags_of(cpu.p) == ((t >> 7) & 1, (p >> 6) & 1, int(t & 0xFF == 0), int(t >= 0))
        ours_eb = imm(0xEB, value, a, p=p)          # $EB is SBC #imm
        ours_e9 = imm(0xE9, value, a, p=p)
        assert (ours_eb.a, ours_eb.p) == (ours_e9.a, ours_e9.p)


def arr_model(a, value, c, d):
    """NMS, ARR: AND, then ROR; binary: C = bit 6, V = bit 6 xor bit 5; decimal: N = old C, Z and V
    from the rotated value (V = bit 6 changed), then BCD fix-ups of each nibble, C from the high one."""
    t = a & value
    r = (t >> 1) | (c << 7)
    if not d:
        return r, r >> 7, ((r >> 6) ^ (r >> 5)) & 1, int(r == 0), (r >> 6) & 1
    n, z, v = c, int(r == 0), ((t ^ r) >> 6) & 1
    lo, hi = t & 0x0F, t >> 4
    if lo + (lo & 1) > 5:
        r = (r & 0xF0) | ((r + 6) & 0x0F)
    carry = 0
    if hi + (hi & 1) > 5:
        r = (r + 0x60) & 0xFF
        carry = 1
    return r, n, v, z, carry


def test_arr_against_model():
    for a in range(256):
        for value in (0xFF, 0x55, 0xAA, 0x0F, 0xF0, 0x99, 0x66, a ^ 0x3C):
            for c in (0, 1):
                for d in (0, 1):
                    cpu = imm(0x6B, value, a, p=0x30 | (d << 3) | c)
                    assert (cpu.a,) + flags_of(cpu.p) == arr_model(a, value, c, d), (a, value, c, d)


# neskell arr_bcd_test.asm: SED; (SEC|CLC); LDA #a; ARR #$FF; PHA; PHP -> pushed (A, P)
ARR_DECIMAL_VECTORS = [
    (1, 0xFF, 0x55, 0xBD), (1, 0x00, 0x80, 0xBC), (1, 0x55, 0x00, 0xFD), (1, 0xFE, 0x55, 0xBD),
    (1, 0xF0, 0x58, 0xBD), (1, 0x0F, 0x8D, 0xBC), (0, 0xFF, 0xD5, 0x3D), (0, 0x00, 0x00, 0x3E),
    (0, 0x55, 0x80, 0x7D), (0, 0xFE, 0xD5, 0x3D), (0, 0xF0, 0xD8, 0x3D), (0, 0x0F, 0x0D, 0x3C),
]


@pytest.mark.parametrize("carry, a, pushed_a, pushed_p", ARR_DECIMAL_VECTORS)
def test_arr_decimal_vectors(carry, a, pushed_a, pushed_p):
    program = bytes([0xF8, 0x38 if carry else 0x18, 0xA9, a, 0x6B, 0xFF, 0x48, 0x08])
    cpu = make_cpu(program)
    cpu.p = 0x24                                # I set, as after reset
    cpu.s = 0xFF
    for _ in range(6):
        cpu.step()
    assert (cpu.bus.memory[0x1FF], cpu.bus.memory[0x1FE]) == (pushed_a, pushed_p)


def test_ane_lxa_las():
    rng = random.Random(8)
    for _ in range(2000):
        value, a, x, s = (rng.randrange(256) for _ in range(4))
        cpu = imm(0x8B, value, a, x)                        # ANE: A = (A | CONST) & X & imm
        r = (a | ANE_MAGIC) & x & value
        assert cpu.a == r and cpu.x == x and flags_of(cpu.p)[0::2] == (r >> 7, int(r == 0))
        cpu = imm(0xAB, value, a, x)                        # LXA: A = X = (A | CONST) & imm
        r = (a | ANE_MAGIC) & value
        assert cpu.a == cpu.x == r and flags_of(cpu.p)[0::2] == (r >> 7, int(r == 0))
        cross = rng.random() < 0.5                          # LAS: A = X = S = M & S
        y = index_for("aby", rng, cross)
        cpu, _ = setup(0xBB, value, a, x, y, 0x30, cross, s=s)
        cpu.step()
        r = value & s
        assert cpu.a == cpu.x == cpu.s == r and flags_of(cpu.p)[0::2] == (r >> 7, int(r == 0))
        assert cpu.cycles == 4 + cross


def test_sha_shx_shy_tas_and_h_plus_1():
    """Value stored = REG & (H+1), H = high byte of the base address; no page crossing here."""
    rng = random.Random(9)
    h_plus_1 = (DATA >> 8) + 1                  # every base address used here lies in page $30
    for _ in range(500):
        a, x, y, s = (rng.randrange(256) for _ in range(4))
        x_small, y_small = rng.randrange(0, 0x11), rng.randrange(0, 0x11)
        #            opcode  X        Y        value stored
        for op, xi, yi, stored in ((0x9F, x, y_small, a & x),          # SHA abs,Y
                                   (0x93, x, y_small, a & x),          # SHA (zp),Y
                                   (0x9B, x, y_small, a & x),          # TAS abs,Y (S = A & X)
                                   (0x9E, x, y_small, x),              # SHX abs,Y
                                   (0x9C, x_small, y, y)):             # SHY abs,X
            cpu, target = setup(op, 0, a, xi, yi, 0x30, s=s)
            cpu.step()
            assert cpu.bus.memory[target] == stored & h_plus_1, f"${op:02X}"
            assert cpu.cycles == NMS[op][2]
            assert cpu.s == (a & x if op == 0x9B else s)


# neskell ahx_tas_shx_shy_pagecross_test.asm (Visual 6502 results): program, registers, read-back
# address after the store, expected byte.
PAGECROSS_VECTORS = [
    # SHA ($10),Y: ptr $CF01, A=$FF X=$EF Y=$FF -> value $C0 stored at $C000
    (bytes([0x93, 0x10]), dict(a=0xFF, x=0xEF, y=0xFF), {0x10: 0x01, 0x11: 0xCF}, 0xC000, 0xC0),
    # SHA $CEFF,Y: A=$FE X=$FE Y=1 -> value $FE & $CF = $CE stored at $CE00
    (bytes([0x9F, 0xFF, 0xCE]), dict(a=0xFE, x=0xFE, y=0x01), {}, 0xCE00, 0xCE),
    # TAS $C015,Y: A=0 X=0 Y=$FF -> value 0 stored at $0014
    (bytes([0x9B, 0x15, 0xC0]), dict(a=0x00, x=0x00, y=0xFF), {0x14: 0xFF}, 0x0014, 0x00),
    # SHX $C020,Y: X=$7F Y=$FF -> $41 at $411F
    (bytes([0x9E, 0x20, 0xC0]), dict(a=0, x=0x7F, y=0xFF), {}, 0x411F, 0x41),
    # SHY $C130,X: Y=$7F X=$FF -> $42 at $422F
    (bytes([0x9C, 0x30, 0xC1]), dict(a=0, x=0xFF, y=0x7F), {}, 0x422F, 0x42),
]


@pytest.mark.parametrize("program, regs, zero_page, address, expected", PAGECROSS_VECTORS)
def test_unstable_stores_crossing_a_page(program, regs, zero_page, address, expected):
    cpu = make_cpu(program)
    for addr, value in zero_page.items():
        cpu.bus.memory[addr] = value
    cpu.a, cpu.x, cpu.y = regs["a"], regs["x"], regs["y"]
    cpu.step()
    assert cpu.bus.memory[address] == expected
    assert cpu.cycles == NMS[program[0]][2]         # no extra cycle: stores always take the fix-up


@pytest.mark.parametrize("op", sorted(op for op, i in NMS.items() if i[0] == "NOP"))
def test_nops(op):
    name, mode, cycles, penalty = NMS[op]
    for cross in ((False, True) if penalty else (False,)):
        x = 0x20 if cross else 0x01
        cpu, _ = setup(op, 0x77, 0x12, x, 0x34, 0xE5, cross)
        memory_before = bytes(cpu.bus.memory)
        cpu.step()
        assert (cpu.a, cpu.x, cpu.y, cpu.p, cpu.s) == (0x12, x, 0x34, 0xF5, 0xF0)
        assert cpu.pc == 0x200 + OPCODES[op].length
        assert cpu.cycles == cycles + cross
        assert bytes(cpu.bus.memory) == memory_before


@pytest.mark.parametrize("op", JAMS)
def test_jam_halts_with_state(op):
    cpu = make_cpu(bytes([0xA9, 0x42, op, 0xEA]))
    cpu.x, cpu.y = 7, 9
    reason = cpu.run(1000)
    assert reason == STOP_JAM
    assert cpu.halted and cpu.jam_opcode == op
    assert (cpu.a, cpu.x, cpu.y, cpu.pc) == (0x42, 7, 9, 0x202)
    assert cpu.cycles == 2 and cpu.instructions == 1
    assert cpu.run(2000) == STOP_JAM and cpu.cycles == 2        # stays halted
    assert cpu.step() == STOP_JAM and cpu.pc == 0x202
    cpu.nmi()
    assert cpu.run(2000) == STOP_JAM                            # interrupts do not wake it
    cpu.bus.memory[0xFFFC:0xFFFE] = bytes([0x03, 0x02])         # reset restarts it at $0203
    cpu.reset()
    assert not cpu.halted and cpu.jam_opcode is None and cpu.pc == 0x203
