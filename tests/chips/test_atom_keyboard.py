"""The Atom keyboard matrix on its own, and the keys a person presses for each character."""
import pytest

from emulator.chips.atom_keyboard import MATRIX, AtomKeyboard, chord_for, key_name
from emulator.errors import UserError


def test_matrix_has_one_key_per_position_and_55_keys():
    positions = list(MATRIX.values())
    assert len(positions) == len(set(positions)) == 55
    assert all(0 <= row < 10 and 0 <= column < 6 for row, column in positions)


def test_columns_are_active_low_with_ctrl_and_shift_on_bits_6_and_7():
    kb = AtomKeyboard()
    assert all(kb.columns(row) == 0xFF for row in range(16))
    kb.press("ESCAPE")                    # row 0, column 5
    assert kb.columns(0) == 0xFF & ~0x20 and kb.columns(1) == 0xFF
    kb.press("SHIFT")
    assert kb.columns(1) == 0x7F          # SHIFT shows on every row
    kb.press("ctrl")
    assert kb.columns(9) == 0x3F
    kb.press("A")                         # row 6, column 3
    assert kb.columns(6) == 0x3F & ~0x08
    kb.release("A")
    kb.release("SHIFT")
    kb.release("CTRL")
    assert kb.columns(6) == 0xFF and kb.columns(0) == 0xDF


def test_rept_and_break():
    events = []
    kb = AtomKeyboard(on_break=events.append)
    assert kb.rept_line() == 1
    kb.press("REPT")
    assert kb.rept_line() == 0
    kb.press("BREAK")
    kb.release("BREAK")
    assert events == [True, False]


def test_chords_follow_the_atom_keyboard():
    assert chord_for("A") == ((), "A")
    assert chord_for("a") == (("SHIFT",), "A")          # teletype mode: SHIFT gives lower case
    assert chord_for("1") == ((), "1")
    assert chord_for("!") == (("SHIFT",), "1")
    assert chord_for(")") == (("SHIFT",), "9")
    assert chord_for("*") == (("SHIFT",), ":")
    assert chord_for("+") == (("SHIFT",), ";")
    assert chord_for("<") == (("SHIFT",), ",")
    assert chord_for("=") == (("SHIFT",), "-")
    assert chord_for("?") == (("SHIFT",), "/")
    assert chord_for("`") == (("SHIFT",), "@")
    assert chord_for("~") == (("SHIFT",), "^")
    assert chord_for("\r") == chord_for("\n") == ((), "RETURN")
    assert chord_for("\x03") == (("CTRL",), "C")
    assert chord_for("\x1b") == ((), "ESCAPE")


def test_every_printable_ascii_but_underscore_can_be_typed():
    for code in range(0x20, 0x7F):
        if code == 0x5F:
            with pytest.raises(UserError, match="cannot type '_'"):
                chord_for("_")
        else:
            modifiers, key = chord_for(chr(code))
            assert key in MATRIX


def test_unknown_key_names_are_one_line_errors():
    assert key_name("esc") == "ESCAPE" and key_name("return") == "RETURN"
    with pytest.raises(UserError) as info:
        key_name("F12")
    assert "\n" not in str(info.value) and "known:" in str(info.value)
    with pytest.raises(UserError):
        chord_for("\u00e9")
