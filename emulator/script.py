"""A run's script: --type and --until steps in order, the same headless and in the window.

    run = ScriptRun(machine, [("type", "PRINT 6*7\r"), ("until", "42")], max_seconds=5)
    status = run.advance(seconds)       # None: still going; 0: done; EXIT_TIMEOUT: a wait timed out

`advance` runs the machine for at most `seconds` of emulated time through the script's steps: the
headless run calls it once with all the time there is, the window once a frame with a field's
worth.  Every wait is `Machine.run_until`, the one waiting loop.

The steps: --type queues its keys (pressed while the steps after it run, each as the firmware takes
it); the first --until waits until its text is on the screen, each later one until its text appears
anew (NewTextWatch); each wait has `max_seconds`.  After the last step the run goes on: after a
last --until only long enough for the firmware to finish the frame it was drawing; otherwise (a
last --type, or no step at all) until the keys are in and then for `max_seconds` more, so the
machine's reply to the last keys shows.  `max_seconds` None (a window nobody set a limit on): the
waits never time out and the run goes on until the window closes.
"""
import math

from emulator.errors import EXIT_TIMEOUT

MOST_ROWS_WRITTEN_BETWEEN_LOOKS = 2     # rows a program changes in 1/60 s without scrolling
LOOK_S = 1 / 60                         # how often a wait looks at the screen (emulated)
TYPING_LOOK_S = 0.002                   # while keys go in, echoes and scrolls come faster: look often
SETTLE_S = 0.02                         # after the last wait: a scroll under way when the text showed


def _scroll(before, after):
    """How many rows the screen moved up from `before` to `after`: the shift that leaves the fewest
    rows changed (the rows scrolled in count as changed), the smaller shift on a tie."""
    def changed(shift):
        return shift + sum(a != b for a, b in zip(after, before[shift:]))
    if changed(0) <= MOST_ROWS_WRITTEN_BETWEEN_LOOKS:
        return 0                             # the usual case: a row or two written, or nothing
    return min(range(len(before)), key=lambda shift: (changed(shift), shift))


class NewTextWatch:
    """Tells a new appearance of `text` on the screen from a copy that was there when the watch
    began.  Each row keeps how many old copies it holds; the counts follow the rows up when the
    screen scrolls, and a rewritten row keeps at most as many old copies as it now shows (a
    cleared screen has none).  A row showing more copies than its old ones has a new one."""

    def __init__(self, text, rows, any_copy=False):
        self.text = text
        self.rows = rows
        self.old = [0 if any_copy else row.count(text) for row in rows]
        self.any_copy = any_copy

    def first_look(self):
        """True if the text is there at the start and any copy will do."""
        return self.any_copy and any(self.text in row for row in self.rows)

    def look(self, rows):
        """True once `rows` (the screen now) show a new copy of the text."""
        if rows == self.rows:
            return False
        shift = _scroll(self.rows, rows)
        before = self.rows[shift:]
        old = self.old[shift:]
        self.old = [(old[r] if rows[r] == before[r] else min(old[r], rows[r].count(self.text)))
                    if r < len(before) else 0 for r in range(len(rows))]
        self.rows = rows
        return any(row.count(self.text) > n for row, n in zip(rows, self.old))


def text_appears(machine, text, any_copy=False):
    """A predicate for Machine.run_until: true once `text` appears on the screen anew (or, with
    `any_copy`, is on it at all, a copy there at the start included)."""
    watch = NewTextWatch(text, machine.screen.text(), any_copy)
    first = [True]

    def appeared():
        if first[0]:
            first[0] = False
            return watch.first_look()
        return watch.look(machine.screen.text())
    return appeared


def look_interval(machine):
    """How often a wait looks (a function of nothing, for Machine.run_until): often while keys go in."""
    hardware = machine.hardware
    return lambda: TYPING_LOOK_S if hardware.typing else LOOK_S


class ScriptRun:
    def __init__(self, machine, script, max_seconds, key_gap_ms=None):
        self.machine = machine
        self.steps = list(script)
        self.max_seconds = max_seconds
        self.timing = {} if key_gap_ms is None else {"gap_ms": key_gap_ms}
        self.key_gap_s = None if key_gap_ms is None else key_gap_ms / 1000
        self.index = 0
        self.waited = False             # an --until has matched: later ones want a new copy
        self.after_wait = False         # the step before was an --until
        self.wait = None                # the --until under way: (predicate, deadline cycle)
        self.pause_end = None           # the key gap before a --type that follows an --until
        self.typing_end = None          # the tail: the keys must be in by this cycle
        self.end = None                 # the tail: the run ends at this cycle (None: never)
        self.failure = None             # the message of the wait that timed out
        self.status = None

    @property
    def ends_with_wait(self):
        return bool(self.steps) and self.steps[-1][0] == "until"

    @property
    def tail_seconds(self):
        """After the last step: a frame's settling after a last --until, else max_seconds."""
        return SETTLE_S if self.ends_with_wait else self.max_seconds

    def _deadline(self, seconds):
        return None if seconds is None else self.machine.cycles + round(seconds * self.machine.hardware.clock_hz)

    def _run_until(self, predicate, limit, deadline):
        """Machine.run_until up to the earlier of `limit` and `deadline` (cycles; None: no deadline)."""
        machine = self.machine
        stop = limit if deadline is None else min(limit, deadline)
        seconds = max(0, stop - machine.cycles) / machine.hardware.clock_hz
        return machine.run_until(predicate, seconds, every=look_interval(machine))

    def advance(self, seconds):
        """Run the script on for at most `seconds` of emulated time; the status (see the module)."""
        machine = self.machine
        limit = math.inf if seconds == math.inf else machine.cycles + max(0, round(seconds * machine.hardware.clock_hz))
        while self.status is None and machine.cycles <= limit:
            if self.index < len(self.steps):
                if not self._step(limit):
                    break
            elif not self._tail(limit):
                break
        return self.status

    def _step(self, limit):
        """Carry the current step on; False when the time given ran out first."""
        kind, text = self.steps[self.index]
        if kind == "type":
            if self.after_wait and self.key_gap_s is not None:      # the program is back at its key read
                if self.pause_end is None:
                    self.pause_end = self._deadline(self.key_gap_s)
                if not self._run_until(lambda: False, limit, self.pause_end) and \
                        self.machine.cycles < self.pause_end:
                    return False
                self.pause_end = None
            self.machine.type(text, **self.timing)
        else:
            if self.wait is None:
                self.wait = (text_appears(self.machine, text, any_copy=not self.waited),
                             self._deadline(self.max_seconds))
            predicate, deadline = self.wait
            if not self._run_until(predicate, limit, deadline):
                if deadline is not None and self.machine.cycles >= deadline:
                    self.failure = (f"{text!r} did not appear on the screen within "
                                    f"{self.max_seconds:g} emulated seconds")
                    self.status = EXIT_TIMEOUT
                return False
            self.wait = None
            self.waited = True
        self.after_wait = kind == "until"
        self.index += 1
        return True

    def _tail(self, limit):
        """After the last step: the keys go in, then the run goes on for tail_seconds."""
        machine = self.machine
        if self.end is None and not self.ends_with_wait and machine.hardware.typing:
            if self.typing_end is None:
                self.typing_end = self._deadline(self.max_seconds)
            if not self._run_until(lambda: not machine.hardware.typing, limit, self.typing_end):
                if self.typing_end is not None and machine.cycles >= self.typing_end:
                    self.failure = (f"typing not finished within {self.max_seconds:g} emulated seconds "
                                    f"(the machine is not reading its keyboard)")
                    self.status = EXIT_TIMEOUT
                return False
        if self.end is None:
            self.end = self._deadline(self.tail_seconds)
            if self.end is None:            # no limit: run on until the window closes
                self.end = math.inf
        if machine.cycles >= self.end:
            self.status = 0
            return False
        self._run_until(lambda: False, limit, None if self.end == math.inf else self.end)
        if machine.cycles >= self.end:
            self.status = 0
        return False
