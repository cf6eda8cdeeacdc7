"""The cycle clock and its event scheduler.

Time is CPU cycles, counted by the CPU itself (`cpu.cycles`).  Devices schedule callbacks at future
cycles; the clock runs the CPU in blocks up to the next event, so nothing is called per cycle.  A device
touched by the CPU between events catches up lazily from the cycle it is given.  Scheduling an event
earlier than the end of the block being run lowers `cpu.limit`, so the block stops in time.
"""
import heapq


class Event:
    __slots__ = ("cycle", "callback", "cancelled")

    def __init__(self, cycle, callback):
        self.cycle = cycle
        self.callback = callback
        self.cancelled = False

    def __lt__(self, other):
        return self.cycle < other.cycle


class Clock:
    def __init__(self, cpu):
        self.cpu = cpu
        self._queue = []            # heap of (cycle, sequence, Event)
        self._sequence = 0          # keeps events at the same cycle in scheduling order

    @property
    def now(self):
        return self.cpu.cycles

    def schedule(self, cycle, callback):
        """Call `callback(cycle)` once the CPU has reached `cycle`.  Returns the Event (cancellable)."""
        event = Event(cycle, callback)
        self._sequence += 1
        heapq.heappush(self._queue, (cycle, self._sequence, event))
        if cycle < self.cpu.limit:
            self.cpu.limit = cycle
        return event

    def cancel(self, event):
        if event is not None:
            event.cancelled = True

    def next_event_cycle(self, default):
        queue = self._queue
        while queue and queue[0][2].cancelled:
            heapq.heappop(queue)
        return queue[0][0] if queue else default

    def fire_due(self):
        """Run every event whose cycle has been reached, in order."""
        queue = self._queue
        while queue and queue[0][0] <= self.cpu.cycles:
            event = heapq.heappop(queue)[2]
            if not event.cancelled:
                event.callback(event.cycle)

    def run_until(self, cycle):
        """Run the CPU and the events up to (at least) `cycle`.

        Returns the CPU's stop reason: 0 when `cycle` was reached, else why the CPU stopped early
        (see `emulator.cpu.core`: STOP_JAM, STOP_TRAP).
        """
        cpu = self.cpu
        while cpu.cycles < cycle:
            reason = cpu.run(min(self.next_event_cycle(cycle), cycle))
            if reason:
                return reason
            self.fire_due()
        return 0
