"""UEF tape images: reading them into a tape (what is on it, in time) and writing a tape back.

The format is Thomas Harte's "UEF [Unified Emulator Format] file format", version 0.10, document
draft 28 (electrem.emuunlim.com/UEFSpecs.html).  A file, gzip-compressed or not, is the 12-byte
header (the text "UEF File!", a zero, the minor and major version) and then chunks: a 2-byte id and
a 4-byte length (both little-endian), then that many bytes.  The tape chunks read here:

    &0100  data: bytes, each a 0 start bit, 8 data bits (lowest first) and a 1 stop bit
    &0104  defined format data: data bits per byte, parity ('N', 'E', 'O'), stop bits (a negative
           count: that many, plus a short extra half wave, counted as one more here), then the bytes
    &0110  carrier tone: its length in cycles of the high tone (twice the base frequency)
    &0111  carrier tone with dummy byte: cycles before, the byte &AA, cycles after
    &0112  gap: its length in 1/(2 x base frequency) seconds
    &0113  change of base frequency: a 4-byte float (IEEE 754 single, little-endian), in Hz
    &0114  security cycles: a 3-byte count, two bytes saying how the first and last cycle are cut
           ('P' a half cycle, 'W' a whole one), the cycles' bits packed from bit 7 (1: a high-tone
           cycle, 0: a low one); played as those cycles, whole
    &0116  gap: its length in seconds (a 4-byte float)
    &0117  data encoding format change: the baud rate (300 or 1200)
Any other chunk (origin, target machine, tape set information, positions, ...) is skipped.

The tones: a 0 bit is a cycle of the base frequency (1200 Hz), a 1 bit two cycles of twice that
(2400 Hz), at 1200 baud; at 300 baud each bit is four times as long (BeebWiki, "Acorn cassette
format").  The carrier (no data) is the 2400 Hz tone.

Reading checks the file whole before anything uses it and raises UEFError (a UserError: one line,
exit 2) naming the file for anything damaged: a bad header, a chunk longer than the file, a chunk too
short for its fields, a bad float, a gzip stream cut short.  Writing (`Tape.uef_bytes`, `save`)
makes an uncompressed version 0.10 file through a temporary file and a rename (emulator/atomic.py).
"""
import gzip
import math
import os
import struct
import zlib

from emulator.atomic import replace_file
from emulator.errors import UserError
from emulator.inputs import cannot_read

MAGIC = b"UEF File!\0"
VERSION = (10, 0)                   # minor, major: what we write
BASE_HZ = 1200.0
BAUD = 1200
MAX_FILE = 64 << 20                 # far longer than any cassette (a C90 at 1200 baud is ~800 KB)
DUMMY_BYTE = 0xAA
PARITIES = "NEO"
MAX_GAP_SECONDS = 3600.0            # a float gap longer than an hour is a damaged chunk, not a tape


class UEFError(UserError):
    """A UEF file that cannot be used: damaged, cut short, or not a UEF file at all."""


# --- what is on a tape ------------------------------------------------------------------------------
# A tape is a list of segments, each lasting `seconds`; base_hz is the base frequency it is played at
# (a 0 bit's tone).

class Tone:
    """`cycles` cycles of the carrier (twice the base frequency)."""
    kind = "tone"

    def __init__(self, cycles, base_hz=BASE_HZ):
        self.cycles, self.base_hz = cycles, base_hz
        self.seconds = cycles / (2 * base_hz)

    def __eq__(self, other):
        return isinstance(other, Tone) and (self.cycles, self.base_hz) == (other.cycles, other.base_hz)

    def __repr__(self):
        return f"Tone({self.cycles})"


class Gap:
    """Silence: no carrier."""
    kind = "gap"

    def __init__(self, seconds):
        self.seconds = seconds

    def __eq__(self, other):
        return isinstance(other, Gap) and abs(self.seconds - other.seconds) < 1e-6

    def __repr__(self):
        return f"Gap({self.seconds:.4f})"


class Data:
    """Bytes framed as a start bit, `bits` data bits, an optional parity bit and `stop` stop bits,
    at `baud`."""
    kind = "data"

    def __init__(self, data, baud=BAUD, bits=8, parity="N", stop=1, base_hz=BASE_HZ):
        self.data, self.baud, self.bits, self.parity, self.stop = bytes(data), baud, bits, parity, stop
        self.base_hz = base_hz
        self.frame_bits = 1 + bits + (parity != "N") + stop
        self.byte_seconds = self.frame_bits / baud
        self.seconds = len(self.data) * self.byte_seconds

    @property
    def standard(self):
        return (self.bits, self.parity, self.stop) == (8, "N", 1)

    def frame(self, byte):
        """The bits of one byte on tape, in order: start, data (lowest first), parity, stop."""
        data = [(byte >> i) & 1 for i in range(self.bits)]
        parity = []
        if self.parity != "N":
            parity = [(sum(data) + (self.parity == "O")) & 1]
        return [0] + data + parity + [1] * self.stop

    def __eq__(self, other):
        return isinstance(other, Data) and (self.data, self.baud, self.bits, self.parity, self.stop) == (
            other.data, other.baud, other.bits, other.parity, other.stop)

    def __repr__(self):
        return f"Data({len(self.data)} bytes at {self.baud})"


class Cycles:
    """Explicit whole cycles (security cycles): each bit 1 a high-tone cycle, 0 a low one."""
    kind = "cycles"

    def __init__(self, bits, base_hz=BASE_HZ):
        self.bits, self.base_hz = list(bits), base_hz
        self.seconds = sum(1 / (2 * base_hz) if b else 1 / base_hz for b in self.bits)

    def __eq__(self, other):
        return isinstance(other, Cycles) and self.bits == other.bits

    def __repr__(self):
        return f"Cycles({len(self.bits)})"


class Tape:
    """The segments of a tape (Tone, Gap, Data, Cycles) in playing order."""

    def __init__(self, segments=(), source="tape"):
        self.segments = list(segments)
        self.source = source

    @property
    def seconds(self):
        return sum(s.seconds for s in self.segments)

    def data_bytes(self):
        """Every byte on the tape, in order (what a machine could read off it)."""
        return b"".join(s.data for s in self.segments if s.kind == "data")

    # --- reading ----------------------------------------------------------------------------------

    @classmethod
    def load(cls, path):
        """The tape in UEF file `path` (gzip-compressed or not); UEFError if it cannot be used."""
        text = os.fspath(path)
        try:
            if os.path.isdir(text):
                raise IsADirectoryError(21, "Is a directory", text)
            with open(text, "rb") as f:
                raw = f.read(MAX_FILE + 1)
        except OSError as e:
            raise UEFError(cannot_read(text, "tape image", e)) from None
        return cls.from_bytes(raw, source=text)

    @classmethod
    def from_bytes(cls, raw, source="tape image"):
        raw = bytes(raw)
        if raw[:2] == b"\x1f\x8b":
            raw = _gunzip(raw, source)
        if len(raw) > MAX_FILE:
            raise UEFError(f"{source}: not a usable UEF file: longer than {MAX_FILE} bytes")
        return cls(_parse(raw, source), source=source)

    # --- writing ----------------------------------------------------------------------------------

    def uef_bytes(self):
        """The tape as an uncompressed UEF file."""
        out = [MAGIC, bytes(VERSION)]
        baud, base = BAUD, BASE_HZ
        for s in self.segments:
            if getattr(s, "base_hz", base) != base:
                base = s.base_hz
                out.append(_chunk(0x0113, struct.pack("<f", base)))
            if s.kind == "tone":
                for n in _pieces(s.cycles, 0xFFFF):
                    out.append(_chunk(0x0110, struct.pack("<H", n)))
            elif s.kind == "gap":
                out.append(_chunk(0x0116, struct.pack("<f", s.seconds)))
            elif s.kind == "cycles":
                packed = bytearray((len(s.bits) + 7) // 8)
                for i, bit in enumerate(s.bits):
                    packed[i >> 3] |= bit << (7 - (i & 7))
                out.append(_chunk(0x0114, len(s.bits).to_bytes(3, "little") + b"WW" + bytes(packed)))
            elif s.data:
                if s.baud != baud:
                    baud = s.baud
                    out.append(_chunk(0x0117, struct.pack("<H", baud)))
                if s.standard:
                    out.append(_chunk(0x0100, s.data))
                else:
                    out.append(_chunk(0x0104, bytes([s.bits, ord(s.parity), s.stop]) + s.data))
        return b"".join(out)

    def save(self, path):
        """Write the tape to `path` as a UEF file, whole or not at all."""
        try:
            replace_file(path, self.uef_bytes())
        except OSError as e:
            raise UEFError(f"{os.fspath(path)}: cannot write the tape image ({e.strerror or e})") from None


def _chunk(ident, body):
    return struct.pack("<HI", ident, len(body)) + body


def _pieces(total, most):
    while total > most:
        yield most
        total -= most
    if total:
        yield total


def _gunzip(raw, source):
    try:
        d = zlib.decompressobj(16 + zlib.MAX_WBITS)
        out = d.decompress(raw, MAX_FILE + 1)
        if len(out) <= MAX_FILE and not d.eof:
            raise UEFError(f"{source}: not a usable UEF file: the gzip stream is cut short")
        return out
    except (zlib.error, EOFError, gzip.BadGzipFile) as e:
        raise UEFError(f"{source}: not a usable UEF file: a damaged gzip stream ({e})") from None


def _parse(raw, source):
    def damaged(why):
        raise UEFError(f"{source}: not a usable UEF file: {why}")

    if raw[:10] != MAGIC or len(raw) < 12:
        damaged("it does not start with the UEF header (\"UEF File!\")")
    segments = []
    base, baud = BASE_HZ, BAUD
    at = 12
    while at < len(raw):
        if at + 6 > len(raw):
            damaged(f"a chunk header at byte {at} is cut short")
        ident, length = struct.unpack_from("<HI", raw, at)
        body = raw[at + 6:at + 6 + length]
        if len(body) < length:
            damaged(f"chunk &{ident:04X} at byte {at} claims {length} bytes; the file has {len(body)} left")

        def need(n):
            if length < n:
                damaged(f"chunk &{ident:04X} at byte {at} is {length} bytes, too short for its {n}")

        def number(fmt, offset=0):
            need(offset + struct.calcsize(fmt))
            return struct.unpack_from(fmt, body, offset)[0]

        def seconds_float(offset=0):
            value = number("<f", offset)
            if not math.isfinite(value) or not 0 <= value <= MAX_GAP_SECONDS:
                damaged(f"chunk &{ident:04X} at byte {at} holds the value {value}")
            return value

        if ident == 0x0100:
            segments.append(Data(body, baud, base_hz=base))
        elif ident == 0x0104:
            need(3)
            bits, parity, stop = body[0], chr(body[1]), struct.unpack_from("<b", body, 2)[0]
            if not 1 <= bits <= 8 or parity not in PARITIES or stop == 0:
                damaged(f"chunk &0104 at byte {at} defines a format of {bits} bits, parity "
                        f"{body[1]:#04x}, {stop} stop bits")
            segments.append(Data(body[3:], baud, bits, parity, abs(stop) + (stop < 0), base_hz=base))
        elif ident == 0x0110:
            segments.append(Tone(number("<H"), base))
        elif ident == 0x0111:
            before, after = number("<H"), number("<H", 2)
            segments += [Tone(before, base), Data([DUMMY_BYTE], baud, base_hz=base), Tone(after, base)]
        elif ident == 0x0112:
            segments.append(Gap(number("<H") / (2 * base)))
        elif ident == 0x0113:
            base = seconds_float()
            if not 100 <= base <= 20000:
                damaged(f"chunk &0113 at byte {at} sets a base frequency of {base} Hz")
        elif ident == 0x0114:
            count = number("<I") & 0xFFFFFF
            need(5 + (count + 7) // 8)
            bits = [(body[5 + (i >> 3)] >> (7 - (i & 7))) & 1 for i in range(count)]
            segments.append(Cycles(bits, base))
        elif ident == 0x0116:
            segments.append(Gap(seconds_float()))
        elif ident == 0x0117:
            baud = number("<H")
            if baud not in (300, 1200):
                damaged(f"chunk &0117 at byte {at} sets {baud} baud (300 or 1200)")
        at += 6 + length
    return [s for s in segments if s.seconds > 0]
