"""IRQ, NMI, BRK, RTI and the NMOS polling rules (MCS6500 programming manual; the CLI/SEI/PLP delay
as described on the visual6502 wiki and nesdev "CPU interrupts": the I flag those instructions set
takes effect after the interrupt poll of the same instruction, RTI's before it)."""
from emulator.clock import Clock
from cpu_support import make_cpu, set_vectors

NOP, CLI, SEI, PLP, PHP, RTI, BRK = 0xEA, 0x58, 0x78, 0x28, 0x08, 0x40, 0x00
HANDLER = 0x0400
NMI_HANDLER = 0x0500


def machine(program, p=0x20):
    cpu = make_cpu(bytes(program))
    set_vectors(cpu, nmi=NMI_HANDLER, irq=HANDLER, reset=0x0200)
    for handler in (HANDLER, NMI_HANDLER):              # handlers: NOPs, then JMP back to the first
        cpu.bus.memory[handler:handler + 11] = bytes([NOP] * 8 + [0x4C, handler & 0xFF, handler >> 8])
    cpu.s = 0xFF
    cpu.p = p
    return cpu


def stacked(cpu):
    """(P, return address) of the last interrupt entry."""
    mem = cpu.bus.memory
    base = 0x100 + cpu.s
    return mem[base + 1], mem[base + 2] | mem[base + 3] << 8


def test_irq_entry():
    cpu = machine([NOP, NOP], p=0x20 | 0x01 | 0x08)     # I clear, C and D set
    cpu.step()
    cpu.set_irq(1, True)
    instructions = cpu.instructions
    cpu.step()                                          # one interrupt entry sequence
    assert cpu.pc == HANDLER
    assert cpu.cycles == 2 + 7
    assert cpu.instructions == instructions             # an entry is not an instruction
    p, ret = stacked(cpu)
    assert ret == 0x201
    assert p == 0x20 | 0x01 | 0x08                      # B clear, bit 5 set
    assert cpu.p & 0x04 and cpu.p & 0x08                # I set; D unchanged on the NMOS part
    assert cpu.s == 0xFC


def test_irq_is_a_level_and_masked_by_i():
    cpu = machine([NOP] * 8, p=0x24)                    # I set
    cpu.set_irq(2, True)
    cpu.run(6)
    assert cpu.pc == 0x203                              # masked: three NOPs ran
    cpu.set_irq(2, False)
    cpu.p = 0x20
    cpu.step()
    assert cpu.pc == 0x204                              # released before I cleared: nothing happens
    cpu.set_irq(1, True)
    cpu.set_irq(2, True)
    cpu.set_irq(1, False)
    assert cpu.irq_lines == 2
    cpu.step()
    assert cpu.pc == HANDLER                            # still one source asserted


def test_cli_lets_one_more_instruction_run():
    cpu = machine([CLI, NOP, NOP, NOP], p=0x24)
    cpu.set_irq(1, True)
    cpu.step()                                          # CLI
    cpu.step()                                          # the instruction after CLI still runs
    assert cpu.pc == 0x202
    cpu.step()
    assert cpu.pc == HANDLER
    assert stacked(cpu)[1] == 0x202


def test_irq_arriving_during_sei_is_taken():
    cpu = machine([SEI, NOP], p=0x20)
    cpu.step()                                          # SEI; the IRQ rises during it
    cpu.set_irq(1, True)
    cpu.step()
    assert cpu.pc == HANDLER
    p, ret = stacked(cpu)
    assert ret == 0x201 and p & 0x04                    # pushed P already has I set


def test_plp_changes_i_after_the_poll():
    # PLP clearing I: one more instruction first
    cpu = machine([PLP, NOP, NOP], p=0x24)
    cpu.bus.memory[0x1FF] = 0x20                        # P to pull: I clear
    cpu.s = 0xFE
    cpu.set_irq(1, True)
    cpu.step()
    cpu.step()
    assert cpu.pc == 0x202
    cpu.step()
    assert cpu.pc == HANDLER
    # PLP setting I: an IRQ pending at that point is still taken
    cpu = machine([PLP, NOP], p=0x20)
    cpu.bus.memory[0x1FF] = 0x24
    cpu.s = 0xFE
    cpu.step()
    cpu.set_irq(1, True)
    cpu.step()
    assert cpu.pc == HANDLER


def test_rti_restores_i_before_the_poll():
    cpu = machine([NOP], p=0x24)
    cpu.bus.memory[0x300] = RTI
    cpu.bus.memory[0x1FD:0x200] = bytes([0x21, 0x34, 0x12])    # P (I clear, C set), PC $1234
    cpu.bus.memory[0x1234] = NOP
    cpu.s = 0xFC
    cpu.pc = 0x300
    cpu.set_irq(1, True)
    cpu.step()
    assert (cpu.pc, cpu.s, cpu.cycles) == (0x1234, 0xFF, 6)
    assert cpu.p == 0x21 | 0x30
    cpu.step()                                          # taken at once, before the NOP at $1234
    assert cpu.pc == HANDLER and stacked(cpu)[1] == 0x1234


def test_nmi_edge_priority_and_first_handler_instruction():
    cpu = machine([NOP] * 10, p=0x24)                   # I set: NMI ignores it
    cpu.set_irq(1, True)
    cpu.set_nmi(1, True)
    cpu.step()
    assert cpu.pc == NMI_HANDLER and cpu.cycles == 7
    assert stacked(cpu) == (0x24 | 0x20, 0x200)
    cpu.nmi()                                           # another edge during the entry...
    cpu.step()
    assert cpu.pc == NMI_HANDLER + 1                    # ...waits for the handler's first instruction
    cpu.step()
    assert cpu.pc == NMI_HANDLER
    # held lines do not retrigger; a second source while one is held is no new edge
    cpu = machine([NOP] * 10)
    cpu.set_nmi(1, True)
    cpu.step()
    assert cpu.pc == NMI_HANDLER
    cpu.set_nmi(2, True)
    cpu.step()
    cpu.step()
    assert cpu.pc == NMI_HANDLER + 2
    cpu.set_nmi(1, False)
    cpu.set_nmi(2, False)
    cpu.set_nmi(2, True)                                # a new edge
    cpu.step()
    assert cpu.pc == NMI_HANDLER


def test_brk():
    cpu = machine([0xA9, 0x00, BRK, 0x99, NOP], p=0x20 | 0x08)   # LDA #0 (Z set); BRK
    cpu.step()
    cpu.step()
    assert cpu.pc == HANDLER and cpu.cycles == 2 + 7
    p, ret = stacked(cpu)
    assert ret == 0x204                                 # BRK pushes its address + 2
    assert p == 0x20 | 0x10 | 0x08 | 0x02               # B set
    assert cpu.p & 0x04 and cpu.p & 0x08


def test_brk_then_rti_round_trip():
    cpu = machine([BRK, 0x00, 0xE8])                    # BRK; padding; INX
    cpu.bus.memory[HANDLER] = RTI
    cpu.step()
    cpu.step()
    assert cpu.pc == 0x202 and cpu.s == 0xFF and not cpu.p & 0x04
    cpu.step()
    assert cpu.x == 1 and cpu.cycles == 7 + 6 + 2


def test_php_plp_bits_4_and_5():
    cpu = machine([PHP, 0x68, PLP, PHP])                # PHP; PLA; PLP; PHP
    cpu.a = 0
    cpu.p = 0x00
    cpu.step()
    assert cpu.bus.memory[0x1FF] == 0x30                # PHP pushes B and bit 5 set
    cpu.step()
    assert cpu.a == 0x30
    cpu.bus.memory[0x1FF] = 0xCF                        # PLP of a byte with bits 4 and 5 clear
    cpu.s = 0xFE
    cpu.step()
    assert cpu.p == 0xFF                                # they read back as 1
    cpu.p = 0x00
    assert cpu.p == 0x30


def test_irq_raised_by_a_clock_event():
    cpu = machine([0xE8, 0x4C, 0x00, 0x02])             # INX; JMP $0200 (a 5-cycle loop)
    clock = Clock(cpu)
    clock.schedule(100, lambda cycle: cpu.set_irq(1, True))
    clock.run_until(50)
    assert cpu.pc != HANDLER
    clock.run_until(200)
    # The line rises on cycle 100, the first cycle of an INX (INX 2 cycles + JMP 3 from cycle 0): the
    # INX polls at the end of that cycle, sees it, and the IRQ is taken after the INX.
    assert cpu.x == 100 // 5 + 1
    assert stacked(cpu)[1] == 0x201


def test_reset_sequence():
    cpu = machine([NOP])
    set_vectors(cpu, reset=0x1234)
    cpu.s = 0x50
    cpu.p = 0x20
    cpu.cycles = 100
    memory_before = bytes(cpu.bus.memory)
    cpu.reset()
    assert cpu.pc == 0x1234 and cpu.s == 0x4D and cpu.p & 0x04
    assert cpu.cycles == 107
    assert bytes(cpu.bus.memory) == memory_before       # the three pushes write nothing
