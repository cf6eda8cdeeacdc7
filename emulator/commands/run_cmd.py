"""`acorn run [FILE]`: boot a machine, type into it, wait for text, show or save the screen.

FILE is a BASIC listing (typed in through the keyboard, then RUN: emulator.basic.listing), a
tokenised BBC BASIC program (put at PAGE, BREAK, OLD, then RUN: the same module), or a 6502
assembly program (`.s`, `.asm`): assembled for the machine (MACHINE_BBC / MACHINE_ATOM defined 1 or
0), its bytes put into RAM at their origin while the machine waits at its prompt (a quick-load, as
an emulator's snapshot loader does; the firmware is not intercepted), then started from the keyboard
the way a person would: Atom `LINK #addr`, BBC `CALL &addr`.

Headless here; a window is the front end's (emulator.frontend.window, `run_window(machine, args)`),
used when it is installed.  Without a window `acorn run` refuses unless --headless is given, or
--fallback-headless says a headless run is acceptable.
"""
import argparse
import sys

from emulator.errors import EXIT_TIMEOUT, UserError, parse_max_seconds, parse_number

DEFAULT_MAX_SECONDS = 60.0


def decode_typing(text):
    """--type TEXT: the two characters \\r (or \\n) and a real newline mean RETURN."""
    return text.replace("\\r", "\r").replace("\\n", "\r").replace("\n", "\r")


class ScriptStep(argparse.Action):
    """--type and --until make one script, kept in the order given: ("type", text) / ("until", text)
    appended to args.script.  args.type (every text) and args.until (the last) stay for the window."""

    def __call__(self, parser, namespace, value, option_string=None):
        kind = self.dest
        script = list(getattr(namespace, "script", None) or [])
        script.append((kind, value))
        namespace.script = script
        if kind == "type":
            namespace.type = list(namespace.type or []) + [value]
        else:
            namespace.until = value


def _script(args):
    """The ordered script; from args.type / args.until when args were built without ScriptStep."""
    script = getattr(args, "script", None)
    if script is not None:
        return list(script)
    script = [("type", text) for text in (getattr(args, "type", None) or [])]
    if getattr(args, "until", None) is not None:
        script.append(("until", args.until))
    return script


MOST_ROWS_WRITTEN_BETWEEN_LOOKS = 2     # rows a program changes in 1/60 s without scrolling
TYPING_LOOK_S = 0.002                   # while keys go in, echoes and scrolls come faster: look often
SETTLE_S = 0.02                         # after the last wait: a scroll under way when the text showed


def _scroll(before, after):
    """How many rows the screen moved up from `before` to `after`: the shift that leaves the fewest
    rows changed (the rows scrolled in count as changed), the smaller shift on a tie."""
    def changed(shift):
        return shift + sum(a != b for a, b in zip(after, before[shift:]))
    if changed(0) <= MOST_ROWS_WRITTEN_BETWEEN_LOOKS:
        return 0                             # the usual case: a row or two written, or nothing
    return min(range(len(before)), key=lambda shift: (changed(shift), shift))


class NewTextWatch:
    """Tells a new appearance of `text` on the screen from a copy that was there when the watch
    began.  Each row keeps how many old copies it holds; the counts follow the rows up when the
    screen scrolls, and a rewritten row keeps at most as many old copies as it now shows (a
    cleared screen has none).  A row showing more copies than its old ones has a new one."""

    def __init__(self, text, rows, any_copy=False):
        self.text = text
        self.rows = rows
        self.old = [0 if any_copy else row.count(text) for row in rows]
        self.any_copy = any_copy

    def first_look(self):
        """True if the text is there at the start and any copy will do."""
        return self.any_copy and any(self.text in row for row in self.rows)

    def look(self, rows):
        """True once `rows` (the screen now) show a new copy of the text."""
        if rows == self.rows:
            return False
        shift = _scroll(self.rows, rows)
        before = self.rows[shift:]
        old = self.old[shift:]
        self.old = [(old[r] if rows[r] == before[r] else min(old[r], rows[r].count(self.text)))
                    if r < len(before) else 0 for r in range(len(rows))]
        self.rows = rows
        return any(row.count(self.text) > n for row, n in zip(rows, self.old))


def wait_for_new_text(machine, text, max_seconds, any_copy=False):
    """Run until `text` appears on the screen anew (NewTextWatch), or with `any_copy` until it is
    on the screen at all; looking every 1/60 s of emulated time; Timeout after `max_seconds`."""
    from emulator.session import Timeout

    screen, hw = machine.screen, machine.hardware
    step = max(1, round(machine.CHECK_INTERVAL_S * hw.clock_hz))
    typing_step = max(1, round(TYPING_LOOK_S * hw.clock_hz))
    deadline = machine.cycles + round(max_seconds * hw.clock_hz)
    watch = NewTextWatch(text, screen.text(), any_copy)
    if watch.first_look():
        return
    while True:
        if machine.cycles >= deadline:
            raise Timeout(f"{text!r} did not appear on the screen within {max_seconds:g} emulated seconds")
        machine.run_cycles(min(typing_step if hw.typing else step, deadline - machine.cycles))
        if watch.look(screen.text()):
            return


def _window_runner():
    try:
        from emulator.frontend.window import run_window
    except ImportError:
        return None
    return run_window


ASSEMBLY_SUFFIXES = (".s", ".asm")
START_COMMAND = {"atom": "LINK #{:X}", "bbc": "CALL &{:X}"}


def _assemble_program(path, machine):
    """Assemble `path` for `machine`: (image, origin).  UserError (exit 2) for a bad source."""
    from emulator.asm import assemble
    from emulator.inputs import SOURCE_LIMIT, read_input
    try:
        text = read_input(path, "source", SOURCE_LIMIT, holds="an assembler source").decode("utf-8")
    except UnicodeDecodeError:
        raise UserError(f"{path}:1:1: not UTF-8 text") from None
    defines = {"MACHINE_BBC": int(machine == "bbc"), "MACHINE_ATOM": int(machine == "atom")}
    result = assemble(text, filename=path, defines=defines)
    if not result.image:
        raise UserError(f"{path}: the program assembles to no bytes")
    return result.image, result.origin


def _quick_load(machine, image, origin, path):
    """Put the program's bytes into RAM at `origin` and check they are there (not ROM or a hole)."""
    from emulator.basic.listing import BOOT_SECONDS, wait_for_prompt
    wait_for_prompt(machine, BOOT_SECONDS, f"{machine.name} start-up")
    end = origin + len(image)
    if end > 0x10000:
        raise UserError(f"{path}: the program runs past $FFFF")
    machine.memory[origin:end] = image
    for offset, byte in enumerate(image):
        if machine.memory[origin + offset] != byte:
            raise UserError(f"{path}: ${origin + offset:04X} is not RAM on the {machine.name}; "
                            f"the program (${origin:04X}-${end - 1:04X}) cannot be loaded there")


def _wait_until_ready(machine):
    """Let the machine start up before --type presses keys, as a person waits for the prompt.

    Keys pressed while a MOS or kernel is still starting can be lost on the real machines too.  A
    user's ROM set may show no '>' prompt at all; then typing starts once the start-up time is over.
    """
    from emulator.basic.listing import BOOT_SECONDS, wait_for_prompt

    try:
        wait_for_prompt(machine, BOOT_SECONDS, f"{machine.name} start-up")
    except UserError:
        pass


def _resolve_file(args):
    """(machine name, listing or None, (image, origin) or None) from the FILE argument."""
    path = getattr(args, "file", None)
    machine = args.machine
    if path is None:
        return machine or "atom", None, None
    if path.lower().endswith(ASSEMBLY_SUFFIXES):
        machine = machine or "atom"
        if machine not in START_COMMAND:
            raise UserError(f"unknown machine {machine!r} (known: atom, bbc)")
        return machine, None, _assemble_program(path, machine)
    from emulator.basic.listing import read_program     # a listing, or a tokenised BBC program
    listing = read_program(path, machine)
    return listing.machine, listing, None


def main(args):
    from emulator.session import Machine, Timeout

    max_seconds = parse_max_seconds(args.max_seconds) if args.max_seconds is not None else DEFAULT_MAX_SECONDS
    load_state = getattr(args, "load_state", None)
    if load_state is not None and (getattr(args, "file", None) is not None or args.machine is not None
                                   or getattr(args, "ram", None) or getattr(args, "no_via", False)
                                   or getattr(args, "links", None) is not None
                                   or getattr(args, "seed", None) is not None):
        raise UserError("--load-state: the machine and its options come from the state "
                        "(no FILE, --machine, --ram, --no-via, --links or --seed with it)")
    loaded = None
    if load_state is not None:
        files = None if getattr(args, "no_files", False) else (getattr(args, "files", None) or ".")
        loaded = Machine.load_state(load_state, roms=args.roms, files=files)   # the user's directory
        args.machine = loaded.name
    machine_name, listing, program = _resolve_file(args)
    options = {}
    if getattr(args, "ram", None):
        options["ram"] = args.ram
    if getattr(args, "no_via", False):
        options["via"] = False
    if options and machine_name != "atom":
        raise UserError("--ram and --no-via are Atom options")
    options.update(seed_option(args))
    if getattr(args, "links", None) is not None:
        if machine_name != "bbc":
            raise UserError("--links is a BBC Micro option")
        options["links"] = parse_number(args.links, "--links")
    options.update(filing_options(args, machine_name, default_files="."))
    script = [(kind, decode_typing(text) if kind == "type" else text) for kind, text in _script(args)]
    texts = [text for kind, text in script if kind == "type"]
    key_gap_ms = _key_gap(args.key_gap) if getattr(args, "key_gap", None) is not None else None
    if getattr(args, "no_run", False) and listing is None:
        raise UserError("--no-run is for a BASIC listing")
    window = None
    if not args.headless:
        window = _window_runner()
        if window is None and not args.fallback_headless:
            raise UserError("no window is available in this build; pass --headless "
                            "(or --fallback-headless to run headless when no window can open)")
        waits = [i for i, (kind, _) in enumerate(script) if kind == "until"]
        if window is not None and waits and (len(waits) > 1 or waits[0] != len(script) - 1):
            raise UserError("a script with --type after --until (or several --until) needs --headless")
    machine = loaded or Machine(machine_name, roms=args.roms, **options)
    from emulator.basic.listing import check_typing
    for text in texts:
        check_typing(machine_name, text)         # every text is checked before anything runs
    if listing is not None:
        from emulator.basic.listing import enter_program
        enter_program(machine, listing, run=not getattr(args, "no_run", False))   # flat out
    elif program is not None:
        image, origin = program
        _quick_load(machine, image, origin, args.file)
        machine.type(START_COMMAND[machine_name].format(origin) + "\r")
    if texts and listing is None and program is None and load_state is None:
        _wait_until_ready(machine)
    if window is None and getattr(args, "paste", None):
        from emulator.basic.listing import paste
        from emulator.inputs import LISTING_LIMIT, read_input
        raw = read_input(args.paste, "file to paste", LISTING_LIMIT, holds="a listing")
        _, skipped = paste(machine, raw.decode("utf-8", errors="replace"))
        if skipped:
            print(f"acorn run: {args.paste}: {skipped} characters the {machine_name} keyboard cannot "
                  f"type left out", file=sys.stderr)
    if window is not None:
        for text in texts:               # the window waits for the one --until (the last step)
            machine.type(text, **({} if key_gap_ms is None else {"gap_ms": key_gap_ms}))
        from emulator.frontend.window import NoDisplay
        try:
            status = window(machine, args)
        except NoDisplay as e:
            if not args.fallback_headless:
                raise
            print(f"acorn run: {e}; running headless instead", file=sys.stderr)
        else:
            machine.close_files()       # what the machine left open is written to the host
            return status

    status = 0
    try:
        if window is not None:           # no display after all: the keys are queued already
            waits = [step for step in script if step[0] == "until"]
            script = waits or ([("type", "")] if texts else [])
        _run_script(machine, script, max_seconds, key_gap_ms)
    except Timeout as e:
        print(f"acorn run: {e}", file=sys.stderr)
        status = EXIT_TIMEOUT
    machine.close_files()
    if args.print_screen:
        rows = machine.screen.text()
        while rows and not rows[-1]:
            rows.pop()
        for row in rows:
            print(row)
    if args.screenshot:
        machine.screenshot(args.screenshot)
    if getattr(args, "save_state", None):
        machine.save_state(args.save_state)
    return status


def filing_options(args, machine_name, default_files=None):
    """Machine options for the host filing card (--files DIR, or --no-files) and the BBC's disc
    images --disc0 .. --disc3 (docs/discs.md).  The images go into the 8271's drives 0-3 when the
    ROM set has a DFS (our own firmware's, or dfs.rom in --roms DIR), read-only unless --writable;
    with a ROM directory that has no DFS, --disc1 .. --disc3 are the host filing card's read-only
    drives."""
    options = {}
    files = None if getattr(args, "no_files", False) else (getattr(args, "files", None) or default_files)
    discs = {n: getattr(args, f"disc{n}") for n in range(4) if getattr(args, f"disc{n}", None)}
    writable = getattr(args, "writable", False)
    if (discs or writable) and machine_name != "bbc":
        raise UserError("--disc0 .. --disc3 and --writable are BBC Micro options")
    if files is not None:
        options["files"] = files
    if _has_dfs(getattr(args, "roms", None)):
        if discs:
            options["drives"] = discs
            options["writable"] = writable
        return options
    if writable:
        raise UserError("--writable is for the disc drives of the 8271, which need a DFS "
                        "(dfs.rom in the --roms directory, or our own firmware's)")
    if 0 in discs:
        raise UserError("--disc0 needs a DFS ROM (dfs.rom in the --roms directory, or our own "
                        "firmware's); without one the host filing card serves disc images as drives 1-3")
    if discs and files is None:
        raise UserError("--disc1/--disc2/--disc3 need the host filing card (drop --no-files)")
    if discs:
        options["discs"] = discs
    return options


def _has_dfs(roms):
    """Does the BBC ROM set hold a DFS: dfs.rom in the directory `roms`, or (None) our own firmware's
    roms/src/bbc/dfs?"""
    if roms is None:
        from emulator.firmware import rom_sources

        return "dfs" in rom_sources("bbc")
    from emulator.firmware import machine_directory

    return (machine_directory("bbc", roms) / "dfs.rom").is_file()


def seed_option(args):
    """{"seed": N} for --seed N (the power-on RAM pattern), else nothing: a fresh one."""
    text = getattr(args, "seed", None)
    if text is None:
        return {}
    from emulator.machines.power_on import check_seed
    try:
        return {"seed": check_seed(parse_number(text, "--seed"))}
    except ValueError as e:
        raise UserError(f"--seed: {e}") from None


def add_seed_argument(p):
    p.add_argument("--seed", metavar="N",
                   help="power-on RAM pattern (0-4294967295): the same seed gives the same machine "
                        "cycle for cycle (default: a fresh one each run, shown in the window's status)")


def add_filing_arguments(p, default_text):
    group = p.add_argument_group("host filing card (docs/hostfs.md) and disc drives (docs/discs.md)")
    group.add_argument("--files", metavar="DIR",
                       help=f"serve this host directory as the machine's filing system ({default_text})")
    group.add_argument("--no-files", action="store_true", help="fit no host filing card")
    for n in range(4):
        group.add_argument(f"--disc{n}", metavar="FILE",
                           help=f"a DFS disc image (.ssd/.dsd) in drive {n} (BBC; docs/discs.md)")
    group.add_argument("--writable", action="store_true",
                       help="let Acorn's DFS write to the disc images; changes go back to the files "
                            "when the machine stops (BBC, with dfs.rom)")


def _key_gap(text):
    try:
        value = float(text)
    except ValueError:
        raise UserError(f"--key-gap {text!r} is not a number of milliseconds") from None
    if not 0 < value <= 10000:
        raise UserError("--key-gap must be more than 0 and at most 10000 ms")
    return value


def _run_script(machine, script, max_seconds, key_gap_ms=None):
    """Each step in order: --type queues its keys (they are pressed while the next step runs),
    the first --until runs until its text is on the screen (as a lone --until always has), each
    later one until its text appears anew (Timeout after max_seconds, per wait).  With a key
    gap, keys are that far apart, and a --type after an --until waits one gap first: the text can
    show before the program is back at its key read.  After a last --type the machine runs until
    the keys are pressed and half a second more; with no step at all it runs for max_seconds."""
    if not script:
        machine.run(max_seconds)
        return
    timing = {} if key_gap_ms is None else {"gap_ms": key_gap_ms}
    after_wait = waited = False
    for kind, text in script:
        if kind == "type":
            if after_wait and key_gap_ms is not None:
                machine.run(key_gap_ms / 1000)
            machine.type(text, **timing)
        else:
            wait_for_new_text(machine, text, max_seconds, any_copy=not waited)
            waited = True
        after_wait = kind == "until"
    if script[-1][0] == "type":
        machine.run_until_typed(max_seconds)
        machine.run(0.5)                 # let the machine answer the last key
    else:
        machine.run(SETTLE_S)            # the text is there: let the firmware finish the frame


def add_parser(sub):
    p = sub.add_parser("run", help="run a machine (headless or in a window)")
    p.add_argument("file", nargs="?", metavar="FILE",
                   help="a BASIC listing to type in and RUN, a tokenised BBC BASIC program to load "
                        "at PAGE (BREAK, OLD) and RUN, or a 6502 program (.s) to assemble, load and start")
    p.add_argument("--machine", default=None,
                   help="atom or bbc (default: a listing's dialect, else atom)")
    p.add_argument("--roms", metavar="DIR", help="a directory with the user's ROM set")
    p.add_argument("--headless", action="store_true", help="no window")
    p.add_argument("--fallback-headless", action="store_true",
                   help="run headless if no window can be opened instead of failing")
    script = p.add_argument_group(
        "script (--type and --until steps run in the order given)",
        "The first --until waits until TEXT is on the screen; each later one until TEXT appears "
        "anew: a copy that was in view when that wait began does not count, even once scrolling "
        "has moved it.  Each --type is typed after the step "
        "before it, so keys go in only once the program is ready for them (the Atom has no keyboard "
        "buffer).  Exit 3 if a wait times out.")
    script.add_argument("--type", action=ScriptStep, metavar="TEXT",
                        help="keys to type (\\r or a newline is RETURN); may be repeated")
    script.add_argument("--until", action=ScriptStep, metavar="TEXT",
                        help="wait until TEXT appears on the screen (exit 3 if not)")
    script.add_argument("--key-gap", metavar="MS",
                        help="milliseconds between typed keys, and before a --type that follows an "
                             "--until (default: keys 50 ms apart, no pause); a program that is busy "
                             "after each key (the Atom has no keyboard buffer) needs more, e.g. 250")
    script.add_argument("--no-run", action="store_true",
                        help="type a listing in without RUN (a --type step can seed RND, then type RUN)")
    p.add_argument("--max-seconds", metavar="N",
                   help=f"emulated seconds to run, or to wait for each --until (default {DEFAULT_MAX_SECONDS:g})")
    p.add_argument("--print-screen", action="store_true", help="print the screen's text at the end")
    p.add_argument("--screenshot", metavar="FILE.png", help="save the screen as a PNG at the end")
    p.add_argument("--load-state", metavar="FILE",
                   help="start from a save state (the machine, its options and its ROM set come from it)")
    p.add_argument("--save-state", metavar="FILE",
                   help="headless: save the machine's state at the end; in the window: the file "
                        "Alt+W writes and Alt+R reads (default acorn-MACHINE.state)")
    p.add_argument("--ram", choices=["standard", "expanded"],
                   help="Atom RAM: standard (#0000-#03FF, #2800-#3BFF) or expanded (#0000-#7FFF)")
    p.add_argument("--no-via", action="store_true",
                   help="leave out the Atom's 6522 VIA at #B800 (fitted by default, as Acorn's kernel "
                        "expects: it tests the VIA's printer port on every character)")
    p.add_argument("--via", action="store_true", help=argparse.SUPPRESS)   # the default; kept for old scripts
    add_seed_argument(p)
    add_filing_arguments(p, "default: the current directory")
    p.add_argument("--links", metavar="BYTE",
                   help="BBC start-up option links, the byte OSBYTE 255 reads (a set bit is a made "
                        "link): bits 0-2 the screen MODE (0 = MODE 7, else 7 - value), bit 3 reverses "
                        "SHIFT-BREAK, bits 4-5 disc timings, bit 7 NFS/DFS (default 0: all open)")
    window = p.add_argument_group("window options (without --headless)")
    window.add_argument("--scale", metavar="N", help="integer scale of the picture (default 3 Atom, 1 BBC)")
    window.add_argument("--mute", action="store_true", help="no sound (Alt+M toggles it in the window)")
    window.add_argument("--keymap", metavar="FILE.toml",
                        help="host key overrides (default ~/.config/acorn/keymap.toml if it exists)")
    window.add_argument("--positional", action="store_true",
                        help="map host keys by position (for games) instead of by the character they type")
    window.add_argument("--keyboard-view", action="store_true",
                        help="show the machine's keyboard below the screen (Alt+K toggles it)")
    p.add_argument("--paste", metavar="FILE",
                   help="type this text file into the machine at start (each key as the firmware takes it)")
    p.set_defaults(handler="emulator.commands.run_cmd:main")
    return p


