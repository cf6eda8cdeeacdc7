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


def test_a_write_on_the_penultimate_cycle_comes_after_the_poll():
    """A device latches a write at the end of its cycle; the CPU has sampled the line by then.  So the
    first (unmodified) write of INC, on cycle 5 of 6, that acknowledges the IRQ does not stop it."""
    cpu, clock = machine([0xEE, 0x00, 0xFE, NOP, NOP])                  # INC $FE00: cycles 0-5
    writes = []

    class Acknowledge:
        def read(self, addr, cycle):
            return 0

        def write(self, addr, value, cycle):
            writes.append(cycle)
            cpu.set_irq(1, False)

    cpu.bus.map_io(0xFE00, 0x100, Acknowledge())
    line(clock, cpu, 3, True)
    assert run_to_handler(clock, cpu) == 0x203
    assert writes == [4, 5]


def test_a_read_on_the_penultimate_cycle_sees_the_events_due_by_then():
    """STA abs,X reads its target on cycle 4 of 5 (discarded); the clock's events due by that cycle
    have fired when the device sees the read, and the poll follows them."""
    cpu, clock = machine([0x9D, 0x00, 0xFE, NOP, NOP])                  # STA $FE00,X: cycles 0-4
    order = []

    class Device:
        def read(self, addr, cycle):
            order.append(("read", cycle))
            return 0

        def write(self, addr, value, cycle):
            order.append(("write", cycle))

    cpu.bus.map_io(0xFE00, 0x100, Device())
    clock.schedule(3, lambda c: (order.append(("event", c)), cpu.set_irq(1, True)))
    assert run_to_handler(clock, cpu) == 0x203
    assert order[:3] == [("event", 3), ("read", 3), ("write", 4)]


NMI_HANDLER = 0x0500


@pytest.mark.parametrize("edge, vector", [(3, NMI_HANDLER), (4, HANDLER)])
def test_an_nmi_in_the_first_four_cycles_of_brk_takes_it_over(edge, vector):
    """BRK (cycles 0-6) pushes as usual, B set, but reads the NMI vector when an NMI edge came by
    the end of its 4th cycle (nesdev wiki, "CPU interrupts": interrupt hijacking)."""
    cpu, clock = machine([0x00, 0x00])
    set_vectors(cpu, nmi=NMI_HANDLER)
    cpu.bus.load(NMI_HANDLER, bytes([0x4C, NMI_HANDLER & 0xFF, NMI_HANDLER >> 8]))
    line(clock, cpu, edge, True, nmi=True)
    clock.run_until(7)
    assert cpu.pc == vector and cpu.cycles == 7
    assert cpu.bus.memory[0x1FD] & 0x10                 # B set: it is still a BRK
    assert return_address(cpu) == 0x202
    assert cpu.nmi_latched == (vector == HANDLER)       # not taken over: the NMI is still to come


def test_an_nmi_during_an_irq_entry_takes_it_over():
    cpu, clock = machine([NOP] * 8)
    set_vectors(cpu, nmi=NMI_HANDLER)
    cpu.bus.load(NMI_HANDLER, bytes([0x4C, NMI_HANDLER & 0xFF, NMI_HANDLER >> 8]))
    line(clock, cpu, 2, True)                           # IRQ seen by the NOP on 2-3; entry on 4-10
    line(clock, cpu, 7, True, nmi=True)                 # the entry's 4th cycle
    clock.run_until(11)
    assert cpu.pc == NMI_HANDLER and cpu.cycles == 11
    assert not cpu.bus.memory[0x1FD] & 0x10             # pushed as an IRQ, B clear
    assert return_address(cpu) == 0x202 and cpu.nmi_latched == 0
