"""Our MOS's lines and filled triangles light MOS 1.20's pixels: Acorn's BASIC II draws the same
random lines (every kind of PLOT 0-31: solid, dotted, the last point left out, each colour action)
and triangles (PLOT 80-87), many reaching far off the screen, and fills of a row from a point in and
around a triangle (PLOT 72-79, 88-95), on our MOS and on MOS 1.20, and the
screen memory must be the same byte for byte.  Acorn's ROMs are only run (the reference folder; the
tests skip without it).

What MOS 1.20 does, found this way (roms/src/bbc/mos/graphics.s): a line runs along its major axis
(x when |dx| >= |dy|) from the lower end, its error starting at major / 2 and stepping the minor
axis when it goes below 0; a clipped line lights the pixels of the whole line that are inside; the
last point "left out" is plotted once more; a triangle's edge crosses each row at x rounded to the
nearest (a half towards the lower vertex's x)."""
import random

import pytest

from emulator.basic.listing import BOOT_SECONDS, wait_for_prompt
from emulator.firmware import rom_set
from emulator.session import Machine

MAILBOX = 0x70              # BASIC's zero page left to the user: the drawer's commands
SCREEN = slice(0x3000, 0x8000)
LINE, TRIANGLE, FILL = 1, 2, 3

# A BASIC program that waits for a command in the mailbox, clears the graphics window and draws it:
# ?&70 set = go, ?&71 = 1 MOVE and PLOT, 2 MOVE, MOVE and PLOT; ?&72 = the PLOT code; the points
# as 4-byte integers from &74; 3 fills a triangle (PLOT 85) and then fills a row from a point with
# PLOT ?&72 (72-79 left and right over the background, 88-95 right up to the background).
DRAWER = ["20 REPEAT:REPEAT UNTIL ?&70",
          "30 CLG:T%=?&71:K%=?&72",
          "40 IF T%=1 THEN MOVE !&74,!&78:PLOT K%,!&7C,!&80",
          "50 IF T%=2 THEN MOVE !&74,!&78:MOVE !&7C,!&80:PLOT K%,!&84,!&88",
          "55 IF T%=3 THEN MOVE !&74,!&78:MOVE !&7C,!&80:PLOT 85,!&84,!&88:PLOT K%,!&8C,!&90",
          "60 ?&70=0:UNTIL FALSE"]

# The MODE and its set-up: colours, actions, a graphics window, an origin
SETUPS = {
    "MODE 4": "MODE 4:GCOL 0,1",
    "MODE 0, EOR, window": "MODE 0:GCOL 3,1:VDU 24,100;200;900;800;",
    "MODE 1, origin": "MODE 1:GCOL 0,2:VDU 29,640;512;",
    "MODE 2, window and origin": "MODE 2:GCOL 0,3:VDU 24,300;100;1000;1000;:VDU 29,-100;50;",
    "MODE 1, CLG in colour 2": "MODE 1:GCOL 0,130:GCOL 0,1",
    "MODE 5, CLG in colour 1, window": "MODE 5:GCOL 0,129:GCOL 0,2:VDU 24,8;8;1271;1015;",
    # scrolled: the screen starts part way through its memory, so rows go round from &7FFF
    "MODE 0, scrolled": "MODE 0:GCOL 3,1:FOR I%=1 TO 50:PRINT:NEXT",
}
LINE_CODES = (5, 13, 14, 21, 29, 6, 7, 1, 9, 15, 23)
TRIANGLE_CODES = (85, 86, 87, 81, 83)
FILL_CODES = (77, 73, 78, 79, 93, 89, 94, 95)
DEGENERATE = [(100, 100, 500, 100, 300, 100), (100, 100, 100, 100, 100, 100), (600, 400, 200, 400, 300, 400),
              (100, 100, 104, 100, 700, 103), (800, 800, 100, 100, 800, 800), (0, 0, 1279, 1023, 1279, 0)]


class Drawer:
    """BASIC II on a BBC Micro with `roms`, drawing what it is told to."""

    def __init__(self, roms, setup):
        self.m = m = Machine("bbc", roms=roms, seed=1)
        wait_for_prompt(m, BOOT_SECONDS, "start-up")
        for line in [f"10 {setup}:VDU 23,1,0;0;0;0;"] + DRAWER + ["RUN"]:
            m.type(line + "\r")
            m.run_until_typed(max_seconds=10)
            m.run(0.05)
        m.run(0.3)

    def draw(self, kind, code, points):
        memory = self.m.memory
        data = b"".join((p & 0xFFFFFFFF).to_bytes(4, "little") for p in points)
        memory[MAILBOX + 4:MAILBOX + 4 + len(data)] = data
        memory[MAILBOX + 1], memory[MAILBOX + 2], memory[MAILBOX] = kind, code, 1
        assert self.m.run_until(lambda: memory[MAILBOX] == 0, 5, every=0.002), "the drawer stopped"
        return memory[SCREEN]


def _random_points(rng, n, reach):
    return [rng.randrange(-reach, 1280 + reach) if i % 2 == 0 else rng.randrange(-reach, 1024 + reach)
            for i in range(n)]


@pytest.mark.parametrize("setup", SETUPS)
def test_lines_triangles_and_fills_light_mos_1_20s_pixels(acorn_mos_basic, setup):
    theirs = Drawer(acorn_mos_basic, SETUPS[setup])
    ours = Drawer({"mos": rom_set("bbc")["mos"], "basic": acorn_mos_basic["basic"]}, SETUPS[setup])
    rng = random.Random(setup)
    cases = []
    for i in range(60):
        points = _random_points(rng, 6, (0, 300, 3000, 20000)[i % 4])
        cases.append((LINE, rng.choice(LINE_CODES), points[:4]))
        cases.append((TRIANGLE, rng.choice(TRIANGLE_CODES), points))
        cases.append((FILL, rng.choice(FILL_CODES), _random_points(rng, 8, (0, 300)[i % 2])))
    cases += [(TRIANGLE, 85, points) for points in DEGENERATE]
    differ = [case for case in cases if ours.draw(*case) != theirs.draw(*case)]
    assert differ == [], f"{len(differ)} of {len(cases)} drawn differently, the first: {differ[:3]}"


# The graphics cursor: where VDU 5 text goes round the graphics window's edges, what CLS does with
# VDU 5, and the two positions OSWORD 13 gives (external, the pixel times its units less the origin).
CURSOR_PROGRAMS = [
    "MOVE 101,203:DRAW 50,60",
    "VDU 29,640;512;:MOVE 101,203:PLOT 1,10,20",
    "MOVE 1200,500:VDU 5:PRINT \"ABCDEFG\";:VDU 127,127:PRINT \"XY\";",
    "MOVE 10,30:VDU 5,8,8,127:PRINT \"Q\";:VDU 10,10,11,9:PRINT \"R\";",
    "VDU 24,200;200;600;600;:MOVE 580,220:VDU 5:PRINT \"HELLO WORLD\";:VDU 127,30,127,11,11",
    "MOVE 0,1023:VDU 5:PRINT STRING$(50,\"W\");:VDU 10,10,127,127,9",
    "GCOL 3,2:MOVE 100,100:VDU 5:PRINT \"AB\";CHR$13;\"CD\";CHR$12;\"EF\";",
]


def _cursor_run(roms, program):
    machine = Machine("bbc", roms=roms, seed=1)
    wait_for_prompt(machine, BOOT_SECONDS, "start-up")
    machine.type(f"MODE 1:{program}:A%=13:X%=&70:Y%=0:CALL &FFF1:REPEAT UNTIL 0\r")
    machine.run_until_typed(max_seconds=10)
    machine.run(2.5)                        # our CLG is slower than MOS 1.20's
    return machine.memory[MAILBOX:MAILBOX + 8], machine.memory[SCREEN]


@pytest.mark.parametrize("program", CURSOR_PROGRAMS)
def test_the_graphics_cursor_moves_as_on_mos_1_20(acorn_mos_basic, program):
    ours = {"mos": rom_set("bbc")["mos"], "basic": acorn_mos_basic["basic"]}
    mine, theirs = _cursor_run(ours, program), _cursor_run(acorn_mos_basic, program)
    assert mine[0] == theirs[0], f"OSWORD 13: ours {mine[0].hex()}, MOS 1.20 {theirs[0].hex()}"
    assert mine[1] == theirs[1], "the screens differ"
