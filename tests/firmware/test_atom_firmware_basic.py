"""Our Atom BASIC on the emulated Atom: the conformance programs in tests/atom_basic, typed in.

Each program is typed through the keyboard matrix after NEW, the screen cleared, RUN typed, and the
rows after >RUN (the prompt's row the last) compared with the rows the file records (a last row
"..." : the program never comes back to the prompt).  Those are what
Acorn's own Atom ROMs show for the program on the same machine (issue 18: Acorn's ROMs are right;
tests/reference records them).  A program whose difference from Acorn's is known
(tests/reference/known_differences.toml) must show just what its entry records for ours: when it
shows Acorn's rows its entry must go, and anything else is a change to look at.
"""
import pytest

from reference import corpus, known
from reference.harness import OURS, Runner
from atom_firmware_support import boot, rows, type_and_wait

PROGRAMS = corpus.atom_conformance()


def test_there_are_at_least_150_conformance_programs():
    assert len(PROGRAMS) >= 150


@pytest.fixture(scope="module")
def atom():
    return Runner("atom", OURS)


@pytest.mark.parametrize("program", PROGRAMS, ids=[p.name.split("/")[1] for p in PROGRAMS])
def test_conformance(atom, program):
    result = atom.run(program.lines, max_seconds=program.max_seconds)
    got = corpus.output_rows(result.final.rows) + ([] if result.finished else [corpus.NEVER_RETURNS])
    wrong = known.check_ours("atom", program.name, got, program.expected)
    assert wrong is None, wrong


def test_list_shows_the_program_as_typed():
    m = boot()
    type_and_wait(m, "20 PRINT B\n10 A=1;  B=2\n30aGOTO a\nLIST\n")
    # as Acorn's: the banner, a blank row; each line number in five columns
    assert rows(m)[:10] == ["ACORN ATOM", "", ">20 PRINT B", ">10 A=1;  B=2", ">30aGOTO a", ">LIST",
                            "   10 A=1;  B=2", "   20 PRINT B", "   30aGOTO a", ">"]


def test_list_lists_in_five_columns_whatever_at_is_and_leaves_at_8():
    m = boot()
    type_and_wait(m, "10 P.1\n@=2\nLIST\nP.5\n")
    assert rows(m)[5:7] == ["   10 P.1", ">P.5"]
    assert rows(m)[7] == "       5>"


def test_new_and_old():
    m = boot()
    type_and_wait(m, "10 PRINT 1\nNEW\nLIST\n")
    assert rows(m)[4:6] == [">LIST", ">"]
    assert m.memory[0x2900:0x2902] == bytes([13, 0xFF])      # as Acorn's: a 13, then the end mark
    type_and_wait(m, "OLD\nLIST\n")
    assert "   10 PRINT 1" in rows(m)


def test_program_text_starts_with_a_13_and_top_follows_the_end_mark():
    # Acorn's layout: #2900 holds 13, the lines follow from #2901; TOP is the byte after #FF
    m = boot()
    type_and_wait(m, "10 P.1\n20 END\nP.TOP\n")
    assert m.memory[0x2900:0x2910] == b"\r\x00\x0a P.1\r\x00\x14 END\r\xff"
    assert rows(m)[5] == "   10512>"


def test_input_reads_numbers():
    m = boot()
    type_and_wait(m, '10 INPUT A,B;PRINT A+B\nRUN\n', 0.2)
    type_and_wait(m, "12\n", 0.2)
    type_and_wait(m, "30\n", 0.3)
    assert rows(m)[4:9] == ["?12", "?30", "      42", "ERROR 94 LINE      10", ">"]


def test_input_with_prompt_and_expression():
    m = boot()
    type_and_wait(m, '10 INPUT "N"N;PRINT N*2\nRUN\n', 0.2)
    type_and_wait(m, "#10+1\n", 0.3)
    assert rows(m)[4:6] == ["N?#10+1", "      34"]


def test_direct_mode_statements():
    m = boot()
    type_and_wait(m, "A=6;B=7;PRINT A*B\n")
    assert rows(m)[3] == "      42>"         # PRINT gives no new line; the prompt follows at once


def test_error_in_direct_mode_has_no_line():
    m = boot()
    type_and_wait(m, "PRINT 1/0\n")
    assert rows(m)[3:6] == ["", "ERROR 129", ">"]     # the report starts with a new line, always



def test_dim_in_direct_mode_is_error_216_and_reserves_nothing():
    """As Acorn's BASIC (found by running it): DIM works only in a program."""
    m = boot()
    type_and_wait(m, "A=0;DIM A(5)\n")
    type_and_wait(m, "PRINT A\n")
    assert rows(m)[3:6] == ["", "ERROR 216", ">PRINT A"] and rows(m)[6] == "       0>"

# --- graphics (ATAP ch. 11) and WAIT ---------------------------------------------------------------

def bresenham(x0, y0, x1, y1):
    """The pixels of a line, the usual integer way (the reference for DRAW)."""
    points = []
    dx, dy = abs(x1 - x0), -abs(y1 - y0)
    sx, sy = (1 if x0 < x1 else -1), (1 if y0 < y1 else -1)
    err = dx + dy
    while True:
        points.append((x0, y0))
        if (x0, y0) == (x1, y1):
            return points
        e2 = 2 * err
        if e2 >= dy:
            err += dy
            x0 += sx
        if e2 <= dx:
            err += dx
            y0 += sy


def mode4_pixels(m):
    video = m.memory[0x8000:0x9800]
    return {(x, 191 - row) for row in range(192) for x in range(256)
            if video[row * 32 + x // 8] >> (7 - x % 8) & 1}


def test_clear_4_draw_and_plot_in_the_highest_resolution():
    m = boot()
    type_and_wait(m, "10 CLEAR 4;MOVE 10,20;DRAW 200,150;PLOT 13,5,5;PLOT 15,200,150\n"
                     "20 PLOT 4,0,100;PLOT 1,50,-30\n30 DO UNTIL 0\nRUN\n", 1.0)
    assert m.memory[0xB000] >> 4 == 0xF                    # port A: RG6
    expected = set(bresenham(10, 20, 200, 150)) - {(200, 150)} | {(5, 5)}
    expected |= set(bresenham(0, 100, 50, 70))             # PLOT 4 moves, PLOT 1 draws relative
    assert mode4_pixels(m) == expected


def test_clear_0_plots_in_the_text_cells():
    m = boot()
    type_and_wait(m, "10 CLEAR 0;PLOT 13,0,47;PLOT 13,63,0;PLOT 13,1,46;PLOT 14,1,46\n"
                     "20 PLOT 13,2,47;PLOT 15,2,47;DO UNTIL 0\nRUN\n", 1.0)
    assert m.memory[0x8000] == 0x40 | 0x20                 # top left of the first cell
    assert m.memory[0x8000 + 15 * 32 + 31] == 0x40 | 0x01  # bottom right of the last
    assert m.memory[0x8001] == 0x40                        # set then cleared


def test_clear_modes_set_the_vdg():
    m = boot()
    for mode, port in ((1, 0x3), (2, 0x7), (3, 0xB), (4, 0xF)):
        type_and_wait(m, f"CLEAR {mode}\n", 0.2)
        assert m.memory[0xB000] >> 4 == port
    type_and_wait(m, "\x1b", 0.2)                           # ESCAPE: back to the text mode
    assert m.memory[0xB000] >> 4 == 0


def test_wait_waits_for_sixtieths_of_a_second():
    m = boot()
    m.type("FOR I=1 TO 60;WAIT;NEXT\n", hold_ms=15, gap_ms=15, lead_ms=5)
    m.run_until_typed()
    start = m.seconds
    m.run_until(lambda: rows(m)[3] == ">", 3, every=0.01)
    assert 0.95 < m.seconds - start < 1.1


def test_input_of_a_string():
    m = boot()
    type_and_wait(m, '10 DIM A20;INPUT $A;PRINT $A LEN A\nRUN\n', 0.2)
    type_and_wait(m, "HELLO THERE\n", 0.3)
    assert rows(m)[5:7] == ["?HELLO THERE", "HELLO THERE      11"]


def test_star_commands_go_to_oscli():
    m = boot()
    type_and_wait(m, "*XYZ\n10 *DELETE X\nRUN\n", 0.3)
    # an unknown command (and *DELETE without the filing card: the cassette has none) is
    # documented error 48 "COM? command error"; *CAT and *RUN go to the cassette (test_tape_atom)
    assert rows(m)[3:9] == ["COM?", "ERROR 48", ">10 *DELETE X", ">RUN", "COM?", "ERROR 48 LINE      10"]
