"""The window's polish (issue 24): the debugger panel's disassembly, the window's size without a window
manager, the speed readout after a pause, no sound device, and the files every sub-command reads."""
import pytest

from emulator.session import Machine

# Code at $2000 whose bytes also decode from the middle of its instructions: LDA #$03 / TXA
# read from the $03 is SLO ($8A,X), an undocumented opcode, and it lands on PC too.
CODE = bytes([0xA2, 0x05,              # 2000 LDX #$05
              0xA9, 0x03,              # 2002 LDA #$03
              0x8A,                    # 2004 TXA
              0x85, 0x70,              # 2005 STA $70
              0xA0, 0x8A,              # 2007 LDY #$8A
              0xE8,                    # 2009 INX
              0xD0, 0xF6,              # 200A BNE $2002
              0x60])                   # 200C RTS
BOUNDARIES = {0x2000, 0x2002, 0x2004, 0x2005, 0x2007, 0x2009, 0x200A, 0x200C}


@pytest.mark.parametrize("pc", sorted(BOUNDARIES - {0x2000}))
def test_the_debugger_panel_disassembles_from_an_instruction_boundary(pc):
    from emulator.frontend.debug_panel import DebugView
    m = Machine("bbc", seed=1)
    m.memory[0x2000:0x2000 + len(CODE)] = CODE
    m.memory[0x1FF0:0x2000] = bytes([0x03] * 16)       # what lies before: no documented opcode
    m.cpu.pc = pc
    view = DebugView(m)
    start = view.disassembly_start(pc)
    assert start in BOUNDARIES, f"${start:04X}"
    lines = view.disassembly_lines()
    assert not any("undocumented" in line for line in lines[:lines.index(next(
        line for line in lines if line.startswith(">")))])


def test_the_trace_gives_the_instruction_boundaries():
    """LDA $EAEA twice: from $2001 the bytes read NOP, NOP, LDA, a longer decode that lands on PC
    too; the trace knows the CPU started instructions at $2000 and $2003."""
    from emulator.frontend.debug_panel import DebugView
    m = Machine("bbc", seed=1)
    m.memory[0x1FF0:0x2007] = bytes([0x03] * 16) + bytes([0xAD, 0xEA, 0xEA] * 2) + bytes([0xEA])
    m.cpu.pc, m.cpu.p = 0x2000, m.cpu.p | 0x04          # interrupts off: two steps, two LDAs
    view = DebugView(m)
    assert view.disassembly_start(0x2003) == 0x2001      # untraced, the longest decode
    view.debugger.set_tracing(True)
    view.debugger.step()
    view.debugger.step()
    assert m.cpu.pc == 0x2006
    assert view.disassembly_start(0x2006) == 0x2000
    assert view.disassembly_lines()[:3] == [" 2000  AD EA EA  LDA $EAEA", " 2003  AD EA EA  LDA $EAEA",
                                            ">2006  EA        NOP"]


def test_the_speed_readout_after_a_pause_is_the_running_speed(pg):
    """Paused, the debugger steps (cycles pass with no host time to speak of); resumed, the readout
    measures only the running frames: never the stepped cycles (113-142% before), never the
    paused stretch (a few % for half a second before)."""
    from emulator.frontend.window import Options, Window
    m = Machine("bbc", seed=1)
    w = Window(m, Options(audio=False), pygame=pg)
    try:
        w.run(host_seconds=1.0)
        w.toggle_pause()
        w.run(host_seconds=0.3)
        m.run(0.2)                                  # what stepping in the debugger panel runs
        w.toggle_pause()
        readings = []
        update = w.speed.update

        def recording(cycles):
            update(cycles)
            readings.append(w.speed.ratio)
        w.speed.update = recording
        w.run(host_seconds=1.2)
        assert all(0.9 < ratio < 1.1 for ratio in readings), sorted(set(round(r, 2) for r in readings))
    finally:
        w.close()


def test_no_sound_device_is_one_line_and_the_window_runs_mute(pg, monkeypatch, capfd):
    from emulator.frontend.window import Options, Window
    monkeypatch.setenv("SDL_AUDIODRIVER", "no-such-sound-driver")
    m = Machine("atom", seed=1)
    w = Window(m, Options(), pygame=pg)
    try:
        w.step()
        assert w.audio is None and "no sound device" in w.status_text()
        err = capfd.readouterr().err
        assert err.count("\n") == 1 and err.startswith("acorn run: no sound device (") \
            and err.rstrip().endswith("; running mute"), err
    finally:
        w.close()


# --- one wording for a file that is not there (emulator/inputs.py) -----------------------------------

MISSING = [
    (["run", "{d}/none.bas", "--headless"], "listing"),
    (["run", "--headless", "--paste", "{d}/none.txt"], "file to paste"),
    (["run", "--headless", "--load-state", "{d}/none.state"], "save state"),
    (["run", "--machine", "bbc", "--headless", "--disc1", "{d}/none.ssd"], "disc image"),
    (["run", "--headless", "--roms", "{d}/none"], "ROM directory"),
    (["debug", "--machine", "atom", "{d}/none.bas"], "listing"),
    (["debug", "--machine", "atom", "--script", "{d}/none.txt"], "script"),
    (["debug", "--machine", "atom", "--symbols", "{d}/none.sym"], "symbol file"),
    (["asm", "{d}/none.s", "-o", "{d}/out.bin"], "source"),
    (["basic", "tokenize", "{d}/none.bas", "-o", "{d}/out"], "listing"),
    (["basic", "detokenize", "{d}/none", "-o", "{d}/out.bas"], "tokenised program"),
    (["exec", "{d}/none.bin", "--load", "0", "--pc", "0"], "binary"),
    (["roms", "check", "{d}/none"], "ROM directory"),
]


@pytest.mark.parametrize("argv, what", MISSING, ids=[" ".join(a[:2]) + " " + w for a, w in MISSING])
def test_a_missing_file_is_one_line_in_every_sub_command(argv, what, tmp_path, capsys):
    from emulator.cli import main
    argv = [arg.format(d=tmp_path) for arg in argv]
    missing = next(arg for arg in argv if "none" in arg)
    assert main(argv) == (5 if "--load-state" in argv else 2)     # 5: a state that cannot be loaded
    err = capsys.readouterr().err
    assert err == f"acorn {argv[0]}: {missing}: cannot read the {what}: no such file\n"


def test_a_missing_file_in_the_window_the_keymap_a_disc_and_an_include(pg, tmp_path):
    from emulator.asm import assemble
    from emulator.errors import UserError
    from emulator.frontend.keymap import load_overrides
    from emulator.frontend.window import Options, Window
    from emulator.media.disc_image import Disc
    w = Window(Machine("atom", seed=1), Options(audio=False), pygame=pg)
    try:
        with pytest.raises(UserError) as e:
            w.paste_file(tmp_path / "none.txt")
        assert str(e.value) == f"{tmp_path}/none.txt: cannot read the file to paste: no such file"
    finally:
        w.close()
    with pytest.raises(UserError) as e:
        load_overrides("bbc", tmp_path / "none.toml")
    assert str(e.value) == f"{tmp_path}/none.toml: cannot read the keymap file: no such file"
    with pytest.raises(UserError) as e:
        Disc.load(tmp_path / "none.ssd")
    assert str(e.value) == f"{tmp_path}/none.ssd: cannot read the disc image: no such file"
    with pytest.raises(UserError) as e:
        assemble('    .incbin "none.bin"\n', filename=str(tmp_path / "t.s"))
    assert "none.bin: cannot read the included file: no such file" in str(e.value)


@pytest.mark.parametrize("name", ["atom", "bbc"])
def test_opening_the_debugger_and_keyboard_view_keeps_the_window_within_the_display(pg, name):
    """SDL's dummy display is 1024 x 768; with no window manager nothing else keeps a window on it.
    The picture keeps its integer scale where it can, and is shown whole either way."""
    import numpy as np

    from emulator.frontend.window import Options, Window
    m = Machine(name, seed=1)
    w = Window(m, Options(audio=False), pygame=pg)
    try:
        desktop = pg.display.get_desktop_sizes()[0]
        for toggle in (w.toggle_keyboard, w.toggle_debugger, w.toggle_keyboard, w.toggle_debugger):
            toggle()
            w.step()
            shown = pg.display.get_surface().get_size()
            assert shown[0] <= desktop[0] and shown[1] <= desktop[1], (shown, w.show_keyboard, w.show_debugger)
            picture = pg.surfarray.array3d(w.surface).swapaxes(0, 1)
            r = w.picture_rect
            rgb = m.screen.rgb()
            assert np.array_equal(picture[r.top:r.bottom:w.scale, r.left:r.right:w.scale], rgb)
            if w.show_keyboard:                 # a click lands on the key drawn there, shrunk or not
                box = w.key_box("Q")
                factor = shown[0] / w.size[0]
                at = (int(box.centerx * factor), int(box.centery * factor))
                pg.event.post(pg.event.Event(pg.MOUSEBUTTONDOWN, button=1, pos=at))
                w.step()
                assert w.clicked == "Q"
                pg.event.post(pg.event.Event(pg.MOUSEBUTTONUP, button=1, pos=at))
                w.step()
        assert w.scale == (3 if name == "atom" else 1)          # both views closed: as it started
    finally:
        w.close()
