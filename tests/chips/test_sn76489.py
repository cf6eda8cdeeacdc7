"""The SN76489 written as the MOS writes it, measured in the samples it makes."""
import numpy as np
import pytest

from emulator.chips.sn76489 import SN76489

RATE = 44100
SECOND = 2_000_000          # CPU cycles


def set_tone(chip, channel, period, attenuation, cycle=0):
    """Latch + data bytes for the period, then the attenuation, as the MOS sends them."""
    chip.write(0x80 | channel << 5 | (period & 0x0F), cycle)
    chip.write((period >> 4) & 0x3F, cycle + 16)
    chip.write(0x90 | channel << 5 | attenuation, cycle + 32)


def peak_frequency(samples, rate=RATE):
    spectrum = np.abs(np.fft.rfft((samples - samples.mean()) * np.hanning(len(samples))))
    spectrum[0] = 0
    return np.argmax(spectrum) * rate / len(samples)


@pytest.mark.parametrize("channel,period", [(0, 284), (1, 100), (2, 1000), (0, 0)])
def test_tone_frequency_is_4mhz_over_32n(channel, period):
    chip = SN76489()
    set_tone(chip, channel, period, 0)
    expected = 4_000_000 / (32 * (period or 1024))
    samples = chip.samples(0, SECOND, RATE)
    assert len(samples) == RATE
    assert abs(peak_frequency(samples) - expected) <= 1.5
    # Zero crossings agree: two per cycle.
    crossings = np.count_nonzero(np.diff(samples > 0))
    assert abs(crossings / 2 - expected) <= 0.01 * expected + 2
    assert chip.notes[-1].frequency_hz == pytest.approx(expected)


def test_attenuation_is_2db_a_step_and_15_is_off():
    levels = []
    for attenuation in (0, 1, 5, 15):
        chip = SN76489()
        set_tone(chip, 1, 200, attenuation)
        levels.append(np.abs(chip.samples(0, SECOND // 10, RATE)).max())
    assert levels[1] / levels[0] == pytest.approx(10 ** (-2 / 20), rel=1e-3)
    assert levels[2] / levels[0] == pytest.approx(10 ** (-10 / 20), rel=1e-3)
    assert levels[3] == 0.0


def pulse_frequency(samples, rate=RATE):
    """Periodic noise is one short pulse per 15 shifts: count the pulses."""
    high = samples > 0
    rising = np.count_nonzero(high[1:] & ~high[:-1])
    return rising * rate / len(samples)


def test_periodic_noise_repeats_every_15_shifts():
    chip = SN76489()
    chip.write(0xE0 | 0b000, 0)            # periodic, clock / 512 = 7812.5 shifts a second
    chip.write(0xF0, 0)
    samples = chip.samples(0, SECOND, RATE)
    assert abs(pulse_frequency(samples) - 7812.5 / 15) < 2


def test_noise_linked_to_tone_2():
    chip = SN76489()
    set_tone(chip, 2, 40, 15)              # tone 2 silent, but its 3125 Hz clocks the noise
    chip.write(0xE3, 100)                  # periodic, rate from tone 2
    chip.write(0xF0, 100)
    samples = chip.samples(0, SECOND, RATE)
    assert abs(pulse_frequency(samples) - 4_000_000 / (32 * 40) / 15) < 2
    assert chip.notes[-1].frequency_hz == pytest.approx(3125.0) and chip.notes[-1].noise == "periodic"


def test_white_noise_follows_the_15_bit_register_with_taps_0_and_1():
    # Expected sequence computed here: 15-bit register from &4000, output bit 0, feedback 0 XOR 1.
    state, expected = 0x4000, []
    for _ in range(200):
        expected.append(state & 1)
        state = (state >> 1) | (((state ^ (state >> 1)) & 1) << 14)
    chip = SN76489()
    chip.write(0xE4, 0)                    # white, clock / 512: one shift every 32 ticks (256 cycles)
    chip.write(0xF0, 0)
    rate = 2_000_000 / 256                 # one sample per shift period
    samples = chip.samples(0, 256 * 200, rate)
    bits = (samples > 0).astype(int).tolist()
    assert len(bits) == 200
    # Whether the first shift falls before the first sample depends on the free-running counter.
    assert bits[:150] in (expected[:150], expected[1:151])


def test_white_noise_is_broadband():
    chip = SN76489()
    chip.write(0xE4, 0)
    chip.write(0xF0, 0)
    samples = chip.samples(0, SECOND // 2, RATE)
    assert 0.2 < samples.std() < 0.3


def test_samples_join_seamlessly_and_are_deterministic():
    def make():
        chip = SN76489()
        set_tone(chip, 0, 123, 2)
        chip.write(0xE5, 5000)
        chip.write(0xF3, 5000)
        set_tone(chip, 1, 77, 4, cycle=300_000)
        return chip
    whole = make().samples(0, 800_000, RATE)
    chip = make()
    parts = np.concatenate([chip.samples(a, b, RATE) for a, b in
                            [(0, 40_000), (40_000, 123_457), (123_457, 800_000)]])
    np.testing.assert_array_equal(whole, parts)
    with pytest.raises(ValueError):
        chip.samples(0, 10, RATE)


def test_data_byte_goes_to_the_latched_register():
    chip = SN76489()
    chip.write(0x80 | 0x0A, 0)             # tone 0 low bits
    chip.write(0x15, 1)                    # high bits
    assert chip.tone[0] == 0x15A
    chip.write(0xD0 | 3, 2)                # attenuation of tone 2
    chip.write(0x07, 3)                    # a data byte now sets that attenuation
    assert chip.attenuation[2] == 7
    assert chip.tone[0] == 0x15A


def test_notes_record_what_is_played_for_tests():
    chip = SN76489()
    set_tone(chip, 0, 0x3E, 0, cycle=1000)
    chip.write(0x9F, 50_000)
    audible = [(n.channel, round(n.frequency_hz), n.attenuation) for n in chip.notes]
    assert audible == [(0, round(4e6 / (32 * 0x3E)), 0), (0, round(4e6 / (32 * 0x3E)), 15)]
    assert chip.notes[0].cycle == 1032


def test_unconsumed_history_stays_bounded():
    chip = SN76489()
    for i in range(70_000):
        chip.write(0x80 | (i & 0x0F), i * 40)
    assert len(chip._history) <= 65536
    later = 70_000 * 40
    samples = chip.samples(later, later + SECOND // 100, RATE)
    assert len(samples) == RATE // 100
