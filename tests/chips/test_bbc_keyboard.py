"""The BBC keyboard matrix scanned as the MOS scans it."""
import pytest

from emulator.chips.bbc_keyboard import BBCKeyboard, KEY_NUMBERS, chars_to_keys, key_number, keys_for_char
from emulator.errors import UserError

# INKEY numbers from the Advanced User Guide's table (as reprinted in Creative Assembler, app. A):
# a key with internal number n is INKEY -(n + 1).
INKEY = {"SHIFT": -1, "CTRL": -2, "Q": -17, "3": -18, "F0": -33, "W": -34, "1": -49, "A": -66,
         "CAPS LOCK": -65, "SHIFT LOCK": -81, "TAB": -97, "Z": -98, "SPACE": -99, "ESCAPE": -113,
         "F1": -114, "DELETE": -90, "COPY": -106, "RETURN": -74, "@": -72, "M": -102, "B": -101,
         "\\": -121, "F9": -120, "-": -24, "^": -25, "_": -41, "[": -57, "/": -105}


@pytest.mark.parametrize("name,inkey", sorted(INKEY.items()))
def test_key_numbers_match_the_inkey_table(name, inkey):
    assert key_number(name) == -inkey - 1


def test_the_matrix_has_every_key_once_in_ten_columns_and_eight_rows():
    numbers = list(KEY_NUMBERS.values())
    assert len(numbers) == len(set(numbers)) == 72      # 73 keys less BREAK, two SHIFTs as one
    assert all((n & 0x0F) < 10 and (n >> 4) < 8 for n in numbers)
    for name in ("SHIFT LOCK", "CAPS LOCK", "COPY", "LEFT", "RIGHT", "UP", "DOWN", "ESCAPE", "TAB",
                 "CTRL", "SHIFT", "DELETE", "RETURN") + tuple(f"F{i}" for i in range(10)):
        assert name in KEY_NUMBERS
    assert "BREAK" not in KEY_NUMBERS
    assert key_number("f7") == key_number("F7") and key_number("esc") == 0x70
    with pytest.raises(UserError):
        key_number("BREAK")


def scan_direct(keyboard, number):
    """The MOS's direct test: write the key number to port A, read bit 7."""
    return bool(keyboard.port_a_input(number) & 0x80)


def test_direct_testing_reads_bit_7():
    keyboard = BBCKeyboard()
    keyboard.set_autoscan(False)
    keyboard.press("A")
    assert scan_direct(keyboard, 0x41)
    assert not scan_direct(keyboard, 0x42) and not scan_direct(keyboard, 0x51)
    keyboard.release("A")
    assert not scan_direct(keyboard, 0x41)
    keyboard.press("SHIFT")
    assert scan_direct(keyboard, 0x00)


def test_auto_scan_raises_ca2_for_rows_1_to_7_only():
    keyboard, levels = BBCKeyboard(), []
    keyboard.ca2_listener = levels.append
    keyboard.press("SHIFT")
    keyboard.press("CTRL")
    assert levels == [] and not keyboard.ca2()
    keyboard.press("RETURN")
    assert levels == [True]
    keyboard.release("RETURN")
    assert levels == [True, False]
    # While the MOS tests directly, CA2 reports only the column it selected.
    keyboard.set_autoscan(False)
    keyboard.press("Q")                         # column 0
    keyboard.write_port_a(0x01)
    assert not keyboard.ca2()
    keyboard.write_port_a(0x00)
    assert keyboard.ca2()
    # In auto-scan PA7 does not report the key.
    keyboard.set_autoscan(True)
    assert keyboard.port_a_input(0x10) & 0x80 == 0


def read_links_as_the_mos_does(keyboard):
    keyboard.set_autoscan(False)
    value = 0
    for column in range(9, 1, -1):              # bit 0 from column 9 ... bit 7 from column 2
        value |= scan_direct(keyboard, column) << (9 - column)
    return value


def test_start_up_links():
    keyboard = BBCKeyboard()
    value = read_links_as_the_mos_does(keyboard)
    assert value == 0 and 7 - (value & 7) == 7          # default: MODE 7, SHIFT-BREAK boots
    keyboard = BBCKeyboard(links=0b0000_1100)           # MODE 3, reversed boot action
    value = read_links_as_the_mos_does(keyboard)
    assert value == 0b0000_1100 and 7 - (value & 7) == 3 and value & 8
    assert not keyboard.ca2()                           # links never interrupt


def test_typing_map():
    assert keys_for_char("A") == ("A", False)           # CAPS LOCK on
    assert keys_for_char("a") == ("A", True)
    assert keys_for_char("a", caps_lock=False) == ("A", False)
    assert keys_for_char("#") == ("3", True)
    assert keys_for_char("=") == ("-", True)
    assert keys_for_char("*") == (":", True)
    assert keys_for_char("+") == (";", True)
    assert keys_for_char("~") == ("^", True)
    assert keys_for_char("|") == ("\\", True)
    assert keys_for_char("£") == keys_for_char("`") == ("_", True)
    assert keys_for_char("0") == ("0", False) and keys_for_char("@") == ("@", False)
    assert keys_for_char("\n") == ("RETURN", False) and keys_for_char(" ") == ("SPACE", False)
    for code in range(0x20, 0x7F):
        key, _ = keys_for_char(chr(code))
        assert key in KEY_NUMBERS
    assert chars_to_keys('PRINT "Hi"') == [("P", False), ("R", False), ("I", False), ("N", False),
                                           ("T", False), ("SPACE", False), ("2", True),
                                           ("H", False), ("I", True), ("2", True)]
    with pytest.raises(UserError):
        chars_to_keys("é")
