"""Things archive games and people at the keyboard see of the MOS, typed into BASIC II on Acorn's MOS
1.20 and on ours on the same emulated BBC Micro: the screens must agree (Frogman and Elite read the
OS version with INKEY-256; the start-up screen; *HELP; "Bad command"; ESCAPE held down; where *FX9
and *FX10 keep the flash periods)."""
import pytest

from emulator import Machine
from emulator.basic.listing import BOOT_SECONDS, wait_for_prompt
from emulator.firmware import rom_set


@pytest.fixture(scope="module")
def both(acorn_mos_basic):
    """BASIC II on Acorn's MOS 1.20 and on ours."""
    return {"MOS 1.20": acorn_mos_basic, "ours": {**acorn_mos_basic, "mos": rom_set("bbc")["mos"]}}


def _booted(roms):
    machine = Machine("bbc", roms=roms, seed=1)
    wait_for_prompt(machine, BOOT_SECONDS, "start-up")
    return machine


def _typed(machine, *lines):
    for line in lines:
        machine.type(line + "\r")
        machine.run_until_typed(max_seconds=10)
        wait_for_prompt(machine, 5, line)
    return _rows(machine)


def _rows(machine):
    return [row.rstrip() for row in machine.screen.text()]


def _on_both(both, *lines):
    screens = {name: _typed(_booted(roms), *lines) for name, roms in both.items()}
    return screens["MOS 1.20"], screens["ours"]


def test_inkey_minus_256_gives_mos_1_20s_version(both):
    theirs, ours = _on_both(both, "PRINT INKEY-256")
    assert ours == theirs
    assert "        -1" in ours                  # X = &FF: "OS 1.20" to Elite and Frogman
    assert "        -1" in _typed(_booted(None), "PRINT INKEY-256")     # with our BASIC too


def test_start_up_screens_have_a_blank_first_row(both):
    for roms in both.values():
        machine = _booted(roms)
        power_on = _rows(machine)
        assert power_on[:4] == ["", "BBC Computer 32K", "", "BASIC"]
        machine.break_key()                   # soft BREAK: no memory size
        machine.run(1.0)
        assert _rows(machine)[:4] == ["", "BBC Computer", "", "BASIC"]


def test_help_comes_after_the_roms_and_unknown_commands_are_bad(both):
    lines = ("*HELP", "*LINE", "*CODE", "*T.ZED", "*TV 1,2 Q", "*TV", "*FX 136")
    theirs, ours = _on_both(both, *lines)
    assert [row.replace("OS 1.20 (our own)", "OS 1.20") for row in ours] == theirs
    assert theirs.count("Bad command") == 5


def test_escape_held_down_is_one_escape(both):
    # a machine-code loop counts the escape flags it sees for 3 s, clearing each with OSBYTE 124,
    # while ESCAPE is held down for 2 s: MOS 1.20 sets the flag once
    program = ("10 DIM C% 40:FOR I%=0 TO 2 STEP 2:P%=C%",
               "20 [OPT I%:.L LDA #19:JSR &FFF4:LDA &FF:BPL N:INC &70:LDA #124:JSR &FFF4",
               "30 .N DEC &71:BNE L:RTS:]:NEXT",
               "40 ?&70=0:?&71=150:CALL C%:PRINT \"N=\";?&70")
    counts = []
    for roms in both.values():
        machine = _booted(roms)
        _typed(machine, *program)
        machine.type("RUN\r")
        machine.run_until_typed(max_seconds=5)
        machine.press("ESCAPE")
        machine.run(2.0)
        machine.release("ESCAPE")
        wait_for_prompt(machine, 5, "RUN")
        counts.append([row for row in _rows(machine) if row.startswith("N=")])
    assert counts == [["N=1"], ["N=1"]]


def test_flash_periods_are_kept_where_mos_1_20_keeps_them(both):
    # *FX9 (the first colours' time) at &0253, *FX10 at &0252: the other way round from their
    # OSBYTE &C2/&C3 names' order
    theirs, ours = _on_both(both, "*FX9,20", "*FX10,5", "PRINT ?&252;\",\";?&253")
    assert ours == theirs
    assert "         5,20" in ours


def test_auto_repeat_delay_and_period_as_mos_1_20(both):
    # the centiseconds between the characters of a key held down: 50 for the first repeat, then 8
    program = ("10 DIM T%(40):N%=0:REPEAT:A%=GET:T%(N%)=TIME:N%=N%+1:UNTIL A%=13",
               "20 FOR I%=1 TO N%-2:PRINT T%(I%)-T%(I%-1);:NEXT:PRINT")
    screens = []
    for roms in both.values():
        machine = _booted(roms)
        _typed(machine, *program, "*FX11,20", "*FX12,0")    # *FX12,0: both back to the defaults
        machine.type("RUN\r")
        machine.run_until_typed(max_seconds=5)
        machine.press("A")
        machine.run(0.94)                     # repeats at 50, 58, ... 90 cs: away from the release
        machine.release("A")
        machine.type("\r")
        machine.run_until_typed(max_seconds=5)
        wait_for_prompt(machine, 5, "RUN")
        screens.append(_rows(machine))
    assert screens[1] == screens[0]
    assert "        50         8         8         8" in screens[0]


# OS variables (&0236-&028F, OSBYTE &A6-&FF) that differ by design: the key table's address (&AC/&AD),
# the field counter and the flash counter (where in its count the MOS is), the ACIA control copy
# (ours does not set up the RS423), the timer switch (ours keeps one TIME)
OS_VARIABLES_OF_THEIR_OWN = {0x023C, 0x023D, 0x0240, 0x0250, 0x0251, 0x0283}


def test_os_variables_start_as_on_mos_1_20(both):
    theirs, ours = (_booted(roms).memory for roms in both.values())
    assert [hex(a) for a in range(0x0236, 0x0290)
            if a not in OS_VARIABLES_OF_THEIR_OWN and theirs[a] != ours[a]] == []


def test_star_command_numbers_as_mos_1_20_reads_them(both):
    # decimal only, 0-255, a comma followed by a number: else "Bad command" ("Bad key" for *KEY)
    lines = ("*FX 1,", "*TV 300", "*FX 255,256", "*FX &10", "*FX 2,,1", "*KEY 300 X", "*KEY ,1 X",
             "*FX 11,50 ,0", "*TV 255", "*KEY 1,X")
    screens = []
    for roms in both.values():
        machine = _booted(roms)
        screens.append([_typed(machine, "CLS", line) for line in lines])
    assert screens[1] == screens[0]
    assert [screen[2] for screen in screens[0]] == ["Bad command"] * 5 + ["Bad key"] * 2 + [""] * 3


def test_a_program_may_use_the_cassette_workspace(both):
    # &0380-&03DF is the cassette filing system's (AUG memory map): programs keep their own data
    # there (Elite a flag at &0386).  Filled with a pattern after MODE, it must upset neither the
    # text, the flashing colours, graphics, sound nor INKEY, and the MOS must not write there.
    program = ("10 MODE 1:FOR I%=&380 TO &3DF:?I%=I% EOR &A5:NEXT",
               "20 PRINT TAB(5,3)\"HELLO\":VDU 19,2,9;0;23,1,0;0;0;0;",
               "30 MOVE 900,1000:DRAW 1200,950:SOUND 1,-15,100,5:SOUND 2,1,50,5:A=INKEY(50)",
               "40 FOR I%=&380 TO &3DF:IF ?I%<>((I% EOR &A5) AND 255) PRINT ~I%;\" \";",
               "50 NEXT:PRINT \"DONE\"")
    theirs, ours = _on_both(both, *program, "RUN")
    assert ours == theirs
    assert ours[3] == "     HELLO" and ours[4] == "DONE"
