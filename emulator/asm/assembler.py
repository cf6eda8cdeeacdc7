"""The two passes: labels, scopes, directives, macros, includes and conditional assembly.

Pass 1 walks the source to learn every label's address; pass 2 walks it again with all symbols known and
emits bytes.  For the two walks to lay code out identically, everything that decides a size or the flow
(.org, .fill, .align, .if, .incbin) must have its value in pass 1, and each instruction's choice between
zero-page and absolute addressing is made once, in pass 1 (zero page only when the operand is already
known and below $100), and replayed in pass 2.
"""
import os
import re

from emulator.inputs import cannot_read

from emulator.asm.opcodes import MODE_DESCRIPTION, MODE_SIZE, MODES, OPCODES
from emulator.asm.syntax import LineError, Unknown, parse_cached
from emulator.errors import UserError

MAX_INCLUDE_DEPTH = 16
MAX_MACRO_DEPTH = 32
MAX_MACRO_EXPANSIONS = 100_000      # per pass: stops a macro that calls itself twice from running away
MAX_INCBIN = 0x10000
# The work of a pass is bounded as well as its macro count: a macro that calls itself with bad lines
# in its body would otherwise collect millions of errors (gigabytes) before the expansion limit.
MAX_ERRORS = 500                    # per pass; the assembler stops at the next one
MAX_PASS_LINES = 1_000_000          # source and expanded lines per pass (a 10,000-line file: 10,000)

_CONDITIONAL = re.compile(r"\s*(?:[A-Za-z_@][\w.@]*\s*:\s*)*\.(if|ifdef|ifndef|elif|else|endif)\b", re.I | re.A)
_MACRO_START = re.compile(r"\s*(?:[A-Za-z_@][\w.@]*\s*:\s*)*\.macro\b", re.I | re.A)
_MACRO_END = re.compile(r"\s*\.endm\b", re.I | re.A)
# What a macro parameter may be replaced in: bare names only, not strings, comments, locals,
# directives or the digits of $hex and %binary numbers.
_MACRO_WORDS = re.compile(r"\"(?:\\.|[^\"\\])*\"|'(?:\\.|[^\\'])'|;.*|@\w+|\.\w+|[$%]\w+|[A-Za-z_]\w*", re.A)

_INDEX_FORMS = {"plain": ("zpg", "abs"), "x": ("zpx", "abx"), "y": ("zpy", "aby")}


class AsmError(UserError):
    """Every error of a pass, each formatted `file:line:column: message`."""

    def __init__(self, errors):
        self.errors = list(errors)
        super().__init__("\n".join(self.errors))


class Assembly:
    """What `assemble` returns."""

    def __init__(self, image, origin, symbols, labels, listing):
        self.image = image          # bytes from the lowest to the highest address emitted
        self.origin = origin        # the address of image[0]
        self.symbols = symbols      # name -> int, every label and constant
        self.labels = labels        # the names in `symbols` that are addresses of code or data
        self.listing = listing      # text

    @property
    def end(self):
        """One past the last address emitted."""
        return self.origin + len(self.image)

    def symbol_text(self):
        from emulator.asm.symbols import format_symbols

        return format_symbols(self.symbols, self.labels)


class _Macro:
    __slots__ = ("name", "params", "body", "where")

    def __init__(self, name, params, body, where):
        self.name = name
        self.params = params
        self.body = body            # [(text, file, line)]
        self.where = where          # "file:line" of the definition


class _Pending:
    """A constant whose expression named a symbol not yet defined in pass 1."""
    __slots__ = ("name", "expr", "scopes", "local_prefix", "here")

    def __init__(self, name, expr, scopes, local_prefix, here):
        self.name, self.expr, self.scopes, self.local_prefix, self.here = name, expr, scopes, local_prefix, here


def _hex(value):
    return f"-${-value:X}" if value < 0 else f"${value:X}"


class Assembler:
    def __init__(self, origin=0, filename="<source>", include_dirs=(), defines=None):
        if not 0 <= origin <= 0xFFFF:
            raise AsmError([f"{filename}:1:1: origin {_hex(origin)} is outside $0000-$FFFF"])
        self.origin = origin
        self.filename = filename
        self.include_dirs = [str(d) for d in include_dirs]
        self.symbols = {}
        self.labels = set()
        self.choices = []
        self.file_cache = {}
        self.predefined = {}                # symbols given by the caller (assemble(defines=...))
        for name, value in (defines or {}).items():
            if not re.fullmatch(r"[A-Za-z_][\w.]*", str(name)) or not isinstance(value, int):
                raise AsmError([f"{filename}:1:1: a define is a symbol name and an integer, "
                                f"not {name!r} = {value!r}"])
            self.predefined[name] = value

    # ---- the whole job ------------------------------------------------------------------------

    def assemble(self, text):
        lines = _split_lines(text, self.filename)
        try:
            self.run_pass(1, lines)
            if self.errors:
                raise AsmError(self.errors)
            self.first_pass_names = self.defined
            self._resolve_pending()
            self.run_pass(2, lines)
        except RecursionError:
            # A safety net only: expressions, macros and includes have their own, lower limits.
            file, line = self.location
            raise AsmError(self.errors + [f"{file}:{line}:1: nested too deeply"]) from None
        except _TooMuchWork as e:
            raise AsmError(self.errors + [str(e)]) from None
        if self.errors:
            raise AsmError(self.errors)
        emitted = self.mask
        low = emitted.find(1)
        if low < 0:
            image, origin = b"", self.origin
        else:
            high = emitted.rfind(1)
            image, origin = bytes(self.memory[low:high + 1]), low
        symbols = dict(sorted(self.symbols.items()))
        return Assembly(image, origin, symbols, frozenset(self.labels), self._format_listing())

    def run_pass(self, number, lines):
        self.pass_number = number
        self.errors = []
        self.pc = self.origin
        self.here = self.origin
        self.overflowed = False
        self.scopes = [""]                # prefixes to try, innermost first: "a.b.", "a.", ""
        self.scope_names = []
        self.local_prefix = ""           # what an @local label is appended to
        self.macros = {}
        self.macro_count = 0
        self.line_count = 0              # lines processed, macro bodies included (MAX_PASS_LINES)
        self.macro_stack = []            # (name, "file:line" of the call) for error messages
        self.include_stack = []
        self.defined = set()             # symbols defined so far in this pass
        self.location = (self.filename, 0)
        for name, value in self.predefined.items():
            self.define(name, 0, value, is_label=False)
        self.choice_index = 0
        self.pending = []
        self.pending_misses = []         # (where, name, directive): values pass 1 needed but lacked
        if number == 2:
            self.memory = bytearray(b"\xff" * 0x10000)
            self.mask = bytearray(0x10000)
            self.listing = []
        self.process(lines, " ")
        if self.scope_names:
            self.location = (lines[-1][1], lines[-1][2]) if lines else (self.filename, 1)
            self.error(1, f".scope {self.scope_names[-1][0]} is never closed with .endscope")
        if number == 1:
            for (file, line, column, scopes, local_prefix), name, directive in self.pending_misses:
                if name[0] == "@":
                    defined = local_prefix + name in self.defined
                else:
                    defined = any(prefix + name in self.defined for prefix in scopes)
                if not defined:
                    self.errors.append(f"{file}:{line}:{column}: undefined symbol '{name}'")
                else:
                    self.errors.append(
                        f"{file}:{line}:{column}: '{name}' has no value yet: {directive} needs one in the "
                        "first pass, so define it (and what it depends on) before this line")

    def _resolve_pending(self):
        """Constants that named later symbols: settle them now that pass 1 knows every label."""
        pending = self.pending
        progress = True
        while pending and progress:
            progress = False
            still = []
            for p in pending:
                self.scopes, self.local_prefix, self.here = p.scopes, p.local_prefix, p.here
                try:
                    self.symbols[p.name] = p.expr(self)
                    progress = True
                except (Unknown, LineError):
                    still.append(p)
            pending = still

    # ---- errors -------------------------------------------------------------------------------

    def error(self, column, message):
        file, line = self.location
        if self.macro_stack:
            name, call = self.macro_stack[-1]
            message += f" (in macro {name} called at {call})"
        self.errors.append(f"{file}:{line}:{column}: {message}")
        if len(self.errors) >= MAX_ERRORS:
            raise _TooMuchWork(f"{file}:{line}:{column}: {MAX_ERRORS} errors; stopped")

    # ---- symbols ------------------------------------------------------------------------------

    def lookup(self, name, column):
        if name[0] == "@":
            value = self.symbols.get(self.local_prefix + name)
        else:
            for prefix in self.scopes:
                value = self.symbols.get(prefix + name)
                if value is not None:
                    break
        if value is None:
            raise Unknown(name, column)
        return value

    def _defined_in_first_pass(self, name):
        if name[0] == "@":
            return self.local_prefix + name in self.first_pass_names
        return any(prefix + name in self.first_pass_names for prefix in self.scopes)

    def _is_defined(self, name):
        if name[0] == "@":
            return self.local_prefix + name in self.defined
        return any(prefix + name in self.defined for prefix in self.scopes)

    def define(self, name, column, value, is_label):
        if name[0] == "@":
            full = self.local_prefix + name
        else:
            full = self.scopes[0] + name
        if full in self.defined:
            self.error(column, f"duplicate symbol '{name}'")
            return full
        self.defined.add(full)
        if value is not None:
            if self.pass_number == 2 and is_label and self.symbols.get(full) != value:
                self.error(column, f"label '{name}' moved between passes ({_hex(self.symbols.get(full, 0))}"
                                   f" then {_hex(value)})")
            self.symbols[full] = value
        if is_label:
            self.labels.add(full)
        if name[0] != "@" and is_label:
            self.local_prefix = full
        return full

    def value(self, expr):
        """The value of an expression in pass 2; an undefined symbol is reported and gives None."""
        try:
            return expr(self)
        except Unknown as e:
            if self._defined_in_first_pass(e.name):
                self.error(e.column, f"symbol '{e.name}' cannot be resolved (defined in terms of itself?)")
            else:
                self.error(e.column, f"undefined symbol '{e.name}'")
        except LineError as e:
            self.error(e.column, e.message)
        return None

    def early_value(self, expr, directive):
        """A value that must be known in pass 1 (it decides sizes or flow)."""
        try:
            return expr(self)
        except Unknown as e:
            if self.pass_number == 1:
                file, line = self.location
                self.pending_misses.append(((file, line, e.column, list(self.scopes), self.local_prefix),
                                            e.name, directive))
            return None
        except LineError as e:
            if self.pass_number == 1:
                self.error(e.column, e.message)
            return None

    # ---- output -------------------------------------------------------------------------------

    def emit(self, data):
        n = len(data)
        start = self.pc
        if start + n > 0x10000:
            if not self.overflowed:
                self.overflowed = True
                self.error(1, "code runs past $FFFF")
            self.pc = 0x10000
            return
        self.pc = start + n
        if self.pass_number == 2 and n:
            mask = self.mask
            if mask.find(1, start, start + n) >= 0:
                clash = mask.find(1, start, start + n)
                self.error(1, f"address ${clash:04X} is assembled twice (check .org)")
                return
            mask[start:start + n] = b"\x01" * n
            self.memory[start:start + n] = data
            self.line_bytes += data

    def skip(self, n):
        """Move on n bytes without emitting (used only in pass 1)."""
        if self.pc + n > 0x10000:
            if not self.overflowed:
                self.overflowed = True
                self.error(1, "code runs past $FFFF")
            self.pc = 0x10000
        else:
            self.pc += n

    # ---- the walk -----------------------------------------------------------------------------

    def process(self, lines, marker):
        conditions = []   # frames [active, taken, parent_active, seen_else, "file:line" of .if]
        listing = self.pass_number == 2
        i = 0
        n = len(lines)
        while i < n:
            text, file, line = lines[i]
            i += 1
            self.location = (file, line)
            self.line_count += 1
            if self.line_count > MAX_PASS_LINES:
                raise _TooMuchWork(f"{file}:{line}:1: more than {MAX_PASS_LINES} lines to assemble "
                                   f"(macros included); stopped")
            active = not conditions or conditions[-1][0]
            if not active and not _CONDITIONAL.match(text):
                if listing:
                    self.listing.append((file, line, None, b"", text, "-", None))
                continue
            self.here = self.pc
            if listing:
                self.line_bytes = bytearray()
            try:
                stmt = parse_cached(text)
            except LineError as e:
                conditional = _CONDITIONAL.match(text)
                if conditional:
                    # Keep the nesting right; the condition counts as false.
                    name = conditional.group(1).lower()
                    checked = active if name in ("if", "ifdef", "ifndef") else (
                        not conditions or conditions[-1][2])
                    if checked:
                        self.error(e.column, e.message)
                    self.conditional(_BrokenConditional(name, e.column), conditions, active)
                elif active:
                    self.error(e.column, e.message)
                if listing:
                    self.listing.append((file, line, None, b"", text, marker, None))
                if active and _MACRO_START.match(text):
                    i = self._skip_macro_body(lines, i)     # don't assemble a broken macro's body
                continue
            shown_value = None
            start_pc = self.pc
            kind = stmt.kind
            if kind == "dir" and stmt.name in ("if", "ifdef", "ifndef", "elif", "else", "endif"):
                if stmt.labels and active:
                    self.error(stmt.labels[0][1], f"a label cannot go on a .{stmt.name} line")
                self.conditional(stmt, conditions, active)
                if listing:
                    self.listing.append((file, line, None, b"", text, marker, None))
                continue
            for name, column in stmt.labels:
                self.define(name, column, self.pc, True)
            if kind == "ins":
                self.instruction(stmt)
            elif kind == "dir":
                if stmt.name == "macro":
                    body_from = i
                    i = self.define_macro(stmt, lines, i)
                    if listing:
                        self.listing.append((file, line, None, b"", text, marker, None))
                        for body_text, body_file, body_line in lines[body_from:i]:
                            self.listing.append((body_file, body_line, None, b"", body_text, marker, None))
                    continue
                if stmt.name == "include":
                    if listing:
                        self.listing.append((file, line, None, b"", text, marker, None))
                    self.dir_include(stmt, stmt.args)
                    continue      # the included lines are listed themselves
                getattr(self, "dir_" + stmt.name)(stmt, stmt.args)
            elif kind == "assign":
                shown_value = self.assign(stmt)
            elif kind == "org":
                self.set_origin(stmt, "'* ='")
            elif kind == "call":
                self.call_macro(stmt, text)
                continue
            if listing:
                self.listing.append((file, line, start_pc if self.line_bytes or stmt.labels else None,
                                     bytes(self.line_bytes), text, marker, shown_value))
        if conditions:
            self.location = (conditions[-1][4][0], conditions[-1][4][1])
            self.error(1, ".if without .endif")

    def conditional(self, stmt, conditions, active):
        name = stmt.name
        if name in ("if", "ifdef", "ifndef"):
            if not active:
                conditions.append([False, True, False, False, self.location])
                return
            truth = self.condition(stmt)
            conditions.append([truth, truth, True, False, self.location])
            return
        if not conditions:
            self.error(stmt.column, f".{name} without .if")
            return
        frame = conditions[-1]
        if name == "endif":
            conditions.pop()
            return
        if frame[3]:
            self.error(stmt.column, f".{name} after .else")
            return
        if name == "else":
            if stmt.args:
                self.error(stmt.args[0].column, ".else takes no value")
            frame[3] = True
            frame[0] = frame[2] and not frame[1]
            frame[1] = True
            return
        # .elif
        if frame[2] and not frame[1]:
            truth = self.condition(stmt)
            frame[0] = truth
            frame[1] = truth
        else:
            frame[0] = False

    def condition(self, stmt):
        if stmt.broken:
            return False
        args = stmt.args
        if stmt.name in ("ifdef", "ifndef"):
            if len(args) != 1 or args[0].name is None:
                self.error(stmt.column, f".{stmt.name} takes one symbol name")
                return False
            return self._is_defined(args[0].name) == (stmt.name == "ifdef")
        if len(args) != 1 or args[0].expr is None:
            self.error(stmt.column, f".{stmt.name} takes one expression")
            return False
        value = self.early_value(args[0].expr, f".{stmt.name}")
        return bool(value)

    # ---- statements ---------------------------------------------------------------------------

    def assign(self, stmt):
        if self.pass_number == 1:
            try:
                value = stmt.expr(self)
            except Unknown:
                full = self.define(stmt.name, stmt.column, None, False)
                self.pending.append(_Pending(full, stmt.expr, list(self.scopes), self.local_prefix, self.here))
                return None
            except LineError as e:
                self.error(e.column, e.message)
                value = None
            self.define(stmt.name, stmt.column, value, False)
            return value
        value = self.value(stmt.expr)
        self.define(stmt.name, stmt.column, value, False)
        return value

    def set_origin(self, stmt, directive=".org"):
        value = self.early_value(stmt.expr, directive)
        if value is None:
            return
        if not 0 <= value <= 0xFFFF:
            if self.pass_number == 1:
                self.error(stmt.expr_column, f"address {_hex(value)} is outside $0000-$FFFF")
            return
        self.pc = value
        self.overflowed = False

    def instruction(self, stmt):
        mnemonic = stmt.name
        modes = MODES[mnemonic]
        syntax = stmt.syntax
        if self.pass_number == 1:
            mode = self.choose_mode(stmt, mnemonic, modes, syntax)
            self.choices.append(mode)
            if mode is not None:
                self.skip(MODE_SIZE[mode])
            return
        mode = self.choices[self.choice_index]
        self.choice_index += 1
        opcode = OPCODES[(mnemonic, mode)]
        size = MODE_SIZE[mode]
        if size == 1:
            self.emit(bytes((opcode,)))
            return
        value = self.value(stmt.expr)
        if value is None:
            self.emit(bytes(size))     # keep the layout; the error is already reported
            return
        column = stmt.expr_column
        if mode == "rel":
            distance = value - (self.pc + 2)
            if not -128 <= distance <= 127:
                self.error(column, f"branch out of range: the target is {distance:+d} bytes away "
                                   "(a branch reaches -128 to +127)")
                self.emit(bytes(2))
                return
            self.emit(bytes((opcode, distance & 0xFF)))
        elif mode == "imm":
            if not -128 <= value <= 255:
                self.error(column, f"value {_hex(value)} too {'large' if value > 0 else 'small'} for a byte")
                value = 0
            self.emit(bytes((opcode, value & 0xFF)))
        elif size == 2:
            if not 0 <= value <= 255:
                wide = {"zpg": "abs", "zpx": "abx", "zpy": "aby"}.get(mode)
                if wide is not None and wide not in MODES[mnemonic]:
                    self.error(column, f"{mnemonic} has no {MODE_DESCRIPTION[wide]} addressing mode, and "
                                       f"{_hex(value)} is too large for a byte (a zero-page address)")
                else:
                    self.error(column, f"value {_hex(value)} too large for a byte: {mnemonic} "
                                       f"{MODE_DESCRIPTION[mode]} needs a zero-page address")
                value = 0
            self.emit(bytes((opcode, value)))
        else:
            if not 0 <= value <= 0xFFFF:
                self.error(column, f"address {_hex(value)} is outside $0000-$FFFF")
                value = 0
            self.emit(bytes((opcode, value & 0xFF, value >> 8)))

    def choose_mode(self, stmt, mnemonic, modes, syntax):
        """Pass 1: the addressing mode, or None after reporting that the instruction lacks it."""
        if syntax == "none":
            if "imp" in modes:
                return "imp"
            if "acc" in modes:
                return "acc"
            self.error(stmt.column, f"{mnemonic} needs an operand")
            return None
        if syntax in ("acc", "imm", "inx", "iny", "ind"):
            if syntax in modes:
                return syntax
            return self.lacks(stmt, mnemonic, modes, MODE_DESCRIPTION[syntax])
        if syntax == "plain" and "rel" in modes:
            return "rel"
        zp_mode, abs_mode = _INDEX_FORMS[syntax]
        has_zp, has_abs = zp_mode in modes, abs_mode in modes
        if has_zp and has_abs:
            try:
                value = stmt.expr(self)
            except (Unknown, LineError):
                return abs_mode          # not known yet: absolute, and so it stays in pass 2
            return zp_mode if 0 <= value <= 255 else abs_mode
        if has_abs:
            return abs_mode
        if has_zp:
            return zp_mode
        if syntax == "plain":
            description = "absolute or zero page"
        else:
            description = f"{MODE_DESCRIPTION[abs_mode]} or {MODE_DESCRIPTION[zp_mode]}"
        return self.lacks(stmt, mnemonic, modes, description)

    def lacks(self, stmt, mnemonic, modes, description):
        if modes == {"imp"}:
            self.error(stmt.expr_column or stmt.column, f"{mnemonic} takes no operand")
        else:
            have = ", ".join(MODE_DESCRIPTION[m] for m in sorted(modes, key=list(MODE_DESCRIPTION).index))
            self.error(stmt.expr_column or stmt.column,
                       f"{mnemonic} has no {description} addressing mode (it has: {have})")
        return None

    # ---- directives ---------------------------------------------------------------------------

    def _want(self, stmt, args, low, high, usage):
        if not low <= len(args) <= high:
            self.error(stmt.column, f"usage: .{stmt.name} {usage}")
            return False
        return True

    def dir_org(self, stmt, args):
        if not self._want(stmt, args, 1, 1, "ADDRESS") or args[0].expr is None:
            return
        stmt_like = _ExprHolder(args[0].expr, args[0].column)
        self.set_origin(stmt_like)

    def _data(self, stmt, args, width):
        if not args:
            self.error(stmt.column, f".{stmt.name} needs at least one value")
            return
        if self.pass_number == 1:
            self.skip(sum(len(a.string) if a.string is not None else width for a in args))
            return
        out = bytearray()
        for arg in args:
            if arg.string is not None:
                out += arg.string
                continue
            value = self.value(arg.expr)
            if value is None:
                value = 0
            elif width == 1 and not -128 <= value <= 255:
                self.error(arg.column, f"value {_hex(value)} too {'large' if value > 0 else 'small'} for a byte")
                value = 0
            elif width == 2 and not -32768 <= value <= 0xFFFF:
                self.error(arg.column, f"value {_hex(value)} too {'large' if value > 0 else 'small'} for a word")
                value = 0
            out.append(value & 0xFF)
            if width == 2:
                out.append((value >> 8) & 0xFF)
        self.emit(out)

    def dir_byte(self, stmt, args):
        self._data(stmt, args, 1)

    def dir_text(self, stmt, args):
        self._data(stmt, args, 1)

    def dir_word(self, stmt, args):
        if any(a.string is not None for a in args):
            self.error(stmt.column, ".word takes numbers, not strings")
            return
        self._data(stmt, args, 2)

    def _count_and_fill(self, stmt, args, usage):
        if not self._want(stmt, args, 1, 2, usage) or any(a.expr is None for a in args):
            if args and any(a.expr is None for a in args):
                self.error(stmt.column, f"usage: .{stmt.name} {usage}")
            return None, None
        count = self.early_value(args[0].expr, f".{stmt.name}")
        fill = 0
        if len(args) == 2:
            fill = self.value(args[1].expr) if self.pass_number == 2 else 0
            if fill is None:
                fill = 0
            elif not -128 <= fill <= 255:
                self.error(args[1].column, f"value {_hex(fill)} too {'large' if fill > 0 else 'small'} for a byte")
                fill = 0
        return count, fill & 0xFF

    def dir_fill(self, stmt, args):
        count, fill = self._count_and_fill(stmt, args, "COUNT[, BYTE]")
        if count is None:
            return
        if not 0 <= count <= 0x10000:
            if self.pass_number == 1:
                self.error(args[0].column, f".fill count {count} is outside 0-65536")
            return
        self._block(count, fill)

    def dir_align(self, stmt, args):
        boundary, fill = self._count_and_fill(stmt, args, "BOUNDARY[, BYTE]")
        if boundary is None:
            return
        if not 1 <= boundary <= 0x10000:
            if self.pass_number == 1:
                self.error(args[0].column, f".align boundary {boundary} is outside 1-65536")
            return
        self._block(-self.pc % boundary, fill)

    def _block(self, count, fill):
        if self.pass_number == 1:
            self.skip(count)
        else:
            self.emit(bytes((fill,)) * count)

    def dir_assert(self, stmt, args):
        if not self._want(stmt, args, 1, 2, 'EXPRESSION[, "MESSAGE"]') or args[0].expr is None:
            return
        if len(args) == 2 and args[1].string is None:
            self.error(args[1].column, ".assert message must be a string")
            return
        if self.pass_number == 2:
            value = self.value(args[0].expr)
            if value == 0:
                message = args[1].string.decode("latin-1") if len(args) == 2 else "assertion failed"
                self.error(args[0].column, message)

    def dir_error(self, stmt, args):
        if len(args) != 1 or args[0].string is None:
            self.error(stmt.column, 'usage: .error "MESSAGE"')
            return
        if self.pass_number == 1:
            self.error(stmt.column, args[0].string.decode("latin-1"))

    def dir_scope(self, stmt, args):
        if len(args) != 1 or args[0].name is None or "." in args[0].name or args[0].name[0] == "@":
            self.error(stmt.column, "usage: .scope NAME")
            return
        self.scope_names.append((args[0].name, self.local_prefix))
        prefix = self.scopes[0] + args[0].name + "."
        self.scopes = [prefix] + self.scopes
        self.local_prefix = prefix

    def dir_endscope(self, stmt, args):
        if args:
            self.error(stmt.column, ".endscope takes no value")
        if not self.scope_names:
            self.error(stmt.column, ".endscope without .scope")
            return
        _, self.local_prefix = self.scope_names.pop()
        self.scopes = self.scopes[1:]

    def dir_endm(self, stmt, args):
        self.error(stmt.column, ".endm without .macro")

    # ---- files --------------------------------------------------------------------------------

    def _resolve_path(self, name, column):
        if "\x00" in name:
            self.error(column, "bad file name")
            return None
        current = self.location[0]
        candidates = []
        if os.path.isabs(name):
            candidates.append(name)
        else:
            base = os.path.dirname(current) if current and not current.startswith("<") else ""
            candidates.append(os.path.normpath(os.path.join(base, name)) if base else name)
            candidates += [os.path.join(d, name) for d in self.include_dirs]
        for path in candidates:
            try:
                if os.path.isfile(path):
                    return path
            except (OSError, ValueError):
                pass
        self.error(column, f"{name}: cannot read the included file: no such file")
        return None

    def _file_argument(self, stmt, args, usage, most):
        if not 1 <= len(args) <= most or args[0].string is None:
            self.error(stmt.column, f"usage: .{stmt.name} {usage}")
            return None
        try:
            name = args[0].string.decode("latin-1")
        except UnicodeDecodeError:
            name = ""
        return self._resolve_path(name, args[0].column)

    def dir_include(self, stmt, args):
        path = self._file_argument(stmt, args, '"FILE"', 1)
        if path is None:
            return
        key = os.path.realpath(path)
        if key in self.include_stack:
            self.error(args[0].column, f"'{path}' includes itself")
            return
        if len(self.include_stack) >= MAX_INCLUDE_DEPTH:
            self.error(args[0].column, f"includes nested more than {MAX_INCLUDE_DEPTH} deep")
            return
        lines = self.file_cache.get(key)
        if lines is None:
            try:
                with open(path, "rb") as f:
                    raw = f.read(4 * 1024 * 1024 + 1)
                if len(raw) > 4 * 1024 * 1024:
                    raise ValueError("too large")
                lines = _split_lines(raw.decode("utf-8"), path)
            except UnicodeDecodeError:
                self.error(args[0].column, f"'{path}' is not UTF-8 text")
                return
            except (OSError, ValueError) as e:
                self.error(args[0].column, _cannot_read(path, "included source", e))
                return
            self.file_cache[key] = lines
        self.include_stack.append(key)
        saved = self.location
        try:
            self.process(lines, " ")
        finally:
            self.include_stack.pop()
            self.location = saved

    def dir_incbin(self, stmt, args):
        path = self._file_argument(stmt, args, '"FILE"[, OFFSET[, LENGTH]]', 3)
        if path is None:
            return
        key = ("bin", os.path.realpath(path))
        data = self.file_cache.get(key)
        if data is None:
            try:
                if os.path.getsize(path) > MAX_INCBIN:
                    self.error(args[0].column, f"'{path}' is larger than 64 KiB")
                    return
                with open(path, "rb") as f:
                    data = f.read(MAX_INCBIN + 1)
            except (OSError, ValueError) as e:
                self.error(args[0].column, _cannot_read(path, "included binary", e))
                return
            self.file_cache[key] = data
        offset, length = 0, None
        if len(args) >= 2:
            offset = self.early_value(args[1].expr, ".incbin") if args[1].expr else None
            if offset is None:
                return
        if len(args) == 3:
            length = self.early_value(args[2].expr, ".incbin") if args[2].expr else None
            if length is None:
                return
        if not 0 <= offset <= len(data) or (length is not None and not 0 <= length <= len(data) - offset):
            if self.pass_number == 1:
                self.error(args[1].column, f"offset/length outside the {len(data)} bytes of '{path}'")
            return
        chunk = data[offset:] if length is None else data[offset:offset + length]
        if self.pass_number == 1:
            self.skip(len(chunk))
        else:
            self.emit(chunk)

    # ---- macros -------------------------------------------------------------------------------

    @staticmethod
    def _skip_macro_body(lines, i):
        for k in range(i, len(lines)):
            if _MACRO_END.match(lines[k][0]):
                return k + 1
        return len(lines)

    def define_macro(self, stmt, lines, i):
        """Record the body up to .endm; returns the index of the line after .endm."""
        start = i
        end = None
        for k in range(i, len(lines)):
            text = lines[k][0]
            if _MACRO_END.match(text):
                end = k
                break
            if _MACRO_START.match(text):
                self.location = (lines[k][1], lines[k][2])
                self.error(1, "a .macro cannot be defined inside another")
                self.location = (lines[start - 1][1], lines[start - 1][2])
        if end is None:
            self.error(stmt.column, ".macro without .endm")
            return len(lines)
        args = stmt.args
        if not args or args[0].name is None or "." in args[0].name or args[0].name[0] == "@":
            self.error(stmt.column, "usage: .macro NAME [PARAMETER, ...]")
            return end + 1
        name = args[0].name
        params = []
        for a in args[1:]:
            if a.name is None or "." in a.name or a.name[0] == "@":
                self.error(a.column, "a macro parameter is a plain name")
                return end + 1
            if a.name in params:
                self.error(a.column, f"parameter '{a.name}' given twice")
                return end + 1
            params.append(a.name)
        if name.upper() in MODES:
            self.error(args[0].column, f"'{name}' is an instruction; a macro cannot take its name")
        elif name in self.macros:
            self.error(args[0].column, f"macro '{name}' is already defined at {self.macros[name].where}")
        else:
            file, line = self.location
            self.macros[name] = _Macro(name, params, lines[start:end], f"{file}:{line}")
        return end + 1

    def call_macro(self, stmt, text):
        file, line = self.location
        listing = self.pass_number == 2
        macro = self.macros.get(stmt.name)
        if listing:
            self.listing.append((file, line, self.pc if stmt.labels else None, b"", text, " ", None))
        if macro is None:
            self.error(stmt.column, f"unknown instruction or macro '{stmt.name}'")
            return
        given = stmt.arg_texts
        if len(given) != len(macro.params):
            self.error(stmt.column, f"macro {macro.name} takes {len(macro.params)} argument(s), "
                                    f"{len(given)} given")
            return
        if len(self.macro_stack) >= MAX_MACRO_DEPTH:
            self.error(stmt.column, f"macros nested more than {MAX_MACRO_DEPTH} deep")
            return
        if self.macro_count >= MAX_MACRO_EXPANSIONS:
            if self.macro_count == MAX_MACRO_EXPANSIONS:
                self.error(stmt.column, f"more than {MAX_MACRO_EXPANSIONS} macro expansions")
                self.macro_count += 1
            return
        replacements = {p: a for p, (a, _) in zip(macro.params, given)}

        def substitute(m):
            word = m.group()
            return replacements.get(word, word)

        if replacements:
            body = [(_MACRO_WORDS.sub(substitute, t), f, n) for t, f, n in macro.body]
        else:
            body = macro.body
        self.macro_count += 1
        saved_prefix = self.local_prefix
        self.local_prefix = f"{macro.name}#{self.macro_count}"
        self.macro_stack.append((macro.name, f"{file}:{line}"))
        try:
            self.process(body, "+")
        finally:
            self.macro_stack.pop()
            self.local_prefix = saved_prefix
            self.location = (file, line)

    # ---- listing ------------------------------------------------------------------------------

    def _format_listing(self):
        out = []
        current_file = None
        for file, line, address, data, text, marker, value in self.listing:
            if file != current_file:
                out.append(f"; {file}")
                current_file = file
            if value is not None:
                middle = f"= {value & 0xFFFFFFFF:04X}" if value >= 0 else f"= -{-value:04X}"
                out.append(f"{line:5d}       {middle:<11} {marker}{text}".rstrip())
                continue
            addr = f"{address:04X}" if address is not None else "    "
            first = data[:4]
            out.append(f"{line:5d} {addr} {first.hex(' ').upper():<11} {marker}{text}".rstrip())
            for k in range(4, len(data), 4):
                out.append(f"      {address + k:04X} {data[k:k + 4].hex(' ').upper()}")
        return "\n".join(out) + "\n"


class _TooMuchWork(Exception):
    """A pass stopped: too many errors, or too many lines (the message says which)."""


class _BrokenConditional:
    """Stands in for a conditional directive line that did not parse."""
    broken = True
    labels = ()
    args = ()

    def __init__(self, name, column):
        self.name = name
        self.column = column


class _ExprHolder:
    __slots__ = ("expr", "expr_column")

    def __init__(self, expr, column):
        self.expr = expr
        self.expr_column = column


def _split_lines(text, filename):
    return [(t, filename, n) for n, t in enumerate(text.split("\n"), 1)]


def _cannot_read(path, what, error):
    """The inputs' one wording (emulator/inputs.py), for an OSError or a file too large."""
    if isinstance(error, OSError):
        return cannot_read(path, what, error)
    return f"{path}: cannot read the {what}: {error}"
