"""The debugger on a whole Atom running our BASIC: a watchpoint on a BASIC array, the BASIC view, and
rewinding a machine deterministically.

The program is shaped like the Atom Silver Dollar listing (seeds/001: a DIM'd word array PP of coin
positions, and the computer's move `PPN=PPN-T` inside a GOSUB and a FOR loop): the session stops on the
write that moves coin 3, reads the BASIC variables there, runs on, and rewinds to that write.
"""
import re
import types

import pytest

import emulator
from emulator.debug.basic_view import atom_layout
from emulator.debug.target import save_cpu

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


def monitor_for(tmp_path, listing=LISTING):
    from emulator.commands.debug_cmd import build

    path = tmp_path / "coins.bas"
    path.write_text(listing)
    out = []
    args = types.SimpleNamespace(machine="atom", roms=None, symbols=None, file=str(path), load=None,
                                 pc=None, max_seconds="40", script=None)
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
    assert "PP(0..)@#" in text
    assert "  FOR    J=1 TO 2 STEP 1 (loop at line 1200)" in text and "  GOSUB  returns to line 30" in text
    second = run(monitor, out, "go")
    assert second[0].startswith("watch 2: write $03 to")
    at_second_hit = machine_state(monitor)
    view_second = run(monitor, out, "basic")
    assert re.search(r"\bJ=2\b", "\n".join(view_second))
    run(monitor, out, "run 2000000 cycles")                 # the program ends and prints 3
    assert any(row.strip() == "3" for row in monitor.machine.screen.text())
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
    components, _ = monitor.dbg.target._state._components()
    assert any(c is ppi_page for c in components) and any(c is hw.ppi for c in components)
    stop = run(monitor, out, "go")
    assert stop[0].startswith("watch 1: read") and "from $B001" in stop[0]
