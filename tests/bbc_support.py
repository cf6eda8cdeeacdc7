"""Helpers that several BBC Micro test modules share: a machine with the host filing card at the BASIC
prompt, star commands typed at it, the 6845 programmed as MOS 1.20 programs it for each MODE, and
whether our BBC firmware builds yet."""
from pathlib import Path

from emulator import Machine
from emulator.chips.crtc6845 import CRTC6845
from emulator.chips.video_ula import MOS_CONTROL, VideoULA

BBC_SOURCES = Path(__file__).resolve().parent.parent / "roms" / "src" / "bbc"


def boot(files, **options):
    m = Machine("bbc", files=files, **options)
    m.run_until_text(">", max_seconds=5)
    return m


def screen(m):
    return "\n".join(row.rstrip() for row in m.screen.text() if row.strip())


def command(m, text, settle=0.3):
    m.type(text + "\r")
    m.run_until_typed()
    m.run(settle)
    return screen(m)


# MOS 1.20's 6845 registers R0-R11 per MODE (Advanced User Guide, VDU tables at &C46E-&C4A9) and the
# start address R12/R13 = screen start / 8 (MODE 7: &2800, the teletext address of &7C00).
MOS_CRTC = {
    0: (127, 80, 98, 0x28, 38, 0, 32, 34, 0x01, 7, 0x67, 8),
    3: (127, 80, 98, 0x28, 30, 2, 25, 27, 0x01, 9, 0x67, 9),
    4: (63, 40, 49, 0x24, 38, 0, 32, 34, 0x01, 7, 0x67, 8),
    6: (63, 40, 49, 0x24, 30, 2, 25, 27, 0x01, 9, 0x67, 9),
    7: (63, 40, 51, 0x24, 30, 2, 25, 27, 0x93, 18, 0x72, 0x13),
}
MOS_CRTC[1] = MOS_CRTC[2] = MOS_CRTC[0]
MOS_CRTC[5] = MOS_CRTC[4]
SCREEN_START = {0: 0x3000, 1: 0x3000, 2: 0x3000, 3: 0x4000, 4: 0x5800, 5: 0x5800, 6: 0x6000}


def program(crtc, mode):
    """Write the registers the way the MOS does: address register, then data register."""
    for number, value in enumerate(MOS_CRTC[mode]):
        crtc.write(0xFE00, number)
        crtc.write(0xFE01, value)
    start = 0x2800 if mode == 7 else SCREEN_START[mode] // 8
    for number, value in ((12, start >> 8), (13, start & 0xFF)):
        crtc.write(0xFE00, number)
        crtc.write(0xFE01, value)


def mode_crtc(mode):
    crtc, ula = CRTC6845(), VideoULA()
    ula.listeners.append(lambda u: crtc.set_character_clock(u.crtc_clock_hz))
    ula.write(0xFE20, MOS_CONTROL[mode])
    program(crtc, mode)
    return crtc, ula


def missing_bbc_firmware():
    """Why our BBC firmware cannot run the listing yet (None once its MOS and BASIC build).  A
    firmware still being written (sources present but not assembling) skips with its first error;
    its own tests report that."""
    missing = [name for name in ("mos", "basic")
               if not (BBC_SOURCES / f"{name}.s").exists()
               and not (BBC_SOURCES / name / "main.s").exists()]
    if missing:
        return (f"our BBC firmware has no {' and no '.join(n.upper() for n in missing)} source yet "
                f"(roms/src/bbc/{missing[0]}/main.s)")
    from emulator.errors import UserError
    from emulator.firmware import rom_set
    try:
        rom_set("bbc")
    except UserError as e:
        return f"our BBC firmware does not build yet: {str(e).splitlines()[0]}"
    return None
