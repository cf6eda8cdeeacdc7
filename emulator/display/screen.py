"""What a person sees on a 6847 screen: the picture (numpy RGB) and the text they would read.

`Screen` renders on demand from the chip's mode lines and the machine's video memory, so a headless
machine spends nothing on video until someone looks.
"""
from emulator.chips.glyphs6847 import CODE_CHARS
from emulator.display.png import write_png

# Unicode "sextant" blocks (Symbols for Legacy Computing, U+1FB00-U+1FB3B) number the six cells
# 1 top left, 2 top right, 3 middle left, ... 6 bottom right, skipping the patterns that already
# exist as half and full blocks.
_SEXTANT_SPECIAL = {0: " ", 21: "\u258c", 42: "\u2590", 63: "\u2588"}


def _sextant(value):
    if value in _SEXTANT_SPECIAL:
        return _SEXTANT_SPECIAL[value]
    return chr(0x1FB00 + value - 1 - (value > 21) - (value > 42))


def text_table(as_bit=6, inv_bit=7):
    """256 strings: the character a person reads for each video byte in the alphanumeric mode.

    Inverse capitals and @ [ \\ ] ^ read as lower case and ` { | } ~ (how Atom firmware shows them:
    "Atomic Theory and Practice" ch. 18); semigraphic cells read as Unicode block characters.
    """
    table = []
    for byte in range(256):
        if byte >> as_bit & 1:
            elements = byte & 0x3F          # D5 top left ... D0 bottom right
            value = sum(1 << k for k in range(6) if elements >> (5 - k) & 1)
            table.append(_sextant(value))
            continue
        char = CODE_CHARS[byte & 0x3F]
        if byte >> inv_bit & 1 and (byte & 0x3F) < 0x1F:
            char = chr(ord(char) + 0x20)
        table.append(char)
    return table


class Screen:
    def __init__(self, vdg, video_memory):
        self.vdg = vdg
        self.video_memory = video_memory        # callable -> bytes-like from the VDG's first address
        self._text = text_table(vdg.as_bit, vdg.inv_bit)

    @property
    def columns(self):
        return 32

    def text(self):
        """The rows a person reads (trailing spaces removed); [] in a graphics mode."""
        if self.vdg.ag:
            return []
        data = bytes(self.video_memory()[:512])
        table = self._text
        line = "".join(table[b] for b in data)
        return [line[i:i + 32].rstrip() for i in range(0, 512, 32)]

    def rgb(self):
        """The active picture, numpy uint8 (192, 256, 3)."""
        return self.vdg.render(self.video_memory())

    def screenshot(self, path):
        write_png(path, self.rgb())
