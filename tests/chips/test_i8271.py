"""The Intel 8271 on its own, driven through its registers as a disc filing system drives it: commands
and parameters in, a byte per interrupt in non-DMA mode, results, timing on the cycle clock.  No ROMs.

The clock's CPU is a stand-in that only counts cycles: time moves when a test says so, and every
event the chip scheduled fires on its cycle (emulator/clock.py)."""
import pytest

from emulator.media.dfs_disc import build_ssd
from emulator.chips.i8271 import (
    I8271, RESULT_DATA_CRC, RESULT_LATE_DMA, RESULT_NOT_READY, RESULT_OK, RESULT_SECTOR_NOT_FOUND,
    RESULT_WRITE_PROTECT, STATUS_BUSY, STATUS_DATA_REQUEST, STATUS_INT, STATUS_RESULT_FULL,
)
from emulator.clock import Clock
from emulator.media.disc_image import Disc

CPU_HZ = 2_000_000
BYTE = 128                      # cycles per FM byte at 125 kbit/s
REVOLUTION = 400_000            # 200 ms at 2 MHz

SELECT_0, SELECT_1 = 0x40, 0x80


class CycleCounter:
    """What the clock needs of a CPU: its cycle count and the end of the block it is running."""

    def __init__(self):
        self.cycles = 0
        self.limit = 1 << 62


class Bench:
    """An 8271 on a clock, its INT line recorded; `run_to` moves time on, event by event."""

    def __init__(self):
        self.cpu = CycleCounter()
        self.clock = Clock(self.cpu)
        self.edges = []                         # cycles at which INT went high
        self.int_line = False
        self.fdc = I8271(self.clock, self._int, CPU_HZ)

    def _int(self, asserted):
        if asserted and not self.int_line:
            self.edges.append(self.cpu.cycles)
        self.int_line = asserted

    @property
    def now(self):
        return self.cpu.cycles

    def advance(self, cycles):
        self.run_to(self.cpu.cycles + cycles)

    def run_to(self, cycle):
        while True:
            nxt = self.clock.next_event_cycle(cycle + 1)
            if nxt > cycle:
                break
            self.cpu.cycles = max(self.cpu.cycles, nxt)
            self.clock.fire_due()
        self.cpu.cycles = max(self.cpu.cycles, cycle)

    def until_int(self, limit=5 * REVOLUTION):
        """Run until INT is high (each pending event in turn); fails after `limit` cycles."""
        end = self.cpu.cycles + limit
        while not self.int_line:
            nxt = self.clock.next_event_cycle(end + 1)
            assert nxt <= end, "no interrupt came"
            self.cpu.cycles = max(self.cpu.cycles, nxt)
            self.clock.fire_due()

    def until_idle(self, limit=10 * REVOLUTION):
        end = self.cpu.cycles + limit
        while self.fdc.status & STATUS_BUSY:
            nxt = self.clock.next_event_cycle(end + 1)
            assert nxt <= end, "the command did not finish"
            self.cpu.cycles = max(self.cpu.cycles, nxt)
            self.clock.fire_due()

    def command(self, byte, *parameters):
        self.fdc.write(0, byte, self.now)
        for p in parameters:
            self.fdc.write(1, p, self.now)

    def result(self):
        return self.fdc.read(1, self.now)

    def setup(self, step=6, settle=10, head=0x0F):
        """What a DFS does first: timings, no bad tracks, non-DMA mode."""
        self.command(0x35, 0x0D, step, settle, head)
        self.command(0x35, 0x10, 0xFF, 0xFF, 0)
        self.command(0x35, 0x18, 0xFF, 0xFF, 0)
        self.command(0x3A, 0x17, 0xC1)                      # mode: non-DMA

    def read_bytes(self, count):
        """Take `count` data bytes, one per interrupt, as an NMI routine does."""
        got = []
        while len(got) < count:
            self.until_int()
            status = self.fdc.read(0, self.now)
            assert status & STATUS_DATA_REQUEST, f"status &{status:02X}: not a data request"
            got.append(self.fdc.read_data(self.now))
            assert not self.int_line            # taking the byte drops INT
        return bytes(got)


def disc_bytes(tracks=80):
    """An image whose every sector holds its own track and sector numbers, then a pattern."""
    out = bytearray()
    for track in range(tracks):
        for sector in range(10):
            out += bytes([track, sector]) + bytes((track * 7 + sector * 13 + i) & 0xFF for i in range(254))
    catalogue = build_ssd([], title="UNIT", sectors=tracks * 10)[:512]
    out[:512] = catalogue
    return bytes(out)


def bench_with(image=None, writable=False, drive=0, side=0, path=None):
    b = Bench()
    if image is not None:
        disc = Disc(image, source="test", path=path, writable=writable)
        b.fdc.drives[drive].surfaces[side] = (disc, 0)
        b.disc = disc
    b.setup()
    return b


def test_read_drive_status_and_special_registers_answer_without_an_interrupt():
    b = bench_with(disc_bytes())
    b.setup(head=0xFF)                                         # the head stays loaded for good
    b.command(SELECT_0 | 0x2C)                                 # starts the motor
    b.result()
    b.advance(2 * REVOLUTION)                                  # up to speed (head load 240 ms)
    b.command(SELECT_0 | 0x2C)
    assert b.fdc.read(0, b.now) & (STATUS_BUSY | STATUS_RESULT_FULL | STATUS_INT) == STATUS_RESULT_FULL
    status = b.result()
    assert status & 0x04 and status & 0x02 and status & 0x08     # RDY0, TRACK 0, write protected
    assert not status & 0x40                                   # drive 1 is not selected (and empty)
    assert b.edges == []
    b.command(SELECT_0 | 0x3A, 0x12, 33)                       # surface 0 current track
    b.command(SELECT_0 | 0x3D, 0x12)
    assert b.result() == 33
    b.command(SELECT_0 | 0x3D, 0x17)
    assert b.result() == 0xC1                                  # the mode register as written
    b.command(SELECT_0 | 0x3D, 0x10)
    assert b.result() == 0xFF                                  # a bad track set by specify
    assert b.edges == [] and not b.fdc.status & STATUS_BUSY


def test_a_multi_sector_read_moves_a_byte_per_interrupt_at_the_disc_rate():
    image = disc_bytes()
    b = bench_with(image)
    b.command(SELECT_0 | 0x13, 3, 4, 0x22)                     # track 3, sector 4, two 256-byte sectors
    data = b.read_bytes(512)
    start = (3 * 10 + 4) * 256
    assert data == image[start:start + 512]
    b.until_int()
    assert b.fdc.read(0, b.now) & STATUS_RESULT_FULL
    assert b.result() == RESULT_OK
    assert not b.int_line and not b.fdc.status & STATUS_BUSY
    # 512 data interrupts and one for the result; within a sector they are one FM byte apart
    edges = b.edges
    assert len(edges) == 513
    assert {edges[i + 1] - edges[i] for i in range(255)} == {BYTE}
    # the second sector's first byte comes a tenth of a revolution after the first's
    assert edges[256] - edges[0] == REVOLUTION // 10


def drive_status(b):
    b.command(SELECT_0 | 0x2C)
    return b.result()


def test_ready_comes_when_the_motor_is_up_to_speed_and_goes_when_the_head_unloads():
    """The BBC's LOAD HEAD output runs the drives' motor: a command that selects a drive starts it,
    READY comes after the head load time, and goes once the head unloads the specified number of
    index pulses after the last command (as b-em and jsbeeb found Acorn's DFS needs to see a disc
    change)."""
    b = bench_with(disc_bytes())
    b.setup(head=0x24)                                         # unload after 2 turns, load 64 ms
    assert not drive_status(b) & 0x04                          # the motor has only just started
    b.advance(64 * 2000 - 1)
    assert not drive_status(b) & 0x04
    b.advance(1)
    assert drive_status(b) & 0x04                              # at speed
    b.advance(2 * REVOLUTION - 1)
    assert drive_status(b) & 0x04                              # each command starts the count again
    b.command(SELECT_0 | 0x3D, 0x23)
    assert b.result() & 0x08                                   # LOAD HEAD out
    b.advance(2 * REVOLUTION)
    b.command(0x3D, 0x23)
    assert not b.result() & 0x08                               # head unloaded after 2 index pulses
    assert not drive_status(b) & 0x04                          # motor stopped, not ready
    b.advance(64 * 2000)
    assert drive_status(b) & 0x04                              # and started again


def test_a_read_waits_for_the_motor_to_come_up_to_speed():
    image = disc_bytes()
    b = bench_with(image)
    b.setup(head=0x24)
    start = b.now
    b.command(SELECT_0 | 0x13, 0, 0, 0x21)
    assert b.read_bytes(256) == image[:256]
    assert b.edges[0] - start >= 64 * 2000                     # not before the motor is at speed
    b.until_idle()
    assert b.result() == RESULT_OK


def test_special_register_06_holds_the_sector_worked_on_and_a_reset_keeps_it():
    """A multi-record read stopped by a deleted data mark leaves register &06 at that sector; a
    reset and specify (what Acorn's DFS does after a fault before it reads &06) keep it."""
    b = bench_with(disc_bytes())
    b.disc.deleted.add((0, 3, 6))
    b.command(SELECT_0 | 0x13, 3, 4, 0x25)                     # sectors 4-8 asked for
    b.read_bytes(3 * 256)
    b.until_idle()
    assert b.result() == 0x20                                  # deleted data found, at sector 6
    b.fdc.write(2, 1, b.now)
    b.fdc.write(2, 0, b.now)
    b.setup()
    b.command(SELECT_0 | 0x3D, 0x06)
    assert b.result() == 6
    b.command(SELECT_0 | 0x29, 0)                              # after a reset: back to track 0
    b.until_idle()
    b.result()
    b.command(SELECT_0 | 0x13, 3, 2, 0x22)                     # a read that ends well: its last sector
    b.read_bytes(512)
    b.until_idle()
    assert b.result() == RESULT_OK
    b.command(SELECT_0 | 0x3D, 0x06)
    assert b.result() == 3


@pytest.mark.parametrize("register, value", [(0x06, 0x27), (0x13, 0x34), (0x14, 0x81), (0x10, 0x11),
                                             (0x11, 0x22), (0x12, 0x28), (0x18, 0x33), (0x19, 0x44),
                                             (0x1A, 0x4F), (0x17, 0xC1)])
def test_a_special_register_written_reads_back(register, value):
    """Scan sector, scan count (LSB, MSB), each surface's bad tracks and current track, the mode."""
    b = bench_with(disc_bytes())
    b.command(SELECT_0 | 0x3A, register, value)
    assert not b.fdc.status & (STATUS_BUSY | STATUS_RESULT_FULL)       # no result
    b.command(SELECT_0 | 0x3D, register)
    assert b.result() == value and b.edges == []


def test_the_drive_control_output_port_reads_back_and_selects_the_side():
    b = bench_with(disc_bytes())
    b.command(SELECT_0 | 0x3A, 0x23, 0x48 | 0x20)                  # select 0, load head, side 1
    b.command(SELECT_0 | 0x3D, 0x23)
    assert b.result() == 0x68
    assert b.fdc.side == 1
    b.command(SELECT_0 | 0x3D, 0x22)                               # the input port: as drive status
    inputs = b.result()
    b.command(SELECT_0 | 0x2C)
    assert inputs & ~0x10 == b.result() & ~0x10                    # (the index pulse comes and goes)


def test_a_seek_takes_the_step_rate_per_track_and_then_the_settling_time():
    b = bench_with(disc_bytes())
    b.setup(head=0xF8)                  # head load 8 (x 16 ms); index count 15: the head stays loaded
    start = b.now
    b.command(SELECT_0 | 0x29, 0)                              # home first: the head is loaded
    b.until_int()
    assert b.result() == RESULT_OK
    assert b.now - start == 128 * 2000
    start = b.now
    b.command(SELECT_0 | 0x29, 10)
    b.until_int()
    # specify gave step 6 and settle 10: on the BBC's 2 MHz 8271 that is 12 ms a step, 20 ms to settle
    assert b.now - start == (10 * 12 + 20) * 2000
    assert b.result() == RESULT_OK
    assert b.fdc.drives[0].head == 10
    b.command(SELECT_0 | 0x2C)
    assert not b.result() & 0x02                               # off track 0


def test_a_byte_not_taken_in_time_ends_the_read_with_late_dma():
    b = bench_with(disc_bytes())
    b.command(SELECT_0 | 0x13, 0, 2, 0x21)
    b.until_int()
    b.fdc.read_data(b.now)                                     # the first byte is taken ...
    b.until_int()
    b.advance(2 * BYTE)                                        # ... the second is left too long
    assert b.fdc.status & STATUS_RESULT_FULL
    assert b.result() == RESULT_LATE_DMA


def test_in_dma_mode_the_bbc_has_no_one_to_take_the_bytes():
    b = bench_with(disc_bytes())
    b.command(SELECT_0 | 0x3A, 0x17, 0xC0)                     # mode: DMA (DRQ is not wired on the BBC)
    b.command(SELECT_0 | 0x13, 0, 2, 0x21)
    b.until_int()
    assert b.result() == RESULT_LATE_DMA
    assert len(b.edges) == 1                                   # only the result interrupted


def test_writing_a_protected_disc_is_refused_and_an_empty_drive_is_not_ready():
    b = bench_with(disc_bytes())
    b.command(SELECT_0 | 0x0B, 1, 0, 0x21)
    b.until_int()
    assert b.result() == RESULT_WRITE_PROTECT
    b.command(SELECT_1 | 0x13, 0, 0, 0x21)                     # drive 1 holds nothing
    b.until_int()
    assert b.result() == RESULT_NOT_READY


def test_a_write_takes_a_byte_per_interrupt_into_the_sector(tmp_path):
    image = disc_bytes(40)
    path = tmp_path / "w.ssd"
    path.write_bytes(image)
    b = bench_with(image, writable=True, path=str(path))
    b.command(SELECT_0 | 0x0B, 5, 9, 0x22)                     # track 5 sectors 9 and (not there) 10
    payload = bytes((i * 3) & 0xFF for i in range(256))
    for value in payload:
        b.until_int()
        assert b.fdc.read(0, b.now) & STATUS_DATA_REQUEST
        b.fdc.write_data(value, b.now)
    b.until_int()
    assert b.result() == RESULT_SECTOR_NOT_FOUND               # a track has sectors 0-9 only
    assert b.disc.read_sector(0, 5, 9) == payload
    assert path.read_bytes() == image                          # nothing reaches the file yet ...
    assert b.disc.flush()                                      # ... until the disc is flushed
    written = path.read_bytes()
    at = (5 * 10 + 9) * 256
    assert written[at:at + 256] == payload and written[:at] == image[:at]
    assert [p.name for p in tmp_path.iterdir()] == ["w.ssd"]   # no temporary file left behind


def test_sector_not_found_comes_after_two_index_pulses():
    b = bench_with(disc_bytes(40))
    b.command(SELECT_0 | 0x13, 45, 0, 0x21)                    # past the end of a 40-track disc
    start = b.now
    b.until_int(limit=10 * REVOLUTION)
    assert b.result() == RESULT_SECTOR_NOT_FOUND
    seek = (240 + 45 * 12 + 20) * 2000                          # head load, 45 steps, settling
    assert REVOLUTION < b.now - start - seek <= 2 * REVOLUTION


def test_a_128_byte_read_of_a_256_byte_sector_is_a_crc_error():
    b = bench_with(disc_bytes())
    b.command(SELECT_0 | 0x12, 0, 3)
    assert len(b.read_bytes(128)) == 128
    b.until_int()
    assert b.result() == RESULT_DATA_CRC


def test_side_select_reads_the_second_surface():
    b = bench_with(disc_bytes())
    other = bytearray(disc_bytes())
    other[(2 * 10 + 1) * 256:(2 * 10 + 2) * 256] = b"\x5A" * 256
    b.fdc.drives[0].surfaces[1] = (Disc(bytes(other), source="side 1"), 0)
    b.command(SELECT_0 | 0x3A, 0x23, SELECT_0 | 0x20)          # drive control output: side 1
    b.command(SELECT_0 | 0x13, 2, 1, 0x21)
    assert b.read_bytes(256) == b"\x5A" * 256
    b.until_int()
    assert b.result() == RESULT_OK


def test_read_id_gives_track_head_sector_and_size_of_the_sectors_coming_round():
    b = bench_with(disc_bytes())
    b.command(SELECT_0 | 0x1B, 7, 0, 3)
    ids = b.read_bytes(12)
    b.until_int()
    assert b.result() == RESULT_OK
    first = ids[2]
    assert ids == bytes([7, 0, first, 1, 7, 0, (first + 1) % 10, 1, 7, 0, (first + 2) % 10, 1])


def test_format_writes_the_sectors_it_is_given(tmp_path):
    b = bench_with(disc_bytes(40), writable=True)
    b.command(SELECT_0 | 0x23, 39, 21, 0x2A, 0, 16)            # track 39, 10 sectors of 256 bytes
    for sector in range(10):
        for value in (39, 0, sector, 1):
            b.until_int()
            b.fdc.write_data(value, b.now)
    b.until_int()
    assert b.result() == RESULT_OK
    assert all(b.disc.read_sector(0, 39, s) == b"\xE5" * 256 for s in range(10))
    assert b.disc.read_sector(0, 38, 0)[:2] == bytes([38, 0])


def test_reset_abandons_a_command_and_drops_int():
    b = bench_with(disc_bytes())
    b.command(SELECT_0 | 0x13, 0, 0, 0x21)
    b.until_int()
    assert b.int_line
    b.fdc.write(2, 1, b.now)
    b.fdc.write(2, 0, b.now)
    assert not b.int_line and b.fdc.status == 0
    b.advance(REVOLUTION)
    assert not b.int_line                                      # nothing more comes


def test_state_round_trip_mid_transfer():
    b = bench_with(disc_bytes())
    b.command(SELECT_0 | 0x13, 1, 0, 0x21)
    first = b.read_bytes(10)
    state = b.fdc.state()
    b.fdc.set_state(state)
    assert first + b.read_bytes(246) == disc_bytes()[2560:2560 + 256]


@pytest.mark.parametrize("kind", ["read", "write"])
def test_commands_to_a_drive_not_selected_are_not_ready(kind):
    b = bench_with(disc_bytes(), writable=True)
    b.command(0x13 if kind == "read" else 0x0B, 0, 0, 0x21)    # no select bit at all
    b.until_int()
    assert b.result() == RESULT_NOT_READY
