"""Raster-accurate BBC video: the field's register writes with their cycles, and the plan of a picture.

The 6845 and the video ULA are read by the renderer once per picture, not per cycle (ARCHITECTURE.md,
principle 3).  What makes a picture raster-accurate is this log: every write to a 6845 register, to
the ULA's control register or palette, and every change of the screen size C0/C1 (IC32), with the
CPU cycle it happened on, since the start of the field (the 6845's first displayed line, where the
machine's field event falls).  From it, `VideoLog.plan` says how the picture of the field is drawn:

  * nothing written while the field was on the screen: one state throughout, the registers as they
    are now (the common case, drawn as before, kept rows and all);
  * only the start address (R12/R13) and the cursor (R10, R11, R14, R15) written: still one state.
    The 6845 loads the start address at the start of each frame (HD6845S / MC6845 data sheets: the
    start address register is read when the frame begins), so the field keeps the one it began with;
    the cursor is the one in force when the beam passed the cursor's row (a MOS moves it all the time);
  * anything else written while the field was displayed (a ULA control or palette change, another
    6845 register, C0/C1): the field is drawn in spans, each from the state in force when the beam
    drew it, to the 2 MHz cycle (half a character at 1 MHz): one picture per distinct state, and each
    position of each scan line taken from the picture of its state.  Lines the beam has not reached
    yet are drawn from the registers as they are now.

A write's position on the screen: the beam is at (cycle - field start) cycles into the field, so on
line (that // cycles per line), x cycles into it; the picture changes from 2 MHz position
x + WRITE_DELAY_CYCLES of the line (the 6845 puts out character c's address at positions 2c and
2c + 1 at 1 MHz; a write is done at the end of its cycle).  The value is hoglet's test page T8 run
under Acorn's MOS 1.20 as the reference render shows it: its first write of each scan line switches
the teletext bit from half a character into character 8.  It is a calibration, not yet derived from
the 6845's and the ULA's pipelines: it was 1 while the CPU took interrupts at instruction boundaries,
3 with the bus-cycle exact core, and is -3 since the ADC's end-of-conversion interrupts run under
MOS 1.20 (T8's loop is timed from an interrupt, so everything before it moves the writes).
"""
import copy

import numpy as np

CONTROL, PALETTE, LATCH = 16, 17, 18            # log entry kinds besides 6845 registers 0-15
START_REGISTERS = frozenset((12, 13))
CURSOR_REGISTERS = frozenset((10, 11, 14, 15))
WHOLE_FIELD_REGISTERS = START_REGISTERS | CURSOR_REGISTERS
WRITE_DELAY_CYCLES = -3
CURSOR_OFF = 0x20                               # R10 blink mode 1: no cursor


class VideoState:
    """The registers a picture is drawn from: the 6845's R0-R17, the ULA's control and palette, C0/C1."""
    __slots__ = ("registers", "control", "palette", "c0c1")

    def __init__(self, registers, control, palette, c0c1):
        self.registers = list(registers)
        self.control = control
        self.palette = bytearray(palette)
        self.c0c1 = c0c1

    def copy(self):
        return VideoState(self.registers, self.control, self.palette, self.c0c1)

    def apply(self, kind, value):
        if kind < 16:
            self.registers[kind] = value
        elif kind == CONTROL:
            self.control = value
        elif kind == PALETTE:
            self.palette[value >> 4] = value & 0x0F
        else:
            self.c0c1 = value

    def key(self):
        return bytes(self.registers), self.control, bytes(self.palette), self.c0c1

    def views(self, crtc, ula):
        """A 6845 and a ULA holding these registers (copies of `crtc` and `ula`; the chips are untouched)."""
        crtc_view = copy.copy(crtc)
        crtc_view.registers = list(self.registers)
        crtc_view.character_clock_hz = 2_000_000 if self.control & 0x10 else 1_000_000
        ula_view = copy.copy(ula)
        ula_view.control = self.control
        ula_view.palette = bytearray(self.palette)
        ula_view.listeners = []
        return crtc_view, ula_view


class Plan:
    """How a field's picture is drawn.  `states` is one state (the whole field; None for the registers
    as they are) or several; with
    several, `slots` (lines, slots per line) gives each 2 MHz position of each displayed scan line
    the index of its state, and `slots_per_line` the positions of a line."""
    __slots__ = ("states", "slots")

    def __init__(self, states, slots=None):
        self.states = states
        self.slots = slots

    @property
    def whole(self):
        return len(self.states) == 1


class VideoLog:
    """The register writes of the current field, with their cycles (see the module docstring).

    The 6845 and the ULA put their writes in the lists this log gives them (their `write_log`), the
    machine reports C0/C1 changes to `latch_changed` and calls `start_field` at each field's first
    line."""

    def __init__(self, crtc, ula, c0c1=lambda: 0):
        self.crtc = crtc
        self.ula = ula
        self.c0c1 = c0c1
        self.field_start = None         # no field begun yet: pictures are drawn from the registers
        self.timing = None
        self.start_state = None
        self.crtc_writes = crtc.write_log = []      # (cycle, register 0-15, value)
        self.ula_writes = ula.write_log = []        # (cycle, 0 control / 1 palette, value)
        self.latch_writes = []                      # (cycle, LATCH, C0 | C1 << 1)

    def latch_changed(self, cycle, c0c1):
        self.latch_writes.append((cycle, LATCH, c0c1))

    @property
    def writes(self):
        """This field's writes so far, as (cycle, kind, value): kind a 6845 register, CONTROL,
        PALETTE or LATCH."""
        return (self.crtc_writes + [(cycle, CONTROL + register, value)
                                    for cycle, register, value in self.ula_writes]
                + self.latch_writes)

    def current_state(self):
        return VideoState(self.crtc.registers, self.ula.control, self.ula.palette, self.c0c1())

    def no_field(self):
        """The 6845 holds no sane frame: nothing to draw in spans, nothing to keep."""
        self.field_start = None
        del self.crtc_writes[:], self.ula_writes[:], self.latch_writes[:]

    def start_field(self, cycle, timing):
        self.field_start = cycle
        self.timing = timing
        self.start_state = self.current_state()
        del self.crtc_writes[:], self.ula_writes[:], self.latch_writes[:]

    # --- planning ----------------------------------------------------------------------------------

    def displayed_lines(self, state=None):
        r = (state or self.start_state).registers
        return min(r[6], r[4] + 1) * self.timing.lines_per_row

    def plan(self, now):
        """The Plan of the current field's picture, as of cycle `now`."""
        if self.field_start is None or not (self.crtc_writes or self.ula_writes or self.latch_writes):
            return Plan([None])
        timing = self.timing
        line_cycles = timing.cycles_per_line
        end = min(now, self.field_start + self.displayed_lines() * line_cycles)
        shown = sorted((w for w in self.writes if w[0] < end), key=lambda w: w[0])
        if not shown:
            return Plan([None])
        if all(kind in WHOLE_FIELD_REGISTERS for _, kind, _ in shown):
            return Plan([self._whole_field_state(shown)])
        return self._spans(shown, now)

    def _whole_field_state(self, shown):
        """The one state of a field where only the start address and the cursor were written."""
        state = self.current_state()
        start = self.start_state.registers
        if any(kind in START_REGISTERS for _, kind, _ in shown):
            state.registers[12], state.registers[13] = start[12], start[13]
        if any(kind in CURSOR_REGISTERS for _, kind, _ in shown):
            cursor = self._cursor_in_force(shown, state)
            for register in CURSOR_REGISTERS:
                state.registers[register] = cursor[register]
        return state

    def _cursor_in_force(self, shown, state):
        """The cursor registers the beam met at the cursor's own cell: of each cursor the field had
        (the one it began with and each written), the last whose cell was drawn while it stood; none
        (R10 set to no cursor) when the beam passed none of them."""
        r = state.registers
        timing = self.timing
        width = max(1, r[1])
        start_ma = (r[12] << 8) | r[13]
        candidates = [(self.field_start, list(self.start_state.registers))]
        registers = list(self.start_state.registers)
        for cycle, kind, value in shown:
            if kind in CURSOR_REGISTERS:
                registers[kind] = value
                candidates.append((cycle, list(registers)))
        chosen = None
        for i, (since, cursor) in enumerate(candidates):
            until = candidates[i + 1][0] if i + 1 < len(candidates) else None
            offset = ((((cursor[14] << 8) | cursor[15]) - start_ma) & 0x3FFF)
            row, column = divmod(offset, width)
            if row >= min(r[6], r[4] + 1) or column >= min(r[1], r[0] + 1):
                continue
            line = row * timing.lines_per_row + min(cursor[10] & 0x1F, timing.lines_per_row - 1)
            when = self.field_start + line * timing.cycles_per_line + column * timing.cycles_per_char
            if since <= when and (until is None or when < until):
                chosen = cursor
        if chosen is None:
            chosen = list(r)
            chosen[10] = (chosen[10] & 0x1F) | CURSOR_OFF
        return chosen

    def _spans(self, shown, now):
        """A Plan of several states: the field's first and one after each write shown, each with the
        start address the field began with."""
        timing = self.timing
        line_cycles, char_cycles = timing.cycles_per_line, timing.cycles_per_char
        r = self.start_state.registers
        slots_per_line = max(1, min(r[1], r[0] + 1)) * char_cycles
        lines = max(1, self.displayed_lines())
        start = self.start_state
        state = start.copy()
        states, keys, changes, indices = [state], {state.key(): 0}, [], []
        for cycle, kind, value in shown:
            state = state.copy()
            state.apply(kind, value)
            state.registers[12], state.registers[13] = start.registers[12], start.registers[13]
            line, x = divmod(cycle - self.field_start, line_cycles)
            slot = max(0, x + WRITE_DELAY_CYCLES)
            if slot >= slots_per_line:
                line, slot = line + 1, 0
            index = keys.get(state.key())
            if index is None:
                index = keys[state.key()] = len(states)
                states.append(state)
            changes.append(line * slots_per_line + slot)
            indices.append(index)
        positions = np.arange(lines * slots_per_line)
        which = np.searchsorted(np.array(changes), positions, side="right")     # 0: the start state
        order = np.array([0] + indices)
        slots = order[which].reshape(lines, slots_per_line)
        return Plan(states, slots)
