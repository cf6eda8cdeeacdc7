"""Cycle exactness of I/O accesses, stretched pages, run limits, traps and the register interface.

An instruction starting at cycle C that lasts n cycles occupies C .. C+n-1; the data access of a
load or store is on its last cycle, a read-modify-write reads on C+n-3 and writes the old value on
C+n-2 and the new one on C+n-1 (MCS6500 manual, appendix A cycle tables; "64doc" instruction timing).
"""
import pytest

from emulator.bus import Bus
from emulator.cpu.core import CPU, STOP_JAM, STOP_LIMIT, STOP_TRAP
from emulator.clock import Clock
from cpu_support import RecordingDevice, cpu_with_io_page, make_cpu


def accesses(device, kind=None):
    return [(k, addr, value, cycle) for k, addr, value, cycle in device.log if kind in (None, k)]


def test_lda_abs_reads_on_its_last_cycle():
    cpu, dev = cpu_with_io_page(bytes([0xEA, 0xAD, 0x05, 0xFE]))   # NOP; LDA $FE05
    dev.memory[0xFE05] = 0x9C
    cpu.step()
    cpu.step()
    assert accesses(dev) == [("r", 0xFE05, 0x9C, 2 + 3)]
    assert dev.seen_cycles == [5]                       # cpu.cycles during the handler
    assert cpu.a == 0x9C and cpu.cycles == 6


def test_sta_abs_x_writes_on_its_last_cycle_with_and_without_crossing():
    cpu, dev = cpu_with_io_page(bytes([0x9D, 0x00, 0xFE, 0x9D, 0xFF, 0xFD]))   # STA $FE00,X; STA $FDFF,X
    cpu.a, cpu.x = 0x11, 0x01
    cpu.step()
    cpu.step()
    # cycle 4 reads the un-carried address ($FE01 itself without a crossing, $FD00 in RAM with one)
    assert accesses(dev) == [("r", 0xFE01, 0, 3), ("w", 0xFE01, 0x11, 4), ("w", 0xFE00, 0x11, 5 + 4)]
    assert cpu.cycles == 10                             # stores always take 5 cycles


def test_inc_abs_reads_then_writes_twice():
    cpu, dev = cpu_with_io_page(bytes([0xEE, 0x10, 0xFE]))          # INC $FE10
    dev.memory[0xFE10] = 0x41
    cpu.step()
    assert accesses(dev) == [("r", 0xFE10, 0x41, 3), ("w", 0xFE10, 0x41, 4), ("w", 0xFE10, 0x42, 5)]
    assert dev.seen_cycles == [3, 4, 5]
    assert cpu.cycles == 6


def test_lda_indirect_y_crossing_a_page():
    cpu, dev = cpu_with_io_page(bytes([0xB1, 0x70]))                # LDA ($70),Y
    cpu.bus.memory[0x70:0x72] = bytes([0xF0, 0xFD])                 # $FDF0 + $20 = $FE10
    cpu.y = 0x20
    dev.memory[0xFE10] = 0x5A
    cpu.step()
    assert accesses(dev) == [("r", 0xFE10, 0x5A, 5)]                # 6 cycles with the crossing
    assert cpu.cycles == 6 and cpu.a == 0x5A


def test_lda_abs_x_crossing_a_page():
    cpu, dev = cpu_with_io_page(bytes([0xBD, 0xFF, 0xFD]))          # LDA $FDFF,X
    cpu.x = 2
    cpu.step()
    assert accesses(dev) == [("r", 0xFE01, 0, 4)] and cpu.cycles == 5


def test_jsr_and_brk_push_to_an_io_stack_page_on_their_cycles():
    cpu, dev = cpu_with_io_page(bytes([0x20, 0x00, 0x03]), page=0x01)   # JSR $0300 with page 1 I/O
    cpu.s = 0xFF
    cpu.step()
    # cycle 3 reads the stack and discards it, then the pushes
    assert accesses(dev) == [("r", 0x1FF, 0, 2), ("w", 0x1FF, 0x02, 3), ("w", 0x1FE, 0x02, 4)]
    assert cpu.pc == 0x300 and cpu.cycles == 6


@pytest.mark.parametrize("start", [0, 1])
def test_stretched_page_delays_the_access(start):
    cpu, dev = cpu_with_io_page(bytes([0xAD, 0x00, 0xFE]), stretch=True)   # LDA $FE00 on a slow page
    cpu.cycles = start
    cpu.step()
    access = start + 3
    delay = cpu.bus.stretch_delay(access)               # 1 or 2 cycles, by the parity of the cycle
    assert delay == 1 + (access & 1)
    assert accesses(dev) == [("r", 0xFE00, 0, access + delay)]
    assert cpu.cycles == start + 4 + delay


def test_stretched_read_modify_write_stretches_each_access():
    cpu, dev = cpu_with_io_page(bytes([0xEE, 0x00, 0xFE]), stretch=True)  # INC $FE00
    cpu.step()
    cycles = [cycle for *_, cycle in dev.log]
    # read due on 3 (odd: +2 -> 5), old value due on 4+2=6 (even: +1 -> 7), new value 5+3=8 (+1 -> 9)
    assert cycles == [5, 7, 9]
    assert cpu.cycles == 6 + 4


def test_device_lowering_the_limit_stops_the_run():
    cpu, dev = cpu_with_io_page(bytes([0xAD, 0x00, 0xFE, 0xEA, 0xEA, 0xEA, 0xEA]))
    clock = Clock(cpu)
    fired = []
    original_read = dev.read

    def read(addr, cycle):
        clock.schedule(clock.now + 1, fired.append)     # an event 1 cycle from now lowers the limit
        return original_read(addr, cycle)

    dev.read = read
    assert cpu.run(1000) == STOP_LIMIT
    assert cpu.cycles == 4 and cpu.pc == 0x203          # stopped right after the LDA
    clock.fire_due()
    assert fired == [4]


def test_device_raising_irq_during_a_write():
    cpu, dev = cpu_with_io_page(bytes([0x8D, 0x00, 0xFE, 0xEA, 0xEA]))
    cpu.bus.memory[0xFFFE:0x10000] = bytes([0x00, 0x04])
    cpu.p = 0x20
    dev.write = lambda addr, value, cycle: cpu.set_irq(4, True)
    cpu.step()
    cpu.step()
    # the write is on the store's last cycle, after its interrupt poll: the NOP after it still runs
    assert cpu.pc == 0x204
    cpu.step()
    assert cpu.pc == 0x400


def test_code_runs_from_an_io_page():
    cpu, dev = cpu_with_io_page(bytes([0x4C, 0x00, 0xFE]))          # JMP $FE00
    dev.memory[0xFE00:0xFE03] = bytes([0xA9, 0x42, 0xEA])          # LDA #$42; NOP
    cpu.step()
    cpu.step()
    cpu.step()
    assert cpu.a == 0x42 and cpu.pc == 0xFE03
    # NOP reads the byte after it on its second cycle (and discards it)
    assert [(addr, cycle) for _, addr, _, cycle in dev.log] == [(0xFE00, 3), (0xFE01, 4), (0xFE02, 5),
                                                                 (0xFE03, 6)]


def test_rom_pages_ignore_writes():
    bus = Bus()
    bus.load(0x200, bytes([0x8D, 0x00, 0xC0, 0xEE, 0x01, 0xC0]))   # STA $C000; INC $C001
    bus.map_rom(0xC000, bytes([0x12, 0x34]))
    cpu = CPU(bus)
    cpu.pc = 0x200
    cpu.a = 0x99
    cpu.step()
    cpu.step()
    assert bus.memory[0xC000:0xC002] == bytes([0x12, 0x34])
    assert cpu.p & 0x80 == 0 and cpu.p & 0x02 == 0      # INC still sets flags from $35


def test_run_stops_on_whole_instructions_and_rereads_the_limit():
    cpu = make_cpu(bytes([0xEE, 0x00, 0x30] * 10))     # INC $3000, 6 cycles each
    assert cpu.run(10) == STOP_LIMIT
    assert cpu.cycles == 12 and cpu.instructions == 2    # stops once cycles >= limit
    assert cpu.run(12) == STOP_LIMIT and cpu.cycles == 12   # nothing to do
    cpu.step()
    assert cpu.cycles == 18 and cpu.limit == 12          # step ignores the limit


def test_jmp_and_branch_traps():
    cpu = make_cpu(bytes([0xE8, 0xD0, 0xFD, 0x4C, 0x03, 0x02]))    # loop: INX; BNE loop; JMP *
    cpu.stop_on_trap = True
    assert cpu.run(100000) == STOP_TRAP
    assert cpu.trapped and cpu.pc == 0x203 and cpu.x == 0
    assert cpu.cycles == 256 * 5 - 1 + 3                  # the trapping JMP is executed and counted
    assert cpu.run(100000) == STOP_TRAP and cpu.cycles == 256 * 5 - 1 + 6
    cpu = make_cpu(bytes([0xA2, 0x01, 0xD0, 0xFE]))       # LDX #1; BNE * (taken to itself)
    cpu.stop_on_trap = True
    assert cpu.run(1000) == STOP_TRAP and cpu.pc == 0x202 and cpu.cycles == 2 + 3
    cpu = make_cpu(bytes([0x4C, 0x00, 0x02]))
    assert cpu.run(1000) == STOP_LIMIT and not cpu.trapped and cpu.cycles == 1002   # off by default


def test_branch_cycles():
    # BNE taken within the page, taken across a page, not taken
    cpu = make_cpu(bytes([0xD0, 0x10]), origin=0x0200)
    cpu.p = 0x20
    cpu.step()
    assert (cpu.pc, cpu.cycles) == (0x212, 3)
    cpu = make_cpu(bytes([0xD0, 0x7F]), origin=0x02F0)
    cpu.p = 0x20
    cpu.step()
    assert (cpu.pc, cpu.cycles) == (0x0371, 4)
    cpu = make_cpu(bytes([0xD0, 0x80]), origin=0x0200)
    cpu.p = 0x22
    cpu.step()
    assert (cpu.pc, cpu.cycles) == (0x202, 2)


def test_jmp_indirect_page_wrap():
    cpu = make_cpu(bytes([0x6C, 0xFF, 0x30]))
    cpu.bus.memory[0x30FF] = 0x34
    cpu.bus.memory[0x3000] = 0x12                         # the high byte comes from $3000, not $3100
    cpu.bus.memory[0x3100] = 0x99
    cpu.step()
    assert cpu.pc == 0x1234 and cpu.cycles == 5


def test_register_interface():
    cpu = make_cpu(b"")
    cpu.p = 0xC3
    assert cpu.p == 0xF3
    cpu.a, cpu.x, cpu.y, cpu.s, cpu.pc = 1, 2, 3, 4, 0x1234
    assert (cpu.a, cpu.x, cpu.y, cpu.s, cpu.pc) == (1, 2, 3, 4, 0x1234)
    assert cpu.halted is False and cpu.jam_opcode is None
    cpu.cycles = 1 << 40                                   # 64-bit counters
    cpu.bus.memory[0x1234] = 0xEA
    cpu.step()
    assert cpu.cycles == (1 << 40) + 2 and cpu.instructions == 1
    assert (STOP_LIMIT, STOP_JAM, STOP_TRAP) == (0, 1, 2)


def test_recording_device_matches_plain_ram():
    """The same program on RAM and on an all-I/O bus gives the same result (I/O path sanity)."""
    program = bytes([0xA2, 0x00, 0xBD, 0x00, 0x30, 0x69, 0x07, 0x9D, 0x00, 0x31, 0xE8, 0xD0, 0xF5,
                     0x4C, 0x0D, 0x02])
    ram = make_cpu(program)
    for i in range(256):
        ram.bus.memory[0x3000 + i] = i * 3 & 0xFF
    bus = Bus()
    device = RecordingDevice(bytearray(ram.bus.memory))
    bus.map_io(0, 0x10000, device)
    io = CPU(bus)
    io.pc = 0x200
    ram.stop_on_trap = io.stop_on_trap = True
    assert ram.run(10 ** 6) == io.run(10 ** 6) == STOP_TRAP
    assert ram.cycles == io.cycles
    assert bytes(ram.bus.memory) == bytes(device.memory)


def test_jsr_reads_its_high_byte_after_the_pushes():
    # JSR $1234 at $01FC with S=$FE: the pushes overwrite $01FE (the high operand byte) with $01 and
    # $01FD (the low byte, already fetched) with $FE; the high byte is fetched on cycle 6, after them
    # (64doc, "6510 Instruction Timing": JSR).
    cpu = make_cpu(bytes([0x20, 0x34, 0x12]), origin=0x01FC)
    cpu.s = 0xFE
    cpu.step()
    assert cpu.pc == 0x0134
    assert cpu.bus.memory[0x1FD:0x1FF] == bytes([0xFE, 0x01]) and cpu.s == 0xFC and cpu.cycles == 6
