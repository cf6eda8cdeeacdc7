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
