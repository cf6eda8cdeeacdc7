"""What the Atom and the BBC Micro do the same way: typing as timed key presses, and running with events.

A machine class that uses this has `cpu`, `clock`, `keyboard` (with press/release by key name), a
`typist` (emulator/machines/typist.py) and `reset_held` (True while BREAK holds the 6502 in reset).
"""


class MachineBase:
    def type_chords(self, chords, hold_ms=None, gap_ms=None, lead_ms=None):
        """Queue key presses: `chords` is a list of (modifier key names, key name), handed over one
        at a time as the firmware takes them (emulator/machines/typist.py); `hold_ms` is the least
        time a key is held, `gap_ms` the pause after it, `lead_ms` the time between a modifier and
        its key (None: the machine's defaults)."""
        self.typist.type_chords(chords, hold_ms, gap_ms, lead_ms)

    def text_cursor(self):
        """(row, column) of the text cursor the firmware keeps, where the machine documents it;
        None when it does not (or no text is shown)."""
        return None

    @property
    def typing(self):
        """True while typed keys (or a BREAK) are still queued or held."""
        return self.typist.busy

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
