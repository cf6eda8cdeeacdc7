"""BASIC-aware views: the line and statement being executed, the variables, and the control stacks.

A view reads only memory, through the interpreter's workspace locations, so it works the same on a live
machine, at a breakpoint, and after a rewind.  The interface every view offers:

    where()      -> (line number, statement text) or None in direct mode
    variables()  -> [(name, value text)]
    frames()     -> [(kind, text)], outermost first; kind is FOR, REPEAT (Atom: DO), GOSUB, PROC or FN
    describe()   -> the lines the `basic` command prints (80 columns)

`view_for(machine_name, peek, own_firmware)` picks the view for a machine:
  * Atom: the locations the Atom's documentation gives ("Atomic Theory and Practice" ch. 25, as kept by
    our firmware: docs/atom_firmware.md): current line #01-#02, text offset #03 and pointer #05-#06,
    program page #12, stack depths #13 (DO) #14 (GOSUB) #15 (FOR), variables @ and A-Z as four
    27-byte planes from #321.  These hold for Acorn's Atom BASIC too.  The stacks' contents are laid
    out by each interpreter: ours are read from roms/src/atom/atom.inc (so they follow the firmware);
    with Acorn's ROMs only their depths are shown.
  * BBC: BBC BASIC's documented workspace (J. Ripley, "BBC BASIC memory use", mdfs.net; Plumbley,
    "BASIC ROM User Guide", appendix G): PAGE high byte &18, text pointer &0B-&0C with offset &0A,
    resident integers @% and A%-Z% at &400-&46B, stack counts &24 (REPEAT), &25 (GOSUB), &26 (15 per
    FOR).  Our BBC BASIC does not exist yet; the view is written for the documented layout.
"""
from pathlib import Path

ATOM_INCLUDE = Path(__file__).resolve().parents[2] / "roms" / "src" / "atom" / "atom.inc"

# The Atom's documented workspace (docs/atom_firmware.md, "Atomic Theory and Practice" ch. 25)
ATOM_DOCUMENTED = {"CURLINE": 0x01, "TXTOFF": 0x03, "TXTPTR": 0x05, "TEXTPAGE": 0x12, "DOSP": 0x13,
                   "SUBSP": 0x14, "FORSP": 0x15, "VAR0": 0x321, "VAR1": 0x33C, "VAR2": 0x357,
                   "VAR3": 0x372}
ATOM_VARIABLES = "@ABCDEFGHIJKLMNOPQRSTUVWXYZ"


def _signed32(value):
    return value - (1 << 32) if value & 0x80000000 else value


def _split_statements(text):
    """Statement texts of a line, split at ';' outside quotes, with each one's start offset."""
    out, start, quoted = [], 0, False
    for i, ch in enumerate(text):
        if ch == '"':
            quoted = not quoted
        elif ch == ";" and not quoted:
            out.append((start, text[start:i]))
            start = i + 1
    out.append((start, text[start:]))
    return out


class BasicView:
    name = "BASIC"

    def where(self):
        return None

    def variables(self):
        return []

    def frames(self):
        return []

    def describe(self):
        out = [self.name]
        here = self.where()
        out.append("direct mode (no program line running)" if here is None
                   else f"line {here[0]}: {here[1].strip()}")
        values = self.variables()
        if values:
            out.append("variables:")
            row = ""
            for name, value in values:
                cell = f"{name}={value}"
                if len(row) + len(cell) + 2 > 78:
                    out.append(row)
                    row = ""
                row += ("  " if row else "  ") + cell
            if row:
                out.append(row)
        frames = self.frames()
        out.append("stack: empty" if not frames else "stack (outermost first):")
        for kind, text in frames:
            out.append(f"  {kind:<6} {text}")
        return [line[:79] for line in out]


class AtomBasicView(BasicView):
    name = "Atom BASIC"

    def __init__(self, peek, layout=None):
        self.peek = peek
        self.at = dict(ATOM_DOCUMENTED)
        self.stacks = layout is not None
        if layout:
            self.at.update(layout)

    def word(self, addr):
        return self.peek(addr) | self.peek(addr + 1) << 8

    def lines(self):
        """[(number, address of its text, text)] of the program in memory."""
        addr = self.peek(self.at["TEXTPAGE"]) << 8
        out = []
        while addr < 0xFFFF and not self.peek(addr) & 0x80 and len(out) < 5000:
            number = self.peek(addr) << 8 | self.peek(addr + 1)
            text_at = addr + 2
            end = text_at
            while self.peek(end) != 0x0D and end - text_at < 256:
                end += 1
            out.append((number, text_at, bytes(self.peek(a) for a in range(text_at, end)).decode("latin-1")))
            addr = end + 1
        return out

    def line_at(self, pointer):
        """The (number, text address, text) of the program line holding `pointer`, or None."""
        for number, text_at, text in self.lines():
            if text_at - 2 <= pointer <= text_at + len(text):       # from its line number bytes
                return number, text_at, text
        return None

    def arrays(self):
        """[(name, base address)] of the word arrays AA-ZZ that DIM has placed (ours only)."""
        if not self.stacks or "ARR_LO" not in self.at:
            return []
        out = []
        for i in range(26):
            base = self.peek(self.at["ARR_LO"] + i) | self.peek(self.at["ARR_HI"] + i) << 8
            if base:
                out.append((chr(ord("A") + i) * 2, base))
        return out

    def where(self):
        number = self.word(self.at["CURLINE"])
        if number == 0:
            return None
        pointer = self.word(self.at["TXTPTR"]) + self.peek(self.at["TXTOFF"])
        found = self.line_at(pointer)
        if found is None:
            return number, "?"
        _, text_at, text = found
        offset = pointer - text_at
        statement = text
        for start, piece in _split_statements(text):
            if start <= offset:
                statement = piece
        return number, statement

    def variable(self, n):
        at = self.at
        value = (self.peek(at["VAR0"] + n) | self.peek(at["VAR1"] + n) << 8
                 | self.peek(at["VAR2"] + n) << 16 | self.peek(at["VAR3"] + n) << 24)
        return _signed32(value)

    def variables(self):
        out = [(name, str(self.variable(n))) for n, name in enumerate(ATOM_VARIABLES)]
        for name, base in self.arrays():
            first = [_signed32(sum(self.peek(base + 4 * e + k) << (8 * k) for k in range(4))) for e in range(3)]
            out.append((f"{name}(0..)@#{base:04X}", ",".join(map(str, first)) + ",..."))
        return out

    def _plane32(self, names, index):
        return _signed32(sum(self.peek(self.at[name] + index) << (8 * k) for k, name in enumerate(names)))

    def frames(self):
        at, peek = self.at, self.peek
        depth = {"DO": peek(at["DOSP"]), "GOSUB": peek(at["SUBSP"]), "FOR": peek(at["FORSP"])}
        if not self.stacks:
            return [(kind, f"{count} open") for kind, count in depth.items() if count]
        out = []
        for i in range(min(depth["FOR"], at.get("FOR_MAX", 8))):
            var = peek(at["FOR_VAR"] + i)
            name = ATOM_VARIABLES[var] if var < len(ATOM_VARIABLES) else f"#{var:02X}"
            limit = self._plane32(("FOR_LIM0", "FOR_LIM1", "FOR_LIM2", "FOR_LIM3"), i)
            step = self._plane32(("FOR_STEP0", "FOR_STEP1", "FOR_STEP2", "FOR_STEP3"), i)
            loop = self.line_at((peek(at["FOR_LO"] + i) | peek(at["FOR_HI"] + i) << 8) + peek(at["FOR_OFF"] + i))
            where = f" (loop at line {loop[0]})" if loop else ""
            out.append(("FOR", f"{name}={self.variable(var) if var < 27 else '?'} TO {limit}"
                        f" STEP {step}{where}"))
        for i in range(min(depth["DO"], at.get("DO_MAX", 11))):
            loop = self.line_at((peek(at["DO_LO"] + i) | peek(at["DO_HI"] + i) << 8) + peek(at["DO_OFF"] + i))
            out.append(("DO", f"loop at line {loop[0]}" if loop else "loop"))
        for i in range(min(depth["GOSUB"], at.get("SUB_MAX", 15))):
            back = self.line_at((peek(at["SUB_LO"] + i) | peek(at["SUB_HI"] + i) << 8) + peek(at["SUB_OFF"] + i))
            out.append(("GOSUB", f"returns to line {back[0]}" if back else "returns"))
        return out


class BbcBasicView(BasicView):
    """BBC BASIC through its documented workspace (module docstring)."""

    name = "BBC BASIC"
    PAGE_HIGH, PTR_OFFSET, PTR = 0x18, 0x0A, 0x0B
    RESIDENT = 0x400
    REPEATS, GOSUBS, FORS = 0x24, 0x25, 0x26

    def __init__(self, peek):
        self.peek = peek

    def lines(self):
        """BBC program lines: 13, line high, line low, length, text ... ; 13, &FF ends the program."""
        addr = self.peek(self.PAGE_HIGH) << 8
        out = []
        while self.peek(addr) == 0x0D and not self.peek(addr + 1) & 0x80 and len(out) < 5000:
            number = self.peek(addr + 1) << 8 | self.peek(addr + 2)
            length = self.peek(addr + 3)
            if length < 4:
                break
            text = bytes(self.peek(a) for a in range(addr + 4, addr + length)).decode("latin-1")
            out.append((number, addr + 4, text))
            addr += length
        return out

    def where(self):
        pointer = (self.peek(self.PTR) | self.peek(self.PTR + 1) << 8) + self.peek(self.PTR_OFFSET)
        for number, text_at, text in self.lines():
            if text_at <= pointer <= text_at + len(text):
                return number, _detokenised(text)
        return None

    def variables(self):
        out = []
        for n, name in enumerate("@ABCDEFGHIJKLMNOPQRSTUVWXYZ"):
            addr = self.RESIDENT + 4 * n
            value = sum(self.peek(addr + k) << (8 * k) for k in range(4))
            out.append((f"{name}%", str(_signed32(value))))
        return out

    def frames(self):
        counts = (("REPEAT", self.peek(self.REPEATS)), ("GOSUB", self.peek(self.GOSUBS)),
                  ("FOR", self.peek(self.FORS) // 15))
        return [(kind, f"{count} open") for kind, count in counts if count]


def _detokenised(text):
    """Tokens (bytes >= &80) shown as <&XX>: the token table is BBC BASIC's business."""
    return "".join(ch if ord(ch) < 0x80 else f"<&{ord(ch):02X}>" for ch in text)


def atom_layout():
    """Our Atom BASIC's stack layout, read from its source (None when the source tree is not here).

    A source that is present but no longer defines what the view reads is an error, not a silent
    fallback: the view and the firmware must change together.
    """
    if not ATOM_INCLUDE.exists():
        return None
    from emulator.asm import assemble

    symbols = assemble(ATOM_INCLUDE.read_text(encoding="utf-8"), filename=str(ATOM_INCLUDE)).symbols
    wanted = ("FOR_VAR", "FOR_LIM0", "FOR_LIM1", "FOR_LIM2", "FOR_LIM3", "FOR_STEP0", "FOR_STEP1",
              "FOR_STEP2", "FOR_STEP3", "FOR_LO", "FOR_HI", "FOR_OFF", "FOR_MAX", "DO_LO", "DO_HI",
              "DO_OFF", "DO_MAX", "SUB_LO", "SUB_HI", "SUB_OFF", "SUB_MAX", "ARR_LO", "ARR_HI")
    missing = [name for name in wanted if name not in symbols]
    if missing:
        raise RuntimeError(f"{ATOM_INCLUDE} no longer defines {', '.join(missing)}: update the BASIC view")
    return {name: symbols[name] for name in wanted}


def view_for(machine_name, peek, own_firmware=True):
    if machine_name == "atom":
        return AtomBasicView(peek, atom_layout() if own_firmware else None)
    if machine_name == "bbc":
        return BbcBasicView(peek)
    return None
