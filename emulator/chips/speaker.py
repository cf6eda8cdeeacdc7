"""A one-bit loudspeaker: the CPU toggles a port line and every edge moves the cone.

The speaker keeps the cycle of each level change.  From them it gives
* `samples(start, end, rate)`: the waveform as numpy int16 audio between two cycles (for a window's
  audio output, which pulls it block by block with `take_samples`), and
* `beeps`: each burst of toggling (a bell, a beep, a click) as a `Beep` event, closed once the line
  has been quiet for `quiet_ms`; tests read them headless.
Nothing happens per cycle: an edge costs one list append.
"""
from collections import namedtuple

import numpy as np

Beep = namedtuple("Beep", "start end edges frequency")
"""start/end: cycles of the first and last edge; edges: how many; frequency: Hz of the square wave."""


class Speaker:
    MAX_EDGES = 1 << 16             # edges not yet taken as audio (headless, nobody takes them)
    MAX_BEEPS = 10_000              # bursts kept: the most recent

    def __init__(self, clock_hz=1_000_000, quiet_ms=20, amplitude=8000):
        self.clock_hz = clock_hz
        self.quiet_cycles = clock_hz * quiet_ms // 1000
        self.amplitude = amplitude
        self.level = 0
        self.edges = []             # (cycle, new level) not yet consumed as audio
        self.beeps = []             # closed bursts, the most recent MAX_BEEPS
        self._burst = None          # [first cycle, last cycle, edge count] of the open burst
        self._audio_cycle = 0       # where take_samples got to
        self._audio_level = 0

    def set_level(self, level, cycle):
        level = 1 if level else 0
        if level == self.level:
            return
        self.level = level
        self.edges.append((cycle, level))
        if len(self.edges) > self.MAX_EDGES:         # nobody is taking audio: keep the recent part
            del self.edges[:self.MAX_EDGES // 2]
        burst = self._burst
        if burst is not None and cycle - burst[1] > self.quiet_cycles:
            self._close_burst()
            burst = None
        if burst is None:
            self._burst = [cycle, cycle, 1]
        else:
            burst[1] = cycle
            burst[2] += 1

    def _close_burst(self):
        first, last, count = self._burst
        span = last - first
        # A square wave has two edges a period.
        frequency = (count - 1) * self.clock_hz / (2 * span) if span > 0 else 0.0
        self.beeps.append(Beep(first, last, count, frequency))
        if len(self.beeps) > self.MAX_BEEPS:
            del self.beeps[0]
        self._burst = None

    def events(self, now):
        """Every burst that is over by cycle `now` (a burst still sounding is not included)."""
        if self._burst is not None and now - self._burst[1] > self.quiet_cycles:
            self._close_burst()
        return list(self.beeps)

    def samples(self, start, end, rate=44100, edges=None, level=None):
        """int16 samples of the speaker line from cycle `start` to `end`."""
        edges = self.edges if edges is None else edges
        count = max(0, (end - start) * rate // self.clock_hz)
        sample_cycles = start + (np.arange(count, dtype=np.int64) * self.clock_hz) // rate
        edge_cycles = np.array([c for c, _ in edges], dtype=np.int64)
        edge_levels = np.array([lv for _, lv in edges], dtype=np.int8)
        if level is None:
            level = edge_levels[0] ^ 1 if len(edges) else self.level
        index = np.searchsorted(edge_cycles, sample_cycles, side="right")
        levels = np.where(index > 0, edge_levels[np.maximum(index - 1, 0)] if len(edges) else level, level)
        return np.where(levels == 1, self.amplitude, -self.amplitude).astype(np.int16)

    def take_samples(self, now, rate=44100):
        """The samples since the previous call (an audio front end calls this once per frame)."""
        start = self._audio_cycle
        edges = [e for e in self.edges if start <= e[0] < now]
        out = self.samples(start, now, rate, edges=edges, level=self._audio_level)
        if edges:
            self._audio_level = edges[-1][1]
        self.edges = [e for e in self.edges if e[0] >= now]
        self._audio_cycle = now
        return out

    # --- save states (emulator/state.py) ------------------------------------------------------------

    def state_schema(self):
        from emulator.schema import CYCLE, FLAG, fixed, items, maybe, real
        return {"level": FLAG, "edge_cycles": items(CYCLE, 0, self.MAX_EDGES),
                "edge_levels": items(FLAG, 0, self.MAX_EDGES),
                "beeps": items(fixed(CYCLE, CYCLE, CYCLE, real(0, self.clock_hz)), 0, self.MAX_BEEPS),
                "burst": maybe(fixed(CYCLE, CYCLE, CYCLE)), "audio_cycle": CYCLE, "audio_level": FLAG}

    def check_state(self, d, machine):
        from emulator.schema import SchemaError
        now = machine["cpu"]["cycles"]
        if len(d["edge_cycles"]) != len(d["edge_levels"]) or d["audio_cycle"] > now \
                or any(cycle > now for cycle in d["edge_cycles"]):
            raise SchemaError("speaker: its edges do not fit the machine's cycle count")

    def state(self):
        """The line, the edges not yet taken as audio, the bursts heard and the one still open."""
        return {"level": self.level,
                "edge_cycles": [cycle for cycle, _ in self.edges],
                "edge_levels": [level for _, level in self.edges],
                "beeps": [list(beep) for beep in self.beeps],
                "burst": None if self._burst is None else list(self._burst),
                "audio_cycle": self._audio_cycle, "audio_level": self._audio_level}

    def set_state(self, d):
        self.level = d["level"]
        self.edges = list(zip(d["edge_cycles"], d["edge_levels"]))
        self.beeps = [Beep(*beep) for beep in d["beeps"]]
        self._burst = None if d["burst"] is None else list(d["burst"])
        self._audio_cycle, self._audio_level = d["audio_cycle"], d["audio_level"]
