"""UEF tape images: the chunks read, the file written back, damaged files refused with one line
(exit 2, nothing written), and the reader fuzzed.  No ROMs."""
import gzip
import struct

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from emulator.cli import main
from emulator.media.uef import Cycles, Data, Gap, Tape, Tone, UEFError

HEADER = b"UEF File!\0\x0a\x00"


def chunk(ident, body):
    return struct.pack("<HI", ident, len(body)) + body


def test_the_tape_chunks_are_read_in_order():
    raw = HEADER + b"".join([
        chunk(0x0000, b"made by a test\0"),                     # origin: skipped
        chunk(0x0110, struct.pack("<H", 4800)),
        chunk(0x0100, b"\x2aAB"),
        chunk(0x0111, struct.pack("<HH", 4, 100)),
        chunk(0x0112, struct.pack("<H", 2400)),
        chunk(0x0117, struct.pack("<H", 300)),
        chunk(0x0104, b"\x07E\x02xy"),
        chunk(0x0116, struct.pack("<f", 0.5)),
        chunk(0x0114, (10).to_bytes(3, "little") + b"PW" + bytes([0b10110000, 0b01000000])),
        chunk(0x0130, b"\x01\x02"),                             # tape set information: skipped
        chunk(0x0113, struct.pack("<f", 1000.0)),
        chunk(0x0110, struct.pack("<H", 2000)),
    ])
    tape = Tape.from_bytes(raw)
    s = tape.segments
    assert s[:7] == [Tone(4800), Data(b"\x2aAB"), Tone(4), Data(b"\xaa"), Tone(100), Gap(1.0),
                     Data(b"xy", 300, 7, "E", 2)]
    assert s[7] == Gap(0.5) and s[8] == Cycles([1, 0, 1, 1, 0, 0, 0, 0, 0, 1])
    assert s[9].cycles == 2000 and s[9].seconds == pytest.approx(1.0)          # base 1000 Hz
    assert s[0].seconds == pytest.approx(2.0) and s[1].seconds == pytest.approx(30 / 1200)
    assert s[6].seconds == pytest.approx(2 * 11 / 300)                         # start, 7, parity, 2
    assert tape.data_bytes() == b"\x2aAB\xaaxy"
    assert s[6].frame(ord("x")) == [0, 0, 0, 0, 1, 1, 1, 1, 0, 1, 1]           # 'x' = &78, even


def test_a_gzipped_file_reads_as_the_plain_one(tmp_path):
    raw = HEADER + chunk(0x0110, struct.pack("<H", 100)) + chunk(0x0100, b"hello")
    (tmp_path / "a.uef").write_bytes(gzip.compress(raw))
    assert Tape.load(tmp_path / "a.uef").segments == Tape.from_bytes(raw).segments


def test_a_tape_written_reads_back_the_same(tmp_path):
    tape = Tape([Tone(12000), Data(b"\x2a" + bytes(range(256))), Gap(0.25), Data(b"abc", 300),
                 Data(b"d", 300, 7, "O", 1), Cycles([1, 1, 0]), Tone(70000)])
    path = tmp_path / "out.uef"
    tape.save(path)
    raw = path.read_bytes()
    assert raw.startswith(HEADER)
    back = Tape.load(path)
    merged_tones = [Tone(12000), Data(b"\x2a" + bytes(range(256))), Gap(0.25), Data(b"abc", 300),
                    Data(b"d", 300, 7, "O", 1), Cycles([1, 1, 0]), Tone(65535), Tone(70000 - 65535)]
    assert back.segments == merged_tones
    assert [p.name for p in tmp_path.iterdir()] == ["out.uef"]             # no temporary left


@pytest.mark.parametrize("raw, message", [
    (b"", "does not start with the UEF header"),
    (b"not a tape at all", "does not start with the UEF header"),
    (HEADER + b"\x00\x01\x05", "chunk header at byte 12 is cut short"),
    (HEADER + chunk(0x0100, b"abcdef")[:-2], "claims 6 bytes; the file has 4 left"),
    (HEADER + struct.pack("<HI", 0x0100, 0xFFFFFFFF) + b"ab", "claims 4294967295 bytes"),
    (HEADER + chunk(0x0110, b"\x01"), "too short"),
    (HEADER + chunk(0x0111, b"\x01\x00\x02"), "too short"),
    (HEADER + chunk(0x0104, b"\x08N"), "too short"),
    (HEADER + chunk(0x0104, b"\x09N\x01a"), "defines a format"),
    (HEADER + chunk(0x0114, (100).to_bytes(3, "little") + b"PP\x00"), "too short"),
    (HEADER + chunk(0x0116, struct.pack("<f", float("nan"))), "holds the value nan"),
    (HEADER + chunk(0x0116, struct.pack("<f", -1.0)), "holds the value -1.0"),
    (HEADER + chunk(0x0113, struct.pack("<f", 0.0)), "base frequency"),
    (HEADER + chunk(0x0117, struct.pack("<H", 9600)), "9600 baud"),
    (gzip.compress(HEADER + chunk(0x0100, b"x" * 1000))[:30], "gzip stream"),
])
def test_damaged_files_are_refused_with_one_line(tmp_path, raw, message):
    path = tmp_path / "bad.uef"
    path.write_bytes(raw)
    with pytest.raises(UEFError) as caught:
        Tape.load(path)
    text = str(caught.value)
    assert message in text and "\n" not in text and str(path) in text
    assert path.read_bytes() == raw


def test_a_missing_file_is_one_line():
    with pytest.raises(UEFError, match="no such file"):
        Tape.load("/no/such/tape.uef")


def test_the_command_line_refuses_a_damaged_tape_with_exit_2(tmp_path, capsys):
    path = tmp_path / "bad.uef"
    raw = HEADER + chunk(0x0100, b"abcdef")[:-3]
    path.write_bytes(raw)
    record = tmp_path / "out.uef"
    status = main(["run", "--machine", "bbc", "--tape", str(path), "--record", str(record),
                   "--headless", "--max-seconds", "0.1"])
    err = capsys.readouterr().err.strip()
    assert status == 2
    assert len(err.splitlines()) == 1 and str(path) in err and "claims 6 bytes" in err
    assert path.read_bytes() == raw and not record.exists()


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.tuples(st.sampled_from([0x0100, 0x0104, 0x0110, 0x0111, 0x0112, 0x0113, 0x0114,
                                           0x0116, 0x0117, 0x0000, 0x0120]),
                          st.binary(max_size=12), st.integers(-3, 3)), max_size=8),
       st.integers(0, 200), st.booleans())
def test_fuzzed_files_raise_only_uef_errors(chunks, cut, zipped):
    raw = HEADER + b"".join(struct.pack("<HI", ident, max(0, len(body) + skew)) + body
                            for ident, body, skew in chunks)
    raw = raw[:len(raw) - cut] if cut < len(raw) else raw
    if zipped:
        raw = gzip.compress(raw)[:len(raw)] if cut % 2 else gzip.compress(raw)
    try:
        tape = Tape.from_bytes(raw)
    except UEFError as e:
        assert "\n" not in str(e)
        return
    Tape.from_bytes(tape.uef_bytes())               # whatever reads also writes and reads back


def test_a_recording_file_that_cannot_be_written_is_refused_before_the_run(tmp_path, capsys):
    for where, why in ((tmp_path, "it is a directory"), (tmp_path / "no" / "x.uef", "no such directory")):
        assert main(["run", "--machine", "atom", "--record", str(where), "--headless",
                     "--max-seconds", "0.1"]) == 2
        err = capsys.readouterr().err.strip()
        assert len(err.splitlines()) == 1 and why in err
