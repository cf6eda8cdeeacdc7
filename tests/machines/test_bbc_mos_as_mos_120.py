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


def _running(roms, *program):
    """A machine with `program` typed into BASIC and RUN typed (still running)."""
    machine = _booted(roms)
    _typed(machine, *program)
    machine.type("RUN\r")
    machine.run_until_typed(max_seconds=5)
    return machine


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
        machine = _running(roms, *program)
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


# OSBYTE calls that only read (or write what they read), with X and Y: each is made by a machine-code
# probe that keeps A, X, Y and the flags; both MOSes must give the same A, X, Y, C and V.  Left out:
# 7 and 8 (MOS 1.20 returns the serial ULA's old setting), &76, &79, &7A (Y: the keyboard scan's
# workings), ADVAL(-3) and ADVAL(-9) (MOS 1.20: its empty RS423 output and speech buffers' free
# space, 191 and 63; ours keeps neither buffer: 0), the key table's address (&AB-&AD), the ACIA control copy (&BF/&C0) and the timer
# switch (&F2/&F3), which differ by design; the field and flash counters (&AF/&B0, &C1) and the
# ADC's last channel (ADVAL(0)'s Y, &BB/&BC), which depend on when the probe runs; the keyboard
# semaphore (&B1/&B2: MOS 1.20's keyboard interrupt workings).
OSBYTE_PROBES = [(1, 0, 0xFF), (3, 0, 0), (4, 0, 0), (5, 0, 0), (6, 10, 0), (10, 7, 0), (11, 50, 0),
                 (12, 8, 0), (12, 0, 0), (13, 9, 0), (14, 9, 0), (15, 1, 0), (21, 0, 0),
                 *((a, 0, 0) for a in range(0x16, 0x76, 7)), (0x78, 0, 0), (0x7B, 0, 0), (0x7C, 0, 0),
                 (0x7E, 0, 0), *((0x80, x, 0) for x in (1, 4, *range(0xF8, 0xFD), 0xFE, 0xFF)),
                 (0x81, 0, 0), (0x81, 0, 0xFF), *((a, 0, 0) for a in range(0x82, 0x88)), (0x91, 0, 0),
                 (0x98, 0, 0), *((0xA0, x, 0) for x in (0, 8, 0x18, 0x55)), (0xA1, 0, 0), (0xA5, 7, 0),
                 (9, 30, 0), (9, 20, 0), (16, 3, 0), (16, 0, 0),
                 *((a, 0, 0xFF) for a in range(0xA6, 0x100) if a not in (
                     0xAB, 0xAC, 0xAD, 0xAF, 0xB0, 0xB1, 0xB2, 0xBB, 0xBC, 0xBF, 0xC0, 0xC1, 0xF2, 0xF3))]


def _osbyte_results(roms):
    machine = _booted(roms)
    code, results = bytearray(), 0x5000
    for i, (a, x, y) in enumerate(OSBYTE_PROBES):
        r = results + 4 * i            # LDA #a LDX #x LDY #y JSR OSBYTE PHP STA r STX r+1 STY r+2 PLA STA r+3
        code += bytes([0xA9, a, 0xA2, x, 0xA0, y, 0x20, 0xF4, 0xFF, 0x08])
        for n, store in enumerate((0x8D, 0x8E, 0x8C)):
            code += bytes([store, (r + n) & 0xFF, (r + n) >> 8])
        code += bytes([0x68, 0x8D, (r + 3) & 0xFF, (r + 3) >> 8])
    machine.memory[0x2000:0x2000 + len(code) + 1] = code + b"\x60"
    _typed(machine, "CALL &2000")
    ram = machine.memory
    return [(a, x, y, *ram[results + 4 * i:results + 4 * i + 3], ram[results + 4 * i + 3] & 0x41)
            for i, (a, x, y) in enumerate(OSBYTE_PROBES)]


def test_osbyte_results_and_carry_as_mos_1_20(both):
    theirs, ours = (_osbyte_results(roms) for roms in both.values())
    assert [(t, o) for t, o in zip(theirs, ours) if t != o] == []
    assert theirs[0] == (1, 0, 0xFF, 1, 0, 0x64, 0x01)        # A X Y, and the flags' C and V
    assert theirs[13] == (0x16, 0, 0, 0x16, 0xFF, 0, 0x40)    # unknown: X=&FF, V set, C clear


def test_no_comma_before_a_commands_first_number(both):
    lines = ("*TV ,1", "*FX,1", "*TV  ,", "*TV 255,1", "*FX 1 2 3")
    screens = []
    for roms in both.values():
        machine = _booted(roms)
        screens.append([_typed(machine, "CLS", line)[2] for line in lines])
    assert screens[1] == screens[0] == ["Bad command"] * 3 + [""] * 2


def test_fx2_1_reads_the_rs423_and_the_keyboard_only_fills_its_buffer(both):
    # *FX2,1: OSRDCH reads the RS423's buffer (empty: GET waits, ESCAPE still stops it); keys typed
    # meanwhile wait in the keyboard's buffer; &0241 holds X AND 1
    program = ("10 *FX2,1", "20 P%=?&241:T=TIME:REPEAT UNTIL TIME>T+200", "30 *FX2,0",
               "40 A$=INKEY$(0):PRINT P%;\"(\";A$;\")\";ADVAL(-1)", "50 *FX2,1", "60 A=GET")
    screens = []
    for roms in both.values():
        machine = _running(roms, *program)
        machine.run(0.5)
        machine.type("XY")
        machine.run_until_typed(max_seconds=5)
        machine.run(3)
        machine.press("ESCAPE")
        machine.run(0.1)
        machine.release("ESCAPE")
        machine.run(1)
        screens.append(_rows(machine))
    assert screens[1] == screens[0]
    assert "         1(X)1" in screens[0] and "Escape at line 60" in screens[0]
