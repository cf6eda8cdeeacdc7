"""Disc images (.ssd, .dsd) as the 8271's drives take them: sizes and catalogues checked, damaged
ones refused with one line and the file untouched, writes going back whole.  No ROMs."""
import os

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from emulator.media.dfs_disc import build_ssd
from emulator.cli import main
from emulator.errors import UserError
from emulator.media.disc_image import Disc, DiscImageError


def ssd(files=(), **options):
    return build_ssd(list(files), **options)


def dsd(side0, side1, tracks=80):
    a, b = side0.ljust(tracks * 2560, b"\0"), side1.ljust(tracks * 2560, b"\0")
    return b"".join(a[t * 2560:(t + 1) * 2560] + b[t * 2560:(t + 1) * 2560] for t in range(tracks))


def load(tmp_path, name, data, writable=False):
    path = tmp_path / name
    path.write_bytes(data)
    return Disc.load(path, writable=writable)


def test_an_ssd_is_one_side_in_track_order(tmp_path):
    image = ssd([("$", "A", 0x1900, 0x1900, bytes(range(256)) * 3)], title="ONE")
    disc = load(tmp_path, "a.ssd", image)
    assert (disc.sides, disc.tracks) == (1, 80)                 # build_ssd claims 800 sectors
    assert disc.read_sector(0, 0, 2) == bytes(range(256))
    assert disc.read_sector(0, 1, 0) == bytes(256)              # past the file's end: zeros
    forty = load(tmp_path, "b.ssd", ssd(sectors=400))
    assert forty.tracks == 40 and not forty.formatted(0, 40)


def test_a_dsd_interleaves_the_sides_track_by_track(tmp_path):
    side0 = ssd([("$", "ZERO", 0, 0, b"0" * 2600)], title="Z")
    side1 = ssd([("$", "ONE", 0, 0, b"1" * 2600)], title="O")
    disc = load(tmp_path, "d.dsd", dsd(side0, side1))
    assert disc.sides == 2
    assert disc.read_sector(0, 1, 0)[:4] == b"0000" and disc.read_sector(1, 1, 0)[:4] == b"1111"
    assert disc.read_sector(1, 0, 2)[:4] == b"1111"


@pytest.mark.parametrize("name, data, message", [
    ("short.ssd", b"\0" * 300, "too short for the catalogue"),
    ("long.ssd", b"\0" * (80 * 2560 + 1), "longer than 80 tracks"),
    ("long.dsd", b"\0" * (2 * 80 * 2560 + 1), "longer than 80 tracks"),
    ("short.dsd", b"\0" * 2560, "too short for the catalogues of both sides"),
    ("odd.ssd", bytearray(512), None),                          # file count byte set below
    ("cut.ssd", ssd([("$", "BIG", 0, 0, b"x" * 5000)])[:3000], "stops inside the file"),
    ("x.img", ssd(), "not a disc image name"),
])
def test_damaged_images_are_refused_with_one_line(tmp_path, name, data, message):
    data = bytearray(data)
    if name == "odd.ssd":
        data[256 + 5] = 3
        message = "not a multiple of 8"
    path = tmp_path / name
    path.write_bytes(bytes(data))
    with pytest.raises(DiscImageError) as caught:
        Disc.load(path, writable=True)
    text = str(caught.value)
    assert message in text and "\n" not in text and str(path) in text
    assert path.read_bytes() == bytes(data)


def test_the_command_line_refuses_a_damaged_image_with_exit_2(tmp_path, capsys):
    path = tmp_path / "bad.ssd"
    damaged = bytes(ssd([("$", "BIG", 0, 0, b"x" * 5000)])[:3000])
    path.write_bytes(damaged)
    roms = tmp_path / "roms"
    roms.mkdir()
    for name in ("mos", "basic", "dfs"):
        (roms / f"{name}.rom").write_bytes(bytes(16384))
    status = main(["run", "--machine", "bbc", "--roms", str(roms), "--disc0", str(path), "--headless",
                   "--writable", "--no-files", "--max-seconds", "0.01"])
    err = capsys.readouterr().err.strip().splitlines()
    assert status == 2 and len(err) == 1 and "stops inside the file" in err[0]
    assert path.read_bytes() == damaged


def test_disc0_without_a_dfs_says_where_discs_go(tmp_path, capsys):
    path = tmp_path / "a.ssd"
    path.write_bytes(ssd())
    roms = tmp_path / "roms"
    roms.mkdir()
    for name in ("mos", "basic"):                               # a ROM set with no DFS
        (roms / f"{name}.rom").write_bytes(bytes(16384))
    status = main(["run", "--machine", "bbc", "--roms", str(roms), "--disc0", str(path), "--headless",
                   "--max-seconds", "0.01"])
    err = capsys.readouterr().err
    assert status == 2 and "--disc0 needs a DFS ROM" in err


def test_our_firmware_takes_disc0_on_the_command_line(tmp_path, capsys):
    # Our firmware has a DFS of its own (roms/src/bbc/dfs): --disc0 is the 8271's drive 0 and the
    # disc is the filing system from BREAK.
    path = tmp_path / "a.ssd"
    path.write_bytes(ssd([("$", "HELLO", 0, 0, b"x" * 10)], title="OURS"))
    status = main(["run", "--machine", "bbc", "--disc0", str(path), "--headless", "--type", "*CAT\r",
                   "--until", "HELLO", "--max-seconds", "20"])
    assert status == 0, capsys.readouterr().err


def test_a_writable_disc_goes_back_whole_through_a_rename(tmp_path):
    image = ssd([("$", "A", 0, 0, b"a" * 300)], sectors=400)
    disc = load(tmp_path, "w.ssd", image, writable=True)
    before = os.stat(tmp_path / "w.ssd").st_ino
    assert not disc.flush()                                     # nothing changed, nothing written
    disc.write_sector(0, 39, 9, b"\x42" * 256)
    assert disc.flush()
    data = (tmp_path / "w.ssd").read_bytes()
    assert len(data) == 400 * 256 and data[-256:] == b"\x42" * 256 and data[:len(image)] == image
    assert os.stat(tmp_path / "w.ssd").st_ino != before         # a new file renamed over the old
    assert sorted(os.listdir(tmp_path)) == ["w.ssd"]


def test_a_read_only_host_file_cannot_be_mounted_writable(tmp_path):
    path = tmp_path / "ro.ssd"
    path.write_bytes(ssd())
    path.chmod(0o444)
    if os.access(path, os.W_OK):
        pytest.skip("running as a user who can write any file")
    with pytest.raises(DiscImageError, match="read-only on the host"):
        Disc.load(path, writable=True)
    assert Disc.load(path).writable is False


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.binary(max_size=4096), st.sampled_from([1, 2]))
def test_fuzzed_images_raise_only_disc_image_errors(data, sides):
    try:
        disc = Disc(data, sides=sides)
    except DiscImageError as e:
        assert "\n" not in str(e)
        return
    assert disc.sides == sides and disc.tracks in (40, 80)


@settings(max_examples=200, deadline=None)
@given(st.data())
def test_fuzzed_catalogues_raise_only_disc_image_errors(data):
    image = bytearray(ssd([("$", "FILE", 0x1900, 0x8023, b"z" * 700)]))
    for _ in range(data.draw(st.integers(1, 8))):
        at = data.draw(st.integers(0, 511))
        image[at] = data.draw(st.integers(0, 255))
    try:
        Disc(bytes(image))
    except DiscImageError:
        pass
    except UserError as e:                                      # pragma: no cover - a wrong type
        pytest.fail(f"raised {type(e).__name__}, not DiscImageError: {e}")


# --- the ROM layout learns the DFS ------------------------------------------------------------------

def test_roms_check_knows_dfs_rom(tmp_path, capsys):
    for name in ("mos", "basic"):
        (tmp_path / f"{name}.rom").write_bytes(bytes(16384))
    (tmp_path / "dfs.rom").write_bytes(bytes(100))
    assert main(["roms", "check", str(tmp_path)]) == 2
    assert "dfs.rom      WRONG: 100 bytes, expected 16384" in capsys.readouterr().out
    (tmp_path / "dfs.rom").write_bytes(bytes(16384))
    main(["roms", "check", str(tmp_path)])
    assert "dfs.rom      ok (16384 bytes at &8000, optional)" in capsys.readouterr().out


def test_dfs_goes_into_slot_14_and_fits_the_disc_interface():
    from emulator.machines.bbc import BBCMicro

    mos = bytearray(b"\xEA" * 16384)
    mos[0x3FFC:0x3FFE] = b"\x00\xC0"                            # reset to &C000: NOPs
    dfs = b"D" * 16384
    bbc = BBCMicro({"mos": bytes(mos), "dfs": dfs})
    assert bbc.sideways.banks[14][0][:1] == b"D" and bbc.fdc is not None
    assert bbc.bus.peek(0xFE80) == 0x00                         # the 8271's status: idle
    plain = BBCMicro({"mos": bytes(mos)})
    assert plain.fdc is None and plain.bus.peek(0xFE80) == 0xFE  # no interface: open bus
    with pytest.raises(UserError, match="both want sideways slot 14"):
        BBCMicro({"mos": bytes(mos), "dfs": dfs, "rom14": dfs})
    fitted = BBCMicro({"mos": bytes(mos)}, disc_interface=True)
    assert fitted.fdc is not None


def test_drive_numbers_and_double_sided_images_are_checked(tmp_path):
    from emulator.machines.bbc import BBCMicro

    mos = bytes(16384)
    single = tmp_path / "a.ssd"
    single.write_bytes(ssd())
    double = tmp_path / "b.dsd"
    double.write_bytes(dsd(ssd(), ssd()))
    with pytest.raises(UserError, match="drives are 0, 1, 2 and 3"):
        BBCMicro({"mos": mos}, drives={4: str(single)})
    with pytest.raises(UserError, match="goes in drive 0 or 1"):
        BBCMicro({"mos": mos}, drives={2: str(double)})
    with pytest.raises(UserError, match="second side of the double-sided disc"):
        BBCMicro({"mos": mos}, drives={0: str(double), 2: str(single)})
    bbc = BBCMicro({"mos": mos}, drives={1: str(double), 0: str(single)})
    assert bbc.discs[1] is bbc.discs[3] and bbc.discs[0].sides == 1
    bbc.eject(3)                                                # both sides come out together
    assert set(bbc.discs) == {0}
