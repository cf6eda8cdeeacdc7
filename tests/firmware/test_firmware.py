"""Building our firmware from a source tree, and checking a user's ROM directory."""
import pytest

from emulator import firmware
from emulator.asm import AsmError
from emulator.cli import main
from emulator.errors import UserError

KERNEL = """\
        .include "vectors.inc"
reset:  ldx #$FF
        txs
@idle:  jmp @idle
        .org $FFFA
        .word reset, reset, reset
"""


@pytest.fixture
def tree(tmp_path):
    """A firmware source tree: an Atom kernel in a directory with an include, an Atom BASIC as one file."""
    src = tmp_path / "src"
    (src / "atom" / "kernel").mkdir(parents=True)
    (src / "atom" / "kernel" / "main.s").write_text(KERNEL)
    (src / "atom" / "kernel" / "vectors.inc").write_text("STACK = $0100\n")
    (src / "atom" / "basic.s").write_text("start: lda #0\n rts\n")
    (src / "bbc").mkdir()
    return src, tmp_path / "build"


def test_builds_each_rom_at_its_address_and_size(tree):
    src, build = tree
    directory, paths, rebuilt = firmware.build_machine("atom", src, build)
    assert rebuilt and directory == build / "atom"
    assert sorted(paths) == ["basic", "kernel"]
    kernel = paths["kernel"].read_bytes()
    assert len(kernel) == 4096
    assert kernel[:6] == bytes([0xA2, 0xFF, 0x9A, 0x4C, 0x03, 0xF0])       # at #F000
    assert kernel[6:0xFFA] == b"\xff" * (0xFFA - 6)                          # padding up to the vectors
    assert kernel[-6:] == bytes([0x00, 0xF0] * 3)
    basic = paths["basic"].read_bytes()
    assert len(basic) == 4096 and basic[:3] == bytes([0xA9, 0x00, 0x60]) and basic[3:] == b"\xff" * 4093


def test_same_bytes_every_time_and_rebuilt_only_when_stale(tree):
    src, build = tree
    _, paths, _ = firmware.build_machine("atom", src, build)
    first = paths["kernel"].read_bytes()
    _, _, rebuilt = firmware.build_machine("atom", src, build)
    assert not rebuilt
    _, paths, rebuilt = firmware.build_machine("atom", src, build, force=True)
    assert rebuilt and paths["kernel"].read_bytes() == first
    # an include changes: stale
    (src / "atom" / "kernel" / "vectors.inc").write_text("STACK = $0100\nEXTRA = 1\n")
    _, _, rebuilt = firmware.build_machine("atom", src, build)
    assert rebuilt
    # a built image goes missing: rebuilt
    paths["basic"].unlink()
    _, _, rebuilt = firmware.build_machine("atom", src, build)
    assert rebuilt and paths["basic"].exists()


def test_rom_set_of_our_firmware(tree):
    src, build = tree
    roms = firmware.rom_set("atom", source_root=src, build_root=build)
    assert sorted(roms) == ["basic", "kernel"] and all(len(r) == 4096 for r in roms.values())
    with pytest.raises(UserError, match="no BBC Micro firmware"):
        firmware.rom_set("bbc", source_root=src, build_root=build)
    (src / "atom" / "basic.s").unlink()
    with pytest.raises(UserError, match="has no basic yet"):
        firmware.rom_set("atom", source_root=src, build_root=build)
    assert sorted(firmware.rom_set("atom", source_root=src, build_root=build, require_complete=False)) == ["kernel"]
    assert not (build / "atom" / "basic.rom").exists()       # the image of a removed source goes too


@pytest.mark.parametrize("source,message", [
    (" .org $C100\n nop\n", "the code spans #C100-#C100, but basic must start at #C000 and end by #DFFF"),
    (" .fill 8193\n", "the code spans #C000-#E000, but basic must start at #C000 and end by #DFFF"),
    (" .org $BFFF\n .byte 0, 1\n", "the code spans #BFFF-#C000"),
    ("x = 1\n", "assembles to nothing"),
])
def test_image_must_fill_its_rom_and_nothing_else(tree, source, message):
    src, build = tree
    (src / "atom" / "basic.s").write_text(source)
    with pytest.raises(UserError, match=message):
        firmware.build_machine("atom", src, build)


def test_a_program_spanning_two_sockets_is_written_as_their_images(tree):
    # Our Atom BASIC is one program over #C000-#DFFF: basic.rom and float.rom.
    src, build = tree
    (src / "atom" / "basic.s").write_text(" jmp high\n .fill $D000-*, $EA\nhigh: rts\n")
    _, paths, _ = firmware.build_machine("atom", src, build)
    assert sorted(paths) == ["basic", "float", "kernel"]
    assert paths["basic"].read_bytes() == bytes([0x4C, 0x00, 0xD0]) + b"\xea" * 4093
    assert paths["float"].read_bytes() == b"\x60" + b"\xff" * 4095
    assert sorted(firmware.rom_set("atom", source_root=src, build_root=build)) == ["basic", "float", "kernel"]
    # the program shrinks back into #C000-#CFFF: float.rom goes, the stamp says so
    (src / "atom" / "basic.s").write_text(" rts\n")
    _, paths, rebuilt = firmware.build_machine("atom", src, build)
    assert rebuilt and sorted(paths) == ["basic", "kernel"] and not (build / "atom" / "float.rom").exists()
    _, paths, rebuilt = firmware.build_machine("atom", src, build)
    assert not rebuilt and sorted(paths) == ["basic", "kernel"]
    # a float source of its own beside our BASIC has no socket left
    (src / "atom" / "float.s").write_text(" nop\n")
    with pytest.raises(UserError, match="ROM 'float' is part of our 'basic'"):
        firmware.build_machine("atom", src, build)


def test_unknown_rom_name_and_two_sources(tree):
    src, build = tree
    (src / "atom" / "floppy.s").write_text(" nop\n")
    with pytest.raises(UserError, match="no Acorn Atom ROM is called 'floppy'"):
        firmware.build_machine("atom", src, build)
    (src / "atom" / "floppy.s").unlink()
    (src / "atom" / "kernel.s").write_text(" nop\n")
    with pytest.raises(UserError, match="two sources"):
        firmware.build_machine("atom", src, build)


def test_assembly_errors_stop_the_build(tree):
    src, build = tree
    (src / "atom" / "basic.s").write_text(" lda nowhere\n")
    with pytest.raises(AsmError) as caught:
        firmware.build_machine("atom", src, build)
    assert caught.value.errors == [f"{src / 'atom' / 'basic.s'}:1:6: undefined symbol 'nowhere'"]
    assert not (build / "atom" / "stamp").exists()


def test_unwritable_build_directory_falls_back_to_the_user_cache(tree, tmp_path, monkeypatch):
    src, _ = tree
    blocker = tmp_path / "file"
    blocker.write_text("a file where the build directory would go")
    monkeypatch.setattr(firmware, "SOURCE_ROOT", src)
    monkeypatch.setattr(firmware, "BUILD_ROOT", blocker / "build")
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    roms = firmware.rom_set("atom")
    assert sorted(roms) == ["basic", "kernel"]
    assert (tmp_path / "cache" / "acorn-emulator" / "roms" / "atom" / "kernel.rom").exists()


def test_sideways_rom_of_the_bbc(tree):
    src, build = tree
    (src / "bbc" / "rom4.s").write_text(" .byte 1, 2, 3\n")
    _, paths, _ = firmware.build_machine("bbc", src, build)
    assert len(paths["rom4"].read_bytes()) == 16384


def test_roms_build_command(tree, capsys):
    src, build = tree
    assert main(["roms", "build", "--src", str(src), "--out", str(build)]) == 0
    out = capsys.readouterr().out
    assert "BBC Micro: no sources in" in out and "nothing to build" in out
    assert f"Acorn Atom: built {build / 'atom' / 'kernel.rom'} (4096 bytes at #F000)" in out
    (src / "atom" / "basic.s").write_text(" lda #999\n")
    assert main(["roms", "build", "--src", str(src), "--out", str(build)]) == 2
    err = capsys.readouterr().err
    assert f"{src / 'atom' / 'basic.s'}:1:7: value $3E7 too large for a byte" in err
    assert "Traceback" not in err


def test_the_repository_has_no_firmware_sources_yet_or_builds_them(capsys):
    # Today roms/src/atom and roms/src/bbc are empty: the build says so for each machine.
    assert main(["roms", "build", "--out", str(firmware.BUILD_ROOT)]) in (0, 2)
    out = capsys.readouterr().out
    for machine, spec in firmware.machines().items():
        if not firmware.rom_sources(machine):
            assert f"{spec.title}: no sources in" in out


# ---- a user's ROM directory -----------------------------------------------------------------------

def _write(directory, sizes):
    directory.mkdir(parents=True, exist_ok=True)
    for name, size in sizes.items():
        (directory / name).write_bytes(bytes([len(name)]) * size)


def test_user_rom_set(tmp_path):
    _write(tmp_path, {"mos.rom": 16384, "basic.rom": 16384, "rom3.rom": 8192, "rom4.rom": 16384})
    roms = firmware.rom_set("bbc", tmp_path)
    assert sorted(roms) == ["basic", "mos", "rom3", "rom4"]
    assert len(roms["rom3"]) == 8192
    with pytest.raises(UserError) as caught:
        firmware.rom_set("atom", tmp_path)
    assert str(caught.value) == f"{tmp_path / 'kernel.rom'}: missing (the Acorn Atom needs kernel.rom, 4096 bytes)"


def test_user_rom_set_wrong_size(tmp_path):
    _write(tmp_path, {"kernel.rom": 4096, "basic.rom": 4095})
    with pytest.raises(UserError) as caught:
        firmware.rom_set("atom", tmp_path)
    assert str(caught.value) == f"{tmp_path / 'basic.rom'}: 4095 bytes, expected 4096 (basic.rom of the Acorn Atom)"
    _write(tmp_path, {"basic.rom": 4096, "dos.rom": 100})
    with pytest.raises(UserError, match="dos.rom: 100 bytes, expected 4096"):
        firmware.rom_set("atom", tmp_path)
    with pytest.raises(UserError, match="cannot read the ROM directory: no such file"):
        firmware.rom_set("atom", tmp_path / "nowhere")


def test_machine_subdirectories(tmp_path):
    _write(tmp_path / "atom", {"kernel.rom": 4096, "basic.rom": 4096, "float.rom": 4096})
    _write(tmp_path / "bbc", {"mos.rom": 16384, "basic.rom": 16384})
    assert sorted(firmware.rom_set("atom", tmp_path)) == ["basic", "float", "kernel"]
    assert sorted(firmware.rom_set("bbc", tmp_path)) == ["basic", "mos"]


def test_roms_check_command(tmp_path, capsys):
    _write(tmp_path, {"mos.rom": 16384, "basic.rom": 16384, "rom0.rom": 5})
    assert main(["roms", "check", str(tmp_path)]) == 2          # rom0.rom is wrong, the Atom set incomplete
    out = capsys.readouterr().out
    assert "BBC Micro: incomplete" in out and "rom0.rom     WRONG: 5 bytes, expected 16384 or 8192" in out
    assert "kernel.rom   MISSING" in out and "basic.rom    WRONG: 16384 bytes, expected 4096" in out
    (tmp_path / "rom0.rom").unlink()
    assert main(["roms", "check", str(tmp_path)]) == 0
    out = capsys.readouterr().out
    assert "BBC Micro: complete" in out and "usable with --roms: BBC Micro" in out
    assert main(["roms", "check", str(tmp_path / "none")]) == 2
    assert "cannot read the ROM directory: no such file" in capsys.readouterr().err
