"""The debugger on a whole Atom running our BASIC: a watchpoint on a BASIC array, the BASIC view, and
rewinding a machine deterministically.

The acceptance scenario runs the real Atom Silver Dollar listing (seed 001, as corrected in
tests/atom_basic/silver_dollar.atom, or basic_programs/silver_dollar_atom.bas once that exists): it is
typed in, RUN, the player's first move is typed at the prompt, and the session stops on the write to the
positions array PP that moves the computer's coin (line 1250, `PPN=PPN-T`); the BASIC variables read
there are the reference's move; it runs on and rewinds to that write byte for byte.  A smaller program
shaped like it checks the FOR and GOSUB frames and two hits of one watchpoint.
"""
import re
import types

import pytest

from pathlib import Path

import emulator
from emulator.debug.basic_view import atom_layout
from emulator.debug.target import save_cpu
from emulator.reference import silver_dollar as ref

ROOT = Path(__file__).resolve().parents[2]
SILVER_DOLLAR = next(path for path in (ROOT / "basic_programs" / "silver_dollar_atom.bas",
                                       ROOT / "tests" / "atom_basic" / "silver_dollar.atom") if path.exists())

LISTING = """10 DIM PP5
20 PP0=-1;FOR N=1 TO 5;PPN=PP(N-1)+2;NEXT N
30 N=3;T=1;GOSUB 1200
40 PRINT PP3
50 END
1200 FOR J=1 TO 2
1250 PPN=PPN-T
1260 NEXT J;RETURN
"""


# about 1.5 s compiled, over 20 s uncompiled
slow_uncompiled = pytest.mark.slow if not emulator.compiled() else (lambda test: test)


@pytest.fixture(scope="module")
def layout():
    found = atom_layout()
    assert found is not None, "our Atom BASIC's source (roms/src/atom/atom.inc) is part of the repository"
    return found


SEED = "1"          # one power-on RAM pattern, so two machines built alike run alike


def monitor_for(tmp_path, listing=LISTING, max_seconds="40"):
    from emulator.commands.debug_cmd import build

    path = tmp_path / "coins.bas"
    path.write_text(listing)
    out = []
    args = types.SimpleNamespace(machine="atom", roms=None, symbols=None, file=str(path), load=None,
                                 pc=None, max_seconds=max_seconds, script=None, seed=SEED)
    monitor = build(args, out=out.append)
    return monitor, out


def run(monitor, out, command):
    del out[:]
    assert monitor.execute(command)
    errors = [line for line in out if line.startswith("error:")]
    assert not errors, errors
    return list(out)


def machine_state(monitor):
    dbg = monitor.dbg
    hw = monitor.machine.hardware
    return (save_cpu(dbg.cpu), bytes(dbg.bus.memory), hw.ppi.__reduce_ex__(2)[2],
            tuple(hw.screen.text()), hw.keyboard_row, hw.port_c_out)


def variables(view_lines):
    """{name: value} of the simple variables in a `basic` view."""
    return {name: int(value) for name, value in re.findall(r"\b([@A-Z])=(-?\d+)", "\n".join(view_lines))}


def array(monitor, letter, count):
    """The first `count` elements of our Atom BASIC's word array `letter``letter`."""
    layout, peek = atom_layout(), monitor.dbg.peek
    index = ord(letter) - ord("A")
    base = peek(layout["ARR_LO"] + index) | peek(layout["ARR_HI"] + index) << 8
    return base, [int.from_bytes(bytes(peek(base + 4 * e + k) for k in range(4)), "little", signed=True)
                  for e in range(count)]


# about 2.5 s compiled (the listing is typed in at a person's pace: two emulated minutes)
@slow_uncompiled
def test_silver_dollar_stops_when_the_computer_moves_a_coin_and_rewinds_there(tmp_path, layout):
    monitor, out = monitor_for(tmp_path, SILVER_DOLLAR.read_text(), max_seconds="200")   # run covers the typing
    hardware = monitor.machine.hardware
    run(monitor, out, "type RUN\\r")
    while hardware.typing:                                          # each key as the kernel takes it
        run(monitor, out, "run 100000 cycles")
    run(monitor, out, "run 1500000 cycles")                         # the board, then LINK R waits
    base, pp = array(monitor, "P", 6)
    position = tuple(pp[1:])
    board = monitor.machine.screen.text()[0]
    assert board == ref.board_row(position).rstrip()
    assert "direct mode" not in "\n".join(run(monitor, out, "basic"))
    # the player moves a coin one square, at a person's pace; the computer answers
    player = next(move for move in ref.legal_moves(position)
                  if move.distance == 1 and not ref.is_won(ref.apply_move(position, move)))
    position = ref.apply_move(position, player)
    expected = ref.computer_move(position)
    run(monitor, out, f"type {player.letter}")
    run(monitor, out, "run 500000 cycles")
    run(monitor, out, "type \\r")
    # any write to PP0-PP5 by line 1250 (PPN=PPN-T, the computer's move); the current line is at #01
    run(monitor, out, f"watch w #{base:04X}:#{base + 23:04X} if !1=1250")
    stop = run(monitor, out, "go")
    coin_low_byte = base + 4 * expected.coin
    moved_to = position[expected.coin - 1] - expected.distance
    assert stop[0].startswith(f"watch 1: write ${moved_to & 0xFF:02X} to ${coin_low_byte:04X}")
    view = run(monitor, out, "basic")
    assert view[1] == "line 1250: PPN=PPN-T"
    values = variables(view)
    # the listing's own working: coin N moves T squares; S is the nim-sum of the heaps TT0-TT2
    assert (values["N"], values["T"]) == (expected.coin, expected.distance)
    assert values["S"] == ref.nim_sum(position)
    assert array(monitor, "T", 3)[1] == list(ref.heaps(position))
    assert "  GOSUB  returns to line 60" in view                      # 60 GOSUB i
    moved = ref.apply_move(position, expected)                       # the low byte is all that changes
    text = "\n".join(view)
    assert f"PP(0..5)@#{base:04X}={','.join(map(str, (-1, *moved)))}" in text
    assert f"TT(0..2)@#{array(monitor, 'T', 0)[0]:04X}={','.join(map(str, ref.heaps(position)))}" in text
    # from here on, stop only on this coin's low byte, from line 1250 (the same write)
    run(monitor, out, "delete")
    run(monitor, out, f"watch w #{coin_low_byte:04X} if !1=1250")
    at_hit, hit_cycle = machine_state(monitor), monitor.dbg.cpu.cycles
    run(monitor, out, "run 3000000 cycles")                       # the move is shown; the game waits
    assert monitor.machine.screen.text()[0].upper() == ref.board_row(
        ref.apply_move(position, expected)).rstrip()
    assert monitor.dbg.cpu.cycles >= hit_cycle + 3_000_000            # no other stop on the way
    assert machine_state(monitor) != at_hit
    back = run(monitor, out, "back hit")
    assert back[0].startswith(f"back at watch 2: write ${moved_to & 0xFF:02X} to ${coin_low_byte:04X}")
    assert machine_state(monitor) == at_hit                          # byte for byte, devices too
    assert run(monitor, out, "basic") == view


@slow_uncompiled
def test_watch_the_coin_positions_read_basic_variables_and_rewind(tmp_path, layout):
    monitor, out = monitor_for(tmp_path)
    arr_lo = layout["ARR_LO"] + ord("P") - ord("A")
    arr_hi = layout["ARR_HI"] + ord("P") - ord("A")
    run(monitor, out, "type RUN\\r")
    run(monitor, out, f"watch w {arr_hi}")                  # DIM PP5 places the array
    stop = run(monitor, out, "go")
    assert stop[0].startswith("watch 1: write")
    run(monitor, out, "delete")
    coin3 = f"?{arr_lo}+?{arr_hi}*256+12"                   # PP3, low byte
    run(monitor, out, f"watch w {coin3} if !1=1250")        # only the computer's move (line 1250)
    first = run(monitor, out, "go")
    assert first[0].startswith("watch 2: write $04 to")      # coin 3 moves from 5 to 4
    view = run(monitor, out, "basic")
    assert view[0] == "Atom BASIC" and view[1] == "line 1250: PPN=PPN-T"
    text = "\n".join(view)
    assert all(re.search(rf"\b{v}\b", text) for v in ("N=3", "T=1", "J=1"))
    assert "PP(0..5)@#" in text
    # GOSUB ends line 30, so it returns to the start of line 40 (as Acorn's BASIC does)
    # (FOR ends line 1200, so its loop restarts at the start of line 1250)
    assert "  FOR    J=1 TO 2 STEP 1 (loop at line 1250)" in text and "  GOSUB  returns to line 40" in text
    second = run(monitor, out, "go")
    assert second[0].startswith("watch 2: write $03 to")
    at_second_hit = machine_state(monitor)
    view_second = run(monitor, out, "basic")
    assert re.search(r"\bJ=2\b", "\n".join(view_second))
    run(monitor, out, "run 2000000 cycles")                 # the program ends and prints 3
    assert any(row.strip() == "3>" for row in monitor.machine.screen.text())   # no new line before >
    back = run(monitor, out, "back hit")
    assert back[0].startswith("back at watch 2: write $03 to")
    assert machine_state(monitor) == at_second_hit            # byte for byte, devices too
    assert run(monitor, out, "basic") == view_second
    back = run(monitor, out, "back hit")
    assert re.search(r"\bJ=1\b", "\n".join(run(monitor, out, "basic")))


@slow_uncompiled
def test_atom_rewind_replays_typed_keys_deterministically(tmp_path, layout):
    listing = "10 FOR I=1 TO 20000;NEXT I\n"
    monitor, out = monitor_for(tmp_path, listing)
    dbg = monitor.dbg
    run(monitor, out, "run 9000000 cycles")                 # the listing is typed in by now
    mark = dbg.position()
    mark_state = machine_state(monitor)
    run(monitor, out, "type RUN\\r")                        # an input, in the log
    dbg.history.adaptive = False
    dbg.history.next_cycle = 1 << 60                         # no snapshot after it: rewinding must
    run(monitor, out, "run 1500000 cycles")                 # restore one from before and retype
    later = dbg.position()
    later_state = machine_state(monitor)
    run(monitor, out, "back 1000")
    assert dbg.cpu.instructions == later[0] - 1000
    assert dbg.history.snapshots[-1].position < mark or dbg.history.snapshots[-1].position == mark
    replayed = machine_state(monitor)
    # the same run without the debugger's rewinding: a second machine, the same inputs
    monitor2, out2 = monitor_for(tmp_path, listing)
    run(monitor2, out2, "run 9000000 cycles")
    run(monitor2, out2, "type RUN\\r")
    monitor2.dbg.step(later[0] - 1000 - monitor2.dbg.cpu.instructions)
    assert comparable(machine_state(monitor2)) == comparable(replayed)
    monitor2.dbg.step(1000)
    assert monitor2.dbg.position() == later and comparable(machine_state(monitor2)) == comparable(later_state)
    dbg.history.rewind_to(mark)
    assert machine_state(monitor) == mark_state


def comparable(state):
    """A machine_state without the references to the machine's own objects (two machines)."""
    cpu, memory, ppi, screen, row, port_c = state
    return cpu, memory, tuple(v for v in ppi if isinstance(v, int)), screen, row, port_c


def test_basic_view_of_the_atom_idle_is_direct_mode(tmp_path, layout):
    monitor, out = monitor_for(tmp_path, "10 A=1\n")
    view = run(monitor, out, "basic")
    assert view[1] == "direct mode (no program line running)"
    assert all(len(line) < 80 for line in view)


def test_a_watched_io_page_keeps_its_device_in_the_snapshots(tmp_path, layout):
    monitor, out = monitor_for(tmp_path, "10 A=1\n")
    hw = monitor.machine.hardware
    ppi_page = hw.bus.devices[0xB0]
    run(monitor, out, "watch r #B001")                       # the keyboard columns: polled all the time
    assert hw.bus.devices[0xB0] is not ppi_page
    snapshot = monitor.dbg.target.snapshot()            # the PPI's state, whatever stands in its page
    assert snapshot["ppi"] == hw.ppi.state()
    stop = run(monitor, out, "go")
    assert stop[0].startswith("watch 1: read") and "from $B001" in stop[0]


@slow_uncompiled
def test_the_silver_dollar_session_in_the_docs_runs_as_printed(tmp_path, capsys, layout):
    """docs/debugger.md's Silver Dollar session, run through `acorn debug --script` as a user would."""
    from emulator import cli

    doc = (ROOT / "docs" / "debugger.md").read_text(encoding="utf-8")
    start = doc.index("acorn debug --machine atom --seed 1 tests/atom_basic/silver_dollar.atom --max-seconds 150")
    block = doc[start:doc.index("```", start)].splitlines()
    assert block[0].split() == ["acorn", "debug", "--machine", "atom", "--seed", "1",
                                "tests/atom_basic/silver_dollar.atom", "--max-seconds", "150"]
    script = tmp_path / "session.txt"
    script.write_text("\n".join(line[len("(acorn) "):] for line in block[1:] if line.startswith("(acorn) ")))
    capsys.readouterr()
    code = cli.main(["debug", "--machine", "atom", "--seed", "1", str(ROOT / "tests/atom_basic/silver_dollar.atom"),
                     "--max-seconds", "150", "--script", str(script)])
    out = capsys.readouterr().out.splitlines()
    assert code == 0
    hits = [line for line in out if line.startswith("watch 1: write")]
    # the docs' player moves coin A one square: legal in the position our firmware's RND deals now;
    # if the firmware changes and A has no room, the computer never moves: pick another move there
    assert hits, "the computer did not move: is `type A` still a legal move in the docs' session?"
    hit = hits[0]
    view = out[out.index("Atom BASIC"):]
    view = view[:next(i for i, line in enumerate(view) if line.startswith("(acorn)"))]
    assert view[1] == "line 1250: PPN=PPN-T"
    values = variables(view)
    pp = [int(v) for v in re.search(r"PP\(0\.\.5\)@#\w+=([-\d,]+)", "\n".join(view)).group(1).split(",")]
    tt = [int(v) for v in re.search(r"TT\(0\.\.2\)@#\w+=([-\d,]+)", "\n".join(view)).group(1).split(",")]
    coin, distance = values["N"], values["T"]
    before = list(pp[1:])
    before[coin - 1] += distance                          # the board before the computer's move
    assert ref.computer_move(tuple(before)) == ref.Move(coin, distance)
    assert tt == list(ref.heaps(tuple(before))) and values["S"] == ref.nim_sum(tuple(before))
    back = next(line for line in out if line.startswith("back at watch 2:"))
    assert back[len("back at watch 2:"):] == hit[len("watch 1:"):]   # the same write, the same cycle
