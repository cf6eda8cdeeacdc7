"""Typing that works with any firmware: each key handed over only when the firmware can take it.

A person at a real keyboard waits for the machine: a key pressed while the firmware is not reading
the keyboard (still starting up, storing a line, echoing the last key) is lost on the real machines
too, and a key released before the firmware has debounced it never arrives.  Timed key presses tuned
to one firmware lose keys on another (Acorn's Atom kernel drops keys held or spaced less than about
80 ms, and a key already down when it starts reading).  So the typist watches the keyboard the way
the firmware reads it, through the machine's wiring, and hands over each key in four steps:

  1. ready: wait until the firmware is reading the keyboard and sees no key down (the machine says
     what that looks like: on the Atom, the kernel scanning the matrix with every key up for
     `ready_ms`; on the BBC Micro, the MOS's keyboard interrupt enabled with the keyboard back on
     auto-scan);
  2. press SHIFT/CTRL (if the character needs them), `lead_ms` later the key;
  3. hold the key until the firmware has read it as down for `seen_ms`, and at least `hold_ms`;
  4. release it (then the modifiers, `lead_ms` later) and wait `gap_ms` before the next key's step 1.

A firmware that never reads a held key within `give_up_ms` has the key released anyway (a program
that does not read the keyboard at all cannot be typed into; the keys after it still wait their turn).
Nothing here knows a ROM address: the handshake is what the keyboard hardware sees.

A person's key presses (the window's host keys, `key_down`/`key_up`) go through the same handshake,
for a key press is an event, not a duration: a key goes down at once and stays down while the host
key is held (auto-repeat, SHIFT held, a game polling it), but comes up no sooner than the firmware
has read it down for `seen_ms`, however briefly the host key was down.  A press that comes while an
earlier key is still waiting to come up is queued, and goes down once the firmware is ready for it.
Modifiers (SHIFT, CTRL, the Atom's REPT) go down and up in their turn with no wait of their own.

Time is the machine's clock: the typist is a device that schedules its own steps (`tick`), so typing
goes on inside `run_until` with no Python per cycle, and a save state holds the queue.
"""
from collections import deque

from emulator.errors import UserError

POLL_MS = 1                     # how often a waiting step looks again (emulated milliseconds)
DENSE_GAP_MS = 2                # idle keyboard reads closer than this: a firmware's key-wait loop
RUN_GAP_MS = 20                 # ... or one that scans once a field
SPARSE_READY_MS = 50

IDLE, WAIT_READY, LEAD_IN, HOLDING, LEAD_OUT, GAP = range(6)
MAX_QUEUE = 1 << 20             # keys a save state may hold queued
# A person's modifiers (the Atom's REPT among them: read on its own line, never in a scan of the
# matrix): down and up in their turn, never waited for.
MODIFIERS = ("SHIFT", "CTRL", "REPT")


def _also(first, second):
    """A schema check: `first`, then `second` on what passed it."""
    def check(value, where):
        from emulator.schema import validate
        validate(value, first, where)
        second(value, where)
    return check


class Typist:
    """The key-press queue of one machine.

    `machine` provides: `clock`, `cpu`, `clock_hz`, `keyboard` (press/release by key name),
    `keyboard_ready(typist, cycle, key)` (step 1's test), `break_line(pressed)` (BREAK's wiring),
    `key_named(name)` (a key name's check, for save states) and, if it types characters lazily,
    `chords_for_char(char, following)`.  Its keyboard wiring tells the typist what the firmware
    reads: `note_read` for a matrix read row by row (the Atom), `note_key_read` for a test of one key
    (the BBC Micro's MOS), and `note_live_read` when it reads a person's key (`live_unread`) down.
    """

    def __init__(self, machine, hold_ms, gap_ms, lead_ms, ready_ms, seen_ms, scan_rows=1,
                 give_up_ms=1000):
        self.machine = machine
        self.ms = machine.clock_hz // 1000                  # cycles per millisecond
        self.defaults = {"hold_ms": hold_ms, "gap_ms": gap_ms, "lead_ms": lead_ms}
        self.ready_cycles = round(ready_ms * self.ms)
        self.seen_cycles = round(seen_ms * self.ms)
        self.give_up_cycles = round(give_up_ms * self.ms)
        self.poll_cycles = max(1, round(POLL_MS * self.ms))
        self.run_gap_cycles = round(RUN_GAP_MS * self.ms)
        self.dense_gap_cycles = round(DENSE_GAP_MS * self.ms)
        self.sparse_cycles = round(SPARSE_READY_MS * self.ms)
        self.queue = deque()        # [kind, modifiers, key, hold, gap, lead]; kind "key", "char"
                                    # (key: a character, its keys chosen when its turn comes), "break"
        self.phase = IDLE
        self.current = None         # the entry being typed
        self.pressed_at = 0         # cycle the current key went down
        self.seen_at = None         # cycle the firmware first read it down
        self.last_read = None       # cycle of the firmware's last keyboard read
        self.idle_since = None      # start of its current run of reads with no key down
        self.idle_rows = 0          # the rows that run has read (a bit each)
        self.dense_since = None     # the same for its current run of reads closer than DENSE_GAP_MS
        self.dense_rows = 0
        self.row_idle_since = {}    # row -> start of its run of idle reads (RUN_GAP_MS apart)
        self.row_last = {}          # row -> cycle of its last read
        self.all_rows = (1 << scan_rows) - 1
        self.wake_at = None         # cycle of the scheduled tick (None: none scheduled)
        self.released = None        # the key last released, until the firmware has read it up
        self.released_at = 0
        self.live_events = deque()  # a person's presses and releases still to happen, in order:
                                    # [down (True/False), key name, cycle it reached the head]
        self.live = {}              # key held for a person -> [cycle it went down, cycle first read]
        self.live_wake_at = None    # cycle of the scheduled live_tick
        machine.clock.register(self, "tick")        # the callbacks it schedules (save states)
        machine.clock.register(self, "live_tick")

    # --- what the firmware reads (called by the machine's keyboard wiring) ----------------------------

    def note_read(self, cycle, idle, seen, row=0, seen_up=False):
        """The firmware read `row` of the keyboard at `cycle`: `idle` if no key at all was down,
        `seen` if the read showed the key being typed as down, `seen_up` if it showed the key last
        released as up.  Idle reads form runs (see `scanning_idle`)."""
        if seen_up:
            self.released = None
        if idle:
            gap = None if self.last_read is None else cycle - self.last_read
            if self.idle_since is None or gap > self.run_gap_cycles:
                self.idle_since, self.idle_rows = cycle, 0
            if self.dense_since is None or gap > self.dense_gap_cycles:
                self.dense_since, self.dense_rows = cycle, 0
            bit = 1 << row
            self.idle_rows |= bit
            self.dense_rows |= bit
            last = self.row_last.get(row)
            if last is None or cycle - last > self.run_gap_cycles or row not in self.row_idle_since:
                self.row_idle_since[row] = cycle
            self.row_last[row] = cycle
        else:
            self.idle_since = self.dense_since = None
            self.row_idle_since.clear()
        self.last_read = cycle
        if seen and self.seen_at is None and self.phase == HOLDING:
            self.seen_at = cycle

    def note_key_read(self, cycle, down):
        """The firmware tested the key being typed (`down`: found it down), or the key last
        released (found it up): all a firmware that tests keys one by one tells."""
        if down:
            if self.seen_at is None and self.phase == HOLDING:
                self.seen_at = cycle
        else:
            self.released = None

    def note_live_read(self, key, cycle):
        """The firmware read `key`, held for a person, as down."""
        held = self.live.get(key)
        if held is not None and held[1] is None:
            held[1] = cycle

    @property
    def live_unread(self):
        """The keys held for a person that the firmware has not read down yet."""
        return [key for key, (_, read) in self.live.items() if read is None]

    def release_seen(self, cycle):
        """True once the firmware has read the last key released as up (or has not read the
        keyboard for `give_up_ms` since)."""
        return self.released is None or cycle - self.released_at >= self.give_up_cycles

    def scanning_idle(self, cycle, row=None):
        """True when the firmware is waiting for a key: it has been scanning every row of an
        all-up keyboard, either densely (reads under DENSE_GAP_MS apart) for `ready_ms`, or at
        least once a field (under RUN_GAP_MS apart) for SPARSE_READY_MS; or it has been polling
        the key's own `row` that often for SPARSE_READY_MS (a running program looking for ESCAPE
        or for one key).  A firmware that looks for the last key's release scans densely for a
        moment, then pauses to debounce: a key pressed in that pause would be taken for the old
        one still held (Acorn's Atom kernel), so a short run is not enough."""
        if self.idle_since is None or cycle - self.last_read > self.run_gap_cycles:
            return False
        since = self.row_idle_since.get(row)
        if since is not None and self.row_last[row] - since >= self.sparse_cycles:
            return True
        if self.dense_since is not None and self.dense_rows == self.all_rows \
                and self.last_read - self.dense_since >= self.ready_cycles:
            return True
        return self.idle_rows == self.all_rows and self.last_read - self.idle_since >= self.sparse_cycles

    @property
    def holding(self):
        """The key name being held for the firmware to read, or None."""
        if self.phase == HOLDING and self.current is not None and self.current[0] == "key":
            return self.current[2]
        return None

    # --- queueing -------------------------------------------------------------------------------------

    def type_chords(self, chords, hold_ms=None, gap_ms=None, lead_ms=None):
        """Queue `chords`, a list of (modifier key names, key name)."""
        hold, gap, lead = self._times(hold_ms, gap_ms, lead_ms)
        for modifiers, key in chords:
            self.queue.append(["key", list(modifiers), key, hold, gap, lead])
        self._start()

    def type_chars(self, text, hold_ms=None, gap_ms=None, lead_ms=None):
        """Queue the characters of `text`, each turned into keys by `machine.chords_for_char` only
        when its turn comes (the keys for a letter depend on CAPS LOCK as the firmware has it then)."""
        hold, gap, lead = self._times(hold_ms, gap_ms, lead_ms)
        for char in text:
            self.queue.append(["char", [], char, hold, gap, lead])
        self._start()

    def press_break(self, hold_ms, modifiers=(), lead_ms=None):
        """Queue BREAK held `hold_ms` (with `modifiers` round it, as SHIFT-BREAK is pressed)."""
        hold, gap, lead = self._times(hold_ms, 0, lead_ms)
        self.queue.append(["break", list(modifiers), "BREAK", hold, gap, lead])
        self._start()

    def _times(self, hold_ms, gap_ms, lead_ms):
        given = {"hold_ms": hold_ms, "gap_ms": gap_ms, "lead_ms": lead_ms}
        values = [self.defaults[k] if v is None else v for k, v in given.items()]
        try:
            hold, gap, lead = (round(float(v) * self.ms) for v in values)
        except (TypeError, ValueError):
            raise UserError(f"typing times must be numbers of milliseconds, not {values}") from None
        if hold <= 0 or gap < 0 or lead < 0:
            raise UserError("typing times must be positive")
        return hold, gap, lead

    @property
    def busy(self):
        """True while typed keys are queued or held, or a person's keys are held or waiting."""
        return self.phase != IDLE or bool(self.queue) or bool(self.live) or bool(self.live_events)

    @property
    def typing(self):
        """True while typed keys (or a BREAK) are still queued or held."""
        return self.phase != IDLE or bool(self.queue)

    # --- a person's keys ------------------------------------------------------------------------------

    def key_down(self, key):
        """A person pressed `key` (a machine key name): down now, or in its turn."""
        self._live_event(True, key)

    def key_up(self, key):
        """A person let go of `key`: up once the firmware has read it, or in its turn."""
        self._live_event(False, key)

    def _live_event(self, down, key):
        cycle = self.machine.cpu.cycles
        self.live_events.append([down, key, cycle, bool(self.live_events)])
        if self.live_wake_at is None:
            self.live_tick(cycle)

    def live_tick(self, cycle):
        self.live_wake_at = None
        next_cycle = self._live_step(cycle)
        if next_cycle is not None:
            self.live_wake_at = max(next_cycle, cycle + 1)
            self.machine.clock.schedule(self.live_wake_at, self.live_tick)

    def _live_step(self, cycle):
        """Do the person's key events that are due, in order; the cycle to look again, or None.
        A press queued behind another key's waits until the firmware is ready for it."""
        keyboard, events = self.machine.keyboard, self.live_events
        while events:
            down, key, since, queued = events[0]
            if down:
                if key not in MODIFIERS:
                    if queued and cycle - since < self.give_up_cycles \
                            and not self.machine.keyboard_ready(self, cycle, key):
                        return cycle + self.poll_cycles
                    self.live[key] = [cycle, None]
                keyboard.press(key)
            else:
                held = self.live.get(key)
                if held is not None:
                    pressed_at, read_at = held
                    taken = read_at is not None and cycle - read_at >= self.seen_cycles
                    if not taken and cycle - pressed_at < self.give_up_cycles:
                        return cycle + self.poll_cycles if read_at is None else read_at + self.seen_cycles
                    del self.live[key]
                    self.released, self.released_at = key, cycle
                keyboard.release(key)
            events.popleft()
            if events:
                events[0][2] = cycle        # the next one's wait starts now
        return None

    # --- the steps ------------------------------------------------------------------------------------

    def _start(self):
        if self.phase == IDLE and self.wake_at is None:
            self._wake(self.machine.cpu.cycles)

    def _wake(self, cycle):
        self.wake_at = cycle
        self.machine.clock.schedule(cycle, self.tick)

    def tick(self, cycle):
        self.wake_at = None
        next_cycle = self._step(cycle)
        if next_cycle is not None:
            self._wake(max(next_cycle, cycle + 1))

    def _step(self, cycle):
        """Do what is due at `cycle`; the cycle to look again, or None when the queue is done."""
        machine, keyboard = self.machine, self.machine.keyboard
        if self.phase == IDLE:
            if not self.queue:
                return None
            self.current = self.queue.popleft()
            self.phase = WAIT_READY
        if self.current[0] == "char":
            if not machine.keyboard_ready(self, cycle, None):
                return cycle + self.poll_cycles
            _, _, char, hold, gap, lead = self.current
            following = self.queue[0][2] if self.queue and self.queue[0][0] == "char" else None
            chords = [["key", list(mods), key, hold, gap, lead]
                      for mods, key in machine.chords_for_char(char, following)]
            self.current = chords[0]
            self.queue.extendleft(reversed(chords[1:]))
        kind, modifiers, key, hold, gap, lead = self.current
        if self.phase == WAIT_READY:
            if kind == "key" and not machine.keyboard_ready(self, cycle, key):
                return cycle + self.poll_cycles
            for m in modifiers:
                keyboard.press(m)
            self.phase = LEAD_IN
            if modifiers:
                return cycle + lead
        if self.phase == LEAD_IN:
            self.pressed_at, self.seen_at = cycle, None
            self.phase = HOLDING
            if kind == "break":
                machine.break_line(True)
                return cycle + hold
            keyboard.press(key)
            return cycle + self.poll_cycles
        if self.phase == HOLDING:
            held = cycle - self.pressed_at
            if kind == "key":
                taken = self.seen_at is not None and cycle - self.seen_at >= self.seen_cycles
                if not (taken and held >= hold) and held < self.give_up_cycles:
                    if self.seen_at is None:
                        return cycle + self.poll_cycles
                    return max(self.seen_at + self.seen_cycles, self.pressed_at + hold)
                keyboard.release(key)
                self.released, self.released_at = key, cycle
            else:
                machine.break_line(False)
            self.phase = LEAD_OUT
            if modifiers:
                return cycle + lead
        if self.phase == LEAD_OUT:
            for m in modifiers:
                keyboard.release(m)
            self.phase = GAP
            if gap:
                return cycle + gap
        self.phase, self.current = IDLE, None
        return cycle if self.queue else None

    # --- save states ----------------------------------------------------------------------------------

    def state_schema(self):
        """What a save state may hold for the typist (emulator/state.py checks it before restoring)."""
        from emulator.schema import CYCLE, boolean, fixed, integer, items, maybe, text
        entry = fixed(text(("key", "char", "break")), items(self._known_key, 0, 2), text(), CYCLE, CYCLE,
                      CYCLE)
        entry = _also(entry, self._entry_keys)
        pair = fixed(integer(0, 15), CYCLE)
        return {"queue": items(entry, 0, MAX_QUEUE), "phase": integer(IDLE, GAP), "current": maybe(entry),
                "pressed_at": CYCLE, "seen_at": maybe(CYCLE), "last_read": maybe(CYCLE),
                "idle_since": maybe(CYCLE), "idle_rows": integer(0, self.all_rows),
                "dense_since": maybe(CYCLE), "dense_rows": integer(0, self.all_rows),
                "wake_at": maybe(CYCLE), "row_idle_since": items(pair, 0, 16),
                "row_last": items(pair, 0, 16), "released": maybe(text()), "released_at": CYCLE,
                "live_events": items(fixed(boolean, self._known_key, CYCLE, boolean), 0, MAX_QUEUE),
                "live": items(fixed(self._known_key, CYCLE, maybe(CYCLE)), 0, 256),
                "live_wake_at": maybe(CYCLE)}

    def _known_key(self, name, where):
        from emulator.schema import _fail, text
        text()(name, where)
        try:
            self.machine.key_named(name)
        except UserError:
            _fail(where, name, "a key of this machine's keyboard")

    def _entry_keys(self, entry, where):
        """A queued key is one of the keyboard's, a queued character one the keyboard can type."""
        from emulator.schema import _fail
        kind, _, key = entry[0], entry[1], entry[2]
        try:
            if kind == "key":
                self.machine.key_named(key)
            elif kind == "char":
                resolve = getattr(self.machine, "chords_for_char", None)
                if resolve is None:
                    raise UserError("this machine types keys, not characters")
                resolve(key, check_only=True)
        except UserError:
            _fail(f"{where}[2]", key, f"a {'key' if kind == 'key' else 'character'} this machine can type")

    def state(self):
        return {"queue": [list(entry) for entry in self.queue], "phase": self.phase,
                "current": None if self.current is None else list(self.current),
                "pressed_at": self.pressed_at, "seen_at": self.seen_at, "last_read": self.last_read,
                "idle_since": self.idle_since, "idle_rows": self.idle_rows,
                "dense_since": self.dense_since, "dense_rows": self.dense_rows, "wake_at": self.wake_at,
                "row_idle_since": [list(item) for item in sorted(self.row_idle_since.items())],
                "row_last": [list(item) for item in sorted(self.row_last.items())],
                "released": self.released, "released_at": self.released_at,
                "live_events": [list(event) for event in self.live_events],
                "live": [[key, *held] for key, held in self.live.items()], "live_wake_at": self.live_wake_at}

    def set_state(self, d):
        """Restore the queue; the clock's own state holds the scheduled tick."""
        self.queue = deque(list(entry) for entry in d["queue"])
        self.phase, self.current = d["phase"], d["current"]
        self.pressed_at, self.seen_at = d["pressed_at"], d["seen_at"]
        self.last_read, self.idle_since, self.idle_rows = d["last_read"], d["idle_since"], d["idle_rows"]
        self.dense_since, self.dense_rows = d["dense_since"], d["dense_rows"]
        self.row_idle_since = {row: cycle for row, cycle in d["row_idle_since"]}
        self.row_last = {row: cycle for row, cycle in d["row_last"]}
        self.wake_at = d["wake_at"]
        self.released, self.released_at = d["released"], d["released_at"]
        self.live_events = deque(list(event) for event in d.get("live_events", []))
        self.live = {key: [pressed_at, read_at] for key, pressed_at, read_at in d.get("live", [])}
        self.live_wake_at = d.get("live_wake_at")
