"""The cycle clock and its event scheduler.

Time is CPU cycles, counted by the CPU itself (`cpu.cycles`).  Devices schedule callbacks at future
cycles; the clock runs the CPU in blocks up to the next event, so nothing is called per cycle.  A device
touched by the CPU between events catches up lazily from the cycle it is given.  Scheduling an event
earlier than the end of the block being run lowers `cpu.limit`, so the block stops in time.

The instruction that ends a block usually runs past the event's cycle.  The 6502 samples its interrupt
lines at the end of an instruction's penultimate cycle, so the CPU itself fires the events due by then
(`fire_until`, from inside the instruction) before it samples; the rest fire after the block
(`fire_due`) and are seen by the next instruction's poll.
"""
import heapq


class Call:
    """A scheduled call a save state can write down: `target.method(*args)` (the cycle is dropped).

    Events whose callback is a Call, or a bound method of a device, can be saved by name
    (Clock.state); a lambda could not."""
    __slots__ = ("target", "method", "args")

    def __init__(self, target, method, *args):
        self.target = target
        self.method = method
        self.args = args

    def __call__(self, cycle):
        getattr(self.target, self.method)(*self.args)


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
        cpu.clock = self            # the CPU fires the events due before an interrupt poll (fire_until)
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

    def fire_until(self, cycle):
        """Run every event due by `cycle` (the CPU calls this before it samples its interrupt lines
        part-way through an instruction, while `cpu.cycles` says `cycle`)."""
        queue = self._queue
        while queue and queue[0][0] <= cycle:
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

    # --- save states (emulator/state.py) ------------------------------------------------------------

    def pending(self):
        """The events still to come, in the order they will fire."""
        return [entry[2] for entry in sorted(self._queue) if not entry[2].cancelled]

    def state(self, name_of):
        """The queue as plain data.  `name_of(obj)` gives the state name of a device (None if it has
        none): each event is saved as [cycle, sequence, device name, method name, args], args a list
        for a Call and None for a bound method (called with the cycle)."""
        events = []
        for cycle, sequence, event in sorted(self._queue, key=lambda entry: entry[:2]):
            if event.cancelled:
                continue
            callback = event.callback
            if isinstance(callback, Call):
                target, method, args = callback.target, callback.method, list(callback.args)
            else:
                target = getattr(callback, "__self__", None)
                method, args = getattr(callback, "__name__", None), None
            name = name_of(target) if target is not None else None
            if name is None or not isinstance(method, str):
                raise ValueError(f"the event at cycle {cycle} ({callback!r}) calls nothing a save "
                                 f"state can name (use clock.Call or a device's method)")
            events.append([cycle, sequence, name, method, args])
        return {"sequence": self._sequence, "events": events}

    def set_state(self, d, devices):
        """Rebuild the queue from `d` (as `state` made it); `devices` maps its names to the objects."""
        queue = []
        for cycle, sequence, name, method, args in d["events"]:
            target = devices[name]
            callback = getattr(target, method) if args is None else Call(target, method, *args)
            queue.append((cycle, sequence, Event(cycle, callback)))
        heapq.heapify(queue)
        self._queue = queue
        self._sequence = d["sequence"]
