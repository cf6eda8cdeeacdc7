"""The Acorn Atom: the one module that knows the Atom's addresses and wiring.

Memory map ("Atomic Theory and Practice" ch. 25; J. G. Harston's Atom memory map, mdfs.net):
    #0000-#03FF  RAM (block 0)            #2800-#3BFF  RAM (standard upper text space)
    #0400-#27FF, #3C00-#7FFF              RAM when the machine is expanded (ram="expanded")
    #8000-#97FF  video RAM (6 KiB, read by the MC6847)
    #A000 utility ROM   #B000-#B3FF 8255 PPI (4 registers, mirrored)   #B800 optional 6522 VIA
    #BC00-#BC03 our host filing card when `files` is given (emulator/media/hostfs.py)
    #0A00-#0AFF the disc pack's Intel 8271 when it is fitted (below)
    #C000 BASIC   #D000 floating point   #E000 DOS   #F000 kernel (4 KiB sockets)
Addresses nothing answers (an empty ROM socket, #9800-#9FFF, the rest of #B000-#BFFF) read as the
high byte of the address: the Atom has no pull-ups, so the data bus keeps the last byte the CPU
fetched, which for an absolute-address read is the address's high byte (the "open bus" behaviour
measured on NMOS 6502 systems: nesdev wiki, "Open bus behavior").  Writes there are ignored.

PPI wiring ("Atomic Theory and Practice" 25.5):
    port A out: bits 0-3 keyboard row, bits 4-7 VDG mode: 4 A/G, 5 GM0, 6 GM1, 7 GM2
    port B in:  bits 0-5 keyboard columns, 6 CTRL, 7 SHIFT (low when pressed)
    port C out: bit 0 tape output, 1 enable 2.4 kHz to tape, 2 loudspeaker, 3 VDG CSS
    port C in:  bit 4 2.4 kHz input, 5 cassette input, 6 REPT (low when pressed),
                bit 7 VDG field sync (low during flyback)
The cassette (docs/tapes.md): the tape's signal comes in on PC5, and the tape output is the 2.4 kHz
tone while PC1 is high, else PC0's level.  Acorn's kernel sends a 1 bit as 8 cycles of the tone and
a 0 as 4 cycles of 1.2 kHz made by toggling PC0, at 300 baud, each byte a 0 start bit, 8 data bits
(lowest first) and a 1 stop bit ("Atomic Theory and Practice", the cassette interface; measured on
Acorn's kernel).  The Atom has no motor relay: its recorder runs while PLAY is down.
VDG data wiring: video RAM bit 6 drives both A/S and INT/EXT (so bytes with bit 6 set are
semigraphics-6 cells) and bit 7 drives INV; bits 0-5 are the character code (MAME's atom driver
wires the 6847 the same way).  CLEAR 0 is the text screen, whose semigraphic cells give 64 x 48;
CLEAR 1-4 put #30 #70 #B0 #F0 on port A (RG1 128x64, RG2 128x96, RG3 128x192, RG6 256x192: the
1, 1.5, 3 and 6 KiB the Atom manuals give for these modes) and the colour modes use #10 #50 #90 #D0
(CG1 CG2 CG3 CG6).
The CPU runs at 1 MHz, so a cycle is a microsecond.

The disc pack (Acorn's Atom Disc Pack manual: a disc controller card, the DOS ROM and 3K of RAM on
the bus extension) is fitted exactly when the ROM set has dos.rom (#E000), as the BBC fits its
disc interface with a DFS.  Its 8271 is at #0A00-#0AFF: #0A00 status/command, #0A01
result/parameter, #0A02 reset, #0A04 data (J. G. Harston, "Acorn Atom Memory Map", mdfs.net), the
same register decoding as the BBC's (emulator/machines/disc_drives.py), and its INT goes to the
6502's NMI (the kernel's NMIVEC at #0200 is the "NMI service routine", same map; Atom DOS moves
the data bytes there; measured: wired to IRQ instead, *CAT ends in ERROR 6).  The pack's RAM
holds DOS's catalogue buffer and sequential file buffers at #2000-#27FF (same map), fitted with
it.  Drives 0-3 are numbered as DFS numbers them (drive n is side n >> 1 of physical drive n & 1;
docs/discs.md).
"""

from emulator.bus import Bus
from emulator.media.hostfs import FLAT_NAMES, CardPage, HostFilingCard
from emulator.chips.i8271 import I8271
from emulator.chips.atom_keyboard import MATRIX, ROWS as KEYBOARD_ROWS, AtomKeyboard, chord_for, key_name
from emulator.chips.ppi8255 import PPI8255
from emulator.chips.speaker import Speaker
from emulator.chips.vdg6847 import FIELD_LINES, FS_LOW_LINES, VDG6847
from emulator.clock import Clock
from emulator.display.screen import Screen
from emulator.errors import UserError
from emulator.machines.atom_io import PPIPage
from emulator.machines.base import MachineBase
from emulator.machines.disc_drives import DiscInterfacePage
from emulator.machines.model import KeyboardModel, MachineModel, RomSpec
from emulator.machines.power_on import SEED_LIMIT, power_on_pattern
from emulator.machines.typist import Typist
from emulator.media.cassette import CassetteDeck
from emulator.media.uef import Tape

CLOCK_HZ = 1_000_000
FIELD_HZ = 60                   # the 6847's field rate (NTSC timing)

VIDEO_RAM = 0x8000
VIDEO_RAM_SIZE = 0x1800
PPI_BASE = 0xB000
VIA_BASE = 0xB800
FILING_CARD = 0xBC00             # a free block of the #B000-#BFFF I/O space (docs/hostfs.md)
DISC_CONTROLLER = 0x0A00         # the disc pack's 8271 (one page: registers mirrored every 8 bytes)
DISC_PACK_RAM = (0x2000, 0x0800) # DOS's catalogue and file buffers, on the disc pack
NMI_DISC = 1
ROM_SIZE = 0x1000
# The ROM sockets (docs/architecture.md, "ROM sockets"): the kernel and BASIC a set needs, the
# floating-point, DOS and utility ROMs it may add, 4 KiB each.
ROMS = {spec.name: spec for spec in (
    RomSpec("kernel", 0xF000, ROM_SIZE, True), RomSpec("basic", 0xC000, ROM_SIZE, True),
    RomSpec("float", 0xD000, ROM_SIZE, False), RomSpec("dos", 0xE000, ROM_SIZE, False),
    RomSpec("utility", 0xA000, ROM_SIZE, False))}
ROM_SOCKETS = {name: spec.address for name, spec in ROMS.items()}
CURSOR_ROW, CURSOR_COLUMN = 0xDE, 0xE0  # the kernel's documented cursor (ATAP ch. 25)
TEXT_COLUMNS, TEXT_ROWS = 32, 16
RAM_LAYOUTS = {
    "standard": ((0x0000, 0x0400), (0x2800, 0x1400)),
    "expanded": ((0x0000, 0x8000),),
}

# port A
ROW_MASK = 0x0F
MODE_AG = 0x10
MODE_GM_SHIFT = 5
# port C
PC_TAPE_OUT = 0x01
PC_TONE_ENABLE = 0x02
PC_SPEAKER = 0x04
PC_CSS = 0x08
PC_TONE_IN = 0x10
PC_TAPE_IN = 0x20
PC_REPT = 0x40
PC_FIELD_SYNC = 0x80

TONE_HZ = 2400
TAPE_BAUD = 300

# Typing (emulator/machines/typist.py), in emulated milliseconds: the least time a key is held, the
# pause after it, and the time between SHIFT/CTRL and the key.  Each key also waits until the kernel
# has scanned an all-up keyboard for TYPE_READY_MS and is held until it has read the key down for
# TYPE_SEEN_MS: Acorn's kernel needs both (measured: its debounce drops keys pressed while it is
# still waiting for the last one to be released), ours takes keys as fast.
TYPE_HOLD_MS = 5
TYPE_GAP_MS = 0
TYPE_MODIFIER_LEAD_MS = 2
TYPE_READY_MS = 3
TYPE_SEEN_MS = 5
BREAK_HOLD_MS = 20


def _floating_page(page):
    return bytes([page]) * 256


class Atom(MachineBase):
    name = "atom"
    clock_hz = CLOCK_HZ

    NO_DISC_INTERFACE = "this Atom has no disc pack (it comes with Atom DOS: dos.rom)"

    def __init__(self, roms, ram="standard", via=True, cpu_class=None, files=None, seed=0, tape=None,
                 record=None, drives=None, writable=False, disc_interface=None):
        if ram not in RAM_LAYOUTS:
            raise UserError(f"unknown Atom RAM layout {ram!r} (known: {', '.join(RAM_LAYOUTS)})")
        if cpu_class is None:
            from emulator.cpu.core import CPU as cpu_class
        self.bus = Bus()
        self.cpu = cpu_class(self.bus)
        self.clock = Clock(self.cpu)
        self.keyboard = AtomKeyboard(on_break=self.break_line)
        self.vdg = VDG6847(clock_hz=CLOCK_HZ, field_hz=FIELD_HZ, as_bit=6, intext_bit=6, inv_bit=7)
        self.speaker = Speaker(clock_hz=CLOCK_HZ)
        self.keyboard_row = 0
        self.port_c_out = 0xFF              # PPI pins undriven until the mode is set: pulled high
        self.speaker.level = 1
        self.ppi = PPI8255(input_b=self._keyboard_columns, input_c=self._port_c_inputs,
                           output_a=self._port_a_changed, output_c=self._port_c_changed)
        self.via = None
        self.filing_card = None
        if tape is not None and not isinstance(tape, Tape):
            tape = Tape.load(tape)
        self.cassette = CassetteDeck(self.clock, CLOCK_HZ, tape, record_path=record)
        self._tape_out = (1, 0)           # (tone on, since which cycle): what PC0/PC1 send to tape
        if disc_interface is None:
            disc_interface = any(n in ("dos", "dos.rom") for n in roms)
        self._map_memory(roms, ram, via, disc_interface)
        self.fit_disc_interface(I8271(self.clock, self._fdc_int, CLOCK_HZ) if disc_interface else None,
                                drives, writable)
        if self.fdc is not None:
            self.bus.map_io(DISC_CONTROLLER, 0x100, DiscInterfacePage(self.fdc))
        self.cassette.motion = self._tape_motion
        self.cassette.before_save = self._tape_output_so_far
        self.cassette.set_motor(True)     # no relay: the motor runs whenever PLAY is down
        if tape is not None:
            self.cassette.play()
        if files is not None:
            self._fit_filing_card(files)
        self.screen = Screen(self.vdg, self.video_memory)
        self.typist = Typist(self, TYPE_HOLD_MS, TYPE_GAP_MS, TYPE_MODIFIER_LEAD_MS, TYPE_READY_MS,
                             TYPE_SEEN_MS, scan_rows=KEYBOARD_ROWS)
        self.seed = seed
        self._power_on(seed)
        self.reset_held = False
        self.cpu.reset()

    # --- memory map -------------------------------------------------------------------------------

    def _map_memory(self, roms, ram, via, disc_pack):
        bus = self.bus
        for page in range(256):                           # everything floats until something is fitted
            bus.map_rom(page << 8, _floating_page(page))
        self.ram_blocks = RAM_LAYOUTS[ram] + ((VIDEO_RAM, VIDEO_RAM_SIZE),)
        if disc_pack and ram == "standard":
            self.ram_blocks += (DISC_PACK_RAM,)
        for start, size in self.ram_blocks:
            bus.map_ram(start, size)
        for name, data in roms.items():
            socket = name[:-4] if name.endswith(".rom") else name
            if socket not in ROM_SOCKETS:
                raise UserError(f"the Atom has no ROM socket called {name!r} "
                                f"(sockets: {', '.join(ROM_SOCKETS)})")
            if len(data) != ROM_SIZE:
                raise UserError(f"{socket}.rom is {len(data)} bytes; the Atom's #{ROM_SOCKETS[socket]:04X} "
                                f"socket takes exactly {ROM_SIZE} bytes (4 KiB)")
            bus.map_rom(ROM_SOCKETS[socket], data)
        self.bus_ppi_page = AtomPPIPage(self)
        bus.map_io(PPI_BASE, 0x400, self.bus_ppi_page)
        if via:
            self._fit_via()
        self.rom_names = sorted(n[:-4] if n.endswith(".rom") else n for n in roms)

    def _power_on(self, seed):
        """Every RAM chip, video RAM included, powers up holding the pattern of `seed`."""
        pattern = power_on_pattern(seed, 0x10000)
        for start, size in self.ram_blocks:
            self.bus.load(start, pattern[start:start + size])

    def _fit_via(self):
        try:
            from emulator.chips.via6522 import VIA6522
        except ImportError:
            raise UserError("the 6522 VIA model is not available in this build") from None
        self.via = VIA6522(self.clock, irq=self._via_irq)
        self.bus.map_io(VIA_BASE, 0x400, self.via)

    def _fit_filing_card(self, files):
        from emulator.inputs import check_directory
        check_directory(files, "directory to serve")      # the host filing card serves a directory
        self.filing_card = HostFilingCard(files, profile=FLAT_NAMES)
        self.bus.map_io(FILING_CARD, 0x100, CardPage(self.filing_card, 0))

    def _via_irq(self, asserted):
        self.cpu.set_irq(1, asserted)

    def _fdc_int(self, asserted):
        """The disc pack's 8271 INT on the 6502's NMI line (edge-triggered)."""
        self.cpu.set_nmi(NMI_DISC, asserted)

    # --- save states (emulator/state.py) ----------------------------------------------------------

    def state_devices(self):
        """Everything a save state holds, by name, in the order it is restored: the one list of the
        machine's devices (the clock before the chips whose events it holds)."""
        devices = {"cpu": self.cpu, "bus": self.bus, "clock": self.clock, "machine": self,
                   "ppi": self.ppi, "vdg": self.vdg, "speaker": self.speaker, "keyboard": self.keyboard,
                   "typist": self.typist, "cassette": self.cassette}
        if self.via is not None:
            devices["via"] = self.via
        if self.filing_card is not None:
            devices["filing_card"] = self.filing_card
        if self.fdc is not None:
            devices["fdc"] = self.fdc
        return devices

    def state_schema(self):
        from emulator.schema import CYCLE, U8, boolean, integer
        return {"keyboard_row": integer(0, 15), "port_c_out": U8, "reset_held": boolean,
                "seed": integer(0, SEED_LIMIT - 1), "tape_out": integer(0, 1), "tape_out_since": CYCLE}

    def state(self):
        """The wiring's own state: the keyboard row and port C latched from the PPI, the RESET line
        held by BREAK, the power-on seed, and the tape output since its last change."""
        return {"keyboard_row": self.keyboard_row, "port_c_out": self.port_c_out,
                "reset_held": self.reset_held, "seed": self.seed, "tape_out": self._tape_out[0],
                "tape_out_since": self._tape_out[1]}

    def set_state(self, d):
        self.keyboard_row, self.port_c_out = d["keyboard_row"], d["port_c_out"]
        self.reset_held, self.seed = d["reset_held"], d["seed"]
        self._tape_out = (d["tape_out"], d["tape_out_since"])

    def rom_images(self):
        """The ROM images fitted, by socket name (what a save state's ROM hash is taken over)."""
        return {name: bytes(self.bus.memory[ROM_SOCKETS[name]:ROM_SOCKETS[name] + ROM_SIZE])
                for name in self.rom_names}

    def video_memory(self):
        return memoryview(self.bus.memory)[VIDEO_RAM:VIDEO_RAM + VIDEO_RAM_SIZE]

    def text_cursor(self):
        """The kernel's cursor: its row's address at #DE-#DF and its column at #E0 (documented,
        "Atomic Theory and Practice" ch. 25), as (row, column) of the 32 x 16 text screen."""
        if self.vdg.ag:
            return None
        memory = self.bus.memory
        row, _ = divmod((memory[CURSOR_ROW] | memory[CURSOR_ROW + 1] << 8) - VIDEO_RAM, TEXT_COLUMNS)
        return (row, memory[CURSOR_COLUMN]) if 0 <= row < TEXT_ROWS else None

    # --- PPI wiring -------------------------------------------------------------------------------

    def _port_a_changed(self, value, cycle):
        self.keyboard_row = value & ROW_MASK
        self.vdg.set_mode(value & MODE_AG, value >> MODE_GM_SHIFT, self.port_c_out & PC_CSS)

    def _port_c_changed(self, value, cycle):
        changed = value ^ self.port_c_out
        self.port_c_out = value
        if changed & PC_SPEAKER:
            self.speaker.set_level(value & PC_SPEAKER, cycle)
        if changed & PC_CSS:
            self.vdg.css = 1 if value & PC_CSS else 0
        if changed & PC_TONE_ENABLE and self.cassette.recording:
            self._tape_output(value & PC_TONE_ENABLE, cycle)

    # --- the cassette -----------------------------------------------------------------------------

    def _tape_output(self, tone, cycle):
        """PC1 changed: the time since the last change was that many 300-baud bit cells of 1s
        (the tone) or of 0s (PC0 toggling at 1.2 kHz)."""
        was, since = self._tape_out
        cells = round((cycle - since) * TAPE_BAUD / CLOCK_HZ)
        self.cassette.record_bits(1 if was else 0, cells, TAPE_BAUD)
        self._tape_out = (1 if tone else 0, cycle)

    def _tape_output_so_far(self, cycle):
        """A recording is written: what PC1 has sent since its last change goes on it too."""
        self._tape_output(self._tape_out[0], cycle)

    def _tape_motion(self, moving):
        """The tape starts or stops: while it moves, reads of port C ask it for PC5."""
        self.bus_ppi_page.tape = self.cassette if moving else None

    def insert_tape(self, tape):
        """Put a tape (a Tape, or a UEF file's path) in the recorder, wound to its start."""
        self.cassette.load(tape if isinstance(tape, Tape) else Tape.load(tape))

    def _keyboard_columns(self, cycle):
        keyboard, row, typist = self.keyboard, self.keyboard_row, self.typist
        if typist.busy:                         # the typist watches the kernel's reads while it types
            held, released = typist.holding, typist.released
            typist.note_read(cycle, idle=not any(keyboard.row_bits),
                             seen=held is not None and keyboard.reads_down(held, row),
                             row=min(row, KEYBOARD_ROWS - 1),
                             seen_up=released in MATRIX and MATRIX[released][0] == row & 15
                             and not keyboard.is_down(released))
            for key in typist.live_unread:      # keys held for a person (the window)
                if keyboard.reads_down(key, row):
                    typist.note_live_read(key, cycle)
        return keyboard.columns(row)

    def key_named(self, name):
        """The keyboard's name for key `name` (UserError if the Atom has none such)."""
        return key_name(name)

    canonical_key = key_named

    def keyboard_ready(self, typist, cycle, key):
        """The typist's step 1: the kernel is scanning the matrix (or `key`'s row) and finds
        every key up."""
        return typist.scanning_idle(cycle, MATRIX[key][0] if key in MATRIX else None)

    def _port_c_inputs(self, cycle):
        value = PC_FIELD_SYNC if self.vdg.field_sync(cycle) else 0
        if not self.keyboard.rept:
            value |= PC_REPT
        if (cycle * 2 * TONE_HZ // CLOCK_HZ) & 1:              # the 2.4 kHz square wave
            value |= PC_TONE_IN
        if self.cassette.level(cycle):                          # PC5, the cassette input
            value |= PC_TAPE_IN
        return value

    # --- keys -------------------------------------------------------------------------------------

    def break_line(self, pressed):
        """BREAK drives the 6502's RESET line: the CPU restarts from the reset vector on release."""
        self.reset_held = pressed
        if not pressed:
            self.cpu.reset()

    def press(self, name):
        """Press the key called `name`; BREAK holds the 6502 in reset until it is released."""
        self.keyboard.press(name)

    def release(self, name):
        self.keyboard.release(name)

    def keys_down(self):
        """The keys down now, by their names (BREAK among them while it is held)."""
        return set(self.keyboard.down) | ({"BREAK"} if self.reset_held else set())

    def leds(self):
        """The keyboard's lights by key name: the Atom has none."""
        return {}

    sound_chip = None               # the Atom's sound is its one-bit speaker (self.speaker)

    def beeps(self):
        """Every finished burst of the speaker so far (emulator.chips.speaker.Beep)."""
        return self.speaker.events(self.cpu.cycles)

    def break_key(self, hold_ms=BREAK_HOLD_MS):
        """Press and release BREAK after any queued typing."""
        self.typist.press_break(hold_ms)

    def type(self, text, hold_ms=None, gap_ms=None, lead_ms=None):
        """Queue real key presses for `text`; checked as a whole before anything is typed.

        Each key goes down once the kernel is reading the keyboard and comes up once it has read it
        (emulator/machines/typist.py); `hold_ms` is the least time it is held, `gap_ms` the pause
        after it, `lead_ms` the time between SHIFT or CTRL and the key (emulated milliseconds).
        """
        self.type_chords([chord_for(ch) for ch in text], hold_ms, gap_ms, lead_ms)


# --- what the rest of the suite may know (emulator/machines/model.py) -----------------------------

U = 1.0                                             # one ordinary key's width in the drawing
# The keyboard as the keyboard view draws it: its keys' legends (LOCK, REPT, COPY, the two arrow
# keys, BREAK) in an arrangement of our own close to the machine's, typewriter rows with the
# bit-paired symbols.
KEYBOARD_DRAWING = [
    [("ESC", "ESCAPE", 1.25, "dark")]
    + [(f"{s} {c}", c, U, "plain") for c, s in zip("123456789", "!\"#$%&'()")]
    + [("0", "0", U, "plain"), ("* :", ":", U, "plain"), ("= -", "-", U, "plain"),
       ("~ ^", "^", U, "plain"), ("BREAK", "BREAK", 1.25, "break")],
    [("CTRL", "CTRL", 1.5, "dark")] + [(c, c, U, "plain") for c in "QWERTYUIOP"]
    + [("` @", "@", U, "plain"), ("| \\", "\\", U, "plain"), ("COPY", "COPY", 1.25, "dark"),
       ("DEL", "DELETE", 1.25, "dark")],
    [("LOCK", "LOCK", 1.75, "dark")] + [(c, c, U, "plain") for c in "ASDFGHJKL"]
    + [("+ ;", ";", U, "plain"), ("{ [", "[", U, "plain"), ("} ]", "]", U, "plain"),
       ("RETURN", "RETURN", 1.5, "dark")],
    [("SHIFT", "SHIFT", 2.0, "dark")] + [(c, c, U, "plain") for c in "ZXCVBNM"]
    + [("< ,", ",", U, "plain"), ("> .", ".", U, "plain"), ("? /", "/", U, "plain"),
       ("SHIFT", "SHIFT", 1.5, "dark"), ("\u2195", "UPDOWN", U, "dark"), ("\u2194", "LEFTRIGHT", U, "dark")],
    [("REPT", "REPT", 1.5, "dark"), ("", None, 1.0, "gap"), ("", "SPACE", 8.0, "plain")],
]

KEYBOARD = KeyboardModel(
    key_name=key_name,
    chord_for=chord_for,
    host_keys={"caps lock": "LOCK", "tab": "REPT"},
    # The Atom has two cursor keys; SHIFT reverses them.  Unshifted the up/down key moves up and the
    # left/right key moves right (the Atom keyboard matrix table with its shifted meanings, as listed
    # with Atom emulators' keyboard notes: row 2 col 0 <up>/<down>, row 3 col 0 <right>/<left>).
    host_bindings={"up": ("UPDOWN", False), "down": ("UPDOWN", True),
                   "right": ("LEFTRIGHT", False), "left": ("LEFTRIGHT", True)},
    pc_positions={"minus": ":", "equals": "-", "grave": "^", "leftbracket": "@", "rightbracket": "\\",
                  "semicolon": ";", "apostrophe": "[", "backslash": "]", "nonushash": "]",
                  "comma": ",", "period": ".", "slash": "/"},
    positional_extras={"insert": "^"},
    rows=KEYBOARD_DRAWING,
)

MODEL = MachineModel(
    name="atom", title="Acorn Atom", build=Atom, clock_hz=CLOCK_HZ, hex_prefix="#",
    roms=ROMS, slot_names=", ".join(ROMS), same_place={},
    field_hz=FIELD_HZ, canvas=(192, 256), default_scale=3,
    start_command="LINK #{:X}", assembler_define="MACHINE_ATOM",
    options=frozenset({"ram", "via", "drives", "writable", "disc_interface"}),
    disc_rom="dos",
    # docs/discs.md: our own kernel has no disc filing system; Acorn's Atom DOS drives the disc pack.
    without_disc_rom="the Atom's disc drives come with Acorn's Atom DOS (dos.rom in the --roms "
                     "directory); our own Atom kernel does not read Atom DOS discs",
    basic="Atom BASIC",
    # The kernel's line buffer is 64 bytes at #0100, RETURN included ("Atomic Theory and
    # Practice" 25.2, input buffer #100-#13F): 63 characters.
    input_limit=63,
    # "Atomic Theory and Practice" ch. 25, as our firmware keeps it (docs/atom_firmware.md): the
    # current line #01-#02, text offset #03 and pointer #05-#06, the program's page #12, stack
    # depths #13 (DO) #14 (GOSUB) #15 (FOR), variables @ and A-Z as four 27-byte planes from #321.
    basic_workspace={"CURLINE": 0x01, "TXTOFF": 0x03, "TXTPTR": 0x05, "TEXTPAGE": 0x12, "DOSP": 0x13,
                     "SUBSP": 0x14, "FORSP": 0x15, "VAR0": 0x321, "VAR1": 0x33C, "VAR2": 0x357,
                     "VAR3": 0x372},
    # "Atomic Theory and Practice" 25.1 (also roms/src/atom/atom.inc)
    os_entry_points={
        0xFFCB: "OSSHUT", 0xFFCE: "OSFIND", 0xFFD1: "OSBPUT", 0xFFD4: "OSBGET", 0xFFD7: "OSSTAR",
        0xFFDA: "OSRDAR", 0xFFDD: "OSSAVE", 0xFFE0: "OSLOAD", 0xFFE3: "OSRDCH", 0xFFE6: "OSECHO",
        0xFFE9: "OSASCI", 0xFFED: "OSCRLF", 0xFFF4: "OSWRCH", 0xFFF7: "OSCLI",
    },
    output_vector=0x208,        # WRCVEC ("Atomic Theory and Practice" ch. 25, the vectors at #200)
    keyboard=KEYBOARD,
    # Our BASIC is one program over the BASIC and floating-point sockets (issue 19: our firmware
    # may use #C000-#DFFF for the two together, as Acorn's two ROMs fill the same 8 KiB).
    spans={"basic": ("basic", "float")},
)


def AtomPPIPage(atom):
    """The I/O page at #B000-#B3FF as the CPU sees it: the 8255, with a short path for #B002.

    Kernels poll #B002 (field sync) in tight loops, so reading port C with the Atom's own direction
    word (#8A: upper half input, lower half output) is answered by a compiled page (atom_io.py) from
    the same pins `Atom._port_c_inputs` gives the chip; everything else goes to the chip.
    """
    return PPIPage(atom.ppi, atom.keyboard, atom.vdg, output_mask=0x0F,    # #8A drives port C bits 0-3
                   field_sync_bit=PC_FIELD_SYNC, rept_bit=PC_REPT, tone_bit=PC_TONE_IN, tone_hz=TONE_HZ,
                   field_lines=FIELD_LINES, fs_low_lines=FS_LOW_LINES, tape_bit=PC_TAPE_IN)
