"""Writing a file whole or not at all: a temporary file in the same directory, renamed over the old
one, so a crash or an error never leaves half a file (docs/architecture.md, "Clear errors, nothing lost").

Only a regular file (or a name that is not there yet) is replaced that way.  A path that names
something else -- a device such as /dev/null or /dev/stdout, a FIFO, a terminal -- is written to
directly, as `open()` would: renaming over it would put a regular file in the device's place.  A
directory is refused."""
import errno
import os
import stat
import tempfile

from emulator.errors import UserError


def _new_file_mode():
    mask = os.umask(0)
    os.umask(mask)
    return 0o666 & ~mask


def is_special(path):
    """True when `path` names something that is not a regular file (following symbolic links): a
    device, a FIFO, a socket.  False for a regular file, a directory and a name that is not there."""
    try:
        mode = os.stat(path).st_mode
    except OSError:
        return False
    return not stat.S_ISREG(mode) and not stat.S_ISDIR(mode)


def _output(path, data):
    """(path as text, data as bytes) of an output; IsADirectoryError for a directory."""
    path = os.fspath(path)
    if isinstance(data, str):
        data = data.encode("utf-8")
    if os.path.isdir(path):
        raise IsADirectoryError(errno.EISDIR, os.strerror(errno.EISDIR), path)
    return path, data


def replace_file(path, data, keep_mode=False):
    """Write `data` (bytes, or str as UTF-8) to `path`.  The file gets the permissions open() would
    give a new one (mkstemp's are private), or with `keep_mode` those of the file it replaces.
    Raises OSError, with no temporary file left behind and the old file untouched.  A device or a
    FIFO is written to in place (see the module's docstring)."""
    path, data = _output(path, data)
    if is_special(path):
        with open(path, "wb") as f:         # no O_CREAT race: it exists, and is not replaced
            f.write(data)
        return
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


def replace_files(outputs):
    """Write several files, all or none: `outputs` is a list of (path, data).  Every file is first
    written to a temporary file beside it; only when all of them are written are they renamed into
    place.  A device or FIFO among them is written last, once the renames are done (it cannot be
    taken back).  Raises OSError with no temporary file left and, when a write fails, nothing
    replaced."""
    staged, special = [], []
    try:
        for path, data in outputs:
            path, data = _output(path, data)
            if is_special(path):
                special.append((path, data))
                continue
            try:
                fd, temporary = tempfile.mkstemp(prefix=".tmp-", dir=os.path.dirname(os.path.abspath(path)))
            except OSError as e:
                raise OSError(e.errno, e.strerror, path) from None
            staged.append((temporary, path))
            with os.fdopen(fd, "wb") as f:
                f.write(data)
            os.chmod(temporary, _new_file_mode())
        for temporary, path in staged:
            os.replace(temporary, path)
    except BaseException:
        for temporary, _ in staged:
            try:
                os.unlink(temporary)
            except OSError:
                pass
        raise
    for path, data in special:
        with open(path, "wb") as f:
            f.write(data)
