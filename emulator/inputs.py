"""Reading a user's input file: one wording for every sub-command, and never more than the format
can hold.

`read_input(path, what, limit)` reads at most `limit` bytes (plus one, to tell a file that is too
big) and says why it cannot in one line, the same way for a listing, a binary, a disc image, a save
state, a script or a ROM:

    PATH: cannot read the WHAT: no such file
    PATH: cannot read the WHAT: it is a directory
    PATH: cannot read the WHAT: a loop of symbolic links
    PATH: cannot read the WHAT: Permission denied            (the system's words for the rest)
    PATH: the WHAT is larger than LIMIT bytes, the most FORMAT can hold

Reading stops at the limit, so /dev/zero or a FIFO that never ends costs no more than the limit.
"""
import errno
import os

from emulator.errors import UserError

# The most each kind of input can be.  A listing: BASIC has at most 32 KiB of RAM to hold it, and
# a listing typed in is rarely twice the size of the program it makes; 1 MiB leaves room for
# comments and blank lines.  Scripts and assembler sources have no machine limit; 16 MiB is far
# beyond any hand-written one.
LISTING_LIMIT = 1 << 20
SOURCE_LIMIT = 16 << 20
SCRIPT_LIMIT = 16 << 20
BINARY_LIMIT = 0x10000          # a 6502 sees 64 KiB
STATE_LIMIT = 64 << 20          # a save state: 64 KiB of RAM, the chips, bounded histories


def reason(error):
    """The words for an OSError, the same in every message."""
    if isinstance(error, FileNotFoundError) or error.errno == errno.ENOENT:
        return "no such file"
    if isinstance(error, IsADirectoryError) or error.errno == errno.EISDIR:
        return "it is a directory"
    if error.errno == errno.ELOOP:
        return "a loop of symbolic links"
    if error.errno == errno.ENOTDIR:
        return "a part of the path is not a directory"
    return error.strerror or str(error)


def cannot_read(path, what, error):
    """The one-line message for an OSError reading `path`."""
    return f"{os.fspath(path)}: cannot read the {what}: {reason(error)}"


def read_input(path, what, limit, holds=None, error=UserError):
    """The bytes of `path`, at most `limit` of them; `error` (a UserError class) with one line
    otherwise.  `holds` names what bounds the size in the message (default: "a {what}")."""
    try:
        if os.path.isdir(path):
            raise IsADirectoryError(errno.EISDIR, os.strerror(errno.EISDIR), os.fspath(path))
        with open(path, "rb") as f:
            data = f.read(limit + 1)
    except OSError as e:
        raise error(cannot_read(path, what, e)) from None
    if len(data) > limit:
        raise error(f"{os.fspath(path)}: the {what} is larger than {limit} bytes, "
                    f"the most {holds or 'a ' + what} can hold")
    return data


def check_directory(path, what):
    """UserError unless `path` is a directory, in the words of the messages above."""
    try:
        os.listdir(path)
    except NotADirectoryError:
        raise UserError(f"{os.fspath(path)}: cannot read the {what}: not a directory") from None
    except OSError as e:
        raise UserError(cannot_read(path, what, e)) from None
