"""The pygame window driven offscreen (SDL's dummy video and audio drivers), on the Atom with the echo
test ROM and on the BBC Micro with the hardware test MOS.

Each test posts real pygame events into the real window loop and reads the window's own pixels back;
the expected picture is the machine's screen.rgb() scaled by repeating pixels, computed here.
"""
import os
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from emulator.asm import assemble
from emulator.errors import UserError
from emulator.session import Machine

ROMS = Path(__file__).resolve().parents[2] / "emulator" / "programs"
BBC_CMD, BBC_PARAM, BBC_COUNT, BBC_MODE, BBC_BUFFER = 0x8E, 0x8D, 0x8B, 0x8F, 0x0300
_IMAGES = {}


def image(name):
    if name not in _IMAGES:
        path = ROMS / f"{name}.s"
        _IMAGES[name] = assemble(path.read_text(), filename=str(path)).image
    return _IMAGES[name]


@pytest.fixture
def make_window(pg):
    from emulator.frontend.window import Options, Window
    windows = []

    def make(machine, **options):
        options.setdefault("firmware", "test ROM")
        w = Window(machine, Options(**options), pygame=pg)
        windows.append(w)
        return w

    yield make
    for w in windows:
        w.close()


def atom(rom="atom_echo"):
    return Machine("atom", roms={"kernel": image(rom)})


def bbc(mode=0):
    m = Machine("bbc", roms={"mos": image("bbc_hw")})
    m.memory[BBC_MODE] = mode
    return m


def key(pg, kind, keycode, scancode=0, char="", mod=0):
    pg.event.post(pg.event.Event(kind, key=keycode, scancode=scancode, unicode=char, mod=mod))


def steps(w, n):
    for _ in range(n):
        w.step()


def window_picture(pg, w):
    pixels = pg.surfarray.array3d(w.surface).swapaxes(0, 1)
    r = w.picture_rect
    return pixels[r.top:r.bottom, r.left:r.right]


def scaled(rgb, scale):
    return np.repeat(np.repeat(rgb, scale, axis=0), scale, axis=1)


def lit_fraction(pg, w, machine_key):
    """How much of a key's box in the keyboard view is the lit colour."""
    from emulator.frontend.window import KEY_LIT
    box = w.key_box(machine_key)
    pixels = pg.surfarray.array3d(w.surface)[box.left:box.right, box.top:box.bottom]
    return float(np.all(pixels == KEY_LIT, axis=2).mean())


# --- the picture --------------------------------------------------------------------------------------

def test_atom_keys_typed_in_the_window_echo_and_the_window_shows_the_screen_scaled(pg, make_window):
    m = atom()
    w = make_window(m, scale=3, audio=False)
    steps(w, 5)
    for keycode, scancode, char, mod in [(pg.K_h, 11, "h", 0), (pg.K_i, 12, "i", 0),
                                         (pg.K_QUOTE, 52, '"', pg.KMOD_SHIFT), (pg.K_EQUALS, 46, "=", 0)]:
        if mod:
            key(pg, pg.KEYDOWN, pg.K_LSHIFT, 225)
        key(pg, pg.KEYDOWN, keycode, scancode, char, mod)
        steps(w, 4)
        key(pg, pg.KEYUP, keycode, scancode)
        if mod:
            key(pg, pg.KEYUP, pg.K_LSHIFT, 225)
        steps(w, 4)
    assert m.screen.text()[0] == 'HI"='
    rgb = m.screen.rgb()
    assert rgb.shape == (192, 256, 3)
    picture = window_picture(pg, w)
    assert picture.shape == (576, 768, 3)
    assert np.array_equal(picture, scaled(rgb, 3))
    assert w.surface.get_size()[0] == 768


def test_bbc_mode7_and_mode1_pictures_are_shown_unchanged_centred(pg, make_window):
    from emulator.frontend.window import BACKGROUND
    for mode, shape in [(0, (500, 480, 3)), (1, (512, 640, 3))]:
        m = bbc(mode)
        w = make_window(m, audio=False)
        steps(w, 10)
        rgb = m.screen.rgb()
        assert rgb.shape == shape and rgb.any()
        picture = window_picture(pg, w)
        assert np.array_equal(picture, rgb)
        pixels = pg.surfarray.array3d(w.surface).swapaxes(0, 1)
        if w.picture_rect.left > 0:
            assert tuple(pixels[10, 0]) == BACKGROUND   # the canvas around a narrower picture
        w.close()


def test_bbc_keys_reach_the_matrix_and_light_in_the_keyboard_view(pg, make_window):
    m = bbc()
    w = make_window(m, keyboard=True, audio=False)
    steps(w, 3)
    key(pg, pg.KEYDOWN, pg.K_F12, 69)          # BREAK
    key(pg, pg.KEYDOWN, pg.K_END, 77)          # COPY
    key(pg, pg.KEYDOWN, pg.K_EQUALS, 46, "=")  # SHIFT + -
    steps(w, 1)
    assert m.hardware.reset_held
    assert sorted(m.hardware.keyboard.pressed) == [0x00, 0x17, 0x69]   # SHIFT, -, COPY
    for name in ("BREAK", "COPY", "-", "SHIFT"):
        assert lit_fraction(pg, w, name) > 0.5, name
    assert lit_fraction(pg, w, "F0") == 0.0
    for keycode in (pg.K_F12, pg.K_END, pg.K_EQUALS):
        key(pg, pg.KEYUP, keycode)
    steps(w, 1)
    assert not m.hardware.reset_held
    # BREAK held the 6502 in reset, so nothing read COPY or -: a press is an event, and they stay
    # down until the firmware has read them, or for a second (emulator/machines/typist.py)
    assert sorted(m.hardware.keyboard.pressed) == [0x00, 0x17, 0x69]
    steps(w, 60)
    assert not m.hardware.keyboard.pressed
    assert lit_fraction(pg, w, "COPY") == 0.0
    # the CAPS LOCK light follows IC32 bit 6 (low = on); the test MOS leaves it high (off)
    from emulator.frontend.window import LED_ON
    box = w.key_box("CAPS LOCK")
    led = (box.right - 6, box.top + 6)
    assert tuple(w.surface.get_at(led))[:3] != LED_ON
    m.hardware.latch &= ~0x40
    steps(w, 1)
    assert tuple(w.surface.get_at(led))[:3] == LED_ON


def test_atom_keyboard_view_lights_host_mouse_and_pasted_keys(pg, make_window):
    m = atom()
    w = make_window(m, keyboard=True, audio=False)
    steps(w, 2)
    assert lit_fraction(pg, w, "Q") == 0.0
    key(pg, pg.KEYDOWN, pg.K_q, 20, "q")
    steps(w, 1)
    assert m.hardware.keyboard.is_down("Q") and lit_fraction(pg, w, "Q") > 0.5
    key(pg, pg.KEYUP, pg.K_q, 20)
    steps(w, 1)
    assert lit_fraction(pg, w, "Q") == 0.0
    # a mouse click on REPT holds it while the button is down
    centre = w.key_box("REPT").center
    pg.event.post(pg.event.Event(pg.MOUSEBUTTONDOWN, button=1, pos=centre))
    steps(w, 1)
    assert m.hardware.keyboard.rept and lit_fraction(pg, w, "REPT") > 0.5
    pg.event.post(pg.event.Event(pg.MOUSEBUTTONUP, button=1, pos=centre))
    steps(w, 1)
    assert not m.hardware.keyboard.rept
    # a paste types through the matrix: the view shows each key as the typing reaches it
    w.paste_text("Z")
    seen = False
    for _ in range(10):
        w.step()
        seen = seen or lit_fraction(pg, w, "Z") > 0.5
    assert seen
    steps(w, 10)
    assert m.screen.text()[0] == "QZ"              # Q from the host key, Z from the paste


def test_alt_commands_pause_turbo_screenshot_break(pg, make_window, tmp_path):
    m = atom()
    w = make_window(m, audio=False, screenshot_dir=str(tmp_path))
    steps(w, 3)
    key(pg, pg.KEYDOWN, pg.K_p, 19, "p", pg.KMOD_LALT)
    steps(w, 1)
    before = m.cycles
    steps(w, 5)
    assert w.paused and m.cycles == before
    key(pg, pg.KEYDOWN, pg.K_PAUSE)
    steps(w, 1)
    assert not w.paused and m.cycles > before
    assert not m.hardware.keyboard.down                 # Alt commands never reach the machine
    # one frame is one 60 Hz field of cycles in real time, more in turbo
    start = m.cycles
    w.step()
    assert m.cycles - start == pytest.approx(1_000_000 / 60, abs=20)
    key(pg, pg.KEYDOWN, pg.K_t, 23, "t", pg.KMOD_LALT)
    steps(w, 2)
    start = m.cycles
    w.step()
    assert w.turbo and m.cycles - start > 1_000_000 / 60 * 1.5
    key(pg, pg.KEYDOWN, pg.K_s, 22, "s", pg.KMOD_RALT)
    steps(w, 1)
    shots = list(tmp_path.glob("acorn-atom-*.png"))
    assert len(shots) == 1 and shots[0].read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    # BREAK from the host: the echo ROM clears the screen on reset
    m.type("A")
    steps(w, 20)
    assert m.screen.text()[0] == "A"
    key(pg, pg.KEYDOWN, pg.K_b, 5, "b", pg.KMOD_LALT)
    steps(w, 10)
    assert m.screen.text()[0] == ""
    assert "TURBO" in w.status_text() and "Acorn Atom" in w.status_text()


def test_dropped_file_is_typed_and_status_shows_speed(pg, make_window, tmp_path):
    listing = tmp_path / "keys.txt"
    listing.write_text("OK\n")
    m = atom()
    w = make_window(m, audio=False)
    pg.event.post(pg.event.Event(pg.DROPFILE, file=str(listing)))
    w.run(host_seconds=1.2)
    assert m.screen.text()[0].startswith("OK")
    text = w.status_text()
    assert "MHz" in text and "%" in text and "test ROM" in text
    assert 0.9 < w.speed.ratio < 1.1 and 0.9 < w.speed.mhz < 1.1
    pg.event.post(pg.event.Event(pg.DROPFILE, file=str(tmp_path / "missing.txt")))
    w.step()
    assert "missing.txt: cannot read the file to paste" in w.status_text()
    with pytest.raises(UserError, match="cannot read the file to paste"):
        w.paste_file(tmp_path / "missing.txt")


# --- sound --------------------------------------------------------------------------------------------

def test_atom_speaker_stream_joins_frames_without_a_seam(pg):
    from emulator.frontend.audio import DCBlocker, SoundSource
    whole_machine, framed_machine = atom("atom_beep"), atom("atom_beep")
    frames, per_frame = 30, 1_000_000 // 60
    framed = SoundSource(framed_machine.hardware)
    whole_source = SoundSource(whole_machine.hardware)
    pieces = []
    for frame in range(1, frames + 1):
        framed_machine.run_cycles(frame * per_frame - framed_machine.cycles)
        pieces.append(framed.take(frame * per_frame))
    whole_machine.run_cycles(frames * per_frame)
    whole = whole_source.take(frames * per_frame)
    joined = np.concatenate(pieces)
    assert len(joined) == len(whole) and np.abs(whole).max() > 0.1     # the beeps are in it
    assert np.allclose(joined, whole, atol=1e-4)
    # the DC blocker: a constant level gives no step at the start and decays, a block split changes nothing
    blocker = DCBlocker()
    assert np.abs(blocker(np.full(500, 0.25))).max() == 0.0
    signal = np.sign(np.sin(np.arange(5000) / 7.0)).astype(np.float32)
    one, two = DCBlocker(), DCBlocker()
    assert np.allclose(one(signal), np.concatenate([two(signal[:1234]), two(signal[1234:])]), atol=1e-5)


def test_bbc_sound_chip_feeds_the_mixer_stream(pg, make_window):
    m = bbc()
    w = make_window(m)
    assert w.audio is not None and w.sound.chip is m.hardware.sound
    steps(w, 5)
    # tone 0 at N = 0x0FE (4 MHz / (32 * 254) = 492 Hz), attenuation 0
    data = [0x8E, 0x0F, 0x90]
    for i, byte in enumerate(data):
        m.memory[BBC_BUFFER + i] = byte
    m.memory[BBC_COUNT] = len(data)
    m.memory[BBC_CMD] = 1
    pushed = []
    original = w.audio.push
    w.audio.push = lambda samples: (pushed.append(samples), original(samples))
    steps(w, 10)
    sound = np.concatenate(pushed)
    assert np.abs(sound).max() > 0.1
    crossings = np.count_nonzero(np.diff(np.sign(sound[len(sound) // 2:])) > 0)
    seconds = len(sound[len(sound) // 2:]) / w.audio.rate
    assert crossings / seconds == pytest.approx(4_000_000 / (32 * 0xFE), rel=0.1)
    assert w.audio.channel.get_busy()


def test_mute_option_and_toggle(pg, make_window):
    m = atom("atom_beep")
    w = make_window(m, mute=True)
    steps(w, 3)
    assert w.audio.muted and len(w.audio.buffer) == 0 and "muted" in w.status_text()
    key(pg, pg.KEYDOWN, pg.K_m, 16, "m", pg.KMOD_LALT)
    steps(w, 3)
    assert not w.audio.muted


# --- the command line ---------------------------------------------------------------------------------

def _rom_dir(tmp_path):
    tmp_path.mkdir(exist_ok=True)
    (tmp_path / "kernel.rom").write_bytes(image("atom_echo"))
    (tmp_path / "basic.rom").write_bytes(bytes(4096))      # a socket the echo ROM never calls
    return tmp_path


def _acorn(args, env_changes):
    env = dict(os.environ)
    env.pop("SDL_VIDEODRIVER", None)
    env.pop("WAYLAND_DISPLAY", None)
    env.update(env_changes)
    return subprocess.run([sys.executable, "-m", "emulator.cli", *args], capture_output=True, text=True,
                          env=env, timeout=120)


def test_no_display_is_a_one_line_error_with_exit_2(tmp_path):
    roms = _rom_dir(tmp_path)
    result = _acorn(["run", "--roms", str(roms), "--max-seconds", "0.2"], {"DISPLAY": ""})
    assert result.returncode == 2
    assert result.stderr.startswith("acorn run: no display is available") and "--headless" in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1 and "Traceback" not in result.stderr
    fallback = _acorn(["run", "--roms", str(roms), "--max-seconds", "2", "--fallback-headless",
                       "--type", "HI\\r", "--print-screen"], {"DISPLAY": ""})
    assert fallback.returncode == 0 and "running headless" in fallback.stderr
    assert fallback.stdout.splitlines()[0] == "HI"


def test_window_from_the_command_line_offscreen(tmp_path):
    roms = _rom_dir(tmp_path / "roms")
    paste = tmp_path / "paste.txt"
    paste.write_text("GO\n")
    shot = tmp_path / "end.png"
    result = _acorn(["run", "--roms", str(roms), "--max-seconds", "1", "--paste", str(paste), "--mute",
                     "--scale", "2", "--keyboard-view", "--print-screen", "--screenshot", str(shot)],
                    {"SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"})
    assert result.returncode == 0, result.stderr
    assert result.stdout.splitlines()[0] == "GO"
    assert shot.read_bytes()[:4] == b"\x89PNG"
    found = _acorn(["run", "--roms", str(roms), "--type", "YES", "--until", "YES", "--max-seconds", "30"],
                   {"SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"})
    assert found.returncode == 0, found.stderr
    missing = _acorn(["run", "--roms", str(roms), "--until", "NO", "--max-seconds", "0.3"],
                     {"SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"})
    assert missing.returncode == 3 and "'NO' did not appear" in missing.stderr
    bad = _acorn(["run", "--roms", str(roms), "--scale", "0"], {"SDL_VIDEODRIVER": "dummy"})
    assert bad.returncode == 2 and bad.stderr.strip() == "acorn run: --scale must be from 1 to 8"


# --- pacing -------------------------------------------------------------------------------------------

@pytest.mark.slow
@pytest.mark.skipif(os.environ.get("ACORN_PURE_PYTHON") == "1",
                    reason="real-time pacing needs the compiled core (the uncompiled BBC runs near real time)")
@pytest.mark.parametrize("name, field_hz", [("atom", 60), ("bbc", 50)])
def test_frame_pacing_over_ten_seconds(pg, make_window, name, field_hz):
    m = atom() if name == "atom" else bbc(1)
    w = make_window(m, audio=False)
    cycles = m.cycles
    w.run(host_seconds=10.0)
    rate = w.measured_rate()
    emulated = (m.cycles - cycles) / m.hardware.clock_hz
    elapsed = w.frame_times[-1] - w.frame_times[0]
    print(f"\n{name}: {rate:.3f} frames/s over {elapsed:.2f} s ({rate / field_hz * 100:.2f}% of {field_hz} Hz), "
          f"emulated {emulated / elapsed * 100:.2f}% of real time, {w.presented} of {w.frames} frames drawn, "
          f"{w.pacer.resyncs} resyncs")
    assert rate == pytest.approx(field_hz, rel=0.02)
    assert emulated / elapsed == pytest.approx(1.0, rel=0.02)


# --- the debugger panel -------------------------------------------------------------------------------

def test_debugger_panel_steps_breaks_continues_and_rewinds(pg, make_window):
    from emulator.frontend.window import PANEL_COLOUR
    rom = assemble((ROMS / "atom_echo.s").read_text(), filename=str(ROMS / "atom_echo.s"))
    m = Machine("atom", roms={"kernel": rom.image})
    w = make_window(m, audio=False)
    steps(w, 3)
    width_before = w.surface.get_width()
    key(pg, pg.KEYDOWN, pg.K_d, 7, "d", pg.KMOD_LALT)
    steps(w, 1)
    # beside the picture; on SDL's 1024-wide dummy display the Atom's picture drops from scale 3 to 2
    assert w.show_debugger and w.paused and w.surface.get_width() == w.canvas.width + w.panel_rect.width
    assert w.scale == 2 and width_before == 3 * 256 and w.surface.get_width() <= 1024
    assert tuple(w.surface.get_at((w.panel_rect.right - 2, w.panel_rect.bottom - 2)))[:3] == PANEL_COLOUR
    cpu = m.cpu
    view = w.debug_view
    lines = view.lines()
    assert lines[1] == f"PC ${cpu.pc:04X}  A ${cpu.a:02X}  X ${cpu.x:02X}  Y ${cpu.y:02X}  S ${cpu.s:02X}"
    assert any(line.startswith(f">{cpu.pc:04X}") for line in view.disassembly_lines())
    # S steps one instruction; keys reach the panel, not the machine, while stopped
    before = cpu.instructions
    key(pg, pg.KEYDOWN, pg.K_s, 22, "s")
    steps(w, 1)
    assert cpu.instructions == before + 1 and not m.hardware.keyboard.down
    # B puts a breakpoint at PC (the field-sync wait loop runs again), C continues until it is hit
    pc = cpu.pc
    key(pg, pg.KEYDOWN, pg.K_b, 5, "b")
    steps(w, 1)
    assert view.breakpoint_lines()[0].startswith(f"break 1: ${pc:04X}")
    key(pg, pg.KEYDOWN, pg.K_c, 6, "c")
    steps(w, 1)
    steps(w, 2)
    assert w.paused and cpu.pc == pc and "breakpoint 1" in view.message
    # R rewinds one instruction
    at = cpu.instructions
    key(pg, pg.KEYDOWN, pg.K_r, 21, "r")
    steps(w, 1)
    assert cpu.instructions == at - 1
    # the memory window follows the arrows
    key(pg, pg.KEYDOWN, pg.K_DOWN, 81)
    steps(w, 1)
    assert view.memory_lines()[0].startswith("0008 ")
    # closing the panel keeps the breakpoints: running on stops there again and reopens it
    key(pg, pg.KEYDOWN, pg.K_d, 7, "d", pg.KMOD_LALT)
    steps(w, 1)
    assert not w.show_debugger
    key(pg, pg.KEYDOWN, pg.K_p, 19, "p", pg.KMOD_LALT)
    steps(w, 3)
    assert w.paused and w.show_debugger and cpu.pc == pc


def test_alt_e_and_alt_n_play_stop_and_rewind_the_tape(pg, make_window):
    from emulator.media.uef import Tape, Tone
    m = Machine("atom", roms={"kernel": image("atom_echo")}, tape=Tape([Tone(24000)]))
    w = make_window(m, audio=False)
    deck = m.hardware.cassette
    assert deck.playing
    steps(w, 30)
    key(pg, pg.KEYDOWN, pg.K_e, 8, "e", pg.KMOD_LALT)
    steps(w, 1)
    assert not deck.playing and deck.position > 0
    key(pg, pg.KEYDOWN, pg.K_n, 17, "n", pg.KMOD_LALT)
    steps(w, 1)
    assert deck.position == 0
    key(pg, pg.KEYDOWN, pg.K_e, 8, "e", pg.KMOD_LALT)
    steps(w, 5)
    assert deck.playing and deck.tape_cycle(m.cycles) > 0
    assert not m.hardware.keyboard.down


# --- discs ---------------------------------------------------------------------------------------------

def test_a_dropped_disc_goes_in_drive_0_and_alt_x_ejects_and_cycles(pg, make_window, tmp_path):
    from emulator.media.dfs_disc import build_ssd
    first, second = tmp_path / "first.ssd", tmp_path / "second.ssd"
    first.write_bytes(build_ssd([(" ", "ONE", 0x2900, 0x2900, b"1")], title="FIRST"))
    second.write_bytes(build_ssd([(" ", "TWO", 0x2900, 0x2900, b"2")], title="SECOND"))
    # The disc pack comes with a DOS ROM (here blank: the window's part is the drive, not DOS).
    m = Machine("atom", roms={"kernel": image("atom_echo"), "dos": bytes(4096)}, writable=True)
    w = make_window(m, audio=False)
    drive = m.hardware.discs
    pg.event.post(pg.event.Event(pg.DROPFILE, file=str(first)))
    w.step()
    assert drive[0].path == str(first) and drive[0].writable
    assert "drive 0: first.ssd" in w.status_text()
    drive[0].write_sector(0, 0, 9, b"W" * 256)                 # what the machine wrote to the disc
    key(pg, pg.KEYDOWN, pg.K_x, mod=pg.KMOD_ALT)
    w.step()
    assert 0 not in drive and "ejected and written back" in w.status_text()
    assert first.read_bytes()[9 * 256:10 * 256] == b"W" * 256   # written back on eject
    pg.event.post(pg.event.Event(pg.DROPFILE, file=str(second)))
    w.step()
    assert drive[0].path == str(second)
    for expected in (None, str(first), None, str(second)):     # eject, next, eject, next ...
        key(pg, pg.KEYDOWN, pg.K_x, mod=pg.KMOD_ALT)
        w.step()
        assert (drive[0].path if 0 in drive else None) == expected
    pg.event.post(pg.event.Event(pg.DROPFILE, file=str(tmp_path / "missing.ssd")))
    w.step()
    assert "missing.ssd: cannot read the disc image" in w.status_text() and drive[0].path == str(second)


def test_a_disc_dropped_on_a_machine_without_drives_is_a_message(pg, make_window, tmp_path):
    from emulator.media.dfs_disc import build_ssd
    disc = tmp_path / "disc.ssd"
    disc.write_bytes(build_ssd([], title="EMPTY"))
    w = make_window(atom(), audio=False)
    pg.event.post(pg.event.Event(pg.DROPFILE, file=str(disc)))
    w.step()
    assert "no disc pack" in w.status_text()
