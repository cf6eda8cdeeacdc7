"""The bus: page kinds, I/O dispatch with exact cycles, ROM write protection, banked windows."""
import pytest

from emulator.bus import PAGE_IO, PAGE_RAM, PAGE_ROM, Bus


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
