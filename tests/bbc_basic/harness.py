"""A bare 6502 with our BBC BASIC ROM at &8000 and a tiny stand-in MOS, for testing the interpreter
before (and independently of) our BBC MOS.  The stand-in provides the documented entry points
(OSWRCH &FFEE, OSRDCH &FFE0, OSNEWL &FFE7, OSASCI &FFE3, OSWORD &FFF1, OSBYTE &FFF4, OSCLI &FFF7),
enters the language at &8000 with A=1, and turns BRK into a call through BRKV (&202) with &FD/&FE
pointing at the error number, as the BBC Micro User Guide and Advanced User Guide describe.
Characters go out and come in through a one-page I/O device at &FE00."""
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
IO_TIME  = $FE10
        .org $F800
reset:  ldx #$FF
        txs
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
        rts
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
osbyte: cmp #$84
        bne @n84
        ldx #0
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

        .org $FFE0
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

    def __init__(self, text_in, max_cycles=200_000_000):
        bus = Bus()
        bus.load(0x8000, basic_rom())
        origin, image, _ = stub_mos()
        bus.load(origin, image)
        self.io = StubIO(text_in)
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


def run_program(program, inputs="", max_cycles=200_000_000):
    """Type `program` (lines with numbers), RUN it, feed `inputs`; returns what RUN printed."""
    lines = [l for l in program.strip("\n").split("\n")]
    typed = "".join(l + "\n" for l in lines) + "RUN\n" + inputs
    session = Session(typed, max_cycles)
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


def immediate(commands):
    """Type immediate commands; returns the whole output."""
    return Session(commands).text


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
