"""The `acorn debug` command language: one command a line, in the spirit of py65's monitor.

Every command is documented by `help` (the table below is the documentation); output fits 80 columns;
a bad command, address, expression or symbol prints one line starting with "error:" and the session goes
on.  Blank lines and lines starting with ';' are ignored, and so is a ';' comment after a command
(except after `type`, whose text may hold one), so a script can be commented.
"""
from emulator.debug.expr import parse, parse_literal
from emulator.debug.debugger import Stop
from emulator.errors import UserError

MAX_DISASSEMBLY = 0x10000          # `disasm` lists at most one instruction per byte of the address space

WIDTH = 80

# name: (aliases, usage, one-line summary, more lines of help)
COMMANDS = {
    "help": ((("h", "?")), "help [COMMAND]", "list the commands, or explain one", ()),
    "break": (("b", "bp"), "break [ADDR [if COND] [after N]]",
              "set a breakpoint; without ADDR list breakpoints and watchpoints",
              ("COND is an expression tested at each hit, e.g. `break loop if X=3`;",
               "`after N` passes over the first N hits.  Each breakpoint counts its hits.")),
    "delete": (("del",), "delete [N|all]", "delete breakpoint/watchpoint N (all without N)", ()),
    "watch": (("w",), "watch [r|w|rw] START[:END] [if COND]",
              "stop after an instruction reads/writes START..END (default w)",
              ("The stop comes once the instruction is done; COND is tested then.",)),
    "catch": (("cat",), "catch [brk|irq|nmi|jam] [off]",
              "stop when a BRK runs or an IRQ/NMI is taken (JAM always stops)", ()),
    "go": (("g", "c", "cont", "continue", "until"), "go [ADDR]",
           "run until a stop; with ADDR also stop when PC reaches ADDR", ()),
    "step": (("s", "si"), "step [N]", "execute N instructions (1), showing the next one", ()),
    "next": (("n",), "next [N]", "like step, but a JSR runs to its return", ()),
    "finish": (("fin", "out"), "finish", "run until this subroutine's RTS returns to its caller", ()),
    "run": ((), "run N [cycles]", "run N instructions (or N cycles) without showing each", ()),
    "back": (("rs", "rstep"), "back [N|hit]",
             "step back N instructions (1), or run back to the previous hit",
             ("`back hit` finds the last breakpoint or watchpoint hit before now.",
              "History covers at least the last 10 emulated seconds; what lay",
              "ahead of the new position is forgotten.")),
    "registers": (("r", "reg", "regs"), "registers [R=VALUE ...]",
                  "show the registers, or set A X Y S PC P or flags N V D I Z C", ()),
    "mem": (("m", "x", "dump"), "mem ADDR [LEN|:END]", "hex and ASCII dump (LEN 64 bytes)", ()),
    "poke": (("write",), "poke ADDR VALUE [VALUE ...]", "store bytes at ADDR (ROM too)", ()),
    "disasm": (("dis", "u", "l"), "disasm [ADDR [N]]", "disassemble N instructions (10) from ADDR (PC)", ()),
    "trace": (("t",), "trace [on|off|N]", "record every instruction (last 100,000); show last N (20)", ()),
    "stopwatch": (("sw",), "stopwatch [reset]", "cycles and instructions since the last reset", ()),
    "print": (("p", "eval"), "print EXPR", "evaluate an expression (hex and decimal)",
              ("Numbers: $hex &hex #hex 0xhex %bin decimal; symbols; A X Y S PC P;",
               "flags N V D I Z C; ?ADDR byte, !ADDR word; + - * / & | ^ << >>;",
               "= <> < > <= >= and or not; parentheses.")),
    "symbols": (("sym",), "symbols [PATTERN] | symbols load FILE", "list symbols, or read a symbol file", ()),
    "basic": ((), "basic", "the BASIC line and statement, variables, FOR/REPEAT/GOSUB/PROC frames", ()),
    "type": ((), "type TEXT", "type keys into the machine (\\r is RETURN); not on a bare CPU", ()),
    "quit": (("q", "exit"), "quit", "leave the debugger", ()),
}
ALIASES = {alias: name for name, (aliases, *_rest) in COMMANDS.items() for alias in aliases}


class Quit(Exception):
    pass


def flags_text(p):
    return "".join(c if p & bit else c.lower() for c, bit in zip("NV-BDIZC", (128, 64, 32, 16, 8, 4, 2, 1)))


class Monitor:
    def __init__(self, debugger, out=print, machine=None, basic_view=None):
        self.dbg = debugger
        self.out = out
        self.machine = machine              # an emulator.session.Machine, or None on a bare CPU
        self.basic_view = basic_view        # an emulator.debug.basic_view view, or None
        self.errors = 0

    # --- the loop -----------------------------------------------------------------------------------

    def execute(self, line):
        """Run one command line; returns False after `quit`.  Errors are printed, never raised."""
        text = line.strip()
        if not text or text.startswith(";"):
            return True
        word, _, rest = text.partition(" ")
        name = word.lower()
        name = ALIASES.get(name, name)
        if name != "type" and ";" in rest:          # a comment after the command (not in typed text)
            rest = rest[:rest.index(";")]
        handler = getattr(self, "cmd_" + name, None)
        if name not in COMMANDS or handler is None:
            self.error(f"unknown command {word!r} (try help)")
            return True
        try:
            handler(rest.strip())
        except Quit:
            return False
        except UserError as e:
            self.error(str(e))
        except RecursionError:
            self.error("expression too deeply nested")
        return True

    def error(self, message):
        self.errors += 1
        self.out(f"error: {message}"[:WIDTH - 1])

    def say(self, text=""):
        self.out(text[:WIDTH - 1])

    # --- helpers ------------------------------------------------------------------------------------

    def _count(self, text, default, what="count"):
        if not text:
            return default
        value = self.dbg.evaluate(text)
        if value < 1:
            raise UserError(f"{what} must be at least 1")
        return value

    def registers_line(self):
        cpu = self.dbg.cpu
        p = cpu.p
        return (f"PC=${cpu.pc:04X} A=${cpu.a:02X} X=${cpu.x:02X} Y=${cpu.y:02X} S=${cpu.s:02X} "
                f"P=${p:02X} {flags_text(p)}  cycle {cpu.cycles:,}")

    def where(self):
        """The next instruction and the registers."""
        dbg = self.dbg
        lines, _ = dbg.disassembler.lines(dbg.cpu.pc, 1, mark=dbg.cpu.pc)
        for line in lines:
            self.say(line)
        self.say(self.registers_line())

    def report(self, stop):
        if stop.message:
            self.say(stop.message)
        self.where()

    # --- commands -----------------------------------------------------------------------------------

    def cmd_help(self, rest):
        if rest:
            name = ALIASES.get(rest.lower(), rest.lower())
            if name not in COMMANDS:
                raise UserError(f"no command {rest!r} (try help)")
            aliases, usage, summary, more = COMMANDS[name]
            self.say(f"{usage}")
            self.say(f"  {summary}")
            for line in more:
                self.say(f"  {line}")
            if aliases:
                self.say(f"  aliases: {', '.join(aliases)}")
            return
        self.say("commands (help COMMAND for more; ADDR and N may be expressions):")
        for name, (aliases, usage, summary, _) in COMMANDS.items():
            line = f"  {usage:<33} {summary}"
            if len(usage) <= 33 and len(line) < WIDTH:
                self.say(line)
            else:                                   # the summary on a line of its own
                self.say(f"  {usage}")
                self.say(f"      {summary}")

    def cmd_quit(self, rest):
        raise Quit()

    def cmd_break(self, rest):
        dbg = self.dbg
        if not rest:
            if not dbg.breakpoints and not dbg.watch.watchpoints:
                self.say("no breakpoints or watchpoints")
            for bp in dbg.breakpoints.values():
                self.say(bp.describe(dbg.symbols))
            for w in dbg.watch.watchpoints:
                self.say(w.describe())
            caught = sorted(dbg.caught - {"jam"})
            if caught:
                self.say("catching: " + ", ".join(caught))
            return
        ignore = 0
        words = rest.split()
        if len(words) >= 2 and words[-2].lower() == "after":
            ignore = parse_literal(words[-1]) if words[-1][:1].isdigit() else None
            if ignore is None:
                raise UserError(f"after needs a number of hits, not {words[-1]!r}")
            rest = " ".join(words[:-2])
        addr_text, condition = _split_if(rest)
        address = dbg.address(addr_text)
        cond = parse(condition, dbg.symbols) if condition else None
        bp = dbg.add_breakpoint(address, cond, ignore)
        self.say(bp.describe(dbg.symbols))

    def cmd_delete(self, rest):
        if not rest or rest.lower() == "all":
            self.dbg.delete(None)
            self.say("deleted all breakpoints and watchpoints")
            return
        number = self.dbg.evaluate(rest)
        self.dbg.delete(number)
        self.say(f"deleted {number}")

    def cmd_watch(self, rest):
        dbg = self.dbg
        if not rest:
            return self.cmd_break("")
        mode, _, tail = rest.partition(" ")
        if mode.lower() in ("r", "w", "rw", "wr"):
            rest = tail.strip()
            read, write = "r" in mode.lower(), "w" in mode.lower()
        else:
            read, write = False, True
        where, condition = _split_if(rest)
        start_text, colon, end_text = where.partition(":")
        start = dbg.address(start_text)
        end = dbg.address(end_text) if colon else start
        w = dbg.add_watch(start, end, read, write, condition)
        self.say(w.describe())

    def cmd_catch(self, rest):
        words = rest.lower().split()
        if not words:
            self.say("catching: " + ", ".join(sorted(self.dbg.caught)))
            return
        on = not (len(words) > 1 and words[1] == "off")
        self.dbg.catch(words[0], on)
        self.say(f"{'catching' if on else 'not catching'} {words[0].upper()}")

    def cmd_go(self, rest):
        until = self.dbg.address(rest) if rest else None
        self.report(self.dbg.go(until))

    def cmd_step(self, rest):
        self.report(self.dbg.step(self._count(rest, 1)))

    def cmd_next(self, rest):
        stop = None
        dbg = self.dbg
        deadline = dbg.cpu.cycles + dbg.max_cycles      # --max-seconds bounds the whole command
        for _ in range(self._count(rest, 1)):
            stop = dbg.next()
            if stop.kind not in ("done", "temporary"):
                break
            if dbg.cpu.cycles >= deadline:
                stop = Stop("limit", f"stopped after {dbg.max_cycles:,} cycles (--max-seconds)")
                break
        self.report(stop)

    def cmd_finish(self, rest):
        self.report(self.dbg.finish())

    def cmd_run(self, rest):
        words = rest.split()
        if not words:
            raise UserError("run needs a count: run N [cycles]")
        unit = "instructions"
        if len(words) > 1 and words[-1].lower() in ("cycles", "cycle", "instructions", "instruction"):
            unit = "cycles" if words[-1].lower().startswith("cycle") else "instructions"
            words = words[:-1]
        count = self._count(" ".join(words), 1)
        stop = self.dbg.run_cycles(count) if unit == "cycles" else self.dbg.step(count)
        self.report(stop)

    def cmd_back(self, rest):
        if rest.lower() in ("hit", "break", "watch"):
            self.report(self.dbg.back_to_hit())
            return
        self.report(self.dbg.back(self._count(rest, 1)))

    def cmd_registers(self, rest):
        if rest:
            for assignment in rest.replace(",", " ").split():
                name, eq, value = assignment.partition("=")
                if not eq or not value:
                    raise UserError(f"want REGISTER=VALUE, not {assignment!r}")
                self.dbg.set_register(name, self.dbg.evaluate(value))
        self.say(self.registers_line())

    def cmd_mem(self, rest):
        dbg = self.dbg
        words = rest.split(None, 1)
        if not words:
            raise UserError("mem needs an address: mem ADDR [LEN|:END]")
        first, _, end_text = words[0].partition(":")
        start = dbg.address(first)
        if end_text:
            length = dbg.address(end_text) - start + 1
        elif len(words) > 1:
            length = self._count(words[1], 64, "length")
        else:
            length = 64
        if length < 1:
            raise UserError("the end is before the start")
        length = min(length, 0x10000 - start)
        for line_start in range(start, start + length, 16):
            chunk = [dbg.peek(a) for a in range(line_start, min(line_start + 16, start + length))]
            hexes = " ".join(f"{b:02X}" for b in chunk)
            text = "".join(chr(b) if 32 <= b < 127 else "." for b in chunk)
            self.say(f"{line_start:04X}  {hexes:<47}  {text}")

    def cmd_poke(self, rest):
        words = rest.split()
        if len(words) < 2:
            raise UserError("poke needs an address and at least one value")
        addr = self.dbg.address(words[0])
        values = []
        for w in words[1:]:
            v = self.dbg.evaluate(w)
            if not 0 <= v <= 0xFF:
                raise UserError(f"{w!r} = {v} is not a byte")
            values.append(v)
        self.dbg.write_memory(addr, values)
        self.cmd_mem(f"{addr} {len(values)}")

    def cmd_disasm(self, rest):
        dbg = self.dbg
        words = rest.split()
        addr = dbg.address(words[0]) if words else dbg.cpu.pc
        count = self._count(words[1], 10) if len(words) > 1 else 10
        if count > MAX_DISASSEMBLY:
            self.say(f"(at most {MAX_DISASSEMBLY} instructions: the whole address space)")
            count = MAX_DISASSEMBLY
        while count > 0:                    # a block at a time: the lines are not all kept
            lines, addr = dbg.disassembler.lines(addr, min(count, 256), mark=dbg.cpu.pc)
            count -= 256
            for line in lines:
                self.say(line)

    def cmd_trace(self, rest):
        dbg = self.dbg
        word = rest.lower()
        if word in ("on", "off"):
            dbg.set_tracing(word == "on")
            self.say(f"trace {word}")
            return
        count = self._count(rest, 20)
        records = dbg.trace_records(count)
        if not records:
            self.say("the trace is empty (trace on to record)" if not dbg.tracing else "the trace is empty")
            return
        for pc, raw, a, x, y, s, p, cycle in records:
            text, length = dbg.disassembler.instruction(pc)
            hexes = " ".join(f"{b:02X}" for b in raw[:length])
            self.say(f"{cycle:>10} {pc:04X}  {hexes:<8} {text:<18} "
                     f"A={a:02X} X={x:02X} Y={y:02X} S={s:02X} {flags_text(p)}")

    def cmd_stopwatch(self, rest):
        if rest.lower() == "reset":
            self.dbg.reset_stopwatch()
            self.say("stopwatch reset")
            return
        if rest:
            raise UserError("stopwatch takes nothing or 'reset'")
        cycles, instructions = self.dbg.stopwatch_reading()
        seconds = cycles / self.dbg.target.clock_hz
        self.say(f"{cycles:,} cycles, {instructions:,} instructions ({seconds * 1e3:.3f} ms emulated)")

    def cmd_print(self, rest):
        if not rest:
            raise UserError("print needs an expression")
        value = self.dbg.evaluate(rest)
        if 0 <= value <= 0xFFFF:
            name = self.dbg.symbols.describe(value)
            self.say(f"${value:04X} = {value}" + (f"  ({name})" if name else ""))
        else:
            self.say(f"{value} (${value & 0xFFFFFFFF:X})")

    def cmd_symbols(self, rest):
        symbols = self.dbg.symbols
        if rest.lower().startswith("load "):
            count = symbols.load_file(rest[5:].strip())
            self.say(f"read {count} symbols")
            return
        found = symbols.matching(rest)
        if not found:
            self.say("no symbols" + (f" matching {rest!r}" if rest else ""))
        for name, value in found:
            self.say(f"  ${value & 0xFFFF:04X}  {name}")

    def cmd_basic(self, rest):
        view = self.basic_view
        if view is None:
            raise UserError("no BASIC here: the BASIC view needs a machine running a BASIC it knows")
        for line in view.describe():
            self.say(line)

    def cmd_type(self, rest):
        if self.machine is None:
            raise UserError("type needs a machine (--machine atom); this is a bare CPU")
        if not rest:
            raise UserError("type needs some text")
        text = rest.replace("\\r", "\r").replace("\\n", "\r")
        machine = self.machine
        # the machine checks every key before typing any, so a bad key is an error and nothing is logged
        self.dbg.history.input(f"type {rest!r}", lambda: machine.type(text))
        self.say(f"typing {len(text)} keys")


def _split_if(text):
    """'ADDR if COND' -> ('ADDR', 'COND'); 'ADDR' -> ('ADDR', None)."""
    lowered = f" {text} ".lower()
    at = lowered.find(" if ")
    if at < 0:
        return text.strip(), None
    return text[:at].strip(), text[at + 3:].strip() or None
