"""Tapes the tests build from their own bytes, and reading back what a machine recorded.

BBC Micro cassette filing system blocks (BBC Micro Advanced User Guide, "cassette filing system";
BeebWiki, "Acorn cassette format"): the sync byte &2A, the file name (1-10 characters) and a zero,
the load and execution addresses (4 bytes each), the block number (2), the data length (2), the
block flag (bit 7: the last block; bit 6: no data; bit 0: locked), 4 spare bytes, the header's CRC,
the data and the data's CRC.  Numbers are little-endian; each CRC (CRC-16, polynomial &1021, from 0,
over the header from the name on, or over the data) is stored high byte first.  Blocks hold 256
bytes, the last one the rest.  A leader tone comes before the first block, a shorter one before
each other block.
"""
from emulator.media.uef import Data, Gap, Tape, Tone

CFS_BLOCK = 256
LEADER_CYCLES = 2 * 2400 * 2        # 2 s of 2400 Hz before a file's first block
BETWEEN_CYCLES = 2400 * 6 // 10     # 0.6 s between blocks


def crc16(data):
    crc = 0
    for byte in data:
        crc ^= byte << 8
        for _ in range(8):
            crc = ((crc << 1) ^ 0x1021) if crc & 0x8000 else crc << 1
            crc &= 0xFFFF
    return crc


def cfs_blocks(name, data, load=0xFFFF1900, exec_=0xFFFF8023):
    """The CFS blocks of a file: a list of each block's bytes, from the sync byte on."""
    blocks = []
    count = max(1, -(-len(data) // CFS_BLOCK))
    for n in range(count):
        chunk = data[n * CFS_BLOCK:(n + 1) * CFS_BLOCK]
        flag = 0x80 if n == count - 1 else 0
        if not chunk:
            flag |= 0x40
        header = (name.encode("ascii") + b"\0" + load.to_bytes(4, "little") + exec_.to_bytes(4, "little")
                  + n.to_bytes(2, "little") + len(chunk).to_bytes(2, "little") + bytes([flag])
                  + bytes(4))
        block = b"\x2A" + header + crc16(header).to_bytes(2, "big")
        if chunk:
            block += chunk + crc16(chunk).to_bytes(2, "big")
        blocks.append(block)
    return blocks


def cfs_tape(files, baud=1200):
    """A Tape holding `files`, [(name, data, load, exec)], as MOS 1.20 would have saved them."""
    segments = []
    for name, data, load, exec_ in files:
        for n, block in enumerate(cfs_blocks(name, data, load, exec_)):
            segments.append(Tone(LEADER_CYCLES if n == 0 else BETWEEN_CYCLES))
            segments.append(Data(block, baud))
        segments.append(Tone(BETWEEN_CYCLES))
        segments.append(Gap(1.0))
    return Tape(segments)


def read_cfs(data):
    """The files in a stream of CFS bytes, {name: (data, load, exec)}, checking every CRC."""
    files = {}
    at = 0
    while True:
        at = data.find(b"\x2A", at)
        if at < 0:
            return files
        end = data.index(b"\0", at + 1)
        name = data[at + 1:end].decode("ascii")
        header = data[at + 1:end + 1 + 17]
        load, exec_ = (int.from_bytes(header[len(name) + 1 + i:len(name) + 5 + i], "little") for i in (0, 4))
        length = int.from_bytes(header[len(name) + 11:len(name) + 13], "little")
        assert int.from_bytes(data[end + 18:end + 20], "big") == crc16(header), f"{name}: header CRC"
        body = data[end + 20:end + 20 + length]
        if length:
            assert int.from_bytes(data[end + 20 + length:end + 22 + length], "big") == crc16(body), \
                f"{name}: data CRC"
        old = files.get(name, (b"", load, exec_))
        files[name] = (old[0] + body, load, exec_)
        at = end + 22 + length


# Acorn Atom tape blocks, as Acorn's Atom kernel writes them (measured by recording its SAVE; the
# layout "Atomic Theory and Practice" describes): four "*", the name and a carriage return, the
# block flag (bit 7: more blocks follow; bit 6: the block holds data; bit 5: not the first block),
# the block number, the data length less one, the execution and the load address (each high byte
# first), a pause of carrier, the data and a checksum (the sum of every byte from the first "*").
ATOM_BLOCK = 256
ATOM_BAUD = 300
ATOM_LEADER_CYCLES = 4 * 2400       # 4 s of 2400 Hz
ATOM_PAUSE_CYCLES = 150 * 8         # the kernel's pause between header and data: ~150 bit cells


def atom_blocks(name, data, load, exec_):
    """[(header, data with checksum)] for each block of an Atom file."""
    blocks = []
    count = max(1, -(-len(data) // ATOM_BLOCK))
    for n in range(count):
        chunk = data[n * ATOM_BLOCK:(n + 1) * ATOM_BLOCK]
        flag = 0x40 | (0x80 if n < count - 1 else 0) | (0x20 if n else 0)
        address = load + n * ATOM_BLOCK
        header = (b"****" + name.encode("ascii") + b"\r" + bytes([flag]) + n.to_bytes(2, "big")
                  + bytes([len(chunk) - 1]) + exec_.to_bytes(2, "big") + address.to_bytes(2, "big"))
        blocks.append((header, chunk + bytes([sum(header + chunk) & 0xFF])))
    return blocks


def atom_tape(files):
    """A Tape holding `files`, [(name, data, load, exec)], in the Atom kernel's format."""
    segments = []
    for name, data, load, exec_ in files:
        for header, body in atom_blocks(name, data, load, exec_):
            segments += [Tone(ATOM_LEADER_CYCLES), Data(header, ATOM_BAUD),
                         Tone(ATOM_PAUSE_CYCLES), Data(body, ATOM_BAUD)]
        segments += [Tone(ATOM_PAUSE_CYCLES), Gap(1.0)]
    return Tape(segments)
