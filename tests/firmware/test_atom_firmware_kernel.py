"""Our Atom kernel on the emulated Atom: reset, screen driver, keyboard, line input, ESCAPE, BREAK."""
import pytest

from emulator import Machine
from emulator.firmware import rom_set

from atom_firmware_support import boot, rows, tap, type_and_wait


def test_reset_shows_banner_and_prompt():
    m = boot()
    assert rows(m)[:3] == ["ACORN ATOM", "", ">"]        # a blank row between, as Acorn's


def test_entry_points_and_vectors_are_where_documented():
    kernel = rom_set("atom")["kernel"]
    at = lambda addr: kernel[addr - 0xF000]
    # OSRDCH, OSWRCH and OSCLI jump through RDCVEC, WRCVEC and COMVEC in page 2
    assert kernel[0xFFE3 - 0xF000:0xFFE6 - 0xF000] == bytes([0x6C, 0x0A, 0x02])
    assert kernel[0xFFF4 - 0xF000:0xFFF7 - 0xF000] == bytes([0x6C, 0x08, 0x02])
    assert kernel[0xFFF7 - 0xF000:0xFFFA - 0xF000] == bytes([0x6C, 0x06, 0x02])
    assert at(0xFFE6) == 0x20                      # OSECHO: JSR OSRDCH, then OSASCI
    assert at(0xFFE9) == 0xC9 and at(0xFFEA) == 0x0D   # OSASCI: CMP #13


# The page-2 vectors after reset on Acorn's kernel (read there with PRINT ?#204 ...): NMIVEC is
# left as RAM holds it; BRKVEC, RDRVEC, STRVEC and SHTVEC point into Acorn's BASIC, and ours into
# our BASIC at the same addresses.
ACORN_VECTORS = {0x202: 0xC9D8, 0x204: 0xA000, 0x206: 0xF8EF, 0x208: 0xFE52, 0x20A: 0xFE94,
                 0x20C: 0xF96E, 0x20E: 0xFAE5, 0x210: 0xC2AC, 0x212: 0xC2AC, 0x214: 0xFBEE,
                 0x216: 0xFC7C, 0x218: 0xFC38, 0x21A: 0xC278}


def test_the_vectors_hold_acorns_values():
    m = Machine("atom", seed=7)
    before = m.memory[0x200], m.memory[0x201]       # what power-on left there
    m.run_until_text(">", max_seconds=2)
    assert {v: m.memory.word(v) for v in ACORN_VECTORS} == ACORN_VECTORS
    assert (m.memory[0x200], m.memory[0x201]) == before
    assert m.memory.word(0x10) == 0xC9E7            # ERRVEC at the prompt: BASIC's text run on an
                                                    # error, at Acorn's address (PRINT ?16, ?17)


@pytest.mark.parametrize("kernel", ["ours", "acorn"])
def test_the_vectors_into_basic_do_what_acorns_do(kernel, request):
    """SHTVEC's #C278 returns at once, RDRVEC's and STRVEC's #C2AC is error 174 (found by calling
    them on Acorn's ROMs)."""
    roms = None if kernel == "ours" else str(request.getfixturevalue("acorn_atom_roms"))
    m = Machine("atom", roms=roms, seed=1)
    m.run_until_text(">", max_seconds=5)
    for line in ('LINK #C278;PRINT "BACK"', "LINK #C2AC", "10 A=1", "20 LINK #C2AC", "RUN"):
        type_and_wait(m, line + "\n", 0.3)
    assert [r for r in rows(m) if r][1:] == ['>LINK #C278;PRINT "BACK"', "BACK>LINK #C2AC",
                                             "ERROR 174", ">10 A=1", ">20 LINK #C2AC", ">RUN",
                                             "ERROR 174 LINE      20", ">"]


@pytest.mark.parametrize("kernel", ["ours", "acorn"])
def test_a_brk_in_ram_reports_the_low_byte_of_its_address_plus_2(kernel, request):
    """BRKVEC leads to BASIC's handler, whose error number for a BRK in RAM is the low byte of the
    address after the byte that follows the BRK, whatever that byte is (found on Acorn's ROMs)."""
    roms = None if kernel == "ours" else str(request.getfixturevalue("acorn_atom_roms"))
    m = Machine("atom", roms=roms, seed=1)
    m.run_until_text(">", max_seconds=5)
    for address in (0x2A00, 0x2A7B, 0x2AFE):
        m.memory[address:address + 2] = bytes([0x00, 77])          # BRK, 77
        type_and_wait(m, f"LINK #{address:X}\n", 0.3)
        assert [r for r in rows(m) if r][-2:] == [f"ERROR {(address + 2) & 0xFF}", ">"]
        assert m.memory[0] == (address + 2) & 0xFF


def test_fe22_clears_the_cursors_row_as_acorns_does():
    """Listings call Acorn's kernel at #FE22 (The Best of Interface's Reversi): it fills the 32
    cells of the cursor's row with spaces and leaves the cursor where it is; A = ' ', Y = #FF, X and
    C kept (found by calling it on Acorn's ROMs)."""
    m = boot()
    type_and_wait(m, "PRINT $12\n", 0.3)
    type_and_wait(m, "FOR I=1 TO 3;PRINT \"ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789\";NEXT\n", 1.0)
    # at #2A00: SEC; LDX ##5A; JSR #FE22; PHP; STA/STX/STY #2B00-2; PLA; STA #2B03; RTS
    code = [0x38, 0xA2, 0x5A, 0x20, 0x22, 0xFE, 0x08, 0x8D, 0x00, 0x2B, 0x8E, 0x01, 0x2B,
            0x8C, 0x02, 0x2B, 0x68, 0x8D, 0x03, 0x2B, 0x60]
    for i, b in enumerate(code):
        m.memory[0x2A00 + i] = b
    type_and_wait(m, "PRINT $11$11$11$9$9$9;LINK #2A00\n", 0.5)
    assert rows(m)[3:6] == ["6789ABCDEFGHIJKLMNOPQRSTUVWXYZ01", "   >",     # the row cleared: the
                            "YZ0123456789>PRINT $11$11$11$9$9"]            # prompt at the cursor
    a, x, y, p = (m.memory[0x2B00 + i] for i in range(4))
    assert (a, x, y) == (0x20, 0x5A, 0xFF) and p & 0x01

def test_typing_echoes_capitals_and_shifted_lower_case_and_symbols():
    m = boot()
    type_and_wait(m, "AbC 1!*<=?")
    assert rows(m)[2] == ">AbC 1!*<=?"
    # lower case is shown as inverse capitals
    assert m.memory[0x8040 + 2] == 0x82


def test_delete_and_cancel_edit_the_line():
    m = boot()
    type_and_wait(m, "PRINT 12\x7f\x7f34\n")
    assert rows(m)[2:4] == [">PRINT 34", "      34>"]
    type_and_wait(m, "PRINT 99\x18PRINT 5\n")     # CTRL-X cancels the line
    assert rows(m)[5] == "       5>"


def test_copy_key_edits_from_the_screen():
    m = boot()
    type_and_wait(m, "PRINT 123'\n")              # rows: 2 >PRINT 123', 3 123, 4 >
    tap(m, "UPDOWN", "SHIFT")                     # up twice to the P of PRINT
    tap(m, "UPDOWN", "SHIFT")
    for _ in range(8):                            # copy "PRINT 12"
        tap(m, "COPY")
    type_and_wait(m, "4\n")
    assert rows(m)[2:4] == [">PRINT 124'", "     124>"]


def test_cursor_keys_move_without_typing():
    m = boot()
    tap(m, "LEFTRIGHT")                           # right
    tap(m, "LEFTRIGHT")
    tap(m, "LEFTRIGHT", "SHIFT")                  # left
    type_and_wait(m, "X")
    assert rows(m)[2] == "> X"


def test_control_codes_clear_home_and_move():
    m = boot()
    type_and_wait(m, 'PRINT $12"AB"$8$8"C"$9"D"$10$10$13"E"$30"F";\n')
    assert rows(m)[:3] == ["F>d", "", "E"]     # the prompt follows F at once (d: the cursor on D)


def test_screen_can_be_disabled_and_enabled():
    m = boot()
    type_and_wait(m, 'PRINT $21"HIDDEN"$6"SHOWN"\n')
    text = "\n".join(rows(m))
    assert "HIDDEN" not in text.split("\n", 3)[3]
    assert "SHOWN" in text


def test_screen_scrolls_at_the_bottom():
    m = boot()
    type_and_wait(m, "FOR I=1 TO 20;PRINT I';NEXT\n", 1.0)
    screen = rows(m)
    assert screen[-1] == ">"
    assert screen[-2].strip() == "20"
    assert screen[0].strip() == "6"


def test_bell_sounds_the_speaker():
    m = boot()
    before = len(m.beeps())
    type_and_wait(m, "PRINT $7\n", 0.5)
    beeps = m.beeps()[before:]
    assert beeps and 500 < beeps[-1].frequency < 2000


def test_lock_reverses_the_case_of_letters():
    m = boot()
    tap(m, "LOCK")
    type_and_wait(m, "Ab")
    assert rows(m)[2] == ">aB"


def test_ctrl_gives_control_codes():
    m = boot()
    before = len(m.beeps())
    type_and_wait(m, "\x07", 0.4)                 # CTRL-G at the prompt rings the bell
    assert len(m.beeps()) > before


def test_rept_repeats_the_held_key():
    m = boot()
    m.press("REPT")
    m.press("X")
    m.run(0.5)
    m.release("X")
    m.release("REPT")
    m.run(0.1)
    assert rows(m)[2].startswith(">XXXX")


def test_osrdch_is_called_by_machine_code():
    m = boot()
    # a routine at #2A00 (well above the program): JSR OSRDCH; STA #2B00; RTS
    for i, b in enumerate([0x20, 0xE3, 0xFF, 0x8D, 0x00, 0x2B, 0x60]):
        m.memory[0x2A00 + i] = b
    type_and_wait(m, "LINK #2A00;PRINT ?#2B00\n", 0.1)
    type_and_wait(m, "Q", 0.3)
    assert rows(m)[3].strip() == "81>"


def test_escape_stops_a_program_and_break_recovers():
    m = boot()
    type_and_wait(m, "10 A=A+1;GOTO 10\nRUN\n", 0.3)
    type_and_wait(m, "\x1b", 0.3)
    # ESCAPE has no number in the documented error table: back to the prompt with no report
    assert [r for r in rows(m) if r][-3:] == [">10 A=A+1;GOTO 10", ">RUN", ">"]
    assert not any(r.startswith("ERROR") for r in rows(m))
    type_and_wait(m, "RUN\n", 0.3)
    m.break_key()
    m.run(0.3)
    assert rows(m)[:3] == ["ACORN ATOM", "", ">"]
    type_and_wait(m, "OLD\nLIST\n")
    assert "   10 A=A+1;GOTO 10" in rows(m)


def test_page_mode_waits_for_a_key_after_a_screenful():
    m = boot()
    type_and_wait(m, "PRINT $14;FOR I=1 TO 20;PRINT I';NEXT;PRINT $15\n", 1.0)
    assert "20" not in "".join(rows(m))            # stopped after 16 lines
    held = [r.strip() for r in rows(m) if r.strip()]
    type_and_wait(m, " ", 1.0)                     # any key goes on
    assert rows(m)[-3:] == ["      19", "      20", ">"]
    assert held != [r.strip() for r in rows(m) if r.strip()]


def test_oscli_answers_unknown_commands():
    m = boot()
    type_and_wait(m, "*HELP\n")
    assert rows(m)[3:6] == ["COM?", "ERROR 48", ">"]     # documented: 48 "COM? command error"


def test_a_line_going_in_carries_the_byte_above_the_program_with_it():
    """As Acorn's editor does (found by typing lines there): a line going in moves the text from
    where it goes up to and including the byte at TOP, so the never-written byte above the program
    travels with it (a program that reads RAM above TOP sees what it sees on Acorn's)."""
    m = boot()
    m.memory[0x2902] = 0x5A                      # the byte at TOP of the empty program
    type_and_wait(m, "20 REM\n")
    assert m.memory[0x2908:0x290A] == b"\xff\x5a"  # the end mark, then the byte carried up
    type_and_wait(m, "10 REM\n")                  # a line before: all of it moves up again
    assert m.memory[0x290F:0x2911] == b"\xff\x5a"


@pytest.mark.parametrize("ram, ram_end", [("standard", 0x3C00), ("expanded", 0x8000)])
def test_a_line_that_does_not_fit_gives_error_248(ram, ram_end):
    """Documented error 248, "Not enough room to insert line": a line goes in while the program's
    new last byte is RAM below the screen (standard Atom: text RAM ends at #3BFF; expanded: the
    screen at #8000 ends it)."""
    m = Machine("atom", ram=ram)
    m.run_until_text(">", max_seconds=2)
    top = ram_end - 40                           # leave 40 bytes after TOP
    program, number = bytearray(), 100
    first = 0x2901                               # the text: 13 at #2900, then the lines
    while len(program) < top - 1 - first:        # REM lines of at most 64 bytes, as typed
        size = min(64, top - 1 - first - len(program))
        size = size if top - 1 - first - len(program) - size not in range(1, 8) else 32
        program += bytes([number >> 8, number & 0xFF]) + b" REM" + b"X" * (size - 7) + b"\r"
        number += 1
    m.memory[0x2900:top] = b"\r" + bytes(program) + bytes([0xFF])
    m.memory[0x0D], m.memory[0x0E] = top & 0xFF, top >> 8
    # a stored line is 2 (number) + its text + 1 (13) bytes: 41 do not fit, 40 do
    type_and_wait(m, "9000 REM " + "Y" * 33 + "\n", 1.0)
    assert [r for r in rows(m) if r][-2:] == ["ERROR 248", ">"]
    assert m.memory.word(0x0D) == top            # nothing moved
    type_and_wait(m, "9000 REM " + "Y" * 32 + "\n", 1.0)
    assert [r for r in rows(m) if r][-3:] == [">9000 REM " + "Y" * 22, "Y" * 10, ">"]
    assert m.memory.word(0x0D) == ram_end and m.memory[ram_end - 1] == 0xFF
    assert m.memory[ram_end - 2] == 13


def test_documented_workspace_locations():
    m = boot()
    type_and_wait(m, "ABC")
    assert m.memory.word(0xDE) == 0x8040                # the cursor's row (row 2)
    assert m.memory[0xE0] == 4                          # its column, after ">ABC"
    assert m.memory[0xE1] == 0x80                       # the cursor mask
    tap(m, "LOCK")
    assert m.memory[0xE7] == 0x60                       # LOCK on
    tap(m, "LOCK")
    assert m.memory[0xE7] == 0
    type_and_wait(m, "\x18" "10 PRINT\nPRINT &TOP\n")
    assert m.memory.word(0x0D) == 0x2900 + 1 + 2 + 6 + 1 + 1   # TOP: 13, the line, the end mark
    assert rows(m)[5] == "    290B>"                  # CTRL-X gave a new line, no prompt
