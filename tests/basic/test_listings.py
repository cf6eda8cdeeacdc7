"""The period listings in basic_programs/ and `acorn run FILE`: dialect detection, the checks made
before anything is typed, typing a listing in, and quick-loading an assembly program."""
import re
from pathlib import Path

import pytest

from emulator.basic.listing import check_lines, detect_dialect, input_limit, read_listing, type_listing
from emulator.cli import main
from emulator.errors import UserError

ROOT = Path(__file__).resolve().parents[2]
PROGRAMS = ROOT / "basic_programs"
LISTINGS = {
    "silver_dollar_atom_as_printed.bas": "atom", "silver_dollar_atom.bas": "atom",
    "silver_dollar_bbc_as_printed.bas": "bbc", "silver_dollar_bbc.bas": "bbc",
}


def program_lines(name):
    return {int(re.match(r"\d+", line).group()): line
            for line in (PROGRAMS / name).read_text().splitlines() if line.strip()}


@pytest.mark.parametrize("name,machine", sorted(LISTINGS.items()))
def test_each_listing_is_recognised_and_can_be_typed(name, machine):
    assert detect_dialect((PROGRAMS / name).read_text()) == machine
    listing = read_listing(PROGRAMS / name)
    assert listing.machine == machine
    assert all(len(line) <= input_limit(machine) for _, line in listing.lines)


@pytest.mark.parametrize("machine", ["atom", "bbc"])
def test_corrections_are_exactly_those_the_readme_lists(machine):
    printed = program_lines(f"silver_dollar_{machine}_as_printed.bas")
    corrected = program_lines(f"silver_dollar_{machine}.bas")
    assert printed.keys() == corrected.keys()
    changed = sorted(n for n in printed if printed[n] != corrected[n])
    assert changed == ([20] if machine == "atom" else [20, 25, 6010])
    readme = (PROGRAMS / "README.md").read_text()
    for number in changed:
        assert corrected[number] in readme            # the README quotes each corrected line


def test_the_printed_transcription_faults_are_mended():
    for name in LISTINGS:
        text = (PROGRAMS / name).read_text()
        assert not re.search(r"[\u2018\u2019\u201c\u201d]", text)       # typographic quotes
        assert not re.search(r"(=|-|\()l\b|=O\b", text)                # l for 1, O for 0
        assert "T-TT(N)" not in text and "CHR$<" not in text and " or " not in text


def test_unknown_dialect_long_line_and_untypable_character_are_refused(tmp_path):
    plain = tmp_path / "plain.bas"
    plain.write_text("10 PRINT 1\n")
    with pytest.raises(UserError, match="cannot tell whether"):
        read_listing(plain)
    assert read_listing(plain, "atom").lines == ((1, "10 PRINT 1"),)
    with pytest.raises(UserError, match=r":2: the line is 64 characters; the Acorn Atom's line input takes at most 63"):
        check_lines("10 P.1\n20 PRINT \"" + "X" * 53 + "\"\n", "atom", "x.bas")
    assert check_lines("20 PRINT \"" + "X" * 52 + "\"", "atom")         # 63: fits
    with pytest.raises(UserError, match=r"x.bas:3:9: the Acorn Atom keyboard cannot type '£'"):
        check_lines("10 P.1\n\n20 PRINT£\n", "atom", "x.bas")
    with pytest.raises(UserError, match=r":1: no line number"):
        check_lines("PRINT 1\n", "bbc", "x.bas")
    with pytest.raises(UserError, match=r"the line is 239 characters; the BBC Micro's line input takes at most 238"):
        check_lines("1 REM" + "X" * 234, "bbc")


def test_cli_errors_exit_2_before_anything_is_typed(tmp_path, capsys):
    plain = tmp_path / "plain.bas"
    plain.write_text("10 PRINT 1\n")
    assert main(["run", str(plain), "--headless"]) == 2
    assert "say which with --machine" in capsys.readouterr().err
    tab = tmp_path / "tab.bas"
    tab.write_text("10 PRINT 1\n20 PRINT\t2\n")
    assert main(["run", str(tab), "--machine", "atom", "--headless"]) == 2
    assert "tab.bas:2:9: control character 0x09" in capsys.readouterr().err
    assert main(["run", str(tmp_path / "none.bas"), "--headless"]) == 2


def test_typing_the_atom_listing_stores_every_line():
    from emulator import Machine
    m = Machine("atom")
    listing = read_listing(PROGRAMS / "silver_dollar_atom.bas")
    type_listing(m, listing, run=False)
    stored, address = [], 0x2901                  # the Atom's text space after its 13: the program as BASIC holds it
    while m.memory[address] < 0x80:
        end = address + 2
        while m.memory[end] != 13:
            end += 1
        number = m.memory[address] * 256 + m.memory[address + 1]
        stored.append(f"{number}{m.memory[address + 2:end].decode('ascii')}")
        address = end + 1
    assert stored == [line for _, line in listing.lines]


def test_acorn_run_types_the_atom_listing_and_runs_it(capsys):
    status = main(["run", str(PROGRAMS / "silver_dollar_atom.bas"), "--headless",
                   "--max-seconds", "3", "--print-screen"])
    board = capsys.readouterr().out.splitlines()[0]
    assert status == 0
    assert re.fullmatch(r" [.A-E]{30}", board) and all(c in board for c in "ABCDE")


def test_acorn_run_loads_and_starts_the_nim_game_on_the_atom(capsys):
    status = main(["run", str(ROOT / "assembly" / "nim_game.s"), "--machine", "atom", "--headless",
                   "--type", "N", "--until", "YOUR MOVE", "--max-seconds", "5", "--print-screen"])
    out = capsys.readouterr().out
    assert status == 0
    assert ">LINK #3000" in out and "NIM" in out and "D 7 |||||||" in out


def test_an_assembly_program_outside_ram_is_refused(tmp_path, capsys):
    source = tmp_path / "rom.s"
    source.write_text("        .org $C000\n        rts\n")
    assert main(["run", str(source), "--machine", "atom", "--headless"]) == 2
    assert "$C000 is not RAM on the atom" in capsys.readouterr().err


def bbc_missing():
    from bbc_support import missing_bbc_firmware
    return missing_bbc_firmware()


@pytest.mark.skipif(bbc_missing() is not None, reason=str(bbc_missing()))
def test_acorn_run_loads_and_starts_the_nim_game_on_the_bbc(capsys):
    status = main(["run", str(ROOT / "assembly" / "nim_game.s"), "--machine", "bbc", "--headless",
                   "--type", "N", "--until", "YOUR MOVE", "--max-seconds", "5", "--print-screen"])
    out = capsys.readouterr().out
    assert status == 0
    # mode 7 shows "|" (&7C) as the teletext character "‖"
    assert ">CALL &3000" in out and "NIM" in out and re.search(r"D 7 [|‖]{7}", out)
