"""The host filing card (emulator/media/hostfs.py), driven through its four registers as firmware
drives it (docs/hostfs.md), and the .ssd reader (emulator/media/dfs_disc.py)."""
import os

import pytest

from emulator import atomic
from emulator.media import hostfs
from emulator.media.dfs_disc import DFSDisc, build_ssd
from emulator.media.hostfs import DFS_NAMES, FLAT_NAMES, HostFilingCard
from emulator.errors import UserError

STATUS, DATA, RESET = 0, 1, 2


class Driver:
    """Runs card commands through the registers only."""

    def __init__(self, card, base=0xFCC0):
        self.card, self.base = card, base

    def run(self, command, params=b""):
        self.card.write(self.base + RESET, 0)
        for b in params:
            self.card.write(self.base + DATA, b)
        self.card.write(self.base + STATUS, command)
        return self.card.read(self.base + STATUS)

    def take(self, n):
        return bytes(self.card.read(self.base + DATA) for _ in range(n))

    def text(self):
        out = bytearray()
        while True:
            b = self.card.read(self.base + DATA)
            if b == 0:
                return out.decode("latin-1")
            out.append(b)

    def ok(self, command, params=b""):
        status = self.run(command, params)
        assert status == 0, (status, self.text())

    def error(self, command, params=b""):
        status = self.run(command, params)
        return status, self.text()


def w(n):
    return (n & 0xFFFFFFFF).to_bytes(4, "little")


def name(s):
    return s.encode("latin-1") + b"\r"


@pytest.fixture
def bbc(tmp_path):
    return Driver(HostFilingCard(tmp_path, profile=DFS_NAMES)), tmp_path


def test_id_registers_and_open_page(tmp_path):
    card = HostFilingCard(tmp_path)
    assert card.read(0xFCC2) == 0x48 and card.read(0xFCC3) == 2
    page = hostfs.CardPage(card, 0xC0)
    assert page.read(0xFCC2, 0) == 0x48
    assert page.read(0xFC00, 0) == 0xFC and page.read(0xFCC4, 0) == 0xFC


def test_save_writes_file_and_inf_then_load_and_info(bbc):
    d, root = bbc
    d.ok(hostfs.SAVE, name("PROG") + w(0x1900) + w(0x8023) + b"hello")
    assert (root / "PROG").read_bytes() == b"hello"
    assert (root / "PROG.inf").read_text().split() == ["$.PROG", "00001900", "00008023", "000005"]
    d.ok(hostfs.LOAD, name("prog"))
    head = d.take(13)
    assert head == w(0x1900) + w(0x8023) + w(5) + b"\0"
    assert d.take(5) == b"hello" and d.take(2) == b"\0\0"       # 0 once the result is used up
    d.ok(hostfs.INFO, name("PROG"))
    assert d.take(14) == b"\1" + w(0x1900) + w(0x8023) + w(5) + b"\0"
    d.ok(hostfs.INFO, name("NONE"))
    assert d.take(1) == b"\0"
    assert not [f for f in os.listdir(root) if f.startswith(".tmp-")]
    mask = os.umask(0)
    os.umask(mask)
    assert os.stat(root / "PROG").st_mode & 0o777 == 0o666 & ~mask     # not mkstemp's 0600


def test_directories_map_to_host_names(bbc):
    d, root = bbc
    d.ok(hostfs.SAVE, name("D.DATA") + w(0) + w(0) + b"x")
    assert (root / "D.DATA").read_bytes() == b"x"
    assert (root / "D.DATA.inf").read_text().split()[0] == "D.DATA"
    d.ok(hostfs.LOAD, name(":0.D.DATA"))
    assert d.take(13)[8:12] == w(1)


def test_file_without_inf_loads_at_zero(bbc):
    d, root = bbc
    (root / "RAW").write_bytes(b"abc")
    d.ok(hostfs.LOAD, name("RAW"))
    assert d.take(16) == w(0) + w(0xFFFFFFFF) + w(3) + b"\0abc"


def test_load_missing_file_is_dfs_not_found(bbc):
    d, _ = bbc
    assert d.error(hostfs.LOAD, name("NOPE")) == (0xD6, "File not found")


@pytest.mark.parametrize("bad", ["TOOLONGX", "A*B", "A:B", "", "X.", 'A"B', "A/B"])
def test_bad_names_refused_and_nothing_written(bbc, bad):
    d, root = bbc
    assert d.error(hostfs.SAVE, name(bad) + w(0) + w(0) + b"zz") == (0xCC, "Bad filename")
    assert os.listdir(root) == []


def test_locked_file_cannot_be_saved_over_or_deleted(bbc):
    d, root = bbc
    d.ok(hostfs.SAVE, name("KEEP") + w(0x1900) + w(0x1900) + b"old")
    d.ok(hostfs.SETINFO, b"\4" + name("KEEP") + w(0) + w(0) + b"\x08")
    assert (root / "KEEP.inf").read_text().split()[-1] == "L"
    assert d.error(hostfs.SAVE, name("KEEP") + w(0) + w(0) + b"new") == (0xC3, "File locked")
    assert d.error(hostfs.DELETE, name("KEEP")) == (0xC3, "File locked")
    assert d.error(hostfs.OPEN, b"\x80" + name("KEEP")) == (0xC3, "File locked")
    assert (root / "KEEP").read_bytes() == b"old"
    d.ok(hostfs.SETINFO, b"\4" + name("KEEP") + w(0) + w(0) + b"\0")
    d.ok(hostfs.DELETE, name("KEEP"))
    assert d.take(1) == b"\1"
    assert os.listdir(root) == []
    d.ok(hostfs.DELETE, name("KEEP"))
    assert d.take(1) == b"\0"


def test_setinfo_load_and_exec(bbc):
    d, root = bbc
    d.ok(hostfs.SAVE, name("F") + w(0x1000) + w(0x2000) + b"1234")
    d.ok(hostfs.SETINFO, b"\2" + name("F") + w(0x3000) + w(0x9999) + b"\0")
    d.ok(hostfs.SETINFO, b"\3" + name("F") + w(0x9999) + w(0x4000) + b"\0")
    d.ok(hostfs.INFO, name("F"))
    assert d.take(9) == b"\1" + w(0x3000) + w(0x4000)
    assert (root / "F").read_bytes() == b"1234"


def test_byte_streams_open_bput_close_bget_eof(bbc):
    d, root = bbc
    d.ok(hostfs.OPEN, b"\x80" + name("OUT"))
    handle = d.take(1)[0]
    assert handle == 0x11
    for b in b"AB\0\xff":
        d.ok(hostfs.BPUT, bytes([handle, b]))
    d.ok(hostfs.ARGS, bytes([handle, 0]) + w(0))
    assert d.take(4) == w(4)
    d.ok(hostfs.CLOSE, bytes([handle]))
    assert (root / "OUT").read_bytes() == b"AB\0\xff"
    assert d.error(hostfs.BGET, bytes([handle])) == (0xDE, "Channel")
    d.ok(hostfs.OPEN, b"\x40" + name("OUT"))
    handle = d.take(1)[0]
    got = []
    for _ in range(4):
        d.ok(hostfs.ARGS, bytes([handle, 4]) + w(0))
        assert d.take(4) == w(0)
        d.ok(hostfs.BGET, bytes([handle]))
        byte, flag = d.take(2)
        assert flag == 0
        got.append(byte)
    assert bytes(got) == b"AB\0\xff"
    d.ok(hostfs.ARGS, bytes([handle, 4]) + w(0))
    assert d.take(4) == w(0xFFFFFFFF)
    d.ok(hostfs.BGET, bytes([handle]))
    assert d.take(2) == b"\0\xff"
    assert d.error(hostfs.BPUT, bytes([handle, 1])) == (0xC1, "File read only")
    d.ok(hostfs.ARGS, bytes([handle, 1]) + w(1))
    d.ok(hostfs.BGET, bytes([handle]))
    assert d.take(1) == b"B"
    d.ok(hostfs.ARGS, bytes([handle, 2]) + w(0))
    assert d.take(4) == w(4)
    d.ok(hostfs.CLOSE, b"\0")
    assert card_files(d) == {}


def card_files(d):
    return d.card.open_files


def test_open_missing_gives_handle_zero_and_limits(bbc):
    d, root = bbc
    d.ok(hostfs.OPEN, b"\x40" + name("NONE"))
    assert d.take(1) == b"\0"
    d.ok(hostfs.OPEN, b"\xC0" + name("NONE"))
    assert d.take(1) == b"\0"
    handles = []
    for i in range(5):
        d.ok(hostfs.OPEN, b"\x80" + name(f"F{i}"))
        handles.append(d.take(1)[0])
    assert handles == [0x11, 0x12, 0x13, 0x14, 0x15]
    assert d.error(hostfs.OPEN, b"\x80" + name("F9")) == (0xC0, "Too many open files")
    d.ok(hostfs.CLOSE, bytes([0x12]))
    assert d.error(hostfs.OPEN, b"\x40" + name("F0")) == (0xC2, "File open")
    assert d.error(hostfs.DELETE, name("F0")) == (0xC2, "File open")


def test_update_mode_and_extent(bbc):
    d, root = bbc
    d.ok(hostfs.SAVE, name("U") + w(0x1900) + w(0x1900) + b"abcdef")
    d.ok(hostfs.OPEN, b"\xC0" + name("U"))
    h = d.take(1)[0]
    d.ok(hostfs.ARGS, bytes([h, 1]) + w(2))
    d.ok(hostfs.BPUT, bytes([h]) + b"Z")
    d.ok(hostfs.ARGS, bytes([h, 3]) + w(4))
    d.ok(hostfs.CLOSE, bytes([h]))
    assert (root / "U").read_bytes() == b"abZd"
    d.ok(hostfs.INFO, name("U"))
    assert d.take(9)[1:] == w(0x1900) + w(0x1900)       # the addresses survive the update


def test_cat_infotext_names_and_drive(bbc):
    d, root = bbc
    d.ok(hostfs.SAVE, name("BETA") + w(0x1900) + w(0x8023) + b"x" * 300)
    d.ok(hostfs.SAVE, name("ALPHA") + w(0xFFFF0E00) + w(0xFFFF8023) + b"y")
    d.ok(hostfs.SAVE, name("W.ONE") + w(0) + w(0) + b"")
    (root / "unmappable-long-name.txt").write_text("x")
    d.ok(hostfs.CAT, b"\r")
    cat = d.text().split("\r")
    assert cat[1] == "Drive 0" and cat[2].startswith("Dir. :0.$") and cat[2].endswith("Lib. :0.$")
    body = " ".join(cat[3:])
    assert body.split() == ["ALPHA", "BETA", "W.ONE"]
    d.ok(hostfs.INFOTEXT, name("*"))
    lines = d.text().split("\r")
    assert lines[:2] == ["$.ALPHA     FF0E00 FF8023 000001", "$.BETA      001900 008023 00012C"]
    d.ok(hostfs.INFOTEXT, name("#.*"))
    assert len(d.text().split("\r")) == 4
    assert d.error(hostfs.INFOTEXT, name("Z*")) == (0xD6, "File not found")
    d.ok(hostfs.NAMES, b"\0")
    assert d.take(6) == b"\5ALPHA"
    d.ok(hostfs.NAMES, b"\2")
    assert d.take(1) == b"\0"
    assert d.error(hostfs.DRIVE, b"1\r") == (0xCD, "Bad drive")
    assert d.error(hostfs.DRIVE, b"7\r") == (0xCD, "Bad drive")
    d.ok(hostfs.DRIVE, b"0\r")


def test_unknown_command_and_short_parameters(bbc):
    d, _ = bbc
    assert d.error(99) == (0xFE, "Bad command")
    assert d.error(hostfs.SAVE, b"NOCR") == (0xFE, "Bad command")
    assert d.error(hostfs.BGET) == (0xFE, "Bad command")


def test_read_only_directory_gives_disc_read_only_and_keeps_files(tmp_path, monkeypatch):
    (tmp_path / "OLD").write_bytes(b"keep")
    d = Driver(HostFilingCard(tmp_path))

    def refused(*args, **kw):           # what a read-only directory does (also for root, here)
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(atomic.tempfile, "mkstemp", refused)
    assert d.error(hostfs.SAVE, name("OLD") + w(0) + w(0) + b"new") == (0xC9, "Disc read only")
    assert d.error(hostfs.SAVE, name("NEW") + w(0) + w(0) + b"new") == (0xC9, "Disc read only")
    monkeypatch.undo()
    assert (tmp_path / "OLD").read_bytes() == b"keep"
    assert sorted(os.listdir(tmp_path)) == ["OLD"]


def test_full_disc_gives_disc_full(tmp_path, monkeypatch):
    (tmp_path / "OLD").write_bytes(b"keep")
    d = Driver(HostFilingCard(tmp_path))
    real_fdopen = os.fdopen

    class Full:
        def __init__(self, f):
            self.f = f

        def __enter__(self):
            return self

        def __exit__(self, *a):
            self.f.close()

        def write(self, data):
            raise OSError(28, "No space left on device")

    monkeypatch.setattr(hostfs.os, "fdopen", lambda fd, mode: Full(real_fdopen(fd, mode)))
    assert d.error(hostfs.SAVE, name("OLD") + w(0) + w(0) + b"new") == (0xC6, "Disc full")
    monkeypatch.undo()
    assert (tmp_path / "OLD").read_bytes() == b"keep"
    assert sorted(os.listdir(tmp_path)) == ["OLD"]


# --- the Atom profile ----------------------------------------------------------------------------

def test_atom_names_up_to_13_characters(tmp_path):
    d = Driver(HostFilingCard(tmp_path, profile=FLAT_NAMES), base=0xBC00)
    d.ok(hostfs.SAVE, name("THIRTEENCHARS") + w(0x2900) + w(0xC2B2) + b"prog")
    assert (tmp_path / "THIRTEENCHARS").read_bytes() == b"prog"
    assert (tmp_path / "THIRTEENCHARS.inf").read_text().split() == ["THIRTEENCHARS", "00002900", "0000C2B2",
                                                                   "000004"]
    assert d.error(hostfs.SAVE, name("FOURTEENCHARSX") + w(0) + w(0)) == (0xCC, "Bad filename")
    d.ok(hostfs.SAVE, name("A.B") + w(0) + w(0) + b"")      # a dot is an ordinary character here
    d.ok(hostfs.LOAD, name("thirteenchars"))
    assert d.take(17) == w(0x2900) + w(0xC2B2) + w(4) + b"\0prog"
    d.ok(hostfs.CAT, b"\r")
    assert "THIRTEENCHARS" in d.text()
    assert d.error(hostfs.DRIVE, b"1\r") == (0xCD, "Bad drive")


# --- .inf parsing --------------------------------------------------------------------------------

@pytest.mark.parametrize("text, expected", [
    ("$.PROG FFFF0E00 FFFF8023 000100 L", (0xFFFF0E00, 0xFFFF8023, True)),
    ("$.PROG E00 8023", (0xE00, 0x8023, False)),
    ("E00 8023", (0xE00, 0x8023, False)),
    ("CAFE 1900 1900 10 Locked", (0x1900, 0x1900, True)),
    ("garbage", (0, 0xFFFFFFFF, False)),
])
def test_inf_parsing(tmp_path, text, expected):
    (tmp_path / "X.inf").write_text(text + "\n")
    assert hostfs.read_inf(str(tmp_path / "X.inf")) == expected


# --- disc images ---------------------------------------------------------------------------------

def disc_card(tmp_path, files, **kw):
    image = build_ssd(files, title="TESTDISC", **kw)
    return Driver(HostFilingCard(tmp_path, {1: DFSDisc(image, 1)})), image


def test_ssd_catalogue_load_and_read_only(tmp_path):
    d, _ = disc_card(tmp_path, [("$", "HELLO", 0x31900, 0x38023, b"h" * 600, True),
                                ("B", "DATA", 0x2000, 0x2000, b"xyz")])
    d.ok(hostfs.LOAD, name(":1.HELLO"))
    assert d.take(13) == w(0xFF1900) + w(0xFF8023) + w(600) + b"\x08"
    assert d.take(600) == b"h" * 600
    d.ok(hostfs.DRIVE, b"1\r")
    d.ok(hostfs.LOAD, name("B.DATA"))
    assert d.take(16)[12:] == b"\0xyz"
    d.ok(hostfs.CAT, b"\r")
    cat = d.text().split("\r")
    assert cat[0] == "TESTDISC" and cat[1].startswith("Drive 1")
    assert cat[3].split() == ["HELLO", "L", "B.DATA"]
    assert d.error(hostfs.SAVE, name("NEW") + w(0) + w(0) + b"") == (0xC9, "Disc read only")
    assert d.error(hostfs.DELETE, name("B.DATA")) == (0xC9, "Disc read only")
    assert d.error(hostfs.OPEN, b"\x80" + name("NEW")) == (0xC9, "Disc read only")
    d.ok(hostfs.OPEN, b"\x40" + name("B.DATA"))
    h = d.take(1)[0]
    assert d.error(hostfs.BPUT, bytes([h, 1])) == (0xC1, "File read only")
    d.ok(hostfs.DRIVE, b"0\r")
    assert d.error(hostfs.LOAD, name("HELLO")) == (0xD6, "File not found")


def test_damaged_images_are_refused(tmp_path):
    good = build_ssd([("$", "A", 0, 0, b"a" * 300), ("$", "B", 0, 0, b"b" * 10)])
    DFSDisc(good)
    with pytest.raises(UserError, match="too short for the catalogue"):
        DFSDisc(good[:300], source="x.ssd")
    with pytest.raises(UserError, match=r"x\.ssd: .*too short for \$\.[AB]"):
        DFSDisc(good[:512 + 100], source="x.ssd")
    bad = bytearray(good)
    bad[256 + 8 + 7], bad[256 + 8 + 6] = 0x20, 0x03                 # B (entry 0) at sector 800
    with pytest.raises(UserError, match=r"\$\.B lies outside the disc's sectors"):
        DFSDisc(bytes(bad))
    bad = bytearray(good)
    bad[256 + 8 + 7] = 2                                            # B (entry 0) moved onto A
    with pytest.raises(UserError, match="overlaps"):
        DFSDisc(bytes(bad))
    bad = bytearray(good)
    bad[256 + 5] = 7
    with pytest.raises(UserError, match="multiple of 8"):
        DFSDisc(bytes(bad))
    bad = bytearray(good)
    bad[256 + 8 + 7] = 0                                            # a file in the catalogue
    with pytest.raises(UserError, match="outside the disc"):
        DFSDisc(bytes(bad))


@pytest.mark.parametrize("claimed", [0, 1, 1023])
def test_the_catalogues_sector_count_is_not_checked(claimed):
    # DFS reads files without looking at the count (Irq-Timing.ssd claims 0 sectors).
    image = bytearray(build_ssd([("$", "A", 0, 0, b"a" * 300), ("$", "B", 0, 0, b"b" * 10)]))
    image[256 + 7], image[256 + 6] = claimed & 0xFF, claimed >> 8
    disc = DFSDisc(bytes(image))
    assert disc.sectors == claimed
    b = next(f for f in disc.files if f.name == "B")
    assert disc.read(b.start, b.length) == b"b" * 10


def test_disc_image_file_errors_name_the_file(tmp_path):
    with pytest.raises(UserError, match="nothere.ssd: cannot read"):
        DFSDisc.load(tmp_path / "nothere.ssd")


# --- save states ---------------------------------------------------------------------------------

def test_state_round_trip_reopens_files(bbc):
    d, root = bbc
    d.ok(hostfs.SAVE, name("IN") + w(0) + w(0) + b"0123456789")
    d.ok(hostfs.OPEN, b"\x40" + name("IN"))
    h_in = d.take(1)[0]
    d.ok(hostfs.ARGS, bytes([h_in, 1]) + w(3))
    d.ok(hostfs.OPEN, b"\x80" + name("W.OUT"))
    h_out = d.take(1)[0]
    d.ok(hostfs.BPUT, bytes([h_out]) + b"Q")
    state = d.card.state()
    assert (root / "W.OUT").read_bytes() == b"Q"              # written through before the state
    _plain(state)
    other = Driver(HostFilingCard(root))
    other.card.set_state(state)
    other.ok(hostfs.BGET, bytes([h_in]))
    assert other.take(1) == b"3"
    other.ok(hostfs.BPUT, bytes([h_out]) + b"R")
    other.ok(hostfs.CLOSE, b"\0")
    assert (root / "W.OUT").read_bytes() == b"QR"


def _plain(value):
    if isinstance(value, dict):
        for k, v in value.items():
            assert isinstance(k, str)
            _plain(v)
    elif isinstance(value, list):
        for v in value:
            _plain(v)
    else:
        assert value is None or isinstance(value, (int, bool, str, bytes))


# --- fitted to the machines ----------------------------------------------------------------------

def test_card_fitted_to_both_machines(tmp_path):
    from emulator import Machine
    bbc = Machine("bbc", files=tmp_path)
    assert bbc.memory[0xFCC2] == 0x48 and bbc.memory[0xFCC3] == 2 and bbc.memory[0xFCC4] == 0xFC
    atom = Machine("atom", files=tmp_path)
    assert atom.memory[0xBC02] == 0x48 and atom.memory[0xBC04] == 0xBC
    assert Machine("bbc").memory[0xFCC2] == 0xFC                 # no card: open bus
    assert Machine("atom").memory[0xBC02] == 0xBC
    with pytest.raises(UserError, match="cannot read the directory to serve: no such file"):
        Machine("bbc", files=tmp_path / "missing")


def test_rename_moves_file_and_inf(bbc):
    d, root = bbc
    d.ok(hostfs.SAVE, name("OLD") + w(0x1900) + w(0x8023) + b"data")
    d.ok(hostfs.RENAME, name("OLD") + name("B.NEW"))
    assert sorted(os.listdir(root)) == ["B.NEW", "B.NEW.inf"]
    assert (root / "B.NEW").read_bytes() == b"data"
    assert (root / "B.NEW.inf").read_text().split()[:3] == ["B.NEW", "00001900", "00008023"]
    d.ok(hostfs.INFO, name("B.NEW"))
    assert d.take(9) == b"\1" + w(0x1900) + w(0x8023)
    # a change of case only is allowed; a file with no .inf keeps having none
    (root / "PLAIN").write_bytes(b"p")
    d.ok(hostfs.RENAME, name("PLAIN") + name("Plain"))
    assert "Plain" in os.listdir(root) and "Plain.inf" not in os.listdir(root)


def test_rename_errors_leave_files_alone(bbc):
    d, root = bbc
    d.ok(hostfs.SAVE, name("A") + w(0) + w(0) + b"a")
    d.ok(hostfs.SAVE, name("B") + w(0) + w(0) + b"b")
    (root / "hidden.inf.x").write_bytes(b"")                 # unrelated host file
    assert d.error(hostfs.RENAME, name("A") + name("B")) == (0xC4, "Exists")
    assert d.error(hostfs.RENAME, name("MISSING") + name("C")) == (0xD6, "File not found")
    assert d.error(hostfs.RENAME, name("A") + name("BAD NAME")) == (0xCC, "Bad filename")
    assert d.error(hostfs.RENAME, name("A") + name(":1.C")) == (0xCD, "Bad drive")
    d.ok(hostfs.SETINFO, b"\4" + name("A") + w(0) + w(0) + b"\x08")
    assert d.error(hostfs.RENAME, name("A") + name("C")) == (0xC3, "File locked")
    d.ok(hostfs.OPEN, b"\x40" + name("B"))
    assert d.error(hostfs.RENAME, name("B") + name("C")) == (0xC2, "File open")
    assert (root / "A").read_bytes() == b"a" and (root / "B").read_bytes() == b"b"
    assert not (root / "C").exists() and not (root / "C.inf").exists()


def test_rename_refuses_a_host_file_the_machine_cannot_see(bbc):
    d, root = bbc
    d.ok(hostfs.SAVE, name("A") + w(0) + w(0) + b"a")
    (root / "C.inf").write_text("junk")                       # an orphan .inf at the new name
    assert d.error(hostfs.RENAME, name("A") + name("C")) == (0xC4, "Exists")
    assert (root / "C.inf").read_text() == "junk" and (root / "A").exists()


def test_dir_and_lib_and_gbpb_information(bbc):
    d, root = bbc
    d.ok(hostfs.DIRINFO, b"\5")
    title = root.name[:12].encode()
    assert d.take(len(title) + 3) == bytes([len(title)]) + title + b"\0\0"
    d.ok(hostfs.DIRINFO, b"\6")
    assert d.take(4) == b"\x010\x01$"
    d.ok(hostfs.SETDIR, b"\0" + name("W"))
    d.ok(hostfs.SETDIR, b"\1" + name(":0.L"))
    d.ok(hostfs.DIRINFO, b"\6")
    assert d.take(4) == b"\x010\x01W"
    d.ok(hostfs.DIRINFO, b"\7")
    assert d.take(4) == b"\x010\x01L"
    d.ok(hostfs.SAVE, name("F") + w(0) + w(0) + b"w")          # names without a directory are in W
    assert (root / "W.F").read_bytes() == b"w"
    d.ok(hostfs.SAVE, name("$.G") + w(0) + w(0) + b"g")
    assert (root / "G").read_bytes() == b"g"
    d.ok(hostfs.NAMES, b"\0")
    assert d.take(2) == b"\1F"
    assert d.error(hostfs.SETDIR, b"\0" + name("*")) == (0xCE, "Bad dir")
    assert d.error(hostfs.SETDIR, b"\0" + name(":2")) == (0xCD, "Bad drive")
    state = d.card.state()
    _plain(state)
    other = HostFilingCard(root)
    other.set_state(state)
    assert other.directory == "W" and other.library == (0, "L")


def test_gbpb_title_of_a_disc_image(tmp_path):
    disc = tmp_path / "d.ssd"
    disc.write_bytes(build_ssd([], title="GAMES", boot_option=3))
    d = Driver(HostFilingCard(tmp_path, discs={1: DFSDisc.load(disc, 1)}))
    d.ok(hostfs.DRIVE, name("1"))
    d.ok(hostfs.DIRINFO, b"\5")
    assert d.take(8) == b"\5GAMES\3\1"


def test_run_load_looks_in_the_library_for_plain_names(bbc):
    d, root = bbc
    d.ok(hostfs.SAVE, name("L.TOOL") + w(0x1900) + w(0x1901) + b"lib")
    assert d.error(hostfs.RUNLOAD, name("TOOL")) == (0xD6, "File not found")
    d.ok(hostfs.SETDIR, b"\1" + name("L"))
    d.ok(hostfs.RUNLOAD, name("TOOL"))
    assert d.take(16) == w(0x1900) + w(0x1901) + w(3) + b"\0" + b"lib"
    assert d.error(hostfs.RUNLOAD, name("$.TOOL")) == (0xD6, "File not found")    # a directory given
    assert d.error(hostfs.LOAD, name("TOOL")) == (0xD6, "File not found")         # *LOAD does not look
    d.ok(hostfs.SAVE, name("TOOL") + w(0x2000) + w(0x2000) + b"own")
    d.ok(hostfs.RUNLOAD, name("TOOL"))
    assert d.take(4) == w(0x2000)                                                 # the current one first
