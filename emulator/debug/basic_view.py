"""BASIC-aware views: the line and statement being executed, the variables, and the control stacks.

A view reads only memory, through the interpreter's workspace locations, so it works the same on a live
machine, at a breakpoint, and after a rewind.  The interface every view offers:

    where()      -> (line number, statement text) or None in direct mode
    variables()  -> [(name, value text)]
    frames()     -> [(kind, text)], outermost first; kind is FOR, REPEAT (Atom: DO), GOSUB, PROC or FN
    describe()   -> the lines the `basic` command prints (80 columns)

`view_for(machine_name, peek, own_firmware)` picks the view for the BASIC the machine ships, through
the documented workspace its model states (`basic_workspace`, emulator/machines/atom.py, bbc.py):
  * Atom: the locations the Atom's documentation gives ("Atomic Theory and Practice" ch. 25, as kept by
    our firmware: docs/atom_firmware.md): current line, text offset and pointer, program page, the
    stacks' depths, the variables' four planes.  These hold for Acorn's Atom BASIC too.  The stacks' contents are laid
    out by each interpreter: ours are read from roms/src/atom/atom.inc (so they follow the firmware);
    with Acorn's ROMs only their depths are shown.
  * BBC with our firmware: OurBbcBasicView, through the layout roms/src/bbc/basic/zp.inc defines
    (`bbc_layout()`): the line, all variables and every FOR/REPEAT/GOSUB/PROC/FN/LOCAL frame.
  * BBC with a user's ROMs: BBC BASIC's documented workspace (the BBC Micro's model cites it): PAGE,
    the text pointer, the resident integers, the stack counts (15 bytes per FOR); the dynamic
    variables in one linked list per first character, PROC and FN definitions in their own lists;
    program lines shown with their tokens as keywords (emulator/basic/bbc_tokens.py).
"""
from pathlib import Path

from emulator.basic.bbc_tokens import REST_IS_TEXT, detokenise
from emulator.basic.listing import ATOM_BASIC, BBC_BASIC
from emulator.machines.registry import model

ATOM_INCLUDE = Path(__file__).resolve().parents[2] / "roms/src/atom/atom.inc"

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

    def __init__(self, peek, workspace, layout=None):
        self.peek = peek
        self.at = dict(workspace)           # the documented workspace (the Atom's model)
        self.stacks = layout is not None
        if layout:
            self.at.update(layout)

    def word(self, addr):
        return self.peek(addr) | self.peek(addr + 1) << 8

    def lines(self):
        """[(number, address of its text, text)] of the program in memory: the text starts with a
        13 (at #2900) and the lines follow it, on Acorn's BASIC and ours."""
        addr = (self.peek(self.at["TEXTPAGE"]) << 8) + 1
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
        """[(name, base address)] of the word arrays AA-ZZ that DIM has placed (ours only).

        DIM places arrays from the end of the program up to the free-space pointer; a pointer
        outside that range is what RAM held at power-on (nothing clears the table)."""
        if not self.stacks or "ARR_LO" not in self.at:
            return []
        lines = self.lines()
        top = lines[-1][1] + len(lines[-1][2]) + 2 if lines else (self.peek(self.at["TEXTPAGE"]) << 8) + 2
        free = self.word(self.at["FREEP"]) if "FREEP" in self.at else 0x10000
        out = []
        for i in range(26):
            base = self.peek(self.at["ARR_LO"] + i) | self.peek(self.at["ARR_HI"] + i) << 8
            if top <= base < free:
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

    ARRAY_SHOWN = 8             # elements of a word array shown at most

    def variables(self):
        out = [(name, str(self.variable(n))) for n, name in enumerate(ATOM_VARIABLES)]
        arrays = self.arrays()
        # DIM places arrays one after another from the free-space pointer, so an array ends where the
        # next one placed after it begins, the last where the pointer is now (byte arrays in between
        # make that an upper bound)
        free = self.word(self.at["FREEP"]) if "FREEP" in self.at else 0
        bases = sorted(base for _, base in arrays)
        for name, base in arrays:
            end = next((b for b in bases if b > base), free if free > base else base + 12)
            count = max(1, (end - base) // 4)
            shown = min(count, self.ARRAY_SHOWN)
            elements = [_signed32(sum(self.peek(base + 4 * e + k) << (8 * k) for k in range(4)))
                        for e in range(shown)]
            more = ",..." if count > shown else ""
            out.append((f"{name}(0..{count - 1})@#{base:04X}", ",".join(map(str, elements)) + more))
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
    FIRST_CHARACTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ_`abcdefghijklmnopqrstuvwxyz"
    MAX_ENTRIES = 500               # a list longer than this is not a list (memory being rebuilt)

    def __init__(self, peek, workspace):
        self.peek = peek
        at = workspace                      # the documented workspace (the BBC Micro's model)
        self.PAGE_HIGH, self.PTR_OFFSET, self.PTR = at["PAGE_HIGH"], at["PTR_OFFSET"], at["PTR"]
        self.RESIDENT = at["RESIDENT"]
        self.LIST_HEADS = at["LIST_HEADS"]  # + 2 * character code: the variables starting with it
        self.PROC_LIST, self.FN_LIST = at["PROC_LIST"], at["FN_LIST"]
        self.REPEATS, self.GOSUBS, self.FORS = at["REPEATS"], at["GOSUBS"], at["FORS"]

    def word(self, addr):
        return self.peek(addr) | self.peek(addr + 1) << 8

    def lines(self):
        """BBC program lines: 13, line high, line low, length, text ... ; 13, &FF ends the program."""
        addr = self.peek(self.PAGE_HIGH) << 8
        out = []
        while self.peek(addr) == 0x0D and not self.peek(addr + 1) & 0x80 and len(out) < 5000:
            number = self.peek(addr + 1) << 8 | self.peek(addr + 2)
            length = self.peek(addr + 3)
            if length < 4:
                break
            out.append((number, addr + 4, bytes(self.peek(a) for a in range(addr + 4, addr + length))))
            addr += length
        return out

    def where(self):
        pointer = self.word(self.PTR) + self.peek(self.PTR_OFFSET)
        for number, text_at, data in self.lines():
            if text_at <= pointer <= text_at + len(data):
                statement = data
                for start, piece in _split_bbc_statements(data):
                    if start <= pointer - text_at:
                        statement = piece
                return number, detokenise(statement)
        return None

    def variables(self):
        out = []
        for n, name in enumerate("@ABCDEFGHIJKLMNOPQRSTUVWXYZ"):
            out.append((f"{name}%", str(_signed32(self._int(self.RESIDENT + 4 * n)))))
        return out + self.dynamic_variables() + self.procedures()

    def _int(self, addr):
        return sum(self.peek(addr + k) << (8 * k) for k in range(4))

    def _entries(self, head):
        """(name after the first character, address of the value) of each entry of one list.

        An entry is a link to the next (low, high; a high byte of 0 ends the list), the name without
        its first character (its list says that), a zero byte, then the value (Plumbley, "BASIC ROM
        User Guide", 3.1 and appendix G)."""
        out, link = [], self.word(head)
        while link >> 8 and len(out) < self.MAX_ENTRIES:
            name, at = [], link + 2
            while self.peek(at) and len(name) < 40:
                name.append(chr(self.peek(at)))
                at += 1
            out.append(("".join(name), at + 1))
            link = self.word(link)
        return out

    def dynamic_variables(self):
        """[(name, value text)] of the variables in the lists from &0482, in the lists' order."""
        out = []
        for first in self.FIRST_CHARACTERS:
            for rest, at in self._entries(self.LIST_HEADS + 2 * ord(first)):
                name = first + rest
                if name.endswith("("):
                    out.append(self._array(name, at))
                elif name.endswith("%"):
                    out.append((name, str(_signed32(self._int(at)))))
                elif name.endswith("$"):
                    address, length = self.word(at), self.peek(at + 3)
                    text = bytes(self.peek(address + k) for k in range(length)).decode("latin-1")
                    out.append((name, '"' + _printable(text) + '"'))
                else:
                    out.append((name, _real_text(bytes(self.peek(at + k) for k in range(5)))))
        return out

    def _array(self, name, at):
        """An array's entry: a byte giving the offset of the elements (2 * dimensions + 1), each
        dimension's number of elements (2 bytes), then the elements."""
        offset = self.peek(at)
        sizes = [self.word(at + 1 + 2 * d) for d in range((offset - 1) // 2)] if 1 <= offset <= 21 else []
        dims = ",".join(str(size - 1) for size in sizes)
        return f"{name}{dims})", f"@&{at + offset:04X}"

    def procedures(self):
        out = []
        for kind, head in (("PROC", self.PROC_LIST), ("FN", self.FN_LIST)):
            for name, at in self._entries(head):
                out.append((kind + name, f"@&{self.word(at):04X}"))
        return out

    def frames(self):
        counts = (("REPEAT", self.peek(self.REPEATS)), ("GOSUB", self.peek(self.GOSUBS)),
                  ("FOR", self.peek(self.FORS) // 15))
        return [(kind, f"{count} open") for kind, count in counts if count]


def _split_bbc_statements(data):
    """[(offset, bytes)] of a tokenised line's statements: split at ':' outside strings, not after
    REM or DATA (whose text runs to the end of the line)."""
    out, start, quoted = [], 0, False
    for i, byte in enumerate(data):
        if byte == 0x22:
            quoted = not quoted
        elif quoted:
            continue
        elif byte in REST_IS_TEXT:
            break
        elif byte == ord(":"):
            out.append((start, data[start:i]))
            start = i + 1
    out.append((start, data[start:]))
    return [(offset, piece.strip(b" ")) for offset, piece in out]


def _printable(text, limit=30):
    shown = "".join(ch if " " <= ch < "\x7f" else "." for ch in text)
    return shown if len(shown) <= limit else shown[:limit - 3] + "..."


def _real_text(five):
    """BBC BASIC's 5-byte real: an exponent byte (excess &80), then the mantissa most significant
    byte first, whose top bit (always 1 in a normalised number) holds the sign instead."""
    exponent, mantissa = five[0], int.from_bytes(five[1:], "big")
    if exponent == 0 and mantissa == 0:
        return "0"
    sign = -1 if mantissa & 0x80000000 else 1
    value = sign * (mantissa | 0x80000000) / 2 ** 32 * 2.0 ** (exponent - 0x80)
    return f"{value:.9G}"


class OurBbcBasicView(BbcBasicView):
    """Our BBC BASIC (roms/src/bbc/basic), through the layout its source defines (`bbc_layout()`).

    It keeps the documented PAGE (&18), resident integers (&400) and BASIC II's variable lists (one
    per first character, and one each for PROC and FN names), but its own text pointer and current
    line (CURLN; its high byte CURLN_LOST when it is to be found from TP), and BASIC II's three
    stacks in page 5: GOSUB and REPEAT keep their return TPs in low and high tables
    (GOSUBLO/GOSUBHI, REPEATLO/REPEATHI) indexed by their counts (GOSUBN, REPEATN), and FOR frames
    are fixed at FORSTK (FORX the offset of the innermost, FOR_EMPTY when none is open):
      FOR    variable address (2), kind (4 integer, 5 real), limit (5), step (5), TP (2)  15 bytes
    and one BASIC stack (from BSP up to HIMEM) holding tagged frames among expression operands
    (exec.s, funcs.s, vars.s):
      PROC, FN   tag (the PROC or FN token), return TP (2), CURLN (2),
                 address of the caller's 6502 stack, copied above the arguments (2)   7 bytes
      LOCAL  tag, address (2), kind, old value (4, or 5 for a real)                   9 bytes
    Plain numeric variables and arrays hold 5-byte reals; those named with % hold integers.
    The arguments (type over value) and the copy of the caller's 6502 stack (count, bytes) above a
    call frame carry no tag.
    """

    name = "BBC BASIC (ours)"
    ARRAY_SHOWN = 8

    def __init__(self, peek, workspace, layout):
        super().__init__(peek, workspace)
        self.at = layout
        self.PAGE_HIGH = layout["PAGEHI"]
        self.RESIDENT = layout["VARS"]
        self.tags = {layout[f"F_{kind}"]: kind for kind in ("PROC", "FN", "LOCAL")}

    # -- the program ---------------------------------------------------------------------------
    def line_from(self, line_at):
        """(number, text address, text bytes) of the line whose high byte is at `line_at`, or None."""
        if not line_at >> 8 or self.peek(line_at) & 0x80 or self.peek(line_at - 1) != 0x0D:
            return None
        length = self.peek(line_at + 2)
        if length < 4:
            return None
        text_at = line_at + 3
        data = bytes(self.peek(a) for a in range(text_at, line_at + length - 1))
        return self.peek(line_at) << 8 | self.peek(line_at + 1), text_at, data

    def _line_number(self, line_at, pointer=None):
        """The number of the line at `line_at` if `pointer` (when given) lies in it, else None."""
        found = self.line_from(line_at) if line_at in self._line_starts() else None
        if found is None:
            return None
        number, text_at, data = found
        if pointer is not None and not text_at - 1 <= pointer <= text_at + len(data):
            return None
        return number

    def _line_holding(self, pointer):
        """(number, address) of the program's line whose bytes (from its number to its CR) hold
        `pointer`, or None."""
        for number, text_at, data in self.lines():
            if text_at - 3 <= pointer <= text_at + len(data):
                return number, text_at - 3
        return None

    def _line_starts(self):
        return {text_at - 3 for _, text_at, _ in self.lines()}

    def where(self):
        line_at = self.word(self.at["CURLN"])
        if line_at >> 8 == self.at["CURLN_LOST"]:                 # after NEXT, UNTIL or RETURN
            holding = self._line_holding(self.word(self.at["TP"]))
            line_at = holding[1] if holding else 0
        found = self.line_from(line_at)
        if found is None:
            return None
        number, text_at, data = found
        offset = self.word(self.at["TP"]) - text_at
        statement = data
        for start, piece in _split_bbc_statements(data):
            if start <= offset:
                statement = piece
        return number, detokenise(statement)

    # -- variables -----------------------------------------------------------------------------
    def entries(self):
        """[(name, address of the value)] of the variables, list by list (an entry leaves out its
        list's first character; a PROC or FN name is given here with its token first)."""
        lists = [(ord(first), self.at["VARLISTS"] + 2 * ord(first)) for first in "@" + self.FIRST_CHARACTERS]
        lists += [(0xF2, self.at["PROCLIST"]), (0xA4, self.at["FNLIST"])]
        out = []
        for first, head in lists:
            out += [(bytes([first]) + rest.encode("latin-1"), at) for rest, at in self._entries(head)]
        return out

    def variables(self):
        out = [(f"{name}%", str(_signed32(self._int(self.RESIDENT + 4 * n))))
               for n, name in enumerate("@ABCDEFGHIJKLMNOPQRSTUVWXYZ")]
        routines = []
        for raw, at in self.entries():
            if raw[:1] in (b"\xf2", b"\xa4"):            # a PROC/FN cache: its DEF's text and line
                kind = "PROC" if raw[0] == 0xF2 else "FN"
                number = self._line_number(self.word(at + 2))
                routines.append((kind + raw[1:].decode("latin-1"),
                                 f"DEF at line {number}" if number is not None else "DEF"))
                continue
            name = raw.decode("latin-1")
            if name.endswith("("):
                out.append(self._our_array(name, at))
            elif name.endswith("$"):
                out.append((name, self._string(at)))
            elif name.endswith("%"):
                out.append((name, str(_signed32(self._int(at)))))
            else:
                out.append((name, self._real(at)))
        return out + routines

    def _real(self, at):
        return _real_text(bytes(self.peek(at + k) for k in range(5)))

    def _string(self, at):
        address, length = self.word(at), self.peek(at + 3)
        return '"' + _printable(bytes(self.peek(address + k) for k in range(length)).decode("latin-1")) + '"'

    def _our_array(self, name, at):
        """An array: the elements' offset (2 * dimensions + 1), each dimension's size (2 bytes),
        then the elements."""
        offset = self.peek(at)
        sizes = [self.word(at + 1 + 2 * d) for d in range((offset - 1) // 2)] if 3 <= offset <= 21 else []
        count = 1
        for size in sizes:
            count *= size
        base = at + offset
        shown = min(count, self.ARRAY_SHOWN)
        if name.endswith("$("):
            elements = [self._string(base + 4 * e) for e in range(shown)]
        elif name.endswith("%("):
            elements = [str(_signed32(self._int(base + 4 * e))) for e in range(shown)]
        else:
            elements = [self._real(base + 5 * e) for e in range(shown)]
        more = ",..." if count > shown else ""
        bounds = ",".join(f"0..{size - 1}" for size in sizes)
        return f"{name}{bounds})@&{base:04X}", ",".join(elements) + more

    def name_of(self, address):
        """The name of the variable whose value is at `address`."""
        if self.RESIDENT <= address < self.RESIDENT + 27 * 4 and not (address - self.RESIDENT) % 4:
            return "@ABCDEFGHIJKLMNOPQRSTUVWXYZ"[(address - self.RESIDENT) // 4] + "%"
        for raw, at in self.entries():
            if at == address:
                return raw.decode("latin-1")
        return f"&{address:04X}"

    # -- the BASIC stack -----------------------------------------------------------------------
    def _frame_at(self, p, starts):
        """(kind, size, fields) of a valid frame at p, or None (an expression operand)."""
        peek, word = self.peek, self.word
        kind = self.tags.get(peek(p))
        if kind in ("PROC", "FN"):
            resume = p + 1
            line_at = word(resume + 2)
            if line_at not in starts:
                return None
            number = self._line_number(line_at, word(resume))    # a call's TP is set after its arguments
            return kind, 7, {"line": number, "tp": word(resume)}
        if kind == "LOCAL":
            if peek(p + 3) not in (4, 5, 1, 0x81, 0x80):
                return None
            return kind, 9, {"address": word(p + 1), "kind": peek(p + 3)}
        return None

    def stack(self):
        """[(kind, address, fields)] of the frames from BSP up to HIMEM, innermost first.

        Expression operands between frames carry no tag: a byte that does not start a frame whose
        lines check out is passed over one at a time."""
        p, top = self.word(self.at["BSP"]), self.word(self.at["HIMEM"])
        starts = self._line_starts()
        out = []
        while p < top and len(out) < 1000:
            frame = self._frame_at(p, starts)
            if frame is None:
                p += 1
                continue
            kind, size, fields = frame
            out.append((kind, p, fields))
            p += size
        return out

    def _called(self, tp):
        """The name of the PROC or FN whose call ends before the text pointer `tp`."""
        for back in range(1, 80):
            byte = self.peek(tp - back)
            if byte in (0xF2, 0xA4):
                name = []
                at = tp - back + 1
                while chr(self.peek(at)).isalnum() or self.peek(at) == ord("_"):
                    name.append(chr(self.peek(at)))
                    at += 1
                return ("PROC" if byte == 0xF2 else "FN") + "".join(name)
            if byte == 0x0D:
                break
        return "?"

    def for_frames(self):
        """The addresses of the open loops' frames on the FOR stack, innermost first."""
        at = self.at
        inner, empty = self.peek(at["FORX"]), at["FOR_EMPTY"]
        if inner > empty or (empty - inner) % at["FORSIZE"]:
            return []
        return [at["FORSTK"] + x for x in range(inner, empty, at["FORSIZE"])]

    def _at_line(self, tp):
        holding = self._line_holding(tp)
        return f"line {holding[0]}" if holding else "?"

    def _returns(self, count, low, high, limit):
        """The TPs kept on the GOSUB or REPEAT stack, innermost first."""
        at = self.at
        depth = min(self.peek(at[count]), at[limit])
        return [self.peek(at[low] + n) | self.peek(at[high] + n) << 8 for n in reversed(range(depth))]

    def frames(self):
        """The FOR, REPEAT and GOSUB stacks' entries, then the BASIC stack's frames, outermost
        first (the stacks are apart, as BASIC II's: which of them was opened first is not kept)."""
        out = []
        for kind, p, fields in self.stack():
            line = fields.get("line")
            at_line = f"line {line}" if line is not None else "?"
            if kind in ("PROC", "FN"):
                name = self._called(fields["tp"]) if line is not None else "(arguments)"
                out.append((kind, f"{name} from {at_line}"))
            elif kind == "LOCAL":
                out.append(("LOCAL", f"{self.name_of(fields['address'])} (caller's value kept)"))
        out += [("GOSUB", f"returns to {self._at_line(tp)}")
                for tp in self._returns("GOSUBN", "GOSUBLO", "GOSUBHI", "MAXGOSUB")]
        out += [("REPEAT", f"loop at {self._at_line(tp)}")
                for tp in self._returns("REPEATN", "REPEATLO", "REPEATHI", "MAXREPEAT")]
        for p in self.for_frames():
            var = self.word(p)
            if self.peek(p + 2) & 0x7F == 5:           # (bit 7: NEXT goes on at the next line)
                value, limit, step = self._real(var), self._real(p + 3), self._real(p + 8)
            else:
                value, limit, step = (_signed32(self._int(a)) for a in (var, p + 3, p + 8))
            at_line = self._at_line(self.word(p + 13))
            out.append(("FOR", f"{self.name_of(var)}={value} TO {limit} STEP {step} (loop at {at_line})"))
        return out[::-1]

    def counts(self):
        """(FOR, GOSUB, REPEAT) loops open, from what BASIC keeps (FORX, &47E-&47F)."""
        return (len(self.for_frames()),) + tuple(self.peek(self.at[name]) for name in ("GOSUBN", "REPEATN"))


BBC_BASIC_SOURCE = Path(__file__).resolve().parents[2] / "roms/src/bbc/basic/zp.inc"
BBC_WANTED = ("PAGEHI", "TP", "CURLN", "CURLN_LOST", "VARLISTS", "PROCLIST", "FNLIST", "BSP", "HIMEM", "VARS",
              "FORX", "FORSTK", "FORSIZE", "FOR_EMPTY", "GOSUBN", "REPEATN", "GOSUBLO", "GOSUBHI", "REPEATLO",
              "REPEATHI", "MAXGOSUB", "MAXREPEAT", "F_PROC", "F_FN", "F_LOCAL")


def bbc_layout():
    """Our BBC BASIC's workspace, read from its source (None when the source tree is not here).

    As with `atom_layout()`, a symbol the source no longer defines is an error, not a fallback."""
    if not BBC_BASIC_SOURCE.exists():
        return None
    from emulator.asm import assemble

    symbols = assemble(BBC_BASIC_SOURCE.read_text(encoding="utf-8"), filename=str(BBC_BASIC_SOURCE)).symbols
    missing = [name for name in BBC_WANTED if name not in symbols]
    if missing:
        raise RuntimeError(f"{BBC_BASIC_SOURCE} no longer defines {', '.join(missing)}: update the BASIC view")
    return {name: symbols[name] for name in BBC_WANTED}


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
              "DO_OFF", "DO_MAX", "SUB_LO", "SUB_HI", "SUB_OFF", "SUB_MAX", "ARR_LO", "ARR_HI", "FREEP")
    missing = [name for name in wanted if name not in symbols]
    if missing:
        raise RuntimeError(f"{ATOM_INCLUDE} no longer defines {', '.join(missing)}: update the BASIC view")
    return {name: symbols[name] for name in wanted}


def view_for(machine_name, peek, own_firmware=True):
    """The view of the BASIC the machine ships (its model's `basic`), or None for one we cannot read."""
    machine = model(machine_name)
    workspace = machine.basic_workspace
    if machine.basic == ATOM_BASIC:
        return AtomBasicView(peek, workspace, atom_layout() if own_firmware else None)
    if machine.basic == BBC_BASIC:
        layout = bbc_layout() if own_firmware else None
        return OurBbcBasicView(peek, workspace, layout) if layout else BbcBasicView(peek, workspace)
    return None
