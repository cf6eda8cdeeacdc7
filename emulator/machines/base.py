"""What the Atom and the BBC Micro do the same way: typing as timed key presses, and running with events.

A machine class that uses this has `cpu`, `clock`, `keyboard` (with press/release by key name), a
`typist` (emulator/machines/typist.py) and `reset_held` (True while BREAK holds the 6502 in reset).
A machine that can fit the 8271 calls `fit_disc_interface` and says in `NO_DISC_INTERFACE` what
fits it.
"""
from emulator.errors import UserError
from emulator.machines.disc_drives import DiscDrives


class MachineBase:
    def type_chords(self, chords, hold_ms=None, gap_ms=None, lead_ms=None):
        """Queue key presses: `chords` is a list of (modifier key names, key name), handed over one
        at a time as the firmware takes them (emulator/machines/typist.py); `hold_ms` is the least
        time a key is held, `gap_ms` the pause after it, `lead_ms` the time between a modifier and
        its key (None: the machine's defaults)."""
        self.typist.type_chords(chords, hold_ms, gap_ms, lead_ms)

    filing_card = None                  # the host filing card, when one is fitted
    fdc = None                          # the 8271, when the disc interface is fitted
    disc_drives = None                  # its drives 0-3 (emulator/machines/disc_drives.py)
    NO_DISC_INTERFACE = "this machine has no disc drives"

    def fit_disc_interface(self, fdc, drives, writable):
        """Fit the 8271 `fdc` (None: no disc interface) and put the images `drives` in its drives."""
        self.fdc = fdc
        self.disc_drives = DiscDrives(fdc) if fdc is not None else None
        if drives:
            if fdc is None:
                raise UserError(self.NO_DISC_INTERFACE)
            self.disc_drives.mount(drives, writable)

    @property
    def discs(self):
        """Drive number -> the Disc in it."""
        return self.disc_drives.discs if self.disc_drives is not None else {}

    def insert_disc(self, drive, disc, writable=False):
        """Put a disc (a Disc, or an image file's path) into drive `drive` (0-3), ejecting whatever
        was on that surface first."""
        if self.disc_drives is None:
            raise UserError(self.NO_DISC_INTERFACE)
        self.disc_drives.insert(drive, disc, writable)

    def eject(self, drive):
        """Take the disc out of drive `drive`, writing a writable one back first; returns it (None
        when the drive was empty)."""
        return self.disc_drives.eject(drive) if self.disc_drives is not None else None

    def flush_discs(self):
        """Write each writable disc's changes back to its image file (the machine stops)."""
        if self.disc_drives is not None:
            self.disc_drives.flush()

    def text_cursor(self):
        """(row, column) of the text cursor the firmware keeps, where the machine documents it;
        None when it does not (or no text is shown)."""
        return None

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
