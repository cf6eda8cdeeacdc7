"""Writing an RGB frame as a PNG file (zlib only), atomically: a temporary file renamed into place."""
import os
import struct
import tempfile
import zlib

import numpy as np

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
    data = png_bytes(rgb)
    path = os.fspath(path)
    directory = os.path.dirname(os.path.abspath(path))
    try:
        fd, temporary = tempfile.mkstemp(prefix=".screenshot-", suffix=".png", dir=directory)
    except OSError as e:
        raise UserError(f"cannot write screenshot {path}: {e.strerror}") from None
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(data)
        umask = os.umask(0)
        os.umask(umask)
        os.chmod(temporary, 0o666 & ~umask)          # mkstemp makes it private; a PNG is not
        os.replace(temporary, path)
    except OSError as e:
        os.unlink(temporary)
        raise UserError(f"cannot write screenshot {path}: {e.strerror}") from None
