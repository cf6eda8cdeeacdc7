"""The differential harness: one program typed into the same emulated machine with Acorn's ROMs and
with ours, run to its end, and the two screens compared the way a person compares them.

A `Runner` is one booted machine with one ROM set, reused from program to program: before each
program it types NEW and clears the screen (Atom `PRINT $12`, BBC `MODE 7`, which also puts back the
VDU state), so a program starts from BASIC's prompt on an empty screen, as a person's would after
typing it in.  A program that never comes back to the prompt is stopped with ESCAPE; when even that
does not bring the prompt back the machine is booted afresh for the next program.

What is compared (`Screen`): the text a person reads, the cursor's position, and, where the screen
shows graphics, the picture:
  * Atom: the 6847's text; in a graphics mode the picture itself (the VDG is the same hardware
    whichever ROMs run).  The cursor is the one the kernel keeps at the documented #DE-#E0 (the
    row's address and the column, "Atomic Theory and Practice" ch. 25), where it is drawn.
  * BBC: the MODE 7 text (teletext graphics read as sextant characters) or, in the bitmap MODEs, each
    character cell matched against its own MOS's font (the two MOSes draw text with different
    fonts), and for every cell that is not text the colours of its pixels; the 6845's cursor.
"""
import difflib
import hashlib
import math
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

from emulator import Machine
from emulator.display import bbc_video
from emulator.session import Halted, Timeout

ACORN, OURS = "acorn", "ours"

# Key timing: none of our own.  The machine hands each key over as its firmware takes it
# (emulator/machines/typist.py), whichever ROMs it runs.  The BBC boots with CAPS LOCK turned off
# (the listings' README), and letters follow the CAPS LOCK light.
TIMING = {(machine, side): {} for machine in ("atom", "bbc") for side in (ACORN, OURS)}
SEED = 1                        # the power-on RAM pattern (issue 18): runs repeat exactly
STEP = 0.05                     # emulated seconds between looks at the screen
BOOT_SECONDS = 5.0
LINE_SECONDS = 10.0             # to store one typed line and show the prompt again
SETTLED = 0.5                   # the prompt is back and the screen still for this long: finished
SETTLED_ELSEWHERE = 3.0         # ... when the prompt is not on the last row with text
WAITING_WITH_PROMPT = 0.4       # a program waits for a key: still this long after a "?" ...
WAITING = 5.0                   # ... or this long whatever the screen shows (GET, INKEY loops)
ATOM_CURSOR_ROW, ATOM_CURSOR_COLUMN = 0xDE, 0xE0
ATOM_VIDEO, ATOM_ROW_BYTES = 0x8000, 32
ATOM_PICTURE = (192, 256, 3)    # the 6847's active picture (emulator/display/screen.py)


@dataclass
class Screen:
    """What a person sees at one moment."""
    rows: list                  # the text, trailing spaces and trailing blank rows dropped
    cursor: tuple = None        # (row, column), or None when no cursor shows
    mode: str = "text"          # "text", or the graphics mode whose picture is compared
    picture: bytes = b""        # the picture's comparable form (empty in text modes)
    picture_cells: dict = field(default_factory=dict)   # BBC bitmap MODEs: (row, col) -> colours

    def lines(self):
        """The screen as the lines a diff shows: the rows, then the cursor and the picture."""
        out = list(self.rows)
        out.append(f"[cursor {'off' if self.cursor is None else 'row %d column %d' % self.cursor}]")
        if self.mode != "text":
            out.append(f"[{self.mode}: picture {hashlib.sha1(self.picture).hexdigest()[:12]}]")
        return out

    def same_as(self, other):
        return (self.rows == other.rows and self.cursor == other.cursor and self.mode == other.mode
                and self.picture == other.picture)


@dataclass
class Result:
    """A program's run: the screen before each key it was given, and at the end."""
    before_keys: list
    final: Screen
    finished: bool              # the prompt came back (False: stopped with ESCAPE at the time limit)

    def screens(self):
        return list(self.before_keys) + [self.final]


def new_machine(name, roms):
    """A machine of `name` with the ROM set `roms` (None: ours).  A BBC ROM directory is fitted as
    its MOS and BASIC only: the set the reference listings' screens were recorded with (no DFS, so
    PAGE is &E00)."""
    if name == "bbc" and isinstance(roms, (str, Path)):
        roms = {part: (Path(roms) / f"{part}.rom").read_bytes() for part in ("mos", "basic")}
    return Machine(name, roms=roms, seed=SEED)


# --- reading the screen --------------------------------------------------------------------------

def _trim(rows):
    rows = [r.rstrip() for r in rows]
    while rows and not rows[-1]:
        rows.pop()
    return rows


def _bbc_cursor(hw):
    crtc = hw.crtc
    if crtc.cursor_skew == 3 or crtc.cursor_blink_mode == 1:
        return None
    r = crtc.registers
    rows, columns = min(r[6], r[4] + 1), min(r[1], r[0] + 1)
    if r[1] == 0:
        return None
    row, column = divmod((crtc.cursor_address - crtc.start_address) & 0x3FFF, r[1])
    if row >= rows or column >= columns:
        return None
    return (row, column)


def _bbc_cells(hw, rows):
    """The colours of each bitmap cell that does not read as text (the graphics on the screen)."""
    colours = bbc_video.physical_colours(hw.bus.memory, hw.crtc, hw.ula, hw.latch_c0c1)
    n_rows = len(bbc_video.bitmap_cells(hw.bus.memory, hw.crtc, hw.ula, hw.latch_c0c1))
    if colours.size == 0 or n_rows == 0:
        return {}
    lines = hw.crtc.registers[9] + 1
    width = colours.shape[1] // 8
    cells = {}
    for r in range(n_rows):
        text = rows[r] if r < len(rows) else ""
        for c in range(width):
            if c < len(text) and text[c] != "?":
                continue
            block = colours[r * lines:(r + 1) * lines, c * 8:(c + 1) * 8]
            if c >= len(text) and not block.any():
                continue                            # a blank cell past the row's text
            cells[(r, c)] = block.tobytes()
    return cells


def read_screen(m):
    """The Screen of machine `m` now."""
    hw = m.hardware
    if m.name == "atom":
        if hw.vdg.ag:
            picture = np.ascontiguousarray(m.screen.rgb()).tobytes()
            return Screen([], None, f"graphics mode {hw.vdg.mode_name}", picture)
        return Screen(_trim(m.screen.text()), cursor(m))
    rows = _trim(m.screen.text())
    if hw.ula.teletext:
        return Screen(rows, cursor(m))
    cells = _bbc_cells(hw, rows)
    picture = b"".join(repr(k).encode() + v for k, v in sorted(cells.items()))
    return Screen(rows, cursor(m), "bitmap" if cells else "text", picture if cells else b"", cells)


def _fingerprint(m):
    """Cheap: changes whenever what the screen shows can have changed."""
    hw = m.hardware
    memory = hw.bus.memory
    if m.name == "atom":
        return bytes(memory[0x8000:0x9800]) + bytes([hw.vdg.ag, hw.vdg.gm, memory[0xE0], memory[0xDE],
                                                     memory[0xDF]])
    # the screen memory only (BASIC's stack sits just below it); the ULA's bit 0 is left out: the
    # MOS flashes the flashing colours with it
    base = 0x7C00 if hw.ula.teletext else 0x8000 - bbc_video.wrap_size(hw.latch_c0c1)
    return bytes(memory[base:0x8000]) + bytes(hw.crtc.registers[:16]) + bytes([hw.ula.control & 0xFE])


def last_row(m):
    rows = [r for r in m.screen.text() if r.strip()]
    return rows[-1].rstrip() if rows else ""


def cursor(m):
    """(row, column) of the cursor a person sees, or None."""
    if m.name == "atom":
        if m.hardware.vdg.ag:
            return None
        row, column = divmod(m.memory.word(ATOM_CURSOR_ROW) - ATOM_VIDEO, ATOM_ROW_BYTES)
        return (row, m.memory[ATOM_CURSOR_COLUMN]) if 0 <= row < 16 else None
    return _bbc_cursor(m.hardware)


def prompt_at_cursor(m):
    """The character just left of the cursor is the prompt (it can sit mid-screen, or above a
    picture)."""
    where = cursor(m)
    if where is None:
        return False
    row, column = where
    rows = m.screen.text()
    return 0 < column and row < len(rows) and rows[row][column - 1:column] == ">"


def at_prompt(m):
    return last_row(m).strip() == ">" or prompt_at_cursor(m)


# --- one machine, many programs -------------------------------------------------------------------

class NoPrompt(Exception):
    pass


class Runner:
    """One machine with one ROM set (`side` ACORN with `roms`, or OURS), reused between programs."""

    def __init__(self, name, side, roms=None):
        self.name, self.side, self.roms = name, side, roms if side == ACORN else None
        self.timing = TIMING[(name, side)]
        self.m = None
        self.boot()

    def boot(self):
        self.m = new_machine(self.name, self.roms)
        self._wait_prompt(BOOT_SECONDS, "start-up")
        if self.name == "bbc":                      # CAPS LOCK off (the listings' README)
            self.m.press("CAPS LOCK")
            self.m.run(0.1)
            self.m.release("CAPS LOCK")
            self.m.run(0.1)
        self.fresh = True

    def _wait_prompt(self, seconds, what):
        m = self.m
        if not m.run_until(lambda: at_prompt(m), seconds, every=0.01):
            raise NoPrompt(f"{self.name} ({self.side}'s ROMs), {what}: no prompt within "
                           f"{seconds:g} s; the screen ends {last_row(m)!r}")

    def type_line(self, text):
        """Type one line at the prompt and wait for the prompt to be back."""
        self.m.type(text + "\r", **self.timing)
        self.m.run_until_typed(max_seconds=LINE_SECONDS + len(text))
        self._wait_prompt(LINE_SECONDS, f"after typing {text!r}")

    # typed before RUN: the screen cleared and the print format put back (both outlive NEW)
    CLEAR = {"atom": "@=8;PRINT $12", "bbc": "@%=&90A:MODE 7"}

    def run(self, lines, keys=(), max_seconds=60.0, fresh=False, type_ahead=False):
        """Type `lines` (the program, each at the prompt), clear the screen, RUN it and run it to its
        end, typing each of `keys` when the program waits for it.  `fresh`: on a machine just
        booted, else after NEW.  Returns a Result."""
        if fresh and not self.fresh:
            self.boot()
        try:
            if not self.fresh:
                self.type_line("NEW")
            self.fresh = False
            for line in lines:
                self.type_line(line)
            self.type_line(self.CLEAR[self.name])
        except NoPrompt:
            self.boot()
            raise
        m = self.m
        m.type("RUN\r", **self.timing)
        if type_ahead:
            m.type("".join(keys), **self.timing)
            keys = ()
        m.run_until_typed(max_seconds=LINE_SECONDS)
        return self._run_to_end(list(keys), max_seconds)

    def _run_to_end(self, keys, max_seconds):
        m = self.m
        start = m.seconds
        before = []
        still_since, last = m.seconds, None

        def judge():
            """True once the screen has been still long enough to judge, or the time is up."""
            nonlocal still_since, last
            now = _fingerprint(m)
            if now != last:
                still_since, last = m.seconds, now
            return m.seconds - still_since >= min(WAITING_WITH_PROMPT, SETTLED) or m.seconds - start > max_seconds

        while True:
            try:
                m.run(STEP)                 # the first look a step from now
                m.run_until(judge, math.inf, every=STEP)
            except Halted:                  # the CPU met a JAM opcode: the screen stays as it is
                final = read_screen(m)
                self.boot()
                return Result(before, final, False)
            still = m.seconds - still_since
            tail = last_row(m)
            if keys:
                if (still >= WAITING_WITH_PROMPT and tail.endswith("?")) or still >= WAITING:
                    before.append(read_screen(m))
                    m.type(keys.pop(0), **self.timing)
                    try:
                        m.run_until_typed(max_seconds=LINE_SECONDS)
                    except (Halted, Timeout):   # a JAM while the key goes in, or a program
                        final = read_screen(m)      # that no longer reads the keyboard: as above
                        self.boot()
                        return Result(before, final, False)
                    still_since, last = m.seconds, None
                    continue
            elif (tail.endswith(">") and still >= SETTLED) or (still >= SETTLED_ELSEWHERE
                                                                and prompt_at_cursor(m)):
                return Result(before, read_screen(m), True)
            if m.seconds - start > max_seconds:
                final = read_screen(m)
                self._stop()
                return Result(before, final, False)

    def _stop(self):
        """ESCAPE a program that did not finish; a fresh machine if that does not help."""
        m = self.m
        m.type("\x1b", **{k: v for k, v in self.timing.items() if k != "caps_lock"})
        try:
            m.run_until_typed(max_seconds=LINE_SECONDS)
            self._wait_prompt(2.0, "after ESCAPE")
        except (NoPrompt, Timeout):     # no prompt, or the program never reads the keyboard
            self.boot()


# --- comparing -----------------------------------------------------------------------------------

def compare(name, acorn, ours):
    """None when the two Results look the same to a person, else the unified diff of the screens
    (each screen before a key, then the end), named by the program."""
    a_screens, o_screens = acorn.screens(), ours.screens()
    if len(a_screens) == len(o_screens) and all(a.same_as(o) for a, o in zip(a_screens, o_screens)):
        if acorn.finished == ours.finished:
            return None
    return diff_text(name, acorn, ours)


def screens_text(result):
    lines = []
    for i, screen in enumerate(result.before_keys):
        lines.append(f"[screen before key {i + 1}]")
        lines.extend(screen.lines())
    if result.before_keys:
        lines.append("[screen at the end]")
    lines.extend(result.final.lines())
    if not result.finished:
        lines.append("[did not finish: stopped with ESCAPE]")
    return lines


def picture_difference(a, o):
    """Where two pictures of the same mode differ, in words (None: they do not)."""
    if a.mode != o.mode or a.mode == "text" or a.picture == o.picture:
        return None
    if a.picture_cells or o.picture_cells:             # BBC bitmap MODEs: cells not read as text
        cells = [k for k in set(a.picture_cells) | set(o.picture_cells)
                 if a.picture_cells.get(k) != o.picture_cells.get(k)]
        rows, columns = [r for r, _ in cells], [c for _, c in cells]
        return (f"[the picture differs in {len(cells)} cells: rows {min(rows)}-{max(rows)}, "
                f"columns {min(columns)}-{max(columns)}]")
    if len(a.picture) != len(o.picture):
        return "[the pictures differ in size]"
    pa = np.frombuffer(a.picture, dtype=np.uint8).reshape(ATOM_PICTURE)
    po = np.frombuffer(o.picture, dtype=np.uint8).reshape(ATOM_PICTURE)
    ys, xs = np.nonzero((pa != po).any(axis=2))
    return (f"[the picture differs in {len(ys)} pixels: lines {ys.min()}-{ys.max()}, "
            f"dots {xs.min()}-{xs.max()}]")


def diff_text(name, acorn, ours):
    lines = list(difflib.unified_diff(screens_text(acorn), screens_text(ours),
                                      f"{name} (Acorn's ROMs)", f"{name} (our ROMs)", lineterm=""))
    for i, (a, o) in enumerate(zip(acorn.screens(), ours.screens())):
        where = picture_difference(a, o)
        if where:
            lines.append(f"{where} (screen {i + 1})")
    return "\n".join(lines)


class Pair:
    """The two machines of one kind, Acorn's ROMs and ours, booted once and reused."""

    def __init__(self, name, acorn_roms):
        self.name = name
        self.acorn = Runner(name, ACORN, acorn_roms)
        self.ours = Runner(name, OURS)

    def run(self, program):
        """(Acorn's Result, our Result, the diff or None) for a corpus Program."""
        results = []
        for runner in (self.acorn, self.ours):
            results.append(runner.run(program.lines, program.keys, program.max_seconds,
                                      fresh=program.fresh, type_ahead=program.type_ahead))
        return results[0], results[1], compare(program.name, *results)
