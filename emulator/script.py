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


class _Wait:
    """A wait under way: until `predicate()` (None: only until the time is up) or `deadline`."""

    def __init__(self, machine, predicate, seconds):
        self.predicate = predicate
        clock_hz = machine.hardware.clock_hz
        self.deadline = math.inf if seconds is None else machine.cycles + round(seconds * clock_hz)
        self.next_look = machine.cycles         # it looks at once, then every look_interval


class ScriptRun:
    def __init__(self, machine, script, max_seconds, key_gap_ms=None):
        self.machine = machine
        self.steps = list(script)
        self.max_seconds = max_seconds
        self.timing = {} if key_gap_ms is None else {"gap_ms": key_gap_ms}
        self.key_gap_s = None if key_gap_ms is None else key_gap_ms / 1000
        self.failure = None             # the message of the wait that timed out
        self.status = None
        self._plan = None               # the steps as a generator of waits (started by advance)
        self._wait = None

    @property
    def ends_with_wait(self):
        return bool(self.steps) and self.steps[-1][0] == "until"

    def _steps(self):
        """The script: each step's action, and a _Wait wherever time must pass; each wait gets back
        True when its predicate held, False when its time ran out.  Returns the status."""
        machine = self.machine
        after_wait = waited = False
        for kind, text in self.steps:
            if kind == "type":
                if after_wait and self.key_gap_s is not None:   # the program is back at its key read
                    yield _Wait(machine, None, self.key_gap_s)
                machine.type(text, **self.timing)
            else:
                appeared = text_appears(machine, text, any_copy=not waited)
                if not (yield _Wait(machine, appeared, self.max_seconds)):
                    self.failure = (f"{text!r} did not appear on the screen within "
                                    f"{self.max_seconds:g} emulated seconds")
                    return EXIT_TIMEOUT
                waited = True
            after_wait = kind == "until"
        if self.ends_with_wait:                 # the text is there: let the firmware finish the frame
            yield _Wait(machine, None, SETTLE_S)
            return 0
        if machine.hardware.typing:
            if not (yield _Wait(machine, lambda: not machine.hardware.typing, self.max_seconds)):
                self.failure = (f"typing not finished within {self.max_seconds:g} emulated seconds "
                                f"(the machine is not reading its keyboard)")
                return EXIT_TIMEOUT
        yield _Wait(machine, None, self.max_seconds)        # the reply to the last keys
        return 0

    def _resume(self, result):
        try:
            self._wait = self._plan.send(result)
        except StopIteration as end:
            self.status, self._wait = end.value, None

    def advance(self, seconds):
        """Run the script on for at most `seconds` of emulated time; the status (see the module).

        Each wait looks on its own grid of emulated time (at its start, then every look_interval),
        whatever slices the time comes in, so a run cut into fields ends where one run whole does."""
        machine = self.machine
        clock_hz = machine.hardware.clock_hz
        limit = machine.cycles + seconds * clock_hz
        if self._plan is None:
            self._plan = self._steps()
            self._resume(None)
        while self.status is None:
            wait = self._wait
            stop = min(limit, wait.deadline)
            held = machine.run_until(self._looks(wait), max(0, stop - machine.cycles) / clock_hz,
                                     every=lambda: (wait.next_look - machine.cycles) / clock_hz)
            if held:
                self._resume(True)
            elif machine.cycles >= wait.deadline:
                self._resume(False)
            else:
                break                           # the time given is used up
        return self.status

    def _looks(self, wait):
        """The wait's predicate, asked only when the wait's next look is due."""
        machine = self.machine
        interval = look_interval(machine)
        clock_hz = machine.hardware.clock_hz

        def look():
            if machine.cycles < wait.next_look:
                return False
            wait.next_look = machine.cycles + max(1, round(interval() * clock_hz))
            return wait.predicate is not None and wait.predicate()
        return look
