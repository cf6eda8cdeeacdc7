"""The host filing card: a small expansion card of our own design (docs/hostfs.md is its contract).

It serves a directory of the host computer (drive 0) and, on the BBC, read-only .ssd disc images
(drives 1-3) to the emulated machine through four registers:

    offset  read                                    write
    0       STATUS (0 ok, else the error number)    COMMAND: run command N at once
    1       DATA: next result byte (0 past the end)  DATA: append a parameter byte
    2       ID: "H" (&48)                           RESET: empty the parameters and the result
    3       ID2: protocol version (1)               (ignored)

The card only ever sees register accesses; it knows nothing of OSFILE or of the Atom's COS calls.

Files on the host: a file NAME of directory $ is the host file NAME, of directory D the host file D.NAME
(the Atom has no directories: its names are used as they are); its load and execution addresses live
in a sidecar NAME.inf in the "standard archive format" of BBC emulators and tools (Wouter Scholten's,
described at bbc.nvg.org/std-format.php3: "[filename] load exec [length] [lock] ..."; we write
"$.NAME 00001900 00008023 000100" and a trailing "L" for a locked file).  Every write to the host goes
to a temporary file in the same directory renamed over the old one, so an error never leaves half a
file, and a refused command never touches an existing one.

Error numbers and messages are those of Acorn's disc and network filing systems, so a program that
traps errors sees the numbers period software expects (Acorn file-server error table, e.g.
&C3 locked, &C6 disc full, &C9 disc read only, &D6 not found, &DE channel, &DF EOF, &FE bad command;
HADFS manual chapter 6 at mdfs.net for &CC "Bad filename" and &CD "Bad drive").
"""
import errno
import os
import re

from emulator.atomic import is_special, replace_file

ID = 0x48                       # "H"
# The file names a card takes, as the machine's filing system has them (the machine says which)
DFS_NAMES = "dfs"               # the BBC's DFS: a directory character and up to 7 characters
FLAT_NAMES = "flat"             # the Atom's: up to 13 characters, no directories
VERSION = 2                     # 2: RENAME, DIRINFO, SETDIR and RUNLOAD (commands 15-18)

# Commands (docs/hostfs.md)
(OPEN, CLOSE, BGET, BPUT, ARGS, LOAD, SAVE, INFO, SETINFO, DELETE, CAT, INFOTEXT, DRIVE, NAMES, RENAME,
 DIRINFO, SETDIR, RUNLOAD) = range(1, 19)

# The longest file the card holds: DFS keeps a file's length in 18 bits (Acorn DFS catalogue,
# sector 1: bits 16-17 of the length in the top byte's bits 4-5), so &3FFFF bytes; the card applies
# the same bound on the Atom.  Growing a file beyond it gives DFS's "Can't extend".
MAX_FILE_LENGTH = (1 << 18) - 1
# The parameter buffer: the largest command is SAVE of the whole 64 KiB with a name and two words.
MAX_PARAMS = 0x10000 + 0x100

MODE_READ, MODE_WRITE, MODE_UPDATE = 0x40, 0x80, 0xC0
LOCKED = 0x08                   # attribute bit 3
FIRST_HANDLE = 0x11             # DFS hands out channels &11-&15
MAX_OPEN = 5
NO_INF_LOAD, NO_INF_EXEC = 0x00000000, 0xFFFFFFFF

# The DFS errors the card gives: number, message.
ERR_TOO_MANY_OPEN = (0xC0, "Too many open files")
ERR_READ_ONLY = (0xC1, "File read only")
ERR_OPEN = (0xC2, "File open")
ERR_LOCKED = (0xC3, "File locked")
ERR_EXISTS = (0xC4, "Exists")           # DFS's *RENAME to a name that is taken
ERR_DISC_FULL = (0xC6, "Disc full")
ERR_DISC_READ_ONLY = (0xC9, "Disc read only")
ERR_BAD_NAME = (0xCC, "Bad filename")
ERR_BAD_DRIVE = (0xCD, "Bad drive")
ERR_BAD_DIR = (0xCE, "Bad dir")         # (&CE: the Acorn file-server error table)
ERR_OUTSIDE = (0xB7, "Outside file")
ERR_CANT_EXTEND = (0xBF, "Can't extend")  # PTR or EXT past the longest file (HADFS manual ch. 6)
ERR_NOT_FOUND = (0xD6, "File not found")
ERR_CHANNEL = (0xDE, "Channel")
ERR_EOF = (0xDF, "EOF")
ERR_BAD_COMMAND = (0xFE, "Bad command")

# Names.  DFS: a directory letter and up to 7 characters, none of . : * # " or space (Acorn DFS
# user guide).  Atom COS: up to 13 characters (theoddys.com, "Acorn cassette filing systems":
# "System COS filenames can be up to 16 characters whilst Atom COS only allows 13").  Neither may
# hold / or \ here, which a host directory cannot.
BBC_NAME_LENGTH = 7
ATOM_NAME_LENGTH = 13
BBC_FORBIDDEN = set('.:*#" /\\')
ATOM_FORBIDDEN = set('*#" /\\')


class CardError(Exception):
    """A command failed: the DFS error number and message the card reports."""

    def __init__(self, error):
        super().__init__(error[1])
        self.number, self.message = error


def _check(ok, error):
    if not ok:
        raise CardError(error)


def _word(value):
    return (value & 0xFFFFFFFF).to_bytes(4, "little")


class Params:
    """The parameter buffer as the command reads it."""

    def __init__(self, data):
        self.data = bytes(data)
        self.pos = 0

    def byte(self):
        _check(self.pos < len(self.data), ERR_BAD_COMMAND)
        self.pos += 1
        return self.data[self.pos - 1]

    def word(self):
        _check(self.pos + 4 <= len(self.data), ERR_BAD_COMMAND)
        self.pos += 4
        return int.from_bytes(self.data[self.pos - 4:self.pos], "little")

    def text(self):
        end = self.data.find(b"\r", self.pos)
        _check(end >= 0, ERR_BAD_COMMAND)
        text = self.data[self.pos:end].decode("latin-1")
        self.pos = end + 1
        return text

    def rest(self):
        rest = self.data[self.pos:]
        self.pos = len(self.data)
        return rest


class Entry:
    """A file as the machine sees it: drive, directory, name, addresses, length, lock."""

    def __init__(self, drive, directory, name, load, exec_, length, locked, host=None, start=None):
        self.drive, self.directory, self.name = drive, directory, name
        self.load, self.exec, self.length, self.locked = load, exec_, length, locked
        self.host = host                # the host file's name (drive 0)
        self.start = start              # the first sector (disc images)

    @property
    def attributes(self):
        return LOCKED if self.locked else 0

    def full_name(self, with_directory=True):
        return f"{self.directory}.{self.name}" if with_directory and self.directory else self.name


class OpenFile:
    def __init__(self, entry, mode, data, read_only):
        self.entry = entry
        self.mode = mode
        self.data = bytearray(data)
        self.ptr = 0
        self.read_only = read_only
        self.dirty = False


class HostDirectory:
    """Drive 0: a host directory, with .inf sidecars."""

    read_only = False

    def __init__(self, path, profile):
        self.path = os.fspath(path)
        self.profile = profile

    boot_option = 0

    def title(self):
        return os.path.basename(os.path.abspath(self.path))[:12]

    # --- host names ---------------------------------------------------------------------------

    def _host_name(self, directory, name):
        if self.profile == FLAT_NAMES or directory in ("$", ""):
            return name
        return f"{directory}.{name}"

    def _entry_for_host(self, host):
        """The machine's view of host file `host`, or None when it is not a name the machine holds."""
        if host.lower().endswith(".inf"):
            return None
        if self.profile == FLAT_NAMES:
            directory, name = "", host
        elif len(host) > 2 and host[1] == ".":
            directory, name = host[0], host[2:]
        else:
            directory, name = "$", host
        try:
            check_name(self.profile, directory, name)
        except CardError:
            return None
        full = os.path.join(self.path, host)
        try:
            length = os.path.getsize(full)
        except OSError:
            return None
        if length > MAX_FILE_LENGTH:            # more than the filing system can address
            return None
        load, exec_, locked = read_inf(full + ".inf")
        return Entry(0, directory, name, load, exec_, length, locked, host=host)

    def entries(self):
        try:
            hosts = sorted(os.listdir(self.path))
        except OSError:
            return []
        found = []
        for host in hosts:
            if os.path.isfile(os.path.join(self.path, host)):
                entry = self._entry_for_host(host)
                if entry is not None:
                    found.append(entry)
        return found

    def find(self, directory, name):
        wanted = self._host_name(directory, name).upper()
        try:
            hosts = sorted(os.listdir(self.path))
        except OSError:
            return None
        for host in hosts:
            if host.upper() == wanted and os.path.isfile(os.path.join(self.path, host)):
                return self._entry_for_host(host)
        return None

    def read(self, entry):
        try:
            with open(os.path.join(self.path, entry.host), "rb") as f:
                data = f.read(MAX_FILE_LENGTH + 1)
        except OSError as e:
            raise CardError(_os_error(e)) from None
        _check(len(data) <= MAX_FILE_LENGTH, ERR_CANT_EXTEND)     # grew on the host since
        return data

    # --- writing (each file to a temporary file renamed into place) ---------------------------

    def write(self, directory, name, data, load, exec_, locked=False, old=None):
        host = old.host if old is not None else self._host_name(directory, name)
        full = os.path.join(self.path, host)
        _write_atomically(full, bytes(data))
        _write_atomically(full + ".inf", self._inf_text(directory, name, load, exec_, len(data), locked))
        return self.find(directory, name)

    def _inf_text(self, directory, name, load, exec_, length, locked):
        inf_name = (f"$.{name}" if directory in ("$", "") else f"{directory}.{name}") \
            if self.profile == DFS_NAMES else name
        inf = f"{inf_name} {load & 0xFFFFFFFF:08X} {exec_ & 0xFFFFFFFF:08X} {length:06X}"
        if locked:
            inf += " L"
        return (inf + "\n").encode("latin-1")

    def rename(self, entry, directory, name):
        """Give `entry` a new name; its .inf (when it has one) goes with it, naming the new name.
        The new .inf is written first and the file renamed over no existing host file, so a failure
        leaves the old name whole."""
        host = self._host_name(directory, name)
        full = os.path.join(self.path, host)
        old_full = os.path.join(self.path, entry.host)
        same = os.path.normcase(os.path.abspath(full)) == os.path.normcase(os.path.abspath(old_full)) \
            or (os.path.exists(full) and os.path.samefile(full, old_full))
        _check(same or not os.path.lexists(full), ERR_EXISTS)          # even a host file we do not show
        has_inf = os.path.isfile(old_full + ".inf")
        _check(same or not os.path.lexists(full + ".inf"), ERR_EXISTS)
        if has_inf:
            _write_atomically(full + ".inf" if not same else old_full + ".inf",
                              self._inf_text(directory, name, entry.load, entry.exec, entry.length, entry.locked))
        try:
            os.rename(old_full, full)
        except OSError as e:
            if has_inf and not same:
                _remove_quietly(full + ".inf")
            raise CardError(_os_error(e)) from None
        if has_inf and not same:
            _remove_quietly(old_full + ".inf")
        elif has_inf and host != entry.host:
            try:                                                # a change of case only: the .inf
                os.rename(old_full + ".inf", full + ".inf")     # already names the new name
            except OSError:
                pass

    def write_inf(self, entry, load, exec_, locked):
        data = self.read(entry)
        return self.write(entry.directory, entry.name, data, load, exec_, locked, old=entry)

    def delete(self, entry):
        full = os.path.join(self.path, entry.host)
        try:
            os.remove(full)
        except OSError as e:
            raise CardError(_os_error(e)) from None
        try:
            os.remove(full + ".inf")
        except FileNotFoundError:
            pass
        except OSError as e:
            raise CardError(_os_error(e)) from None


class DiscDrive:
    """Drives 1-3: a read-only DFS disc image (emulator/media/dfs_disc.py reads it)."""

    read_only = True

    def __init__(self, disc):
        self.disc = disc

    def title(self):
        return self.disc.title

    @property
    def boot_option(self):
        return self.disc.boot_option

    def entries(self):
        return [Entry(self.disc.drive, f.directory, f.name, f.load, f.exec, f.length, f.locked, start=f.start)
                for f in self.disc.files]

    def find(self, directory, name):
        for entry in self.entries():
            if _same(entry.directory, directory) and _same(entry.name, name):
                return entry
        return None

    def read(self, entry):
        return self.disc.read(entry.start, entry.length)


def _same(a, b):
    return a.upper() == b.upper()


def check_name(profile, directory, name):
    """Raise Bad filename unless the machine's filing system can hold this name."""
    if profile == FLAT_NAMES:
        _check(0 < len(name) <= ATOM_NAME_LENGTH, ERR_BAD_NAME)
        _check(all(0x21 <= ord(c) <= 0x7E and c not in ATOM_FORBIDDEN for c in name), ERR_BAD_NAME)
        _check(not name.lower().endswith(".inf") and name not in (".", ".."), ERR_BAD_NAME)
        return
    _check(len(directory) == 1 and 0x21 <= ord(directory) <= 0x7E
           and (directory == "$" or directory not in BBC_FORBIDDEN), ERR_BAD_NAME)
    _check(0 < len(name) <= BBC_NAME_LENGTH, ERR_BAD_NAME)
    _check(all(0x21 <= ord(c) <= 0x7E and c not in BBC_FORBIDDEN for c in name), ERR_BAD_NAME)
    _check(name.lower() != "inf", ERR_BAD_NAME)        # D.INF is the host file D.inf: $.D's sidecar


def read_inf(path):
    """(load, exec, locked) from a .inf sidecar; a missing or unreadable one gives the defaults."""
    try:
        with open(path, "rb") as f:
            words = f.read(256).decode("latin-1").split()
    except OSError:
        return NO_INF_LOAD, NO_INF_EXEC, False
    hex_word = re.compile(r"^[0-9A-Fa-f]{1,8}$")
    # The name is optional: present when the first word cannot be an address, or when a fourth
    # hex word (the length) follows three.
    if words and (not hex_word.match(words[0]) or
                  (len(words) >= 4 and all(hex_word.match(w) for w in words[1:4]))):
        words = words[1:]
    if len(words) < 2 or not hex_word.match(words[0]) or not hex_word.match(words[1]):
        return NO_INF_LOAD, NO_INF_EXEC, False
    locked = any(w.upper() in ("L", "LOCKED") for w in words[2:])
    return int(words[0], 16), int(words[1], 16), locked


def _remove_quietly(path):
    try:
        os.remove(path)
    except OSError:
        pass


def _write_atomically(path, data):
    # A device or FIFO in the served directory is not a file of the machine's: writing into it
    # could block the emulator (a FIFO with no reader), and replacing it is not ours to do.
    _check(not is_special(path), ERR_DISC_READ_ONLY)
    try:
        replace_file(path, data, keep_mode=True)        # a file written again keeps its permissions
    except OSError as e:
        raise CardError(_os_error(e)) from None


def _os_error(e):
    if e.errno in (errno.ENOSPC, errno.EDQUOT, errno.EFBIG):
        return ERR_DISC_FULL
    if e.errno in (errno.EACCES, errno.EPERM, errno.EROFS):
        return ERR_DISC_READ_ONLY
    if e.errno == errno.ENOENT:
        return ERR_NOT_FOUND
    return ERR_DISC_READ_ONLY           # anything else: the host will not take the write


class HostFilingCard:
    """The card.  `directory`: the host directory served as drive 0; `discs`: {drive: DFSDisc} for
    drives 1-3 (read only); `profile`: DFS_NAMES (the BBC's: directory and 7 characters) or
    FLAT_NAMES (the Atom's: names of up to 13 characters, no directories)."""

    def __init__(self, directory, discs=None, profile=None):
        profile = DFS_NAMES if profile is None else profile
        if profile not in (DFS_NAMES, FLAT_NAMES):
            raise ValueError(f"unknown filing card profile {profile!r}")
        self.profile = profile
        self.drives = {0: HostDirectory(directory, profile)}
        for drive, disc in (discs or {}).items():
            self.drives[drive] = DiscDrive(disc)
        self.current_drive = 0          # the current directory's drive
        self.directory = "$"            # the current directory (*DIR): names without one are in it
        self.library = (0, "$")         # the library's drive and directory (*LIB)
        self.open_files = {}            # handle -> OpenFile
        self.params = bytearray()
        self.params_overflow = False    # more parameters than any command takes: the command fails
        self.result = b""
        self.result_pos = 0
        self.status = 0

    # --- registers ----------------------------------------------------------------------------

    def read(self, addr, cycle=0):
        register = addr & 3
        if register == 1:
            if self.result_pos < len(self.result):
                self.result_pos += 1
                return self.result[self.result_pos - 1]
            return 0
        return self.peek(addr)

    def peek(self, addr):
        register = addr & 3
        if register == 0:
            return self.status
        if register == 1:
            return self.result[self.result_pos] if self.result_pos < len(self.result) else 0
        return ID if register == 2 else VERSION

    def write(self, addr, value, cycle=0):
        register = addr & 3
        if register == 0:
            self.command(value & 0xFF)
        elif register == 1:
            if len(self.params) < MAX_PARAMS:
                self.params.append(value & 0xFF)
            else:
                self.params_overflow = True
        elif register == 2:
            self.params = bytearray()
            self.params_overflow = False
            self.result, self.result_pos = b"", 0

    def command(self, number):
        """Run command `number` on the parameters written so far, then empty them."""
        params = Params(self.params)
        overflow = self.params_overflow
        self.params = bytearray()
        self.params_overflow = False
        self.result_pos = 0
        handler = self._commands.get(number)
        try:
            _check(handler is not None and not overflow, ERR_BAD_COMMAND)
            self.result = bytes(handler(self, params) or b"")
            self.status = 0
        except CardError as e:
            self.status = e.number
            self.result = e.message.encode("latin-1") + b"\0"

    # --- names --------------------------------------------------------------------------------

    def _parse(self, text, wild=False):
        """(drive, directory, name) of a name as the machine wrote it: [:d.][D.]NAME (BBC)."""
        drive = self.current_drive
        if self.profile == FLAT_NAMES:
            _check(len(text) > 0, ERR_BAD_NAME)
            if not wild:
                check_name(FLAT_NAMES, "", text)
            return drive, "", text
        if len(text) >= 2 and text[0] == ":":
            _check(text[1] in "0123", ERR_BAD_DRIVE)
            drive = int(text[1])
            text = text[2:]
            if text.startswith("."):
                text = text[1:]
        directory = self.directory
        if len(text) >= 2 and text[1] == ".":
            directory, text = text[0], text[2:]
        if not wild:
            check_name(DFS_NAMES, directory, text)
        else:
            _check(0 < len(text) <= BBC_NAME_LENGTH, ERR_BAD_NAME)
        return drive, directory, text

    def _drive(self, number):
        drive = self.drives.get(number)
        _check(drive is not None, ERR_BAD_DRIVE)
        return drive

    def _find(self, text):
        number, directory, name = self._parse(text)
        drive = self._drive(number)
        return drive, directory, name, drive.find(directory, name)

    def _is_open(self, entry, writing):
        for f in self.open_files.values():
            if f.entry.drive == entry.drive and _same(f.entry.directory, entry.directory) \
                    and _same(f.entry.name, entry.name):
                if writing or f.mode != MODE_READ:
                    return True
        return False

    def _writable(self, drive, entry):
        _check(not drive.read_only, ERR_DISC_READ_ONLY)
        if entry is not None:
            _check(not entry.locked, ERR_LOCKED)
            _check(not self._is_open(entry, writing=True), ERR_OPEN)

    # --- commands -----------------------------------------------------------------------------

    def _open(self, p):
        mode = p.byte() & 0xC0
        _check(mode in (MODE_READ, MODE_WRITE, MODE_UPDATE), ERR_BAD_COMMAND)
        drive, directory, name, entry = self._find(p.text())
        _check(len(self.open_files) < MAX_OPEN, ERR_TOO_MANY_OPEN)
        if mode == MODE_READ:
            if entry is None:
                return b"\0"
            _check(not self._is_open(entry, writing=False), ERR_OPEN)
            data = drive.read(entry)
        elif mode == MODE_UPDATE:
            if entry is None:
                return b"\0"
            _check(not drive.read_only, ERR_DISC_READ_ONLY)
            _check(not self._is_open(entry, writing=True), ERR_OPEN)
            data = drive.read(entry)
        else:
            self._writable(drive, entry)
            load, exec_ = (entry.load, entry.exec) if entry is not None else (0, 0)
            entry = drive.write(directory, name, b"", load, exec_, old=entry)
            data = b""
        handle = next(h for h in range(FIRST_HANDLE, FIRST_HANDLE + MAX_OPEN) if h not in self.open_files)
        read_only = mode == MODE_READ or drive.read_only
        self.open_files[handle] = OpenFile(entry, mode, data, read_only)
        return bytes([handle])

    def _handle(self, p):
        f = self.open_files.get(p.byte())
        _check(f is not None, ERR_CHANNEL)
        return f

    def _flush(self, f):
        if f.dirty:
            drive = self.drives[f.entry.drive]
            f.entry = drive.write(f.entry.directory, f.entry.name, bytes(f.data), f.entry.load, f.entry.exec,
                                  f.entry.locked, old=f.entry)
            f.dirty = False

    def _close(self, p):
        handle = p.byte()
        if handle == 0:
            self.close_all()
            return
        f = self.open_files.get(handle)
        _check(f is not None, ERR_CHANNEL)
        try:
            self._flush(f)
        finally:
            del self.open_files[handle]

    def close_all(self):
        """Close every open file, writing what was written to the host (also at the machine's end)."""
        failure = None
        for handle in sorted(self.open_files):
            try:
                self._flush(self.open_files[handle])
            except CardError as e:
                failure = failure or e
        self.open_files.clear()
        if failure is not None:
            raise failure

    def _bget(self, p):
        f = self._handle(p)
        if f.ptr >= len(f.data):
            return b"\0\xff"
        f.ptr += 1
        return bytes([f.data[f.ptr - 1], 0])

    def _bput(self, p):
        f = self._handle(p)
        value = p.byte()
        _check(not f.read_only, ERR_READ_ONLY)
        if f.ptr < len(f.data):
            f.data[f.ptr] = value
        else:
            _check(len(f.data) < MAX_FILE_LENGTH, ERR_CANT_EXTEND)
            f.data.append(value)
        f.ptr += 1
        f.dirty = True

    def _args(self, p):
        f = self._handle(p)
        op = p.byte()
        value = p.word()
        if op == 0:
            return _word(f.ptr)
        if op == 1:
            if value > len(f.data):
                _check(not f.read_only, ERR_OUTSIDE)
                _check(value <= MAX_FILE_LENGTH, ERR_CANT_EXTEND)
                f.data.extend(bytes(value - len(f.data)))
                f.dirty = True
            f.ptr = value
            return _word(value)
        if op == 2:
            return _word(len(f.data))
        if op == 3:
            _check(not f.read_only, ERR_READ_ONLY)
            _check(value <= MAX_FILE_LENGTH, ERR_CANT_EXTEND)
            if value < len(f.data):
                del f.data[value:]
            else:
                f.data.extend(bytes(value - len(f.data)))
            f.ptr = min(f.ptr, value)
            f.dirty = True
            return _word(value)
        if op == 4:
            return _word(0xFFFFFFFF if f.ptr >= len(f.data) else 0)
        raise CardError(ERR_BAD_COMMAND)

    def _load(self, p):
        drive, _, _, entry = self._find(p.text())
        _check(entry is not None, ERR_NOT_FOUND)
        return self._load_entry(drive, entry)

    @staticmethod
    def _load_entry(drive, entry):
        data = drive.read(entry)
        return _word(entry.load) + _word(entry.exec) + _word(len(data)) + bytes([entry.attributes]) + data

    def _run_load(self, p):
        """LOAD for *RUN: a name with neither drive nor directory that is not in the current
        directory is looked for in the library, as DFS's *RUN does."""
        text = p.text()
        number, directory, name = self._parse(text)
        drive = self._drive(number)
        entry = drive.find(directory, name)
        plain = self.profile == DFS_NAMES and not text.startswith(":") and not (len(text) >= 2 and text[1] == ".")
        if entry is None and plain:
            number, directory = self.library
            drive = self._drive(number)
            entry = drive.find(directory, name)
        _check(entry is not None, ERR_NOT_FOUND)
        return self._load_entry(drive, entry)

    def _save(self, p):
        drive, directory, name, entry = self._find(p.text())
        load, exec_ = p.word(), p.word()
        data = p.rest()
        self._writable(drive, entry)
        drive.write(directory, name, data, load, exec_, old=entry)

    def _info(self, p):
        _, _, _, entry = self._find(p.text())
        if entry is None:
            return bytes(14)
        return b"\1" + _word(entry.load) + _word(entry.exec) + _word(entry.length) + bytes([entry.attributes])

    def _setinfo(self, p):
        what = p.byte()
        _check(what in (1, 2, 3, 4), ERR_BAD_COMMAND)
        drive, _, _, entry = self._find(p.text())
        load, exec_, attributes = p.word(), p.word(), p.byte()
        if entry is None:
            return b"\0"
        _check(not drive.read_only, ERR_DISC_READ_ONLY)
        if what in (2, 3):
            _check(not entry.locked, ERR_LOCKED)
        new_load = load if what in (1, 2) else entry.load
        new_exec = exec_ if what in (1, 3) else entry.exec
        locked = bool(attributes & LOCKED) if what in (1, 4) else entry.locked
        drive.write_inf(entry, new_load, new_exec, locked)
        return b"\1"

    def _delete(self, p):
        drive, _, _, entry = self._find(p.text())
        if entry is None:
            return b"\0"
        self._writable(drive, entry)
        drive.delete(entry)
        return b"\1"

    def _catalogue_drive(self, text):
        text = text.strip()
        if text.startswith(":"):
            text = text[1:]
        if not text:
            return self.current_drive
        _check(text in ("0", "1", "2", "3"), ERR_BAD_DRIVE)
        return int(text)

    def _cat(self, p):
        number = self._catalogue_drive(p.text())
        drive = self._drive(number)
        entries = drive.entries()
        lines = [drive.title() or f"Drive {number}",
                 f"Drive {number}" + ("  (read only)" if drive.read_only else "")]
        here_dir = self.directory if self.profile == DFS_NAMES else ""
        if self.profile == DFS_NAMES:
            lines.append("Dir. :%d.%s       Lib. :%d.%s" % (self.current_drive, self.directory, *self.library))
        here = [e for e in entries if _same(e.directory, here_dir)]
        others = [e for e in entries if not _same(e.directory, here_dir)]
        cells = [("  " + e.name).ljust(10) + (" L" if e.locked else "") for e in here] + \
                [("  " + e.full_name()).ljust(10) + (" L" if e.locked else "") for e in others]
        for i in range(0, len(cells), 2):
            lines.append("".join(c.ljust(19) for c in cells[i:i + 2]).rstrip())
        return "".join(line + "\r" for line in lines).encode("latin-1") + b"\0"

    def _infotext(self, p):
        number, directory, name = self._parse(p.text(), wild=True)
        drive = self._drive(number)
        lines = []
        for e in drive.entries():
            if _wild_match(directory, e.directory) and _wild_match(name, e.name):
                flag = "L" if e.locked else " "
                lines.append(f"{e.full_name(self.profile == DFS_NAMES):<10}{flag} "
                             f"{e.load & 0xFFFFFF:06X} {e.exec & 0xFFFFFF:06X} {e.length & 0xFFFFFF:06X}")
        _check(lines, ERR_NOT_FOUND)
        return "".join(line + "\r" for line in lines).encode("latin-1") + b"\0"

    def _drive_command(self, p):
        number = self._catalogue_drive(p.text())
        self._drive(number)
        self.current_drive = number

    def _names(self, p):
        index = p.byte()
        here = self.directory if self.profile == DFS_NAMES else ""
        entries = [e for e in self._drive(self.current_drive).entries() if _same(e.directory, here)]
        if index >= len(entries):
            return b"\0"
        name = entries[index].name.encode("latin-1")
        return bytes([len(name)]) + name

    def _rename(self, p):
        number, directory, name = self._parse(p.text())
        new_number, new_directory, new_name = self._parse(p.text())
        _check(new_number == number, ERR_BAD_DRIVE)             # a file stays on its drive
        drive = self._drive(number)
        entry = drive.find(directory, name)
        _check(entry is not None, ERR_NOT_FOUND)
        _check(not drive.read_only, ERR_DISC_READ_ONLY)
        _check(not entry.locked, ERR_LOCKED)
        _check(not self._is_open(entry, writing=True), ERR_OPEN)     # open at all
        other = drive.find(new_directory, new_name)
        _check(other is None or other.host == entry.host, ERR_EXISTS)
        drive.rename(entry, new_directory, new_name)

    def _dirinfo(self, p):
        """OSGBPB 5 (title, boot option, drive), 6 (current directory), 7 (library) in the
        layout the AUG gives for those calls: length-prefixed strings."""
        what = p.byte()
        if what == 5:
            drive = self._drive(self.current_drive)
            title = (drive.title() or "")[:12].encode("latin-1")
            return bytes([len(title)]) + title + bytes([drive.boot_option, self.current_drive])
        _check(what in (6, 7), ERR_BAD_COMMAND)
        number, directory = (self.current_drive, self.directory) if what == 6 else self.library
        return b"\1" + str(number).encode() + b"\1" + directory.encode("latin-1")

    def _setdir(self, p):
        """*DIR (0) or *LIB (1): [:drive[.]][directory]; an empty text is $ of the current drive."""
        which = p.byte()
        text = p.text().strip()
        number = self.current_drive
        if text.startswith(":"):
            _check(len(text) >= 2 and text[1] in "0123", ERR_BAD_DRIVE)
            number = int(text[1])
            text = text[2:]
            if text.startswith("."):
                text = text[1:]
        directory = text or "$"
        _check(len(directory) == 1 and 0x21 <= ord(directory) <= 0x7E
               and (directory == "$" or directory not in BBC_FORBIDDEN), ERR_BAD_DIR)
        self._drive(number)
        if which == 0:
            self.current_drive, self.directory = number, directory
        else:
            self.library = (number, directory)

    _commands = {OPEN: _open, CLOSE: _close, BGET: _bget, BPUT: _bput, ARGS: _args, LOAD: _load,
                 SAVE: _save, INFO: _info, SETINFO: _setinfo, DELETE: _delete, CAT: _cat,
                 INFOTEXT: _infotext, DRIVE: _drive_command, NAMES: _names, RENAME: _rename,
                 DIRINFO: _dirinfo, SETDIR: _setdir, RUNLOAD: _run_load}

    # --- save states --------------------------------------------------------------------------

    def state_schema(self):
        from emulator.schema import U8, data, fixed, integer, items, text
        drive = integer(0, 3)
        return {"drive": drive, "directory": text(longest=1), "library": fixed(drive, text(longest=1)),
                "params": data(0, MAX_PARAMS), "result": data(0, 1 << 20),
                "result_pos": integer(0, 1 << 20), "status": U8,
                "files": items({"handle": integer(FIRST_HANDLE, FIRST_HANDLE + MAX_OPEN - 1),
                                "drive": drive, "name": text(longest=2 + ATOM_NAME_LENGTH),
                                "mode": integer(MODE_READ, MODE_UPDATE), "ptr": integer(0, MAX_FILE_LENGTH)},
                               0, MAX_OPEN)}

    def state(self):
        """The card's state as plain data.  Open files are recorded as name + mode + pointer, so
        whatever was written to them is written to the host first."""
        files = []
        for handle in sorted(self.open_files):
            f = self.open_files[handle]
            self._flush(f)
            files.append({"handle": handle, "drive": f.entry.drive, "name": f.entry.full_name(),
                          "mode": f.mode, "ptr": f.ptr})
        return {"drive": self.current_drive, "directory": self.directory, "library": list(self.library),
                "params": bytes(self.params), "result": bytes(self.result),
                "result_pos": self.result_pos, "status": self.status, "files": files}

    def set_state(self, d):
        """Go back to a state from state(): the open files are reopened on the host (a file that is
        no longer there stays closed; the firmware gets "Channel" when it uses it)."""
        self.open_files = {}
        self.current_drive = d["drive"] if d["drive"] in self.drives else 0
        self.directory = d.get("directory", "$")               # states from before *DIR have none
        self.library = tuple(d.get("library", (0, "$")))
        self.params = bytearray(d["params"])
        self.result = bytes(d["result"])
        self.result_pos = min(d["result_pos"], len(self.result))
        self.status = d["status"]
        for item in d["files"]:
            drive = self.drives.get(item["drive"])
            if drive is None:
                continue
            name = item["name"]
            directory, _, plain = name.rpartition(".") if self.profile == DFS_NAMES else ("", "", name)
            try:
                entry = drive.find(directory or "$" if self.profile == DFS_NAMES else "", plain)
                if entry is None or item["mode"] not in (MODE_READ, MODE_WRITE, MODE_UPDATE):
                    continue
                contents = drive.read(entry)
            except CardError:
                continue
            f = OpenFile(entry, item["mode"], contents, item["mode"] == MODE_READ or drive.read_only)
            f.ptr = item["ptr"]
            self.open_files[item["handle"]] = f


def _wild_match(pattern, text):
    """DFS wild cards: # one character, * any run of characters."""
    regex = "".join(".*" if c == "*" else "." if c == "#" else re.escape(c) for c in pattern)
    return re.fullmatch(regex, text, re.IGNORECASE | re.DOTALL) is not None


class CardPage:
    """The card's page of the address space: its four registers from `first` (an offset in the
    page), open bus (the address's high byte) everywhere else."""

    def __init__(self, card, first):
        self.card = card
        self.first = first

    def read(self, addr, cycle):
        if (addr & 0xFF) - self.first in range(4):
            return self.card.read(addr, cycle)
        return addr >> 8

    def write(self, addr, value, cycle):
        if (addr & 0xFF) - self.first in range(4):
            self.card.write(addr, value, cycle)

    def peek(self, addr):
        if (addr & 0xFF) - self.first in range(4):
            return self.card.peek(addr)
        return addr >> 8
