"""The debugger on a whole BBC Micro running our BBC BASIC under our MOS: the BASIC view read through
the layout in roms/src/bbc/basic/zp.inc, a watchpoint on a BASIC array, and rewinding.

The acceptance scenario types in the BBC Silver Dollar listing (basic_programs/silver_dollar_bbc.bas),
RUNs it, makes the player's move at the keyboard, and stops on the write to the positions array PP that
moves the computer's coin (line 1250, `PP(N)=PP(N)-T`); N, T and S read there are the reference's move
(emulator/reference/silver_dollar.py); it runs on and rewinds to that write byte for byte.  A small
program stopped inside nested FOR, REPEAT, GOSUB, PROC and FN checks every frame the view shows.
"""
import re
import types

import pytest

from pathlib import Path

import emulator
from emulator.debug.basic_view import OurBbcBasicView, bbc_layout
from emulator.debug.target import save_cpu
from emulator.reference import silver_dollar as ref

from bbc_basic import real_model

ROOT = Path(__file__).resolve().parents[2]
SILVER_DOLLAR = ROOT / "basic_programs" / "silver_dollar_bbc.bas"

# the current line's number: CURLN (&20) holds the address of the line's high byte
ON_LINE = "?(!{curln})*256+?(!{curln}+1)={number}"

# A% is an integer array (4-byte elements, watched by its low byte); since part 2 a plain array
# would hold 5-byte reals
NESTED = """10 DIM A%(3),B$(1)
20 X$="HELLO":C%=7:B$(1)="BYE"
30 FOR I=1 TO 3
40 REPEAT:K=K+1
50 GOSUB 100
60 UNTIL K>=2
70 NEXT I
80 END
100 PROCP(5)
110 RETURN
200 DEF PROCP(Z):LOCAL Q
210 Q=FNF(Z+1)
220 ENDPROC
300 DEF FNF(Y)
310 A%(2)=Y*10
320 =Y
"""

# the listing is typed in at a person's pace (tens of emulated seconds): slow uncompiled
slow_uncompiled = pytest.mark.slow if not emulator.compiled() else (lambda test: test)


@pytest.fixture(scope="module")
def layout():
    found = bbc_layout()
    assert found is not None, "our BBC BASIC's source (roms/src/bbc/basic/zp.inc) is part of the repository"
    return found


def monitor_for(tmp_path, listing, max_seconds="300"):    # `run` covers the typing in
    from emulator.commands.debug_cmd import build

    path = tmp_path / "program.bas"
    path.write_text(listing)
    out = []
    args = types.SimpleNamespace(machine="bbc", roms=None, symbols=None, file=str(path), load=None,
                                 pc=None, max_seconds=max_seconds, script=None)
    monitor = build(args, out=out.append)
    assert isinstance(monitor.basic_view, OurBbcBasicView)
    return monitor, out


def run(monitor, out, command):
    del out[:]
    assert monitor.execute(command)
    errors = [line for line in out if line.startswith("error:")]
    assert not errors, errors
    return list(out)


def run_typed(monitor, out, extra_cycles):
    """RUN once the listing is typed in, then `extra_cycles` more."""
    run(monitor, out, "type RUN\\r")
    hardware = monitor.machine.hardware
    while hardware.typing:                      # each key as the MOS takes it
        run(monitor, out, "run 200000 cycles")
    run(monitor, out, f"run {extra_cycles} cycles")


def machine_state(monitor):
    dbg = monitor.dbg
    return save_cpu(dbg.cpu), bytes(dbg.bus.memory), tuple(monitor.machine.screen.text())


def simple_values(view_lines):
    """{name: value} of the integer variables in a `basic` view."""
    return {name: int(value) for name, value in
            re.findall(r"(?<![\w(])([A-Za-z@][\w]*%?)=(-?\d+)(?=\s|$)", "\n".join(view_lines))}


def array(monitor, name):
    """(address of the elements, their values) of our BBC BASIC's array `name`: 4-byte integers
    when it ends in %, else 5-byte reals (whole numbers here, given as ints)."""
    view = monitor.basic_view
    for raw, at in view.entries():
        if raw == name.encode() + b"(":
            offset = view.peek(at)                      # 2 * dims + 1, then the sizes
            count = 1
            for d in range(offset // 2):
                count *= view.word(at + 1 + 2 * d)
            base = at + offset
            if name.endswith("%"):
                return base, [int.from_bytes(bytes(view.peek(base + 4 * e + k) for k in range(4)), "little",
                                             signed=True) for e in range(count)]
            return base, [int(real_model.decode(bytes(view.peek(base + 5 * e + k) for k in range(5))))
                          for e in range(count)]
    raise AssertionError(f"no array {name}( in the variable list")


@slow_uncompiled
def test_nested_frames_inside_proc_and_fn(tmp_path, layout):
    monitor, out = monitor_for(tmp_path, NESTED)
    run_typed(monitor, out, 2_000_000)                       # the first run ends: the array is placed
    assert "direct mode" in run(monitor, out, "basic")[1]
    base, values = array(monitor, "A%")
    assert values == [0, 0, 60, 0]
    element = base + 8                                       # A(2), low byte
    run(monitor, out, f"watch w &{element:04X} if " + ON_LINE.format(curln=layout["CURLN"], number=310))
    run(monitor, out, "type RUN\\r")
    stop = run(monitor, out, "go")
    assert stop[0].startswith(f"watch 1: write $3C to ${element:04X}")       # 6*10, first time round
    view = run(monitor, out, "basic")
    assert view[0] == "BBC BASIC (ours)" and view[1] == "line 310: A%(2)=Y*10"
    values = simple_values(view)
    assert (values["I"], values["K"], values["Z"], values["Y"], values["C%"]) == (1, 1, 5, 6, 7)
    text = "\n".join(view)
    assert 'X$="HELLO"' in text and 'B$(0..1)@&' in text and '="","BYE"' in text
    assert f"A%(0..3)@&{base:04X}=0,0,60,0" in text
    assert "PROCP=DEF at line 200" in text and "FNF=DEF at line 300" in text
    stack = view[view.index("stack (outermost first):") + 1:]
    assert stack == ["  FOR    I=1 TO 3 STEP 1 (loop at line 30)",
                     "  REPEAT loop at line 40",
                     "  GOSUB  returns to line 50",
                     "  PROC   PROCP from line 100",
                     "  LOCAL  Z (caller's value kept)",
                     "  LOCAL  Q (caller's value kept)",
                     "  FN     FNF from line 210",
                     "  LOCAL  Y (caller's value kept)"]
    # the counts BASIC keeps agree with the frames the view found
    assert monitor.basic_view.counts() == (1, 1, 1)
    at_hit = machine_state(monitor)
    second = run(monitor, out, "go")                         # K=2: the same write again, I=1
    assert second[0].startswith(f"watch 1: write $3C to ${element:04X}")
    assert simple_values(run(monitor, out, "basic"))["K"] == 2
    back = run(monitor, out, "back hit")
    assert back[0].startswith(f"back at watch 1: write $3C to ${element:04X}")
    assert machine_state(monitor) == at_hit
    assert run(monitor, out, "basic") == view


@slow_uncompiled
def test_silver_dollar_stops_when_the_computer_moves_a_coin_and_rewinds_there(tmp_path, layout):
    monitor, out = monitor_for(tmp_path, SILVER_DOLLAR.read_text())
    run_typed(monitor, out, 3_000_000)                       # the board, then PROCMOVE waits at GET
    base, pp = array(monitor, "PP")
    position = tuple(pp[1:])
    ref.validate_position(position)
    view = run(monitor, out, "basic")
    assert view[1] == "line 3010: Q=GET"
    assert "  PROC   PROCMOVE from line 40" in view
    # the player moves a coin one square; the computer answers
    player = next(move for move in ref.legal_moves(position)
                  if move.distance == 1 and not ref.is_won(ref.apply_move(position, move)))
    position = ref.apply_move(position, player)
    expected = ref.computer_move(position)
    run(monitor, out, f"type {player.letter}")
    run(monitor, out, "run 1000000 cycles")
    assert array(monitor, "PP")[1][1:] == list(position)
    run(monitor, out, "type \\r")
    condition = ON_LINE.format(curln=layout["CURLN"], number=1250)
    # PP is a plain array, so its elements are 5-byte reals (part 2): elements 1-5 are the coins
    run(monitor, out, f"watch w &{base + 5:04X}:&{base + 29:04X} if {condition}")
    stop = run(monitor, out, "go")
    coin = base + 5 * expected.coin
    moved_to = position[expected.coin - 1] - expected.distance
    stored = real_model.encode(moved_to)
    # a real is stored from its exponent byte on: the first hit is the coin's exponent
    assert re.match(rf"watch 1: write \${stored[0]:02X} to \${coin:04X}\b", stop[0]), stop[0]
    assert run(monitor, out, "basic")[1] == "line 1250: PP(N)=PP(N)-T"
    # from here on, stop only on this coin's top mantissa byte, from line 1250: the same store
    run(monitor, out, "delete")
    run(monitor, out, f"watch w &{coin + 1:04X} if {condition}")
    stop = run(monitor, out, "go")
    assert stop[0].startswith(f"watch 2: write ${stored[1]:02X} to ${coin + 1:04X}")
    view = run(monitor, out, "basic")
    assert view[1] == "line 1250: PP(N)=PP(N)-T"
    values = simple_values(view)
    assert (values["N"], values["T"]) == (expected.coin, expected.distance)
    assert values["S"] == ref.nim_sum(position)
    assert array(monitor, "TT")[1] == list(ref.heaps(position))
    moved = ref.apply_move(position, expected)
    text = "\n".join(view)
    assert f"PP(0..5)@&{base:04X}={','.join(map(str, (-1, *moved)))}" in text
    stack = view[view.index("stack (outermost first):") + 1:]
    assert stack == ["  REPEAT loop at line 30", "  PROC   PROCI from line 60"]
    # run on; the move is made and the game waits for the player again
    at_hit, hit_cycle = machine_state(monitor), monitor.dbg.cpu.cycles
    run(monitor, out, "run 4000000 cycles")
    assert monitor.dbg.cpu.cycles >= hit_cycle + 4_000_000                # no other stop on the way
    assert array(monitor, "PP")[1][1:] == list(moved)
    assert machine_state(monitor) != at_hit
    back = run(monitor, out, "back hit")
    assert back[0].startswith(f"back at watch 2: write ${stored[1]:02X} to ${coin + 1:04X}")
    assert machine_state(monitor) == at_hit                               # byte for byte
    assert run(monitor, out, "basic") == view


def test_acorn_basic_view_for_user_roms_and_ours_for_our_firmware(layout):
    from emulator.debug.basic_view import BbcBasicView, view_for

    memory = bytearray(0x10000)
    assert type(view_for("bbc", memory.__getitem__, own_firmware=False)) is BbcBasicView
    assert type(view_for("bbc", memory.__getitem__, own_firmware=True)) is OurBbcBasicView
    assert layout["CURLN"] == 0x20 and layout["VARS"] == 0x400        # as docs/bbc_basic.md gives


def test_a_symbol_the_source_no_longer_defines_is_an_error(tmp_path, monkeypatch):
    from emulator.debug import basic_view

    renamed = tmp_path / "zp.inc"
    renamed.write_text(basic_view.BBC_BASIC_SOURCE.read_text().replace("VARLISTS", "VARHEADS"))
    monkeypatch.setattr(basic_view, "BBC_BASIC_SOURCE", renamed)
    with pytest.raises(RuntimeError, match="no longer defines VARLISTS"):
        basic_view.bbc_layout()


@pytest.mark.parametrize("name", ["atom", "bbc"])
def test_a_rewind_snapshot_is_the_save_state_and_shares_nothing_with_the_machine(name):
    # One snapshot mechanism: the debugger's rewind takes each device's state() as a save state does.
    from emulator import Machine
    from emulator.debug.target import MachineTarget
    from emulator.state import copy_plain, machine_state

    m = Machine(name, seed=1)
    m.run_until_text(">", max_seconds=5)
    target = MachineTarget(m)
    snapshot = target.snapshot()
    assert snapshot == copy_plain(machine_state(m.hardware))
    m.type("PRINT 1\r")
    m.run(1.0)                                  # the machine goes on; the snapshot stays as it was
    assert snapshot != copy_plain(machine_state(m.hardware))
    target.restore(snapshot)
    assert copy_plain(machine_state(m.hardware)) == snapshot
    m.run(0.5)                                  # the restored machine runs on (and changes its lists)
    again = Machine(name, seed=1)
    again.run_until_text(">", max_seconds=5)
    again.run(0.5)
    assert m.screen.text() == again.screen.text() and m.cycles == again.cycles
    target.restore(snapshot)            # the snapshot was not changed by what ran after
    assert copy_plain(machine_state(m.hardware)) == snapshot
