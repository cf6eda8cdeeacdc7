"""The uPD7002 ADC: status bits, conversion times by resolution, results, the /EOC line, save states."""
import pytest

from emulator.chips.upd7002 import ADC7002
from emulator.clock import Clock

CPU_HZ = 2_000_000
MS = CPU_HZ // 1000


class StepCPU:
    """The CPU's run contract, one cycle at a time: the clock's events fire at their exact cycle."""

    def __init__(self):
        self.cycles = 0
        self.limit = 0

    def run(self, limit):
        self.limit = limit
        while self.cycles < self.limit:
            self.cycles += 1
        return 0


def make_adc():
    clock = Clock(StepCPU())
    edges = []
    adc = ADC7002(clock, CPU_HZ, eoc=lambda level, cycle: edges.append((level, cycle)))
    return clock, adc, edges


def test_power_on_status_is_not_busy_and_no_conversion_complete():
    _, adc, edges = make_adc()
    assert adc.read(0xFEC0, 0) == 0xC0      # /BUSY high (not busy), /EOC high (none completed)
    assert adc.eoc_level and edges == []


@pytest.mark.parametrize("control, ms", [(0x00, 4), (0x01, 4), (0x08, 10), (0x0B, 10)])
def test_conversion_takes_4_ms_at_8_bits_and_10_ms_at_12(control, ms):
    clock, adc, edges = make_adc()
    clock.run_until(100)
    adc.write(0xFEC0, control, 100)
    assert edges == []                                  # /EOC was already high at power-on
    busy = adc.read(0xFEC0, 101)
    assert busy == control | 0x80                       # busy (bit 6 low), not complete (bit 7 high)
    clock.run_until(100 + ms * MS - 1)
    assert adc.busy and adc.eoc_level
    clock.run_until(100 + ms * MS)
    assert not adc.busy and not adc.eoc_level
    assert edges[-1] == (False, 100 + ms * MS)          # /EOC falls at the end of conversion
    assert adc.read(0xFEC0, 0) == control | 0x40        # not busy, complete


def test_status_keeps_channel_flag_and_resolution_and_ignores_the_top_nibble():
    clock, adc, _ = make_adc()
    adc.write(0xFEC0, 0xF7, 0)                          # bits 4-7 are not part of the control
    clock.run_until(5 * MS)
    assert adc.read(0xFEC0, 0) & 0x0F == 0x07


def test_idle_input_converts_to_zero():
    clock, adc, _ = make_adc()
    for control in (0x08, 0x09, 0x0A, 0x0B, 0x00):
        adc.write(0xFEC0, control, clock.now)
        clock.run_until(clock.now + 10 * MS)
        assert (adc.read(0xFEC1, 0), adc.read(0xFEC2, 0)) == (0, 0)
        assert adc.read(0xFEC0, 0) & 0x30 == 0


def test_results_12_and_8_bit_and_the_two_msbs_in_status():
    clock, adc, _ = make_adc()
    adc.inputs[2] = 0xABC
    adc.write(0xFEC0, 0x0A, 0)                          # channel 2, 12 bits
    clock.run_until(10 * MS)
    assert adc.read(0xFEC1, 0) == 0xAB and adc.read(0xFEC2, 0) == 0xC0
    assert adc.read(0xFEC0, 0) == 0x40 | 0x20 | 0x0A    # &ABC: bit 11 set (status bit 5), bit 10 clear
    adc.write(0xFEC0, 0x02, clock.now)                  # channel 2, 8 bits: the top 8 bits only
    clock.run_until(clock.now + 4 * MS)
    assert adc.read(0xFEC1, 0) == 0xAB and adc.read(0xFEC2, 0) == 0x00
    adc.inputs[1] = 0x400
    adc.write(0xFEC0, 0x09, clock.now)
    clock.run_until(clock.now + 10 * MS)
    assert adc.read(0xFEC0, 0) & 0x30 == 0x10           # bit 10 alone: status bit 4
    assert adc.read(0xFEDD, 0) == 0x40                  # mirrored through &FEC0-&FEDF (A1 A0 only)


def test_a_new_write_abandons_the_conversion_and_restarts_the_time():
    clock, adc, edges = make_adc()
    adc.write(0xFEC0, 0x08, 0)
    clock.run_until(9 * MS)
    adc.write(0xFEC0, 0x00, clock.now)                  # 8 bits, from now
    start = clock.now
    clock.run_until(start + 4 * MS - 1)
    assert adc.busy
    clock.run_until(start + 4 * MS)
    assert not adc.busy and edges == [(False, start + 4 * MS)]
    adc.write(0xFEC0, 0x00, clock.now)                  # a second conversion: /EOC rises again
    assert edges[-1] == (True, clock.now)


def test_peek_and_reads_change_nothing():
    clock, adc, edges = make_adc()
    adc.write(0xFEC0, 0x08, 0)
    clock.run_until(10 * MS)
    before = adc.state()
    for addr in range(0xFEC0, 0xFEC4):
        assert adc.peek(addr) == adc.read(addr, clock.now)
    assert adc.state() == before and len(edges) == 1


def test_save_state_mid_conversion_resumes_with_the_same_end():
    from emulator.schema import validate
    clock, adc, _ = make_adc()
    adc.write(0xFEC0, 0x08, 0)
    clock.run_until(3 * MS)
    names = {id(adc): "adc"}
    clock_state = clock.state(lambda obj: names.get(id(obj)))
    adc_state = adc.state()
    validate(adc_state, adc.state_schema(), "adc")
    adc.check_state(adc_state, {"clock": clock_state})

    clock2, adc2, edges2 = make_adc()
    clock2.cpu.cycles = clock.now
    clock2.check_state(clock_state, {"adc": adc2}, clock.now)
    clock2.set_state(clock_state, {"adc": adc2})
    adc2.set_state(adc_state)
    clock2.run_until(10 * MS - 1)
    assert adc2.busy
    clock2.run_until(10 * MS)
    assert not adc2.busy and edges2 == [(False, 10 * MS)]
    # The restored event is the chip's own: a new write cancels it.
    clock3, adc3, edges3 = make_adc()
    clock3.cpu.cycles = clock.now
    clock3.set_state(clock_state, {"adc": adc3})
    adc3.set_state(adc_state)
    adc3.write(0xFEC0, 0x00, clock.now)
    clock3.run_until(12 * MS)
    assert edges3 == [(False, clock.now + 4 * MS)]


def test_a_state_busy_without_its_end_of_conversion_is_refused():
    from emulator.schema import SchemaError
    _, adc, _ = make_adc()
    d = adc.state()
    d["busy"] = True
    with pytest.raises(SchemaError):
        adc.check_state(d, {"clock": {"sequence": 0, "events": []}})
    d["busy"] = False
    with pytest.raises(SchemaError):
        adc.check_state(d, {"clock": {"sequence": 1, "events": [[5, 1, "adc", "_conversion_done", None]]}})


# --- in the BBC Micro: /EOC on the system VIA's CB1 -------------------------------------------------

def test_bbc_end_of_conversion_sets_the_system_via_cb1_flag_and_survives_a_save_state(tmp_path):
    from emulator import Machine
    from emulator.state import machine_state
    m = Machine("bbc")
    m.run(0.5)
    hw = m.hardware
    hw.system_via.write(0xFE4E, 0x7F, m.cycles)         # IER: nothing enabled, so no handler clears it
    hw.system_via.write(0xFE4C, 0x00, m.cycles)         # PCR: CB1 on its falling edge
    hw.system_via.write(0xFE4D, 0x10, m.cycles)         # clear the CB1 flag
    m.memory[0xFEC0] = 0x08                             # a 12-bit conversion of channel 0
    m.run_cycles(10 * MS // 2)
    assert hw.adc.busy and not hw.system_via.ifr & 0x10
    path = tmp_path / "adc.state"
    m.save_state(path)
    loaded = Machine.load_state(path)
    assert loaded.hardware.adc._event is not None
    assert loaded.hardware.adc._event.cycle == hw.adc._event.cycle
    for machine in (m, loaded):
        machine.run_cycles(10 * MS // 2 + 100)
        assert not machine.hardware.adc.busy and machine.hardware.system_via.ifr & 0x10
    assert machine_state(loaded.hardware) == machine_state(m.hardware)


def test_mos_1_20_runs_the_adc_about_every_10_ms(acorn_bbc_roms):
    # MOS 1.20 keeps the ADC converting (12 bits, channel after channel), starting each conversion
    # from the CB1 interrupt of the last one's end: about 100 a second, as on a real Model B.
    from emulator import Machine
    m = Machine("bbc", roms=str(acorn_bbc_roms))
    m.run(1.0)
    adc, wired = m.hardware.adc, m.hardware.adc.eoc
    ends = []

    def eoc(level, cycle):
        if not level:
            ends.append(cycle)
        wired(level, cycle)
    adc.eoc = eoc
    m.run(1.0)
    assert 90 <= len(ends) <= 100, len(ends)
    gaps = {b - a for a, b in zip(ends, ends[1:])}
    assert min(gaps) >= 10 * MS, sorted(gaps)[:3]
