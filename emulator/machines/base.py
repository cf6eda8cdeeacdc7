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

    filing_card = None                  # the host filing card, when one is fitted

    def flush_discs(self):
        """Write each writable disc's changes back to its image file (a machine with drives says how)."""

    @property
    def typing(self):
        """True while typed keys (or a BREAK) are still queued or held."""
        return self.typist.typing

    def key_down(self, key):
        """A person pressed `key`: it goes down now (or, queued behind an earlier key, once the
        firmware is ready) and stays down while held (emulator/machines/typist.py)."""
        self.typist.key_down(self.canonical_key(key))

    def key_up(self, key):
        """A person let go of `key`: it comes up once the firmware has read it down."""
        self.typist.key_up(self.canonical_key(key))

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
