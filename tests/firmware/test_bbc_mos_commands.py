"""The star commands our MOS hands to the current filing system as MOS 1.20 does (roms/src/bbc/mos/
oscli.s): *CAT and *. (FSCV 5), *RUN and */ (FSCV 4 and 2), *LOAD and *SAVE (OSFILE), *EXEC and
*SPOOL (OSFIND, then OSBGET before the keyboard and OSBPUT after the screen), *TAPE; here on the
host filing card, under our MOS and BASIC."""
import pytest

from bbc_support import boot, command, missing_bbc_firmware

pytestmark = pytest.mark.skipif(missing_bbc_firmware(), reason="our BBC firmware is not built")


def test_exec_types_a_file_then_the_keyboard_again(tmp_path):
    (tmp_path / "CMDS").write_bytes(b"PRINT 6*7\rX%=5\r")
    m = boot(tmp_path)
    text = command(m, "*EXEC CMDS", settle=1.0)
    assert "        42" in text.splitlines()
    assert m.memory[0x0256] == 0                 # the file is closed at its end (OSBYTE &C6)
    assert "         5" in command(m, "PRINT X%").splitlines()


def test_exec_of_a_missing_file_is_file_not_found(tmp_path):
    m = boot(tmp_path)
    assert command(m, "*EXEC NOPE").splitlines()[-2] == "File not found"


def test_spool_copies_what_is_written(tmp_path):
    m = boot(tmp_path)
    command(m, "*SPOOL OUT")
    assert m.memory[0x0257] != 0                 # OSBYTE &C7: the spool handle
    command(m, 'PRINT "SPOOLED"')
    command(m, "*SPOOL")
    assert m.memory[0x0257] == 0
    m.close_files()
    assert b"SPOOLED\n\r" in (tmp_path / "OUT").read_bytes()


def test_cat_dot_run_slash_load_and_save_reach_the_filing_system(tmp_path):
    m = boot(tmp_path)
    command(m, "*SAVE CODE 900 +3 900")
    m.memory[0x900:0x903] = bytes([0xE6, 0x70, 0x60])     # INC &70: RTS
    command(m, "*SAVE CODE 900 +3 900")
    assert (tmp_path / "CODE").read_bytes() == bytes([0xE6, 0x70, 0x60])
    assert "CODE" in command(m, "*.")
    assert "CODE" in command(m, "*CAT")
    m.memory[0x70] = 0
    command(m, "*RUN CODE")
    command(m, "*/CODE")
    command(m, "*CODE")                          # the MOS's own *CODE (USERV), not the file
    assert m.memory[0x70] == 2
    m.memory[0x900:0x903] = bytes(3)
    command(m, "*L. CODE")
    assert bytes(m.memory[0x900:0x903]) == bytes([0xE6, 0x70, 0x60])


def test_tape_gives_the_host_card_back(tmp_path):
    m = boot(tmp_path)
    assert "Bad command" not in command(m, "*TAPE")
    assert "File not found" not in command(m, "*SAVE X 900 +1")
    assert (tmp_path / "X").exists()
