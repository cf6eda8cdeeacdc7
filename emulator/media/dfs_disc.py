"""A single-sided Acorn DFS disc image (.ssd), read only, for the host filing card's drives 1-3 (and
the tests' reader of what a disc filing system wrote: an Atom DOS disc has the same catalogue).

The catalogue is in sectors 0 and 1 of track 0 (Watford DFS manual 9.2, "Disc catalogue", and
area51.dev "Acorn Disk File System", which give the Acorn layout):
    sector 0: bytes 0-7 the first 8 characters of the title; then 8 bytes per file: the name (7
              characters, space padded) and its directory character, bit 7 set when locked
    sector 1: bytes 0-3 the rest of the title, 4 the write count (BCD), 5 the number of files * 8,
              6 bits 0-1 sectors on the disc (bits 8-9), bits 4-5 the boot option, 7 sectors (bits 0-7);
              then 8 bytes per file: load (2), exec (2), length (2), one byte of high bits
              (bits 0-1 start sector 8-9, 2-3 load 16-17, 4-5 length 16-17, 6-7 exec 16-17) and the
              start sector's low 8 bits.
Sectors are 256 bytes; an .ssd holds the sectors in order (track 0 sectors 0-9, track 1 ...) and may
stop after the last one used.  The sector count in the catalogue only tells DFS how much room there is
to write; reading a file, DFS does not look at it, and some public discs claim 0 sectors (the
Irq-Timing test disc).  So it is kept but not checked: what is refused is a file that would read
outside the image or past the last sector of an 80-track side.  Load and exec addresses whose bits 16-17 are both set are I/O processor
addresses: they read as &FFxxxx, as DFS shows them.
"""
import os

from emulator.errors import UserError

SECTOR = 256
MAX_FILES = 31
MAX_SECTORS = 80 * 10           # 80 tracks of 10 sectors


class DiscFile:
    def __init__(self, directory, name, load, exec_, length, start, locked):
        self.directory, self.name = directory, name
        self.load, self.exec, self.length = load, exec_, length
        self.start, self.locked = start, locked


def _address(low, high_bits):
    value = low | high_bits << 16
    return value | 0xFF0000 if high_bits == 3 else value


class DFSDisc:
    """The catalogue and sectors of an .ssd image.  `load(path, drive)` reads one from a file."""

    def __init__(self, data, drive=1, source="disc image"):
        self.data = bytes(data)
        self.drive = drive
        self.source = source
        self.files = []
        self._parse()

    @classmethod
    def load(cls, path, drive=1):
        from emulator.inputs import read_input
        data = read_input(path, "disc image", MAX_SECTORS * 256,
                          holds=f"a single-sided DFS disc ({MAX_SECTORS} sectors)")
        return cls(data, drive, source=os.fspath(path))

    def _damaged(self, why):
        raise UserError(f"{self.source}: not a usable DFS disc image: {why}")

    def _parse(self):
        data = self.data
        if len(data) < 2 * SECTOR:
            self._damaged(f"{len(data)} bytes is too short for the catalogue (512 bytes)")
        s0, s1 = data[:SECTOR], data[SECTOR:2 * SECTOR]
        self.title = (s0[:8] + s1[:4]).decode("latin-1").rstrip("\0 ")
        if s1[5] % 8:
            self._damaged(f"the file count byte (&{s1[5]:02X}) is not a multiple of 8")
        count = s1[5] // 8
        if count > MAX_FILES:
            self._damaged(f"the catalogue claims {count} files (31 at most)")
        self.sectors = (s1[6] & 3) << 8 | s1[7]       # as claimed: not checked (see above)
        self.boot_option = (s1[6] >> 4) & 3
        used = []
        for i in range(count):
            n = 8 + 8 * i
            raw = s0[n:n + 7]
            if any(not 0x20 <= c <= 0x7E for c in raw):
                self._damaged(f"catalogue entry {i} has a name with unprintable characters")
            name = raw.decode("latin-1").rstrip(" ")
            directory = chr(s0[n + 7] & 0x7F)
            # Atom DOS keeps every file under the qualifier " " (area51.dev, "Acorn System Disk
            # File System / Atom DOS": otherwise the DFS catalogue), so a space is a directory too.
            if not name or not 0x20 <= ord(directory) <= 0x7E:
                self._damaged(f"catalogue entry {i} has no name or directory")
            e = s1[n:n + 8]
            high = e[6]
            length = e[4] | e[5] << 8 | ((high >> 4) & 3) << 16
            start = e[7] | (high & 3) << 8
            f = DiscFile(directory, name, _address(e[0] | e[1] << 8, (high >> 2) & 3),
                         _address(e[2] | e[3] << 8, (high >> 6) & 3), length, start, bool(s0[n + 7] & 0x80))
            span = (length + SECTOR - 1) // SECTOR
            if start < 2 or start + span > MAX_SECTORS:
                self._damaged(f"{directory}.{name} lies outside the disc's sectors "
                              f"(sectors {start}-{start + span - 1}; 2-{MAX_SECTORS - 1} hold files)")
            if start * SECTOR + length > len(data):
                self._damaged(f"the image is too short for {directory}.{name} "
                              f"(needs {start * SECTOR + length} bytes, has {len(data)})")
            for other, o_start, o_span in used:
                if span and o_span and start < o_start + o_span and o_start < start + span:
                    self._damaged(f"{directory}.{name} overlaps {other}")
            used.append((f"{directory}.{name}", start, span))
            self.files.append(f)

    def read(self, start, length):
        return self.data[start * SECTOR:start * SECTOR + length]


def build_ssd(files, title="", sectors=800, boot_option=0):
    """An .ssd image holding `files`: (directory, name, load, exec, data[, locked]), placed one after
    another from sector 2 (for tests and tools).  The catalogue lists the last-placed file first,
    as DFS keeps it (descending start sectors)."""
    s0, s1 = bytearray(SECTOR), bytearray(SECTOR)
    padded = title.encode("latin-1")[:12].ljust(12, b"\0")
    s0[:8], s1[:4] = padded[:8], padded[8:]
    s1[5] = 8 * len(files)
    s1[6] = (sectors >> 8) & 3 | (boot_option & 3) << 4
    s1[7] = sectors & 0xFF
    body = bytearray()
    placed = []
    sector = 2
    for item in files:
        directory, name, load, exec_, data = item[:5]
        locked = item[5] if len(item) > 5 else False
        placed.append((directory, name, load, exec_, len(data), sector, locked))
        body += bytes(data) + bytes(-len(data) % SECTOR)
        sector += (len(data) + SECTOR - 1) // SECTOR
    for i, (directory, name, load, exec_, length, start, locked) in enumerate(reversed(placed)):
        n = 8 + 8 * i
        s0[n:n + 7] = name.encode("latin-1").ljust(7)
        s0[n + 7] = ord(directory) | (0x80 if locked else 0)
        high = (start >> 8) & 3 | ((load >> 16) & 3) << 2 | ((length >> 16) & 3) << 4 | ((exec_ >> 16) & 3) << 6
        s1[n:n + 8] = bytes([load & 0xFF, (load >> 8) & 0xFF, exec_ & 0xFF, (exec_ >> 8) & 0xFF,
                             length & 0xFF, (length >> 8) & 0xFF, high, start & 0xFF])
    return bytes(s0 + s1 + body)
