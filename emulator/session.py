"""The headless scripting API: a whole machine driven the way a person would drive it.

    from emulator import Machine
    m = Machine("atom")                     # roms="DIR" for a user's ROM set
    m = Machine("bbc", files="DIR")         # fit the host filing card serving DIR (None: no card);
                                            # BBC: discs={1: "x.ssd"} mounts read-only drives 1-3
    m = Machine("bbc", roms=..., drives={0: "x.ssd"}, writable=False)
                                            # disc images in the 8271's drives 0-3 (docs/discs.md;
                                            # the Atom's disc pack too, with dos.rom in roms)
    m.hardware.insert_disc(0, "y.ssd"); m.hardware.eject(0)    # swap discs (written back if writable)
    m = Machine("bbc", roms=..., tape="x.uef", record="out.uef", tape_speed=1)
                                            # a UEF tape, PLAY down; what is saved to tape goes to
                                            # out.uef at close_files() (docs/tapes.md; Atom too)
    m.type("PRINT 2+2\\n")                  # real key presses through the keyboard matrix
    m.run_until_text("4", max_seconds=5)    # emulated seconds; raises Timeout
    m.screen.text(); m.screen.rgb(); m.screenshot("out.png")
    m.memory[0x70], m.cpu.pc, m.cycles

No pygame here: a window is the front end's business.  Machines are built from their models
(emulator/machines/registry.py), so every machine stands behind the same API.
"""
import math
import os

from emulator.errors import EXIT_JAM, EXIT_TIMEOUT, UserError
from emulator.machines import registry
from emulator.machines.power_on import check_seed, new_seed

STOP_JAM = 1


class Timeout(UserError):
    """The text did not appear within the emulated time allowed."""

    exit_code = EXIT_TIMEOUT


class Halted(UserError):
    """The CPU executed a JAM opcode and stopped."""

    exit_code = EXIT_JAM


def _rom_set(machine, roms):
    """A dict of ROM images: given directly, read from a user's directory, or our own firmware."""
    if isinstance(roms, dict):
        return dict(roms)
    from emulator.firmware import rom_set
    return rom_set(machine, roms_dir=None if roms is None else str(roms))


class MemoryView:
    """machine.memory[addr] reads without side effects; assignment writes as the CPU would."""

    def __init__(self, bus, now):
        self._bus = bus
        self._now = now

    def __len__(self):
        return 0x10000

    def __getitem__(self, index):
        if isinstance(index, slice):
            return bytes(self._bus.peek(a) for a in range(*index.indices(0x10000)))
        return self._bus.peek(index & 0xFFFF)

    def __setitem__(self, index, value):
        if isinstance(index, slice):
            for a, v in zip(range(*index.indices(0x10000)), value):
                self._bus.write(a, v, self._now())
        else:
            self._bus.write(index & 0xFFFF, value, self._now())

    def word(self, addr):
        return self[addr] | self[(addr + 1) & 0xFFFF] << 8


def _state_options(options):
    """The options as a save state records them: whether the filing card is fitted (not the
    directory it serves: that is the user's choice when the state is loaded) and the disc images
    by their absolute paths (a disc image made in memory cannot be recorded)."""
    plain = dict(options)
    if plain.get("files") is not None:
        plain["files"] = True
    for option, attribute in (("discs", "source"), ("drives", "path")):
        if plain.get(option):
            plain[option] = {str(drive): _image_path(getattr(disc, attribute, disc), drive)
                             for drive, disc in plain[option].items()}
    if plain.get("tape") is not None:
        plain["tape"] = _image_path(getattr(plain["tape"], "source", plain["tape"]), "cassette")
    if plain.get("record") is not None:
        plain["record"] = os.path.abspath(os.fspath(plain["record"]))
    return plain


def _image_path(path, drive):
    """The absolute path a disc image in `drive` (or a tape in the "cassette") was read from
    (ValueError if it was not a file)."""
    if not isinstance(path, (str, os.PathLike)) or not os.path.isfile(path):
        what = "the tape" if drive == "cassette" else f"the disc in drive {drive}"
        raise ValueError(f"{what} was not read from a file")
    return os.path.abspath(os.fspath(path))


class Machine:
    CHECK_INTERVAL_S = 1 / 60           # how often run_until_text looks at the screen (emulated)

    def __init__(self, name=registry.DEFAULT, roms=None, seed=None, **options):
        """`seed`: the power-on RAM pattern (emulator/machines/power_on.py); None picks a fresh one,
        kept in `self.seed` and in a save state."""
        self.model = registry.model(name)
        if seed is None:
            seed = new_seed()
        try:
            check_seed(seed)
        except ValueError as e:
            raise UserError(str(e)) from None
        self.name = name
        self.seed = seed
        self.options = dict(options, seed=seed)     # kept for save states (a state records them)
        images = _rom_set(name, roms)
        if roms is None and not (self.options.get("drives") or self.options.get("disc_interface")):
            # Our firmware's disc filing system comes with the disc interface, fitted when a disc
            # drive is used (docs/discs.md): without it PAGE stays at &E00 and the host filing card
            # is the filing system.
            images.pop("dfs", None)
        self.hardware = self.model.build(images, **self.options)
        self.memory = MemoryView(self.hardware.bus, lambda: self.hardware.cpu.cycles)

    # --- what is there ------------------------------------------------------------------------------

    @property
    def cpu(self):
        return self.hardware.cpu

    @property
    def cycles(self):
        return self.hardware.cpu.cycles

    @property
    def seconds(self):
        return self.hardware.cpu.cycles / self.hardware.clock_hz

    @property
    def screen(self):
        return self.hardware.screen

    def screenshot(self, path):
        self.hardware.screen.screenshot(path)

    def beeps(self):
        """What the machine has sounded so far.  Atom: every finished burst of its speaker
        (emulator.chips.speaker.Beep).  BBC: every note of its SN76489, i.e. each change of what a
        channel plays, the bell among them (emulator.chips.sn76489.Note; attenuation 15 is silence)."""
        return self.hardware.beeps()

    # --- input --------------------------------------------------------------------------------------

    def type(self, text, **timing):
        """Queue key presses that type `text` (see the machine's `type` for the timing options)."""
        return self.hardware.type(text, **timing)

    def press(self, key):
        self.hardware.press(key)

    def release(self, key):
        self.hardware.release(key)

    def key_down(self, key):
        """A person's key press (the window's): the key goes down now, or once the firmware is ready
        if earlier presses are still waiting, and stays down while held."""
        self.hardware.key_down(key)

    def key_up(self, key):
        """A person let go of `key`: it comes up once the firmware has read it, however short the
        press (emulator/machines/typist.py)."""
        self.hardware.key_up(key)

    def break_key(self):
        self.hardware.break_key()

    # --- save states (emulator/state.py) ------------------------------------------------------------

    def save_state(self, path):
        """Write the whole machine to `path` (through a temporary file, then renamed)."""
        from emulator import __version__
        from emulator import state as save_states

        try:
            options = _state_options(self._options_now())
            save_states.check_plain(options, "options")
        except ValueError as e:
            raise UserError(f"{path}: a machine built with these options cannot be saved ({e})") from None
        self.hardware.flush_discs()     # a writable disc's file holds what the state's machine wrote
        header = {"emulator": __version__, "machine": self.name, "options": options,
                  "roms": save_states.rom_digest(self.hardware),
                  "rom_names": sorted(self.hardware.rom_images()), "cycles": self.cycles}
        try:
            data = save_states.pack(header, save_states.machine_state(self.hardware))
        except ValueError as e:             # e.g. an event scheduled by a script with a lambda
            raise UserError(f"{path}: this machine cannot be saved ({e})") from None
        save_states.write_file(path, data)

    def _options_now(self):
        """The options, with the discs in the drives as they are now (a window may have swapped
        them since the machine was built): each disc once, by the lowest drive it fills."""
        options = dict(self.options)
        discs = self.hardware.discs
        if discs or options.get("drives"):
            now = {}
            for drive, disc in sorted(discs.items()):
                if all(disc is not other for other in now.values()):
                    now[drive] = disc
            options["drives"] = now
        return options

    @classmethod
    def load_state(cls, path, roms=None, files="."):
        """A new Machine in the state saved at `path`, built with the options it was saved with and
        `roms` (our own firmware by default; it must be the ROM set the state was saved with).

        When the state has the host filing card, the card serves `files` (default: the current
        directory): the directory served is the choice of whoever loads the state, never the
        file's.  Open files are reopened by name in that directory."""
        from emulator import state as save_states

        header, state = save_states.read_file(path)
        name, options = header.get("machine"), header.get("options")
        if name not in registry.MACHINES or not isinstance(options, dict):
            raise save_states.BadState(f"{path}: the save state is of an unknown machine {name!r}")
        if options.get("files") is not None:        # True; states made before this: the old path
            if files is None:
                raise save_states.BadState(f"{path}: the save state has the host filing card; "
                                           f"give it a directory to serve (--files DIR)")
            options["files"] = files
        try:
            if isinstance(options.get("discs"), dict):      # JSON keys are text; drives are numbers
                options["discs"] = {int(drive): disc for drive, disc in options["discs"].items()}
            if isinstance(options.get("drives"), dict):
                options["drives"] = {int(drive): disc for drive, disc in options["drives"].items()}
            machine = cls(name, roms=roms, **options)
        except (TypeError, ValueError) as e:
            raise save_states.BadState(f"{path}: the save state's {name} options do not fit ({e})") from None
        if save_states.rom_digest(machine.hardware) != header.get("roms"):
            raise save_states.BadState(
                f"{path}: the save state was made with another {name} ROM set "
                f"({', '.join(header.get('rom_names') or [])}); load it with the ROMs it was saved with")
        try:
            save_states.set_machine_state(machine.hardware, state)
        except save_states.BadState as e:
            raise save_states.BadState(f"{path}: {e}") from None
        except (KeyError, IndexError, TypeError, ValueError, AttributeError) as e:
            raise save_states.BadState(f"{path}: the save state does not fit this {name} "
                                       f"({type(e).__name__}: {e})") from None
        return machine

    # --- running ------------------------------------------------------------------------------------

    def run_cycles(self, n):
        self._run_to(self.cycles + int(n))

    def run(self, seconds):
        self.run_cycles(round(seconds * self.hardware.clock_hz))

    TYPING_CHECK_S = 0.01               # how often run_until_typed looks at the typist (emulated)

    def run_until(self, predicate, max_seconds, every=CHECK_INTERVAL_S):
        """Run until `predicate()` is true: the one waiting loop (text on the screen, keys typed,
        a prompt, a script's steps in emulator/script.py, the window's frames).  It looks first,
        then after every `every` emulated seconds (a number, or a function asked before each
        step).  True once the predicate held; False when `max_seconds` of emulated time passed
        first (math.inf: no limit).  Halted if the CPU stops on a JAM."""
        clock_hz = self.hardware.clock_hz
        deadline = None if max_seconds == math.inf else self.cycles + round(max_seconds * clock_hz)
        while not predicate():
            if deadline is not None and self.cycles >= deadline:
                return False
            step = max(1, round((every() if callable(every) else every) * clock_hz))
            self._run_to(self.cycles + step if deadline is None else min(self.cycles + step, deadline))
        return True

    def run_until_typed(self, max_seconds=60):
        """Run until every queued key press has happened (each key waits until the firmware takes
        it: emulator/machines/typist.py); Timeout after `max_seconds` of emulated time."""
        hw = self.hardware
        if not self.run_until(lambda: not hw.typing, max_seconds, self.TYPING_CHECK_S):
            raise Timeout(f"typing not finished within {max_seconds:g} emulated seconds "
                          f"(the machine is not reading its keyboard)")

    def run_until_text(self, text, max_seconds=10):
        """Run until `text` is on the screen; Timeout after `max_seconds` of emulated time."""
        screen = self.hardware.screen
        if not self.run_until(lambda: text in "\n".join(screen.text()), max_seconds):
            raise Timeout(f"{text!r} did not appear on the screen within {max_seconds:g} emulated seconds")

    def close_files(self):
        """Write out what the machine has written to files it left open on the host filing card,
        and write each writable disc's changes back to its image file."""
        self.hardware.flush_discs()
        self.hardware.cassette.save_recording()   # a recording goes to its UEF file (docs/tapes.md)
        card = self.hardware.filing_card
        if card is not None:
            from emulator.media.hostfs import CardError

            try:
                card.close_all()
            except CardError as e:
                raise UserError(f"writing the files the machine left open: {e.message}") from None

    def _run_to(self, cycle):
        reason = self.hardware.run_until(cycle)
        if reason == STOP_JAM:
            raise Halted(f"the CPU halted (JAM) at ${self.cpu.pc:04X}")
        return reason
