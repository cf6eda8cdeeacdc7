"""What the rest of the suite may know about a machine: one `MachineModel` per machine, declared by
the machine's own module (`MODEL` in atom.py, bbc.py) and found through `registry.py`.

The firmware builder, the window, the host-key maps, the listing loader, the command line and the
debugger read a machine's facts from its model and never test its name: adding a ROM socket, a
machine option or a third machine is a change to the machine's module (and, for a new machine, one
line of the registry).

The running machine (what `model.build` returns) answers the same questions the same way on every
machine: `press(key)` / `release(key)` (BREAK among the keys), `type(text)`, `break_key()`,
`keys_down()`, `leds()`, `sound_chip` (a chip with `samples()`) or `speaker` (a one-bit line with
`take_samples()`), `beeps()`, `rom_images()`, `field_listeners`, `run_until(cycle)`.
"""
from dataclasses import dataclass, field
from typing import Callable


class RomSpec:
    """A ROM socket: the file `name`.rom, where it appears, its size and whether a set needs it."""

    def __init__(self, name, address, size, required, sizes=None):
        self.name = name
        self.address = address        # where the ROM appears in the memory map
        self.size = size              # the size we build, and the size a user's file must have
        self.required = required
        self.sizes = sizes or (size,) # sizes accepted from a user's file

    @property
    def end(self):
        return self.address + self.size - 1


@dataclass(frozen=True)
class KeyboardModel:
    """The machine's keyboard as the front end and the typing checks see it.

    `key_name(name)`: the keyboard's own name for a key (UserError if it has none such).
    `chord_for(char)`: (modifier key names, key name) a person presses for `char` in the power-on
    state (UserError if the keyboard cannot make it).
    `host_keys`: pygame's name of a PC key -> the machine key it stands for (BREAK, COPY, ...).
    `host_bindings`: PC key -> (machine key, SHIFT forced down True / up False) for keys that need it.
    `pc_positions`: the SDL place name of a PC symbol key -> the machine key in that place;
    `positional_extras`: PC keys with no place of their own, in positional mode.
    `rows`: the keyboard as drawn: rows of (legend, key name or None for a gap, width, style).
    """

    key_name: Callable
    chord_for: Callable
    host_keys: dict
    host_bindings: dict
    pc_positions: dict
    positional_extras: dict
    rows: list


@dataclass(frozen=True)
class MachineModel:
    name: str                   # what --machine and save states call it
    title: str                  # what a person reads
    build: Callable             # build(roms: {socket: bytes}, **options) -> the machine
    clock_hz: int
    hex_prefix: str             # how its firmware writes hexadecimal: "#" or "&"
    roms: dict                  # socket name -> RomSpec
    slot_names: str             # the sockets as a message lists them
    same_place: dict            # {socket: socket it shares a place with}
    field_hz: int               # the display's field rate: the window draws once a field
    canvas: tuple               # (rows, columns) of the largest picture it makes
    default_scale: int          # the window's default integer scale
    start_command: str          # how a person starts machine code at an address, a format
    assembler_define: str       # the symbol defined 1 for a program assembled for this machine
    options: frozenset          # machine options beyond the common ones (roms, seed, files)
    basic: str                  # the BASIC it ships with, by name ("Atom BASIC", "BBC BASIC")
    input_limit: int            # characters its BASIC's line input takes
    basic_workspace: dict       # name -> address: the BASIC's documented workspace (the listing
                                # loader and the debugger's BASIC view read the program and
                                # variables through it)
    os_entry_points: dict       # address -> name: the documented calls of its firmware
    output_vector: int          # where OSWRCH's vector is (a bench catches characters there)
    keyboard: KeyboardModel = field(repr=False)
    # Our firmware's programs that fill several sockets in a row: {program: (its sockets, in address
    # order)}; the program is assembled once at the first socket and cut into one image a socket.
    spans: dict = field(default_factory=dict)
    # The ROM socket of the disc filing system that comes with the 8271 ("": the machine has no disc
    # drives), and the one line a user who gives a disc without that ROM is told.
    disc_rom: str = ""
    without_disc_rom: str = "this machine has no disc drives"

