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
import math
import sys

from emulator.errors import EXIT_TIMEOUT, UserError, parse_max_seconds, parse_number
from emulator.machines.registry import DEFAULT, model, models

DEFAULT_MAX_SECONDS = 60.0


def decode_typing(text):
    """--type TEXT: the two characters \\r (or \\n) and a real newline mean RETURN."""
    return text.replace("\\r", "\r").replace("\\n", "\r").replace("\n", "\r")


class ScriptStep(argparse.Action):
    """--type and --until make one script, kept in the order given: ("type", text) / ("until", text)
    appended to args.script (run by emulator/script.py, headless and in the window alike).
    args.type (every text) and args.until (the last) stay for callers that read them."""

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


def _window_runner():
    try:
        from emulator.frontend.window import run_window
    except ImportError:
        return None
    return run_window


ASSEMBLY_SUFFIXES = (".s", ".asm")


def _assemble_program(path, machine):
    """Assemble `path` for `machine`: (image, origin).  UserError (exit 2) for a bad source."""
    from emulator.asm import assemble
    from emulator.inputs import SOURCE_LIMIT, read_input
    try:
        text = read_input(path, "source", SOURCE_LIMIT, holds="an assembler source").decode("utf-8")
    except UnicodeDecodeError:
        raise UserError(f"{path}:1:1: not UTF-8 text") from None
    # MACHINE_ATOM, MACHINE_BBC, ...: 1 for the machine it is assembled for, 0 for the others
    defines = {other.assembler_define: int(other.name == machine) for other in models()}
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
        return machine or DEFAULT, None, None
    if path.lower().endswith(ASSEMBLY_SUFFIXES):
        machine = machine or DEFAULT
        model(machine)                          # UserError for a machine there is none of
        return machine, None, _assemble_program(path, machine)
    from emulator.basic.listing import read_program     # a listing, or a tokenised BBC program
    listing = read_program(path, machine)
    return listing.machine, listing, None


def main(args):
    from emulator.session import Machine

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
    if getattr(args, "links", None) is not None:
        options["links"] = parse_number(args.links, "--links")
    check_machine_options(machine_name, options)
    options.update(seed_option(args))
    options.update(filing_options(args, machine_name, default_files="."))
    script = [(kind, decode_typing(text) if kind == "type" else text) for kind, text in _script(args)]
    texts = [text for kind, text in script if kind == "type"]
    key_gap_ms = _key_gap(args.key_gap) if getattr(args, "key_gap", None) is not None else None
    if getattr(args, "no_run", False) and listing is None:
        raise UserError("--no-run is for a BASIC listing")
    interactive = getattr(args, "interactive", False)
    if interactive and (script or getattr(args, "paste", None) or getattr(args, "print_screen", False)):
        raise UserError("--interactive reads its keys from standard input and prints each screen: "
                        "no --type, --until, --paste or --print-screen with it")
    window = None
    if not args.headless and not interactive:       # --interactive is headless
        window = _window_runner()
        if window is None and not args.fallback_headless:
            raise UserError("no window is available in this build; pass --headless "
                            "(or --fallback-headless to run headless when no window can open)")
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
        machine.type(machine.model.start_command.format(origin) + "\r")
    if texts and listing is None and program is None and load_state is None:
        _wait_until_ready(machine)
    if interactive:
        from emulator.commands.interactive import run_interactive
        status = run_interactive(machine, max_seconds, listing_run=listing is not None)
        machine.close_files()
        if args.screenshot:
            machine.screenshot(args.screenshot)
        if getattr(args, "save_state", None):
            machine.save_state(args.save_state)
        return status
    if window is None and getattr(args, "paste", None):
        from emulator.basic.listing import paste
        from emulator.inputs import LISTING_LIMIT, read_input
        raw = read_input(args.paste, "file to paste", LISTING_LIMIT, holds="a listing")
        _, skipped = paste(machine, raw.decode("utf-8", errors="replace"))
        if skipped:
            print(f"acorn run: {args.paste}: {skipped} characters the {machine_name} keyboard cannot "
                  f"type left out", file=sys.stderr)
    from emulator.script import ScriptRun
    if window is not None:              # the same script; no limit after it unless --max-seconds
        window_seconds = parse_max_seconds(args.max_seconds) if args.max_seconds is not None else None
        from emulator.frontend.window import NoDisplay
        args.program_help = game_help(getattr(args, "file", None))      # for the help overlay
        try:
            status = window(machine, args, ScriptRun(machine, script, window_seconds, key_gap_ms))
        except NoDisplay as e:
            if not args.fallback_headless:
                raise
            print(f"acorn run: {e}; running headless instead", file=sys.stderr)
        else:
            machine.close_files()       # what the machine left open is written to the host
            return status

    run = ScriptRun(machine, script, max_seconds, key_gap_ms)
    status = run.advance(math.inf)
    if status == EXIT_TIMEOUT:
        print(f"acorn run: {run.failure}", file=sys.stderr)
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
    """Machine options for the host filing card (--files DIR, or --no-files) and the disc images
    --disc0 .. --disc3 (docs/discs.md).  The images go into the 8271's drives 0-3 when the ROM set
    has the machine's disc filing system (the BBC's DFS, ours or dfs.rom in --roms DIR; the Atom's
    dos.rom), read-only unless --writable; on a BBC whose ROM directory has no DFS, --disc1 ..
    --disc3 are the host filing card's read-only drives."""
    options = tape_options(args, machine_name)
    files = None if getattr(args, "no_files", False) else (getattr(args, "files", None) or default_files)
    discs = {n: getattr(args, f"disc{n}") for n in range(4) if getattr(args, f"disc{n}", None)}
    writable = getattr(args, "writable", False)
    if discs or writable:
        check_machine_options(machine_name, {"drives": discs} if discs else {"writable": writable})
    if files is not None:
        options["files"] = files
    if _has_disc_rom(machine_name, getattr(args, "roms", None)):
        if discs:
            options["drives"] = discs
        if discs or writable:           # --writable alone: for discs dropped on the window
            options["writable"] = writable
        return options
    machine = model(machine_name)
    if writable:
        raise UserError(f"--writable is for the disc drives of the 8271, which need a disc filing "
                        f"system ROM ({machine.disc_rom}.rom)")
    if 0 in discs or (discs and "discs" not in machine.options):
        raise UserError(machine.without_disc_rom)
    if discs and files is None:
        raise UserError("--disc1/--disc2/--disc3 need the host filing card (drop --no-files)")
    if discs:
        options["discs"] = discs
    return options


def tape_options(args, machine_name):
    """Machine options for the cassette recorder (docs/tapes.md): --tape FILE plays a UEF image,
    --record FILE is where what the machine saves to tape is written, --tape-speed N the BBC's fast
    load (the tape runs N times faster while the motor relay is closed)."""
    options = {}
    if getattr(args, "tape", None):
        options["tape"] = args.tape
    if getattr(args, "record", None):
        options["record"] = args.record
    speed = getattr(args, "tape_speed", None)
    if speed is not None:
        # the Atom's kernel times the tape itself, so only a machine with a tape relay runs it faster
        check_machine_options(machine_name, {"tape_speed": speed})
        value = parse_number(speed, "--tape-speed")
        if not 1 <= value <= 1000:
            raise UserError(f"--tape-speed {speed}: a whole number 1-1000")
        options["tape_speed"] = value
    return options


def _has_disc_rom(machine_name, roms):
    """Does the machine's ROM set hold its disc filing system (the model's disc_rom): the file in the
    directory `roms`, or (None) in our own firmware (the BBC's roms/src/bbc/dfs)?"""
    name = model(machine_name).disc_rom
    if not name:
        return False
    if roms is None:
        from emulator.firmware import rom_sources

        return name in rom_sources(machine_name)
    from emulator.firmware import machine_directory

    return (machine_directory(machine_name, roms) / f"{name}.rom").is_file()


OPTION_FLAGS = {"ram": "--ram", "via": "--no-via", "links": "--links", "discs": "--disc1 .. --disc3", "drives": "--disc0 .. --disc3",
                "writable": "--writable", "tape_speed": "--tape-speed"}


def check_machine_options(machine_name, options):
    """UserError naming the first of `options` the machine does not take, and the machines that do."""
    for option in options:
        if option not in model(machine_name).options:
            owners = " and ".join(m.title for m in models() if option in m.options)
            article = "an" if owners[:1] in "AEIOU" else "a"
            raise UserError(f"{OPTION_FLAGS.get(option, option)} is {article} {owners} option, "
                            f"not one of the {model(machine_name).title}")


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
                        "cycle for cycle, and a BASIC that seeds RND from RAM the same game (default: a "
                        "fresh one each run, shown in the window's status)")


def add_filing_arguments(p, default_text):
    group = p.add_argument_group("host filing card (docs/hostfs.md) and disc drives (docs/discs.md)")
    group.add_argument("--files", metavar="DIR",
                       help=f"serve this host directory as the machine's filing system ({default_text})")
    group.add_argument("--no-files", action="store_true", help="fit no host filing card")
    for n in range(4):
        group.add_argument(f"--disc{n}", metavar="FILE",
                           help=f"a disc image (.ssd/.dsd: DFS on the BBC, Atom DOS on the Atom with "
                                f"dos.rom) in drive {n} (docs/discs.md)")
    group.add_argument("--writable", action="store_true",
                       help="let the disc filing system write to the disc images; changes go back to "
                            "the files when a disc is ejected or the machine stops")
    tape = p.add_argument_group("cassette (docs/tapes.md)")
    tape.add_argument("--tape", metavar="FILE",
                      help="a UEF tape image in the cassette recorder, PLAY down (the BBC's motor "
                           "relay starts and stops it; the Atom's plays from the start)")
    tape.add_argument("--record", metavar="FILE",
                      help="what the machine saves to tape is written here as a UEF file when it "
                           "stops")
    tape.add_argument("--tape-speed", metavar="N",
                      help="fast load: the tape runs N times faster while the motor is on (BBC)")


def _key_gap(text):
    try:
        value = float(text)
    except ValueError:
        raise UserError(f"--key-gap {text!r} is not a number of milliseconds") from None
    if not 0 < value <= 10000:
        raise UserError("--key-gap must be more than 0 and at most 10000 ms")
    return value


# How to play the games of basic_programs/, by the start of their file names: the window's help
# overlay (Alt+H) shows these lines while the listing runs, and `acorn run --help` the first.
GAME_HELP = {
    "silver_dollar": ("Silver Dollar: coins A-E move only left, never past or onto another coin.",
                      "Your turn: type a coin's letter once per square it moves, then RETURN",
                      "(CCC RETURN moves C three squares).  Whoever packs the coins to the left wins."),
}


def game_help(path):
    """The lines telling how to play the listing at `path` (none for a program we know nothing of)."""
    from pathlib import Path

    stem = Path(path).name.lower() if path else ""
    return next((lines for prefix, lines in GAME_HELP.items() if stem.startswith(prefix)), ())


RUN_EPILOG = """\
Playing Silver Dollar (basic_programs/silver_dollar_*.bas): coins A-E lie on a row of squares and
move only left, never past or onto another coin.  On your turn type a coin's letter once for each
square it moves, then RETURN (CCC RETURN moves C three squares); the computer replies.  Whoever
packs the coins into the leftmost squares wins.

  acorn run basic_programs/silver_dollar_bbc.bas                  in a window
  acorn run basic_programs/silver_dollar_bbc.bas --interactive    in a terminal: type CCC, RETURN

Each run powers up with a fresh RAM pattern (--seed N repeats one).  Acorn's BASICs and ours start
RND from it, so the board differs from run to run; X=RND(-n) before RUN seeds it as well (--no-run,
then type X=RND(-7) and RUN).
"""


def add_parser(sub):
    p = sub.add_parser("run", help="run a machine (headless or in a window)", epilog=RUN_EPILOG,
                       formatter_class=argparse.RawDescriptionHelpFormatter)
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
        "buffer).  After the last step the run goes on for --max-seconds (after a last --until: "
        "until its text shows).  The window runs the same script.  Exit 3 if a wait times out.")
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
    p.add_argument("--interactive", action="store_true",
                   help="headless, driven line by line: print the screen's text each time it settles "
                        "(the program waits for a key), then type a line read from standard input and "
                        "RETURN; until the end of the input or of the program")
    p.add_argument("--max-seconds", metavar="N",
                   help=f"emulated seconds each --until waits at most, and the run goes on after its "
                        f"last step (default {DEFAULT_MAX_SECONDS:g} headless; no limit in the window)")
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


