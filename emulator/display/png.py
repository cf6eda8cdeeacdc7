"""Writing an RGB frame as a PNG file (zlib only), atomically: a temporary file renamed into place."""
import os
import struct
import zlib

import numpy as np

from emulator.atomic import replace_file
from emulator.errors import UserError


def png_bytes(rgb):
    """PNG file contents for a uint8 (height, width, 3) array."""
    rgb = np.ascontiguousarray(rgb, dtype=np.uint8)
    height, width, channels = rgb.shape
    if channels != 3:
        raise ValueError("png_bytes wants an (H, W, 3) array")
    rows = np.concatenate([np.zeros((height, 1), dtype=np.uint8), rgb.reshape(height, width * 3)], axis=1)

    def chunk(kind, data):
        return (struct.pack(">I", len(data)) + kind + data
                + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF))

    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)     # 8-bit RGB, no interlace
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header)
            + chunk(b"IDAT", zlib.compress(rows.tobytes(), 6)) + chunk(b"IEND", b""))


def write_png(path, rgb):
    try:
        replace_file(path, png_bytes(rgb))
    except OSError as e:
        raise UserError(f"cannot write screenshot {os.fspath(path)}: {e.strerror}") from None


def _unfilter(raw, height, width, channels):
    """The scan lines of a non-interlaced 8-bit PNG with their filters undone (PNG spec, 9.2)."""
    stride = width * channels
    lines = np.frombuffer(raw, dtype=np.uint8).reshape(height, stride + 1)
    out = np.zeros((height, stride), dtype=np.uint8)
    previous = np.zeros(stride, dtype=np.uint8)
    for y in range(height):
        kind, line = lines[y, 0], lines[y, 1:].astype(np.int32)
        if kind == 0:
            result = line
        elif kind == 1:                     # Sub: each byte adds the byte one pixel to its left
            result = np.cumsum(line.reshape(width, channels), axis=0).reshape(stride)
        elif kind == 2:                     # Up
            result = line + previous
        elif kind in (3, 4):                # Average, Paeth: each byte depends on the one before
            result = np.zeros(stride, dtype=np.int32)
            up = previous.astype(np.int32)
            for x in range(stride):
                left = result[x - channels] if x >= channels else 0
                if kind == 3:
                    predictor = (left + up[x]) // 2
                else:
                    corner = up[x - channels] if x >= channels else 0
                    p = left + up[x] - corner
                    pa, pb, pc = abs(p - left), abs(p - up[x]), abs(p - corner)
                    predictor = left if pa <= pb and pa <= pc else (up[x] if pb <= pc else corner)
                result[x] = (line[x] + predictor) & 0xFF
        else:
            raise ValueError(f"PNG line {y} has unknown filter type {kind}")
        out[y] = result & 0xFF
        previous = out[y]
    return out.reshape(height, width, channels)


def read_png(path):
    """An 8-bit RGB or RGBA, non-interlaced PNG file as a uint8 (height, width, 3) array (alpha
    dropped): enough to read reference pictures for comparison."""
    data = open(path, "rb").read()
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        raise UserError(f"{os.fspath(path)}: not a PNG file")
    pos, header, compressed = 8, None, []
    while pos + 8 <= len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + length]
        if kind == b"IHDR":
            header = struct.unpack(">IIBBBBB", body)
        elif kind == b"IDAT":
            compressed.append(body)
        elif kind == b"IEND":
            break
        pos += 12 + length
    if header is None:
        raise UserError(f"{os.fspath(path)}: PNG file without a header")
    width, height, depth, colour_type, _, _, interlace = header
    channels = {2: 3, 6: 4}.get(colour_type)
    if depth != 8 or channels is None or interlace:
        raise UserError(f"{os.fspath(path)}: only 8-bit RGB or RGBA PNG files without interlace are read")
    try:
        raw = zlib.decompress(b"".join(compressed))
    except zlib.error:
        raise UserError(f"{os.fspath(path)}: damaged PNG data") from None
    if len(raw) != height * (width * channels + 1):
        raise UserError(f"{os.fspath(path)}: PNG data of the wrong size")
    return np.ascontiguousarray(_unfilter(raw, height, width, channels)[:, :, :3])
