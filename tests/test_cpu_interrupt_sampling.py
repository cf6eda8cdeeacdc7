"""Where the NMOS 6502 samples IRQ and NMI: at the end of each instruction's penultimate cycle.

A line that rises on an instruction's last cycle is taken after the next instruction; one that rises
and falls between two polls is never seen; one that is up at the poll is taken even if it falls
before the instruction ends.  A taken branch that stays in its page does not poll on its last cycle
(nesdev wiki, "CPU interrupts": branch instructions; visual6502 wiki, "6502 Timing of Interrupt
Handling").  Lines here are driven by clock events, as devices drive them.
"""
import pytest

from emulator.bus import Bus
from emulator.clock import Clock
from emulator.cpu.core import CPU
try:                                    # tests/ run as a package or as a plain directory
    from tests.cpu_support import set_vectors
except ModuleNotFoundError:
    from cpu_support import set_vectors

HANDLER = 0x0400
NOP = 0xEA


def machine(program):
    bus = Bus()
    bus.load(0x200, bytes(program))
    bus.load(HANDLER, bytes([0x4C, HANDLER & 0xFF, HANDLER >> 8]))   # JMP * (the handler spins)
    cpu = CPU(bus)
    set_vectors(cpu, irq=HANDLER, nmi=HANDLER)
    cpu.pc = 0x200
    cpu.s = 0xFF
    cpu.p = 0x20                        # I clear
    return cpu, Clock(cpu)


def line(clock, cpu, cycle, asserted, nmi=False):
    setter = cpu.set_nmi if nmi else cpu.set_irq
    clock.schedule(cycle, lambda c: setter(1, asserted))


def return_address(cpu):
    mem = cpu.bus.memory
    return mem[0x1FE] | mem[0x1FF] << 8


def run_to_handler(clock, cpu, cycles=200):
    clock.run_until(cycles)
    assert cpu.pc == HANDLER
    return return_address(cpu)


@pytest.mark.parametrize("nmi", [False, True])
def test_a_line_up_at_the_penultimate_cycle_is_taken_after_the_instruction(nmi):
    cpu, clock = machine([NOP] * 20)    # NOP k occupies cycles 2k and 2k+1 and polls at the end of 2k
    line(clock, cpu, 10, True, nmi)
    assert run_to_handler(clock, cpu) == 0x206


@pytest.mark.parametrize("nmi", [False, True])
def test_a_line_rising_on_the_last_cycle_waits_one_instruction(nmi):
    cpu, clock = machine([NOP] * 20)
    line(clock, cpu, 11, True, nmi)
    assert run_to_handler(clock, cpu) == 0x207


def test_a_pulse_between_two_polls_is_never_seen():
    cpu, clock = machine([0xEE, 0x00, 0x30] + [NOP] * 60)   # INC $3000: cycles 0-5, polls at 4
    line(clock, cpu, 1, True)
    line(clock, cpu, 3, False)
    line(clock, cpu, 5, True)                               # after INC's poll ...
    line(clock, cpu, 6, False)                              # ... and gone by the NOP's
    clock.run_until(100)
    assert cpu.pc == 0x203 + 47 and cpu.s == 0xFF           # no entry: the NOPs ran on


def test_a_pulse_over_the_poll_is_taken():
    cpu, clock = machine([0xEE, 0x00, 0x30] + [NOP] * 20)
    line(clock, cpu, 4, True)
    line(clock, cpu, 5, False)                              # falls before INC has ended
    assert run_to_handler(clock, cpu) == 0x203
    assert cpu.irq_lines == 0


def test_events_due_by_the_poll_fire_during_the_instruction():
    cpu, clock = machine([0xEE, 0x00, 0x30, NOP])
    seen = []
    clock.schedule(3, lambda c: seen.append(cpu.cycles))
    clock.run_until(6)
    assert seen == [4]                  # fired at INC's poll (cycle 4), not after its end (6)


def test_a_store_that_drops_the_line_on_its_last_cycle_still_interrupts():
    """The poll comes before the write: the handler is entered though the line is low by then."""
    bus_program = [0x8D, 0x00, 0xFE, NOP, NOP]                          # STA $FE00 (cycles 0-3)
    cpu, clock = machine(bus_program)

    class Acknowledge:                  # a device whose write acknowledges (drops) the IRQ
        def read(self, addr, cycle):
            return 0

        def write(self, addr, value, cycle):
            cpu.set_irq(1, False)

    cpu.bus.map_io(0xFE00, 0x100, Acknowledge())
    line(clock, cpu, 1, True)
    assert run_to_handler(clock, cpu) == 0x203
    assert cpu.irq_lines == 0


def test_a_write_raising_the_line_on_the_last_cycle_waits_one_instruction():
    cpu, clock = machine([0x8D, 0x00, 0xFE, NOP, NOP, NOP])

    class Raise:
        def read(self, addr, cycle):
            return 0

        def write(self, addr, value, cycle):
            cpu.set_irq(1, True)

    cpu.bus.map_io(0xFE00, 0x100, Raise())
    assert run_to_handler(clock, cpu) == 0x204


@pytest.mark.parametrize("offset, rise, returns", [
    (0x00, 3, 0x2FF + 1),   # taken, same page (cycles 2-4): no poll at the end of cycle 3 ...
    (0x00, 2, 0x2FF),       # ... its one poll is at the end of cycle 2
    (0x01, 4, 0x300),       # taken across a page (2-5): polls at the end of cycle 4 as usual
    (0x01, 5, 0x301),
])
def test_taken_branches(offset, rise, returns):
    program = bytearray([NOP] * 0x110)
    program[0xFD:0xFF] = bytes([0xD0, offset])              # NOP at $02FC (cycles 0-1); BNE at $02FD
    cpu, clock = machine(program)
    cpu.pc = 0x2FC
    cpu.fz = 1                                              # Z clear
    line(clock, cpu, rise, True)
    assert run_to_handler(clock, cpu) == returns


def test_a_branch_not_taken_polls_at_its_first_cycle():
    cpu, clock = machine([NOP, 0xF0, 0x10, NOP, NOP])       # NOP; BEQ not taken (Z clear): cycles 2-3
    cpu.fz = 1
    line(clock, cpu, 2, True)
    assert run_to_handler(clock, cpu) == 0x203
