"""The 8255 PPI on its own: mode-set, bit set/reset, port directions, callbacks."""
from emulator.chips.ppi8255 import PPI8255


def make():
    log = {"a": [], "c": []}
    ppi = PPI8255(input_a=lambda c: 0x5A, input_b=lambda c: 0xC3, input_c=lambda c: 0xA5,
                  output_a=lambda v, c: log["a"].append((v, c)),
                  output_c=lambda v, c: log["c"].append((v, c)))
    return ppi, log


def test_after_reset_every_port_is_an_input():
    ppi, _ = make()
    assert ppi.read(0xB000, 0) == 0x5A
    assert ppi.read(0xB001, 0) == 0xC3
    assert ppi.read(0xB002, 0) == 0xA5
    assert ppi.pins_a() == 0xFF and ppi.pins_c() == 0xFF      # undriven pins float high


def test_atom_mode_word_makes_a_and_lower_c_outputs():
    ppi, log = make()
    ppi.write(0xB003, 0x8A, 10)       # mode 0: A out, C upper in, B in, C lower out
    ppi.write(0xB000, 0x37, 11)
    assert ppi.read(0xB000, 12) == 0x37              # an output port reads back its latch
    assert log["a"][-1] == (0x37, 11)
    assert ppi.read(0xB001, 12) == 0xC3
    ppi.write(0xB002, 0xFF, 13)
    # lower half from the latch, upper half from the pins
    assert ppi.read(0xB002, 14) == 0xAF
    assert log["c"][-1] == (0xFF, 13)


def test_mode_set_clears_output_latches():
    ppi, log = make()
    ppi.write(0xB003, 0x8A, 0)
    ppi.write(0xB000, 0x99, 1)
    ppi.write(0xB002, 0x0F, 2)
    ppi.write(0xB003, 0x80, 3)       # all outputs
    assert ppi.read(0xB000, 4) == 0 and ppi.read(0xB002, 4) == 0
    assert log["a"][-1] == (0, 3)


def test_bit_set_reset_changes_one_bit_of_port_c():
    ppi, log = make()
    ppi.write(0xB003, 0x8A, 0)
    ppi.write(0xB003, 0x05, 5)       # bit 2 set
    assert ppi.latch_c == 0x04 and log["c"][-1] == (0xF4, 5)
    ppi.write(0xB003, 0x07, 6)       # bit 3 set
    ppi.write(0xB003, 0x04, 7)       # bit 2 reset
    assert ppi.latch_c == 0x08
    count = len(log["c"])
    ppi.write(0xB003, 0x04, 8)       # no change on the pins: no callback
    assert len(log["c"]) == count


def test_registers_are_mirrored_by_the_low_two_address_bits():
    ppi, _ = make()
    ppi.write(0xB3FB, 0x8A, 0)       # #B3FB is the control register too
    ppi.write(0xB004, 0x42, 1)       # port A
    assert ppi.read(0xB000, 2) == 0x42
    assert ppi.read(0xB003, 2) == 0xFF
