"""hoglet's teletext test pages on our BBC Micro, compared cell for cell with the reference renders.

Each page is a tokenised program on the reference folder's teletext-tests.ssd.  It runs under Acorn's
MOS 1.20 + BASIC II, put at PAGE as *LOAD would and started with BREAK, OLD, RUN (the project's
loader, emulator/basic/listing.py), and T1-T7 also come off the disc through our host filing card
under our MOS hosting BASIC II (`*DRIVE 1`, `CHAIN "Tn"`).  The typed pages are typed at Acorn's
MOS 1.20 + BASIC II.  Each reference picture agrees with photographs of a real machine (reference
README); tests/display/teletext_support.py reads both pictures cell by cell (colours and how much of the cell
each covers: layout, colour, flash phase and held characters, not glyph shapes).  T8 switches the
ULA's teletext bit six times along each of 128 scan lines of a MODE 4 frame: its picture is
compared in half characters by 10-line bands.
"""
import tempfile
from pathlib import Path

import pytest

from emulator import firmware
from emulator.basic.listing import load_tokenised, read_program
from emulator.media.dfs_disc import DFSDisc
from emulator.chips.saa5050 import flash_visible
from emulator.session import Machine

import teletext_support as cells

# The flash phase each reference picture was taken in (flashing cells lit or not): a fact about the
# picture, read off it (T2's flashing bars are lit, T6's flashing band is blank).
PAGE_FLASH_VISIBLE = {"T1": True, "T2": True, "T3": True, "T4": True, "T5": True, "T6": False,
                      "T7": True}


def _run_to_flash_phase(machine, visible):
    """Run on to the next VSYNC in the wanted flash phase: the picture is then a whole field."""
    hw = machine.hardware
    for _ in range(200):
        field = hw.field_count
        while hw.field_count == field:
            machine.run_cycles(2000)
        if flash_visible(hw.field_count) == visible:
            return
    raise AssertionError("flash phase never reached")


@pytest.fixture(scope="module")
def disc(reference):
    return reference / "teletext" / "teletext-tests.ssd"


@pytest.fixture(scope="module")
def acorn_page(disc, acorn_mos_basic):
    """A function giving a BBC with Acorn's MOS 1.20 + BASIC II running page `name`."""
    image = DFSDisc.load(disc)
    folder = Path(tempfile.mkdtemp(prefix="teletext-pages-"))

    def show(name):
        entry = next(f for f in image.files if f.name == name)
        path = folder / name
        path.write_bytes(image.read(entry.start, entry.length))
        m = Machine("bbc", roms=acorn_mos_basic)
        load_tokenised(m, read_program(path))
        m.run(3.0)
        return m
    return show


@pytest.fixture(scope="module")
def our_mos_page(disc, acorn_bbc_roms):
    """A function giving a BBC with our MOS hosting BASIC II, page `name` chained off the disc."""
    roms = {"mos": firmware.rom_set("bbc")["mos"], "basic": (acorn_bbc_roms / "basic.rom").read_bytes()}
    files = tempfile.mkdtemp(prefix="teletext-pages-")

    def show(name):
        m = Machine("bbc", roms=roms, files=files, discs={1: str(disc)})
        m.run(1.0)
        m.type(f'*DRIVE 1\rCHAIN "{name}"\r')
        m.run(6.0)
        return m
    return show


def _compare_page(m, page, reference):
    assert m.screen.text()[0].startswith(f" {page} "), m.screen.text()[0]
    _run_to_flash_phase(m, PAGE_FLASH_VISIBLE[page])
    ours = cells.our_cells(m.screen.rgb())
    expected = cells.reference_cells(reference / "teletext" / "refs" / f"{page.lower()}.png")
    assert cells.differences(ours, expected) == []


@pytest.mark.parametrize("page", sorted(PAGE_FLASH_VISIBLE))
def test_page_matches_the_reference_under_acorns_mos(page, acorn_page, reference):
    _compare_page(acorn_page(page), page, reference)


@pytest.mark.parametrize("page", sorted(PAGE_FLASH_VISIBLE))
def test_page_matches_the_reference_under_our_mos(page, our_mos_page, reference):
    _compare_page(our_mos_page(page), page, reference)


@pytest.mark.parametrize("page", sorted(PAGE_FLASH_VISIBLE))
def test_page_matches_the_reference_chained_from_drive_0(page, disc, dfs_roms, reference):
    """The disc in drive 0 of the 8271, the page CHAINed by a DFS (Acorn's, as on a real Model B, or
    our own firmware's)."""
    m = Machine("bbc", roms=dfs_roms, drives={0: str(disc)})
    m.run(1.0)
    m.type(f'CHAIN "{page}"\r')
    m.run_until_typed()
    m.run(6.0)
    _compare_page(m, page, reference)


def test_t8_teletext_switched_along_the_scan_lines(acorn_page, reference):
    """T8 locks a loop to the raster from VSYNC and, on 128 scan lines, switches the teletext bit
    on and off three times each: three bands of teletext blocks in the red MODE 4 screen, starting
    half a character into characters 8, 19 and 30 (the reference render)."""
    from emulator.display.png import read_png

    m = acorn_page("T8")
    hw = m.hardware
    pictures = []
    hw.field_listeners.append(lambda cycle: pictures.append(hw.screen.rgb()))
    m.run(0.1)
    assert len(pictures) >= 4 and hw.screen.span_renders >= 4
    expected = cells.raster_cells(read_png(reference / "teletext" / "refs" / "t8.png"),
                                  cells.T8_REF_GEOMETRY)
    for picture in pictures[-2:]:                   # every field the same
        ours = cells.raster_cells(picture, cells.T8_OUR_GEOMETRY)
        assert [(k, ours[k], expected[k]) for k in sorted(expected) if ours[k] != expected[k]] == []


# (picture, what is typed, flash phase, the output's row: 0 after CLS, else the row after the
# command's two rows; the columns compared)
TYPED = [
    ("expected_hoglet_held_char.png", "VDU &91,&61,&9E,&92,&93,&94,&81,&91,&91,10,13", True,
     None, range(40)),
    # The column after the output holds the cursor (and in the reference something half drawn):
    # the eight cells the VDU prints are compared.
    ("expected_steady_set_at_flash_1.png", "CLS:VDU &91,&88,&BF,&BF,&9E,&89,&BF,&BF", False,
     0, range(8)),
    ("expected_bug_469.png", "CLS:VDU &81,&80,&81,&A0,&80,&A0,&81,&9E,&A0,&9E,&A0,&97,&AC,&93,"
     "&93,&96,&96,&92,&92,&92,&95,&95,&91,&91,&94,&94,&94,&A0,&A0,&94,&80,&81,&80,&81,&80,&81,"
     "&80,&81,&B0,&B7", True, 0, range(40)),
]


def _reference_row(expected, ours_row_text_is_mosaic=None):
    """The reference's output row: the first row holding a mosaic colour other than white."""
    for row in range(25):
        if any(set(expected[row, c]) - {0, 7} for c in range(40)):
            return row
    raise AssertionError("no coloured row in the reference")


@pytest.mark.parametrize("picture, typed, visible, row, columns", TYPED, ids=[t[0] for t in TYPED])
def test_typed_page_matches_the_reference(picture, typed, visible, row, columns, reference,
                                          acorn_mos_basic):
    m = Machine("bbc", roms=acorn_mos_basic)
    m.run(1.0)
    m.type(typed + "\r")
    m.run_until_typed()
    m.run_cycles(400_000)
    _run_to_flash_phase(m, visible)
    ours = cells.our_cells(m.screen.rgb())
    expected = cells.reference_cells(reference / "teletext" / "typed-refs" / picture)
    if row is None:
        ours_row = next(i for i, text in enumerate(m.screen.text()) if text.startswith(">VDU")) + 2
        ref_row = _reference_row(expected)
    else:
        ours_row = ref_row = row
    diff = [(c, cells.describe(ours[ours_row, c]), cells.describe(expected[ref_row, c]))
            for c in columns if not cells.same(ours[ours_row, c], expected[ref_row, c])]
    assert diff == []
    assert any(len(ours[ours_row, c]) > 1 for c in columns)        # something was compared


def test_ceefax_engineering_page_from_drive_0(reference, reference_discs, dfs_roms):
    """eng_test.ssd's `*EXEC !BOOT` (it loads SIDPLAY, the Ceefax engineering test page) from drive 0
    of the 8271 under Acorn's MOS + DFS + BASIC II, and under our MOS, DFS and BASIC: the page
    matches its reference renders cell for cell in both flash phases, and after SPACE (reveal) too."""
    m = Machine("bbc", roms=dfs_roms, drives={0: str(reference_discs / "eng_test.ssd")})
    m.run(1.5)
    m.type("*EXEC !BOOT\r")
    m.run_until_typed()
    m.run(8.0)
    for key, pictures in ((None, ("expected_flash_0.png", "expected_flash_1.png")),
                          (" ", ("expected_reveal_flash_0.png", "expected_reveal_flash_1.png"))):
        if key:
            m.type(key)
            m.run_until_typed()
            m.run(1.0)
        for visible, picture in zip((False, True), pictures):
            _run_to_flash_phase(m, visible)
            expected = cells.reference_cells(reference / "teletext" / "typed-refs" / picture)
            assert cells.differences(cells.our_cells(m.screen.rgb()), expected) == [], picture
