"""Host keys to the machine's keys: logical (by the character typed) or positional (by the key's place).

No pygame here: host keys arrive as pygame's key names ("left shift", "f12", "a", "'"), the SDL
scancode (a USB HID usage number, the key's physical place whatever the host layout) and the
character the host layout typed.  `KeyboardBridge` turns them into presses and releases of the
machine's own keys and keeps SHIFT right:

* logical mode (the default): a symbol key presses the machine key that makes the same character,
  with the machine's SHIFT forced up or down as that key needs while it is held (host `"` is
  SHIFT+2 on both Acorns, host `=` is SHIFT+- on the BBC and the Atom).  Letters go to the letter
  key with the host's SHIFT, so the machine's CAPS LOCK / LOCK decides their case as on the real
  keyboard.
* positional mode (games): every key goes to the machine key in the same place on a UK/US PC
  keyboard, and SHIFT is always the host's.

Named keys (BREAK, COPY, ESCAPE, DELETE, the function keys, CAPS LOCK, SHIFT LOCK, LOCK, REPT,
the arrows) are the same in both modes.  A config file (TOML) can override any host key, see
`load_overrides` and docs/frontend.md.
"""
import os
import tomllib
from pathlib import Path

from emulator.errors import UserError
from emulator.inputs import read_input
from emulator.machines.registry import model

KEYMAP_LIMIT = 1 << 20          # a keymap file names a few hundred keys at most

LOGICAL = "logical"
POSITIONAL = "positional"
MODES = (LOGICAL, POSITIONAL)

FOLLOW = None           # a binding's SHIFT: follow the host's SHIFT keys
# otherwise True (SHIFT held down) or False (SHIFT kept up) while the key is held


class Binding:
    """One host key's meaning: a machine key and what SHIFT does while it is held."""

    __slots__ = ("key", "shift")

    def __init__(self, key, shift=FOLLOW):
        self.key = key
        self.shift = shift

    def __eq__(self, other):
        return isinstance(other, Binding) and (self.key, self.shift) == (other.key, other.shift)

    def __repr__(self):
        prefix = {True: "SHIFT+", False: "NOSHIFT+", None: ""}[self.shift]
        return f"Binding({prefix}{self.key})"


# --- named keys: the same in both modes ---------------------------------------------------------------

# The PC keys every machine has a key for; each machine's model adds its own (host_keys).
COMMON_KEYS = {
    "left shift": "SHIFT", "right shift": "SHIFT", "left ctrl": "CTRL", "right ctrl": "CTRL",
    "escape": "ESCAPE", "return": "RETURN", "enter": "RETURN", "backspace": "DELETE",
    "delete": "DELETE", "space": "SPACE", "f12": "BREAK", "end": "COPY", "f11": "COPY",
}


def named_keys(machine):
    """pygame's name of a PC key -> the machine key it stands for, the same in both modes."""
    return dict(COMMON_KEYS, **model(machine).keyboard.host_keys)


def host_bindings(machine):
    """PC keys whose machine key needs SHIFT forced (the Atom's two cursor keys): name -> Binding."""
    return {host: Binding(key, shift) for host, (key, shift) in model(machine).keyboard.host_bindings.items()}


# --- positional mode: SDL scancodes (USB HID usage IDs) to the machine key in that place ---------------

SCANCODE_NAMES = {4 + i: chr(ord("a") + i) for i in range(26)}
SCANCODE_NAMES.update({30 + i: str(i + 1) for i in range(9)})
SCANCODE_NAMES.update({
    39: "0", 45: "minus", 46: "equals", 47: "leftbracket", 48: "rightbracket", 49: "backslash",
    50: "nonushash", 51: "semicolon", 52: "apostrophe", 53: "grave", 54: "comma", 55: "period",
    56: "slash", 100: "nonusbackslash",
})

# --- the machine side ---------------------------------------------------------------------------------

def canonical_key(machine, name):
    """The machine's own name for a key (UserError naming the machine if there is none)."""
    return model(machine).keyboard.key_name(name)


def char_binding(machine, char):
    """The binding that types `char` on the machine, or None if its keyboard cannot make it."""
    try:
        modifiers, key = model(machine).keyboard.chord_for(char)
    except UserError:
        return None
    if "CTRL" in modifiers:
        return None
    return Binding(key, "SHIFT" in modifiers)


def parse_binding(machine, text, where):
    """A config file's value: "KEY", "SHIFT+KEY", "NOSHIFT+KEY" or "" (the host key does nothing)."""
    text = str(text).strip()
    if text == "" or text.lower() == "none":
        return None
    shift = FOLLOW
    upper = text.upper()
    if upper.startswith("SHIFT+") and len(text) > 6:
        shift, text = True, text[6:]
    elif upper.startswith("NOSHIFT+") and len(text) > 8:
        shift, text = False, text[8:]
    try:
        return Binding(canonical_key(machine, text), shift)
    except UserError as e:
        raise UserError(f"{where}: {e}") from None


def default_config_path():
    base = os.environ.get("XDG_CONFIG_HOME") or os.path.join(os.path.expanduser("~"), ".config")
    return Path(base) / "acorn" / "keymap.toml"


def load_overrides(machine, path=None, mode=LOGICAL):
    """{host key name: Binding or None} from a keymap file's [machine] table (and, in positional
    mode, its [machine.positional] table).  Without `path` the default file is read if it exists."""
    explicit = path is not None
    path = Path(path) if explicit else default_config_path()
    if not explicit and not path.exists():
        return {}
    raw = read_input(path, "keymap file", KEYMAP_LIMIT)
    try:
        data = tomllib.loads(raw.decode("utf-8"))
    except UnicodeDecodeError:
        raise UserError(f"{path}: cannot read the keymap file: not UTF-8 text") from None
    except tomllib.TOMLDecodeError as e:
        raise UserError(f"{path}: not a valid TOML keymap ({e})") from None
    table = data.get(machine, {})
    if not isinstance(table, dict):
        raise UserError(f"{path}: [{machine}] must be a table of host key = machine key")
    overrides = {}
    layers = [(table, machine)]
    if mode == POSITIONAL and isinstance(table.get("positional"), dict):
        layers.append((table["positional"], f"{machine}.positional"))
    for layer, section in layers:
        for host, value in layer.items():
            if isinstance(value, dict):
                continue                    # a sub-table such as [bbc.positional]
            if not isinstance(value, str):
                raise UserError(f"{path}: [{section}] {host!r} must be a string naming a key")
            overrides[host.strip().lower()] = parse_binding(machine, value, f"{path}: [{section}] {host!r}")
    return overrides


def mapping_table(machine):
    """Rows (host key, machine key) of the named keys, for the documentation and the help screen."""
    rows = list(named_keys(machine).items())
    rows += [(host, repr(b).removeprefix("Binding(").rstrip(")")) for host, b in host_bindings(machine).items()]
    return rows


class KeyboardBridge:
    """Presses and releases the machine's keys for host key events, counting holds per machine key
    so two host keys on one machine key (both SHIFTs) do not release each other."""

    def __init__(self, machine_name, press, release, mode=LOGICAL, overrides=None):
        if mode not in MODES:
            raise UserError(f"unknown key mapping mode {mode!r} (known: {', '.join(MODES)})")
        self.machine = machine_name
        keyboard = model(machine_name).keyboard
        self.named = named_keys(machine_name)
        self.bindings = host_bindings(machine_name)
        self.positions = keyboard.pc_positions
        self.positional_extras = keyboard.positional_extras
        self._press = press
        self._release = release
        self.mode = mode
        self.overrides = dict(overrides or {})
        self.held = {}                  # host key id -> Binding, in the order pressed
        self.counts = {}                # machine key -> how many held bindings press it
        self.host_shift = 0             # host SHIFT keys down
        self.shift_down = False         # what the machine's SHIFT is

    # --- resolving ---------------------------------------------------------------------------------

    def resolve(self, name, scancode=0, char=""):
        """The Binding for a host key, or None if it means nothing to the machine."""
        name = (name or "").lower()
        if name in self.overrides:
            return self.overrides[name]
        named = self.named.get(name)
        if named is not None:
            return Binding(named)
        if name in self.bindings:
            return self.bindings[name]
        if self.mode == POSITIONAL:
            place = SCANCODE_NAMES.get(scancode)
            if place is None:
                key = self.positional_extras.get(name)
                return Binding(key) if key else None
            key = place.upper() if len(place) == 1 else self.positions.get(place)
            return Binding(key) if key else None
        if len(name) == 1 and "a" <= name <= "z":
            return Binding(name.upper())
        if char and len(char) == 1 and " " < char < "\x7f" or char == "£":
            binding = char_binding(self.machine, char)
            if binding is not None:
                return binding
        if len(name) == 1:              # no character (CTRL held): the key's own unshifted symbol
            binding = char_binding(self.machine, name)
            if binding is not None:
                return Binding(binding.key, FOLLOW)
        return None

    # --- events -----------------------------------------------------------------------------------

    def key_down(self, key_id, name, scancode=0, char=""):
        """A host key went down; returns the Binding used (None: ignored)."""
        if key_id in self.held:
            return self.held[key_id]            # host auto-repeat: the machine repeats by itself
        binding = self.resolve(name, scancode, char)
        if binding is None:
            return None
        self.held[key_id] = binding
        if binding.key == "SHIFT" and binding.shift is FOLLOW:
            self.host_shift += 1
        else:
            self._update_shift()                # SHIFT goes down before the key, as a person does it
            self._hold(binding.key)
        self._update_shift()
        return binding

    def key_up(self, key_id):
        binding = self.held.pop(key_id, None)
        if binding is None:
            return None
        if binding.key == "SHIFT" and binding.shift is FOLLOW:
            self.host_shift = max(0, self.host_shift - 1)
        else:
            self._unhold(binding.key)
        self._update_shift()
        return binding

    def release_all(self):
        for key_id in list(self.held):
            self.key_up(key_id)

    def _hold(self, key):
        self.counts[key] = self.counts.get(key, 0) + 1
        if self.counts[key] == 1:
            self._press(key)

    def _unhold(self, key):
        count = self.counts.get(key, 0) - 1
        if count <= 0:
            self.counts.pop(key, None)
            self._release(key)
        else:
            self.counts[key] = count

    def wanted_shift(self):
        """The SHIFT the machine should see: the last held key that forces it, else the host's."""
        for binding in reversed(list(self.held.values())):
            if binding.shift is not FOLLOW:
                return binding.shift
        return self.host_shift > 0

    def _update_shift(self):
        wanted = self.wanted_shift()
        if wanted != self.shift_down:
            self.shift_down = wanted
            (self._press if wanted else self._release)("SHIFT")
