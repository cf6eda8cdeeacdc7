"""The bus: page kinds, I/O dispatch with exact cycles, ROM write protection, banked windows."""
import pytest

from emulator.bus import PAGE_IO, PAGE_RAM, PAGE_ROM, Bus, IODevice


class Recorder:
    def __init__(self, value=0x5A):
        self.value = value
        self.log = []

    def read(self, addr, cycle):
        self.log.append(("r", addr, cycle))
        return self.value

    def write(self, addr, value, cycle):
        self.log.append(("w", addr, value, cycle))


def test_ram_reads_back_and_rom_ignores_writes():
    bus = Bus()
    bus.write(0x1234, 0x99)
    assert bus.read(0x1234) == 0x99
    bus.map_rom(0xC000, b"\x01\x02", size=0x1000)
    assert bus.page_kind[0xC0] == PAGE_ROM and bus.page_kind[0xCF] == PAGE_ROM
    assert bus.page_kind[0xD0] == PAGE_RAM
    bus.write(0xC000, 0x77)
    assert bus.read(0xC000) == 0x01
    assert bus.read(0xC002) == 0xFF          # padding of a short image


def test_io_page_dispatches_with_cycle_and_peek_has_no_side_effects():
    bus = Bus()
    dev = Recorder(0x1A5)                    # a device returning more than 8 bits is masked
    bus.map_io(0xFE00, 0x100, dev, stretch=True)
    assert bus.page_kind[0xFE] == PAGE_IO and bus.page_stretch[0xFE] == 1
    assert bus.read(0xFE40, cycle=1234) == 0xA5
    bus.write(0xFE41, 0x12, cycle=1240)
    assert dev.log == [("r", 0xFE40, 1234), ("w", 0xFE41, 0x12, 1240)]
    bus.memory[0xFE40] = 0x33
    assert bus.peek(0xFE40) == 0x33          # a device without peek shows the memory byte
    assert len(dev.log) == 2


def test_stretch_delay_lines_up_with_the_1mhz_clock():
    bus = Bus()
    # One extra cycle when the access starts on an even 2 MHz cycle, two on an odd one.
    assert [bus.stretch_delay(c) for c in range(4)] == [1, 2, 1, 2]


def test_stretch_is_per_32_byte_block():
    bus = Bus()
    bus.map_io(0xFE00, 0x100, Recorder(), stretch=True)
    bus.set_stretch(0xFE20, 0x20, False)
    assert bus.page_stretch[0xFE] == 1                       # still partly slow: the core must ask
    assert [bus.access_delay(a, 10) for a in (0xFE1F, 0xFE20, 0xFE3F, 0xFE40)] == [1, 0, 0, 1]
    assert [bus.access_delay(0xFE00, c) for c in (10, 11)] == [1, 2]
    bus.set_stretch(0xFE00, 0x20, False)
    bus.set_stretch(0xFE40, 0xC0, False)
    assert bus.page_stretch[0xFE] == 0                       # all fast again: the core's fast path
    bus.set_stretch(0xFD40, 0x20, True)
    assert bus.page_stretch[0xFD] == 1 and bus.access_delay(0xFD5F, 10) == 1
    bus.map_ram(0xFD00, 0x100)                               # remapping a page clears its stretch
    assert bus.page_stretch[0xFD] == 0 and bus.access_delay(0xFD40, 10) == 0
    for start, size in ((0xFE10, 0x20), (0xFE00, 0x10), (0xFFE0, 0x40)):
        with pytest.raises(ValueError):
            bus.set_stretch(start, size, True)


def test_the_cpu_stretches_only_the_slow_blocks_of_a_page():
    from emulator.cpu.core import CPU

    bus = Bus()
    bus.load(0x0200, bytes([0xAD, 0x20, 0xFE, 0xAD, 0x00, 0xFE, 0xAD, 0x3F, 0xFE]))  # LDA $FE20/$FE00/$FE3F
    dev = Recorder()
    bus.map_io(0xFE00, 0x100, dev, stretch=True)
    bus.set_stretch(0xFE20, 0x20, False)
    cpu = CPU(bus)
    cpu.pc = 0x0200
    for _ in range(3):
        cpu.step()
    # $FE20 fast: read on cycle 3; $FE00 slow: due on 7 (odd), two extra -> 9; $FE3F fast: 10 + 3.
    assert dev.log == [("r", 0xFE20, 3), ("r", 0xFE00, 9), ("r", 0xFE3F, 13)]
    assert cpu.cycles == 14


def test_map_rejects_partial_pages_and_oversized_images():
    bus = Bus()
    with pytest.raises(ValueError):
        bus.map_ram(0x1080, 0x100)
    with pytest.raises(ValueError):
        bus.map_rom(0xF000, bytes(0x1001), size=0x1000)
    with pytest.raises(ValueError):
        bus.load(0xFFFF, b"\x00\x00")


def test_bank_window_swaps_rom_and_keeps_sideways_ram():
    bus = Bus()
    window = bus.add_window(0x8000, 0x4000)
    window.set_bank(15, b"BASIC" + bytes(0x3FFB))
    window.set_bank(4, writable=True)
    window.select(15)
    assert bytes(bus.memory[0x8000:0x8005]) == b"BASIC"
    assert bus.page_kind[0x80] == PAGE_ROM
    window.select(4)
    assert bus.page_kind[0xBF] == PAGE_RAM
    bus.write(0x8001, 0x42)
    window.select(15)
    assert bus.read(0x8001) == ord("A")
    window.select(4)
    assert bus.read(0x8001) == 0x42            # sideways RAM kept its contents
    window.select(9)                           # an empty socket
    assert bus.read(0x8000) == 0xFF and bus.page_kind[0x80] == PAGE_ROM


# --- typed devices (IODevice) next to plain objects ----------------------------------------------------

class TypedRecorder(IODevice):
    """A typed device: the bus calls it through C when the modules are compiled."""

    def __init__(self, value=0x5A):
        self.value = value
        self.log = []

    def read(self, addr, cycle):
        self.log.append(("r", addr, cycle))
        return self.value

    def write(self, addr, value, cycle):
        self.log.append(("w", addr, value, cycle))

    def peek(self, addr):
        return self.value ^ 0xFF


def test_typed_and_plain_devices_share_the_bus():
    bus = Bus()
    typed, plain = TypedRecorder(0x2C3), Recorder(0x3C)
    bus.map_io(0xB000, 0x100, typed)
    bus.map_io(0xB800, 0x100, plain)
    assert bus.read(0xB002, cycle=7) == 0xC3             # masked to 8 bits on the typed path too
    assert bus.io_read(0xB003, 9) == 0xC3
    bus.write(0xB001, 0x1FF, cycle=11)
    bus.io_write(0xB000, 0x42, 12)
    assert bus.peek(0xB000) == 0x3C                      # the typed device's own peek, no side effect
    assert typed.log == [("r", 0xB002, 7), ("r", 0xB003, 9), ("w", 0xB001, 0xFF, 11), ("w", 0xB000, 0x42, 12)]
    assert bus.read(0xB810, cycle=13) == 0x3C and bus.io_read(0xB811, 14) == 0x3C
    bus.write(0xB812, 0x34, cycle=15)
    bus.io_write(0xB813, 0x35, 16)
    assert plain.log == [("r", 0xB810, 13), ("r", 0xB811, 14),
                         ("w", 0xB812, 0x34, 15), ("w", 0xB813, 0x35, 16)]


def test_remapping_a_page_replaces_a_typed_device():
    bus = Bus()
    typed, plain = TypedRecorder(0x11), Recorder(0x22)
    bus.map_io(0xC000, 0x200, typed)
    bus.map_io(0xC100, 0x100, plain)                     # the second page now belongs to the plain device
    assert bus.read(0xC000) == 0x11 and bus.read(0xC100) == 0x22
    bus.map_ram(0xC000, 0x100)
    bus.write(0xC000, 0x99)
    assert bus.read(0xC000) == 0x99 and typed.log == [("r", 0xC000, 0)]


def test_a_typed_device_must_implement_its_methods():
    bus = Bus()
    bus.map_io(0xFE00, 0x100, IODevice())
    with pytest.raises(NotImplementedError):
        bus.read(0xFE00)
    with pytest.raises(NotImplementedError):
        bus.write(0xFE00, 1)
    with pytest.raises(NotImplementedError):
        bus.peek(0xFE00)


def test_the_cpu_sees_the_same_cycles_through_either_kind_of_device():
    from emulator.cpu.core import CPU

    # LDA $B002, STA $B001, INC $B003 (reads, then writes the old and the new value), BIT $FE00 on a
    # stretched page (2 extra cycles: the read falls on odd cycle 17), LDX #$10, LDA $B0E0,X
    program = bytes([0xAD, 0x02, 0xB0, 0x8D, 0x01, 0xB0, 0xEE, 0x03, 0xB0, 0x2C, 0x00, 0xFE,
                     0xA2, 0x10, 0xBD, 0xE0, 0xB0])
    runs = []
    for make in (TypedRecorder, Recorder):
        bus = Bus()
        bus.load(0x0200, program)
        device, slow = make(0x81), make(0x40)
        bus.map_io(0xB000, 0x100, device)
        bus.map_io(0xFE00, 0x100, slow, stretch=True)
        cpu = CPU(bus)
        cpu.pc = 0x0200
        for _ in range(6):
            cpu.step()
        runs.append((device.log, slow.log, cpu.cycles, cpu.a, cpu.pc))
    assert runs[0] == runs[1]
    assert runs[0] == ([("r", 0xB002, 3), ("w", 0xB001, 0x81, 7), ("r", 0xB003, 11), ("w", 0xB003, 0x81, 12),
                        ("w", 0xB003, 0x82, 13), ("r", 0xB0F0, 25)],
                       [("r", 0xFE00, 19)], 26, 0x81, 0x0211)


def test_the_polled_chips_are_typed_and_compiled_with_the_core():
    import emulator
    from emulator import bus as bus_module
    from emulator.chips import ppi8255
    from emulator.chips import via6522
    from emulator.machines import atom_io, bbc_io

    assert issubclass(ppi8255.PPI8255, IODevice) and issubclass(atom_io.PPIPage, IODevice)
    assert issubclass(via6522.VIA6522, IODevice) and issubclass(bbc_io.SheilaPage, IODevice)
    # A failed optional compile would leave the poll path in Python and the machines far below speed.
    for module in (bus_module, ppi8255, atom_io, via6522, bbc_io):
        assert module.__file__.endswith(".py") != emulator.compiled(), module.__name__
