"""A cassette recorder: a tape (emulator/media/uef.py) moving past the head in the machine's time.

The tape moves while PLAY is down and the motor runs (the BBC's relay; the Atom has none, so its
machine keeps the motor on).  Its position is counted in machine cycles of tape at normal speed, so
nothing is called per cycle (docs/architecture.md, principle 3):

* a machine that reads bytes (the BBC's serial ULA and ACIA) is given `listener.tape_carrier(on,
  cycle)` when the carrier tone starts or stops and `listener.tape_byte(byte, baud, cycle)` when a
  byte's stop bit has gone by: one clock event per byte;
* a machine that reads the signal itself (the Atom's 8255) asks `level(cycle)` when its firmware
  reads the cassette input, and gets the square wave's level there (1 in the first half of a cycle).

`speed` N > 1 is the fast-load option: the tape runs N times faster while the motor is on, and the
bytes still reach the machine through its hardware.

Recording (`recording`): a machine reports what it sends to tape, `record_byte` for each byte it
starts to send (the BBC) or `record_tone` for whole cycles (the Atom's tone output), and
`record_stop` when the motor stops; the time between, with the motor on, is carrier tone.  The
result is `recorded`, a Tape, written as a UEF file with `save_recording`.
"""
import bisect
import os

from emulator.media.uef import BASE_HZ, Data, Tape, Tone, UEFError


class CassetteDeck:
    def __init__(self, clock, clock_hz, tape=None, listener=None, speed=1, record_path=None):
        self.clock = clock
        self.clock_hz = clock_hz
        self.listener = listener
        self.speed = speed
        self.playing = False            # PLAY is down
        self.motor = False              # the motor runs (relay closed)
        self.position = 0               # tape cycles played, at the moment `anchor` says
        self.anchor = 0                 # the machine cycle `position` was taken at
        if record_path is not None:
            _check_record_path(record_path)
        self.record_path = record_path
        self.recording = record_path is not None    # RECORD is down with PLAY (a file to record to)
        self._recorded = []             # the segments recorded so far
        self._data, self._data_baud = bytearray(), None     # the bytes being recorded in a row
        self._record_since = None       # the cycle the carrier being recorded started
        self._frame = None              # record_bits: the bits of the byte being sent
        self.motion = None              # told moving (True/False) when the tape starts or stops
        self.before_save = None         # called with the cycle before a recording is written
        self._event = None
        self.carrier = False            # what the listener was last told
        clock.register(self, "_due")
        self.load(tape if tape is not None else Tape())

    def load(self, tape):
        """Put `tape` (a Tape) in the deck, wound to its start."""
        self.tape = tape
        self.starts = []                # each segment's first tape cycle
        self.events = []                # (tape cycle, carrier on/off or byte) for byte readers
        at, seconds, carrier = 0, 0.0, False
        for segment in tape.segments:
            self.starts.append(at)
            tone = segment.kind == "tone"
            if tone != carrier:
                self.events.append((at, "carrier", tone))
                carrier = tone
            if segment.kind == "data":
                for n, byte in enumerate(segment.data):
                    end = self._cycles(seconds + (n + 1) * segment.byte_seconds)
                    self.events.append((end, "byte", (byte, segment.baud)))
            seconds += segment.seconds
            at = self._cycles(seconds)
        if carrier:
            self.events.append((at, "carrier", False))
        self.length = at
        self.event_ticks = [e[0] for e in self.events]
        self._segment = 0
        self._next = 0
        self.rewind()

    def _cycles(self, seconds):
        return round(seconds * self.clock_hz)

    # --- the controls ------------------------------------------------------------------------------

    @property
    def moving(self):
        return self.playing and self.motor and self.position < self.length

    def tape_cycle(self, cycle):
        """Where the tape is at machine cycle `cycle`."""
        if not (self.playing and self.motor):
            return self.position
        return min(self.length, self.position + (cycle - self.anchor) * self.speed)

    def _settle(self, cycle):
        self.position = self.tape_cycle(cycle)
        self.anchor = cycle

    def play(self, cycle=None):
        self._control(cycle, playing=True)

    def stop(self, cycle=None):
        self._control(cycle, playing=False)

    def set_motor(self, on, cycle=None):
        cycle = self.clock.now if cycle is None else cycle
        if self.motor and not on:
            self.record_stop(cycle)
        if on and not self.motor and self.listener is not None:
            self._record_since = cycle      # a byte sender's idle line is carrier tone
        self._control(cycle, motor=bool(on))

    def rewind(self, cycle=None):
        """Wind back to the start (the tape keeps playing if PLAY is down)."""
        self.wind(0, cycle)

    def wind(self, position, cycle=None):
        """Wind the tape to `position` (tape cycles from its start)."""
        self._control(cycle, position=max(0, min(self.length, position)))

    def _control(self, cycle, **change):
        """Change PLAY, the motor or the position at `cycle`; tell the machine what it now hears."""
        cycle = self.clock.now if cycle is None else cycle
        self._settle(cycle)
        was = self.moving
        for name, value in change.items():
            setattr(self, name, value)
        if "position" in change:
            self._next = bisect.bisect_right(self.event_ticks, self.position)
        self._tell_carrier(cycle)
        if was != self.moving and self.motion is not None:
            self.motion(self.moving)
        self._schedule()

    def carrier_here(self):
        """Is the carrier tone going past the head (the tape moving, in a tone)?"""
        n = self._next
        return self.moving and n > 0 and self.events[n - 1][1] == "carrier" and self.events[n - 1][2]

    def _tell_carrier(self, cycle):
        heard = self.carrier_here()
        if heard != self.carrier and self.listener is not None:
            self.listener.tape_carrier(heard, cycle)
        self.carrier = heard

    # --- byte readers: one event per byte ------------------------------------------------------------

    def _schedule(self):
        self.clock.cancel(self._event)
        self._event = None
        if self.listener is None or not self.moving or self._next >= len(self.events):
            return
        ahead = self.events[self._next][0] - self.position
        self._event = self.clock.schedule(self.anchor + -(-ahead // self.speed), self._due)

    def _due(self, cycle):
        self._event = None
        self._settle(cycle)
        events, listener = self.events, self.listener
        while self._next < len(events) and events[self._next][0] <= self.position:
            _, kind, value = events[self._next]
            self._next += 1
            if kind == "byte":
                listener.tape_byte(value[0], value[1], cycle)
            elif value != self.carrier:
                self.carrier = value
                listener.tape_carrier(value, cycle)
        self._schedule()

    # --- signal readers: the level at a cycle ------------------------------------------------------

    def level(self, cycle):
        """The tape signal at machine cycle `cycle`: 1 or 0 (silence and a stopped tape: 0)."""
        if not self.moving:
            return 0
        at = self.tape_cycle(cycle)
        starts = self.starts
        i = self._segment
        if not (i < len(starts) and starts[i] <= at and (i + 1 == len(starts) or at < starts[i + 1])):
            i = self._segment = max(0, bisect.bisect_right(starts, at) - 1)
        if at >= self.length:
            return 0
        segment = self.tape.segments[i]
        seconds = (at - starts[i]) / self.clock_hz
        kind = segment.kind
        if kind == "tone":
            return _square(seconds * 2 * segment.base_hz)
        if kind == "data":
            bit_seconds = 1 / segment.baud
            bit_index = int(seconds / bit_seconds)
            byte, bit = divmod(bit_index, segment.frame_bits)
            if byte >= len(segment.data):
                return 0
            value = segment.frame(segment.data[byte])[bit]
            return _square((seconds - bit_index * bit_seconds) * segment.base_hz * (1 + value))
        if kind == "cycles":
            for bit in segment.bits:
                length = 1 / (segment.base_hz * (1 + bit))
                if seconds < length:
                    return _square(seconds / length)
                seconds -= length
        return 0

    # --- recording ---------------------------------------------------------------------------------

    def record_byte(self, byte, baud, cycle):
        """The machine starts sending `byte` at `baud` at `cycle` (8 data bits, one stop bit)."""
        self._record_carrier(cycle)
        self._append_data(byte, baud)
        self._record_since = cycle + self._cycles(10 / baud)

    def record_stop(self, cycle):
        """The motor stops: the carrier recorded so far ends here."""
        self._record_carrier(cycle)
        self._record_since = None

    def _record_carrier(self, cycle):
        since = self._record_since
        if since is None or cycle <= since:
            return
        self._append_tone(round((cycle - since) * 2 * BASE_HZ / self.clock_hz))
        self._record_since = cycle

    def record_bits(self, bit, count, baud):
        """`count` bit cells of `bit` at `baud` went to tape (a machine that makes its tones
        itself, bit by bit): a 0 after carrier starts a byte of 8 data bits and a stop bit."""
        for _ in range(count):
            frame = self._frame
            if frame is None:
                if bit:
                    self._append_tone(round(2 * BASE_HZ / baud))
                else:
                    self._frame = []
                continue
            frame.append(bit)
            if len(frame) == 9:
                self._append_data(sum(b << i for i, b in enumerate(frame[:8])), baud)
                self._frame = None

    def _append_tone(self, cycles):
        if cycles <= 0:
            return
        self._end_data()
        segments = self._recorded
        if segments and segments[-1].kind == "tone":
            cycles += segments.pop().cycles
        segments.append(Tone(cycles))

    def _append_data(self, byte, baud):
        if baud != self._data_baud:
            self._end_data()
            self._data_baud = baud
        self._data.append(byte)

    def _end_data(self):
        if self._data:
            self._recorded.append(Data(self._data, self._data_baud))
            self._data = bytearray()

    @property
    def recorded(self):
        """What has been recorded so far, as a Tape."""
        self._end_data()
        return Tape(self._recorded, source=self.record_path or "recording")

    def save_recording(self):
        """Write what was recorded to `record_path` (a UEF file, whole or not at all); nothing is
        written when nothing was recorded."""
        if self.before_save is not None:
            self.before_save(self.clock.now)
        if self.motor:
            self._record_carrier(self.clock.now)
        tape = self.recorded
        if self.record_path and any(s.kind == "data" for s in tape.segments):
            tape.save(self.record_path)
            return True
        return False

    # --- save states (emulator/state.py) -----------------------------------------------------------

    def state_schema(self):
        from emulator.schema import CYCLE, boolean, integer
        return {"playing": boolean, "motor": boolean, "carrier": boolean, "position": CYCLE, "anchor": CYCLE,
                "next": integer(0, 1 << 40), "speed": integer(1, 1000)}

    def state(self):
        return {"playing": self.playing, "motor": self.motor, "carrier": self.carrier,
                "position": self.position,
                "anchor": self.anchor, "next": self._next, "speed": self.speed}

    def set_state(self, d):
        self.playing, self.motor, self.speed = d["playing"], d["motor"], d["speed"]
        self.carrier = d["carrier"]
        self.position, self.anchor = min(d["position"], self.length), d["anchor"]
        self._next = min(d["next"], len(self.events))
        # The clock (restored first) holds the pending _due: keep hold of it to cancel it.
        self._event = next((e for e in self.clock.pending()
                            if getattr(e.callback, "__self__", None) is self), None)
        if self.motion is not None:     # not a pin: which way the machine's compiled page reads PC5
            self.motion(self.moving)


def _square(cycles):
    """A square wave's level `cycles` cycles after a rising edge."""
    return 1 if cycles - int(cycles) < 0.5 else 0


def _check_record_path(path):
    """Refuse, before the machine runs, a recording file that could never be written."""
    text = os.fspath(path)
    if os.path.isdir(text):
        raise UEFError(f"{text}: cannot record the tape there: it is a directory")
    if not os.path.isdir(os.path.dirname(os.path.abspath(text))):
        raise UEFError(f"{text}: cannot record the tape there: no such directory")
