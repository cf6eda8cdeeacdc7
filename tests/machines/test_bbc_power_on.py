"""What our BBC MOS leaves in RAM at power-on, seen through RND: MOS 1.20 keeps the language's zero
page as the RAM powered up (measured with different power-on patterns, docs/bbc_mos.md "Reset"), so
BASIC II's RND, seeded at &0D-&11, starts differently at each power-on; ours does the same, and our
BASIC's RND starts from its own state there.  BREAK keeps it."""
from emulator import Machine
from emulator.basic.listing import BOOT_SECONDS, wait_for_prompt
from emulator.firmware import rom_set


def rnd_after(roms, seed, break_first=False):
    """What `PRINT RND,RND` prints on a BBC Micro powered up with pattern `seed` (after a BREAK)."""
    machine = Machine("bbc", roms=roms, seed=seed)
    wait_for_prompt(machine, BOOT_SECONDS, "start-up")
    if break_first:
        machine.break_key()
        machine.run(1.0)                    # the MOS and BASIC start again
    machine.type("PRINT RND,RND\r")
    machine.run_until_typed(max_seconds=10)
    wait_for_prompt(machine, 2, "PRINT RND,RND")
    rows = [row.rstrip() for row in machine.screen.text() if row.strip()]
    return rows[rows.index(">PRINT RND,RND") + 1]


def test_basic_ii_on_our_mos_starts_rnd_as_on_mos_1_20(acorn_bbc_roms):
    basic_ii = (acorn_bbc_roms / "basic.rom").read_bytes()
    theirs = {"mos": (acorn_bbc_roms / "mos.rom").read_bytes(), "basic": basic_ii}
    ours = {"mos": rom_set("bbc")["mos"], "basic": basic_ii}
    firsts = [rnd_after(ours, seed) for seed in (1, 2)]
    assert firsts == [rnd_after(theirs, seed) for seed in (1, 2)]
    assert firsts[0] != firsts[1]


def test_our_basic_starts_rnd_from_power_on_ram_and_break_keeps_it():
    first = rnd_after(None, 1)
    assert rnd_after(None, 1) == first and rnd_after(None, 2) != first
    assert rnd_after(None, 1, break_first=True) == first
