"""The Intel 8271's drives as a disc filing system numbers them, for every machine that fits the chip.

Acorn's DFS (BBC Micro) and Atom DOS both number drives 0-3: drive n is side n >> 1 of the 8271's
physical drive n & 1 (docs/discs.md).  The machine decides where the chip's registers are and where
its INT goes; this module holds what is the same on both: the register decoding (A2 is the data
register's DACK), putting images into drives, taking them out, and writing writable ones back.
"""
from emulator.errors import UserError
from emulator.media.disc_image import Disc

DISC_DRIVES = 4


class DiscInterfacePage:
    """The 8271's registers at A2 = 0 (A1 A0 pick status/command, result/parameter, reset), its data
    register (DACK) at A2 = 1, repeated every 8 bytes of the block the machine decodes for it."""

    def __init__(self, fdc):
        self.fdc = fdc

    def read(self, addr, cycle):
        return self.fdc.read_data(cycle) if addr & 4 else self.fdc.read(addr & 3, cycle)

    def write(self, addr, value, cycle):
        if addr & 4:
            self.fdc.write_data(value, cycle)
        else:
            self.fdc.write(addr & 3, value, cycle)

    def peek(self, addr):
        return self.fdc.peek_data() if addr & 4 else self.fdc.peek(addr & 3)


def _check_drive(drive):
    if drive not in range(DISC_DRIVES):
        raise UserError(f"disc drive {drive}: the disc drives are 0, 1, 2 and 3")


class DiscDrives:
    """Drives 0-3 on an 8271 (`fdc`): `discs` maps a drive number to the Disc in it."""

    def __init__(self, fdc):
        self.fdc = fdc
        self.discs = {}

    def mount(self, drives, writable):
        """Put disc images into drives 0-3 ({drive: path or Disc}); a .dsd fills both sides of
        drive 0 or 1 (drives 0 and 2, or 1 and 3).  Every image is read and checked before any
        goes in."""
        loaded = {}
        for drive, image in sorted(drives.items()):
            _check_drive(drive)
            loaded[drive] = image if isinstance(image, Disc) else Disc.load(image, writable=writable)
        for drive, disc in loaded.items():
            if disc.sides == 2 and drive > 1:
                raise UserError(f"{disc.source}: a double-sided image goes in drive 0 or 1 "
                                f"(its second side is drive {drive + 2})")
            if disc.sides == 2 and drive + 2 in loaded:
                raise UserError(f"drive {drive + 2} is the second side of the double-sided disc in "
                                f"drive {drive}")
        for drive, disc in loaded.items():
            self.insert(drive, disc)

    def insert(self, drive, disc, writable=False):
        """Put a disc (a Disc, or an image file's path) into drive `drive` (0-3), ejecting whatever
        was on that surface first (and written back if it was writable)."""
        _check_drive(drive)
        if not isinstance(disc, Disc):
            disc = Disc.load(disc, writable=writable)
        physical = self.fdc.drives[drive & 1]
        sides = (0, 1) if disc.sides == 2 else (drive >> 1,)
        for side in sides:
            self.eject(drive & 1 | side << 1)
        for n, side in enumerate(sides):
            physical.surfaces[side] = (disc, n)
            self.discs[drive & 1 | side << 1] = disc

    def eject(self, drive):
        """Take the disc out of drive `drive`: a writable disc's changes are written back to its
        file first (both sides of a double-sided one come out).  Returns the disc (None: empty)."""
        disc = self.discs.get(drive)
        if disc is None:
            return None
        disc.flush()
        physical = self.fdc.drives[drive & 1]
        for side in (0, 1):
            surface = physical.surfaces[side]
            if surface is not None and surface[0] is disc:
                physical.surfaces[side] = None
                self.discs.pop(drive & 1 | side << 1, None)
        return disc

    def flush(self):
        """Write every writable disc's changes back to its image file (the machine stops)."""
        for disc in {id(d): d for d in self.discs.values()}.values():
            disc.flush()
