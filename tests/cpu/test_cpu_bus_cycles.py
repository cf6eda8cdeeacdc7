"""Every cycle of every instruction is a bus access, the discarded ones included.

The expected sequences are the NMOS 6502's cycle-by-cycle tables: MCS6500 Microcomputer Family
Hardware Manual, appendix A, and "64doc" (John West, Marko Mäkelä), "6510 Instruction Timing".  The
whole address space is one RecordingDevice here, so every access is logged as (kind, address, cycle).
"""
import pytest

from emulator.bus import Bus
from emulator.cpu.core import CPU
from cpu_support import RecordingDevice

ORIGIN = 0x0200


def all_io(program, **registers):
    """A CPU whose every page is one RecordingDevice (so every access reaches it); program at $0200."""
    bus = Bus()
    device = RecordingDevice()
    bus.map_io(0, 0x10000, device)
    device.memory[ORIGIN:ORIGIN + len(program)] = bytes(program)
    cpu = CPU(bus)
    cpu.pc = ORIGIN
    cpu.s = 0xFD
    for name, value in registers.items():
        setattr(cpu, name, value)
    return cpu, device


def one(program, memory=(), **registers):
    """The accesses of the first instruction of `program`: [(kind, addr, cycle)], and the CPU."""
    cpu, device = all_io(program, **registers)
    for addr, value in memory:
        device.memory[addr] = value
    cpu.step()
    return [(kind, addr, cycle) for kind, addr, _, cycle in device.log], cpu


def reads(*addresses):
    return [("r", addr, cycle) for cycle, addr in enumerate(addresses)]


def test_implied_and_accumulator_read_the_next_byte():
    for opcode in (0xEA, 0xE8, 0x0A, 0x18, 0xAA, 0x1A):             # NOP INX ASL A CLC TAX NOP($1A)
        log, cpu = one([opcode])
        assert log == reads(0x200, 0x201), hex(opcode)
        assert cpu.cycles == 2 and cpu.pc == 0x201


def test_immediate_and_zero_page():
    assert one([0xA9, 0x12])[0] == reads(0x200, 0x201)                       # LDA #
    assert one([0xA5, 0x80])[0] == reads(0x200, 0x201, 0x80)                 # LDA zp
    assert one([0x85, 0x80])[0] == reads(0x200, 0x201) + [("w", 0x80, 2)]    # STA zp


def test_zero_page_indexed_reads_the_base_address_first():
    assert one([0xB5, 0x80], x=5)[0] == reads(0x200, 0x201, 0x80, 0x85)     # LDA zp,X
    assert one([0xB5, 0xFF], x=2)[0] == reads(0x200, 0x201, 0xFF, 0x01)     # wraps in page 0
    assert one([0xB6, 0x80], y=3)[0] == reads(0x200, 0x201, 0x80, 0x83)     # LDX zp,Y
    assert one([0x95, 0x80], x=5)[0] == reads(0x200, 0x201, 0x80) + [("w", 0x85, 3)]
    log, _ = one([0xF6, 0x80], x=1)                                          # INC zp,X
    assert log == reads(0x200, 0x201, 0x80, 0x81) + [("w", 0x81, 4), ("w", 0x81, 5)]


def test_absolute():
    assert one([0xAD, 0x34, 0x12])[0] == reads(0x200, 0x201, 0x202, 0x1234)
    assert one([0x8D, 0x34, 0x12])[0] == reads(0x200, 0x201, 0x202) + [("w", 0x1234, 3)]
    log, _ = one([0x0E, 0x34, 0x12])                                         # ASL abs
    assert log == reads(0x200, 0x201, 0x202, 0x1234) + [("w", 0x1234, 4), ("w", 0x1234, 5)]


def test_absolute_indexed_reads():
    # no crossing: the indexed address is read once, on cycle 4
    assert one([0xBD, 0x34, 0x12], x=1)[0] == reads(0x200, 0x201, 0x202, 0x1235)
    # crossing: the un-carried address ($12xx) is read first, then the right one
    log, cpu = one([0xBD, 0xFF, 0x12], x=2)
    assert log == reads(0x200, 0x201, 0x202, 0x1201, 0x1301) and cpu.cycles == 5
    log, _ = one([0xB9, 0xF0, 0x12], y=0x20)                                 # LDA abs,Y
    assert log == reads(0x200, 0x201, 0x202, 0x1210, 0x1310)


def test_absolute_indexed_stores_always_read_first():
    log, _ = one([0x9D, 0x34, 0x12], x=1)                                    # STA abs,X
    assert log == reads(0x200, 0x201, 0x202, 0x1235) + [("w", 0x1235, 4)]
    log, _ = one([0x99, 0xFF, 0x12], y=1)                                    # STA abs,Y, crossing
    assert log == reads(0x200, 0x201, 0x202, 0x1200) + [("w", 0x1300, 4)]


def test_absolute_indexed_read_modify_write_reads_twice():
    log, cpu = one([0xFE, 0x34, 0x12], x=1)                                  # INC abs,X
    assert log == reads(0x200, 0x201, 0x202, 0x1235, 0x1235) + [("w", 0x1235, 5), ("w", 0x1235, 6)]
    assert cpu.cycles == 7
    log, _ = one([0x1E, 0xFF, 0x12], x=1)                                    # ASL abs,X, crossing
    assert log == reads(0x200, 0x201, 0x202, 0x1200, 0x1300) + [("w", 0x1300, 5), ("w", 0x1300, 6)]
    log, _ = one([0xDB, 0xFF, 0x12], y=1)                                    # DCP abs,Y (undocumented)
    assert log == reads(0x200, 0x201, 0x202, 0x1200, 0x1300) + [("w", 0x1300, 5), ("w", 0x1300, 6)]


def test_indexed_indirect_reads_the_pointer_before_indexing():
    log, _ = one([0xA1, 0x80], x=4, memory=[(0x84, 0x34), (0x85, 0x12)])      # LDA (zp,X)
    assert log == reads(0x200, 0x201, 0x80, 0x84, 0x85, 0x1234)
    log, _ = one([0x81, 0x80], x=4, memory=[(0x84, 0x34), (0x85, 0x12)])      # STA (zp,X)
    assert log == reads(0x200, 0x201, 0x80, 0x84, 0x85) + [("w", 0x1234, 5)]


def test_indirect_indexed():
    mem = [(0x80, 0xF0), (0x81, 0x12)]
    assert one([0xB1, 0x80], y=1, memory=mem)[0] == reads(0x200, 0x201, 0x80, 0x81, 0x12F1)
    log, cpu = one([0xB1, 0x80], y=0x20, memory=mem)                          # crossing
    assert log == reads(0x200, 0x201, 0x80, 0x81, 0x1210, 0x1310) and cpu.cycles == 6
    log, _ = one([0x91, 0x80], y=1, memory=mem)                               # STA (zp),Y
    assert log == reads(0x200, 0x201, 0x80, 0x81, 0x12F1) + [("w", 0x12F1, 5)]
    log, cpu = one([0x13, 0x80], y=0x20, memory=mem)                          # SLO (zp),Y: 8 cycles
    assert log == reads(0x200, 0x201, 0x80, 0x81, 0x1210, 0x1310) + [("w", 0x1310, 6),
                                                                      ("w", 0x1310, 7)]
    assert cpu.cycles == 8


def test_jumps():
    assert one([0x4C, 0x34, 0x12])[0] == reads(0x200, 0x201, 0x202)
    log, cpu = one([0x6C, 0xFF, 0x12], memory=[(0x12FF, 0x78), (0x1200, 0x56)])   # JMP ($12FF)
    assert log == reads(0x200, 0x201, 0x202, 0x12FF, 0x1200) and cpu.pc == 0x5678


def test_jsr_reads_the_stack_before_pushing():
    log, cpu = one([0x20, 0x34, 0x12])
    assert log == [("r", 0x200, 0), ("r", 0x201, 1), ("r", 0x1FD, 2), ("w", 0x1FD, 3), ("w", 0x1FC, 4),
                   ("r", 0x202, 5)]
    assert cpu.pc == 0x1234


def test_rts_reads_the_stack_and_the_pulled_address():
    log, cpu = one([0x60], s=0xFB, memory=[(0x1FC, 0x33), (0x1FD, 0x12)])
    assert log == reads(0x200, 0x201, 0x1FB, 0x1FC, 0x1FD, 0x1233) and cpu.pc == 0x1234


def test_rti():
    log, cpu = one([0x40], s=0xFA, memory=[(0x1FB, 0x20), (0x1FC, 0x34), (0x1FD, 0x12)])
    assert log == reads(0x200, 0x201, 0x1FA, 0x1FB, 0x1FC, 0x1FD) and cpu.pc == 0x1234


def test_pushes_and_pulls():
    assert one([0x48])[0] == reads(0x200, 0x201) + [("w", 0x1FD, 2)]                   # PHA
    assert one([0x08])[0] == reads(0x200, 0x201) + [("w", 0x1FD, 2)]                   # PHP
    assert one([0x68])[0] == reads(0x200, 0x201, 0x1FD, 0x1FE)                         # PLA
    assert one([0x28])[0] == reads(0x200, 0x201, 0x1FD, 0x1FE)                         # PLP


def test_brk_and_the_interrupt_entry():
    log, _ = one([0x00])
    assert log == reads(0x200, 0x201) + [("w", 0x1FD, 2), ("w", 0x1FC, 3), ("w", 0x1FB, 4),
                                         ("r", 0xFFFE, 5), ("r", 0xFFFF, 6)]
    cpu, device = all_io([0xEA], fi=0)
    cpu.set_irq(1, True)
    cpu.step()                                  # the entry: the opcode is fetched twice, discarded
    assert [(k, a, c) for k, a, _, c in device.log] == reads(0x200, 0x200) + [
        ("w", 0x1FD, 2), ("w", 0x1FC, 3), ("w", 0x1FB, 4), ("r", 0xFFFE, 5), ("r", 0xFFFF, 6)]


@pytest.mark.parametrize("offset, taken_log", [
    (0x02, reads(0x200, 0x201, 0x202)),                         # taken, same page: the next opcode
    (0xF0, reads(0x200, 0x201, 0x202, 0x2F2)),                  # taken across a page: and $02F2
])
def test_branches_read_the_next_opcode(offset, taken_log):
    assert one([0xD0, offset], fz=0)[0] == reads(0x200, 0x201)  # BNE not taken (Z set)
    log, cpu = one([0xD0, offset], fz=1)
    assert log == taken_log and cpu.cycles == len(taken_log)


def test_undocumented_nops_read_like_loads():
    assert one([0x04, 0x80])[0] == reads(0x200, 0x201, 0x80)                      # NOP zp
    assert one([0x14, 0x80], x=1)[0] == reads(0x200, 0x201, 0x80, 0x81)          # NOP zp,X
    assert one([0x1C, 0xFF, 0x12], x=1)[0] == reads(0x200, 0x201, 0x202, 0x1200, 0x1300)


def test_a_dummy_read_has_the_device_side_effects():
    """A register whose read clears something (a VIA's data register, its IFR via ORA...) sees the
    discarded read of STA abs,X: a device on one page of RAM counts the reads of $FE00."""
    bus = Bus()
    bus.load(ORIGIN, bytes([0x9D, 0x00, 0xFE]))                 # STA $FE00,X with X = 0
    device = RecordingDevice()
    bus.map_io(0xFE00, 0x100, device)
    cpu = CPU(bus)
    cpu.pc = ORIGIN
    cpu.a = 0x55
    cpu.step()
    assert [(k, a) for k, a, _, _ in device.log] == [("r", 0xFE00), ("w", 0xFE00)]


def test_dummy_reads_of_a_stretched_page_are_stretched():
    bus = Bus()
    bus.load(ORIGIN, bytes([0x9D, 0x00, 0xFE]))                 # STA $FE00,X: read on 3, write on 4
    device = RecordingDevice()
    bus.map_io(0xFE00, 0x100, device, stretch=True)
    cpu = CPU(bus)
    cpu.pc = ORIGIN
    cpu.step()
    # the read due on 3 (odd) waits 2 cycles -> 5; the write due on 4 + 2 = 6 (even) waits 1 -> 7
    assert [c for *_, c in device.log] == [5, 7]
    assert cpu.cycles == 5 + 2 + 1


def test_ram_and_rom_accesses_match_all_io():
    """The same program on plain RAM and all-I/O ends in the same state (the dummies are harmless)."""
    program = bytes([0xA2, 0x05, 0xBD, 0xFE, 0x02, 0x9D, 0xFF, 0x12, 0xFE, 0xFF, 0x12, 0x20, 0x20,
                     0x02, 0xB0, 0xFE]) + bytes(0x10) + bytes([0x60])
    ram = CPU(Bus())
    ram.bus.load(ORIGIN, program)
    ram.pc = ORIGIN
    io, device = all_io(program)
    for _ in range(6):
        ram.step()
        io.step()
    assert (ram.pc, ram.a, ram.x, ram.s, ram.cycles) == (io.pc, io.a, io.x, io.s, io.cycles)
    assert bytes(ram.bus.memory) == bytes(device.memory)
