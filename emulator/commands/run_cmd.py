"""`acorn run`: boot a machine, type into it, wait for text, show or save the screen.

Headless here; a window is the front end's (emulator.frontend.window, `run_window(machine, args)`),
used when it is installed.  Without a window `acorn run` refuses unless --headless is given, or
--fallback-headless says a headless run is acceptable.
"""
import sys

from emulator.errors import EXIT_TIMEOUT, UserError

DEFAULT_MAX_SECONDS = 60.0


def decode_typing(text):
    """--type TEXT: the two characters \\r (or \\n) and a real newline mean RETURN."""
    return text.replace("\\r", "\r").replace("\\n", "\r").replace("\n", "\r")


def _max_seconds(text):
    try:
        value = float(text)
    except ValueError:
        raise UserError(f"--max-seconds {text!r} is not a number of seconds") from None
    if not value > 0:
        raise UserError("--max-seconds must be more than 0")
    return value


def _window_runner():
    try:
        from emulator.frontend.window import run_window
    except ImportError:
        return None
    return run_window


def main(args):
    from emulator.session import Machine, Timeout

    max_seconds = _max_seconds(args.max_seconds) if args.max_seconds is not None else DEFAULT_MAX_SECONDS
    options = {}
    if getattr(args, "ram", None):
        options["ram"] = args.ram
    if getattr(args, "via", False):
        options["via"] = True
    if options and args.machine != "atom":
        raise UserError("--ram and --via are Atom options")
    texts = [decode_typing(t) for t in (args.type or [])]
    window = None
    if not args.headless:
        window = _window_runner()
        if window is None and not args.fallback_headless:
            raise UserError("no window is available in this build; pass --headless "
                            "(or --fallback-headless to run headless when no window can open)")
    machine = Machine(args.machine, roms=args.roms, **options)
    for text in texts:
        machine.type(text)               # every text is checked before anything runs
    if window is not None:
        from emulator.frontend.window import NoDisplay
        try:
            return window(machine, args)
        except NoDisplay as e:
            if not args.fallback_headless:
                raise
            print(f"acorn run: {e}; running headless instead", file=sys.stderr)

    status = 0
    try:
        if args.until is not None:
            machine.run_until_text(args.until, max_seconds=max_seconds)
        elif texts:
            machine.run_until_typed(max_seconds)
            machine.run(0.5)             # let the machine answer the last key
        else:
            machine.run(max_seconds)
    except Timeout as e:
        print(f"acorn run: {e}", file=sys.stderr)
        status = EXIT_TIMEOUT
    if args.print_screen:
        rows = machine.screen.text()
        while rows and not rows[-1]:
            rows.pop()
        for row in rows:
            print(row)
    if args.screenshot:
        machine.screenshot(args.screenshot)
    return status


def add_parser(sub):
    p = sub.add_parser("run", help="run a machine (headless or in a window)")
    p.add_argument("--machine", default="atom", help="atom or bbc (default atom)")
    p.add_argument("--roms", metavar="DIR", help="a directory with the user's ROM set")
    p.add_argument("--headless", action="store_true", help="no window")
    p.add_argument("--fallback-headless", action="store_true",
                   help="run headless if no window can be opened instead of failing")
    p.add_argument("--type", action="append", metavar="TEXT",
                   help="keys to type (\\r or a newline is RETURN); may be repeated")
    p.add_argument("--until", metavar="TEXT", help="run until TEXT is on the screen (exit 3 if not)")
    p.add_argument("--max-seconds", metavar="N",
                   help=f"emulated seconds to run or to wait for --until (default {DEFAULT_MAX_SECONDS:g})")
    p.add_argument("--print-screen", action="store_true", help="print the screen's text at the end")
    p.add_argument("--screenshot", metavar="FILE.png", help="save the screen as a PNG at the end")
    p.add_argument("--ram", choices=["standard", "expanded"],
                   help="Atom RAM: standard (#0000-#03FF, #2800-#3BFF) or expanded (#0000-#7FFF)")
    p.add_argument("--via", action="store_true", help="fit the Atom's optional 6522 VIA at #B800")
    window = p.add_argument_group("window options (without --headless)")
    window.add_argument("--scale", metavar="N", help="integer scale of the picture (default 3 Atom, 1 BBC)")
    window.add_argument("--mute", action="store_true", help="no sound (Alt+M toggles it in the window)")
    window.add_argument("--keymap", metavar="FILE.toml",
                        help="host key overrides (default ~/.config/acorn/keymap.toml if it exists)")
    window.add_argument("--positional", action="store_true",
                        help="map host keys by position (for games) instead of by the character they type")
    window.add_argument("--keyboard-view", action="store_true",
                        help="show the machine's keyboard below the screen (Alt+K toggles it)")
    window.add_argument("--paste", metavar="FILE", help="type this text file into the machine at start")
    p.set_defaults(handler="emulator.commands.run_cmd:main")
    return p


