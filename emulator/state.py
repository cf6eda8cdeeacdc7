"""Save states: a whole machine written to a file and read back, cycle for cycle.

Every part of a machine that changes while it runs has `state() -> dict` and `set_state(d)`, whose
values are plain data (int, bool, str, bytes, None, float, lists, dicts with str keys).  The machine
lists its parts in one place, `state_devices()` (machines/atom.py, machines/bbc.py), in the order
they are restored; the clock's queue names the devices its events call by those names
(clock.Clock.state).  A state is loaded into a new machine built with the same options and ROMs:
the machine's wiring is rebuilt by its constructor, and `set_state` puts back what changed.

The file (integers big-endian):
    MAGIC                     b"ACORN-SAVE-STATE" and a newline, 17 bytes
    format version            uint16 (FORMAT_VERSION)
    header length, header     uint32, UTF-8 JSON: emulator version, machine, its options, ROM hash
    payload length, payload   uint32, zlib-compressed JSON of the machine's state (bytes as
                              {"$bytes": base64}); no pickle: loading a state runs no code from it
    SHA-256                   32 bytes, of everything before it
Bump FORMAT_VERSION whenever the shape of any state() changes: a state of another version is
refused with a clear message rather than half-loaded.
"""
import base64
import hashlib
import json
import os
import struct
import zlib

from emulator.clock import Clock
from emulator.errors import EXIT_BAD_STATE, UserError

MAGIC = b"ACORN-SAVE-STATE\n"
FORMAT_VERSION = 2               # 2: the 8271 keeps when its motor reaches speed (up_to_speed_at)
DIGEST_SIZE = 32
MAX_PAYLOAD = 64 << 20          # the state uncompressed: RAM, chips and bounded histories fit well within
_FIXED = len(MAGIC) + 2         # magic and version


class BadState(UserError):
    """A save state that cannot be loaded: not one, damaged, another format or another ROM set."""

    exit_code = EXIT_BAD_STATE


# --- plain data -----------------------------------------------------------------------------------

def check_plain(value, where="state"):
    """Raise ValueError naming the place of the first value that is not plain data."""
    if value is None or isinstance(value, (bool, int, float, str, bytes)):
        return
    if isinstance(value, (list, tuple)):
        for i, item in enumerate(value):
            check_plain(item, f"{where}[{i}]")
        return
    if isinstance(value, dict):
        for key, item in value.items():
            if not isinstance(key, str):
                raise ValueError(f"{where} has a key that is not a string: {key!r}")
            check_plain(item, f"{where}.{key}")
        return
    raise ValueError(f"{where} is a {type(value).__name__}, not plain data")


def copy_plain(value):
    """A copy of plain data that shares no list, dict or bytearray with `value` (what a device's
    state() returns may be its own lists; what set_state is given it may keep)."""
    kind = type(value)
    if kind is dict:
        return {key: copy_plain(item) for key, item in value.items()}
    if kind is list or kind is tuple:
        return [copy_plain(item) for item in value]
    if kind is bytearray:
        return bytearray(value)
    return value


def _encode_default(value):
    if isinstance(value, (bytes, bytearray)):
        return {"$bytes": base64.b64encode(bytes(value)).decode("ascii")}
    raise TypeError(f"{type(value).__name__} is not plain data")


def _decode_object(d):
    if len(d) == 1 and "$bytes" in d:
        return base64.b64decode(d["$bytes"], validate=True)
    return d


def encode(value):
    return json.dumps(value, default=_encode_default, separators=(",", ":"), allow_nan=False).encode("utf-8")


def decode(data):
    return json.loads(data.decode("utf-8"), object_hook=_decode_object)


# --- what a state may hold: types and ranges -------------------------------------------------------
#
# A state is data from a file, and a crafted file can hold anything a checksum can be recomputed
# over: each device says what its state() holds with `state_schema()` (in the vocabulary of
# emulator/schema.py), and every value is checked before any set_state runs.
from emulator import schema
from emulator.schema import MAX_CYCLE, SchemaError, _fail, boolean, integer, items, real, text, validate


def _shape(template):
    """A schema of the same keys and value types as `template` (for a device with no schema of its
    own: nothing of another type or shape gets in, though ranges go unchecked)."""
    if isinstance(template, dict):
        return {key: _shape(value) for key, value in template.items()}
    kind = type(template)
    if kind is int:
        return integer(-MAX_CYCLE, MAX_CYCLE)
    if kind is float:
        return real(-1e18, 1e18)
    if kind is str:
        return text()
    if kind is bytes:
        return schema.data(0, 0x20000)
    if kind is list:
        return items(lambda value, where: check_plain_shallow(value, where), 0, 0x20000)
    if template is None:
        return lambda value, where: value is None or _fail(where, value, "nothing")
    return boolean


def check_plain_shallow(value, where):
    if not (value is None or type(value) in (bool, int, float, str, bytes)):
        _fail(where, value, "a plain value")
    if type(value) is int and not -MAX_CYCLE <= value <= MAX_CYCLE:
        _fail(where, value, "a number in range")


def device_schema(device):
    """The schema `device`'s state must fit: its own, or the shape of what it holds now."""
    own = getattr(device, "state_schema", None)
    return own() if own is not None else _shape(device.state())


# --- a machine's state ----------------------------------------------------------------------------

def machine_state(hardware, checked=True):
    """The whole machine as plain data: {device name: that device's state}.  The debugger's rewind
    takes its snapshots here too, `checked` False: they never leave the process."""
    devices = hardware.state_devices()
    names = {id(device): name for name, device in devices.items()}

    def name_of(obj):
        return names.get(id(obj))

    state = {}
    for name, device in devices.items():
        state[name] = device.state(name_of) if isinstance(device, Clock) else device.state()
    if checked:
        check_plain(state)
    return state


def set_machine_state(hardware, state, checked=True):
    """Put `state` (from machine_state) into `hardware`, a machine built like the one saved (or the
    very machine: the debugger's rewind, with `checked` False as the state is its own)."""
    devices = hardware.state_devices()
    if set(state) != set(devices):
        raise BadState(f"the state's devices ({', '.join(sorted(state))}) are not this machine's "
                       f"({', '.join(sorted(devices))})")
    if checked:
        _check_machine_state(devices, state)
    for name, device in devices.items():
        if isinstance(device, Clock):
            device.set_state(state[name], devices)
        else:
            device.set_state(state[name])


def _check_machine_state(devices, state):
    """BadState unless every device's part of `state` fits it (types, ranges, what depends on
    other parts) before anything is set."""
    try:
        for name, device in devices.items():
            if isinstance(device, Clock):
                device.check_state(state[name], devices, state["cpu"]["cycles"])
            else:
                validate(state[name], device_schema(device), name)
        for name, device in devices.items():
            check = getattr(device, "check_state", None)
            if check is not None and not isinstance(device, Clock):
                check(state[name], state)       # what depends on other parts (cycles, lengths)
    except SchemaError as e:
        raise BadState(f"the state does not fit this machine: {e}") from None


def rom_digest(hardware):
    """SHA-256 over the machine's ROM images, by name: a state loads only over the same ROMs."""
    h = hashlib.sha256()
    for name, data in sorted(hardware.rom_images().items()):
        h.update(f"{name}:{len(data)}:".encode("ascii"))
        h.update(data)
    return h.hexdigest()


# --- the file -------------------------------------------------------------------------------------

def pack(header, state):
    """The bytes of a save state file."""
    head = encode(header)
    payload = zlib.compress(encode(state), 6)
    body = (MAGIC + struct.pack(">H", FORMAT_VERSION) + struct.pack(">I", len(head)) + head
            + struct.pack(">I", len(payload)) + payload)
    return body + hashlib.sha256(body).digest()


def unpack(data, path="the state"):
    """(header, state) from the bytes of a file; BadState, saying what is wrong, if they are not a
    whole, undamaged save state of this format version."""
    if not data.startswith(MAGIC):
        if MAGIC.startswith(data):
            raise BadState(f"{path}: truncated save state ({len(data)} bytes)")
        raise BadState(f"{path}: not an acorn save state (it does not start with {MAGIC[:-1].decode()})")
    if len(data) < _FIXED:
        raise BadState(f"{path}: truncated save state ({len(data)} bytes)")
    (version,) = struct.unpack_from(">H", data, len(MAGIC))
    if version != FORMAT_VERSION:
        raise BadState(f"{path}: save state format version {version}; this emulator reads version "
                       f"{FORMAT_VERSION} only")
    try:
        (head_size,) = struct.unpack_from(">I", data, _FIXED)
        head_end = _FIXED + 4 + head_size
        (payload_size,) = struct.unpack_from(">I", data, head_end)
    except struct.error:
        raise BadState(f"{path}: truncated save state ({len(data)} bytes)") from None
    body_end = head_end + 4 + payload_size
    if len(data) < body_end + DIGEST_SIZE:
        raise BadState(f"{path}: truncated save state ({len(data)} bytes, "
                       f"{body_end + DIGEST_SIZE} expected)")
    if len(data) > body_end + DIGEST_SIZE:
        raise BadState(f"{path}: damaged save state ({len(data) - body_end - DIGEST_SIZE} bytes "
                       f"after its end)")
    if hashlib.sha256(data[:body_end]).digest() != data[body_end:]:
        raise BadState(f"{path}: damaged save state (its SHA-256 checksum does not match)")
    try:
        header = decode(data[_FIXED + 4:head_end])
        inflater = zlib.decompressobj()
        payload = inflater.decompress(data[head_end + 4:body_end], MAX_PAYLOAD + 1)
        if len(payload) > MAX_PAYLOAD or inflater.unconsumed_tail:
            raise BadState(f"{path}: damaged save state (its state is larger than {MAX_PAYLOAD} bytes)")
        state = decode(payload)
    except (ValueError, zlib.error, UnicodeDecodeError) as e:
        raise BadState(f"{path}: damaged save state ({e})") from None
    except RecursionError:
        raise BadState(f"{path}: damaged save state (nested too deeply)") from None
    if not isinstance(header, dict) or not isinstance(state, dict):
        raise BadState(f"{path}: damaged save state (no header or no state)")
    return header, state


def write_file(path, data):
    """Write `data` to `path` through a temporary file in the same directory, then rename: an
    existing file is replaced whole or not at all."""
    from emulator.atomic import write_atomically
    write_atomically(path, data)


def read_file(path):
    from emulator.inputs import STATE_LIMIT, read_input
    data = read_input(path, "save state", STATE_LIMIT, error=BadState)
    return unpack(data, os.fspath(path))
