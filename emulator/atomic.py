"""Writing a file whole or not at all: a temporary file in the same directory, renamed over the old
one, so a crash or an error never leaves half a file (docs/architecture.md, "Clear errors, nothing lost")."""
import os
import tempfile

from emulator.errors import UserError


def _new_file_mode():
    mask = os.umask(0)
    os.umask(mask)
    return 0o666 & ~mask


def replace_file(path, data, keep_mode=False):
    """Write `data` (bytes, or str as UTF-8) to `path`.  The file gets the permissions open() would
    give a new one (mkstemp's are private), or with `keep_mode` those of the file it replaces.
    Raises OSError, with no temporary file left behind and the old file untouched."""
    path = os.fspath(path)
    if isinstance(data, str):
        data = data.encode("utf-8")
    mode = None
    if keep_mode:
        try:
            mode = os.stat(path).st_mode & 0o777
        except OSError:
            pass
    if mode is None:
        mode = _new_file_mode()
    fd, temporary = tempfile.mkstemp(prefix=".tmp-", dir=os.path.dirname(os.path.abspath(path)))
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(data)
        os.chmod(temporary, mode)
        os.replace(temporary, path)
    except BaseException:
        try:
            os.unlink(temporary)
        except OSError:
            pass
        raise


def write_atomically(path, data):
    """Write `data` (bytes or str) to `path` through a temporary file and a rename."""
    try:
        replace_file(path, data)
    except OSError as e:
        raise UserError(f"cannot write {os.fspath(path)}: {e.strerror or e}") from None
