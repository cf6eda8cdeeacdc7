"""Rewind: periodic snapshots of the whole machine plus a log of inputs, replayed deterministically.

The emulation is deterministic (docs/architecture.md, principle 5): from the same state, with the same
inputs at the same points, it goes through the same states.  So the debugger keeps
  * a snapshot every `interval` cycles (each device's save state, emulator/state.py: the CPU, the
    memory, the chips; and the page map), as far back as `keep` cycles (10 emulated seconds by
    default) and one more;
  * every input the user gave at a position (a memory or register write, keys typed), with the function
    that applies it.
Going back to a position restores the last snapshot at or before it, applies the logged inputs after
that snapshot as their positions are reached, and runs to the position with every breakpoint ignored.
What lay ahead of the new position is forgotten (snapshots and inputs): running on from there is a new
future, as in a rewinding debugger that records as it goes.
"""
import time

from emulator.errors import UserError

SNAPSHOT_SHARE = 0.01       # adaptive: a snapshot may cost about 1% of the host time between two


class Snapshot:
    def __init__(self, seq, position, state, page_kind):
        self.seq = seq
        self.position = position        # (instructions, cycles)
        self.state = state              # the target's snapshot: each device's save state
        self.page_kind = page_kind      # the page map without the debugger's watched pages


class Input:
    def __init__(self, seq, position, description, apply):
        self.seq = seq
        self.position = position
        self.description = description
        self.apply = apply


class History:
    def __init__(self, debugger, interval, keep, adaptive=True):
        self.debugger = debugger
        self.base_interval = self.interval = max(1, interval)
        self.keep = keep
        self.adaptive = adaptive            # stretch the interval when snapshots cost too much
        self._last_taken = None
        self.snapshots = []
        self.inputs = []
        self._seq = 0
        self.next_cycle = 0

    def _next_seq(self):
        self._seq += 1
        return self._seq

    # --- recording --------------------------------------------------------------------------------

    def take(self):
        dbg = self.debugger
        cpu, bus, target = dbg.cpu, dbg.bus, dbg.target
        started = time.perf_counter()
        snap = Snapshot(self._next_seq(), dbg.position(), target.snapshot(),
                        bytes(dbg.watch.original_kinds(bus.page_kind)))
        self.snapshots.append(snap)
        self._prune()
        finished = time.perf_counter()
        if self.adaptive and self._last_taken is not None:
            # Host time decides only how often snapshots are taken, never what the machine does.
            # Aim at SNAPSHOT_SHARE of the time between two; at most `keep` apart, since the one
            # kept before the horizon still covers the whole window.
            cost, between = finished - started, max(1e-6, started - self._last_taken)
            wanted = int(self.interval * cost / (SNAPSHOT_SHARE * between))
            self.interval = max(self.base_interval, min(self.keep, wanted))
        self._last_taken = finished
        self.next_cycle = cpu.cycles + self.interval
        return snap

    def _prune(self):
        horizon = self.debugger.cpu.cycles - self.keep
        # keep the newest snapshot at or before the horizon, so the whole window can be reached
        while len(self.snapshots) > 1 and self.snapshots[1].position[1] <= horizon:
            self.snapshots.pop(0)
        oldest = self.snapshots[0].seq
        self.inputs = [i for i in self.inputs if i.seq > oldest]

    def input(self, description, apply):
        """Apply an input now and log it for replay."""
        apply()
        self.inputs.append(Input(self._next_seq(), self.debugger.position(), description, apply))

    @property
    def earliest(self):
        return self.snapshots[0].position

    # --- going back -------------------------------------------------------------------------------

    def _restore(self, snap):
        dbg = self.debugger
        dbg.bus.page_kind[:] = snap.page_kind
        dbg.target.restore(snap.state)
        dbg.watch.reinstall(snap.page_kind)
        dbg.trim_trace(dbg.cpu.cycles)

    def _replay(self, snap, position=None, instructions=None, hits=None):
        """Restore `snap`, then run to `position` (or to an instruction count), applying the inputs
        logged after the snapshot on the way.  With `hits`, breakpoint and watchpoint hits are
        collected; otherwise they are ignored."""
        dbg = self.debugger
        self._restore(snap)
        honour = hits is not None
        end = position if position is not None else (instructions, 1 << 62)
        for event in self.inputs:
            if event.seq <= snap.seq or event.position > end:
                continue
            self._run_to(event.position, honour, hits)
            event.apply()
        if position is not None:
            self._run_to(position, honour, hits)
        else:
            dbg._advance(until_instructions=instructions, honour=honour, hits=hits, record=False)

    def _run_to(self, position, honour, hits):
        dbg = self.debugger
        instructions, cycles = position
        dbg._advance(until_instructions=instructions, honour=honour, hits=hits, record=False)
        if dbg.cpu.cycles < cycles:
            dbg._advance(until_cycles=cycles, honour=honour, hits=hits, record=False)
        if dbg.position() != position:
            raise RuntimeError(f"replay diverged: at {dbg.position()}, expected {position}")

    def _forget_after(self, position):
        self.snapshots = [s for s in self.snapshots if s.position <= position]
        self.inputs = [i for i in self.inputs if i.position <= position]
        self.next_cycle = self.snapshots[-1].position[1] + self.interval

    def _snapshot_before(self, position, seq=None):
        for snap in reversed(self.snapshots):
            if snap.position <= position and (seq is None or snap.seq < seq):
                return snap
        return None

    def rewind_to_instructions(self, instructions):
        snap = None
        for candidate in reversed(self.snapshots):
            if candidate.position[0] <= instructions:
                snap = candidate
                break
        if snap is None:
            raise UserError(f"cannot go back that far: the history starts at instruction "
                            f"{self.earliest[0]:,} (cycle {self.earliest[1]:,})")
        self._replay(snap, instructions=instructions)
        self._forget_after(self.debugger.position())

    def rewind_to(self, position):
        snap = self._snapshot_before(position)
        if snap is None:
            raise UserError("cannot go back that far: the position is older than the history")
        self._replay(snap, position=position)
        self._forget_after(position)

    def previous_hit(self):
        """Go back to the last breakpoint or watchpoint hit before the present; returns
        (position, message), or None (and the present is left as it was) if there is none."""
        dbg = self.debugger
        present = dbg.position()
        end = present
        for snap in reversed(list(self.snapshots)):
            if snap.position >= end:
                continue
            hits = []
            self._replay(snap, position=end, hits=hits)
            earlier = [h for h in hits if h[0] < present]
            if earlier:
                position, message = earlier[-1]
                self.rewind_to(position)
                return position, message
            end = snap.position
        self.rewind_to(present)
        return None
