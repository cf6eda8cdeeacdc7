"""The standing fuzz-and-fault corpus (issue 24, "Fuzzing and faults"): each case is a defect a
fuzzing pass found, kept here so it stays fixed.  Bad input gets one line and its exit code
(emulator.errors), never a traceback, and never destroys a file that is not the output."""
import os
import stat
import threading

import pytest

from emulator.cli import main


def acorn(capsys, *argv):
    code = main([str(a) for a in argv])
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture
def memory_cap():
    """Cap this process's address space at what it uses now plus 1 GiB while the test runs: a
    regression that reads /dev/zero whole, or grows a 4 GiB buffer, fails with MemoryError
    instead of taking a shared machine's memory."""
    import resource
    soft, hard = resource.getrlimit(resource.RLIMIT_AS)
    with open("/proc/self/status") as f:
        size = next(int(line.split()[1]) * 1024 for line in f if line.startswith("VmSize:"))
    cap = size + (1 << 30)
    if hard != resource.RLIM_INFINITY:
        cap = min(cap, hard)
    resource.setrlimit(resource.RLIMIT_AS, (cap, hard))
    yield
    resource.setrlimit(resource.RLIMIT_AS, (soft, hard))


def one_line(err):
    return len(err.strip().splitlines()) == 1 and "Traceback" not in err


class FifoReader:
    """A FIFO at `path` with a thread reading everything written to it."""

    def __init__(self, path):
        os.mkfifo(path)
        self.path = path
        self.data = b""
        self.thread = threading.Thread(target=self._read, daemon=True)
        self.thread.start()

    def _read(self):
        with open(self.path, "rb") as f:
            self.data = f.read()

    def result(self):
        self.thread.join(10)
        return self.data


# --- outputs never replace a device or a FIFO --------------------------------------------------------

def test_asm_output_to_a_fifo_writes_into_it(tmp_path, capsys):
    source = tmp_path / "p.s"
    source.write_text(" .org $2000\n lda #1\n")
    fifo = FifoReader(tmp_path / "out.fifo")
    code, _, err = acorn(capsys, "asm", source, "-o", fifo.path)
    assert (code, err) == (0, "")
    assert fifo.result() == bytes([0xA9, 1])
    assert stat.S_ISFIFO(os.stat(fifo.path).st_mode)          # still a FIFO, not a regular file


def test_atomic_write_to_a_device_writes_in_place(tmp_path):
    """A private null device (never the system's /dev/null: a regression would replace it)."""
    from emulator.atomic import replace_file
    device = tmp_path / "null"
    try:
        os.mknod(device, stat.S_IFCHR | 0o666, os.makedev(1, 3))     # Linux: the null device
    except (OSError, AttributeError) as e:
        pytest.skip(f"cannot make a device node here ({e})")
    replace_file(device, b"nothing")
    assert stat.S_ISCHR(os.stat(device).st_mode)
    assert os.listdir(tmp_path) == ["null"]


@pytest.mark.parametrize("which", ["screenshot", "save-state"])
def test_run_outputs_to_a_fifo(tmp_path, capsys, which):
    fifo = FifoReader(tmp_path / "out.fifo")
    code, _, err = acorn(capsys, "run", "--machine", "atom", "--headless", "--no-files",
                         "--max-seconds", "0.1", f"--{which}", fifo.path)
    assert (code, err) == (0, "")
    data = fifo.result()
    assert data.startswith(b"\x89PNG" if which == "screenshot" else b"ACORN-SAVE-STATE")
    assert stat.S_ISFIFO(os.stat(fifo.path).st_mode)


def test_basic_tokenize_output_to_a_fifo(tmp_path, capsys):
    listing = tmp_path / "p.bas"
    listing.write_text('10 PRINT "HI"\n')
    fifo = FifoReader(tmp_path / "out.fifo")
    code, _, err = acorn(capsys, "basic", "tokenize", listing, "-o", fifo.path)
    assert (code, err) == (0, "")
    assert fifo.result().startswith(b"\r\x00\x0a")
    assert stat.S_ISFIFO(os.stat(fifo.path).st_mode)


def test_an_output_that_is_a_directory_is_one_line(tmp_path, capsys):
    source = tmp_path / "p.s"
    source.write_text(" nop\n")
    code, _, err = acorn(capsys, "asm", source, "-o", tmp_path)
    assert code == 2 and one_line(err) and "directory" in err


# --- acorn asm: never its own source, all outputs or none, bounded work -----------------------------

@pytest.mark.parametrize("option", ["-o", "--listing", "--symbols"])
def test_asm_refuses_to_overwrite_its_source(tmp_path, capsys, option):
    source = tmp_path / "p.s"
    text = " .org $2000\n nop\n"
    source.write_text(text)
    args = {"-o": tmp_path / "p.bin"}
    args[option] = source
    argv = ["asm", source]
    for name, path in args.items():
        argv += [name, path]
    code, _, err = acorn(capsys, *argv)
    assert code == 2 and one_line(err) and "would overwrite the source" in err
    assert source.read_text() == text


def test_asm_refuses_a_link_to_its_source(tmp_path, capsys):
    source = tmp_path / "p.s"
    source.write_text(" nop\n")
    os.link(source, tmp_path / "same.s")
    code, _, err = acorn(capsys, "asm", source, "-o", tmp_path / "same.s")
    assert code == 2 and "would overwrite the source" in err
    assert source.read_text() == " nop\n"


def test_asm_writes_all_outputs_or_none(tmp_path, capsys):
    source = tmp_path / "p.s"
    source.write_text(" .org $2000\n nop\n")
    out = tmp_path / "p.bin"
    out.write_bytes(b"old")
    code, _, err = acorn(capsys, "asm", source, "-o", out, "--listing", tmp_path / "nodir" / "p.lst")
    assert code == 2 and one_line(err) and "nothing written" in err
    assert out.read_bytes() == b"old"
    assert not [p for p in os.listdir(tmp_path) if p.startswith(".tmp-")]


def test_asm_self_calling_macro_with_bad_lines_is_bounded(tmp_path, capsys, memory_cap):
    import resource
    source = tmp_path / "bomb.s"
    source.write_text(".macro m\n lda (((\n bogus thing here\n" + " nop\n" * 40 + " m\n m\n.endm\n m\n")
    before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    code, _, err = acorn(capsys, "asm", source, "-o", tmp_path / "b.bin")
    grown_kib = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss - before
    assert code == 2 and "errors; stopped" in err and "nothing written" in err
    assert len(err.splitlines()) < 600
    assert grown_kib < 200_000


# --- every input is read only as far as its format can go ------------------------------------------

@pytest.mark.parametrize("argv, what", [
    (["run", "/dev/zero", "--headless"], "the listing is larger than"),
    (["asm", "/dev/zero", "-o", "{tmp}/x.bin"], "the source is larger than"),
    (["exec", "/dev/zero", "--load", "0", "--pc", "0"], "the binary is larger than"),
    (["basic", "tokenize", "/dev/zero", "-o", "{tmp}/x"], "the listing is larger than"),
    (["basic", "detokenize", "/dev/zero", "-o", "{tmp}/x.bas"], "the tokenised program is larger than"),
    (["run", "--headless", "--load-state", "/dev/zero"], "the save state is larger than"),
    (["run", "--machine", "bbc", "--headless", "--disc1", "{tmp}/zero.ssd"], "usable disc image: longer than"),
    (["debug", "--script", "/dev/zero"], "the script is larger than"),
    (["debug", "--machine", "atom", "{tmp}/zero.bas"], "the listing is larger than"),
])
def test_endless_inputs_are_refused_at_their_format_limit(tmp_path, capsys, argv, what, memory_cap):
    os.symlink("/dev/zero", tmp_path / "zero.bas")
    os.symlink("/dev/zero", tmp_path / "zero.ssd")         # a disc drive takes .ssd and .dsd names
    argv = [a.replace("{tmp}", str(tmp_path)) for a in argv]
    code, _, err = acorn(capsys, *argv)
    assert code in (2, 5) and one_line(err) and what in err, err


@pytest.mark.parametrize("argv, what", [
    (["run", "{path}", "--headless"], "listing"),
    (["asm", "{path}", "-o", "{tmp}/x.bin"], "source"),
    (["exec", "{path}", "--load", "0", "--pc", "0"], "binary"),
    (["basic", "tokenize", "{path}", "-o", "{tmp}/x"], "listing"),
    (["basic", "detokenize", "{path}", "-o", "{tmp}/x.bas"], "tokenised program"),
    (["run", "--headless", "--load-state", "{path}"], "save state"),
    (["run", "--machine", "bbc", "--headless", "--disc1", "{path}"], "disc image"),
    (["debug", "--script", "{path}"], "script"),
    (["debug", "--machine", "atom", "{path}.bas"], "listing"),
    (["debug", "{path}", "--load", "0"], "binary"),
])
@pytest.mark.parametrize("kind, reason", [
    ("missing", "no such file"),
    ("directory", "it is a directory"),
    ("loop", "a loop of symbolic links"),
])
def test_unreadable_inputs_are_named_one_way(tmp_path, capsys, argv, what, kind, reason):
    path = tmp_path / ("input.bas" if argv[-1] == "{path}.bas" else
                       "input.ssd" if "--disc1" in argv else "input.x")
    argv = [a.replace("{path}.bas", "{path}") for a in argv]
    if kind == "directory":
        path.mkdir()
    elif kind == "loop":
        os.symlink(tmp_path / "other", path)
        os.symlink(path, tmp_path / "other")
    argv = [a.replace("{path}", str(path)).replace("{tmp}", str(tmp_path)) for a in argv]
    code, _, err = acorn(capsys, *argv)
    assert code in (2, 5) and one_line(err), err
    assert f"{path}: cannot read the {what}: {reason}" in err


def test_a_listing_with_a_byte_order_mark_goes_in(tmp_path, capsys):
    listing = tmp_path / "bom.bas"
    listing.write_bytes(b'\xef\xbb\xbf10 PRINT "BOM"+"OK"\n20 END\n')
    code, out, err = acorn(capsys, "run", listing, "--machine", "bbc", "--headless", "--no-files",
                           "--until", "BOMOK", "--print-screen")
    assert (code, err) == (0, "") and "BOMOK" in out


# --- ROM directories ---------------------------------------------------------------------------------

def _bbc_rom_dir(path):
    path.mkdir()
    (path / "mos.rom").write_bytes(bytes(0x4000))
    (path / "basic.rom").write_bytes(bytes(0x4000))
    return path


def test_roms_check_and_run_agree_about_a_second_rom_for_slot_15(tmp_path, capsys):
    roms = _bbc_rom_dir(tmp_path / "roms")
    (roms / "rom15.rom").write_bytes(bytes(0x4000))
    code, out, _ = acorn(capsys, "roms", "check", roms)
    assert code == 2 and "BBC Micro: incomplete" in out and "rom15.rom    WRONG: basic.rom" in out
    code, _, err = acorn(capsys, "run", "--machine", "bbc", "--roms", roms, "--headless")
    assert code == 2 and one_line(err) and "rom15.rom" in err


def test_misnamed_rom_files_are_named(tmp_path, capsys):
    roms = _bbc_rom_dir(tmp_path / "roms")
    (roms / "ROM3.rom").write_bytes(bytes(0x4000))
    (roms / "rom16.rom").write_bytes(bytes(0x4000))
    code, out, _ = acorn(capsys, "roms", "check", roms)
    assert "ROM3.rom     not used (the name is rom3.rom" in out
    assert "rom16.rom    not used (no BBC Micro ROM has this name" in out


@pytest.mark.parametrize("kind, reason", [("missing", "no such file"), ("loop", "a loop of symbolic links"),
                                          ("file", "not a directory")])
def test_rom_directory_errors_say_what_is_wrong(tmp_path, capsys, kind, reason):
    path = tmp_path / "roms"
    if kind == "loop":
        os.symlink(tmp_path / "other", path)
        os.symlink(path, tmp_path / "other")
    elif kind == "file":
        path.write_bytes(b"")
    code, _, err = acorn(capsys, "roms", "check", path)
    assert code == 2 and one_line(err) and f"{path}: cannot read the ROM directory: {reason}" in err


# --- run and debug: time limits ------------------------------------------------------------------------

@pytest.mark.parametrize("command", ["run", "debug"])
@pytest.mark.parametrize("seconds", ["inf", "1e308", "nan", "-1"])
def test_max_seconds_must_be_a_finite_time(capsys, monkeypatch, command, seconds):
    import io
    monkeypatch.setattr("sys.stdin", io.StringIO(""))
    argv = [command, "--max-seconds", seconds] + (["--headless"] if command == "run" else [])
    code, _, err = acorn(capsys, *argv)
    assert code == 2 and one_line(err) and "--max-seconds" in err


def _debug(capsys, monkeypatch, script, *argv):
    import io
    monkeypatch.setattr("sys.stdin", io.StringIO(script))
    return acorn(capsys, "debug", *argv)


def test_debugger_disasm_of_a_huge_count_is_bounded(capsys, monkeypatch, memory_cap):
    code, out, err = _debug(capsys, monkeypatch, "disasm 0 99999999\n")
    assert code == 0 and err == ""
    assert "(at most 65536 instructions" in out
    assert len(out.splitlines()) < 65536 + 20


@pytest.mark.parametrize("command", ["step 99999999", "run 99999999999 cycles", "next 99999999"])
def test_max_seconds_bounds_every_run_command(capsys, monkeypatch, command):
    code, out, err = _debug(capsys, monkeypatch, command + "\n", "--machine", "atom", "--max-seconds", "0.05")
    assert code == 0 and err == ""
    assert "stopped after 50,000 cycles" in out


# --- the host filing card ------------------------------------------------------------------------------

def _typed(machine, text, **timing):
    machine.type(text, **timing)
    machine.run_until_typed()
    machine.run(1)
    return "\n".join(machine.screen.text())


def _booted(name, files):
    from emulator import Machine
    m = Machine(name, files=files)
    m.run_until_text(">", max_seconds=5)
    return m


def test_bbc_ptr_beyond_what_dfs_addresses_is_cant_extend(tmp_path, memory_cap):
    import resource
    before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    m = _booted("bbc", tmp_path)
    screen = _typed(m, 'F%=OPENOUT "P":PTR#F%=-1\rPTR#F%=&3FFFF:PRINT EXT#F%\rBPUT#F%,1\rCLOSE#F%\r')
    assert screen.count("Can't extend") == 2 and "262143" in screen
    assert (tmp_path / "P").stat().st_size == 0x3FFFF
    assert resource.getrusage(resource.RUSAGE_SELF).ru_maxrss - before < 200_000     # KiB


def test_atom_ptr_beyond_what_the_card_holds_is_cant_extend(tmp_path, memory_cap):
    m = _booted("atom", tmp_path)
    screen = _typed(m, 'C=FOUT"P"\rPTR C=-1\rSHUT C\r', gap_ms=60)
    assert "Can't extend" in screen and "ERROR 191" in screen
    assert (tmp_path / "P").stat().st_size == 0


def test_card_ext_and_host_files_beyond_the_bound(tmp_path):
    from emulator.media import hostfs
    (tmp_path / "BIG").write_bytes(bytes(hostfs.MAX_FILE_LENGTH + 1))
    card = hostfs.HostFilingCard(tmp_path)
    assert card.drives[0].find("$", "BIG") is None              # longer than DFS can address
    for byte in bytes([hostfs.MODE_WRITE]) + b"F\r":
        card.write(1, byte)
    card.write(0, hostfs.OPEN)
    handle = card.read(1)
    for byte in bytes([handle, 3]) + (1 << 18).to_bytes(4, "little"):
        card.write(1, byte)
    card.write(0, hostfs.ARGS)
    assert card.status == 0xBF
    for byte in range(200):                       # a parameter flood: the command fails, bounded
        for _ in range(0x400):
            card.write(1, byte)
    assert len(card.params) <= hostfs.MAX_PARAMS
    card.write(0, hostfs.CAT)
    assert card.status == 0xFE


def test_bbc_save_of_a_name_that_is_a_sidecar_is_bad_filename(tmp_path):
    m = _booted("bbc", tmp_path)
    screen = _typed(m, '10 PRINT 1\rSAVE "Y"\rSAVE "Y.inf"\r')
    assert "Bad filename" in screen
    assert (tmp_path / "Y.inf").read_text().startswith("$.Y ")
    assert sorted(os.listdir(tmp_path)) == ["Y", "Y.inf"]


def test_atom_save_of_a_name_with_a_space_is_not_cut_short(tmp_path):
    m = _booted("atom", tmp_path)
    screen = _typed(m, '10 P.1\rSAVE "A B"\r', gap_ms=60)
    assert "Bad filename" in screen and "ERROR 204" in screen
    assert os.listdir(tmp_path) == []


# --- a save state never chooses the served directory -------------------------------------------------

def test_a_state_serves_the_directory_given_at_load_time(tmp_path):
    from emulator import Machine
    saved_in, served = tmp_path / "saved", tmp_path / "served"
    saved_in.mkdir(), served.mkdir()
    m = Machine("bbc", files=saved_in)
    m.run_until_text(">", max_seconds=5)
    m.type('F%=OPENUP "LOG":BPUT#F%,66\r')
    (saved_in / "LOG").write_bytes(b"A")
    (served / "LOG").write_bytes(b"Z")
    m.run_until_typed()
    m.run(0.3)
    m.save_state(tmp_path / "s.state")
    assert str(saved_in) not in (tmp_path / "s.state").read_bytes().decode("latin-1")
    loaded = Machine.load_state(tmp_path / "s.state", files=served)
    _typed(loaded, 'BPUT#F%,67:CLOSE#F%\r')
    assert (served / "LOG").read_bytes() == b"ZC"       # the open file is reopened by name in `served`
    assert (saved_in / "LOG").read_bytes() == b"B"      # (what was written went there at the save)


def test_run_load_state_serves_files_or_the_current_directory(tmp_path, capsys, monkeypatch):
    first, second = tmp_path / "first", tmp_path / "second"
    first.mkdir(), second.mkdir()
    state = tmp_path / "s.state"
    monkeypatch.chdir(first)
    code, _, err = acorn(capsys, "run", "--machine", "bbc", "--headless", "--max-seconds", "1",
                         "--save-state", state)
    assert (code, err) == (0, "")
    monkeypatch.chdir(second)
    code, _, err = acorn(capsys, "run", "--headless", "--load-state", state, "--type", '10 REM\rSAVE "HERE"\r')
    assert (code, err) == (0, "")
    assert (second / "HERE").exists() and not (first / "HERE").exists()
    code, _, err = acorn(capsys, "run", "--headless", "--load-state", state, "--files", tmp_path,
                         "--type", '10 REM\rSAVE "THERE"\r')
    assert (code, err) == (0, "") and (tmp_path / "THERE").exists()
    code, _, err = acorn(capsys, "run", "--headless", "--load-state", state, "--no-files")
    assert code == 5 and one_line(err) and "--files DIR" in err


# --- crafted save states -------------------------------------------------------------------------------
# A state whose checksum is recomputed over anything: every value is checked against its type and
# range, and events name only callbacks a device registered with the clock.  Loading either refuses
# the state (exit 5, one line) or gives a machine that runs and saves again.

import hashlib
import json
import struct
import zlib

from hypothesis import HealthCheck, given, settings, strategies as st


def _base_state(name):
    from emulator import Machine
    from emulator.state import unpack
    import tempfile
    files = tempfile.mkdtemp()
    options = {"files": files, **({"via": True} if name == "atom" else {})}
    m = Machine(name, **options)
    m.run(0.6)
    m.type("ABCDEFGHIJ")                # typing under way: the typist's queue and its tick event
    m.run(0.05)
    path = os.path.join(files, "base.state")
    m.save_state(path)
    with open(path, "rb") as f:
        header, state = unpack(f.read())
    return files, header, state


_BASES = {}


def base(name):
    if name not in _BASES:
        _BASES[name] = _base_state(name)
    files, header, state = _BASES[name]
    return files, header, json.loads(json.dumps(state, default=_bytes_as_list)), state


def _bytes_as_list(value):
    return {"$raw": list(value)}


def _restore_bytes(value):
    if isinstance(value, dict):
        if set(value) == {"$raw"}:
            return bytes(value["$raw"])
        return {k: _restore_bytes(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_restore_bytes(v) for v in value]
    return value


def _copy(state):
    return _restore_bytes(json.loads(json.dumps(state, default=_bytes_as_list)))


def load_crafted(tmp_path, name, state, files, header=None, payload=None):
    """Load a state built from `state` (or raw JSON `payload`) with a valid checksum; run what
    loads a little and save it again.  Returns the BadState/UserError message or None."""
    from emulator import Machine
    from emulator.errors import UserError
    from emulator.state import encode, pack, MAGIC, FORMAT_VERSION
    _, base_header, _, _ = base(name)
    header = header or base_header
    if payload is None:
        data = pack(header, state)
    else:
        head = encode(header)
        body = (MAGIC + struct.pack(">H", FORMAT_VERSION) + struct.pack(">I", len(head)) + head
                + struct.pack(">I", len(payload)) + payload)
        data = body + hashlib.sha256(body).digest()
    path = tmp_path / "crafted.state"
    path.write_bytes(data)
    try:
        machine = Machine.load_state(path, files=files)
        machine.run(0.02)
        machine.save_state(tmp_path / "again.state")
    except UserError as e:
        assert "\n" not in str(e)
        return str(e)
    return None


@pytest.mark.parametrize("name", ["atom", "bbc"])
@pytest.mark.parametrize("craft, why", [
    (lambda s: s["clock"]["events"].append([s["cpu"]["cycles"] + 10, 1, "cpu", "run", [10 ** 12]]),
     "does not make"),
    (lambda s: s["clock"]["events"].append([s["cpu"]["cycles"] + 10, 1, "keyboard", "nonexistent", None]),
     "does not make"),
    (lambda s: s["clock"]["events"].append([s["cpu"]["cycles"] + 10, 1, "keyboard", "press", ["A"]]),
     "does not make"),
    (lambda s: s["typist"]["queue"].append(["key", [], "NOKEY", 1, 1, 1]), "typist.queue"),
    (lambda s: s["typist"]["queue"].append(["key", ["SHIFT", "NOKEY"], "A", 1, 1, 1]), "typist.queue"),
    (lambda s: s["typist"]["queue"].append(["char", [], "\x01", 1, 1, 1]), "typist.queue"),
    (lambda s: s["clock"]["events"].append([2 ** 70, 1, "typist", "tick", None]), "cycle"),
    (lambda s: s["cpu"].update(a=10 ** 30), "cpu.a"),
    (lambda s: s["cpu"].update(cycles="many"), "cpu.cycles"),
    (lambda s: s["cpu"].update(pc=-1), "cpu.pc"),
    (lambda s: s["cpu"].update(halted=2), "cpu.halted"),
    (lambda s: s["bus"].update(memory=b"short"), "bus.memory"),
    (lambda s: s["typist"].update(pressed_at=2 ** 64), "typist.pressed_at"),
    (lambda s: s["keyboard"].update(extra=1), "unknown extra"),
    (lambda s: s["filing_card"]["files"].append({"handle": 0x11, "drive": 0, "name": "X", "mode": 0x80,
                                                 "ptr": 2 ** 40}), "ptr"),
    (lambda s: s["filing_card"].update(params=bytes(1 << 20)), "params"),
    (lambda s: s.get("system_via", s.get("via")).update(tick=10 ** 12), "ahead of the CPU"),   # a hang
    (lambda s: s.get("system_via", s.get("via")).update(cycle=2 ** 60), "ahead of the CPU"),
    (lambda s: s["cpu"].update(cycles=10 ** 12), "clock.events[0] cycle"),    # a queue far behind
])
def test_crafted_states_are_refused_in_one_line(tmp_path, name, craft, why):
    files, _, _, state = base(name)
    state = _copy(state)
    craft(state)
    message = load_crafted(tmp_path, name, state, files)
    assert message is not None and why in message


@pytest.mark.parametrize("name", ["atom", "bbc"])
def test_a_deeply_nested_state_is_refused(tmp_path, name):
    files = base(name)[0]
    payload = zlib.compress(b"[" * 200_000 + b"]" * 200_000)
    message = load_crafted(tmp_path, name, None, files, payload=payload)
    assert message is not None and "damaged save state" in message


def test_a_state_that_inflates_without_end_is_refused(tmp_path, memory_cap):
    files = base("atom")[0]
    payload = zlib.compress(b" " * (80 << 20), 9)
    message = load_crafted(tmp_path, "atom", None, files, payload=payload)
    assert message is not None and "larger than" in message


def _leaves(value, path=()):
    yield path
    if isinstance(value, dict):
        for key, item in value.items():
            yield from _leaves(item, path + (key,))
    elif isinstance(value, list) and len(value) <= 64:
        for i, item in enumerate(value):
            yield from _leaves(item, path + (i,))


NASTY = st.one_of(
    st.sampled_from([None, True, False, -1, 0, 1, 255, 256, 65536, 2 ** 31, 2 ** 62, 2 ** 63, 2 ** 64,
                     10 ** 30, -(2 ** 63), 0.5, 1e308, "", "x" * 300, "_on_event", "__init__", [], {},
                     [1], [[]], {"$bytes": ""}]),
    st.integers(), st.text(max_size=8), st.binary(max_size=8),
    st.lists(st.integers(-2, 300), max_size=5))


@pytest.mark.parametrize("name", ["atom", "bbc"])
@settings(max_examples=40, deadline=None, suppress_health_check=list(HealthCheck))
@given(data=st.data())
def test_fuzzed_states_load_and_run_or_are_refused(tmp_path_factory, name, data):
    files, _, _, original = base(name)
    state = _copy(original)
    paths = [p for p in _leaves(state) if p and p != ("bus", "memory")]
    path = data.draw(st.sampled_from(paths), label="path")
    value = data.draw(NASTY, label="value")
    target = state
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = value
    load_crafted(tmp_path_factory.mktemp("fuzz"), name, state, files)    # no exception but UserError


# --- sound keeps a bounded history -----------------------------------------------------------------------

def test_sn76489_keeps_the_most_recent_notes():
    from emulator.chips.sn76489 import MAX_NOTES, SN76489
    chip = SN76489()
    chip.write(0x90, 0)                                  # tone 0 at full volume
    for i in range(1, 3 * MAX_NOTES):
        chip.write(0x80 | (i & 0x0F), 16 * i)           # tone 0's low bits: a new note each time
    assert len(chip.notes) == MAX_NOTES and chip.notes[-1].cycle == 16 * (3 * MAX_NOTES - 1)
    assert len(chip.state()["notes"]) == MAX_NOTES


def test_speaker_keeps_the_most_recent_bursts_and_edges():
    from emulator.chips.speaker import Speaker
    speaker = Speaker()
    cycle = 0
    for burst in range(Speaker.MAX_BEEPS + 500):
        for edge in range(8):
            cycle += 500
            speaker.set_level(edge & 1 == 0, cycle)
        cycle += speaker.quiet_cycles * 2
    assert len(speaker.events(cycle)) == Speaker.MAX_BEEPS
    assert len(speaker.edges) <= Speaker.MAX_EDGES


def test_a_bbc_playing_sound_for_minutes_stays_bounded(tmp_path):
    from emulator import Machine
    from emulator.chips.sn76489 import MAX_NOTES
    m = Machine("bbc")
    m.run_until_text(">", max_seconds=5)
    m.type("10 SOUND 1,-15,RND(200),1:GOTO 10\rRUN\r")
    m.run_until_typed()
    m.run(200)                                          # about 11,000 notes
    assert len(m.beeps()) == MAX_NOTES
    m.save_state(tmp_path / "s.state")
    assert (tmp_path / "s.state").stat().st_size < 400_000


def test_debugger_commands_from_an_endless_standard_input(capsys, monkeypatch, memory_cap):
    import io

    class Zeros(io.TextIOBase):
        def readline(self, size=-1):
            return "\0" * (size if size > 0 else 1 << 20)

    monkeypatch.setattr("sys.stdin", Zeros())
    code, _, err = acorn(capsys, "debug")
    assert code == 2 and one_line(err) and "longer than 4096 characters" in err


@pytest.mark.parametrize("kind, reason", [("missing", "no such file"), ("loop", "a loop of symbolic links"),
                                          ("file", "not a directory")])
def test_the_directory_to_serve_is_named_the_same_way(tmp_path, capsys, kind, reason):
    path = tmp_path / "files"
    if kind == "loop":
        os.symlink(tmp_path / "other", path)
        os.symlink(path, tmp_path / "other")
    elif kind == "file":
        path.write_bytes(b"")
    code, _, err = acorn(capsys, "run", "--headless", "--files", path)
    assert code == 2 and one_line(err) and f"{path}: cannot read the directory to serve: {reason}" in err


def test_the_card_never_writes_into_a_fifo_in_the_served_directory(tmp_path):
    os.mkfifo(tmp_path / "PIPE")
    m = _booted("bbc", tmp_path)
    screen = _typed(m, '10 REM\rSAVE "PIPE"\r')
    assert "Disc read only" in screen
    assert stat.S_ISFIFO(os.stat(tmp_path / "PIPE").st_mode)


# --- fuzzers: the filing card's registers, the debugger's command lines ---------------------------------

@settings(max_examples=150, deadline=None, suppress_health_check=list(HealthCheck))
@given(writes=st.lists(st.tuples(st.integers(0, 3), st.integers(0, 255)), max_size=300),
       names=st.lists(st.sampled_from([b"F\r", b"$.G\r", b"Y.INF\r", b":1.X\r", b"*\r", b"\r", b"A B\r"]),
                      max_size=4))
def test_fuzzed_card_commands_answer_with_a_status(tmp_path_factory, writes, names):
    from emulator.media import hostfs
    directory = tmp_path_factory.mktemp("card")
    card = hostfs.HostFilingCard(directory)
    stream = [(1, b) for name in names for b in bytes([hostfs.MODE_UPDATE]) + name] + writes
    for register, value in stream:
        card.write(register, value)                 # a command: never an exception, only a status
        card.read(register)
    for f in card.open_files.values():
        assert len(f.data) <= hostfs.MAX_FILE_LENGTH
    card.close_all()
    assert all(p.stat().st_size <= hostfs.MAX_FILE_LENGTH for p in directory.iterdir())


_DEBUG_WORDS = st.sampled_from(["0", "1", "$FFFF", "&10000", "99999999", "-1", "#2800", "A", "X+1",
                                "PC", "?#2800", "!0", "(", ")", "cycles", "if", "A=1", "after", "3",
                                "w", "r", "#2800:#28FF", "hit", "on", "off", "brk", "irq", "\\r", "1e9",
                                "10**12", "'", '"', ";", "load", "/dev/zero", "*", "%101"])


@settings(max_examples=150, deadline=None, suppress_health_check=list(HealthCheck))
@given(lines=st.lists(st.tuples(st.sampled_from(
    ["break", "delete", "watch", "catch", "go", "step", "next", "finish", "run", "back", "registers",
     "mem", "poke", "disasm", "trace", "stopwatch", "print", "symbols", "basic", "type", "help", "bogus"]),
    st.lists(_DEBUG_WORDS, max_size=4)), min_size=1, max_size=6))
def test_fuzzed_debugger_lines_answer_in_lines(lines):
    import types
    from emulator.commands.debug_cmd import build
    args = types.SimpleNamespace(machine="atom", roms=None, symbols=None, file=None, load=None,
                                 pc=None, max_seconds="0.01", script=None)
    monitor, out = _fuzz_monitor(build, args)
    for command, words in lines:
        assert monitor.execute(" ".join([command] + words)) in (True, False)
    assert out and all(len(line) < 80 for line in out)


_MONITORS = {}


def _fuzz_monitor(build, args):
    """One Atom monitor for the fuzzer, its output list emptied each time (booting is the slow part)."""
    if "atom" not in _MONITORS:
        sink = []
        _MONITORS["atom"] = (build(args, out=sink.append), sink)
    monitor, sink = _MONITORS["atom"]
    sink.clear()
    monitor.dbg.delete()
    return monitor, sink


def test_sound_after_an_hour_of_silence_costs_no_memory(memory_cap):
    from emulator.chips.sn76489 import SN76489
    chip = SN76489()
    chip.write(0x90, 0)                                 # tone 0 on at the start
    hour = 2_000_000 * 3600
    chip.write(0x9F, hour)                              # and off an hour later
    audio = chip.samples(hour, hour + 2000)             # the hour before is skipped, not generated
    assert len(audio) == 44
