"""Typing that works with any firmware (emulator/machines/typist.py, issue 18).

Each key goes down only when the firmware is reading the keyboard and is held until it has read it,
so neither a firmware that is still starting up, nor one that is busy storing a line, nor Acorn's
Atom kernel with its slow debounce loses a key.  The tests with Acorn's ROMs need the reference
folder (pytest --reference DIR) and are skipped without it.
"""
import pytest

from emulator import Machine
from emulator.basic.listing import (check_program_held, enter_program, read_listing, read_program,
                                    type_listing)
from emulator.cli import main
from emulator.errors import UserError

SILVER_DOLLARS = ["silver_dollar_atom.bas", "silver_dollar_atom_as_printed.bas",
                  "silver_dollar_bbc.bas", "silver_dollar_bbc_as_printed.bas"]
# 30 lines, each a different length, lower and upper case letters, shifted symbols and digits
BBC_LINES = [f'{10 * i} PRINT "Line {i}";{i}*{i}:REM {"xX" * (i % 4 + 1)}' for i in range(1, 31)]
ATOM_LINES = [f'{10 * i} PRINT "LINE {i}" {i}*{i}' for i in range(1, 31)]


def roms_for(machine, acorn_atom_roms=None, acorn_mos_basic=None):
    return {"atom": str(acorn_atom_roms), "bbc": acorn_mos_basic}[machine]


def assert_holds(machine, lines, tmp_path):
    """BASIC holds exactly `lines` (the listing loader's own check, from memory)."""
    path = tmp_path / "p.bas"
    path.write_text("\n".join(lines) + "\n")
    check_program_held(machine, read_listing(str(path), machine.name))


@pytest.mark.parametrize("machine, lines", [("atom", ATOM_LINES), ("bbc", BBC_LINES)])
def test_a_30_line_paste_from_power_on_keeps_every_line_on_our_firmware(machine, lines, tmp_path):
    m = Machine(machine, seed=7)
    m.type("\r".join(lines) + "\r")             # all at once, from the first cycle: a paste
    m.run_until_typed(max_seconds=300)
    m.run(0.2)
    assert_holds(m, lines, tmp_path)


@pytest.mark.parametrize("machine, lines", [("atom", ATOM_LINES), ("bbc", BBC_LINES)])
def test_a_30_line_paste_keeps_every_line_on_acorns_roms(machine, lines, tmp_path, acorn_atom_roms,
                                                         acorn_mos_basic):
    m = Machine(machine, roms=roms_for(machine, acorn_atom_roms, acorn_mos_basic), seed=7)
    m.type("\r".join(lines) + "\r")
    m.run_until_typed(max_seconds=600)
    m.run(0.2)
    assert_holds(m, lines, tmp_path)


@pytest.mark.parametrize("name", SILVER_DOLLARS)
def test_every_listing_goes_into_acorns_roms_whole(name, acorn_atom_roms, acorn_bbc_roms):
    """`acorn run LISTING --roms DIR`: the loader checks every line against the file (from memory)
    before RUN, and fails naming the line otherwise."""
    program = read_program(f"basic_programs/{name}")
    roms = {"atom": acorn_atom_roms, "bbc": acorn_bbc_roms}[program.machine]
    m = Machine(program.machine, roms=str(roms))          # the whole directory: DFS too on the BBC
    enter_program(m, program, run=False)


def test_a_line_that_did_not_go_in_is_named(tmp_path):
    path = tmp_path / "p.bas"
    path.write_text('10 PRINT "A"\n20 PRINT "B"\n')
    listing = read_listing(str(path), "atom")
    m = Machine("atom", seed=1)
    type_listing(m, listing, run=False)
    m.type("20\r")                              # a person deletes line 20 again
    m.run_until_typed()
    m.run(0.1)
    with pytest.raises(UserError, match=r"p.bas:2: line 20 did not go in"):
        check_program_held(m, listing)
    m.type('20 PRINT "C"\r')
    m.run_until_typed()
    m.run(0.1)
    with pytest.raises(UserError, match=r"p.bas:2: BASIC holds line 20 otherwise"):
        check_program_held(m, listing)


def test_type_as_first_step_on_acorns_atom_with_no_other_option(acorn_atom_roms, capsys):
    """Issue 18's acceptance: the VIA is fitted by default and the first key is not lost."""
    code = main(["run", "--machine", "atom", "--roms", str(acorn_atom_roms), "--headless",
                 "--type", r"PRINT 6*7\r", "--until", "42", "--print-screen"])
    out = capsys.readouterr().out
    assert code == 0 and ">PRINT 6*7" in out.splitlines()


def test_acorns_atom_silver_dollar_starts_from_a_random_board(acorn_atom_roms):
    """Acorn's Atom BASIC seeds RND from power-on RAM: with RAM powering up in a pattern, two seeds
    give two boards, and neither is the won position (all coins packed left) zeroed RAM gave."""
    boards = set()
    for seed in (1, 2, 3):
        m = Machine("atom", roms=str(acorn_atom_roms), seed=seed)
        enter_program(m, read_program("basic_programs/silver_dollar_atom.bas"))
        m.run_until_text("......", max_seconds=30)
        m.run(0.5)
        assert not any("I WIN" in row for row in m.screen.text())
        boards.add(next(row for row in m.screen.text() if "......" in row))
    assert len(boards) > 1


def test_the_same_seed_gives_the_same_machine_cycle_for_cycle():
    a, b = Machine("bbc", seed=99), Machine("bbc", seed=99)
    for m in (a, b):
        m.type("PRINT RND(-1)\r")
        m.run_until_typed()
        m.run(0.2)
    assert a.cycles == b.cycles and bytes(a.memory[0:0x8000]) == bytes(b.memory[0:0x8000])
    assert bytes(Machine("bbc", seed=98).memory[0:0x8000]) != bytes(Machine("bbc", seed=99).memory[0:0x8000])


def test_a_bad_seed_is_one_line(capsys):
    assert main(["run", "--machine", "atom", "--headless", "--seed", "-1"]) == 2
    assert "--seed" in capsys.readouterr().err


@pytest.mark.parametrize("machine, lines, done", [("bbc", BBC_LINES, 'PRINT "DO";"NE"'),
                                                  ("atom", ATOM_LINES, 'PRINT "DO" "NE"')])
def test_paste_headless_keeps_every_line(machine, lines, done, tmp_path, capsys):
    """`acorn run --paste FILE` headless types the file as the window's paste does."""
    path = tmp_path / "paste.txt"
    path.write_text("\n".join(lines) + "\n")
    code = main(["run", "--machine", machine, "--headless", "--no-files", "--paste", str(path),
                 "--type", "LIST\r" + done + "\r", "--until", "DONE", "--max-seconds", "300",
                 "--print-screen"])
    out = capsys.readouterr().out
    assert code == 0
    shown = out.replace("\n", "").replace(" ", "")     # LIST's long lines wrap across rows
    for line in lines[-8:]:                             # the last lines LIST left on the screen
        assert line.replace(" ", "") in shown, line
