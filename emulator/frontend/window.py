"""The pygame window: the machine's display, paced to real time, with keys, sound and views.

    run_window(machine, args)       what `acorn run` calls without --headless

Layout, top to bottom: the picture (integer-scaled, centred in a canvas of the machine's largest
picture), the status line (machine, firmware, speed as % of real time, emulated MHz), and the
keyboard view when it is shown.  The picture is rendered from the machine's own `screen.rgb()`
once per frame; the machine runs one field's worth of cycles a frame (60 Hz Atom, 50 Hz BBC), or
as many as fit in a frame's host time in turbo.

Front-end commands are on Alt (the machine has no Alt key, so nothing is taken from it):
  Alt+T turbo   Alt+P / Pause  pause   Alt+B BREAK   Alt+V paste the clipboard   Alt+S screenshot
  Alt+K keyboard view   Alt+L logical/positional keys   Alt+M mute   Alt+H help   Alt+Q quit
  Alt+D the debugger panel beside the screen (emulator.frontend.debug_panel)
  Alt+W write a save state   Alt+R read it back (docs/save_states.md)
  Alt+E the tape's PLAY down / up   Alt+N rewind the tape (docs/tapes.md)
  Alt+X eject the disc in drive 0, or (empty) put the next disc of this session in (docs/discs.md)
A disc image (.ssd, .dsd) dropped on the window goes into drive 0; any other file dropped is typed
in (as is --paste FILE at start).
"""
import contextlib
import os
import sys
import time
from pathlib import Path

from emulator.errors import EXIT_TIMEOUT, UserError, parse_max_seconds
from emulator.frontend import layouts
from emulator.frontend.keymap import LOGICAL, POSITIONAL, KeyboardBridge, load_overrides
from emulator.frontend.pacing import FramePacer, SpeedMeter
from emulator.media.disc_image import KINDS as DISC_IMAGE_KINDS
from emulator.script import ScriptRun

STATUS_HEIGHT = 22
MAX_SKIPPED_FRAMES = 4                # a late frame is not drawn, but at least every fifth is
BACKGROUND = (24, 24, 28)
STATUS_COLOUR = (40, 40, 48)
TEXT_COLOUR = (220, 220, 220)
KEY_COLOURS = {"plain": (70, 60, 50), "dark": (45, 40, 38), "red": (170, 40, 30), "break": (45, 40, 38)}
KEY_LIT = (250, 210, 60)
LED_ON = (255, 40, 30)
KEY_LEGEND = (235, 235, 225)
LATCHING_KEYS = ("SHIFT", "CTRL")
ARROW_LEGENDS = {"\u2190": ((-1, 0),), "\u2192": ((1, 0),), "\u2191": ((0, -1),), "\u2193": ((0, 1),),
                 "\u2195": ((0, -1), (0, 1)), "\u2194": ((-1, 0), (1, 0))}
PANEL_WIDTH = 480
PANEL_LINES = 40
PANEL_COLOUR = (16, 20, 30)
PANEL_TEXT = (200, 220, 200)
PANEL_HEADING = (250, 210, 60)
PANEL_PC = (120, 220, 255)
DEBUG_KEYS = ("s", "o", "u", "c", "r", "b", "up", "down", "page up", "page down")      # a click on these holds them until the next key's click ends


class NoDisplay(UserError):
    """A window was asked for and there is no display to open it on."""


def import_pygame():
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    try:
        import pygame
    except ImportError:
        raise NoDisplay("pygame is not installed, so no window can open; pass --headless") from None
    return pygame


def open_display(pygame):
    """Start SDL's video.  A driver with no screen behind it counts as no display unless it was
    asked for by name (SDL_VIDEODRIVER=dummy is how tests and scripts run the window offscreen)."""
    explicit = os.environ.get("SDL_VIDEODRIVER")
    if (not explicit and sys.platform.startswith(("linux", "freebsd", "openbsd", "netbsd"))
            and not os.environ.get("DISPLAY") and not os.environ.get("WAYLAND_DISPLAY")):
        raise NoDisplay("no display is available for a window (neither DISPLAY nor WAYLAND_DISPLAY "
                        "is set); pass --headless")
    try:
        with _quiet_stderr():                   # SDL's drivers print their own complaints while probing
            pygame.display.init()
    except pygame.error as e:
        raise NoDisplay(f"no display is available for a window ({e}); pass --headless") from None
    driver = pygame.display.get_driver()
    if driver in ("offscreen", "dummy") and not os.environ.get("SDL_VIDEODRIVER"):
        pygame.display.quit()
        raise NoDisplay(f"no display is available for a window (SDL found only its {driver!r} "
                        "driver); pass --headless")
    return driver


@contextlib.contextmanager
def _quiet_stderr():
    """Silence file descriptor 2 (C libraries write there directly) for the duration."""
    try:
        saved = os.dup(2)
    except OSError:
        yield
        return
    try:
        with open(os.devnull, "w") as devnull:
            sys.stderr.flush()
            os.dup2(devnull.fileno(), 2)
            yield
    finally:
        os.dup2(saved, 2)
        os.close(saved)


class _Stopped(Exception):
    """The debugger stopped the machine in the middle of a frame."""


class Options:
    """What the window was asked for (from `acorn run`'s arguments, or given directly by tests)."""

    def __init__(self, scale=None, mute=False, keymap=None, keys=LOGICAL, keyboard=False, paste=None,
                 max_seconds=None, firmware=None, audio=True, screenshot_dir=".", until=None,
                 roms=None, state_file=None, program_help=()):
        self.scale = scale
        self.mute = mute
        self.keymap = keymap
        self.keys = keys
        self.keyboard = keyboard
        self.paste = paste
        self.max_seconds = max_seconds
        self.firmware = firmware
        self.audio = audio
        self.screenshot_dir = screenshot_dir
        self.until = until
        self.roms = roms                    # the ROM directory, for loading a save state
        self.state_file = state_file        # Alt+W / Alt+R's file (default acorn-MACHINE.state)
        self.program_help = tuple(program_help)     # how to play the listing running, for Alt+H

    @classmethod
    def from_args(cls, args):
        scale = getattr(args, "scale", None)
        if scale is not None:
            try:
                scale = int(scale)
            except ValueError:
                raise UserError(f"--scale {scale!r} is not a whole number") from None
            if not 1 <= scale <= 8:
                raise UserError("--scale must be from 1 to 8")
        max_seconds = getattr(args, "max_seconds", None)
        if max_seconds is not None:
            max_seconds = parse_max_seconds(max_seconds)
        roms = getattr(args, "roms", None)
        return cls(program_help=getattr(args, "program_help", ()),scale=scale, mute=getattr(args, "mute", False), keymap=getattr(args, "keymap", None),
                   keys=POSITIONAL if getattr(args, "positional", False) else LOGICAL,
                   keyboard=getattr(args, "keyboard_view", False), paste=getattr(args, "paste", None),
                   max_seconds=max_seconds, firmware=f"ROMs from {roms}" if roms else None,
                   until=getattr(args, "until", None), roms=roms,
                   state_file=getattr(args, "save_state", None) or getattr(args, "load_state", None))


class Window:
    def __init__(self, machine, options=None, pygame=None):
        self.pygame = pygame or import_pygame()
        pg = self.pygame
        self.machine = machine
        self.options = options or Options()
        self.name = machine.name
        self.clock_hz = machine.hardware.clock_hz
        model = machine.model           # the field rate, canvas and scale (emulator/machines/model.py)
        self.fps = model.field_hz
        self.frame_cycles = self.clock_hz / self.fps
        self.wanted_scale = self.options.scale or model.default_scale
        self.scale = self.wanted_scale      # lowered while the views would not fit on the display
        self.display = None                 # the window's own surface, when it is not `surface`
        self.canvas_rows, self.canvas_columns = model.canvas     # the largest picture it makes
        self.turbo = False
        self.paused = False
        self.running = True
        self.show_keyboard = bool(self.options.keyboard)
        self.show_help = False
        self.message = ""
        # Alt+X cycles drive 0 through the discs of this session: the one it started with, then
        # each dropped on the window, in order.
        self.disc_cycle = [getattr(d, "path", d) for d in [machine.hardware.discs.get(0)] if d is not None]
        self.disc_next = 0
        self.message_until = 0.0
        self.halted = None
        self.frames = 0                 # frames run
        self.presented = 0              # frames drawn (a late frame is run but not drawn)
        self.frame_times = []           # host time of each frame presented (for pacing figures)
        self.clicked = None             # machine key held by a mouse click
        self.latched = set()            # SHIFT / CTRL clicked down
        self.screenshot_count = 0
        self.debug_view = None          # emulator.frontend.debug_panel.DebugView once opened
        self.show_debugger = False

        open_display(pg)
        pg.font.init()
        self.font = pg.font.Font(None, 18)
        self.key_font = pg.font.Font(None, 15)
        self.mono_font = pg.font.SysFont("dejavusansmono,liberationmono,couriernew,monospace", 13)
        overrides = load_overrides(self.name, self.options.keymap, self.options.keys)
        self.bridge = KeyboardBridge(self.name, self._press, self._release, self.options.keys, overrides)
        self.pacer = FramePacer(self.fps)
        self.speed = SpeedMeter(self.clock_hz)
        self.target_cycle = float(machine.cycles)
        # What the window runs: a script (emulator/script.py) of --type/--until steps, the same
        # as a headless run's; by default the one --until and --max-seconds of the options.
        until = [] if self.options.until is None else [("until", self.options.until)]
        self.script = ScriptRun(machine, until, self.options.max_seconds)
        self._layout()
        pg.display.set_caption(f"acorn: {self.name}")
        self.audio = None
        self.sound = None
        self._open_audio()
        if self.options.paste:
            self.paste_file(self.options.paste)

    # --- geometry ----------------------------------------------------------------------------------

    def _layout(self):
        """Place the picture, the debugger panel, the status line and the keyboard view.  The window
        must fit on the display (with no window manager nothing else keeps it there): the picture's
        scale drops as far as 1 while it would not, and a layout still too big is drawn whole and
        shown shrunk to fit."""
        pg = self.pygame
        desktop = self._desktop_size()
        for scale in range(self.wanted_scale, 0, -1):
            self.scale = scale
            self._place()
            if desktop is None or (self.size[0] <= desktop[0] and self.size[1] <= desktop[1]):
                break
        shown = self.size
        if desktop is not None:
            factor = min(1.0, desktop[0] / self.size[0], desktop[1] / self.size[1])
            shown = (int(self.size[0] * factor), int(self.size[1] * factor))
        if shown == self.size:
            self.surface, self.display = pg.display.set_mode(self.size), None
        else:
            self.display = pg.display.set_mode(shown)
            self.surface = pg.Surface(self.size)

    def _desktop_size(self):
        try:
            sizes = self.pygame.display.get_desktop_sizes()
        except (AttributeError, self.pygame.error):
            return None
        return sizes[0] if sizes and sizes[0][0] > 0 and sizes[0][1] > 0 else None

    def _place(self):
        pg = self.pygame
        self.canvas = pg.Rect(0, 0, self.canvas_columns * self.scale, self.canvas_rows * self.scale)
        top_height, width = self.canvas.height, self.canvas.width
        self.panel_rect = None
        if self.show_debugger:
            self.panel_rect = pg.Rect(self.canvas.right, 0, PANEL_WIDTH,
                                      max(self.canvas.height, PANEL_LINES * self.mono_font.get_linesize() + 12))
            top_height, width = self.panel_rect.height, self.panel_rect.right
        self.status_rect = pg.Rect(0, top_height, width, STATUS_HEIGHT)
        self.key_rects = []
        keyboard_height = 0
        if self.show_keyboard:
            self.key_rects, keyboard_height = layouts.key_rects(self.name, max(self.canvas.width, 640))
            width = max(width, 640)
            self.status_rect.width = width
        if self.panel_rect is None and width > self.canvas.width:
            self.canvas.x = (width - self.canvas.width) // 2      # centred over a wider keyboard view
        self.keyboard_top = self.status_rect.bottom
        self.size = (width, self.keyboard_top + keyboard_height)

    def screen_rect(self, rows, columns):
        """Where a picture of rows x columns goes: integer-scaled, centred in the canvas."""
        w, h = columns * self.scale, rows * self.scale
        return self.pygame.Rect(self.canvas.x + (self.canvas.width - w) // 2,
                                self.canvas.y + (self.canvas.height - h) // 2, w, h)

    # --- audio -------------------------------------------------------------------------------------

    def _open_audio(self):
        if not self.options.audio:
            return
        from emulator.frontend.audio import MixerStream, SoundSource
        pg = self.pygame
        try:
            with _quiet_stderr():               # ALSA and friends print their own complaints
                pg.mixer.init(frequency=44100, size=-16, channels=1, buffer=512)
        except pg.error as e:
            print(f"acorn run: no sound device ({str(e).strip() or 'SDL found none'}); running mute",
                  file=sys.stderr)
            self.flash("no sound device: running mute")
            return
        self.audio = MixerStream(pg, self.fps)
        self.sound = SoundSource(self.machine.hardware, rate=self.audio.rate)
        self.audio.set_muted(self.options.mute)

    # --- machine keys ------------------------------------------------------------------------------

    def _press(self, key):
        if self.debug_view is not None:
            self.debug_view.input(f"press {key}", lambda: self._press_now(key))
        else:
            self._press_now(key)

    def _release(self, key):
        if self.debug_view is not None:
            self.debug_view.input(f"release {key}", lambda: self._release_now(key))
        else:
            self._release_now(key)

    def _press_now(self, key):
        if key == "BREAK":
            self.machine.press(key)         # BREAK is the reset line, held as long as the host key
            return
        self.machine.key_down(key)      # a press is an event: held until the firmware has read it

    def _release_now(self, key):
        try:
            if key == "BREAK":
                self.machine.release(key)
            else:
                self.machine.key_up(key)
        except UserError:
            pass

    # --- commands ----------------------------------------------------------------------------------

    def flash(self, text, seconds=3.0):
        self.message = text
        self.message_until = time.perf_counter() + seconds

    def toggle_turbo(self):
        self.turbo = not self.turbo
        self.pacer.reset()
        self.flash("turbo on" if self.turbo else "real time")

    def toggle_pause(self):
        self.paused = not self.paused
        self.pacer.reset()
        self.target_cycle = float(self.machine.cycles)

    def press_break(self):
        self.machine.break_key()
        self.flash("BREAK")

    def paste_text(self, text):
        """Type `text` through the keyboard; characters the machine cannot type are left out."""
        from emulator.basic.listing import paste
        typed, skipped = paste(self.machine, text)
        note = f"; {skipped} characters it cannot type left out" if skipped else ""
        self.flash(f"typing {typed} characters{note}")
        return typed

    def paste_file(self, path):
        from emulator.inputs import LISTING_LIMIT, read_input
        raw = read_input(path, "file to paste", LISTING_LIMIT, holds="a listing")
        return self.paste_text(raw.decode("utf-8", errors="replace"))

    def paste_clipboard(self):
        pg = self.pygame
        text = ""
        try:
            if hasattr(pg.scrap, "get_text"):
                text = pg.scrap.get_text() or ""
            else:
                pg.scrap.init()
                raw = pg.scrap.get(pg.SCRAP_TEXT) or b""
                text = raw.decode("utf-8", "replace").rstrip("\0")
        except pg.error:
            text = ""
        if not text:
            self.flash("the clipboard has no text")
            return 0
        return self.paste_text(text)

    def screenshot(self):
        directory = Path(self.options.screenshot_dir)
        while True:
            self.screenshot_count += 1
            path = directory / f"acorn-{self.name}-{self.screenshot_count:03d}.png"
            if not path.exists():
                break
        self.machine.screenshot(str(path))
        self.flash(f"saved {path}")
        return path

    def toggle_keyboard(self):
        self.show_keyboard = not self.show_keyboard
        self._layout()

    def toggle_key_mode(self):
        mode = POSITIONAL if self.bridge.mode == LOGICAL else LOGICAL
        self.bridge.release_all()
        overrides = load_overrides(self.name, self.options.keymap, mode)
        self.bridge = KeyboardBridge(self.name, self._press, self._release, mode, overrides)
        self.flash(f"{mode} key mapping")

    def toggle_mute(self):
        if self.audio is None:
            self.flash("no sound output")
            return
        self.audio.set_muted(not self.audio.muted)
        self.flash("muted" if self.audio.muted else "sound on")

    def toggle_debugger(self):
        if self.debug_view is None:
            try:
                from emulator.frontend.debug_panel import DebugView
                self.debug_view = DebugView(self.machine)
            except ImportError as e:
                self.flash(f"the debugger is not available in this build ({e})")
                return
        self.show_debugger = not self.show_debugger
        if self.show_debugger:
            self.paused = True
        self._layout()

    def debugger_command(self, name):
        if self.debug_view.command(name):
            self.paused = False
            self.pacer.reset()
            self.target_cycle = float(self.machine.cycles)

    # --- save states -------------------------------------------------------------------------------

    def state_path(self):
        if self.options.state_file:
            return Path(self.options.state_file)
        return Path(self.options.screenshot_dir) / f"acorn-{self.name}.state"

    def save_state(self):
        """Alt+W: the whole machine to the state file (replaced whole, through a temporary file)."""
        path = self.state_path()
        try:
            self.machine.save_state(path)
        except UserError as e:
            self.flash(str(e))
            return None
        self.flash(f"state saved to {path}")
        return path

    def load_state(self):
        """Alt+R: a machine loaded from the state file takes the running one's place.  A file that
        cannot be loaded is a message, and the running machine goes on untouched."""
        from emulator.session import Machine
        path = self.state_path()
        try:
            machine = Machine.load_state(path, roms=self.options.roms,     # serving the same directory
                                         files=self.machine.options.get("files"))
        except UserError as e:
            self.flash(str(e))
            return False
        if machine.name != self.name:
            self.flash(f"{path} is a state of the {machine.name}; this window shows the {self.name}")
            return False
        self.use_machine(machine)
        self.flash(f"state loaded from {path}")
        return True

    def use_machine(self, machine):
        """Carry on with `machine` in place of the one shown; the script's steps are over, and a
        --max-seconds limit counts again from here."""
        self.bridge.release_all()
        self.clicked = None
        self.latched.clear()
        self.machine = machine
        self.script = ScriptRun(machine, [], self.options.max_seconds)    # --max-seconds from here
        self.target_cycle = float(machine.cycles)
        self.halted = None
        self.speed = SpeedMeter(self.clock_hz)
        self.pacer.reset()
        if self.audio is not None:
            from emulator.frontend.audio import SoundSource
            self.sound = SoundSource(machine.hardware, rate=self.audio.rate)
        if self.debug_view is not None:
            from emulator.frontend.debug_panel import DebugView
            self.debug_view = DebugView(machine)

    COMMANDS = {"t": "toggle_turbo", "d": "toggle_debugger", "p": "toggle_pause", "b": "press_break", "v": "paste_clipboard",
                "s": "screenshot", "k": "toggle_keyboard", "l": "toggle_key_mode", "m": "toggle_mute",
                "h": "toggle_help", "q": "quit", "w": "save_state", "r": "load_state",
                "e": "tape_play_stop", "n": "tape_rewind", "x": "disc_eject_or_next"}

    def insert_disc(self, path):
        """A disc image dropped on the window: into drive 0 (writable when the session's discs are),
        and onto the discs Alt+X cycles through."""
        writable = bool(self.machine.options.get("writable"))
        self.machine.hardware.insert_disc(0, path, writable=writable)
        path = os.fspath(path)
        if path not in self.disc_cycle:
            self.disc_cycle.append(path)
        self.disc_next = (self.disc_cycle.index(path) + 1) % len(self.disc_cycle)
        self.flash(f"drive 0: {os.path.basename(path)}{' (writable)' if writable else ''}")

    def disc_eject_or_next(self):
        """Alt+X: take drive 0's disc out (a writable one is written back to its file first); with
        the drive empty, put the next disc of this session in."""
        hardware = self.machine.hardware
        try:
            disc = hardware.eject(0)
            if disc is not None:
                self.flash(f"drive 0: {os.path.basename(disc.source)} ejected"
                           f"{' and written back' if disc.writable else ''}")
            elif self.disc_cycle:
                self.insert_disc(self.disc_cycle[self.disc_next % len(self.disc_cycle)])
            else:
                self.flash("drive 0 is empty: drop a disc image (.ssd, .dsd) on the window")
        except UserError as e:                  # an image gone bad on the host is a message
            self.flash(str(e))

    def tape_play_stop(self):
        """Alt+E: press or release the cassette recorder's PLAY (docs/tapes.md)."""
        deck = self.machine.hardware.cassette
        deck.stop() if deck.playing else deck.play()
        self.flash("tape: PLAY down" if deck.playing else "tape: stopped")

    def tape_rewind(self):
        """Alt+N: wind the tape back to its start."""
        self.machine.hardware.cassette.rewind()
        self.flash("tape: rewound to the start")

    def toggle_help(self):
        self.show_help = not self.show_help

    def quit(self):
        self.running = False

    # --- events ------------------------------------------------------------------------------------

    def handle_event(self, event):
        pg = self.pygame
        if event.type == pg.QUIT:
            self.running = False
        elif event.type == pg.KEYDOWN:
            name = pg.key.name(event.key)
            if event.mod & pg.KMOD_ALT and name in self.COMMANDS:
                getattr(self, self.COMMANDS[name])()
            elif event.key == pg.K_PAUSE:
                self.toggle_pause()
            elif self.show_debugger and self.paused and name in DEBUG_KEYS:
                self.debugger_command(name)
            elif name not in ("left alt", "right alt"):
                self.bridge.key_down(event.key, name, getattr(event, "scancode", 0),
                                     getattr(event, "unicode", ""))
        elif event.type == pg.KEYUP:
            self.bridge.key_up(event.key)
        elif event.type == pg.MOUSEBUTTONDOWN and event.button == 1:
            self._click(self._window_to_layout(event.pos), True)
        elif event.type == pg.MOUSEBUTTONUP and event.button == 1:
            self._click(self._window_to_layout(event.pos), False)
        elif event.type == pg.DROPFILE:
            try:
                if os.path.splitext(event.file)[1].lower() in DISC_IMAGE_KINDS:
                    self.insert_disc(event.file)
                else:
                    self.paste_file(event.file)
            except UserError as e:              # a bad drop is a message, not the end of the session
                self.flash(str(e))
        elif event.type in (getattr(pg, "WINDOWFOCUSLOST", -1),):
            self.bridge.release_all()           # a key let go in another window must not stick

    def _window_to_layout(self, pos):
        """A point of the window in the layout's coordinates (they differ when it is shown shrunk)."""
        if self.display is None:
            return pos
        shown = self.display.get_size()
        return (pos[0] * self.size[0] // shown[0], pos[1] * self.size[1] // shown[1])

    def key_at(self, pos):
        x, y = pos[0], pos[1] - self.keyboard_top
        for rect in self.key_rects:
            if rect.contains(x, y):
                return rect.key
        return None

    def _click(self, pos, down):
        if down:
            key = self.key_at(pos)
            if key is None:
                return
            if key in LATCHING_KEYS:
                if key in self.latched:
                    self.latched.discard(key)
                    self._release(key)
                else:
                    self.latched.add(key)
                    self._press(key)
                return
            self.clicked = key
            self._press(key)
        elif self.clicked is not None:
            self._release(self.clicked)
            self.clicked = None
            for key in sorted(self.latched):
                self._release(key)
            self.latched.clear()

    # --- running -----------------------------------------------------------------------------------

    def run_frame(self):
        """Run the machine for one frame: a field's cycles, or in turbo a frame's host time."""
        from emulator.session import Halted
        if self.paused or self.halted:
            return
        try:
            if self.turbo:
                budget_end = time.perf_counter() + 1.0 / self.fps
                while time.perf_counter() < budget_end:
                    self.target_cycle += self.frame_cycles
                    self._run_to_target()
            else:
                self.target_cycle += self.frame_cycles
                self._run_to_target()
        except Halted as e:
            self.halted = str(e)
            self.flash(self.halted, seconds=3600)
        except _Stopped:
            pass

    def _run_to_target(self):
        n = int(self.target_cycle) - self.machine.cycles
        if n <= 0:
            return
        if self.debug_view is None:
            self.script.advance(n / self.clock_hz)        # the script's steps, or plain running
            return
        stop = self.debug_view.run_cycles(n)        # breakpoints and watchpoints stop the machine
        if stop is not None:
            self.paused = True
            self.target_cycle = float(self.machine.cycles)
            if not self.show_debugger:
                self.toggle_debugger()
            raise _Stopped()

    def step(self, draw=True):
        """One frame of the loop: events, emulation, sound, drawing.  No pacing (see `run`)."""
        pg = self.pygame
        for event in pg.event.get():
            self.handle_event(event)
        self.run_frame()
        if self.audio is not None and self.sound is not None:
            samples = self.sound.take(self.machine.cycles)
            if not self.turbo and not self.paused:
                self.audio.push(samples)
            self.audio.pump()
        if self.paused or self.halted:
            self.speed.restart()                # the readout keeps the speed it had running
        else:
            self.speed.update(self.machine.cycles)
        if draw:
            self.draw()
            if self.display is not None:        # a layout bigger than the display, shown shrunk
                pg.transform.smoothscale(self.surface, self.display.get_size(), self.display)
            pg.display.flip()
            self.presented += 1
        self.frames += 1

    def run(self, host_seconds=None):
        """The loop, paced to the field rate, until the window closes, `host_seconds` pass, or the
        script ends (emulator/script.py: after its last step, --max-seconds or the last --until);
        the script's status: 0, or 3 (EXIT_TIMEOUT) when one of its waits timed out.  While the
        debugger panel runs the machine (breakpoints), the script waits."""
        self.pacer.reset()
        self.pacer.wait()                       # starts the schedule: frame n is due at start + n periods
        start = time.perf_counter()
        skipped = 0
        while self.running:
            draw = self.turbo or skipped >= MAX_SKIPPED_FRAMES or not self.pacer.late()
            skipped = 0 if draw else skipped + 1
            self.step(draw=draw)
            now = time.perf_counter()
            self.frame_times.append(now)
            if host_seconds is not None and now - start >= host_seconds:
                break
            if self.script.status is not None:
                return self.script.status
            if not self.turbo:
                self.pacer.wait()
        return 0

    def measured_rate(self):
        """Frames a second over the frames run so far (host clock)."""
        if len(self.frame_times) < 2:
            return 0.0
        return (len(self.frame_times) - 1) / (self.frame_times[-1] - self.frame_times[0])

    # --- drawing -----------------------------------------------------------------------------------

    def draw(self):
        surface = self.surface
        surface.fill(BACKGROUND)
        self.draw_screen()
        self.draw_status()
        if self.show_keyboard:
            self.draw_keyboard()
        if self.show_debugger:
            self.draw_debugger()
        if self.show_help:
            self.draw_help()

    def draw_screen(self):
        pg = self.pygame
        rgb = self.machine.screen.rgb()
        rows, columns = rgb.shape[:2]
        if rows > self.canvas_rows or columns > self.canvas_columns:     # a picture bigger than planned
            self.canvas_rows, self.canvas_columns = max(rows, self.canvas_rows), max(columns, self.canvas_columns)
            self._layout()
        picture = pg.surfarray.make_surface(rgb.swapaxes(0, 1))
        rect = self.screen_rect(rows, columns)
        if self.scale != 1:
            picture = pg.transform.scale(picture, rect.size)
        self.surface.blit(picture, rect.topleft)
        self.picture_rect = rect

    def status_text(self):
        firmware = self.options.firmware
        if firmware is None:
            firmware = "ROMs: " + " ".join(self.machine.hardware.rom_names)
        state = "PAUSED" if self.paused else ("TURBO" if self.turbo else "real time")
        parts = [self.machine.model.title, firmware,
                 f"seed {self.machine.seed}",
                 f"{self.speed.ratio * 100:.0f}%", f"{self.speed.mhz:.2f} MHz", state,
                 f"keys {self.bridge.mode}"]
        if self.audio is not None and self.audio.muted:
            parts.append("muted")
        if self.message and time.perf_counter() < self.message_until:
            parts.append(self.message)
        parts.append("Alt+H help")
        return "  |  ".join(parts)

    def draw_status(self):
        pg = self.pygame
        pg.draw.rect(self.surface, STATUS_COLOUR, self.status_rect)
        text = self.font.render(self.status_text(), True, TEXT_COLOUR)
        self.surface.blit(text, (self.status_rect.x + 6, self.status_rect.y + (STATUS_HEIGHT - text.get_height()) // 2))

    def draw_keyboard(self):
        pg = self.pygame
        down = self.machine.hardware.keys_down()
        leds = self.machine.hardware.leds()
        top = self.keyboard_top
        for rect in self.key_rects:
            lit = rect.key in down
            colour = KEY_LIT if lit else KEY_COLOURS.get(rect.style, KEY_COLOURS["plain"])
            box = pg.Rect(rect.x, top + rect.y, rect.w, rect.h)
            pg.draw.rect(self.surface, colour, box, border_radius=3)
            if leds.get(rect.key):                  # the BBC's CAPS LOCK / SHIFT LOCK lights
                pg.draw.circle(self.surface, LED_ON, (box.right - 6, box.top + 6), 3)
            if rect.legend in ARROW_LEGENDS:       # drawn: the default font has no arrow glyphs
                self._draw_arrows(box, ARROW_LEGENDS[rect.legend], (20, 20, 20) if lit else KEY_LEGEND)
            elif rect.legend:
                label = self.key_font.render(rect.legend, True, (20, 20, 20) if lit else KEY_LEGEND)
                if label.get_width() > rect.w - 2:
                    label = pg.transform.smoothscale(label, (rect.w - 2, label.get_height()))
                self.surface.blit(label, label.get_rect(center=box.center))

    def _draw_arrows(self, box, directions, colour):
        pg = self.pygame
        cx, cy = box.center
        half = max(4, min(box.w, box.h) // 4)
        head = max(3, half // 2)
        for dx, dy in directions:
            tip = (cx + dx * half, cy + dy * half)
            pg.draw.line(self.surface, colour, (cx - dx * half * (len(directions) == 1), cy - dy * half * (len(directions) == 1)), tip, 2)
            side = (-dy, dx)
            pg.draw.polygon(self.surface, colour, [
                tip, (tip[0] - dx * head + side[0] * head, tip[1] - dy * head + side[1] * head),
                (tip[0] - dx * head - side[0] * head, tip[1] - dy * head - side[1] * head)])

    def key_box(self, key):
        """The window rectangle of a machine key in the keyboard view (None if not shown)."""
        for rect in self.key_rects:
            if rect.key == key:
                return self.pygame.Rect(rect.x, self.keyboard_top + rect.y, rect.w, rect.h)
        return None

    def draw_debugger(self):
        pg = self.pygame
        pg.draw.rect(self.surface, PANEL_COLOUR, self.panel_rect)
        step = self.mono_font.get_linesize()
        y = self.panel_rect.y + 6
        for line in self.debug_view.lines()[:PANEL_LINES]:
            heading = line in ("REGISTERS", "DISASSEMBLY", "BREAKPOINTS") or line.startswith("MEMORY $")
            colour = PANEL_HEADING if heading else PANEL_PC if line.startswith(">") else PANEL_TEXT
            if line:
                self.surface.blit(self.mono_font.render(line, True, colour), (self.panel_rect.x + 8, y))
            y += step

    def draw_help(self):
        pg = self.pygame
        lines = ["Alt+T turbo    Alt+P or Pause: pause    Alt+B BREAK (also F12)",
                 "Alt+V paste clipboard (drop a file to type it)    Alt+S screenshot (PNG)",
                 "Alt+K keyboard view    Alt+L logical/positional keys    Alt+M mute",
                 "Alt+D debugger panel (stopped: S step, O over, U out, C continue, R rewind, B break)",
                 "Alt+W save state    Alt+R load it back    Alt+H this help    Alt+Q quit",
                 "Alt+E tape PLAY / stop    Alt+N rewind the tape",
                 "Alt+X eject drive 0's disc / put the next one in (drop a .ssd/.dsd: drive 0)"]
        if self.options.program_help:
            lines = list(self.options.program_help) + [""] + lines
        # at the foot of the screen, over the status line's top: a game's board is at the top
        height = 20 * len(lines) + 12
        width = min(self.size[0] - 16, max(self.font.size(line)[0] for line in lines) + 16)
        box = pg.Rect(8, self.status_rect.top - 8 - height, width, height)
        pg.draw.rect(self.surface, (0, 0, 0), box)
        for i, line in enumerate(lines):
            self.surface.blit(self.font.render(line, True, TEXT_COLOUR), (box.x + 8, box.y + 6 + 20 * i))

    def close(self):
        pg = self.pygame
        self.bridge.release_all()
        if self.audio is not None:
            pg.mixer.quit()
        pg.display.quit()


def run_window(machine, args, script=None):
    """`acorn run` in a window; returns the exit status.  NoDisplay (a UserError, exit 2) if none.
    `script`: the run's ScriptRun (emulator/script.py), the same steps a headless run takes."""
    options = Options.from_args(args)
    window = Window(machine, options)
    if script is not None:
        window.script = script
    try:
        status = window.run()
    finally:
        window.close()
    if status == EXIT_TIMEOUT:
        print(f"acorn run: {window.script.failure}", file=sys.stderr)
    machine = window.machine                # Alt+R may have put a loaded machine in its place
    if getattr(args, "print_screen", False):
        rows = machine.screen.text()
        while rows and not rows[-1]:
            rows.pop()
        for row in rows:
            print(row)
    if getattr(args, "screenshot", None):
        machine.screenshot(args.screenshot)
    return status
