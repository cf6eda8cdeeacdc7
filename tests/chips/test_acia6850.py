"""The 6850 ACIA and the BBC's serial ULA as chips (MC6850 data sheet; Advanced User Guide and
BeebWiki, "Serial ULA").  No ROMs."""
from emulator.bus import Bus
from emulator.chips.acia6850 import ACIA6850
from emulator.chips.serial_ula import SerialULA
from emulator.clock import Clock
from emulator.cpu.core import CPU


def clock():
    return Clock(CPU(Bus()))


def test_the_acia_receives_a_byte_with_rdrf_and_an_interrupt():
    lines = []
    acia = ACIA6850(clock(), 2_000_000, irq=lines.append)
    acia.write(0, 0x03, 0)                          # master reset
    acia.write(0, 0x95, 0)                          # /16, 8N1, receive interrupts on
    assert acia.read(0, 0) & 0x81 == 0
    acia.receive(0x2A, 10)
    assert acia.read(0, 11) & 0x81 == 0x81 and lines[-1] is True
    assert acia.read(1, 12) == 0x2A
    assert acia.read(0, 13) & 0x81 == 0 and lines[-1] is False
    acia.receive(1, 20)
    acia.receive(2, 30)                             # RDRF still set: the second is lost
    assert acia.read(0, 31) & 0x20 and acia.read(1, 32) == 1


def test_dcd_latches_until_status_then_data_are_read():
    acia = ACIA6850(clock(), 2_000_000)
    acia.write(0, 0x95, 0)
    acia.set_dcd(True, 0)
    assert acia.status() & 0x84 == 0x84
    acia.set_dcd(False, 5)
    assert acia.status() & 0x04                      # stays high after the input falls...
    acia.read(1, 6)
    assert acia.status() & 0x04                      # ...a data read alone does not clear it
    acia.read(0, 7)
    acia.read(1, 8)
    assert acia.status() & 0x84 == 0
    acia.set_dcd(True, 9)
    acia.read(0, 10)
    acia.read(1, 11)
    assert acia.status() & 0x84 == 0x04              # input still high: no interrupt, bit follows


def test_the_transmitter_takes_a_byte_at_the_next_bit_and_sends_it_in_ten_bits():
    c = clock()
    sent = []
    acia = ACIA6850(c, 2_000_000, transmit=lambda byte, baud, cycle: sent.append((byte, baud, cycle)))
    acia.write(0, 0x15, 0)                          # /16 of 19200 Hz: 1200 baud, 8N1
    acia.write(1, 0x41, 100)
    assert not acia.status() & 0x02                  # TDRE low until the shift register takes it
    c.run_until(1667)
    assert sent == [(0x41, 1200, 1666)] and acia.status() & 0x02
    acia.write(1, 0x42, 1700)                        # waits for the first to finish
    c.run_until(1666 + 10 * 1666)
    assert sent[-1] == (0x42, 1200, 1666 + 10 * 1666)


def test_cts_high_masks_tdre_and_master_reset_clears_the_receiver():
    acia = ACIA6850(clock(), 2_000_000)
    acia.write(0, 0x15, 0)
    assert acia.status() & 0x0A == 0x02
    acia.set_cts(True)
    assert acia.status() & 0x0A == 0x08
    acia.receive(7, 5)
    acia.write(0, 0x03, 6)
    assert acia.status() & 0x01 == 0
    acia.receive(8, 7)                              # held in reset: nothing is received
    assert acia.status() & 0x01 == 0


def test_the_serial_ula_selects_the_cassette_clocks_and_the_motor():
    seen = []
    ula = SerialULA(changed=lambda u, cycle: seen.append((u.cassette, u.motor, u.acia_clocks)))
    ula.write(0xFE10, 0x69, 0)                      # RS423: receive 300 (101), transmit 1200 (001)
    ula.write(0xFE10, 0x85, 1)                      # cassette, motor on
    assert seen == [(False, False, (300 * 64, 1200 * 64)), (True, True, (19200, 19200))]
