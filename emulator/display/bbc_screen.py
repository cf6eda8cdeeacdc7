"""The BBC Micro's screen as a person sees it: pictures put together from kept character rows (or
drawn in spans when a register changed mid-field: bbc_raster.py), and the screen read back as text
(the pixels themselves are drawn by bbc_video.py).  The machine (emulator/machines/bbc.py) makes one
and tells it where in the MOS ROM the font is."""
import copy

import numpy as np

from emulator.chips.saa5050 import flash_visible
from emulator.display import bbc_video
from emulator.display.png import write_png


class BBCScreen:
    """What a person sees: the picture rendered from RAM and the 6845 / video ULA registers.

    Rendering is on demand, and a picture is made of character rows that are kept.  A row's pixels
    depend only on its own bytes, the display's settings (the CRTC registers other than the screen
    start and cursor address, the ULA's control and palette, C0/C1), where the cursor is in the row
    while it shows, and, for a teletext row with flashing text, the flash phase.  Rows are kept under
    those keys (for the rows of the last two pictures), so a picture whose rows all moved, as a
    hardware scroll moves them, is put together from kept rows and only new rows are drawn.  A
    teletext page with double height is drawn whole (a row there depends on the one above).
    Asking again for an unchanged picture returns the same (read-only) array.

    Which registers the picture is drawn from is the machine's video log's plan (bbc_raster.py): the
    registers as they are, or the field's own start address and cursor, or, when the ULA or the 6845
    was written while the field was being drawn, several states in spans (drawn afresh each time).
    """

    def __init__(self, bbc, font_offset, font_count):
        self.bbc = bbc
        self.font = bbc_video.font_table(bbc.mos_rom, count=font_count, offset=font_offset) \
            if bbc.mos_rom is not None else {}
        self._key = None
        self._ram = None
        self._frame = None
        self._settings = None
        self._rows = {}                 # row key -> row picture, for the rows of the last picture
        self._older_rows = {}           # ... and of the one before
        self.renders = 0                # whole pictures drawn
        self.row_renders = 0            # character rows drawn on their own
        self.span_renders = 0           # pictures drawn in spans of several states
        # The registers the picture in hand is drawn from: the chips themselves, or views of them.
        self._crtc, self._ula, self._c0c1 = bbc.crtc, bbc.ula, 0

    def _inputs(self):
        bbc = self.bbc
        crtc, ula = self._crtc, self._ula
        field = bbc.field_count
        phase = (crtc.cursor_visible(field), flash_visible(field) if ula.teletext else None)
        return (bytes(crtc.registers), ula.control, bytes(ula.palette), self._c0c1, phase)

    def _screen_bytes(self):
        """(ma, ram): the 6845 address of each displayed cell (rows, columns), and (rows, columns * 8)
        uint8, every RAM byte the picture can depend on, row by row: for each cell the 8 bytes from
        its first address (a bitmap cell's 8 lines; a teletext cell's byte and its neighbours,
        which is more than needed but never less)."""
        bbc = self.bbc
        crtc = self._crtc
        r = crtc.registers
        rows, columns = min(r[6], r[4] + 1), min(r[1], r[0] + 1)
        if rows <= 0 or columns <= 0:
            return np.zeros((0, 0), dtype=np.int64), np.zeros((0, 0), dtype=np.uint8)
        ma = (crtc.start_address + np.arange(rows)[:, None] * r[1] + np.arange(columns)[None, :]) & 0x3FFF
        teletext = 0x3C00 | (ma & 0x3FF) | ((ma & 0x800) << 3)
        bitmap = (ma & 0xFFF) << 3
        bitmap = np.where(ma & 0x1000, bitmap - bbc_video.wrap_size(self._c0c1), bitmap)
        first = np.where(ma & 0x2000, teletext, bitmap)
        addresses = (first[:, :, None] + np.arange(8)) & 0x7FFF
        return ma, np.frombuffer(bbc.bus.memory, dtype=np.uint8).take(addresses).reshape(rows, columns * 8)

    def rgb(self):
        """The picture of the current field: numpy uint8 (512, 640, 3), or (500, 480, 3) in MODE 7.

        Read-only: the same array comes back while nothing on the screen changes."""
        bbc = self.bbc
        plan = bbc.video_log.plan(bbc.cpu.cycles)
        if not plan.whole:
            return self._render_spans(plan)
        state = plan.states[0]
        if state is None:                   # the registers as they are
            self._crtc, self._ula, self._c0c1 = bbc.crtc, bbc.ula, bbc.latch_c0c1
        else:
            self._crtc, self._ula = state.views(bbc.crtc, bbc.ula)
            self._c0c1 = state.c0c1
        key = self._inputs()
        ma, ram = self._screen_bytes()
        if self._frame is not None and key == self._key and np.array_equal(ram, self._ram):
            return self._frame
        registers, control, palette, c0c1, (cursor_on, flash_on) = key
        teletext = self._ula.teletext
        # The settings every row depends on: all but the start (R12, R13) and cursor (R14, R15).
        # R10's blink mode is left out: whether the cursor shows is in the row keys.
        settings = (registers[:10] + bytes([registers[10] & 0x1F]) + registers[11:12] + registers[16:],
                    control, palette, c0c1)
        codes = ram[:, ::8] & 0x7F
        double_height = teletext and bool((codes == 0x0D).any())
        whole = len(ram) == 0 or bbc_video.displayed_rows(self._crtc) != len(ram)  # e.g. display off
        if settings != self._settings or double_height or whole:
            frame = self._render_whole(ram, ma, double_height)
        else:
            frame = self._assemble(ram, ma, codes, teletext)
        self._settings = settings
        frame.setflags(write=False)
        self._frame, self._key, self._ram = frame, key, ram
        return frame

    def _row_keys(self, ram, ma, codes, teletext):
        """The key of each row: its bytes, the cursor's column in it while the cursor shows (else
        -1), and in a teletext row with flashing text the flash phase."""
        bbc = self.bbc
        crtc = self._crtc
        field = bbc.field_count
        cursor_columns = np.full(len(ram), -1)
        if crtc.cursor_visible(field):
            rows, columns = np.nonzero(ma == crtc.cursor_address)
            cursor_columns[rows] = columns
        keys = []
        if teletext:
            flashing = (codes == 0x08).any(axis=1)
            phase = flash_visible(field)
            for row in range(len(ram)):
                keys.append((ram[row, ::8].tobytes(), int(cursor_columns[row]),
                             phase if flashing[row] else None))
        else:
            for row in range(len(ram)):
                keys.append((ram[row].tobytes(), int(cursor_columns[row]), None))
        return keys

    def _render_whole(self, ram, ma, double_height):
        bbc = self.bbc
        frame = bbc_video.render_frame(bbc.bus.memory, self._crtc, self._ula, self._c0c1, bbc.field_count)
        self.renders += 1
        self._older_rows = {}
        self._rows = {}
        if not double_height and len(ram) and bbc_video.displayed_rows(self._crtc) == len(ram):
            # Every row of a page without double height is a row picture to keep.
            height = frame.shape[0] // len(ram)
            teletext = self._ula.teletext
            keys = self._row_keys(ram, ma, ram[:, ::8] & 0x7F, teletext)
            for row, key in enumerate(keys):
                self._rows[key] = frame[row * height:(row + 1) * height]
        return frame

    def _assemble(self, ram, ma, codes, teletext):
        """The picture from kept rows, drawing only the rows not kept."""
        keys = self._row_keys(ram, ma, codes, teletext)
        rows, older = self._rows, self._older_rows
        kept = {}
        pictures = []
        for row, key in enumerate(keys):
            picture = kept.get(key)
            if picture is None:
                picture = rows.get(key)
            if picture is None:
                picture = older.get(key)
            if picture is None:
                picture = self._draw_row(row)
            kept[key] = picture
            pictures.append(picture)
        self._older_rows, self._rows = rows, kept
        return np.concatenate(pictures)

    def _draw_row(self, row):
        """Character row `row` drawn on its own, from a view of the 6845 that displays just it."""
        bbc = self.bbc
        crtc = self._crtc
        view = copy.copy(crtc)
        registers = list(crtc.registers)
        start = (crtc.start_address + row * registers[1]) & 0x3FFF
        registers[12], registers[13], registers[6] = start >> 8, start & 0xFF, 1
        view.registers = registers
        picture = bbc_video.render_frame(bbc.bus.memory, view, self._ula, self._c0c1, bbc.field_count)
        self.row_renders += 1
        return picture

    def _render_spans(self, plan):
        """A field drawn in spans: one picture of the whole field for each state, and each 2 MHz
        position of each scan line taken from its own state's picture (see bbc_raster.py).  A field
        with teletext in some states and not others is drawn in the bitmap MODEs' frame, teletext
        through bbc_video.render_teletext_scanlines."""
        bbc = self.bbc
        memory, field = bbc.bus.memory, bbc.field_count
        used = np.unique(plan.slots)
        views = {int(i): plan.states[i].views(bbc.crtc, bbc.ula) for i in used}
        all_teletext = all(ula.teletext for _, ula in views.values())
        pictures = {}
        for i, (crtc, ula) in views.items():
            c0c1 = plan.states[i].c0c1
            if ula.teletext and not all_teletext:
                pictures[i] = bbc_video.render_teletext_scanlines(memory, crtc, c0c1, field)
            else:
                pictures[i] = bbc_video.render_frame(memory, crtc, ula, c0c1, field)
        height = max(p.shape[0] for p in pictures.values())
        width = max(p.shape[1] for p in pictures.values())
        for i, picture in pictures.items():
            if picture.shape[:2] != (height, width):
                padded = np.zeros((height, width, 3), dtype=np.uint8)
                padded[:picture.shape[0], :picture.shape[1]] = picture
                pictures[i] = padded
        # Each picture line is half a scan line; each pixel is in some 2 MHz position of its line.
        lines, positions = plan.slots.shape
        line_of = np.minimum(np.arange(height) // 2, lines - 1)
        position_of = (np.arange(width) * positions) // width
        which = plan.slots[line_of[:, None], position_of[None, :]]
        if height // 2 > lines:                 # lines past the field's displayed ones: as now
            which[lines * 2:] = plan.slots[-1, -1]
        frame = pictures[int(which[0, 0])].copy()
        for i, picture in pictures.items():
            mask = which == i
            frame[mask] = picture[mask]
        frame.setflags(write=False)
        self.span_renders += 1
        self._frame = None                      # the next picture is not this one unchanged
        return frame

    def text(self):
        """Rows as a person reads them: MODE 7 through the SAA5050's character set; a bitmap MODE
        by matching each 8 x 8 cell against the MOS ROM's font at &C000 (a cell no character of that
        font matches reads as '?', every cell does when the MOS has no font there)."""
        bbc = self.bbc
        return bbc_video.screen_text(bbc.bus.memory, bbc.crtc, bbc.ula, bbc.latch_c0c1, self.font)

    def screenshot(self, path):
        write_png(path, np.ascontiguousarray(self.rgb()))
