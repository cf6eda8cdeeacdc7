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
