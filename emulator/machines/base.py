"""What the Atom and the BBC Micro do the same way: typing as timed key presses, and running with events.

A machine class that uses this has `cpu`, `clock` and `keyboard` (with press/release by key name),
and the attributes `typing_until` (the cycle when the typing queued so far is done) and `reset_held`
(True while BREAK holds the 6502 in reset).
"""
from emulator.clock import Call
from emulator.errors import UserError


class MachineBase:
    def register_key_events(self, known_key):
        """Let save states hold the typing queue: keyboard presses and releases of one key whose
        name `known_key` accepts (it raises for any other)."""
        def one_key(args):
            if len(args) != 1 or type(args[0]) not in (str, int) or len(str(args[0])) > 16:
                raise ValueError("not one key")
            known_key(args[0])
        self.clock.register(self.keyboard, "press", one_key)
        self.clock.register(self.keyboard, "release", one_key)

    def queue_chords(self, chords, hold, gap, lead):
        """Schedule key presses: `chords` is a list of (modifier key names, key name).

        Each key is held `hold` cycles with `gap` cycles between keys; the modifiers go down `lead`
        cycles before the key and up `lead` cycles after it.  Returns the cycle when all is done.
        """
        if hold <= 0 or gap <= 0 or lead < 0:
            raise UserError("typing times must be positive")
        keyboard = self.keyboard
        t = max(self.cpu.cycles, self.typing_until)
        for modifiers, key in chords:
            t = self.schedule_chord(t, modifiers, Call(keyboard, "press", key),
                                    Call(keyboard, "release", key), hold, lead) + gap
        self.typing_until = t
        return t

    def schedule_chord(self, t, modifiers, down, up, hold, lead):
        """Schedule the keyboard's `modifiers` pressed at cycle `t`, the call `down` `lead` cycles
        later, `up` `hold` cycles after that, and the modifiers released `lead` cycles after `up`
        (no leads without modifiers).  Returns the cycle of the last event."""
        keyboard, schedule = self.keyboard, self.clock.schedule
        for m in modifiers:
            schedule(t, Call(keyboard, "press", m))
        if modifiers:
            t += lead
        schedule(t, down)
        t += hold
        schedule(t, up)
        if modifiers:
            t += lead
            for m in modifiers:
                schedule(t, Call(keyboard, "release", m))
        return t

    @property
    def typing(self):
        """True while typed keys are still queued."""
        return self.cpu.cycles < self.typing_until

    @property
    def cycles(self):
        return self.cpu.cycles

    def run_until(self, cycle):
        """Run to `cycle`, events included.  Returns the CPU's stop reason (0: reached).

        While BREAK is held the 6502 sits in reset: it runs no instructions, but time passes for
        the events (the release among them), as in Clock.run_until.
        """
        clock, cpu = self.clock, self.cpu
        while cpu.cycles < cycle:
            stop = min(clock.next_event_cycle(cycle), cycle)
            if self.reset_held:
                cpu.cycles = stop
            else:
                reason = cpu.run(stop)
                if reason:
                    return reason
            clock.fire_due()
        return 0
