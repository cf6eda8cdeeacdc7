"""A bare 6502 with our BBC BASIC ROM at &8000 and a tiny stand-in MOS, for testing the interpreter
before (and independently of) our BBC MOS.  The stand-in provides the documented entry points
(OSWRCH &FFEE, OSRDCH &FFE0, OSNEWL &FFE7, OSASCI &FFE3, OSWORD &FFF1, OSBYTE &FFF4, OSCLI &FFF7),
enters the language at &8000 with A=1, and turns BRK into a call through BRKV (&202) with &FD/&FE
pointing at the error number, as the BBC Micro User Guide and Advanced User Guide describe.
Characters go out and come in through a one-page I/O device at &FE00.

The filing-system calls OSFIND &FFCE, OSBPUT &FFD4, OSBGET &FFD7, OSARGS &FFDA and OSFILE &FFDD go
through their documented vectors (FINDV &21C, BPUTV &218, BGETV &216, ARGSV &214, FILEV &212), and
OSBYTE &7F (EOF#) too, to a small test device (FileStore, registers &FE20-&FE25) that keeps files in
a dict, so that programs using files can be checked byte for byte.  Its errors are the Acorn DFS ones
("File not found" 214, "Channel" 222, "EOF" 223), put at &0100 as BRK, number, message, 0 and
jumped to, as a filing system ROM does."""
from pathlib import Path

from emulator.asm import assemble
from emulator.bus import Bus
from emulator.cpu.core import CPU, STOP_TRAP
from emulator.firmware import SOURCE_ROOT, build_rom

STUB_MOS = r"""
IO_OUT   = $FE00
IO_IN    = $FE01
IO_AVAIL = $FE02
IO_POS   = $FE03
IO_VPOS  = $FE04
IO_CLI   = $FE05
IO_WORD  = $FE06                ; write: an OSWORD number (7-9) whose block follows
IO_WBYTE = $FE07                ; write: the next block byte; read: POINT's colour
IO_ADVAL = $FE08                ; write: an ADVAL channel; read: its value, low then high (&FE09)
IO_TIME  = $FE10
FS_A     = $FE20                ; the test filing system: A, X, Y in and out
FS_X     = $FE21
FS_Y     = $FE22
FS_CMD   = $FE23                ; write: 1 OSFILE, 2 OSFIND, 3 OSBGET, 4 OSBPUT, 5 OSARGS, 6 EOF
FS_ERR   = $FE24                ; read: nonzero when the call left an error at &0100
FS_C     = $FE25                ; read: the carry on exit
        .org $F800
reset:  ldx #$FF
        txs
        ldx #11
@v:     lda fs_vectors,x        ; FILEV..FINDV (&212-&21D)
        sta $0212,x
        dex
        bpl @v
        lda #1
        jmp $8000
oswrch: sta IO_OUT
        rts
osrdch: lda IO_AVAIL
        beq halt
        lda IO_IN
        clc
        rts
halt:   jmp halt                ; the input has run out: the test stops here
osnewl: lda #10
        jsr oswrch
        lda #13
        jmp oswrch
osasci: cmp #13
        bne oswrch
        jmp osnewl
osword: cmp #0
        beq rdline
        cmp #1
        beq rdtime
        cmp #2
        beq wrtime
        cmp #7
        bcc @r
        cmp #10
        bcs @r
        stx $E8                 ; OSWORD 7 SOUND, 8 ENVELOPE, 9 POINT: the block goes to the log
        sty $E9
        sta IO_WORD
        sta $EA
        ldy #0
@l:     lda ($E8),y
        sta IO_WBYTE
        iny
        cpy #14
        bne @l
        lda $EA                 ; POINT: the colour the device gives
        cmp #9
        bne @r
        lda IO_WBYTE
        ldy #4
        sta ($E8),y
@r:     rts
rdtime: stx $E8
        sty $E9
        ldy #0
@l:     lda IO_TIME,y
        sta ($E8),y
        iny
        cpy #5
        bne @l
        rts
wrtime: stx $E8
        sty $E9
        ldy #0
@l:     lda ($E8),y
        sta IO_TIME,y
        iny
        cpy #5
        bne @l
        rts
rdline: stx $E8
        sty $E9
        ldy #0
        lda ($E8),y
        sta $EA
        iny
        lda ($E8),y
        sta $EB
        iny
        lda ($E8),y
        sta $EC
        ldy #0
@l:     jsr osrdch
        cmp #13
        beq @cr
        cmp #127
        bne @ch
        cpy #0
        beq @l
        dey
        jsr oswrch
        jmp @l
@ch:    cpy $EC
        bcs @l
        sta ($EA),y
        jsr oswrch
        iny
        jmp @l
@cr:    sta ($EA),y
        jsr osnewl
        clc
        rts
fs_vectors:
        .word fs_file, fs_args, fs_bget, fs_bput, fs_gbpb, fs_find
fs_file: sta FS_A
        lda #1
        bne fs_go
fs_find: sta FS_A
        lda #2
        bne fs_go
fs_bget: lda #3
        bne fs_go
fs_bput: sta FS_A
        lda #4
        bne fs_go
fs_args: sta FS_A
        lda #5
        bne fs_go
fs_eof: lda #6
fs_go:  stx FS_X
        sty FS_Y
        sta FS_CMD
        lda FS_ERR
        beq @ok
        jmp $0100
@ok:    lda FS_C
        lsr a
        ldx FS_X
        ldy FS_Y
        lda FS_A
fs_gbpb: rts
osbyte: cmp #$7F
        beq fs_eof
        cmp #$80                ; ADVAL: X = the channel; YX = the device's value for it
        bne @n80
        stx IO_ADVAL
        ldx IO_ADVAL
        ldy IO_ADVAL+1
        rts
@n80:        cmp #$84                ; HIMEM, and (&85) the screen start of MODE X: MODE 7's
        beq @himem              ; for every MODE (this device shows one text screen)
        cmp #$85
        bne @n84
@himem: ldx #0
        ldy #$7C
        rts
@n84:   cmp #$83
        bne @n83
        ldx #0
        ldy #$0E
        rts
@n83:   cmp #$86
        bne @n86
        ldx IO_POS
        ldy IO_VPOS
        rts
@n86:   cmp #$81
        bne @n81
        cpy #$80
        bcs @scan
        lda IO_AVAIL
        beq @none
        ldx IO_IN
        ldy #0
        clc
        lda #$81
        rts
@none:  ldy #$FF
        sec
        lda #$81
        rts
@scan:  ldx #0
        ldy #0
        rts
@n81:   cmp #$7E
        bne @n7e
        lda #0
        sta $FF
@n7e:   rts
oscli:  stx $E8
        sty $E9
        ldy #0
@l:     lda ($E8),y
        sta IO_CLI
        iny
        cmp #13
        bne @l
        rts
irq:    sta $FC
        pla
        pha
        and #$10
        beq @irq
        txa
        pha
        tsx
        sec
        lda $0103,x
        sbc #1
        sta $FD
        lda $0104,x
        sbc #0
        sta $FE
        pla
        tax
        lda $FC
        cli
        jmp ($0202)
@irq:   lda $FC
nmi:    rti

        .org $FFCE
        jmp ($021C)             ; OSFIND
        jmp ($021A)             ; OSGBPB
        jmp ($0218)             ; OSBPUT
        jmp ($0216)             ; OSBGET
        jmp ($0214)             ; OSARGS
        jmp ($0212)             ; OSFILE
        jmp osrdch
        jmp osasci
        nop
        jmp osnewl
        .org $FFEE
        jmp oswrch
        jmp osword
        jmp osbyte
        jmp oscli
        .word nmi, reset, irq
"""


class FileStore:
    """The test filing system behind registers &FE20-&FE25: files in a dict {name: FileEntry}; it
    reads and writes the 6502's memory through the bus, as a DMA interface would."""

    FIRST_HANDLE = 0x11             # DFS hands out &11-&15

    def __init__(self, bus, files):
        self.bus = bus
        self.files = files
        self.regs = bytearray(6)    # A X Y CMD ERR C
        self.channels = {}          # handle -> [name, ptr, eof_seen]

    # memory helpers
    def _byte(self, addr):
        return self.bus.read(addr & 0xFFFF)

    def _word(self, addr, size):
        return int.from_bytes(bytes(self._byte(addr + i) for i in range(size)), "little")

    def _put(self, addr, data):
        for i, value in enumerate(data):
            self.bus.write((addr + i) & 0xFFFF, value)

    def _name(self, addr):
        chars = []
        while len(chars) < 255:
            value = self._byte(addr + len(chars))
            if value == 13:
                break
            chars.append(chr(value))
        return "".join(chars).strip()

    def _error(self, number, message):
        self._put(0x100, bytes([0, number]) + message.encode("latin-1") + b"\0")
        self.regs[4] = 1

    def _channel(self, handle):
        if handle not in self.channels:
            self._error(222, "Channel")
            return None
        return self.channels[handle]

    def read(self, reg):
        return self.regs[reg]

    def write(self, reg, value):
        if reg != 3:
            self.regs[reg] = value
            return
        self.regs[4] = self.regs[5] = 0
        a, x, y = self.regs[0], self.regs[1], self.regs[2]
        {1: self._osfile, 2: self._osfind, 3: self._osbget, 4: self._osbput, 5: self._osargs,
         6: self._eof}[value](a, x, y)

    def _osfile(self, a, x, y):
        block = x | y << 8
        name = self._name(self._word(block, 2))
        if a == 0:                                  # save: load, exec, start, end (AUG OSFILE)
            start, end = self._word(block + 10, 4), self._word(block + 14, 4)
            data = bytes(self._byte(addr) for addr in range(start & 0xFFFF, end & 0xFFFF))
            self.files[name] = FileEntry(bytearray(data), self._word(block + 2, 4),
                                         self._word(block + 6, 4))
            self.regs[0] = 1
        elif a == 0xFF:                             # load: at the block's address if byte 6 is 0
            entry = self.files.get(name)
            if entry is None:
                self._error(214, "File not found")
                return
            where = self._word(block + 2, 4) if self._byte(block + 6) == 0 else entry.load
            self._put(where & 0xFFFF, entry.data)
            self._put(block + 2, entry.load.to_bytes(4, "little") + entry.exec.to_bytes(4, "little")
                      + len(entry.data).to_bytes(4, "little") + bytes(4))
            self.regs[0] = 1
        else:
            self._error(254, "Bad command")

    def _osfind(self, a, x, y):
        if a == 0:                                  # close Y, or every file when Y = 0
            if y == 0:
                self.channels.clear()
            elif self._channel(y) is not None:
                del self.channels[y]
            return
        name = self._name(x | y << 8)
        if a & 0xC0 == 0x80:
            self.files[name] = FileEntry(bytearray(), 0, 0)
        elif name not in self.files:
            self.regs[0] = 0                        # OPENIN/OPENUP of a missing file: handle 0
            return
        handle = next(h for h in range(self.FIRST_HANDLE, 256) if h not in self.channels)
        self.channels[handle] = [name, 0, False]
        self.regs[0] = handle

    def _osbget(self, a, x, y):
        channel = self._channel(y)
        if channel is None:
            return
        data = self.files[channel[0]].data
        if channel[1] >= len(data):                 # at the end: C set and &FE once, then "EOF"
            if channel[2]:
                self._error(223, "EOF")
                return
            channel[2] = True
            self.regs[0], self.regs[5] = 0xFE, 1
            return
        self.regs[0] = data[channel[1]]
        channel[1] += 1

    def _osbput(self, a, x, y):
        channel = self._channel(y)
        if channel is None:
            return
        data = self.files[channel[0]].data
        if channel[1] < len(data):
            data[channel[1]] = a
        else:
            data.append(a)
        channel[1] += 1

    def _osargs(self, a, x, y):
        if y == 0:
            self.regs[0] = 4 if a == 0 else a       # the filing system's number (4: a DFS)
            return
        channel = self._channel(y)
        if channel is None:
            return
        data = self.files[channel[0]].data
        if a == 0:
            self._put(x, channel[1].to_bytes(4, "little"))
        elif a == 1:
            ptr = self._word(x, 4)
            data.extend(bytes(max(0, ptr - len(data))))
            channel[1], channel[2] = ptr, False
        elif a == 2:
            self._put(x, len(data).to_bytes(4, "little"))

    def _eof(self, a, x, y):
        channel = self._channel(x)
        if channel is not None:
            self.regs[1] = 0xFF if channel[1] >= len(self.files[channel[0]].data) else 0


class FileEntry:
    """A file of the test filing system: its bytes and its load and execution addresses."""

    def __init__(self, data, load=0, exec_=0):
        self.data, self.load, self.exec = bytearray(data), load, exec_

    def __repr__(self):
        return f"FileEntry({bytes(self.data)!r}, load=&{self.load:X}, exec=&{self.exec:X})"


class StubIO:
    """&FE00 page: output, input, POS/VPOS, *commands and a centisecond clock."""

    def __init__(self, text_in):
        self.input = list(text_in.replace("\n", "\r").encode("latin-1"))
        self.out = bytearray()
        self.cli = bytearray()
        self.pos = 0
        self.vpos = 0
        self.time_base = 0
        self.time_latch = bytearray(5)
        self.files = None
        self.oswords = []           # (number, block bytes) of OSWORD 7, 8 and 9
        self.pixels = {}            # (x, y) -> logical colour, for POINT; anything else is &FF
        self.adval = {}             # channel (0-255, as OSBYTE &80 gets it) -> 16-bit value
        self.adval_channel = 0

    def _track(self, value):
        if value == 13:
            self.pos = 0
        elif value == 10:
            self.vpos += 1
        elif value == 8:
            self.pos = max(0, self.pos - 1)
        elif value in (12, 30):
            self.pos = self.vpos = 0
        elif value >= 32:
            self.pos += 1

    def read(self, addr, cycle):
        reg = addr & 0xFF
        if reg == 1:
            return self.input.pop(0) if self.input else 0
        if reg == 2:
            return 1 if self.input else 0
        if reg == 3:
            return self.pos & 0xFF
        if reg == 4:
            return self.vpos & 0xFF
        if 0x20 <= reg < 0x26 and self.files is not None:
            return self.files.read(reg - 0x20)
        if reg in (8, 9):
            return self.adval.get(self.adval_channel, 0) >> (8 * (reg - 8)) & 0xFF
        if reg == 7:
            block = self.oswords[-1][1]
            x, y = int.from_bytes(block[0:2], "little", signed=True), int.from_bytes(block[2:4], "little",
                                                                                    signed=True)
            return self.pixels.get((x, y), 0xFF)
        if 0x10 <= reg < 0x15:
            if reg == 0x10:
                value = (cycle // 20000 - self.time_base) & 0xFFFFFFFFFF
                self.time_latch[:] = value.to_bytes(5, "little")
            return self.time_latch[reg - 0x10]
        return 0

    def write(self, addr, value, cycle):
        reg = addr & 0xFF
        if reg == 0:
            self.out.append(value)
            self._track(value)
        elif reg == 5:
            self.cli.append(value)
        elif reg == 8:
            self.adval_channel = value
        elif reg == 6:
            self.oswords.append((value, bytearray()))
        elif reg == 7:
            self.oswords[-1][1].append(value)
        elif 0x20 <= reg < 0x26 and self.files is not None:
            self.files.write(reg - 0x20, value)
        elif 0x10 <= reg < 0x15:
            self.time_latch[reg - 0x10] = value
            if reg == 0x14:
                now = cycle // 20000
                self.time_base = now - int.from_bytes(self.time_latch, "little")

    def peek(self, addr):
        return 0


_ROM = None
_STUB = None


def basic_rom():
    global _ROM
    if _ROM is None:
        # only our ROM: the MOS beside it may be half-written while it is being developed
        _ROM = build_rom("bbc", "basic", SOURCE_ROOT / "bbc" / "basic" / "main.s")
    return _ROM


def stub_mos():
    global _STUB
    if _STUB is None:
        result = assemble(STUB_MOS, origin=0xF800)
        _STUB = (result.origin, result.image, result.symbols)
    return _STUB


def stub_symbol(name):
    return stub_mos()[2][name]


class Session:
    """Runs from the language entry until the stand-in OSRDCH finds no more input."""

    def __init__(self, text_in, max_cycles=200_000_000, files=None):
        bus = Bus()
        bus.load(0x8000, basic_rom())
        origin, image, _ = stub_mos()
        bus.load(origin, image)
        self.io = StubIO(text_in)
        self.io.files = FileStore(bus, {} if files is None else files)
        bus.map_io(0xFE00, 0x100, self.io)
        self.bus = bus
        self.cpu = CPU(bus)
        self.cpu.reset() if hasattr(self.cpu, "reset") else None
        self.cpu.pc = 0xF800
        self.cpu.stop_on_trap = True
        self.run(max_cycles)

    def feed(self, text, max_cycles=200_000_000):
        """More keys: carry on from the OSRDCH call that was waiting, until the keys run out."""
        self.io.input.extend(text.replace("\n", "\r").encode("latin-1"))
        self.cpu.pc = stub_symbol("osrdch")
        self.run(self.cpu.cycles + max_cycles)

    def run(self, max_cycles):
        self.stopped = None
        while self.cpu.cycles < max_cycles:
            reason = self.cpu.run(min(self.cpu.cycles + 2_000_000, max_cycles))
            if reason == STOP_TRAP:
                self.stopped = "trap"
                break
            if reason != 0:
                self.stopped = f"stop {reason}"
                break
        else:
            self.stopped = "cycles"

    @property
    def text(self):
        return self.io.out.decode("latin-1").replace("\n\r", "\n").replace("\r", "")


def run_program(program, inputs="", max_cycles=200_000_000, files=None):
    """Type `program` (lines with numbers), RUN it, feed `inputs`; returns what RUN printed.
    `files` (name -> FileEntry) is the test filing system's store, changed in place."""
    lines = [l for l in program.strip("\n").split("\n")]
    typed = "".join(l + "\n" for l in lines) + "RUN\n" + inputs
    session = Session(typed, max_cycles, files)
    text = session.text
    out = text[_run_echo(text, len(lines)):]
    if out.endswith(">"):
        out = out[:-1]
    assert session.stopped == "trap", f"did not stop for input: {session.stopped}: {out[-200:]!r}"
    return out


def _run_echo(text, nlines):
    # every typed program line is echoed after a '>' prompt; RUN's echo is the (nlines+1)th
    pos = 0
    for _ in range(nlines):
        pos = text.index("\n", pos) + 1
    assert text.startswith(">RUN\n", pos), text[pos:pos + 80]
    return pos + len(">RUN\n")


def immediate(commands, files=None):
    """Type immediate commands; returns the whole output."""
    return Session(commands, files=files).text


class Screen:
    """40 x 25 characters as the MOS would show them for the VDU codes the tests use: 7 (bell,
    counted), 8/9 (cursor left/right), 10, 12 (clear), 13, 30 (home), 31 x y, printable characters."""

    def __init__(self, width=40, height=25):
        self.width, self.height = width, height
        self.cells = [[" "] * width for _ in range(height)]
        self.x = self.y = 0
        self.bells = 0
        self._pending = []

    def write(self, data):
        for value in data:
            if self._pending:
                self._pending.append(value)
                if len(self._pending) == 3:
                    _, self.x, self.y = self._pending
                    self._pending = []
                continue
            if value == 7:
                self.bells += 1
            elif value == 8:
                self.x = max(0, self.x - 1)
            elif value == 9:
                self._advance()
            elif value == 10:
                self.y = min(self.height - 1, self.y + 1)
            elif value == 12:
                self.cells = [[" "] * self.width for _ in range(self.height)]
                self.x = self.y = 0
            elif value == 13:
                self.x = 0
            elif value == 30:
                self.x = self.y = 0
            elif value == 31:
                self._pending = [31]
            elif 32 <= value < 127:
                self.cells[self.y][self.x] = chr(value)
                self._advance()

    def _advance(self):
        self.x += 1
        if self.x == self.width:
            self.x = 0
            self.y = min(self.height - 1, self.y + 1)

    def rows(self):
        return ["".join(r) for r in self.cells]
