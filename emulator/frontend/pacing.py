"""Real-time pacing for the window's frame loop, and the speed figures of the status line.

Deadlines are absolute (start + n periods), so sleeping a little long on one frame is made up on
the next and the average rate is the machine's field rate.  A frame that is already late is run
without being drawn (`late`), so a host that was busy elsewhere for a moment catches up; after
falling more than half a second behind (a stopped process, a long stall) the schedule restarts
from now instead of sprinting.
"""
import time


class FramePacer:
    MAX_BEHIND_SECONDS = 0.5

    def __init__(self, fps, clock=time.perf_counter, sleep=time.sleep):
        self.fps = fps
        self.period = 1.0 / fps
        self.clock = clock
        self.sleep = sleep
        self.deadline = None
        self.resyncs = 0

    def reset(self):
        self.deadline = None

    def wait(self):
        """Sleep until this frame's deadline; the first call starts the schedule."""
        now = self.clock()
        if self.deadline is None:
            self.deadline = now + self.period
            return
        delay = self.deadline - now
        if delay > 0:
            self.sleep(delay)
        elif -delay > self.MAX_BEHIND_SECONDS:
            self.deadline = now
            self.resyncs += 1
        self.deadline += self.period

    def late(self):
        """Whether the next frame is already due (then it is run but not drawn)."""
        return self.deadline is not None and self.clock() > self.deadline


class SpeedMeter:
    """Emulated time over host time, measured over windows of `span` host seconds."""

    def __init__(self, clock_hz, span=0.5, clock=time.perf_counter):
        self.clock_hz = clock_hz
        self.span = span
        self.clock = clock
        self.start_time = None
        self.start_cycles = 0
        self.ratio = 0.0                # emulated seconds per host second (1.0 = real time)
        self.mhz = 0.0

    def restart(self):
        """Measure afresh from the next update, keeping the last figures until then: a pause, or
        cycles run with no host time to speak of (the debugger's steps), is no part of a speed."""
        self.start_time = None

    def update(self, cycles):
        now = self.clock()
        if self.start_time is None:
            self.start_time, self.start_cycles = now, cycles
            return
        elapsed = now - self.start_time
        if elapsed >= self.span:
            done = cycles - self.start_cycles
            self.ratio = done / self.clock_hz / elapsed
            self.mhz = done / elapsed / 1e6
            self.start_time, self.start_cycles = now, cycles
