"""The Intel 8271 floppy disc controller, with its two drives, in non-DMA mode as the BBC Micro wires it.

Registers (Intel 8271 data sheet, "Register addressing"; A1 A0 with chip select, DACK for the data):
    0  read: status          write: command
    1  read: result          write: parameter
    2                        write: reset (bit 0: 1 holds the chip in reset)
    data (DACK)  read / write: one byte of a sector, or of an ID, in the data phase
The machine decides where they are (emulator/machines/bbc.py) and gets the INT pin through `irq`
(the BBC inverts it onto the 6502's NMI).

Status: bit 7 command busy, 6 command register full, 5 parameter register full, 4 result register
full, 3 interrupt request, 2 non-DMA data request (bits 1-0 read 0).

A command byte: bits 7-6 select drive 0 / drive 1 (the SELECT outputs), bits 5-0 the command; its
parameters follow in the parameter register.  Commands (data sheet, "Command summary"), with their
parameters:
    &0A/&0E write (deleted) data, one 128-byte record: track, sector
    &0B/&0F write (deleted) data, multi-record:        track, sector, size code (bits 7-5) and count (4-0)
    &12/&16 read data (and deleted data), 128 bytes:   track, sector
    &13/&17 read data (and deleted data), multi-record: track, sector, size/count
    &1B read ID: track, 0, how many IDs      &1E/&1F verify data and deleted data (128 / multi)
    &23 format: track, gap 3, size/count, gap 5, gap 1 (the CPU gives each sector's 4-byte ID)
    &29 seek: track        &2C read drive status        &35 specify: 4 parameters
    &3A write special register: register, value         &3D read special register: register
        (&06 scan sector: the sector a data command is working on, kept through a reset; &13/&14
        scan count; &10/&11, &18/&19 bad tracks; &12/&1A current track; &17 mode; &22/&23 drive
        control input / output)
    &00/&04 scan data (and deleted data): not emulated (no DFS uses them): they end "sector not found".
Results: &00 good, &0A late DMA (a byte not taken in time), &0E data CRC error, &10 drive not ready,
&12 write protect, &18 sector not found; +&20 deleted data found.  Read drive status and read special
register leave a result without an interrupt; specify and write special register have none; every
other command ends with its result and an interrupt.  Reading the result register clears the
interrupt, as reading or writing the data register clears a data request.

In non-DMA mode (mode register bit 0 set) every data byte is an interrupt with status bit 2 set: the
BBC's DFS moves each byte in its NMI routine.  A byte not taken before the next one comes ends the
command with "late DMA".  In DMA mode the requests go to the DRQ pin, which the BBC leaves unconnected,
so a transfer there ends in late DMA too.

Timing: single density (FM) at 125 kbit/s is 64 us a byte; the disc turns at 300 rpm (200 ms a
revolution) with the index pulse at its start, and the 10 sectors of a DFS track are spaced evenly
round it.  A read waits for its sector's ID to come round, a seek steps at the specified rate and
then lets the head settle, and a sector that is not there is given up after two index pulses
(data sheet, "Sector not found").  The BBC clocks the 8271 at 2 MHz, half the data sheet's 4 MHz for
8-inch drives, so the specify times are twice the data sheet's units: step rate and head settle in
2 ms, head load in 16 ms.

Drives: DFS numbers drives 0-3, drive 2 and 3 being the second sides of drives 0 and 1; the BBC
wires the side-select line to bit 5 of the drive control output port (special register &23).  Each
physical drive here holds up to two surfaces, (disc, side) pairs from emulator/media/disc_image.py.
A drive is ready when it is selected, holds a disc and its motor is at speed: a command that selects
a drive loads the head, which on the BBC starts the motor, READY coming after the head load time;
the head unloads (motor off, READY gone) the specified index pulses after the last command, so a
DFS sees a disc changed while the motor was stopped.  A disc that is not writable is write-protected.
"""
from emulator.clock import Call

STATUS_BUSY = 0x80
STATUS_COMMAND_FULL = 0x40
STATUS_PARAMETER_FULL = 0x20
STATUS_RESULT_FULL = 0x10
STATUS_INT = 0x08
STATUS_DATA_REQUEST = 0x04

RESULT_OK = 0x00
RESULT_LATE_DMA = 0x0A
RESULT_DATA_CRC = 0x0E
RESULT_NOT_READY = 0x10
RESULT_WRITE_PROTECT = 0x12
RESULT_SECTOR_NOT_FOUND = 0x18
RESULT_DELETED = 0x20

# Drive status / drive control input bits (data sheet, "Read drive status").
DRIVE_RDY1 = 0x40
DRIVE_INDEX = 0x10
DRIVE_WRITE_PROTECT = 0x08
DRIVE_RDY0 = 0x04
DRIVE_TRACK0 = 0x02

# Drive control output port (special register &23): bits 7-6 SELECT 1 / SELECT 0, bit 5 the BBC's
# side select, bit 3 load head, bit 0 write enable.
OUTPUT_SELECT_MASK = 0xC0
OUTPUT_SIDE = 0x20
OUTPUT_LOAD_HEAD = 0x08

# Special registers (data sheet, "Special registers").
REG_SCAN_SECTOR = 0x06
REG_BAD_TRACKS_0 = (0x10, 0x11)
REG_CURRENT_TRACK_0 = 0x12
REG_SCAN_COUNT = (0x13, 0x14)
REG_MODE = 0x17
REG_BAD_TRACKS_1 = (0x18, 0x19)
REG_CURRENT_TRACK_1 = 0x1A
REG_DRIVE_INPUT = 0x22
REG_DRIVE_OUTPUT = 0x23
MODE_NON_DMA = 0x01

SPECIFY_INITIALISE = 0x0D
SPECIFY_BAD_TRACKS_0 = 0x10
SPECIFY_BAD_TRACKS_1 = 0x18

# command (bits 5-0) -> (what it does, how many parameters)
COMMANDS = {
    0x00: ("scan", 5), 0x04: ("scan", 5),
    0x0A: ("write", 2), 0x0B: ("write", 3), 0x0E: ("write", 2), 0x0F: ("write", 3),
    0x12: ("read", 2), 0x13: ("read", 3), 0x16: ("read", 2), 0x17: ("read", 3),
    0x1B: ("read_id", 3), 0x1E: ("verify", 2), 0x1F: ("verify", 3),
    0x23: ("format", 5), 0x29: ("seek", 1), 0x2C: ("drive_status", 0), 0x35: ("specify", 4),
    0x3A: ("write_special", 2), 0x3D: ("read_special", 1),
}
DELETED_COMMANDS = (0x0E, 0x0F)             # write with a deleted data mark
READ_DELETED_COMMANDS = (0x16, 0x17, 0x1E, 0x1F)   # deleted data read on, not stopped at

SECTORS_PER_TRACK = 10
SECTOR_SIZE = 256
ID_TO_DATA_BYTES = 7 + 11 + 1       # ID field, gap 2, data address mark (IBM 3740 single density)
CRC_BYTES = 2
FIRST_ID_BYTES = 16                 # from the index pulse to sector 0's ID (gap 1 and its sync)
LAST_TRACK = 83                     # how far a drive's head can step in
FORMAT_FILL = 0xE5                  # the data byte a formatted sector holds
HEAD_LOADED = 1 << 62               # head_unload_at while the head is loaded with no end in sight


class Drive:
    """One physical drive: its head position and up to two surfaces, each (disc, side) or None."""

    def __init__(self):
        self.surfaces = [None, None]
        self.head = 0                   # the physical track under the head

    @property
    def loaded(self):
        return any(s is not None for s in self.surfaces)

    def surface(self, side):
        return self.surfaces[side]

    def write_protected(self, side):
        surface = self.surfaces[side] or next((s for s in self.surfaces if s), None)
        return surface is None or not surface[0].writable


def _transfer_value(value, where):
    """A value of a transfer in progress: a flag, a name, a number, or bytes and sector IDs as lists."""
    from emulator.schema import MAX_CYCLE, _fail
    if type(value) in (bool, str) and len(str(value)) <= 32:
        return
    if type(value) is int and -1 <= value <= MAX_CYCLE:
        return
    if type(value) is list and len(value) <= 0x4000:
        for element in value:
            if type(element) is int and 0 <= element <= 0xFF:
                continue
            if type(element) is list and len(element) <= 8 and all(
                    type(e) is int and 0 <= e <= 0xFF for e in element):
                continue
            _fail(where, element, "a byte or a sector ID")
        return
    _fail(where, value, "a flag, a name, a number or a list of bytes")


def _one_generation(args):
    """The arguments of a scheduled _event: the generation it was scheduled in."""
    if len(args) != 1 or type(args[0]) is not int or not 0 <= args[0] < 1 << 62:
        raise ValueError("not one generation number")


class I8271:
    def __init__(self, clock, irq, cpu_hz=2_000_000):
        self.clock = clock
        self.irq = irq                  # irq(asserted): the INT pin
        self.byte_cycles = cpu_hz * 8 // 125_000            # FM: 125 kbit/s
        self.revolution = cpu_hz // 5                       # 300 rpm
        self.index_cycles = cpu_hz // 500                   # an index pulse of about 2 ms
        self.sector_pitch = self.revolution // SECTORS_PER_TRACK
        self.drives = [Drive(), Drive()]
        self.int_line = False
        self.generation = 0             # events carry it; bumping it cancels the ones pending
        self.bytes_moved = 0            # data bytes transferred through the data register (tests)
        self._reset_registers()
        clock.register(self, "_event", _one_generation)     # the one callback it schedules (save states)

    # --- state ------------------------------------------------------------------------------------

    def _reset_registers(self):
        self.status = 0
        self.result = 0
        self.data = 0
        self.command = None             # the command byte being given or run
        self.parameters = []
        self.in_reset = False
        self.mode = 0
        self.output = 0                 # drive control output port
        self.bad_tracks = [[0xFF, 0xFF], [0xFF, 0xFF]]
        self.current_track = [0, 0]     # the chip's idea of each surface's track (logical)
        self.step_ms = 0
        self.settle_ms = 0
        self.head_load_ms = 0
        self.unload_revolutions = 0
        self.head_unload_at = -1        # head loaded, motor on, until this cycle (-1: unloaded)
        self.up_to_speed_at = -1        # the motor started last reaches speed (READY) at this cycle
        self.scan_registers = {REG_SCAN_SECTOR: 0, REG_SCAN_COUNT[0]: 0, REG_SCAN_COUNT[1]: 0}
        self.op = None                  # the phase of the command being carried out
        self.transfer = {}
        self.generation += 1

    def state_schema(self):
        """What a save state's 8271 may hold (emulator/state.py checks it before set_state)."""
        from emulator.schema import (CYCLE, MAX_CYCLE, U8, U16, boolean, integer, items, mapping,
                                     maybe, text)
        pair = items(U8, 2, 2)
        return {"status": U8, "result": U8, "data": U8, "command": maybe(U8), "parameters": items(U8, 0, 16),
                "int_line": boolean, "in_reset": boolean, "mode": U8, "output": U8,
                "bad_tracks": items(pair, 2, 2), "current_track": pair, "step_ms": U16, "settle_ms": U16,
                "head_load_ms": U16, "unload_revolutions": U16, "head_unload_at": integer(-1, HEAD_LOADED),
                "up_to_speed_at": integer(-1, MAX_CYCLE),
                "op": maybe(text()), "transfer": mapping(text(), _transfer_value, 16), "generation": CYCLE,
                "bytes_moved": CYCLE, "scan_registers": mapping(text(), U8, 3), "heads": pair}

    def state(self):
        fields = ("status", "result", "data", "command", "parameters", "int_line", "in_reset", "mode",
                  "output", "bad_tracks", "current_track", "step_ms", "settle_ms", "head_load_ms",
                  "unload_revolutions", "head_unload_at", "up_to_speed_at", "op", "transfer", "generation", "bytes_moved")
        d = {name: getattr(self, name) for name in fields}
        d["transfer"] = {k: (list(v) if isinstance(v, (bytes, bytearray)) else v)
                         for k, v in self.transfer.items()}
        d["scan_registers"] = {str(k): v for k, v in self.scan_registers.items()}
        d["heads"] = [drive.head for drive in self.drives]
        return d

    def set_state(self, d):
        for name, value in d.items():
            if name not in ("scan_registers", "heads", "transfer"):
                setattr(self, name, value)
        self.transfer = {k: (bytearray(v) if k == "buffer" else v) for k, v in d["transfer"].items()}
        self.scan_registers = {int(k): v for k, v in d["scan_registers"].items()}
        for drive, head in zip(self.drives, d["heads"]):
            drive.head = head

    # --- the interrupt pin ------------------------------------------------------------------------

    def _update_int(self):
        line = bool(self.status & STATUS_INT)
        if line != self.int_line:
            self.int_line = line
            self.irq(line)

    def _interrupt(self):
        self.status |= STATUS_INT
        self._update_int()

    # --- the CPU's side ---------------------------------------------------------------------------

    def read(self, register, cycle):
        """Register 0 status, 1 result (A1 is not decoded for reads)."""
        if register & 1 == 0:
            return self.status
        value = self.result
        self.status &= ~(STATUS_RESULT_FULL | STATUS_INT)
        self._update_int()
        return value

    def peek(self, register):
        return self.status if register & 1 == 0 else self.result

    def write(self, register, value, cycle):
        register &= 3
        if register == 2:
            self._write_reset(value)
        elif self.in_reset:
            return
        elif register == 0:
            self._write_command(value, cycle)
        elif register == 1:
            self._write_parameter(value, cycle)

    def read_data(self, cycle):
        self._take_request()
        self.bytes_moved += 1
        return self.data

    def peek_data(self):
        return self.data

    def write_data(self, value, cycle):
        self.data = value
        self.bytes_moved += 1
        self._take_request()

    def _take_request(self):
        if self.status & STATUS_DATA_REQUEST:
            self.status &= ~(STATUS_DATA_REQUEST | STATUS_INT)
            self._update_int()

    def _write_reset(self, value):
        if value & 1:
            # a reset keeps the scan registers: Acorn's DFS resets and re-specifies the chip after a
            # fault and only then reads register &06 for its "Disk fault RR at TT/SS"
            drives, moved, scan = self.drives, self.bytes_moved, self.scan_registers
            self._reset_registers()
            self.drives, self.bytes_moved, self.scan_registers = drives, moved, scan
            self.in_reset = True
            self._update_int()
        else:
            self.in_reset = False

    def _write_command(self, value, cycle):
        """A new command: the chip takes it at once and waits for its parameters."""
        self.generation += 1            # whatever was running is abandoned
        self.op = None
        self.command = value
        self.parameters = []
        self.status = STATUS_BUSY
        self._update_int()
        self.output = (self.output & ~OUTPUT_SELECT_MASK) | (value & OUTPUT_SELECT_MASK)
        if value & OUTPUT_SELECT_MASK:
            self._motor_on(cycle)
        if self._parameter_count() == 0:
            self._start(cycle)

    def _parameter_count(self):
        known = COMMANDS.get(self.command & 0x3F)
        return known[1] if known else 0

    def _write_parameter(self, value, cycle):
        if self.command is None or not self.status & STATUS_BUSY or self.op is not None:
            return
        self.parameters.append(value)
        if len(self.parameters) == self._parameter_count():
            self._start(cycle)

    # --- commands ---------------------------------------------------------------------------------

    def _start(self, cycle):
        opcode = self.command & 0x3F
        known = COMMANDS.get(opcode)
        if known is None:
            self._finish(RESULT_SECTOR_NOT_FOUND, cycle)   # an undefined command finds nothing
            return
        getattr(self, "_command_" + known[0])(opcode, list(self.parameters), cycle)

    def _finish(self, code, cycle, interrupt=True):
        """The command is over: its result, and the interrupt that says so."""
        self.op = None
        self.generation += 1
        self.result = code
        self.status = (self.status & ~(STATUS_BUSY | STATUS_DATA_REQUEST)) | STATUS_RESULT_FULL
        self._count_to_unload(cycle)
        if interrupt:
            self.status |= STATUS_INT
        self._update_int()

    def _done_without_result(self, cycle):
        self.op = None
        self.status &= ~STATUS_BUSY
        self._count_to_unload(cycle)

    def _count_to_unload(self, cycle):
        if self.head_unload_at == HEAD_LOADED and self.unload_revolutions < 15:
            # the head stays loaded for the specified number of index pulses (15: for good)
            self.head_unload_at = cycle + self.unload_revolutions * self.revolution

    def _schedule(self, cycle, op):
        self.op = op
        self.clock.schedule(cycle, Call(self, "_event", self.generation))

    def _event(self, generation):
        if generation != self.generation or self.in_reset:
            return
        getattr(self, "_op_" + self.op)(self.clock.now)

    # which drive and side the command talks to
    @property
    def surface_number(self):
        """0 for SELECT 0, 1 for SELECT 1 (the surface registers follow the select lines)."""
        return 1 if self.output & 0x80 and not self.output & 0x40 else 0

    @property
    def drive(self):
        if not self.output & OUTPUT_SELECT_MASK:
            return None
        return self.drives[self.surface_number]

    @property
    def side(self):
        return 1 if self.output & OUTPUT_SIDE else 0

    def _motor_on(self, cycle):
        """A command that selects a drive loads the head, which on the BBC starts the motor; a
        stopped motor takes the head load time to come up to speed.  It runs until the head
        unloads (the specified index pulses after the last command) or a reset."""
        if not cycle < self.head_unload_at:
            self.up_to_speed_at = cycle + self.head_load_ms * (self.revolution // 200)
        self.head_unload_at = HEAD_LOADED          # until the command ends

    def _has_disc(self, number):
        selected = self.output & (0x40 if number == 0 else 0x80)
        return bool(selected and self.drives[number].loaded)

    def _ready(self, number, cycle):
        """READY from the drive: selected, a disc in it, and turning at speed."""
        spinning = self.up_to_speed_at <= cycle < self.head_unload_at
        return spinning and self._has_disc(number)

    def _drive_input(self, cycle):
        bits = 0
        if self._ready(0, cycle):
            bits |= DRIVE_RDY0
        if self._ready(1, cycle):
            bits |= DRIVE_RDY1
        drive = self.drive
        if drive is not None:
            if drive.head == 0:
                bits |= DRIVE_TRACK0
            if drive.write_protected(self.side):
                bits |= DRIVE_WRITE_PROTECT
            if drive.loaded and cycle % self.revolution < self.index_cycles:
                bits |= DRIVE_INDEX
        return bits

    def _command_drive_status(self, opcode, params, cycle):
        self._finish(self._drive_input(cycle), cycle, interrupt=False)

    def _command_specify(self, opcode, params, cycle):
        kind = params[0]
        if kind == SPECIFY_INITIALISE:
            self.step_ms, self.settle_ms = 2 * params[1], 2 * params[2]
            self.unload_revolutions, self.head_load_ms = params[3] >> 4, 16 * (params[3] & 0x0F)
        elif kind in (SPECIFY_BAD_TRACKS_0, SPECIFY_BAD_TRACKS_1):
            surface = 0 if kind == SPECIFY_BAD_TRACKS_0 else 1
            self.bad_tracks[surface] = [params[1], params[2]]
            self.current_track[surface] = params[3]
        self._done_without_result(cycle)

    def _special_register(self, number, cycle):
        if number in REG_BAD_TRACKS_0:
            return self.bad_tracks[0][number - REG_BAD_TRACKS_0[0]]
        if number in REG_BAD_TRACKS_1:
            return self.bad_tracks[1][number - REG_BAD_TRACKS_1[0]]
        if number == REG_CURRENT_TRACK_0:
            return self.current_track[0]
        if number == REG_CURRENT_TRACK_1:
            return self.current_track[1]
        if number == REG_MODE:
            return self.mode
        if number == REG_DRIVE_OUTPUT:
            loaded = OUTPUT_LOAD_HEAD if cycle < self.head_unload_at else 0
            return self.output & ~OUTPUT_LOAD_HEAD | loaded
        if number == REG_DRIVE_INPUT:
            return self._drive_input(cycle)
        return self.scan_registers.get(number, 0)

    def _command_read_special(self, opcode, params, cycle):
        self._finish(self._special_register(params[0], cycle), cycle, interrupt=False)

    def _command_write_special(self, opcode, params, cycle):
        number, value = params
        if number in REG_BAD_TRACKS_0:
            self.bad_tracks[0][number - REG_BAD_TRACKS_0[0]] = value
        elif number in REG_BAD_TRACKS_1:
            self.bad_tracks[1][number - REG_BAD_TRACKS_1[0]] = value
        elif number == REG_CURRENT_TRACK_0:
            self.current_track[0] = value
        elif number == REG_CURRENT_TRACK_1:
            self.current_track[1] = value
        elif number == REG_MODE:
            self.mode = value
        elif number == REG_DRIVE_OUTPUT:
            self.output = value
        elif number in self.scan_registers:
            self.scan_registers[number] = value
        self._done_without_result(cycle)

    def _command_scan(self, opcode, params, cycle):
        self._after_not_found(cycle)

    # --- seeking ----------------------------------------------------------------------------------

    def _physical_track(self, logical):
        """The track the head goes to: each bad track at or below it is stepped over."""
        track = logical
        for bad in sorted(self.bad_tracks[self.surface_number]):
            if bad != 0xFF and bad <= track:
                track += 1
        return track

    def _seek_cycles(self, logical, cycle):
        """Move the head to `logical` (track 0: step out until TRACK 0); the cycles it takes, with
        the head loaded first if it was not."""
        drive = self.drive
        surface = self.surface_number
        ms = 0
        if drive is not None:
            if logical == 0:
                steps = drive.head
                drive.head = 0
            else:
                target = self._physical_track(logical)
                here = self._physical_track(self.current_track[surface])
                steps = abs(target - here)
                drive.head = max(0, min(LAST_TRACK, drive.head + target - here))
            if steps:
                ms += steps * self.step_ms + self.settle_ms
        self.current_track[surface] = logical
        spin_up = max(0, self.up_to_speed_at - cycle)      # the motor comes up to speed first
        return spin_up + ms * (self.revolution // 200)     # a revolution is 200 ms

    def _command_seek(self, opcode, params, cycle):
        if not self._has_disc(self.surface_number):
            self._finish(RESULT_NOT_READY, cycle)
            return
        self._schedule(cycle + self._seek_cycles(params[0], cycle), "seek_done")

    def _op_seek_done(self, cycle):
        self._finish(RESULT_OK, cycle)

    # --- sectors going round ----------------------------------------------------------------------

    def _id_cycle(self, sector, cycle):
        """The first cycle at or after `cycle` at which sector `sector`'s ID reaches the head."""
        position = FIRST_ID_BYTES * self.byte_cycles + sector * self.sector_pitch
        revolution = self.revolution
        return cycle + (position - cycle) % revolution

    def _next_index(self, cycle):
        return cycle + (-cycle) % self.revolution

    def _surface_here(self):
        """(disc, side) under the head, or None; and whether the track there is formatted."""
        drive = self.drive
        surface = drive.surface(self.side) if drive is not None else None
        if surface is None:
            return None
        disc, side = surface
        return surface if disc.formatted(side, drive.head) else None

    def _sector_there(self, track, sector):
        """Is there a sector with this ID on the track under the head?  (The ID holds the track
        number the disc was formatted with: the image's physical track.)"""
        here = self._surface_here()
        return here is not None and self.drive.head == track and 0 <= sector < SECTORS_PER_TRACK

    def _after_not_found(self, cycle):
        """Sector not found, after two index pulses have gone by."""
        self.transfer["give_up"] = True
        self._schedule(self._next_index(cycle + 1) + self.revolution, "not_found")

    def _op_not_found(self, cycle):
        self._finish(RESULT_SECTOR_NOT_FOUND, cycle)

    def _command_read(self, opcode, params, cycle):
        self._data_command("read", opcode, params, cycle)

    def _command_write(self, opcode, params, cycle):
        self._data_command("write", opcode, params, cycle)

    def _command_verify(self, opcode, params, cycle):
        self._data_command("verify", opcode, params, cycle)

    def _data_command(self, kind, opcode, params, cycle):
        if len(params) == 2:
            size, count = 128, 1
        else:
            size, count = 128 << (params[2] >> 5), (params[2] & 0x1F) or 32
        if not self._has_disc(self.surface_number):
            self._finish(RESULT_NOT_READY, cycle)
            return
        if kind == "write" and self.drive.write_protected(self.side):
            self._finish(RESULT_WRITE_PROTECT, cycle)
            return
        self.transfer = {"kind": kind, "track": params[0], "sector": params[1], "count": count,
                         "size": size, "deleted": opcode in DELETED_COMMANDS,
                         "read_deleted": opcode in READ_DELETED_COMMANDS, "flags": 0}
        ready_at = cycle + self._seek_cycles(params[0], cycle)
        self._seek_sector(ready_at)

    def _seek_sector(self, cycle):
        t = self.transfer
        self.scan_registers[REG_SCAN_SECTOR] = t["sector"]     # the sector being worked on
        if not self._sector_there(t["track"], t["sector"]):
            self._after_not_found(cycle)
            return
        start = self._id_cycle(t["sector"], cycle) + ID_TO_DATA_BYTES * self.byte_cycles
        t["index"] = 0
        if t["kind"] == "write":
            t["buffer"] = bytearray()
            self._schedule(start - self.byte_cycles, "write_byte")
        else:
            disc, side = self._surface_here()
            t["buffer"] = bytearray(disc.read_sector(side, self.drive.head, t["sector"]))
            t["deleted_here"] = (side, self.drive.head, t["sector"]) in disc.deleted
            self._schedule(start, "read_byte" if t["kind"] == "read" else "sector_end")

    def _op_read_byte(self, cycle):
        t = self.transfer
        if self.status & STATUS_DATA_REQUEST:
            self._finish(RESULT_LATE_DMA, cycle)
            return
        n = t["index"]
        self.data = t["buffer"][n] if n < SECTOR_SIZE else 0
        self.status |= STATUS_DATA_REQUEST
        if self.mode & MODE_NON_DMA:
            self._interrupt()
        t["index"] = n + 1
        if t["index"] < min(t["size"], SECTOR_SIZE):
            self._schedule(cycle + self.byte_cycles, "read_byte")
        else:
            self._schedule(cycle + self.byte_cycles * (1 + CRC_BYTES), "sector_end")

    def _op_write_byte(self, cycle):
        t = self.transfer
        n = t["index"]
        if n > 0:                               # the byte asked for last time is due now
            if self.status & STATUS_DATA_REQUEST:
                self._finish(RESULT_LATE_DMA, cycle)
                return
            t["buffer"].append(self.data)
        if n < t["size"]:
            self.status |= STATUS_DATA_REQUEST
            if self.mode & MODE_NON_DMA:
                self._interrupt()
            t["index"] = n + 1
            self._schedule(cycle + self.byte_cycles, "write_byte")
            return
        disc, side = self.drive.surface(self.side)
        disc.write_sector(side, self.drive.head, t["sector"], bytes(t["buffer"][:SECTOR_SIZE]),
                          deleted=t["deleted"])
        self._schedule(cycle + self.byte_cycles * CRC_BYTES, "sector_end")

    def _op_sector_end(self, cycle):
        t = self.transfer
        if t["kind"] == "read" and self.status & STATUS_DATA_REQUEST:
            self._finish(RESULT_LATE_DMA, cycle)
            return
        if t["kind"] != "write":
            if t["size"] != SECTOR_SIZE:
                # the record on the disc is 256 bytes: its CRC is not where this length puts it
                self._finish(RESULT_DATA_CRC, cycle)
                return
            if t.get("deleted_here"):
                t["flags"] |= RESULT_DELETED
                if not t["read_deleted"]:
                    self._finish(t["flags"], cycle)
                    return
        t["count"] -= 1
        if t["count"] == 0:
            self._finish(t["flags"], cycle)
            return
        t["sector"] += 1
        self._seek_sector(cycle)

    # --- read ID and format -----------------------------------------------------------------------

    def _command_read_id(self, opcode, params, cycle):
        if not self._has_disc(self.surface_number):
            self._finish(RESULT_NOT_READY, cycle)
            return
        ready_at = cycle + self._seek_cycles(params[0], cycle)
        self.transfer = {"kind": "read_id", "count": params[2] or 32, "index": 0}
        if self._surface_here() is None:
            self._after_not_found(ready_at)
            return
        position = (ready_at - FIRST_ID_BYTES * self.byte_cycles) % self.revolution
        sector = -(-position // self.sector_pitch) % SECTORS_PER_TRACK
        self.transfer["sector"] = sector
        self._schedule(self._id_cycle(sector, ready_at), "id_byte")

    def _op_id_byte(self, cycle):
        t = self.transfer
        if self.status & STATUS_DATA_REQUEST:
            self._finish(RESULT_LATE_DMA, cycle)
            return
        n = t["index"]
        if n == 4:
            t["count"] -= 1
            if t["count"] == 0:
                self._finish(RESULT_OK, cycle)
                return
            t["sector"] = (t["sector"] + 1) % SECTORS_PER_TRACK
            t["index"] = 0
            self._schedule(self._id_cycle(t["sector"], cycle), "id_byte")
            return
        self.data = (self.drive.head, 0, t["sector"], 1)[n]   # track, head, sector, size code (256)
        self.status |= STATUS_DATA_REQUEST
        if self.mode & MODE_NON_DMA:
            self._interrupt()
        t["index"] = n + 1
        self._schedule(cycle + self.byte_cycles, "id_byte")

    def _command_format(self, opcode, params, cycle):
        if not self._has_disc(self.surface_number):
            self._finish(RESULT_NOT_READY, cycle)
            return
        if self.drive.write_protected(self.side):
            self._finish(RESULT_WRITE_PROTECT, cycle)
            return
        ready_at = cycle + self._seek_cycles(params[0], cycle)
        count = (params[2] & 0x1F) or 32
        self.transfer = {"kind": "format", "count": count, "index": 0, "ids": [],
                         "size_code": params[2] >> 5, "buffer": bytearray()}
        self._schedule(self._next_index(ready_at + 1), "format_byte")

    def _op_format_byte(self, cycle):
        """The CPU gives 4 ID bytes for each sector as the sector comes round."""
        t = self.transfer
        n = t["index"]
        if n > 0:
            if self.status & STATUS_DATA_REQUEST:
                self._finish(RESULT_LATE_DMA, cycle)
                return
            t["buffer"].append(self.data)
        if n == 4 * t["count"]:
            ids = t["buffer"]
            surface = self.drive.surface(self.side)
            if surface is not None:
                disc, side = surface
                sectors = [ids[i + 2] for i in range(0, len(ids), 4)
                           if ids[i + 2] < SECTORS_PER_TRACK and ids[i + 3] == 1]
                disc.format_track(side, self.drive.head, sectors, FORMAT_FILL)
            self._schedule(self._next_index(cycle + 1), "format_done")
            return
        self.status |= STATUS_DATA_REQUEST
        if self.mode & MODE_NON_DMA:
            self._interrupt()
        t["index"] = n + 1
        if t["index"] % 4 == 0 and t["index"] < 4 * t["count"]:
            # the last ID byte of this sector; the next sector's come one sector pitch later
            self._schedule(cycle + self.sector_pitch - 3 * self.byte_cycles, "format_byte")
        else:
            self._schedule(cycle + self.byte_cycles, "format_byte")

    def _op_format_done(self, cycle):
        self._finish(RESULT_OK, cycle)
