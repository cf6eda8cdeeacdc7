"""What our BBC MOS leaves in RAM at power-on, seen through RND: MOS 1.20 keeps the language's zero
page as the RAM powered up (measured with different power-on patterns, docs/bbc_mos.md "Reset"), so
BASIC II's RND, seeded at &0D-&11, starts differently at each power-on; ours does the same, and our
BASIC's RND starts from its own state there.  BREAK keeps it.  Beyond the zero page, the bytes MOS 1.20
leaves as they powered up (the first of each page from &0400, &037F, the keyboard buffer) are left
so by ours too."""
from emulator import Machine
from emulator.basic.listing import BOOT_SECONDS, wait_for_prompt
from emulator.firmware import rom_set


def _powered_on(roms, seed):
    machine = Machine("bbc", roms=roms, seed=seed)
    wait_for_prompt(machine, BOOT_SECONDS, "start-up")
    return machine


# What both MOSes leave as the RAM powered up (measured on MOS 1.20 with two patterns): &037F-&03FF
# (the cassette workspace, which programs such as Elite use, and the keyboard buffer) and the first
# byte of most pages from &0500, &0800 included.  (MOS 1.20 sets &03D1, the cassette system's
# inter-block gap, to 25, and &03FF to &CA.)
KEPT = [a for a in range(0x037F, 0x03FF) if a != 0x03D1] + [*(page << 8 for page in range(0x05, 0x7C) if page not in (
    0x0B, 0x0D, 0x0E))]
CLEARED = [0x0236 + 0x70, 0x0300 + 0x70, *((page << 8) + 1 for page in range(0x0F, 0x7C))]


def test_power_on_keeps_the_bytes_mos_1_20_keeps(acorn_bbc_roms):
    basic_ii = (acorn_bbc_roms / "basic.rom").read_bytes()
    for mos in ((acorn_bbc_roms / "mos.rom").read_bytes(), rom_set("bbc")["mos"]):
        rams = [_powered_on({"mos": mos, "basic": basic_ii}, seed).memory for seed in (1, 2, 3)]
        assert [a for a in KEPT if len({ram[a] for ram in rams}) == 1] == []
        assert [a for a in CLEARED if any(ram[a] for ram in rams)] == []
        assert {ram[0x0D00] for ram in rams} == {0x40}    # RTI: NMIs do nothing


def rnd_after(roms, seed, break_first=False):
    """What `PRINT RND,RND` prints on a BBC Micro powered up with pattern `seed` (after a BREAK)."""
    machine = _powered_on(roms, seed)
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


def _soft_key_pages(roms):
    """Page &0B (the soft keys) at power-on, after some *KEY commands, after *FX18 and after
    CTRL-BREAK (BASIC II on the MOS of `roms`)."""
    machine = _powered_on(roms, 1)
    pages = [machine.memory[0x0B00:0x0C00]]
    for command in ("*KEY 0 ABC", "*KEY 2 XY|M", "*KEY 0 Q", "*FX18", "*KEY 5 HELLO"):
        machine.type(command + "\r")
        machine.run_until_typed(max_seconds=5)
        wait_for_prompt(machine, 2, command)
        pages.append(machine.memory[0x0B00:0x0C00])
    machine.press("CTRL")
    machine.break_key()
    wait_for_prompt(machine, BOOT_SECONDS, "CTRL-BREAK")
    machine.release("CTRL")
    pages.append(machine.memory[0x0B00:0x0C00])
    return pages


def test_soft_keys_are_kept_in_page_b_as_on_mos_1_20(acorn_bbc_roms):
    basic_ii = (acorn_bbc_roms / "basic.rom").read_bytes()
    theirs = _soft_key_pages({"mos": (acorn_bbc_roms / "mos.rom").read_bytes(), "basic": basic_ii})
    ours = _soft_key_pages({"mos": rom_set("bbc")["mos"], "basic": basic_ii})
    assert [page.hex() for page in ours] == [page.hex() for page in theirs]
