"""Acorn DFS disc images as the discs in a drive: `.ssd` (one side) and `.dsd` (two sides).

A DFS disc is single density, 40 or 80 tracks of 10 sectors of 256 bytes a side (Acorn DFS manual,
"Formatting"; the catalogue layout in emulator/media/dfs_disc.py).  An `.ssd` file holds side 0's
sectors in order (track 0 sectors 0-9, track 1, ...); a `.dsd` interleaves the sides track by track
(track 0 side 0, track 0 side 1, track 1 side 0, ...).  Either may stop early, after the last
sector in use: the rest of the disc reads as zeros.

Reading checks the image whole before anything uses it: its size (at least a catalogue; at most 80
tracks a side), each side's catalogue (entry count, names, files inside the disc and inside the
file) and raises DiscImageError (a UserError: one line, exit 2) naming the file.  The file itself is
only read.  A writable disc keeps its changes in memory and `flush()` writes the whole image back
through a temporary file and a rename (emulator/atomic.py), so the file is either the old image or
the new one, never half of each.
"""
import errno
import os

from emulator.atomic import replace_file
from emulator.errors import UserError
from emulator.inputs import cannot_read

SECTOR_SIZE = 256
SECTORS_PER_TRACK = 10
TRACK_SIZE = SECTOR_SIZE * SECTORS_PER_TRACK
MAX_TRACKS = 80
MAX_FILES = 31
KINDS = {".ssd": 1, ".dsd": 2}          # file extension -> sides


class DiscImageError(UserError):
    """A disc image that cannot be used: damaged, too long, or not a disc image at all."""


class Disc:
    """The sides and tracks of a disc image, held in memory.

    `sides` is 1 or 2, `tracks` 40 or 80 (per side).  Sector contents are read and written with
    `read_sector` and `write_sector`; `formatted(side, track)` says whether a track has sector IDs
    at all (tracks past a 40-track disc's end do not, until formatted)."""

    def __init__(self, data, sides=1, source="disc image", path=None, writable=False):
        self.source = source
        self.path = path
        self.writable = writable
        self.sides = sides
        data = bytes(data)
        self._check_size(data)
        self.length = len(data)             # bytes of the image file (kept as long when written back)
        per_side = -(-len(data) // (TRACK_SIZE * sides))
        claimed = [_claimed_sectors(data, side, sides) for side in range(sides)]
        self.tracks = MAX_TRACKS if max([per_side * SECTORS_PER_TRACK] + claimed) > 40 * SECTORS_PER_TRACK else 40
        self.data = bytearray(data) + bytearray(self.tracks * sides * TRACK_SIZE - len(data))
        self.formatted_tracks = [set(range(self.tracks)) for _ in range(sides)]
        self.deleted = set()                # (side, track, sector) written with a deleted data mark
        self.dirty = False
        for side in range(sides):
            self._check_catalogue(side)

    @classmethod
    def load(cls, path, writable=False):
        """The disc image in file `path` (.ssd or .dsd); `writable` lets the machine write to it."""
        text = os.fspath(path)
        kind = os.path.splitext(text)[1].lower()
        if kind not in KINDS:
            raise DiscImageError(f"{text}: not a disc image name (.ssd for one side, .dsd for two)")
        from emulator.inputs import cannot_read

        try:
            if os.path.isdir(text):
                raise IsADirectoryError(errno.EISDIR, os.strerror(errno.EISDIR), text)
            with open(text, "rb") as f:
                data = f.read(MAX_TRACKS * TRACK_SIZE * KINDS[kind] + 1)
        except OSError as e:
            raise DiscImageError(cannot_read(text, "disc image", e)) from None
        if writable and not os.access(text, os.W_OK):
            raise DiscImageError(f"{text}: the disc image is read-only on the host, so it cannot be "
                                 f"mounted writable")
        return cls(data, KINDS[kind], source=text, path=text, writable=writable)

    # --- checks -----------------------------------------------------------------------------------

    def _damaged(self, why):
        raise DiscImageError(f"{self.source}: not a usable disc image: {why}")

    def _check_size(self, data):
        most = MAX_TRACKS * TRACK_SIZE * self.sides
        if len(data) > most:
            self._damaged(f"longer than {MAX_TRACKS} tracks of {SECTORS_PER_TRACK} sectors "
                          f"({most} bytes{' for two sides' if self.sides == 2 else ''})")
        needed = TRACK_SIZE + 2 * SECTOR_SIZE if self.sides == 2 else 2 * SECTOR_SIZE
        if len(data) < needed:
            self._damaged(f"{len(data)} bytes is too short for the catalogue"
                          f"{'s of both sides' if self.sides == 2 else ''} ({needed} bytes)")

    def _check_catalogue(self, side):
        """The catalogue as Acorn DFS reads it.  The disc-size field is not checked: DFS reads a
        disc whatever it claims there (the public Irq-Timing disc claims 0 sectors)."""
        s0, s1 = self.read_sector(side, 0, 0), self.read_sector(side, 0, 1)
        where = f"side {side}: " if self.sides == 2 else ""
        if s1[5] % 8:
            self._damaged(f"{where}the catalogue's file count byte (&{s1[5]:02X}) is not a multiple of 8")
        count = s1[5] // 8
        if count > MAX_FILES:
            self._damaged(f"{where}the catalogue claims {count} files ({MAX_FILES} at most)")
        sectors = self.tracks * SECTORS_PER_TRACK
        side_bytes = self._side_length(side)
        for i in range(count):
            n = 8 + 8 * i
            raw = s0[n:n + 7]
            if any(not 0x20 <= c <= 0x7E for c in raw) or raw[:1] == b" ":
                self._damaged(f"{where}catalogue entry {i} has no name or an unprintable one")
            name = f"{chr(s0[n + 7] & 0x7F)}.{raw.decode('latin-1').rstrip()}"
            e = s1[n:n + 8]
            length = e[4] | e[5] << 8 | ((e[6] >> 4) & 3) << 16
            start = e[7] | (e[6] & 3) << 8
            span = -(-length // SECTOR_SIZE)
            if start < 2 and span or start + span > sectors:
                self._damaged(f"{where}{name} lies outside the disc (sectors {start}-"
                              f"{start + span - 1} of {sectors})")
            if span and start * SECTOR_SIZE + length > side_bytes:
                self._damaged(f"{where}the image is too short for {name} (it stops inside the file)")

    def _side_length(self, side):
        """How many bytes of `side` (in its own sector order) the image file holds."""
        if self.sides == 1:
            return self.length
        whole, rest = divmod(self.length, TRACK_SIZE)
        tracks, odd = divmod(whole, 2)
        held = tracks * TRACK_SIZE
        if odd and side == 0:
            return held + TRACK_SIZE
        if (odd and side == 1) or side == 0:
            return held + rest
        return held

    # --- sectors ----------------------------------------------------------------------------------

    def _offset(self, side, track, sector):
        return ((track * self.sides + side) * SECTORS_PER_TRACK + sector) * SECTOR_SIZE

    def formatted(self, side, track):
        return 0 <= side < self.sides and track in self.formatted_tracks[side]

    def read_sector(self, side, track, sector):
        at = self._offset(side, track, sector)
        return bytes(self.data[at:at + SECTOR_SIZE])

    def write_sector(self, side, track, sector, data, deleted=False):
        """Write one sector (up to 256 bytes from its start); the image grows to hold it."""
        at = self._offset(side, track, sector)
        self.data[at:at + len(data)] = data
        self.length = max(self.length, at + SECTOR_SIZE)
        if deleted:
            self.deleted.add((side, track, sector))
        else:
            self.deleted.discard((side, track, sector))
        self.dirty = True

    def format_track(self, side, track, sectors, fill=0xE5):
        """Format a track: the sectors numbered in `sectors` (0-9) are filled with `fill`.  Formatting
        past track 39 of a 40-track disc makes it an 80-track disc."""
        if track >= self.tracks:
            grown = MAX_TRACKS
            self.data += bytearray((grown - self.tracks) * self.sides * TRACK_SIZE)
            self.tracks = grown
        formatted = self.formatted_tracks[side]
        formatted.add(track)
        for sector in sectors:
            self.write_sector(side, track, sector, bytes([fill]) * SECTOR_SIZE)

    def image_bytes(self):
        """The image file's bytes as they stand (as long as the file was, or as far as written)."""
        return bytes(self.data[:self.length])

    def flush(self):
        """Write a writable disc's changes back to its file (through a temporary file and a rename).
        Returns True when something was written."""
        if not (self.writable and self.dirty and self.path):
            return False
        try:
            replace_file(self.path, self.image_bytes(), keep_mode=True)
        except OSError as e:
            raise DiscImageError(f"{self.path}: cannot write the disc back ({e.strerror}); "
                                 f"the file is unchanged") from None
        self.dirty = False
        return True


def _claimed_sectors(data, side, sides):
    """The disc size a side's catalogue claims (sector 1, bytes 6-7), 0 when it is not in the image."""
    at = side * TRACK_SIZE + SECTOR_SIZE
    if len(data) < at + 8:
        return 0
    return (data[at + 6] & 3) << 8 | data[at + 7]
