"""Every machine shows the suite the same face and states its facts once, in its model
(emulator/machines/model.py, declared by the machine's module, found through the registry)."""
import pytest

from emulator import Machine
from emulator.machines import registry
from emulator.machines.model import KeyboardModel, MachineModel

NAMES = registry.names()


@pytest.mark.parametrize("name", NAMES)
def test_the_model_is_declared_by_its_module_and_says_what_the_suite_asks(name):
    model = registry.model(name)
    assert isinstance(model, MachineModel) and isinstance(model.keyboard, KeyboardModel)
    assert model.name == name
    assert any(spec.required for spec in model.roms.values())
    assert all(f"{spec.name}" == key for key, spec in model.roms.items())
    assert model.field_hz in (50, 60) and len(model.canvas) == 2 and model.default_scale >= 1
    assert "{:X}" in model.start_command
    assert 0xFF00 <= min(model.os_entry_points) and model.output_vector < 0x300
    drawn = {key for row in model.keyboard.rows for _, key, _, _ in row if key is not None}
    assert all(model.keyboard.key_name(key) == key for key in drawn)      # every drawn key exists
    assert model.keyboard.chord_for("A")[1] == "A"


def test_an_unknown_machine_is_one_line_naming_the_known_ones():
    from emulator.errors import UserError
    with pytest.raises(UserError, match="unknown machine 'vic20' \\(known: atom, bbc\\)"):
        registry.model("vic20")


@pytest.mark.parametrize("name", NAMES)
def test_break_is_a_key_like_any_other_and_shows_as_down(name):
    m = Machine(name, seed=1)
    m.run(0.05)
    hardware = m.hardware
    m.press("BREAK")
    assert "BREAK" in hardware.keys_down() and hardware.reset_held
    m.release("BREAK")
    assert "BREAK" not in hardware.keys_down() and not hardware.reset_held
    m.press("A")
    assert "A" in hardware.keys_down()
    m.release("A")
    assert "A" not in hardware.keys_down()


@pytest.mark.parametrize("name", NAMES)
def test_every_machine_answers_the_same_questions(name):
    hardware = Machine(name, seed=1).hardware
    assert isinstance(hardware.leds(), dict)
    assert (hardware.sound_chip is None) != (hardware.speaker is None)   # one sound source
    assert hardware.beeps() == []
    assert hardware.flush_discs() is None
    assert hardware.rom_images() and all(isinstance(n, str) for n in hardware.rom_names)


def test_the_bbc_lights_follow_caps_lock():
    m = Machine("bbc", seed=1)
    m.run_until_text(">", max_seconds=5)
    assert m.hardware.leds() == {"CAPS LOCK": True, "SHIFT LOCK": False}


def test_a_third_machine_is_its_module_and_a_registry_line(monkeypatch):
    # A variant Atom with its RAM expanded, declared as a new machine's module would declare it:
    # everything that reads models takes it, and nothing needs its name.
    import dataclasses
    import sys
    import types

    from emulator import firmware
    from emulator.basic.listing import check_lines
    from emulator.commands.run_cmd import check_machine_options
    from emulator.debug.symbols import SymbolTable
    from emulator.errors import UserError
    from emulator.frontend.keymap import KeyboardBridge
    from emulator.frontend.layouts import key_rects
    from emulator.machines import atom

    module = types.ModuleType("third_machine")
    module.MODEL = dataclasses.replace(
        atom.MODEL, name="atom32", title="Atom with 32K", options=frozenset({"via"}),
        build=lambda roms, **options: atom.Atom(roms, ram="expanded", **options))
    monkeypatch.setitem(sys.modules, module.__name__, module)
    monkeypatch.setitem(registry.MACHINES, "atom32", module.__name__)

    m = Machine("atom32", roms=firmware.rom_set("atom"), seed=1)
    m.run_until_text(">", max_seconds=5)
    m.memory[0x5000] = 0x42                                      # expanded RAM is there
    assert m.memory[0x5000] == 0x42
    pressed = []
    bridge = KeyboardBridge("atom32", pressed.append, lambda key: None)
    bridge.key_down(1, "f12")
    assert pressed == ["BREAK"]
    assert {rect.key for rect in key_rects("atom32", 640)[0]} >= {"RETURN", "BREAK"}
    assert check_lines("10 PRINT 1\n", "atom32") == [(1, "10 PRINT 1")]
    assert SymbolTable("atom32").values["OSWRCH"] == 0xFFF4
    with pytest.raises(UserError, match="--ram is an Acorn Atom option, not one of the Atom with 32K"):
        check_machine_options("atom32", {"ram": "expanded"})
