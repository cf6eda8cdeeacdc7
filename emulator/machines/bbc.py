"""The BBC Micro Model B: the one module that knows the BBC's addresses and wiring.

Memory map (BBC Micro Advanced User Guide, chapters 18-23 and appendix "memory map"):
    &0000-&7FFF  RAM (32 KiB; the screen is at its top, read by the 6845 through the video logic)
    &8000-&BFFF  paged ("sideways") ROM: one of 16 slots, chosen by ROMSEL; BASIC is in slot 15
    &C000-&FBFF  MOS ROM                  &FF00-&FFFF  MOS ROM (vectors)
    &FC00 FRED, &FD00 JIM: the 1 MHz bus, nothing fitted (open-bus reads, writes lost), except
        &FCC0-&FCC3 our host filing card when `files` is given (emulator/media/hostfs.py): the
        Advanced User Guide's 1 MHz bus allocation of FRED sets &FCC0-&FCFE aside for user
        applications
    &FE00 SHEILA, one page of memory-mapped chips:
        &FE00-&FE07 6845 CRTC (address / data, mirrored)
        &FE08-&FE0F 6850 ACIA (status/control, data), mirrored; its IRQ on the 6502's IRQ
        &FE10-&FE17 serial ULA (write-only control register): RS423 or the cassette, the motor
            relay, the ACIA's clocks (emulator/chips/serial_ula.py; docs/tapes.md)
        &FE20-&FE2F video ULA (control / palette, mirrored)
        &FE30-&FE3F ROMSEL (write only: bits 0-3 the sideways slot)
        &FE40-&FE5F system VIA            &FE60-&FE7F user VIA
        &FE80-&FE9F the Intel 8271 disc controller when the disc interface is fitted (see
            below; else open bus): &FE80 status/command, &FE81 result/parameter, &FE82 reset,
            &FE84-&FE87 data (A2 is the 8271's DACK), mirrored every 8 bytes; its INT on NMI
        &FEA0 Econet, &FEE0 Tube: absent (open bus)
        &FEC0-&FEDF uPD7002 ADC (four registers, mirrored), nothing plugged into the analogue port
    An address nothing answers reads as the high byte of the address (the last byte the CPU put on the
    data bus for an absolute access: the NMOS "open bus" behaviour, as the Atom module does it).
    Accesses to FRED, JIM and the 1 MHz chips of SHEILA are stretched to the 1 MHz bus: the CRTC,
    ACIA, serial ULA and STATID (&FE00-&FE1F), the VIAs (&FE40-&FE7F) and the ADC (&FEC0-&FEDF).
    The video ULA and ROMSEL (&FE20-&FE3F), the FDC and Econet (&FE80-&FEBF) and the Tube
    (&FEE0-&FEFF) run at the CPU's 2 MHz (BeebWiki, "Cycle stretching": the list of devices
    accessed at 1 MHz; everything else on the I/O bus runs at 2 MHz).

System VIA (Advanced User Guide 23.1-23.3):
    port A  the slow data bus: keyboard (key number out, PA7 "key down" in) and the SN76489's data
    port B  bits 0-2 address, bit 3 data of the 74LS259 addressable latch IC32; bits 4-5 joystick
            fire buttons and bits 6-7 speech (not fitted: they float high)
    IC32    0 sound write enable (low = write), 1 speech read, 2 speech write, 3 keyboard enable
            (1 = auto-scan, 0 = direct testing), 4-5 C0/C1 screen size for the hardware-scroll wrap,
            6 CAPS LOCK LED, 7 SHIFT LOCK LED (LEDs on when low)
    CA1     the 6845's VSYNC (high during vertical sync)      CA2  keyboard interrupt
    CB1     the uPD7002's /EOC: falls when a conversion completes (Advanced User Guide, chapter 20)
    CB2     light pen strobe: idle (high)
Both VIAs are clocked at 1 MHz from the 2 MHz CPU clock.  A stretched access always ends up on an
odd CPU cycle (bus.stretch_delay = 1 + (cycle & 1)), and the VIA transfers data in the second half
(Phi2) of its cycle, so the VIA's cycles begin on even CPU cycles: tick_phase = 0.

Reset (BBC Micro Service Manual 3.1): BREAK drives the 6502's RESET line and the other chips' reset
(the user VIA among them); the system VIA is reset only at power-on, which is how a MOS tells a
BREAK from switching on.  SHIFT-BREAK and CTRL-BREAK are BREAK with a key held, which the MOS reads.

VSYNC: the 6845's frame timing gives the field length and where VSYNC falls in it; the machine
schedules one clock event per field for the start of VSYNC and one for its end, reading the timing
again every field so a MODE change takes effect on the next field.  While the CRTC holds no sane
frame (before the MOS programs it) no VSYNC happens and the machine looks again every millisecond.
"""

from emulator.bus import Bus
from emulator.chips.acia6850 import ACIA6850
from emulator.chips.serial_ula import SerialULA
from emulator.chips.bbc_keyboard import KEY_NAMES, BBCKeyboard, chars_to_keys, key_number, keys_for_char
from emulator.chips.crtc6845 import CRTC6845
from emulator.media.dfs_disc import DFSDisc
from emulator.media.hostfs import DFS_NAMES, CardPage, HostFilingCard
from emulator.chips.i8271 import I8271
from emulator.chips.sn76489 import SN76489
from emulator.chips.upd7002 import ADC7002
from emulator.chips.via6522 import VIA6522
from emulator.chips.video_ula import VideoULA
from emulator.clock import Clock
from emulator.display.bbc_raster import VideoLog
from emulator.display.bbc_screen import BBCScreen
from emulator.errors import UserError
from emulator.machines.base import MachineBase
from emulator.machines.model import KeyboardModel, MachineModel, RomSpec
from emulator.machines.power_on import SEED_LIMIT, power_on_pattern
from emulator.machines.typist import Typist
from emulator.machines.bbc_io import SheilaPage
from emulator.machines.disc_drives import DiscInterfacePage
from emulator.media.cassette import CassetteDeck
from emulator.media.uef import Tape

CLOCK_HZ = 2_000_000
FIELD_HZ = 50

RAM_SIZE = 0x8000
SIDEWAYS = 0x8000
SIDEWAYS_SIZE = 0x4000
MOS_BASE = 0xC000
ROM_SIZE = 0x4000                # MOS, BASIC and a sideways ROM (an 8 KiB one is also accepted)
BASIC_SLOT = 15
DFS_SLOT = 14                    # dfs.rom goes just below BASIC (docs/discs.md)
FRED, JIM, SHEILA = 0xFC00, 0xFD00, 0xFE00
FILING_CARD = 0xFCC0             # the host filing card's four registers (docs/hostfs.md)
# The parts of SHEILA that are not on the 1 MHz bus: video ULA and ROMSEL, FDC and Econet, Tube.
SHEILA_2MHZ = ((0xFE20, 0x20), (0xFE80, 0x40), (0xFEE0, 0x20))
DISC_INTERFACE = range(0x80, 0xA0)  # the 8271's offsets in SHEILA

# MOS 1.20 keeps the bitmaps of characters &20-&7F at &C000-&C2FF (Advanced User Guide, VDU
# drivers: "the character definitions are held in the MOS ROM at &C000"); screen.text() matches the
# cells of a bitmap MODE against the MOS ROM's bytes there.
FONT_OFFSET = 0x0000
FONT_COUNT = 96

# IC32 bits
LATCH_SOUND_WRITE = 0x01        # low: the SN76489 takes the slow data bus
LATCH_KEYBOARD_ENABLE = 0x08    # 1 auto-scan, 0 direct testing
LATCH_C0_SHIFT = 4              # bits 4-5: C0, C1
LATCH_CAPS_LOCK_LED = 0x40
LATCH_SHIFT_LOCK_LED = 0x80

IRQ_SYSTEM_VIA = 1
IRQ_USER_VIA = 2
IRQ_ACIA = 4
NMI_DISC = 1

MIN_FIELD_CYCLES = 2000         # shorter "fields" are a CRTC not yet programmed: no VSYNC
NO_FRAME_RETRY_CYCLES = 2000

# Typing (emulator/machines/typist.py), in emulated milliseconds, as for the Atom.  A key goes down
# once the MOS's keyboard interrupt (CA2) is enabled and the keyboard is back on auto-scan (the MOS
# has seen the last key go up), and is held until the MOS has read it down for TYPE_SEEN_MS: its
# keyboard scan runs every 10 ms, and MOS 1.20 takes a key only once two scans after the key-down
# interrupt's have found it still down (measured: a key held for the interrupt's scan and one more
# is dropped).
TYPE_HOLD_MS = 20
TYPE_GAP_MS = 10
TYPE_MODIFIER_LEAD_MS = 10
TYPE_READY_MS = 0
TYPE_SEEN_MS = 30
BREAK_HOLD_MS = 20
IER_CA2 = 0x01                  # the system VIA's CA2 interrupt: a key went down (auto-scan)
# A MOS finishing a keyboard scan turns auto-scan back on and then tidies up (clears the CA2 flag its
# testing raised): a key pressed in between would be forgotten, so the typist waits this long.
AUTOSCAN_SETTLE_CYCLES = CLOCK_HZ // 1000


class OpenBus:
    """Addresses with nothing fitted: reads see the high byte of the address, writes are lost."""

    def read(self, addr, cycle):
        return addr >> 8

    def write(self, addr, value, cycle):
        pass

    def peek(self, addr):
        return addr >> 8


class Sheila:
    """&FE00-&FEFF: one page, decoded by address ranges as the Model B's IC decoding does.  The bus
    reaches it through bbc_io.SheilaPage, which answers the two VIAs' ranges itself (in C)."""

    def __init__(self, bbc):
        self.bbc = bbc
        open_bus = OpenBus()
        devices = [open_bus] * 256
        for offset in range(0x00, 0x08):
            devices[offset] = bbc.crtc
        for offset in range(0x20, 0x30):
            devices[offset] = bbc.ula
        for offset in range(0x40, 0x60):
            devices[offset] = bbc.system_via
        for offset in range(0x60, 0x80):
            devices[offset] = bbc.user_via
        for offset in range(0xC0, 0xE0):
            devices[offset] = bbc.adc
        if bbc.fdc is not None:
            page = DiscInterfacePage(bbc.fdc)
            for offset in DISC_INTERFACE:
                devices[offset] = page
        self.devices = devices
        self._readers = [d.read for d in devices]
        self._writers = [d.write for d in devices]
        for offset in range(0x08, 0x10):
            devices[offset] = bbc.acia
            self._readers[offset] = bbc.acia.read
            self._writers[offset] = bbc.acia.write
        for offset in range(0x10, 0x18):
            self._writers[offset] = bbc.serial_ula.write
        for offset in range(0x30, 0x40):
            self._writers[offset] = self._write_romsel

    def read(self, addr, cycle):
        return self._readers[addr & 0xFF](addr, cycle)

    def write(self, addr, value, cycle):
        self._writers[addr & 0xFF](addr, value, cycle)

    def peek(self, addr):
        return self.devices[addr & 0xFF].peek(addr)

    def _write_romsel(self, addr, value, cycle):
        self.bbc.select_rom(value & 0x0F)


class BBCMicro(MachineBase):
    name = "bbc"
    NO_DISC_INTERFACE = "this BBC Micro has no disc interface (fit a DFS ROM, dfs.rom)"
    clock_hz = CLOCK_HZ
    field_hz = FIELD_HZ

    def __init__(self, roms, links=0, cpu_class=None, files=None, discs=None, seed=0, drives=None,
                 writable=False, disc_interface=None, tape=None, tape_speed=1, record=None):
        if not isinstance(links, int) or not 0 <= links <= 0xFF:
            raise UserError(f"the BBC's start-up option links are one byte (0-255), not {links!r}")
        if cpu_class is None:
            from emulator.cpu.core import CPU as cpu_class
        self.bus = Bus()
        self.cpu = cpu_class(self.bus)
        self.clock = Clock(self.cpu)
        self.crtc = CRTC6845(cpu_hz=CLOCK_HZ)
        self.ula = VideoULA()
        self.ula.listeners.append(lambda ula: self.crtc.set_character_clock(ula.crtc_clock_hz))
        # The field's 6845, ULA and C0/C1 writes with their cycles: a raster-accurate picture
        # (emulator/display/bbc_raster.py).
        self.video_log = VideoLog(self.crtc, self.ula, lambda: self.latch_c0c1)
        self.sound = SN76489(chip_hz=4_000_000, cpu_hz=CLOCK_HZ)
        self.keyboard = BBCKeyboard(links=links)
        self.adc = ADC7002(self.clock, CLOCK_HZ, eoc=self._adc_eoc)
        self.system_via = VIA6522(self.clock, irq=self._system_via_irq, cycles_per_tick=2,
                                  tick_phase=0, name="system VIA")
        self.user_via = VIA6522(self.clock, irq=self._user_via_irq, cycles_per_tick=2,
                                tick_phase=0, name="user VIA")
        self._wire_system_via()
        self.acia = ACIA6850(self.clock, CLOCK_HZ, irq=self._acia_irq, transmit=self._acia_transmit)
        self.serial_ula = SerialULA(changed=self._serial_ula_changed)
        self.cassette = _cassette(self, tape, tape_speed, record)
        self.filing_card = _filing_card(files, discs)
        # The disc interface (the 8271 and its drives) is fitted with a DFS ROM, or when asked for.
        if disc_interface is None:
            disc_interface = bool(drives) or any(n in ("dfs", "dfs.rom") for n in roms)
        self.fit_disc_interface(I8271(self.clock, self._fdc_int, CLOCK_HZ) if disc_interface else None,
                                drives, writable)
        self.romsel = None
        self.mos_rom = None
        self._map_memory(roms)
        self.screen = BBCScreen(self, FONT_OFFSET, FONT_COUNT)
        self.field_count = 0
        self.vsync = False
        self.field_listeners = []       # called with the cycle at each VSYNC start (a window draws)
        self.typist = Typist(self, TYPE_HOLD_MS, TYPE_GAP_MS, TYPE_MODIFIER_LEAD_MS, TYPE_READY_MS,
                             TYPE_SEEN_MS)
        self.caps_lock_lent = False     # the typist turned CAPS LOCK off for small letters
        self.seed = seed
        self.bus.load(0, power_on_pattern(seed, RAM_SIZE))
        self.reset_held = False
        for method in ("_field_start", "_vsync_on", "_vsync_off"):
            self.clock.register(self, method)
        self.cpu.reset()
        self.clock.schedule(self.cpu.cycles, self._field_start)

    # --- memory map -------------------------------------------------------------------------------

    def _map_memory(self, roms):
        bus = self.bus
        bus.map_ram(0, RAM_SIZE)
        self.sideways = bus.add_window(SIDEWAYS, SIDEWAYS_SIZE)
        images = {}
        for name, data in roms.items():
            slot = name[:-4] if name.endswith(".rom") else name
            images[slot] = bytes(data)
        unknown = [n for n in images if n not in ("mos", "basic", "dfs") and _rom_slot(n) is None]
        if unknown:
            raise UserError(f"the BBC Micro has no ROM called {unknown[0]!r} "
                            f"(mos, basic, dfs, rom0-rom15)")
        if "mos" not in images:
            raise UserError("the BBC Micro needs a MOS ROM (mos.rom, 16384 bytes at &C000)")
        for name, data in images.items():
            if name in ("mos", "basic") and len(data) != ROM_SIZE:
                where = "at &C000" if name == "mos" else f"in sideways slot {BASIC_SLOT}"
                raise UserError(f"{name}.rom is {len(data)} bytes; the BBC Micro's {name.upper()} ROM "
                                f"{where} must be exactly 16384 bytes (16 KiB)")
            if name not in ("mos", "basic") and len(data) not in (ROM_SIZE // 2, ROM_SIZE):
                raise UserError(f"{name}.rom is {len(data)} bytes; a sideways ROM is 16384 bytes "
                                f"(or 8192, which appears twice in the slot)")
        if "basic" in images and f"rom{BASIC_SLOT}" in images:
            raise UserError(f"basic.rom and rom{BASIC_SLOT}.rom both want sideways slot {BASIC_SLOT}")
        if "dfs" in images and f"rom{DFS_SLOT}" in images:
            raise UserError(f"dfs.rom and rom{DFS_SLOT}.rom both want sideways slot {DFS_SLOT}")
        self.mos_rom = images["mos"]
        bus.map_rom(MOS_BASE, self.mos_rom)
        for name, data in images.items():
            slot = {"basic": BASIC_SLOT, "dfs": DFS_SLOT}.get(name, _rom_slot(name))
            if slot is not None:
                # An 8 KiB ROM leaves A13 unconnected, so it shows at &8000 and again at &A000.
                self.sideways.set_bank(slot, data if len(data) == ROM_SIZE else data * 2)
        self.select_rom(0)
        self.sheila = Sheila(self)
        open_bus = OpenBus()
        fred = open_bus if self.filing_card is None else CardPage(self.filing_card, FILING_CARD - FRED)
        bus.map_io(FRED, 0x100, fred, stretch=True)
        bus.map_io(JIM, 0x100, open_bus, stretch=True)
        bus.map_io(SHEILA, 0x100, SheilaPage(self.system_via, self.user_via, self.sheila), stretch=True)
        for start, size in SHEILA_2MHZ:
            bus.set_stretch(start, size, False)
        self.rom_names = sorted(images)

    def select_rom(self, slot):
        """ROMSEL: page sideways slot `slot` (0-15) into &8000-&BFFF."""
        self.romsel = slot
        self.sideways.select(slot)

    # --- save states (emulator/state.py) ----------------------------------------------------------

    def state_devices(self):
        """Everything a save state holds, by name, in the order it is restored: the one list of the
        machine's devices (the clock before the VIAs, whose events it holds)."""
        devices = {"cpu": self.cpu, "bus": self.bus, "clock": self.clock, "machine": self,
                   "crtc": self.crtc, "acia": self.acia, "serial_ula": self.serial_ula,
                   "cassette": self.cassette, "ula": self.ula, "sound": self.sound,
                   "keyboard": self.keyboard, "adc": self.adc,
                   "system_via": self.system_via, "user_via": self.user_via, "typist": self.typist}
        if self.filing_card is not None:
            devices["filing_card"] = self.filing_card
        if self.fdc is not None:
            devices["fdc"] = self.fdc
        return devices

    def state_schema(self):
        from emulator.schema import CYCLE, U8, boolean, integer
        return {"latch": U8, "port_a_out": U8, "romsel": integer(0, 15), "field_count": CYCLE,
                "vsync": boolean, "reset_held": boolean, "seed": integer(0, SEED_LIMIT - 1),
                "autoscan_since": CYCLE, "caps_lock_lent": boolean}

    def state(self):
        """The wiring's own state: IC32, the slow data bus, ROMSEL (the bus restores the window),
        the field count and VSYNC, the RESET line held by BREAK and the power-on seed."""
        return {"latch": self.latch, "port_a_out": self.port_a_out, "romsel": self.romsel,
                "field_count": self.field_count, "vsync": self.vsync,
                "reset_held": self.reset_held, "seed": self.seed, "autoscan_since": self.autoscan_since,
                "caps_lock_lent": self.caps_lock_lent}

    def set_state(self, d):
        self.latch, self.port_a_out, self.romsel = d["latch"], d["port_a_out"], d["romsel"]
        self.field_count, self.vsync = d["field_count"], d["vsync"]
        self.reset_held, self.seed = d["reset_held"], d["seed"]
        self.autoscan_since, self.caps_lock_lent = d["autoscan_since"], d["caps_lock_lent"]

    def rom_images(self):
        """The ROM images fitted (the MOS and each sideways ROM slot): what a save state's ROM hash
        is taken over."""
        images = {"mos": bytes(self.mos_rom)}
        for slot, (data, writable) in sorted(self.sideways.banks.items()):
            if not writable:
                images[f"rom{slot}"] = bytes(data)
        return images

    # --- system VIA wiring ------------------------------------------------------------------------

    def _wire_system_via(self):
        via, keyboard = self.system_via, self.keyboard
        self.latch = 0xFF               # IC32: sound write disabled, auto-scan on, LEDs off
        self.autoscan_since = 0         # cycle auto-scan was last turned on (the typist waits)
        self.port_a_out = 0xFF          # after RES every port A pin is an input, pulled high
        keyboard.write_port_a(self.port_a_out)
        keyboard.set_autoscan(True)
        via.port_a_input = self._keyboard_port_a
        via.port_a_output = self._port_a_changed
        via.port_b_output = self._port_b_changed
        keyboard.ca2_listener = self._keyboard_ca2
        # Power-on input levels: VSYNC low on CA1, no key down on CA2, the ADC's /EOC on CB1 (high:
        # no conversion yet), CB2 idle high.
        via.ca1 = False
        via.ca2 = keyboard.ca2()
        via.cb1 = self.adc.eoc_level

    def _keyboard_port_a(self):
        """Port A's pins as the keyboard drives them; a read in direct mode is the MOS testing one
        key, which the typist watches for (emulator/machines/typist.py)."""
        keyboard = self.keyboard
        levels = keyboard.port_a_input()
        if not keyboard.autoscan:
            typist, number = self.typist, levels & 0x7F
            if levels & 0x80:
                watched = typist.holding
                if watched is not None and number == _KEY_NUMBERS.get(watched, -1):
                    typist.note_key_read(self.cpu.cycles, down=True)
                elif typist.live:                   # keys held for a person (the window)
                    typist.note_live_read(KEY_NAMES.get(number), self.cpu.cycles)
            elif typist.released is not None and number == _KEY_NUMBERS.get(typist.released, -1):
                typist.note_key_read(self.cpu.cycles, down=False)
        return levels

    def keyboard_ready(self, typist, cycle, key):
        """The typist's step 1: the MOS has read the last key up, its keyboard interrupt is on and
        the keyboard is back on auto-scan, so the next key down interrupts a MOS waiting for it."""
        return (typist.release_seen(cycle) and self.keyboard.autoscan
                and cycle - self.autoscan_since >= AUTOSCAN_SETTLE_CYCLES
                and bool(self.system_via.ier & IER_CA2) and not self.reset_held)

    def _system_via_irq(self, asserted):
        self.cpu.set_irq(IRQ_SYSTEM_VIA, asserted)

    def _user_via_irq(self, asserted):
        self.cpu.set_irq(IRQ_USER_VIA, asserted)

    def _fdc_int(self, asserted):
        """The 8271's INT, inverted onto the 6502's NMI line (edge-triggered)."""
        self.cpu.set_nmi(NMI_DISC, asserted)

    # --- the cassette: serial ULA, ACIA and the recorder (docs/tapes.md) ---------------------------

    def _acia_irq(self, asserted):
        self.cpu.set_irq(IRQ_ACIA, asserted)

    def _serial_ula_changed(self, ula, cycle):
        self.acia.rx_clock_hz, self.acia.tx_clock_hz = ula.acia_clocks
        # The ULA holds /CTS low for the cassette; RS423 with nothing plugged in leaves it high,
        # which masks TDRE (MC6850 data sheet).
        self.acia.set_cts(not ula.cassette)
        if ula.cassette:
            self.acia.set_dcd(self.cassette.carrier, cycle)
        else:
            self.acia.set_dcd(False, cycle)
        self.cassette.set_motor(ula.motor, cycle)

    def tape_carrier(self, on, cycle):
        """The recorder: the carrier tone starts or stops; the serial ULA's DCD follows it."""
        if self.serial_ula.cassette:
            self.acia.set_dcd(on, cycle)

    def tape_byte(self, byte, baud, cycle):
        """The recorder: a byte's stop bit has gone by.  The ACIA takes it at the baud rate the
        serial ULA's clock and its divide give; at another it makes no sense of the tones."""
        if self.serial_ula.cassette and self.acia.rx_baud == baud:
            self.acia.receive(byte, cycle)

    def _acia_transmit(self, byte, baud, cycle):
        ula = self.serial_ula
        if ula.cassette and ula.motor and self.cassette.recording:
            self.cassette.record_byte(byte, baud, cycle)

    def insert_tape(self, tape):
        """Put a tape (a Tape, or a UEF file's path) in the recorder, wound to its start."""
        self.cassette.load(tape if isinstance(tape, Tape) else Tape.load(tape))

    def _port_a_changed(self, levels):
        self.port_a_out = levels
        self.keyboard.write_port_a(levels)

    def _port_b_changed(self, levels):
        """PB0-2 address IC32 and PB3 is the bit written there (the 74LS259 follows its inputs)."""
        bit = 1 << (levels & 7)
        old = self.latch
        new = old | bit if levels & 0x08 else old & ~bit
        if new == old:
            return
        self.latch = new
        if old & LATCH_SOUND_WRITE and not new & LATCH_SOUND_WRITE:
            # The sound chip's write enable went low: it takes the slow data bus.
            self.sound.write(self.port_a_out, self.system_via.cycle)
        if (old ^ new) & LATCH_KEYBOARD_ENABLE:
            self.keyboard.set_autoscan(new & LATCH_KEYBOARD_ENABLE)
            self.autoscan_since = self.cpu.cycles
        if (old ^ new) & (3 << LATCH_C0_SHIFT):
            self.video_log.latch_changed(self.system_via.cycle, (new >> LATCH_C0_SHIFT) & 3)

    def _adc_eoc(self, level, cycle):
        self.system_via.set_cb1(level, cycle)

    def _keyboard_ca2(self, level):
        self.system_via.set_ca2(level, self.cpu.cycles)

    def beeps(self):
        """Every note the SN76489 has been given so far (sn76489.Note: cycle, channel, frequency,
        attenuation, noise), a MOS's bell included; headless tests read them."""
        return list(self.sound.notes)

    @property
    def latch_c0c1(self):
        return (self.latch >> LATCH_C0_SHIFT) & 3

    @property
    def caps_lock_led(self):
        return not self.latch & LATCH_CAPS_LOCK_LED

    @property
    def shift_lock_led(self):
        return not self.latch & LATCH_SHIFT_LOCK_LED

    # --- VSYNC ------------------------------------------------------------------------------------

    def _field_start(self, cycle):
        timing = self.crtc.frame_timing()
        field = timing.cycles_per_field
        if field < MIN_FIELD_CYCLES:
            self.video_log.no_field()
            self.clock.schedule(cycle + NO_FRAME_RETRY_CYCLES, self._field_start)
            return
        self.video_log.start_field(cycle, timing)
        if timing.vsync_start < field:
            start = cycle + timing.vsync_start
            self.clock.schedule(start, self._vsync_on)
            self.clock.schedule(start + min(timing.vsync_cycles, field - 1), self._vsync_off)
        self.clock.schedule(cycle + field, self._field_start)

    def _vsync_on(self, cycle):
        self.vsync = True
        self.field_count += 1
        self.system_via.set_ca1(True, cycle)
        for listener in self.field_listeners:
            listener(cycle)

    def _vsync_off(self, cycle):
        self.vsync = False
        self.system_via.set_ca1(False, cycle)

    # --- keys -------------------------------------------------------------------------------------

    def break_line(self, pressed):
        """BREAK: the RESET line of the 6502 and the user VIA; the CPU restarts on release."""
        self.reset_held = pressed
        if pressed:
            self.user_via.reset(self.cpu.cycles)
        else:
            self.cpu.reset()

    def press(self, name):
        if isinstance(name, str) and name.strip().upper() == "BREAK":
            self.break_line(True)
        else:
            self.keyboard.press(name)

    def release(self, name):
        if isinstance(name, str) and name.strip().upper() == "BREAK":
            if self.reset_held:
                self.break_line(False)
        else:
            self.keyboard.release(name)

    def break_key(self, hold_ms=BREAK_HOLD_MS, modifiers=(), lead_ms=TYPE_MODIFIER_LEAD_MS):
        """Press and release BREAK (after any queued typing); `modifiers` ("SHIFT", "CTRL") are held
        from `lead_ms` before BREAK goes down until `lead_ms` after it comes up, so the MOS's reset
        code finds them down: SHIFT-BREAK, CTRL-BREAK."""
        for m in modifiers:
            key_number(m)                   # a bad name is refused before anything is queued
        self.typist.press_break(hold_ms, modifiers, lead_ms)

    def type(self, text, hold_ms=None, gap_ms=None, lead_ms=None, caps_lock=None):
        """Queue real key presses for `text`; checked as a whole before anything is typed.

        As for the Atom (emulator/machines/typist.py): each key goes down once the MOS is ready for
        it and comes up once the MOS has read it; `hold_ms`, `gap_ms` and `lead_ms` are the least
        hold, the pause after each key and SHIFT's lead (emulated milliseconds).  A letter is typed
        as the CAPS LOCK light shows the MOS's state when its turn comes (`chords_for_char`);
        `caps_lock` True or False types as if CAPS LOCK were in that state instead.
        """
        chars_to_keys(text)                 # a character the keyboard lacks: refused before typing
        if caps_lock is None:
            self.typist.type_chars(text, hold_ms, gap_ms, lead_ms)
            return
        chords = [(("SHIFT",) if shifted else (), key)
                  for key, shifted in chars_to_keys(text, caps_lock=caps_lock)]
        self.type_chords(chords, hold_ms, gap_ms, lead_ms)

    def keys_down(self):
        """The keys down now, by their names (BREAK among them while it is held)."""
        return {KEY_NAMES[n] for n in self.keyboard.pressed if n in KEY_NAMES} | (
            {"BREAK"} if self.reset_held else set())

    def leds(self):
        """The keyboard's lights by key name: True when lit."""
        return {"CAPS LOCK": self.caps_lock_led, "SHIFT LOCK": self.shift_lock_led}

    speaker = None                  # the BBC's sound is its SN76489 (self.sound_chip)

    @property
    def sound_chip(self):
        return self.sound

    def key_named(self, name):
        """The keyboard's number for key `name` (UserError if the BBC Micro has none such)."""
        return key_number(name)

    def canonical_key(self, name):
        """The keyboard's own name for key `name` (UserError if the BBC Micro has none such)."""
        return KEY_NAMES[key_number(name)]

    def chords_for_char(self, char, following=None, check_only=False):
        """The key presses that type `char` now (`following`: the character queued after it, if
        any).  A small letter while CAPS LOCK is on needs CAPS LOCK off first: SHIFT with a letter
        gives a capital then on MOS 1.20 (measured on Acorn's ROMs); CAPS LOCK goes back on after
        the last small letter of a run, so the keyboard is left as it was found.  A capital while
        CAPS LOCK is off takes SHIFT.  `check_only`: only check that the keyboard can type `char`."""
        caps = self.caps_lock_led
        key, shifted = keys_for_char(char, caps_lock=caps)
        if check_only:
            return []
        chords = [(("SHIFT",) if shifted else (), key)]
        if caps and _small_letter(char):
            chords = [((), "CAPS LOCK"), ((), key)]
            self.caps_lock_lent = True
        if self.caps_lock_lent and not (following is not None and _small_letter(following)):
            chords.append(((), "CAPS LOCK"))
            self.caps_lock_lent = False
        return chords


# --- what the rest of the suite may know (emulator/machines/model.py) -----------------------------

def _roms():
    # docs/architecture.md: MOS 16 KiB at &C000; BASIC 16 KiB in sideways slot 15 (paged in at &8000);
    # romN.rom optional sideways ROMs (slot N), 16 KiB, an 8 KiB image accepted from a user.
    # dfs.rom: Acorn's DFS (16 KiB), optional, in sideways slot 14 just below BASIC; with it the
    # machine has the 8271 disc interface (docs/discs.md).
    roms = {"mos": RomSpec("mos", MOS_BASE, ROM_SIZE, True),
            "basic": RomSpec("basic", SIDEWAYS, ROM_SIZE, True),
            "dfs": RomSpec("dfs", SIDEWAYS, ROM_SIZE, False)}
    for slot in range(16):
        roms[f"rom{slot}"] = RomSpec(f"rom{slot}", SIDEWAYS, ROM_SIZE, False, sizes=(ROM_SIZE, 0x2000))
    return roms


def _key_name(name):
    """The keyboard's name for key `name`; BREAK is not in the matrix but is a key all the same."""
    if str(name).strip().upper() == "BREAK":
        return "BREAK"
    return KEY_NAMES[key_number(name)]


def _chord_for(char):
    key, shifted = keys_for_char(char, caps_lock=True)
    return (("SHIFT",) if shifted else ()), key


U = 1.0                                             # one ordinary key's width in the drawing
# The Model B's keyboard as the keyboard view draws it (BBC Micro User Guide, chapter 1 keyboard
# picture): the red f0-f9 row with BREAK, ESCAPE 1-0 - ^ \ and the left/right arrows, TAB Q-P @ [ _
# and up/down, CAPS LOCK CTRL A-L ; : ] RETURN, SHIFT LOCK SHIFT Z-/ SHIFT DELETE COPY, the space bar.
KEYBOARD_DRAWING = [
    [("", None, 1.5, "gap")] + [(f"f{n}", f"F{n}", U, "red") for n in range(10)]
    + [("BREAK", "BREAK", 1.25, "break")],
    [("ESCAPE", "ESCAPE", 1.25, "dark")] + [(c, c, U, "plain") for c in "1234567890"]
    + [("= -", "-", U, "plain"), ("~ ^", "^", U, "plain"), ("| \\", "\\", U, "plain"),
       ("\u2190", "LEFT", U, "dark"), ("\u2192", "RIGHT", U, "dark")],
    [("TAB", "TAB", 1.5, "dark")] + [(c, c, U, "plain") for c in "QWERTYUIOP"]
    + [("@", "@", U, "plain"), ("{ [", "[", U, "plain"), ("\u00a3 _", "_", U, "plain"),
       ("\u2191", "UP", U, "dark"), ("\u2193", "DOWN", U, "dark")],
    [("CAPS LOCK", "CAPS LOCK", 1.25, "dark"), ("CTRL", "CTRL", 1.25, "dark")]
    + [(c, c, U, "plain") for c in "ASDFGHJKL"]
    + [("+ ;", ";", U, "plain"), ("* :", ":", U, "plain"), ("} ]", "]", U, "plain"),
       ("RETURN", "RETURN", 1.5, "dark")],
    [("SHIFT LOCK", "SHIFT LOCK", 1.25, "dark"), ("SHIFT", "SHIFT", 1.75, "dark")]
    + [(c, c, U, "plain") for c in "ZXCVBNM"]
    + [("< ,", ",", U, "plain"), ("> .", ".", U, "plain"), ("? /", "/", U, "plain"),
       ("SHIFT", "SHIFT", 1.5, "dark"), ("DELETE", "DELETE", 1.25, "dark"), ("COPY", "COPY", 1.25, "dark")],
    [("", None, 3.5, "gap"), ("", "SPACE", 8.0, "plain")],
]

KEYBOARD = KeyboardModel(
    key_name=_key_name,
    chord_for=_chord_for,
    host_keys={"tab": "TAB", "caps lock": "CAPS LOCK", "home": "SHIFT LOCK",
               "up": "UP", "down": "DOWN", "left": "LEFT", "right": "RIGHT",
               "f10": "F0", **{f"f{n}": f"F{n}" for n in range(1, 10)}},
    host_bindings={},
    pc_positions={"minus": "-", "equals": "^", "leftbracket": "@", "rightbracket": "[", "backslash": "_",
                  "semicolon": ";", "apostrophe": ":", "nonushash": "]", "grave": "\\",
                  "comma": ",", "period": ".", "slash": "/", "nonusbackslash": "\\"},
    positional_extras={"insert": "\\", "page up": "]"},
    rows=KEYBOARD_DRAWING,
)

MODEL = MachineModel(
    name="bbc", title="BBC Micro", build=BBCMicro, clock_hz=CLOCK_HZ, hex_prefix="&",
    roms=_roms(), slot_names="mos, basic, dfs, rom0-rom15", same_place={f"rom{BASIC_SLOT}": "basic"},
    field_hz=FIELD_HZ, canvas=(512, 640), default_scale=1,
    start_command="CALL &{:X}", assembler_define="MACHINE_BBC",
    options=frozenset({"links", "discs", "drives", "writable", "disc_interface", "tape_speed"}),
    disc_rom="dfs",
    without_disc_rom="--disc0 needs a DFS ROM (dfs.rom in the --roms directory, or our own "
                     "firmware's); without one the host filing card serves disc images as drives 1-3",
    basic="BBC BASIC",
    # BASIC reads a line with OSWORD 0 and a maximum length of 238 characters (BBC Micro User
    # Guide, OSWORD 0 "read line"; BASIC's own limit).
    input_limit=238,
    # BBC BASIC's documented workspace (M. Plumbley, "BASIC ROM User Guide", 3.1 and appendix G;
    # J. Ripley, "BBC BASIC memory use", mdfs.net), which our BASIC keeps too: PAGE DIV 256 &18,
    # HIMEM &06, TOP &12, the text pointer &0B-&0C with its offset &0A, the resident integers @% and
    # A%-Z% from &400, the variable lists' heads at &400 + 2 * first character (A at &482), the PROC
    # and FN lists at &4F6 and &4F8, the stack depths &24 (REPEAT), &25 (GOSUB), &26 (15 per FOR).
    basic_workspace={"PAGE_HIGH": 0x18, "HIMEM": 0x06, "TOP": 0x12, "PTR": 0x0B, "PTR_OFFSET": 0x0A,
                     "RESIDENT": 0x400, "LIST_HEADS": 0x400, "PROC_LIST": 0x4F6, "FN_LIST": 0x4F8,
                     "REPEATS": 0x24, "GOSUBS": 0x25, "FORS": 0x26},
    # BBC Micro Advanced User Guide, "Operating system calls" (the table of entry points and vectors)
    os_entry_points={
        0xFFB9: "OSRDRM", 0xFFBF: "OSEVEN", 0xFFC2: "GSINIT", 0xFFC5: "GSREAD", 0xFFC8: "NVRDCH",
        0xFFCB: "NVWRCH", 0xFFCE: "OSFIND", 0xFFD1: "OSGBPB", 0xFFD4: "OSBPUT", 0xFFD7: "OSBGET",
        0xFFDA: "OSARGS", 0xFFDD: "OSFILE", 0xFFE0: "OSRDCH", 0xFFE3: "OSASCI", 0xFFE7: "OSNEWL",
        0xFFEC: "OSWRCR", 0xFFEE: "OSWRCH", 0xFFF1: "OSWORD", 0xFFF4: "OSBYTE", 0xFFF7: "OSCLI",
    },
    output_vector=0x20E,        # WRCHV (Advanced User Guide, the vectors at &200)
    keyboard=KEYBOARD,
)


_KEY_NUMBERS = {name: key_number(name) for name in KEY_NAMES.values()}     # the typist's key names


def _small_letter(char):
    return char.isascii() and char.isalpha() and char.islower()


def _filing_card(files, discs):
    """The host filing card serving directory `files` (None: no card) with the .ssd images `discs`
    ({drive 1-3: path or DFSDisc}) as read-only drives."""
    if files is None:
        if discs:
            raise UserError("disc images need the host filing card: give a files directory too")
        return None
    from emulator.inputs import check_directory
    check_directory(files, "directory to serve")      # the host filing card serves a directory
    mounted = {}
    for drive, disc in (discs or {}).items():
        if drive not in (1, 2, 3):
            raise UserError(f"disc drive {drive}: the filing card's disc drives are 1, 2 and 3")
        mounted[drive] = disc if isinstance(disc, DFSDisc) else DFSDisc.load(disc, drive)
    return HostFilingCard(files, mounted, profile=DFS_NAMES)


def _cassette(bbc, tape, speed, record):
    """The cassette recorder on the serial ULA: `tape` (a Tape or a UEF file's path, None: no tape)
    with PLAY down, `speed` the fast-load factor, `record` the UEF file a recording goes to."""
    if tape is not None and not isinstance(tape, Tape):
        tape = Tape.load(tape)
    if not isinstance(speed, int) or not 1 <= speed <= 1000:
        raise UserError(f"the tape speed is a whole number 1-1000, not {speed!r}")
    deck = CassetteDeck(bbc.clock, CLOCK_HZ, tape, listener=bbc, speed=speed, record_path=record)
    if tape is not None:
        deck.play()
    return deck


def _rom_slot(name):
    """The slot number of a "romN" name (0-15), else None."""
    if name.startswith("rom") and name[3:].isdigit():
        slot = int(name[3:])
        if 0 <= slot <= 15 and name[3:] == str(slot):
            return slot
    return None
