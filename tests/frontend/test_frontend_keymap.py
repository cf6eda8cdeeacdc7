"""Host keys to machine keys (emulator.frontend.keymap): no pygame, no window.

Expected keys come from the machines' printed keyboards (the bit-paired symbols: " is SHIFT+2 and =
is SHIFT+- on both), written out here by hand.
"""
import sys

import pytest

from emulator.errors import UserError
from emulator.frontend.keymap import (LOGICAL, POSITIONAL, Binding, KeyboardBridge, load_overrides,
                                      mapping_table)


class Recorder:
    def __init__(self):
        self.down = set()
        self.log = []

    def press(self, key):
        assert key not in self.down, f"{key} pressed twice"
        self.down.add(key)
        self.log.append(("press", key))

    def release(self, key):
        assert key in self.down, f"{key} released while up"
        self.down.discard(key)
        self.log.append(("release", key))


def bridge(machine, mode=LOGICAL, overrides=None):
    rec = Recorder()
    return KeyboardBridge(machine, rec.press, rec.release, mode, overrides), rec


@pytest.mark.parametrize("machine", ["bbc", "atom"])
def test_logical_double_quote_is_shift_2_although_the_host_key_is_elsewhere(machine):
    b, rec = bridge(machine)
    b.key_down(1, "left shift", 225, "")
    assert rec.down == {"SHIFT"}
    b.key_down(2, "'", 52, '"')                    # host SHIFT+' types "
    assert rec.down == {"SHIFT", "2"}
    b.key_up(2)
    b.key_up(1)
    assert rec.down == set()
    assert ("press", "SHIFT") in rec.log and rec.log.index(("press", "SHIFT")) < rec.log.index(("press", "2"))


@pytest.mark.parametrize("machine", ["bbc", "atom"])
def test_logical_equals_forces_shift_and_at_sign_drops_it(machine):
    b, rec = bridge(machine)
    b.key_down(1, "=", 46, "=")                    # unshifted on the host, SHIFT+- on the machine
    assert rec.down == {"SHIFT", "-"}
    b.key_up(1)
    assert rec.down == set()
    b.key_down(3, "left shift", 225, "")
    b.key_down(4, "2", 31, "@")                    # host SHIFT+2 is @: the machine's own @ key, no SHIFT
    assert rec.down == {"@"}
    b.key_up(4)
    assert rec.down == {"SHIFT"}                   # the host's SHIFT is still held
    b.key_up(3)
    assert rec.down == set()


def test_letters_follow_the_host_shift_so_caps_lock_decides():
    b, rec = bridge("bbc")
    b.key_down(1, "a", 4, "a")
    assert rec.down == {"A"}
    b.key_up(1)
    b.key_down(2, "right shift", 229, "")
    b.key_down(3, "q", 20, "Q")
    assert rec.down == {"SHIFT", "Q"}


def test_ctrl_with_a_letter_reaches_the_machine():
    b, rec = bridge("atom")
    b.key_down(1, "left ctrl", 224, "")
    b.key_down(2, "g", 10, "\x07")
    assert rec.down == {"CTRL", "G"}


def test_named_keys_on_both_machines():
    b, rec = bridge("bbc")
    for key_id, name, expected in [(1, "f12", "BREAK"), (2, "end", "COPY"), (3, "escape", "ESCAPE"),
                                   (4, "backspace", "DELETE"), (5, "f10", "F0"), (6, "f3", "F3"),
                                   (7, "caps lock", "CAPS LOCK"), (8, "home", "SHIFT LOCK"),
                                   (9, "up", "UP"), (10, "tab", "TAB")]:
        assert b.key_down(key_id, name) == Binding(expected), name
    b, rec = bridge("atom")
    for key_id, name, expected in [(1, "f12", "BREAK"), (2, "caps lock", "LOCK"), (3, "tab", "REPT"),
                                   (4, "end", "COPY"), (5, "delete", "DELETE")]:
        assert b.key_down(key_id, name).key == expected, name


def test_atom_arrow_keys_use_shift_for_the_other_direction():
    b, rec = bridge("atom")
    b.key_down(1, "down")
    assert rec.down == {"SHIFT", "UPDOWN"}
    b.key_up(1)
    b.key_down(2, "right shift")
    b.key_down(3, "right")                        # SHIFT held on the host, but right is unshifted
    assert rec.down == {"LEFTRIGHT"}
    b.key_up(3)
    assert rec.down == {"SHIFT"}


def test_two_shift_keys_and_host_auto_repeat():
    b, rec = bridge("bbc")
    b.key_down(1, "left shift")
    b.key_down(2, "right shift")
    b.key_up(1)
    assert rec.down == {"SHIFT"}
    b.key_up(2)
    assert rec.down == set()
    b.key_down(3, "a", 4, "a")
    b.key_down(3, "a", 4, "a")                    # auto-repeat: no second press
    assert rec.log.count(("press", "A")) == 1


def test_positional_mode_uses_the_physical_place():
    b, rec = bridge("bbc", POSITIONAL)
    b.key_down(1, "left shift", 225, "")
    b.key_down(2, "'", 52, '"')                    # the key right of ; is : on the BBC
    assert rec.down == {"SHIFT", ":"}
    b.key_up(2)
    b.key_down(3, "q", 20, "a")                    # an AZERTY host: the key in Q's place is Q
    assert rec.down == {"SHIFT", "Q"}
    b, rec = bridge("atom", POSITIONAL)
    b.key_down(1, "-", 45, "-")
    assert rec.down == {":"}


def test_config_file_overrides(tmp_path):
    path = tmp_path / "keymap.toml"
    path.write_text('[bbc]\n"right alt" = "SHIFT LOCK"\n"f11" = ""\n"page down" = "SHIFT+2"\n'
                    '[bbc.positional]\n"f1" = "COPY"\n[atom]\n"f1" = "rept"\n')
    bbc = load_overrides("bbc", path)
    assert bbc == {"right alt": Binding("SHIFT LOCK"), "f11": None, "page down": Binding("2", True)}
    assert load_overrides("bbc", path, POSITIONAL)["f1"] == Binding("COPY")
    assert load_overrides("atom", path) == {"f1": Binding("REPT")}
    b, rec = bridge("bbc", overrides=bbc)
    assert b.key_down(1, "f11") is None
    b.key_down(2, "page down")
    assert rec.down == {"SHIFT", "2"}


def test_config_file_errors_are_one_line(tmp_path):
    path = tmp_path / "bad.toml"
    path.write_text('[atom]\n"f1" = "FLOOP"\n')
    with pytest.raises(UserError, match=r"bad.toml: \[atom\] 'f1': unknown Atom key name 'FLOOP'"):
        load_overrides("atom", path)
    path.write_text('[atom\n')
    with pytest.raises(UserError, match="not a valid TOML keymap"):
        load_overrides("atom", path)
    with pytest.raises(UserError, match="cannot read the keymap file: no such file"):
        load_overrides("atom", tmp_path / "missing.toml")


def test_mapping_table_names_every_special_key():
    bbc = dict(mapping_table("bbc"))
    assert {"BREAK", "COPY", "ESCAPE", "DELETE", "CAPS LOCK", "SHIFT LOCK", "F0", "F9"} <= set(bbc.values())
    atom = dict(mapping_table("atom"))
    assert {"BREAK", "COPY", "ESCAPE", "DELETE", "LOCK", "REPT"} <= set(atom.values())
    assert "SHIFT+UPDOWN" in atom.values() and "NOSHIFT+LEFTRIGHT" in atom.values()


def test_the_headless_api_does_not_import_pygame():
    import subprocess
    code = ("import sys; from emulator.session import Machine; import emulator.commands.run_cmd; "
            "import emulator.frontend.keymap; print('pygame' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"
