"""ROM sets: our own firmware built from roms/src, or a user's ROM files (--roms DIR).

Our firmware: each ROM is `roms/src/<machine>/<name>.s`, or `roms/src/<machine>/<name>/main.s` with its
includes beside it; it is assembled into `roms/build/<machine>/<name>.rom`, exactly the ROM's size (the
unused space is $FF).  A program may span several sockets in a row (its machine model's `spans`): our Atom
BASIC is one program over #C000-#DFFF, written as the socket images basic.rom and float.rom; a socket
the program does not reach gets no image.  A stamp file beside the images holds a hash of every file under
`roms/src/<machine>` and of the assembler's own source; the images are rebuilt whenever it differs.  When
roms/build cannot be written the images go to a per-user cache directory instead.

A user's ROM directory holds the files named in docs/architecture.md ("ROM sockets"); each machine's
model (emulator/machines/model.py) declares its sockets, and the stamp hashes them too.  Since both
machines have a `basic.rom`, a directory may also keep each machine's set in a subdirectory `atom/` or
`bbc/`, used when present.
"""
import hashlib
import os
import sys
from pathlib import Path

from emulator.errors import UserError
from emulator.inputs import cannot_read

REPO = Path(__file__).resolve().parent.parent
SOURCE_ROOT = REPO / "roms" / "src"
BUILD_ROOT = REPO / "roms" / "build"
STAMP_NAME = "stamp"


def _machine(machine):
    """The machine's model (emulator/machines/model.py): its ROM sockets, title and hex prefix."""
    from emulator.machines.registry import model
    return model(machine)


def machines():
    """name -> model of every machine, in the registry's order."""
    from emulator.machines.registry import models
    return {m.name: m for m in models()}


def _address(machine, value):
    return f"{_machine(machine).hex_prefix}{value:04X}"


def _size_text(size):
    return f"{size} bytes"


# ---------------------------------------------------------------------------------------------------
# Our own firmware

def rom_sources(machine, source_root=None):
    """name -> main source file of each of our ROMs for `machine` (empty when there are none yet).

    A top-level `.s` file must be named after a ROM; a subdirectory is a ROM when it holds main.s
    (other subdirectories and files, such as shared `.inc` files, are includes).
    """
    model = _machine(machine)
    specs = model.roms
    directory = Path(source_root or SOURCE_ROOT) / machine
    found = {}
    owner = {socket: program for program, sockets in model.spans.items()
             for socket in sockets if socket != program}
    if not directory.is_dir():
        return found
    for entry in sorted(directory.iterdir()):
        if entry.is_file() and entry.suffix == ".s":
            name, main = entry.stem, entry
        elif entry.is_dir() and (entry / "main.s").is_file():
            name, main = entry.name, entry / "main.s"
        else:
            continue
        if name not in specs:
            raise UserError(f"{main}: no {model.title} ROM is called {name!r} (known: {model.slot_names})")
        if name in found:
            raise UserError(f"{directory}: ROM {name!r} has two sources, {found[name]} and {main}")
        found[name] = main
    for name, main in found.items():
        if owner.get(name) in found:
            raise UserError(f"{directory}: ROM {name!r} is part of our {owner[name]!r}, built from "
                            f"{found[owner[name]]}; {main} has no socket of its own")
    return found


def _assembler_sources():
    here = Path(__file__).resolve().parent
    return sorted((here / "asm").glob("*.py")) + [Path(__file__).resolve()]


def source_hash(machine, source_root=None):
    """A hash of every file under roms/src/<machine> and of the assembler itself."""
    digest = hashlib.sha256()
    directory = Path(source_root or SOURCE_ROOT) / machine
    files = sorted(p for p in directory.rglob("*") if p.is_file()) if directory.is_dir() else []
    for path in files:
        digest.update(b"src\0" + str(path.relative_to(directory).as_posix()).encode() + b"\0")
        digest.update(path.read_bytes())
    for path in _assembler_sources():
        digest.update(b"asm\0" + path.name.encode() + b"\0")
        digest.update(path.read_bytes())
    for spec in _machine(machine).roms.values():       # where each ROM goes and its size
        digest.update(f"rom\0{spec.name}\0{spec.address}\0{spec.size}\0".encode())
    return digest.hexdigest()


def program_sockets(machine, name):
    """The sockets, in address order, that our program `name` fills: itself, or its machine's span."""
    model = _machine(machine)
    return [model.roms[socket] for socket in model.spans.get(name, (name,))]


def build_rom(machine, name, source, source_root=None):
    """The image of one program: assembled at its first socket's address, padded with $FF to the end
    of its last socket (program_sockets)."""
    return _assemble_program(machine, name, source, source_root)[0]


def _assemble_program(machine, name, source, source_root):
    """(build_rom's image, the address of the program's last byte)."""
    from emulator.asm import assemble_file

    sockets = program_sockets(machine, name)
    start, end = sockets[0].address, sockets[-1].end
    machine_dir = Path(source_root or SOURCE_ROOT) / machine
    result = assemble_file(source, origin=start, include_dirs=[source.parent, machine_dir])
    if not result.image:
        raise UserError(f"{source}: assembles to nothing")
    last = result.end - 1
    if result.origin != start or last > end:
        raise UserError(
            f"{source}: the code spans {_address(machine, result.origin)}-{_address(machine, last)}, but "
            f"{name} must start at {_address(machine, start)} and end by {_address(machine, end)}")
    image = result.image + b"\xff" * (end + 1 - start - len(result.image))
    return image, last


def socket_images(machine, name, source, source_root=None):
    """socket name -> image for our program `name`: one per socket the program's code reaches."""
    image, last = _assemble_program(machine, name, source, source_root)
    start = program_sockets(machine, name)[0].address
    return {socket.name: image[socket.address - start:socket.end + 1 - start]
            for socket in program_sockets(machine, name) if socket.address <= last}


def _writable(directory):
    try:
        directory.mkdir(parents=True, exist_ok=True)
        probe = directory / f".probe-{os.getpid()}"
        probe.write_bytes(b"")
        probe.unlink()
        return True
    except OSError:
        return False


def _cache_root():
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return Path(base) / "acorn-emulator" / "roms"


def _stamped_names(directory, stamp):
    """The names of the images built in `directory` when its stamp is `stamp` and they are all there;
    None when they must be built (the stamp's second line names the images the last build wrote)."""
    try:
        lines = (directory / STAMP_NAME).read_text().splitlines()
    except OSError:
        return None
    if len(lines) != 2 or lines[0] != stamp:
        return None
    names = lines[1].split()
    return names if all((directory / f"{name}.rom").is_file() for name in names) else None


def build_machine(machine, source_root=None, build_root=None, force=False):
    """Build our ROMs for `machine` when missing or stale.

    Returns (directory, {name: path}, rebuilt); the dict is empty when there are no sources.  Without
    an explicit build_root, an unwritable roms/build falls back to the per-user cache.
    """
    from emulator.atomic import write_atomically

    sources = rom_sources(machine, source_root)
    candidates = [Path(build_root) / machine] if build_root else [BUILD_ROOT / machine, _cache_root() / machine]
    if not sources:
        return candidates[0], {}, False
    stamp = source_hash(machine, source_root)
    if not force:
        for directory in candidates:
            names = _stamped_names(directory, stamp)
            if names is not None:
                return directory, {n: directory / f"{n}.rom" for n in names}, False
    directory = next((d for d in candidates if _writable(d)), None)
    if directory is None:
        raise UserError(f"cannot write the built ROMs to {' or '.join(str(d) for d in candidates)}")
    images = {}
    for name, source in sources.items():
        images.update(socket_images(machine, name, source, source_root))
    for stale in directory.glob("*.rom"):
        if stale.stem not in images:
            stale.unlink()
    paths = {}
    for name, image in images.items():
        paths[name] = directory / f"{name}.rom"
        write_atomically(paths[name], image)
    write_atomically(directory / STAMP_NAME, stamp + "\n" + " ".join(sorted(images)) + "\n")
    return directory, paths, True


def rom_set(machine, roms_dir=None, source_root=None, build_root=None, require_complete=True):
    """name -> bytes: our own firmware (roms_dir None, built if needed) or a user's ROM directory."""
    model = _machine(machine)
    if roms_dir is not None:
        return user_rom_set(machine, roms_dir)
    directory, paths, _ = build_machine(machine, source_root, build_root)
    if not paths:
        where = Path(source_root or SOURCE_ROOT) / machine
        raise UserError(f"there is no {model.title} firmware in {where} yet: give a ROM directory with --roms")
    if require_complete:
        missing = [n for n, s in model.roms.items() if s.required and n not in paths]
        if missing:
            where = Path(source_root or SOURCE_ROOT) / machine
            raise UserError(f"our {model.title} firmware has no {' or '.join(missing)} yet "
                            f"(no {missing[0]}.s or {missing[0]}/main.s in {where})")
    roms = {}
    for name, path in paths.items():
        try:
            roms[name] = path.read_bytes()
        except OSError as e:
            raise UserError(cannot_read(path, "ROM", e)) from None
    return roms


# ---------------------------------------------------------------------------------------------------
# A user's ROM directory

def machine_directory(machine, roms_dir):
    """Where a machine's files are: DIR/<machine>/ when that exists, else DIR itself."""
    root = Path(roms_dir)
    sub = root / machine
    return sub if sub.is_dir() else root


def inspect_user_roms(machine, roms_dir):
    """[(spec, path, size or None, problem or None)] for every ROM present or required."""
    from emulator.inputs import reason

    directory = machine_directory(machine, roms_dir)
    model = _machine(machine)
    specs = model.roms
    report = []
    for name, spec in specs.items():
        path = directory / f"{name}.rom"
        try:
            status = path.stat()
        except OSError as e:
            if not os.path.lexists(path):
                if spec.required:
                    report.append((spec, path, None, "missing"))
            else:                           # there, but cannot be read: say why (a link loop ...)
                report.append((spec, path, None, reason(e)))
            continue
        if not path.is_file():
            report.append((spec, path, None, "a directory" if path.is_dir() else "not a file"))
            continue
        size = status.st_size
        other = model.same_place.get(name)       # two files that want one place
        if size not in spec.sizes:
            wanted = " or ".join(str(s) for s in spec.sizes)
            report.append((spec, path, size, f"{size} bytes, expected {wanted}"))
        elif other is not None and (directory / f"{other}.rom").exists():
            report.append((spec, path, size, f"{other}.rom is fitted in the same sideways slot; "
                                             f"keep one of the two"))
        else:
            report.append((spec, path, size, None))
    return report


def unused_rom_files(machine, roms_dir):
    """[(path, why)] for the files of the machine's ROM directory whose name ends in .rom but that
    no machine fits: a misnamed file would otherwise be ignored without a word."""
    directory = machine_directory(machine, roms_dir)
    model = _machine(machine)
    known = {f"{name}.rom" for other in machines().values() for name in other.roms}
    own = {f"{name}.rom" for name in model.roms}
    found = []
    try:
        names = sorted(os.listdir(directory))
    except OSError:
        return found
    for name in names:
        if not name.lower().endswith(".rom") or name in known:
            continue
        if name.lower() in own:
            why = f"not used (the name is {name.lower()}, in small letters)"
        else:
            why = f"not used (no {model.title} ROM has this name; known: {model.slot_names})"
        found.append((directory / name, why))
    return found


def _check_rom_directory(roms_dir):
    """UserError unless `roms_dir` is a directory, in the words every input error uses."""
    from emulator.inputs import check_directory
    check_directory(roms_dir, "ROM directory")


def user_rom_set(machine, roms_dir):
    from emulator.inputs import read_input

    title = _machine(machine).title
    _check_rom_directory(roms_dir)
    for path, why in unused_rom_files(machine, roms_dir):
        print(f"acorn: {path}: {why}", file=sys.stderr)
    roms = {}
    for spec, path, size, problem in inspect_user_roms(machine, roms_dir):
        if problem == "missing":
            raise UserError(f"{path}: missing (the {title} needs {spec.name}.rom, {_size_text(spec.size)})")
        if problem:
            raise UserError(f"{path}: {problem} ({spec.name}.rom of the {title})")
        roms[spec.name] = read_input(path, "ROM", max(spec.sizes), holds=f"{spec.name}.rom")
        if len(roms[spec.name]) not in spec.sizes:          # changed since it was looked at
            raise UserError(f"{path}: {len(roms[spec.name])} bytes ({spec.name}.rom of the {title})")
    return roms


# ---------------------------------------------------------------------------------------------------
# The `acorn roms` command
