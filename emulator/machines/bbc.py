"""The BBC Micro Model B: the one module that knows the BBC's addresses and wiring.

Memory map (BBC Micro Advanced User Guide, chapters 18-23 and appendix "memory map"):
    &0000-&7FFF  RAM (32 KiB; the screen is at its top, read by the 6845 through the video logic)
    &8000-&BFFF  paged ("sideways") ROM: one of 16 slots, chosen by ROMSEL; BASIC is in slot 15
    &C000-&FBFF  MOS ROM                  &FF00-&FFFF  MOS ROM (vectors)
    &FC00 FRED, &FD00 JIM: the 1 MHz bus, nothing fitted (open-bus reads, writes lost), except
        &FCC0-&FCC3 our host filing card when `files` is given (emulator/chips/hostfs.py): the
        Advanced User Guide's 1 MHz bus allocation of FRED sets &FCC0-&FCFE aside for user
        applications
    &FE00 SHEILA, one page of memory-mapped chips:
        &FE00-&FE07 6845 CRTC (address / data, mirrored)
        &FE08-&FE0F 6850 ACIA: fitted, idle (status: transmit register empty, nothing received)
        &FE10-&FE17 serial ULA: fitted, idle (write-only control register)
        &FE20-&FE2F video ULA (control / palette, mirrored)
        &FE30-&FE3F ROMSEL (write only: bits 0-3 the sideways slot)
        &FE40-&FE5F system VIA            &FE60-&FE7F user VIA
        &FE80-&FE9F the Intel 8271 disc controller when the disc interface is fitted (see
            below; else open bus): &FE80 status/command, &FE81 result/parameter, &FE82 reset,
            &FE84-&FE87 data (A2 is the 8271's DACK), mirrored every 8 bytes; its INT on NMI
        &FEA0 Econet, &FEE0 Tube: absent (open bus)
        &FEC0-&FEDF uPD7002 ADC: fitted, idle (status "conversion complete", result &0000)
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
    CB1     ADC end of conversion, CB2 light pen: both idle (high)
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
import copy
import os

import numpy as np

from emulator.bus import Bus
from emulator.chips.bbc_keyboard import BBCKeyboard, chars_to_keys, key_number
from emulator.chips.crtc6845 import CRTC6845
from emulator.chips.dfs_disc import DFSDisc
from emulator.chips.i8271 import I8271
from emulator.chips.hostfs import CardPage, HostFilingCard
from emulator.chips.saa5050 import flash_visible
from emulator.chips.sn76489 import SN76489
from emulator.chips.via6522 import VIA6522
from emulator.chips.video_ula import VideoULA
from emulator.clock import Call, Clock
from emulator.display import bbc_video
from emulator.display.png import write_png
from emulator.errors import UserError
from emulator.machines.base import MachineBase
from emulator.machines.bbc_io import SheilaPage
from emulator.media.disc_image import Disc

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
DISC_DRIVES = 4                  # DFS drives 0-3: drive n is side n >> 1 of physical drive n & 1

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
NMI_DISC = 1

MIN_FIELD_CYCLES = 2000         # shorter "fields" are a CRTC not yet programmed: no VSYNC
NO_FRAME_RETRY_CYCLES = 2000

# ACIA status (MC6850 data sheet): bit 1 transmit data register empty.  Nothing is connected, so
# nothing is ever received (bit 0), there is no interrupt (bit 7) and no error.
ACIA_STATUS_IDLE = 0x02

# Typing, in emulated milliseconds (as for the Atom): the MOS scans the keyboard every 10 ms.
TYPE_HOLD_MS = 50
TYPE_GAP_MS = 50
TYPE_MODIFIER_LEAD_MS = 20
BREAK_HOLD_MS = 20


class OpenBus:
    """Addresses with nothing fitted: reads see the high byte of the address, writes are lost."""

    def read(self, addr, cycle):
        return addr >> 8

    def write(self, addr, value, cycle):
        pass

    def peek(self, addr):
        return addr >> 8


class ADC7002:
    """The uPD7002 at &FEC0, fitted but with nothing plugged into the analogue port.

    Register 0: writing starts a conversion on channel bits 0-1 (bit 3: 12-bit); reading gives the
    status: bits 0-1 channel, bit 3 resolution, bit 6 busy, bit 7 /EOC (uPD7002 data sheet; Advanced
    User Guide 20.1).  Conversions finish at once with a result of 0 and no CB1 pulse: an idle ADC
    that a MOS sees as "not busy, converted".
    """

    def __init__(self):
        self.control = 0

    def read(self, addr, cycle):
        return self.peek(addr)

    def peek(self, addr):
        register = addr & 3
        if register == 0:
            return self.control & 0x0F
        return 0x00                     # result high byte, low byte (0: nothing connected)

    def write(self, addr, value, cycle):
        if addr & 3 == 0:
            self.control = value & 0x0F

    def state(self):
        return {"control": self.control}

    def set_state(self, d):
        self.control = d["control"]


class DiscInterfacePage:
    """&FE80-&FE9F: the 8271's registers at A2 = 0, its data register (DACK) at A2 = 1."""

    def __init__(self, fdc):
        self.fdc = fdc

    def read(self, addr, cycle):
        return self.fdc.read_data(cycle) if addr & 4 else self.fdc.read(addr & 3, cycle)

    def write(self, addr, value, cycle):
        if addr & 4:
            self.fdc.write_data(value, cycle)
        else:
            self.fdc.write(addr & 3, value, cycle)

    def peek(self, addr):
        return self.fdc.peek_data() if addr & 4 else self.fdc.peek(addr & 3)


class Sheila:
    """&FE00-&FEFF: one page, decoded by address ranges as the Model B's IC decoding does.  The bus
    reaches it through bbc_io.SheilaPage, which answers the two VIAs' ranges itself (in C)."""

    def __init__(self, bbc):
        self.bbc = bbc
        self.acia_control = 0
        self.serial_ula = 0
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
            self._readers[offset] = self._read_acia
            self._writers[offset] = self._write_acia
        for offset in range(0x10, 0x18):
            self._writers[offset] = self._write_serial_ula
        for offset in range(0x30, 0x40):
            self._writers[offset] = self._write_romsel

    def read(self, addr, cycle):
        return self._readers[addr & 0xFF](addr, cycle)

    def write(self, addr, value, cycle):
        self._writers[addr & 0xFF](addr, value, cycle)

    def peek(self, addr):
        offset = addr & 0xFF
        if 0x08 <= offset < 0x10:
            return self._read_acia(addr, 0)
        device = self.devices[offset]
        return device.peek(addr)

    # ACIA: status at even addresses, receive data (nothing received: 0) at odd ones.
    def _read_acia(self, addr, cycle):
        return ACIA_STATUS_IDLE if addr & 1 == 0 else 0x00

    def _write_acia(self, addr, value, cycle):
        if addr & 1 == 0:
            self.acia_control = value

    def _write_serial_ula(self, addr, value, cycle):
        self.serial_ula = value

    def _write_romsel(self, addr, value, cycle):
        self.bbc.select_rom(value & 0x0F)

    def state(self):
        return {"acia_control": self.acia_control, "serial_ula": self.serial_ula}

    def set_state(self, d):
        self.acia_control, self.serial_ula = d["acia_control"], d["serial_ula"]


class BBCScreen:
    """What a person sees: the picture rendered from RAM and the 6845 / video ULA registers.

    Rendering is on demand, and a picture is made of character rows that are kept.  A row's pixels
    depend only on its own bytes, the display's settings (the CRTC registers other than the screen
    start and cursor address, the ULA's control and palette, C0/C1), where the cursor is in the row
    while it shows, and, for a teletext row with flashing text, the flash phase.  Rows are kept under
    those keys (for the rows of the last two pictures), so a picture whose rows all moved, as a
    hardware scroll moves them, is put together from kept rows and only new rows are drawn.  A
    teletext page with double height is drawn whole (a row there depends on the one above).
    Asking again for an unchanged picture returns the same (read-only) array.
    """

    def __init__(self, bbc):
        self.bbc = bbc
        self.font = bbc_video.font_table(bbc.mos_rom, count=FONT_COUNT, offset=FONT_OFFSET) \
            if bbc.mos_rom is not None else {}
        self._key = None
        self._ram = None
        self._frame = None
        self._settings = None
        self._rows = {}                 # row key -> row picture, for the rows of the last picture
        self._older_rows = {}           # ... and of the one before
        self.renders = 0                # whole pictures drawn
        self.row_renders = 0            # character rows drawn on their own

    def _inputs(self):
        bbc = self.bbc
        crtc, ula = bbc.crtc, bbc.ula
        field = bbc.field_count
        phase = (crtc.cursor_visible(field), flash_visible(field) if ula.teletext else None)
        return (bytes(crtc.registers), ula.control, bytes(ula.palette), bbc.latch_c0c1, phase)

    def _screen_bytes(self):
        """(ma, ram): the 6845 address of each displayed cell (rows, columns), and (rows, columns * 8)
        uint8, every RAM byte the picture can depend on, row by row: for each cell the 8 bytes from
        its first address (a bitmap cell's 8 lines; a teletext cell's byte and its neighbours,
        which is more than needed but never less)."""
        bbc = self.bbc
        crtc = bbc.crtc
        r = crtc.registers
        rows, columns = min(r[6], r[4] + 1), min(r[1], r[0] + 1)
        if rows <= 0 or columns <= 0:
            return np.zeros((0, 0), dtype=np.int64), np.zeros((0, 0), dtype=np.uint8)
        ma = (crtc.start_address + np.arange(rows)[:, None] * r[1] + np.arange(columns)[None, :]) & 0x3FFF
        teletext = 0x3C00 | (ma & 0x3FF) | ((ma & 0x800) << 3)
        bitmap = (ma & 0xFFF) << 3
        bitmap = np.where(ma & 0x1000, bitmap - bbc_video.wrap_size(bbc.latch_c0c1), bitmap)
        first = np.where(ma & 0x2000, teletext, bitmap)
        addresses = (first[:, :, None] + np.arange(8)) & 0x7FFF
        return ma, np.frombuffer(bbc.bus.memory, dtype=np.uint8).take(addresses).reshape(rows, columns * 8)

    def rgb(self):
        """The picture of the current field: numpy uint8 (512, 640, 3), or (500, 480, 3) in MODE 7.

        Read-only: the same array comes back while nothing on the screen changes."""
        bbc = self.bbc
        key = self._inputs()
        ma, ram = self._screen_bytes()
        if self._frame is not None and key == self._key and np.array_equal(ram, self._ram):
            return self._frame
        registers, control, palette, c0c1, (cursor_on, flash_on) = key
        teletext = bbc.ula.teletext
        # The settings every row depends on: all but the start (R12, R13) and cursor (R14, R15).
        settings = (registers[:12] + registers[16:], control, palette, c0c1)
        codes = ram[:, ::8] & 0x7F
        double_height = teletext and bool((codes == 0x0D).any())
        whole = len(ram) == 0 or bbc_video.displayed_rows(bbc.crtc) != len(ram)   # e.g. display off
        if settings != self._settings or double_height or whole:
            frame = self._render_whole(ram, ma, double_height)
        else:
            frame = self._assemble(ram, ma, codes, teletext)
        self._settings = settings
        frame.setflags(write=False)
        self._frame, self._key, self._ram = frame, key, ram
        return frame

    def _row_keys(self, ram, ma, codes, teletext):
        """The key of each row: its bytes, the cursor's column in it while the cursor shows (else
        -1), and in a teletext row with flashing text the flash phase."""
        bbc = self.bbc
        crtc = bbc.crtc
        field = bbc.field_count
        cursor_columns = np.full(len(ram), -1)
        if crtc.cursor_visible(field):
            rows, columns = np.nonzero(ma == crtc.cursor_address)
            cursor_columns[rows] = columns
        keys = []
        if teletext:
            flashing = (codes == 0x08).any(axis=1)
            phase = flash_visible(field)
            for row in range(len(ram)):
                keys.append((ram[row, ::8].tobytes(), int(cursor_columns[row]),
                             phase if flashing[row] else None))
        else:
            for row in range(len(ram)):
                keys.append((ram[row].tobytes(), int(cursor_columns[row]), None))
        return keys

    def _render_whole(self, ram, ma, double_height):
        bbc = self.bbc
        frame = bbc_video.render_frame(bbc.bus.memory, bbc.crtc, bbc.ula, bbc.latch_c0c1, bbc.field_count)
        self.renders += 1
        self._older_rows = {}
        self._rows = {}
        if not double_height and len(ram) and bbc_video.displayed_rows(bbc.crtc) == len(ram):
            # Every row of a page without double height is a row picture to keep.
            height = frame.shape[0] // len(ram)
            teletext = bbc.ula.teletext
            keys = self._row_keys(ram, ma, ram[:, ::8] & 0x7F, teletext)
            for row, key in enumerate(keys):
                self._rows[key] = frame[row * height:(row + 1) * height]
        return frame

    def _assemble(self, ram, ma, codes, teletext):
        """The picture from kept rows, drawing only the rows not kept."""
        keys = self._row_keys(ram, ma, codes, teletext)
        rows, older = self._rows, self._older_rows
        kept = {}
        pictures = []
        for row, key in enumerate(keys):
            picture = kept.get(key)
            if picture is None:
                picture = rows.get(key)
            if picture is None:
                picture = older.get(key)
            if picture is None:
                picture = self._draw_row(row)
            kept[key] = picture
            pictures.append(picture)
        self._older_rows, self._rows = rows, kept
        return np.concatenate(pictures)

    def _draw_row(self, row):
        """Character row `row` drawn on its own, from a view of the 6845 that displays just it."""
        bbc = self.bbc
        crtc = bbc.crtc
        view = copy.copy(crtc)
        registers = list(crtc.registers)
        start = (crtc.start_address + row * registers[1]) & 0x3FFF
        registers[12], registers[13], registers[6] = start >> 8, start & 0xFF, 1
        view.registers = registers
        picture = bbc_video.render_frame(bbc.bus.memory, view, bbc.ula, bbc.latch_c0c1, bbc.field_count)
        self.row_renders += 1
        return picture

    def text(self):
        """Rows as a person reads them: MODE 7 through the SAA5050's character set; a bitmap MODE
        by matching each 8 x 8 cell against the MOS ROM's font at &C000 (a cell no character of that
        font matches reads as '?', every cell does when the MOS has no font there)."""
        bbc = self.bbc
        return bbc_video.screen_text(bbc.bus.memory, bbc.crtc, bbc.ula, bbc.latch_c0c1, self.font)

    def screenshot(self, path):
        write_png(path, np.ascontiguousarray(self.rgb()))


class BBCMicro(MachineBase):
    name = "bbc"
    clock_hz = CLOCK_HZ
    field_hz = FIELD_HZ

    def __init__(self, roms, links=0, cpu_class=None, files=None, discs=None, drives=None,
                 writable=False, disc_interface=None):
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
        self.sound = SN76489(chip_hz=4_000_000, cpu_hz=CLOCK_HZ)
        self.keyboard = BBCKeyboard(links=links)
        self.adc = ADC7002()
        self.system_via = VIA6522(self.clock, irq=self._system_via_irq, cycles_per_tick=2,
                                  tick_phase=0, name="system VIA")
        self.user_via = VIA6522(self.clock, irq=self._user_via_irq, cycles_per_tick=2,
                                tick_phase=0, name="user VIA")
        self._wire_system_via()
        self.filing_card = _filing_card(files, discs)
        # The disc interface (the 8271 and its drives) is fitted with a DFS ROM, or when asked for.
        if disc_interface is None:
            disc_interface = bool(drives) or any(n in ("dfs", "dfs.rom") for n in roms)
        self.fdc = I8271(self.clock, self._fdc_int, CLOCK_HZ) if disc_interface else None
        self.discs = {}                 # DFS drive number -> Disc
        if drives:
            if self.fdc is None:
                raise UserError("disc drives need the disc interface (the 8271)")
            self._mount_drives(drives, writable)
        self.romsel = None
        self.mos_rom = None
        self._map_memory(roms)
        self.screen = BBCScreen(self)
        self.field_count = 0
        self.vsync = False
        self.field_listeners = []       # called with the cycle at each VSYNC start (a window draws)
        self.typing_until = 0
        self.reset_held = False
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
                   "sheila": self.sheila, "crtc": self.crtc, "ula": self.ula, "sound": self.sound,
                   "keyboard": self.keyboard, "adc": self.adc,
                   "system_via": self.system_via, "user_via": self.user_via}
        if self.filing_card is not None:
            devices["filing_card"] = self.filing_card
        if self.fdc is not None:
            devices["fdc"] = self.fdc
        return devices

    def state(self):
        """The wiring's own state: IC32, the slow data bus, ROMSEL (the bus restores the window),
        the field count and VSYNC, the typing queue's end and the RESET line held by BREAK."""
        return {"latch": self.latch, "port_a_out": self.port_a_out, "romsel": self.romsel,
                "field_count": self.field_count, "vsync": self.vsync,
                "typing_until": self.typing_until, "reset_held": self.reset_held}

    def set_state(self, d):
        self.latch, self.port_a_out, self.romsel = d["latch"], d["port_a_out"], d["romsel"]
        self.field_count, self.vsync = d["field_count"], d["vsync"]
        self.typing_until, self.reset_held = d["typing_until"], d["reset_held"]

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
        self.port_a_out = 0xFF          # after RES every port A pin is an input, pulled high
        keyboard.write_port_a(self.port_a_out)
        keyboard.set_autoscan(True)
        via.port_a_input = keyboard.port_a_input
        via.port_a_output = self._port_a_changed
        via.port_b_output = self._port_b_changed
        keyboard.ca2_listener = self._keyboard_ca2
        # Power-on input levels: VSYNC low on CA1, no key down on CA2 (CB1/CB2 idle high).
        via.ca1 = False
        via.ca2 = keyboard.ca2()

    def _system_via_irq(self, asserted):
        self.cpu.set_irq(IRQ_SYSTEM_VIA, asserted)

    def _user_via_irq(self, asserted):
        self.cpu.set_irq(IRQ_USER_VIA, asserted)

    def _fdc_int(self, asserted):
        """The 8271's INT, inverted onto the 6502's NMI line (edge-triggered)."""
        self.cpu.set_nmi(NMI_DISC, asserted)

    # --- disc drives ------------------------------------------------------------------------------

    def _mount_drives(self, drives, writable):
        """Put disc images into DFS drives 0-3 ({drive: path or Disc}); a .dsd fills both sides of
        drive 0 or 1 (DFS drives 0 and 2, or 1 and 3).  Every image is read and checked before any
        goes in."""
        loaded = {}
        for drive, image in sorted(drives.items()):
            if drive not in range(DISC_DRIVES):
                raise UserError(f"disc drive {drive}: the BBC's disc drives are 0, 1, 2 and 3")
            loaded[drive] = image if isinstance(image, Disc) else Disc.load(image, writable=writable)
        for drive, disc in loaded.items():
            if disc.sides == 2 and drive > 1:
                raise UserError(f"{disc.source}: a double-sided image goes in drive 0 or 1 "
                                f"(its second side is drive {drive + 2})")
            if disc.sides == 2 and drive + 2 in loaded:
                raise UserError(f"drive {drive + 2} is the second side of the double-sided disc in "
                                f"drive {drive}")
        for drive, disc in loaded.items():
            self.insert_disc(drive, disc)

    def insert_disc(self, drive, disc, writable=False):
        """Put a disc (a Disc, or an image file's path) into DFS drive `drive` (0-3), ejecting
        whatever was on that surface first."""
        if self.fdc is None:
            raise UserError("this BBC Micro has no disc interface (fit a DFS ROM, dfs.rom)")
        if drive not in range(DISC_DRIVES):
            raise UserError(f"disc drive {drive}: the BBC's disc drives are 0, 1, 2 and 3")
        if not isinstance(disc, Disc):
            disc = Disc.load(disc, writable=writable)
        physical = self.fdc.drives[drive & 1]
        sides = (0, 1) if disc.sides == 2 else (drive >> 1,)
        for side in sides:
            self.eject(drive & 1 | side << 1)
        for n, side in enumerate(sides):
            physical.surfaces[side] = (disc, n)
            self.discs[drive & 1 | side << 1] = disc

    def eject(self, drive):
        """Take the disc out of DFS drive `drive`: a writable disc's changes are written back to its
        file first (both sides of a double-sided one come out)."""
        disc = self.discs.get(drive)
        if disc is None:
            return
        disc.flush()
        physical = self.fdc.drives[drive & 1]
        for side in (0, 1):
            surface = physical.surfaces[side]
            if surface is not None and surface[0] is disc:
                physical.surfaces[side] = None
                self.discs.pop(drive & 1 | side << 1, None)

    def flush_discs(self):
        """Write every writable disc's changes back to its image file (the machine stops)."""
        for disc in {id(d): d for d in self.discs.values()}.values():
            disc.flush()

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
            self.clock.schedule(cycle + NO_FRAME_RETRY_CYCLES, self._field_start)
            return
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

    def _break_line(self, pressed):
        """BREAK: the RESET line of the 6502 and the user VIA; the CPU restarts on release."""
        self.reset_held = pressed
        if pressed:
            self.user_via.reset(self.cpu.cycles)
        else:
            self.cpu.reset()

    def press(self, name):
        if isinstance(name, str) and name.strip().upper() == "BREAK":
            self._break_line(True)
        else:
            self.keyboard.press(name)

    def release(self, name):
        if isinstance(name, str) and name.strip().upper() == "BREAK":
            if self.reset_held:
                self._break_line(False)
        else:
            self.keyboard.release(name)

    def break_key(self, hold_ms=BREAK_HOLD_MS, modifiers=(), lead_ms=TYPE_MODIFIER_LEAD_MS):
        """Press and release BREAK (after any queued typing); `modifiers` ("SHIFT", "CTRL") are held
        from `lead_ms` before BREAK goes down until `lead_ms` after it comes up, so the MOS's reset
        code finds them down: SHIFT-BREAK, CTRL-BREAK."""
        numbers = [key_number(m) for m in modifiers]
        hold, lead = int(hold_ms * CLOCK_HZ // 1000), int(lead_ms * CLOCK_HZ // 1000)
        if hold <= 0 or lead < 0:
            raise UserError("BREAK must be held for a positive time")
        t = self.schedule_chord(max(self.cpu.cycles, self.typing_until), numbers,
                                Call(self, "_break_line", True), Call(self, "_break_line", False),
                                hold, lead)
        self.typing_until = t
        return t

    def type(self, text, hold_ms=TYPE_HOLD_MS, gap_ms=TYPE_GAP_MS, lead_ms=TYPE_MODIFIER_LEAD_MS,
             caps_lock=True):
        """Queue real key presses for `text`; checked as a whole before anything is typed.

        As for the Atom: each key is held `hold_ms` with `gap_ms` between keys (emulated time), and
        SHIFT goes down `lead_ms` before a shifted key and up `lead_ms` after it.  `caps_lock` is the
        CAPS LOCK state the MOS is in (on after a MOS's start-up), which decides when letters need
        SHIFT.  Returns the cycle by which the typing will be done.
        """
        chords = [(("SHIFT",) if shifted else (), key)
                  for key, shifted in chars_to_keys(text, caps_lock=caps_lock)]
        times = (int(ms * CLOCK_HZ // 1000) for ms in (hold_ms, gap_ms, lead_ms))
        return self.queue_chords(chords, *times)


def _filing_card(files, discs):
    """The host filing card serving directory `files` (None: no card) with the .ssd images `discs`
    ({drive 1-3: path or DFSDisc}) as read-only drives."""
    if files is None:
        if discs:
            raise UserError("disc images need the host filing card: give a files directory too")
        return None
    if not os.path.isdir(files):
        raise UserError(f"{files}: not a directory (the host filing card serves a directory)")
    mounted = {}
    for drive, disc in (discs or {}).items():
        if drive not in (1, 2, 3):
            raise UserError(f"disc drive {drive}: the filing card's disc drives are 1, 2 and 3")
        mounted[drive] = disc if isinstance(disc, DFSDisc) else DFSDisc.load(disc, drive)
    return HostFilingCard(files, mounted, profile="bbc")


def _rom_slot(name):
    """The slot number of a "romN" name (0-15), else None."""
    if name.startswith("rom") and name[3:].isdigit():
        slot = int(name[3:])
        if 0 <= slot <= 15 and name[3:] == str(slot):
            return slot
    return None
