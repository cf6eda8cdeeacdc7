"""Sound for the window: the machine's chips as one continuous stream into pygame's mixer.

`SoundSource` pulls each frame's samples from the machine's sound chip on one sample grid fixed
from cycle 0 (the BBC's SN76489 through `SN76489.samples`, which keeps such a grid; the Atom's
one-bit speaker from its edge list), so consecutive frames join without a seam.  `DCBlocker` takes the speaker's resting level out (a
one-bit speaker sits at +-full scale when quiet; starting or stopping a stream there would click).
`MixerStream` keeps a short queue of samples and feeds pygame's mixer in chunks of about two frames
through Channel.queue, holding the last sample when the emulation falls behind, so a late frame
gives a short flat stretch, never a jump; it follows a sound card whose clock runs a little fast or
slow by resampling chunks by up to 2%.  Only MixerStream touches pygame.
"""
import numpy as np

RATE = 44100


class DCBlocker:
    """y[n] = x[n] - x[n-1] + r * y[n-1], carried across calls (a first-order high-pass, ~7 Hz)."""

    def __init__(self, r=0.999):
        self.r = r
        self.x_prev = None
        self.y_prev = 0.0

    def __call__(self, x):
        x = np.asarray(x, dtype=np.float64)
        if len(x) == 0:
            return x.astype(np.float32)
        if self.x_prev is None:
            self.x_prev = float(x[0])          # a stream starts from its own level: no step
        out = np.empty(len(x), dtype=np.float64)
        block = 1024                             # r ** -block stays small
        powers = self.r ** np.arange(block + 1, dtype=np.float64)
        for start in range(0, len(x), block):
            chunk = x[start:start + block]
            n = len(chunk)
            diff = np.diff(chunk, prepend=self.x_prev)
            # y[k] = r^(k+1) y_prev + sum_{j<=k} r^(k-j) diff[j]
            scaled = np.cumsum(diff / powers[:n])
            y = powers[1:n + 1] * self.y_prev + powers[:n] * scaled
            out[start:start + n] = y
            self.x_prev = float(chunk[-1])
            self.y_prev = float(y[-1])
        return out.astype(np.float32)


class SoundSource:
    """The machine's sound as float32 samples in -1..1, frame by frame."""

    def __init__(self, hardware, rate=RATE):
        self.hardware = hardware
        self.rate = rate
        self.chip = hardware.sound_chip         # a chip that makes samples (the BBC's SN76489)
        self.speaker = hardware.speaker         # or a one-bit speaker line (the Atom's)
        self.cycle = hardware.cpu.cycles
        if self.speaker is not None:
            self.speaker.take_samples(self.cycle, rate)       # forget what was before the window
            self.level = self.speaker.level
            self.scale = self.speaker.amplitude / 32768.0
            self.clock_hz = self.speaker.clock_hz
            self.next_sample = -(-self.cycle * rate // self.clock_hz)
        self.blocker = DCBlocker()

    def _speaker_samples(self, now):
        """The speaker line on one sample grid fixed from cycle 0 (sample k at cycle k * clock / rate),
        so a frame boundary never shifts the grid."""
        first, end = self.next_sample, -(-now * self.rate // self.clock_hz)
        sample_cycles = np.arange(first, end, dtype=np.int64) * self.clock_hz // self.rate
        edges = [e for e in self.speaker.edges if e[0] < now]
        levels = np.full(len(sample_cycles), self.level, dtype=np.int8)
        if edges:
            edge_cycles = np.array([c for c, _ in edges], dtype=np.int64)
            edge_levels = np.array([lv for _, lv in edges], dtype=np.int8)
            index = np.searchsorted(edge_cycles, sample_cycles, side="right")
            levels = np.where(index > 0, edge_levels[np.maximum(index - 1, 0)], self.level)
            self.level = int(edge_levels[-1])
        self.speaker.take_samples(now, self.rate)          # the speaker forgets the edges used
        self.next_sample = max(first, end)
        return np.where(levels == 1, self.scale, -self.scale).astype(np.float32)

    @property
    def available(self):
        return self.chip is not None or self.speaker is not None

    def take(self, now):
        """Samples for the cycles since the last call, DC removed."""
        if now <= self.cycle:
            return np.zeros(0, dtype=np.float32)
        if self.chip is not None:
            raw = self.chip.samples(self.cycle, now, self.rate)
        elif self.speaker is not None:
            raw = self._speaker_samples(now)
        else:
            raw = np.zeros(0, dtype=np.float32)
        self.cycle = now
        return self.blocker(raw)


class MixerStream:
    """A continuous mono stream into one pygame mixer channel."""

    def __init__(self, pygame, fps, volume=0.8, max_latency_frames=8):
        self.pygame = pygame
        freq, size, channels = pygame.mixer.get_init()
        self.rate = freq
        self.channels = channels
        self.volume = volume
        self.chunk = max(256, int(2 * freq / fps))        # about two frames a chunk
        self.max_buffer = int(max_latency_frames * freq / fps)
        self.target = 2 * self.chunk                        # what the buffer holds in steady state
        self.buffer = np.zeros(0, dtype=np.float32)
        self.last = 0.0
        self.channel = pygame.mixer.Channel(0)
        self.muted = False
        self.started = False
        self.underruns = 0              # times the mixer found nothing queued, or a chunk ran short

    def push(self, samples):
        if self.muted:
            return
        self.buffer = np.concatenate([self.buffer, samples])
        if len(self.buffer) > self.max_buffer:             # turbo: keep only the newest sound
            self.buffer = self.buffer[-self.max_buffer:]

    def _next_chunk(self):
        n = self.chunk
        # The sound card's clock and the host's clock (which paces the emulation) differ a little:
        # keep the buffer near its target by taking up to 2% more or fewer samples into a chunk,
        # resampled to the chunk's length, instead of dropping or repeating any.
        adjust = int(np.clip((len(self.buffer) - self.target) // 50, -n // 50, n // 50))
        take = n + adjust
        if len(self.buffer) >= take:
            source, self.buffer = self.buffer[:take], self.buffer[take:]
            out = source if take == n else np.interp(
                np.linspace(0, take - 1, n), np.arange(take), source).astype(np.float32)
        elif len(self.buffer) >= n:
            out, self.buffer = self.buffer[:n], self.buffer[n:]
        else:
            self.underruns += 1
            hold = np.full(n - len(self.buffer), self.last if not self.muted else 0.0, dtype=np.float32)
            out, self.buffer = np.concatenate([self.buffer, hold]), np.zeros(0, dtype=np.float32)
        if len(out):
            self.last = float(out[-1]) * 0.98               # a held level eases towards silence
        pcm = np.clip(out * self.volume * 32767, -32768, 32767).astype(np.int16)
        if self.channels > 1:
            pcm = np.repeat(pcm[:, None], self.channels, axis=1)
        return self.pygame.sndarray.make_sound(np.ascontiguousarray(pcm))

    def pump(self):
        """Keep one chunk playing and one queued.  Playback starts (and restarts after running dry)
        only once two chunks are buffered, which is the stream's latency (about four frames)."""
        if not self.channel.get_busy():
            if self.started:
                self.underruns += 1
            self.started = False
            if len(self.buffer) < 2 * self.chunk and not self.muted:
                return
            self.channel.play(self._next_chunk())
            self.started = True
        if self.channel.get_queue() is None:
            self.channel.queue(self._next_chunk())

    def set_muted(self, muted):
        self.muted = muted
        if muted:
            self.buffer = np.zeros(0, dtype=np.float32)
            self.channel.stop()
