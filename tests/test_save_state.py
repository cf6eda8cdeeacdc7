"""Save states (emulator/state.py, Machine.save_state / Machine.load_state).

The test that decides: a Silver Dollar game on each machine is saved in the middle, the original
plays on, and a fresh machine loaded from the state is given the same calls from that point: after
every call it must show the same cycle count, screen and memory as the original did, and at the end
the two machines' whole states must be equal.
"""
import functools
import hashlib
import os
import struct
from pathlib import Path

import pytest

import emulator
from emulator.basic.silver_dollar_harness import Harness, Policy
from emulator.errors import EXIT_BAD_STATE, UserError
from emulator.session import Machine
from emulator.state import FORMAT_VERSION, MAGIC, BadState, check_plain, machine_state, pack, unpack

ROOT = Path(__file__).resolve().parent.parent
PROGRAMS = ROOT / "basic_programs"
MACHINES = ("atom", "bbc")
# Uncompiled, typing the listings alone takes minutes.
SLOW_UNCOMPILED = [pytest.mark.slow] if not emulator.compiled() else []


def booted(name, **options):
    m = Machine(name, **options)
    m.run(1.5)
    return m


def fingerprint(m):
    """What a person and a test can see of a machine: time, registers, screen, memory, sound."""
    hw = m.hardware
    return (m.cycles, m.cpu.pc, m.cpu.a, m.cpu.x, m.cpu.y, m.cpu.s, m.cpu.p, tuple(m.screen.text()),
            hashlib.sha256(bytes(hw.bus.memory)).hexdigest(),
            hashlib.sha256(m.screen.rgb().tobytes()).hexdigest(), len(m.beeps()))


# --- the state itself -----------------------------------------------------------------------------

@pytest.mark.parametrize("name", MACHINES)
def test_state_is_plain_data_and_loads_back_equal(name, tmp_path):
    m = booted(name)
    m.type("PRINT 6*7\r")
    m.run(0.05)                                     # typing under way: a queue and a tick to save
    state = machine_state(m.hardware)
    check_plain(state)
    assert state["typist"]["queue"], "the typing queue should be in the state"
    assert any(event[2] == "typist" for event in state["clock"]["events"])
    path = tmp_path / "s.state"
    m.save_state(path)
    loaded = Machine.load_state(path)
    assert machine_state(loaded.hardware) == state
    assert loaded.name == name and loaded.cycles == m.cycles
    again = tmp_path / "again.state"
    loaded.save_state(again)
    assert again.read_bytes() == path.read_bytes()


@pytest.mark.parametrize("name", MACHINES)
def test_loaded_machine_redoes_what_the_original_did(name, tmp_path):
    m = booted(name)
    m.type("PRINT 6*7\r")
    m.run(0.2)
    path = tmp_path / "s.state"
    m.save_state(path)
    m.run(1.0)
    m.type("PRINT 99\r")
    m.run_until_typed()
    m.run(0.5)
    loaded = Machine.load_state(path)
    loaded.run(1.0)
    loaded.type("PRINT 99\r")
    loaded.run_until_typed()
    loaded.run(0.5)
    assert fingerprint(loaded) == fingerprint(m)
    assert machine_state(loaded.hardware) == machine_state(m.hardware)
    assert "42" in "\n".join(loaded.screen.text()) and "99" in "\n".join(loaded.screen.text())


def test_atom_via_timers_and_pending_event_survive(tmp_path):
    """The Atom's optional VIA with T1 free-running and its interrupt enabled: the chip's pending
    clock event is saved, found again on load, and later cancelled and rescheduled the same way."""
    m = booted("atom", via=True)
    m.memory[0xB80B] = 0x40                         # ACR: T1 free-run
    m.memory[0xB804] = 0x34
    m.memory[0xB805] = 0x12                         # T1 = &1234, started
    m.memory[0xB80E] = 0xC0                         # IER: T1
    m.run_cycles(2000)                              # before T1's first underflow
    via = m.hardware.via
    assert via._event is not None
    path = tmp_path / "via.state"
    m.save_state(path)
    loaded = Machine.load_state(path)
    assert loaded.hardware.via._event is not None
    assert loaded.hardware.via._event.cycle == via._event.cycle
    for machine in (m, loaded):
        machine.memory[0xB804] = 0x00
        machine.memory[0xB805] = 0x02               # restart T1: the old event is cancelled
        machine.run_cycles(20000)
    assert fingerprint(loaded) == fingerprint(m)
    assert machine_state(loaded.hardware) == machine_state(m.hardware)


def test_bbc_break_held_and_keys_down_are_saved(tmp_path):
    m = booted("bbc")
    m.press("SHIFT")
    m.hardware.break_key(modifiers=("CTRL",))      # scheduled: Call events on the machine itself
    m.run_cycles(50_000)                           # CTRL down, BREAK held
    assert m.hardware.reset_held
    path = tmp_path / "break.state"
    m.save_state(path)
    loaded = Machine.load_state(path)
    assert loaded.hardware.reset_held and loaded.hardware.keyboard.pressed == m.hardware.keyboard.pressed
    m.release("SHIFT")
    loaded.release("SHIFT")
    m.run(1.0)
    loaded.run(1.0)
    assert fingerprint(loaded) == fingerprint(m)


# --- the decisive test: Silver Dollar saved mid-game ----------------------------------------------

class Recorder:
    """Stands in for the harness's Machine.  Everything passes through; just before the driving
    call number `save_at` the machine is saved, and from then on every driving call is logged with
    its outcome and what the machine looked like after it."""

    DRIVING = ("type", "run", "run_cycles", "run_until_typed", "run_until_text", "break_key", "press",
               "release", "_run_to")

    def __init__(self, machine, save_at, path):
        self._machine = machine
        self._save_at = save_at
        self._path = path
        self.calls = 0
        self.log = None

    def __getattr__(self, name):
        if name == "run_until":
            # The one waiting loop, run over this stand-in: its predicate may drive the machine
            # itself, so each of its steps (_run_to) is logged in order with the predicate's calls.
            return functools.partial(Machine.run_until, self)
        attribute = getattr(self._machine, name)
        if name not in self.DRIVING:
            return attribute

        def call(*args, **kwargs):
            if self.calls == self._save_at:
                self._machine.save_state(self._path)
                self.log = []
            self.calls += 1
            outcome = perform(self._machine, name, args, kwargs)
            if self.log is not None:
                self.log.append(((name, args, kwargs), outcome, fingerprint(self._machine)))
            if isinstance(outcome, Exception):
                raise outcome
            return outcome
        return call


def perform(machine, name, args, kwargs):
    try:
        return getattr(machine, name)(*args, **kwargs)
    except UserError as e:                          # e.g. Timeout: part of what happened
        return e


@pytest.mark.parametrize("name", [pytest.param(n, marks=SLOW_UNCOMPILED) for n in MACHINES])
def test_silver_dollar_saved_mid_game_continues_cycle_for_cycle(name, tmp_path):
    harness = Harness(name, PROGRAMS / f"silver_dollar_{name}.bas")
    path = tmp_path / "mid-game.state"
    # A long game (8 computer moves on the Atom with its RND as Acorn's, seed 4; seed 2 on the BBC);
    # the save falls inside it, while the listing runs.
    recorder = Recorder(harness.machine, save_at={"atom": 50, "bbc": 150}[name], path=path)
    harness.machine = recorder
    game = harness.play({"atom": 4, "bbc": 2}[name], Policy(best=0.5, illegal=0.3))
    assert game.mismatches == [] and game.computer_moves >= 5
    print(f"\n{name}: {recorder.calls} calls, saved before call {recorder._save_at}")
    assert recorder.log is not None and len(recorder.log) >= 100, "the save should be mid-game"
    original = recorder._machine

    loaded = Machine.load_state(path)
    for (name_, args, kwargs), outcome, seen in recorder.log:
        again = perform(loaded, name_, args, kwargs)
        assert repr(again) == repr(outcome)
        assert fingerprint(loaded) == seen, f"after {name_}{args}"
    assert machine_state(loaded.hardware) == machine_state(original.hardware)


# --- the file: a clear error for anything that is not a whole state of this format -----------------

@pytest.fixture(scope="module")
def atom_state(tmp_path_factory):
    path = tmp_path_factory.mktemp("states") / "atom.state"
    booted("atom").save_state(path)
    return path.read_bytes()


def load_error(tmp_path, data):
    path = tmp_path / "bad.state"
    path.write_bytes(data)
    with pytest.raises(BadState) as info:
        Machine.load_state(path)
    message = str(info.value)
    assert "\n" not in message and str(path) in message
    assert info.value.exit_code == EXIT_BAD_STATE
    return message


def test_the_file_starts_with_the_magic_and_version(atom_state):
    assert atom_state.startswith(MAGIC)
    assert struct.unpack_from(">H", atom_state, len(MAGIC))[0] == FORMAT_VERSION


def test_not_a_state(tmp_path):
    assert "not an acorn save state" in load_error(tmp_path, b"10 PRINT \"HELLO\"\n")


def test_empty_and_truncated(tmp_path, atom_state):
    assert "truncated" in load_error(tmp_path, b"")
    for size in (len(MAGIC) - 3, len(MAGIC) + 1, len(MAGIC) + 5, len(atom_state) // 2, len(atom_state) - 1):
        assert "truncated" in load_error(tmp_path, atom_state[:size])


def test_damaged(tmp_path, atom_state):
    for offset in (len(MAGIC) + 10, len(atom_state) // 2, len(atom_state) - 40, len(atom_state) - 1):
        data = bytearray(atom_state)
        data[offset] ^= 0x01
        message = load_error(tmp_path, bytes(data))
        assert "damaged" in message or "truncated" in message
    assert "damaged" in load_error(tmp_path, atom_state + b"\0")


def test_another_format_version(tmp_path, atom_state):
    data = bytearray(atom_state)
    struct.pack_into(">H", data, len(MAGIC), FORMAT_VERSION + 1)
    assert f"format version {FORMAT_VERSION + 1}" in load_error(tmp_path, bytes(data))


def test_another_rom_set(tmp_path):
    from emulator.firmware import rom_set
    roms = rom_set("atom")
    path = tmp_path / "ours.state"
    booted("atom").save_state(path)
    changed = dict(roms)
    name = sorted(changed)[0]
    changed[name] = bytes([changed[name][0] ^ 0xFF]) + changed[name][1:]
    with pytest.raises(BadState, match="another atom ROM set"):
        Machine.load_state(path, roms=changed)
    assert Machine.load_state(path, roms=roms).cycles > 0


def test_an_unknown_machine_and_a_payload_that_does_not_fit(tmp_path, atom_state):
    header, state = unpack(atom_state)
    assert "unknown machine" in load_error(tmp_path, pack(dict(header, machine="vic20"), state))
    state["keyboard"]["shift"] = "not a key"
    del state["keyboard"]["row_bits"]
    assert "does not fit" in load_error(tmp_path, pack(header, state))
    del state["speaker"]
    assert "devices" in load_error(tmp_path, pack(header, state))


def test_a_scheduled_call_is_restricted_to_the_machine(tmp_path, atom_state):
    header, state = unpack(atom_state)
    state["clock"]["events"].append([10**9, 10**6, "machine", "__init__", []])
    assert "does not make" in load_error(tmp_path, pack(header, state))


def test_saving_replaces_a_file_whole_and_leaves_no_temporary(tmp_path):
    path = tmp_path / "s.state"
    path.write_bytes(b"an older file")
    m = booted("atom")
    m.save_state(path)
    assert Machine.load_state(path).cycles == m.cycles
    assert sorted(os.listdir(tmp_path)) == ["s.state"]
    with pytest.raises(UserError, match="cannot write"):
        m.save_state(tmp_path / "no such directory" / "s.state")
    assert sorted(os.listdir(tmp_path)) == ["s.state"]


def test_a_missing_file(tmp_path):
    with pytest.raises(BadState, match="cannot read"):
        Machine.load_state(tmp_path / "nothing.state")


def test_plain_data_check_names_the_place():
    with pytest.raises(ValueError, match=r"state\.x\[1\] is a set"):
        check_plain({"x": [1, {2}]})
    with pytest.raises(ValueError, match="key that is not a string"):
        check_plain({"x": {1: 2}})


# --- acorn run --load-state / --save-state --------------------------------------------------------

def test_command_line_saves_at_the_end_and_starts_from_a_state(tmp_path, capsys):
    from emulator.cli import main
    path = tmp_path / "cli.state"
    assert main(["run", "--machine", "atom", "--headless", "--type", "A=21\r",
                 "--save-state", str(path)]) == 0
    capsys.readouterr()
    assert main(["run", "--headless", "--load-state", str(path), "--type", "PRINT A*2\r",
                 "--print-screen"]) == 0
    assert "42" in capsys.readouterr().out
    assert main(["run", "--headless", "--load-state", str(path), "--machine", "bbc"]) == 2
    path.write_bytes(path.read_bytes()[:100])
    assert main(["run", "--headless", "--load-state", str(path)]) == EXIT_BAD_STATE
    assert "truncated" in capsys.readouterr().err


# --- the window: Alt+W saves, Alt+R loads -------------------------------------------------------

def alt(pg, letter):
    keycode = getattr(pg, f"K_{letter}")
    pg.event.post(pg.event.Event(pg.KEYDOWN, key=keycode, scancode=0, unicode=letter, mod=pg.KMOD_LALT))


def test_window_alt_w_saves_and_alt_r_loads_it_back(pg, tmp_path):
    from emulator.frontend.window import Options, Window
    w = Window(booted("atom"), Options(screenshot_dir=str(tmp_path), audio=False), pygame=pg)
    try:
        for _ in range(5):
            w.step()
        alt(pg, "w")
        w.step()                                    # events first: the state is the frame's start
        path = tmp_path / "acorn-atom.state"
        assert path.exists() and "state saved" in w.message
        _, saved = unpack(path.read_bytes())
        w.paste_text("PRINT 5\r")
        for _ in range(40):
            w.step()
        first = w.machine
        alt(pg, "r")
        w.step()
        assert w.machine is not first and "state loaded" in w.message
        assert 0 < w.machine.cycles - saved["cpu"]["cycles"] < w.frame_cycles + 10   # one frame on
        assert w.load_state()
        assert machine_state(w.machine.hardware) == saved
        path.write_bytes(b"not a state")
        loaded = w.machine
        alt(pg, "r")
        w.step()
        assert w.machine is loaded and "not an acorn save state" in w.message
    finally:
        w.close()


def test_a_machine_with_an_unnameable_event_cannot_be_saved(tmp_path):
    m = booted("atom")
    m.hardware.clock.schedule(m.cycles + 1000, lambda cycle: None)
    with pytest.raises(UserError, match="cannot be saved.*cycle"):
        m.save_state(tmp_path / "s.state")
    assert not (tmp_path / "s.state").exists()


def test_options_that_do_not_fit(tmp_path, atom_state):
    header, state = unpack(atom_state)
    assert "options do not fit" in load_error(tmp_path, pack(dict(header, options={"colour": 1}), state))


def test_an_open_file_on_the_filing_card_carries_on_after_loading(tmp_path):
    files = tmp_path / "files"
    files.mkdir()
    m = Machine("bbc", files=files)
    m.run_until_text(">", max_seconds=5)
    m.type('F%=OPENOUT "LOG":BPUT#F%,65:BPUT#F%,66\r')
    m.run_until_typed()
    m.run(0.3)
    m.save_state(tmp_path / "open.state")
    loaded = Machine.load_state(tmp_path / "open.state", files=files)      # the directory to serve
    for machine in (m, loaded):
        machine.type('BPUT#F%,67:CLOSE#F%:PRINT "DO";"NE"\r')      # DONE only once it has run
        machine.run_until_text("DONE", max_seconds=5)
        assert (files / "LOG").read_bytes() == b"ABC"
