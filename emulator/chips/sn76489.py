"""The TI SN76489 sound generator: three square-wave tones, one noise generator, 4-bit attenuators.

The BBC Micro clocks it at 4 MHz and writes it through the slow data bus (the system VIA's port A,
strobed by the addressable latch's sound write enable); the machine calls `write(value, cycle)` when
the strobe happens.  Nothing runs per cycle: writes are kept with their cycle, and audio is made
lazily, with numpy, from that history when asked (`samples`).

Facts (SN76489 data sheet; SMS Power's SN76489 notes; zeridajh.org "SN76489 sound chip details",
measured on a BBC Micro):
  * A byte with bit 7 set latches a register: bits 6-5 channel (0-2 tones, 3 noise), bit 4 type
    (1 attenuation, 0 tone/noise), bits 3-0 data (a tone's low 4 bits).  A byte with bit 7 clear
    writes bits 5-0 as a tone's high 6 bits, or bits 3-0 into a latched attenuation / noise register.
  * The chip divides its clock by 16; a tone counter reloads with N (10 bits, 0 acts as 1024) and the
    output toggles at each reload: tone frequency = clock / (32 N), 4 MHz / (32 N) on the BBC.
  * Noise register: bit 2 FB (1 white, 0 periodic), bits 1-0 NF: shift rate clock/512, /1024,
    /2048, or tone 2's output frequency.  Writing it resets the shift register.
  * The TI part's shift register is 15 bits, output bit 0; white noise feeds bits 0 XOR 1 into
    bit 14 (period 32767), periodic noise feeds bit 0 back (period 15).  Reset value &4000.
  * Attenuation: 2 dB a step, 15 = off.
"""
from collections import deque, namedtuple

import numpy as np

CHIP_DIVIDER = 16                  # chip clocks per counter tick
MAX_NOTES = 10_000                 # the notes kept: the most recent (a program that plays for hours
                                   # would otherwise grow memory and save states without end)
MAX_HISTORY = 65_536               # register writes not yet turned into audio
WHITE_NOISE_PERIOD = 32767
PERIODIC_NOISE_PERIOD = 15
LFSR_RESET = 0x4000

Note = namedtuple("Note", ("cycle", "channel", "frequency_hz", "attenuation", "noise"))


def _lfsr_sequence(white):
    """The output bit after each number of shifts since a reset, for one whole period."""
    period = WHITE_NOISE_PERIOD if white else PERIODIC_NOISE_PERIOD
    out = np.zeros(period, dtype=np.uint8)
    state = LFSR_RESET
    for step in range(period):
        out[step] = state & 1
        feedback = (state ^ (state >> 1)) & 1 if white else state & 1
        state = (state >> 1) | (feedback << 14)
    return out


_SEQUENCES = {True: _lfsr_sequence(True), False: _lfsr_sequence(False)}


def attenuation_gain(attenuation):
    """Linear gain of an attenuator setting: 2 dB a step, 15 silent."""
    return 0.0 if attenuation >= 15 else 10.0 ** (-2.0 * attenuation / 20.0)


def _toggle_total(length, countdown, period):
    """(toggles in a segment of `length` ticks, the countdown after it), with no per-tick arrays:
    time that is not turned into sound costs nothing, however long."""
    if countdown >= length:
        return 0, countdown - length
    total = (length - 1 - countdown) // period + 1
    return total, countdown + total * period - length


def _toggles(length, countdown, period, keep=True):
    """Toggle counts at ticks 0..length-1 of a counter that next toggles at `countdown`, then every
    `period` ticks; and (toggles in the segment, the countdown after it).  Without `keep` the
    counts are None."""
    if not keep:
        return (None,) + _toggle_total(length, countdown, period)
    i = np.arange(length, dtype=np.int64)
    counts = np.where(i >= countdown, (i - countdown) // period + 1, 0)
    if countdown >= length:
        return counts, 0, countdown - length
    total = (length - 1 - countdown) // period + 1
    return counts, total, countdown + total * period - length


class SN76489:
    def __init__(self, chip_hz=4_000_000, cpu_hz=2_000_000):
        self.chip_hz = chip_hz
        self.cpu_hz = cpu_hz
        self.tick_hz = chip_hz / CHIP_DIVIDER
        self.cycles_per_tick = cpu_hz * CHIP_DIVIDER / chip_hz
        self.tone = [0, 0, 0]               # 10-bit periods
        self.noise = 0                      # 3-bit noise control
        self.attenuation = [15, 15, 15, 15]
        self.latched = 0                    # register last latched: channel * 2 + type
        self.notes = []                     # Note events: each change of what a channel plays
        # Register history not yet turned into audio: (tick, tone, noise, attenuation, reset_noise).
        self._history = deque()
        # Generator state at `_generated_tick`.
        self._generated_tick = 0
        self._gen_registers = ([0, 0, 0], 0, [15, 15, 15, 15])
        self._gen_level = [0, 0, 0, 0]      # tones 0-2, then the noise clock's square wave
        self._gen_countdown = [0, 0, 0, 0]
        self._gen_lfsr_position = 0

    # --- the bus ----------------------------------------------------------------------------------

    def write(self, value, cycle=0):
        value &= 0xFF
        if value & 0x80:
            self.latched = (value >> 4) & 7
            channel, is_attenuation = self.latched >> 1, self.latched & 1
            if is_attenuation:
                self.attenuation[channel] = value & 0x0F
            elif channel == 3:
                self.noise = value & 0x07
            else:
                self.tone[channel] = (self.tone[channel] & 0x3F0) | (value & 0x0F)
        else:
            channel, is_attenuation = self.latched >> 1, self.latched & 1
            if is_attenuation:
                self.attenuation[channel] = value & 0x0F
            elif channel == 3:
                self.noise = value & 0x07
            else:
                self.tone[channel] = (self.tone[channel] & 0x00F) | ((value & 0x3F) << 4)
        reset_noise = channel == 3 and not is_attenuation
        tick = int(cycle // self.cycles_per_tick)
        self._history.append((max(tick, self._generated_tick), list(self.tone), self.noise,
                              list(self.attenuation), reset_noise))
        self._record_note(cycle, channel)
        if len(self._history) > MAX_HISTORY:    # nobody is taking audio: keep the history bounded
            self._advance(self._history[-(MAX_HISTORY // 2)][0], keep=False)

    # --- what a channel plays ---------------------------------------------------------------------

    def tone_frequency(self, channel):
        period = self.tone[channel] or 1024
        return self.chip_hz / (32 * period)

    def noise_shift_frequency(self):
        """How often the noise shift register shifts (Hz)."""
        rate = self.noise & 3
        if rate == 3:
            return self.tone_frequency(2)
        return self.chip_hz / (512 << rate)

    def _record_note(self, cycle, channel):
        if channel == 3:
            note = Note(cycle, 3, self.noise_shift_frequency(), self.attenuation[3],
                        "white" if self.noise & 4 else "periodic")
        else:
            note = Note(cycle, channel, self.tone_frequency(channel), self.attenuation[channel], None)
        for previous in reversed(self.notes):
            if previous.channel == channel:
                if previous[2:] == note[2:] and channel != 3:
                    return
                break
        else:
            if note.attenuation == 15:
                return                      # silence to silence
        self.notes.append(note)
        if len(self.notes) > MAX_NOTES:
            del self.notes[0]
    # --- audio ------------------------------------------------------------------------------------

    def samples(self, start_cycle, end_cycle, rate=44100):
        """Audio for CPU cycles [start_cycle, end_cycle) as float32 in -1..1, one sample per 1/rate s
        on a grid fixed from cycle 0, so consecutive calls join seamlessly.  Calls must move forward:
        a start before the end of the last call is an error; a gap is generated and dropped."""
        start_tick = int(start_cycle // self.cycles_per_tick)
        if start_tick < self._generated_tick:
            raise ValueError(f"sound for cycle {start_cycle} was already generated")
        first = int(start_cycle * rate // self.cpu_hz)
        last = int(end_cycle * rate // self.cpu_hz)
        if last <= first:
            return np.zeros(0, dtype=np.float32)
        # Sample k averages the ticks from floor(k * tick_hz / rate) on.
        ticks_per_sample = self.tick_hz / rate
        bounds = np.floor(np.arange(first, last + 1) * ticks_per_sample).astype(np.int64)
        begin, finish = int(bounds[0]), max(int(bounds[-1]), int(bounds[0]) + 1)
        begin = max(begin, self._generated_tick)
        self._advance(begin, keep=False)
        wave = self._advance(finish, keep=True)
        starts = np.clip(bounds[:-1] - begin, 0, len(wave) - 1)
        sums = np.add.reduceat(wave, starts)
        counts = np.diff(np.append(starts, len(wave)))
        out = np.where(counts > 0, sums / np.maximum(counts, 1), 0.0)
        return out.astype(np.float32)

    def _advance(self, end_tick, keep):
        """Run the generators from `_generated_tick` to `end_tick`; the mixed wave if `keep`."""
        pieces = []
        tick = self._generated_tick
        history = self._history
        while tick < end_tick:
            while history and history[0][0] <= tick:
                _, tone, noise, attenuation, reset = history.popleft()
                self._gen_registers = (tone, noise, attenuation)
                if reset:
                    self._gen_lfsr_position = 0
            segment_end = min(end_tick, history[0][0]) if history else end_tick
            wave = self._segment(segment_end - tick, keep)
            if keep:
                pieces.append(wave)
            tick = segment_end
        self._generated_tick = max(self._generated_tick, end_tick)
        if keep:
            return np.concatenate(pieces) if pieces else np.zeros(0)
        return None

    def _segment(self, length, keep):
        tone, noise, attenuation = self._gen_registers
        levels = []
        counts_2 = total_2 = None
        level_2_start = self._gen_level[2]
        for channel in range(3):
            period = tone[channel] or 1024
            counts, total, self._gen_countdown[channel] = _toggles(
                length, self._gen_countdown[channel], period, keep)
            level0 = self._gen_level[channel]
            if keep:
                levels.append(level0 ^ (counts & 1))
            self._gen_level[channel] = level0 ^ (total & 1)
            if channel == 2:
                counts_2, total_2 = counts, total
        # The noise clock: its own square wave, or tone 2's; the register shifts on rising edges.
        if noise & 3 == 3:
            counts, total, rising_from = counts_2, total_2, level_2_start
        else:
            counts, total, self._gen_countdown[3] = _toggles(
                length, self._gen_countdown[3], (CHIP_DIVIDER << (noise & 3)), keep)
            rising_from = self._gen_level[3]
            self._gen_level[3] ^= total & 1
        offset = 1 if rising_from == 0 else 0
        sequence = _SEQUENCES[bool(noise & 4)]
        if keep:
            shifts = (counts + offset) // 2
            levels.append(sequence[(self._gen_lfsr_position + shifts) % len(sequence)])
        self._gen_lfsr_position = (self._gen_lfsr_position + (total + offset) // 2) % len(sequence)
        if not keep:
            return None
        mix = np.zeros(length, dtype=np.float64)
        for channel, level in enumerate(levels):
            gain = attenuation_gain(attenuation[channel])
            if gain:
                mix += gain * (2.0 * level - 1.0)
        return mix / 4.0

    def state_schema(self):
        from emulator.schema import CYCLE, FLAG, boolean, fixed, integer, items, maybe, real, text
        tones, attenuations = items(integer(0, 0x3FF), 3), items(integer(0, 15), 4)
        registers = (tones, integer(0, 7), attenuations)
        return {"tone": tones, "noise": integer(0, 7), "attenuation": attenuations,
                "latched": integer(0, 7),
                "notes": items(fixed(CYCLE, integer(0, 3), real(0, self.chip_hz), integer(0, 15),
                                     maybe(text({"white", "periodic"}))), 0, MAX_NOTES),
                "history": items(fixed(CYCLE, *registers, boolean), 0, MAX_HISTORY),
                "generated_tick": CYCLE, "generator_registers": fixed(*registers),
                "generator_levels": items(FLAG, 4), "generator_countdowns": items(integer(0, 1024), 4),
                "lfsr_position": integer(0, WHITE_NOISE_PERIOD - 1)}

    def check_state(self, d, machine):
        """Sound is made from the register history up to now: nothing in it may lie ahead of the
        machine's cycle count (the generators would run that far)."""
        from emulator.schema import SchemaError
        now = int(machine["cpu"]["cycles"] // self.cycles_per_tick) + 1
        ticks = [d["generated_tick"]] + [entry[0] for entry in d["history"]]
        if max(ticks) > now or any(a > b for a, b in zip(ticks[1:], ticks[2:])):
            raise SchemaError("sound.history is not in order up to the machine's cycle count")

    def state(self):
        """The registers, the notes played, the writes not yet turned into sound and the generators'
        state where sound was last made: the tone counters, their output levels, the noise clock and
        the noise shift register (as its position in its sequence since the last reset)."""
        return {"tone": list(self.tone), "noise": self.noise, "attenuation": list(self.attenuation),
                "latched": self.latched,
                "notes": [list(note) for note in self.notes],
                "history": [[tick, list(tone), noise, list(attenuation), reset]
                            for tick, tone, noise, attenuation, reset in self._history],
                "generated_tick": self._generated_tick,
                "generator_registers": [list(self._gen_registers[0]), self._gen_registers[1],
                                        list(self._gen_registers[2])],
                "generator_levels": list(self._gen_level),
                "generator_countdowns": list(self._gen_countdown),
                "lfsr_position": self._gen_lfsr_position}

    def set_state(self, d):
        self.tone, self.noise = list(d["tone"]), d["noise"]
        self.attenuation, self.latched = list(d["attenuation"]), d["latched"]
        self.notes = [Note(*note) for note in d["notes"]]
        self._history = deque((tick, list(tone), noise, list(attenuation), reset)
                              for tick, tone, noise, attenuation, reset in d["history"])
        self._generated_tick = d["generated_tick"]
        tone, noise, attenuation = d["generator_registers"]
        self._gen_registers = (list(tone), noise, list(attenuation))
        self._gen_level = list(d["generator_levels"])
        self._gen_countdown = list(d["generator_countdowns"])
        self._gen_lfsr_position = d["lfsr_position"]
