"""The DFS commands that copy, move and remove many files (*BACKUP, *COPY, *COMPACT, *WIPE, *DESTROY,
*ENABLE), OSGBPB 5-8, *HELP, the "Syntax:" errors and Escape during a long transfer: each runs under
both DFSs (the dfs_roms fixture: our own firmware, and Acorn's MOS 1.20 + DFS 1.20 + BASIC II when the
reference folder is given) on discs each test builds from its own bytes.  The expected screens are
what Acorn's DFS 1.20 prints (recorded by running it); what the commands leave on the discs is read
back with the project's own .ssd reader."""
import re

import pytest

from emulator import Machine
from emulator.media.dfs_disc import DFSDisc, build_ssd
from disc_support import enter, last_row

FILES = [("$", "ZED", 0x1900, 0x8023, b"1"), ("B", "ALPHA", 0x3000, 0x3100, b"2" * 300),
         ("$", "MID", 0xFF2000, 0xFF2000, b"3", True), ("A", "ZZ", 0, 0, b"4"),
         ("$", "ABC", 0, 0, bytes(range(256)) * 2 + b"5")]
PROMPT = re.compile(r"(\(Y/N\) \?|hit a key|  :)( [YN])?$")   # a row that waits for a key


def disc(path, files=FILES, **options):
    options.setdefault("title", "SORTME")
    path.write_bytes(build_ssd(list(files), **options))
    return path


def boot(roms, drives, writable=True, seed=None):
    m = Machine("bbc", roms=roms, drives={d: str(p) for d, p in drives.items()}, writable=writable, seed=seed)
    m.run_until_text("BASIC", max_seconds=3)
    m.run(0.3)
    return m


def rows(m):
    lines = [row.rstrip() for row in m.screen.text()]
    while lines and not lines[-1]:
        lines.pop()
    return lines


def run(m, command, keys="", max_seconds=20):
    """A clear screen, `command`, each prompt answered by the next of `keys` once it shows; the
    screen's rows from the command's own to BASIC's prompt after it, blank ones kept."""
    enter(m, "CLS")
    m.type(command + "\r")
    m.run_until_typed()
    for answered, key in enumerate(keys):
        shown = m.run_until(lambda: sum(bool(PROMPT.search(r)) for r in rows(m)) > answered,
                            max_seconds, every=0.02)
        assert shown, f"{command}: no prompt for {key!r}: {rows(m)[-3:]}"
        m.run(0.05)
        m.type(key)
        m.run_until_typed()
    assert m.run_until(lambda: last_row(m) == ">", max_seconds, every=0.02), \
        f"{command}: no prompt after it: {rows(m)[-3:]}"
    return rows(m)[:-1]


def files_of(path):
    image = DFSDisc.load(path)
    return {f"{f.directory}.{f.name}": (f.load, f.exec, image.read(f.start, f.length), f.locked)
            for f in image.files}


def sequence(path):
    """The catalogue's sequence number (BCD), one more at each write."""
    return path.read_bytes()[256 + 4]


def test_wipe_offers_each_unlocked_file(dfs_roms, tmp_path):
    path = disc(tmp_path / "d.ssd")
    m = boot(dfs_roms, {0: path})
    assert run(m, "*WIPE *.*", "YxyN") == [
        ">*WIPE *.*",
        "$.ABC         : Y",
        "A.ZZ          : N",
        "B.ALPHA       : Y",
        "$.ZED         : N"]
    m.close_files()
    assert sorted(files_of(path)) == ["$.MID", "$.ZED", "A.ZZ"]
    assert sequence(path) == 2                          # the catalogue written once a file


def test_destroy_asks_twice_unless_enabled(dfs_roms, tmp_path):
    path = disc(tmp_path / "d.ssd")
    m = boot(dfs_roms, {0: path})
    assert run(m, "*DESTROY *.*", "N") == [">*DESTROY *.*", "Go (Y/N) ? N"]
    assert run(m, "*DESTROY *.*", "yN") == [
        ">*DESTROY *.*", "Go (Y/N) ? Y", "$.ABC", "A.ZZ", "B.ALPHA", "$.ZED", "Go (Y/N) ? N"]
    enter(m, "*ENABLE")
    assert run(m, "*DESTROY $.*", "Y") == [">*DESTROY $.*", "$.ABC", "$.ZED", "Go (Y/N) ? Y", "Deleted"]
    assert run(m, "*DESTROY NONE", "Y") == [">*DESTROY NONE", "Go (Y/N) ? Y", "", "Not found"]
    m.close_files()
    assert sorted(files_of(path)) == ["$.MID", "A.ZZ", "B.ALPHA"] and sequence(path) == 1


def test_enable_lets_only_the_next_command_through(dfs_roms, tmp_path):
    m = boot(dfs_roms, {0: disc(tmp_path / "d.ssd")})
    enter(m, "*ENABLE")
    enter(m, "*CAT")
    assert run(m, "*DESTROY ZED", "N") == [">*DESTROY ZED", "Go (Y/N) ? N"]


def test_copy_between_two_drives(dfs_roms, tmp_path):
    source = disc(tmp_path / "s.ssd")
    target = disc(tmp_path / "t.ssd", files=[("$", "ZED", 0, 0, b"old" * 200), ("$", "KEEP", 0, 0, b"k")],
                  title="TARGET", sectors=40)
    m = boot(dfs_roms, {0: source, 1: target})
    assert run(m, "*COPY 0 1 #.*") == [
        ">*COPY 0 1 #.*",
        "Copying from :0 to :1",
        "$.ABC         000000 000000 000201 007",
        "A.ZZ          000000 000000 000001 006",
        "$.MID      L  FF2000 FF2000 000001 005",
        "B.ALPHA       003000 003100 00012C 003",
        "$.ZED         001900 008023 000001 002"]
    m.close_files()
    copied = files_of(target)
    assert {name: copied[name] for name in files_of(source)} == files_of(source)   # addresses, data, lock
    assert copied["$.KEEP"][2] == b"k" and len(copied) == 6


@pytest.mark.parametrize("command,expect", [
    ("*COPY 0 1 NONE", ["Copying from :0 to :1", "", "Not found"]),
    ("*COPY 0 4 X", ["", "Bad drive"]),
    ("*COPY 0 1", ["Copying from :0 to :1", "", "Syntax: COPY <source> <dest.> <afsp>"]),
    ("*COPY 0", ["", "Syntax: COPY <source> <dest.> <afsp>"]),
    ("*BACKUP 0", ["", "Syntax: BACKUP <source> <dest.>"]),
    ("*WIPE", ["", "Syntax: WIPE <afsp>"]),
    ("*DELETE", ["", "Syntax: DELETE <fsp>"]),
    ("*INFO", ["", "Syntax: INFO <afsp>"]),
    ("*RENAME", ["", "Syntax: RENAME <old fsp> <new fsp>"]),
    ("*ACCESS", ["", "Syntax: ACCESS <afsp> (L)"]),
    ("*TITLE", ["", "Syntax: TITLE <title>"]),
    ("*DRIVE", ["", "Syntax: DRIVE <drive>"]),
    ("*COMPACT 5", ["", "Bad drive"]),
    ("*TYPE NONE", ["", "Not found"]),
    ("*LIST", ["", "Syntax: LIST <fsp>"]),
    ("*BUILD", ["", "Syntax: BUILD <fsp>"]),
    ("*D.", []),                           # *DISC, not *DELETE
    ("*DISCX", ["", "Bad command"]),
    ("*FORM", ["", "Bad command"]),        # not in DFS 1.20
    ("*FREE", ["", "Bad command"]),
])
def test_commands_refuse_as_acorns_do(dfs_roms, tmp_path, command, expect):
    m = boot(dfs_roms, {0: disc(tmp_path / "s.ssd"), 1: disc(tmp_path / "t.ssd")}, writable=False)
    assert run(m, command) == [">" + command] + expect


def test_syntax_errors_are_error_220(dfs_roms, tmp_path):
    m = boot(dfs_roms, {0: disc(tmp_path / "d.ssd")}, writable=False)
    assert run(m, 'OSCLI "WIPE":PRINT ERR')[-1] == "Syntax: WIPE <afsp>"
    assert run(m, "PRINT ERR")[-1].strip() == "220"


def test_copy_on_one_drive_asks_for_each_disc(dfs_roms, tmp_path):
    path = disc(tmp_path / "d.ssd", files=[("$", "ONE", 0, 0, b"x" * 700), ("$", "TWO", 0, 0, b"y" * 10)],
                sectors=40)
    m = boot(dfs_roms, {0: path})
    assert run(m, "*COPY 0 0 *", "     ") == [
        ">*COPY 0 0 *",
        "Copying from :0 to :0",
        "Insert source disk and hit a key",
        "$.TWO         000000 000000 00000A 005",
        "Insert destination disk and hit a key",
        "Insert source disk and hit a key",
        "$.ONE         000000 000000 0002BC 002",
        "Insert destination disk and hit a key",
        "Insert source disk and hit a key"]


def test_backup_copies_every_sector(dfs_roms, tmp_path):
    source = disc(tmp_path / "s.ssd", sectors=60, boot_option=3)
    target = disc(tmp_path / "t.ssd", files=[("$", "GONE", 0, 0, b"g" * 5000)], title="OLD", sectors=80)
    small = disc(tmp_path / "small.ssd", files=[], title="SMALL", sectors=40)
    m = boot(dfs_roms, {0: source, 1: target, 3: small})
    assert run(m, "*BACKUP 0 1", "N") == [">*BACKUP 0 1", "Copying from :0 to :1", "Go (Y/N) ? N"]
    assert run(m, "*BACKUP 0 3", "Y") == [
        ">*BACKUP 0 3", "Copying from :0 to :3", "Go (Y/N) ? Y", "", "Disk full"]
    enter(m, "*ENABLE")
    assert run(m, "*BACKUP 0 1", max_seconds=30) == [">*BACKUP 0 1", "Copying from :0 to :1"]
    m.close_files()
    assert target.read_bytes()[:60 * 256] == source.read_bytes().ljust(60 * 256, b"\0")
    assert files_of(small) == {}


def test_compact_closes_the_gaps(dfs_roms, tmp_path):
    path = disc(tmp_path / "d.ssd", files=[("$", "GAP1", 0, 0, b"-" * 600)] + FILES[:2]
                + [("$", "GAP2", 0, 0, b"-")] + FILES[2:], sectors=100)
    m = boot(dfs_roms, {0: path})
    enter(m, "*DELETE GAP1")
    enter(m, "*DELETE GAP2")
    assert run(m, "*COMPACT") == [
        ">*COMPACT",
        "Compacting :0",
        "$.ZED         001900 008023 000001 002",
        "B.ALPHA       003000 003100 00012C 003",
        "$.MID      L  FF2000 FF2000 000001 005",
        "A.ZZ          000000 000000 000001 006",
        "$.ABC         000000 000000 000201 007",
        "05A free sectors"]
    m.close_files()
    assert files_of(path) == files_of(disc(tmp_path / "plain.ssd"))
    assert sequence(path) == 7                          # written once for each file moved


def test_help_lists_the_commands(dfs_roms, tmp_path):
    m = boot(dfs_roms, {0: disc(tmp_path / "d.ssd")})
    lines = run(m, "*HELP DFS")
    title = next(i for i, line in enumerate(lines) if line.startswith("DFS 1."))
    assert lines[title - 1] == "" and lines[title + 1:title + 15] == [
        "  ACCESS <afsp> (L)",
        "  BACKUP <source> <dest.>",
        "  COMPACT (<drive>)",
        "  COPY <source> <dest.> <afsp>",
        "  DELETE <fsp>",
        "  DESTROY <afsp>",
        "  DIR (<dir>)",
        "  DRIVE <drive>",
        "  ENABLE",
        "  INFO <afsp>",
        "  LIB (<dir>)",
        "  RENAME <old fsp> <new fsp>",
        "  TITLE <title>",
        "  WIPE <afsp>"]
    lines = run(m, "*HELP U.")
    title = next(i for i, line in enumerate(lines) if line.startswith("DFS 1."))
    assert lines[title + 1:title + 6] == ["  BUILD <fsp>", "  DISC", "  DUMP <fsp>", "  LIST <fsp>",
                                          "  TYPE <fsp>"]
    lines = run(m, "*HELP")
    title = next(i for i, line in enumerate(lines) if line.startswith("DFS 1."))
    assert lines[title - 1] == "" and lines[title + 1:title + 3] == ["  DFS", "  UTILS"]


def test_the_banner_has_the_dfs_line(dfs_roms, tmp_path):
    # Acorn's DFS prints "Acorn DFS" and a blank line under the MOS's banner at every BREAK; ours its
    # own name in the same place.
    m = boot(dfs_roms, {0: disc(tmp_path / "d.ssd")})
    name = "DFS (our own)" if dfs_roms is None else "Acorn DFS"
    screen = [line for line in rows(m) if line][:3]
    assert screen == ["BBC Computer 32K", name, "BASIC"]
    at = rows(m).index(name)
    assert rows(m)[at - 1:at + 3] == ["", name, "", "BASIC"]


GBPB = ("?&2F00=&EE:!&2F01=&3000:!&2F05={count}:!&2F09={ptr}:A%={call}:X%=0:Y%=&2F:"
        "PRINT ~USR(&FFD1) AND &10000FF")


@pytest.mark.parametrize("call,count,ptr,flags,block,data", [
    (5, 0, 0, "0", "ee 00 30 00 00 00 00 00 00 00", "0c 53 4f 52 54 4d 45 00 00 00 00 00 00 02 00 ee"),
    (6, 0, 0, "0", "ee 00 30 00 00 00 00 00 00 00", "01 30 01 24 ee"),
    (7, 0, 0, "0", "ee 00 30 00 00 00 00 00 00 00", "01 31 01 42 ee"),
    (8, 1, 0, "0", "03 08 30 00 00 00 00 00 00 08", "07 41 42 43 20 20 20 20 ee"),
    (8, 3, 0, "0", "03 18 30 00 00 00 00 00 00 28", "07 41 42 43 20 20 20 20 07 4d 49 44 20 20 20 20 "
                                                    "07 5a 45 44 20 20 20 20 ee"),
    (8, 10, 8, "1000000", "03 10 30 00 00 08 00 00 00 28", "07 4d 49 44 20 20 20 20 07 5a 45 44 20 20 20 20 ee"),
    (8, 2, 5, "1000000", "03 00 30 00 00 02 00 00 00 2d", "ee"),
    (8, 0, 0, "0", "ee 00 30 00 00 00 00 00 00 00", "ee"),
])
def test_osgbpb_reads_the_catalogue(dfs_roms, tmp_path, call, count, ptr, flags, block, data):
    # The bytes Acorn's DFS 1.20 returns (AUG: OSGBPB 5 title, boot option and drive; 6 the current
    # directory; 7 the library; 8 names, the catalogue's sequence number to +0); A is 0 on return,
    # C set when the catalogue ended before the count.
    path = disc(tmp_path / "d.ssd", boot_option=2)
    m = boot(dfs_roms, {0: path})
    enter(m, "*LIB :1.B")
    enter(m, "*ACCESS ZED")                       # the catalogue's sequence number: 3
    enter(m, "*ACCESS ZED")
    enter(m, "*ACCESS ZED")
    m.memory[0x3000:0x3100] = bytes([0xEE]) * 256
    lines = run(m, GBPB.format(call=call, count=count, ptr=ptr))
    assert lines[-1].strip() == flags                   # P's carry, and A
    assert bytes(m.memory[0x2F00:0x2F0A]).hex(" ") == block
    assert bytes(m.memory[0x3000:0x3000 + len(data.split())]).hex(" ") == data


@pytest.mark.parametrize("command", ["*LOAD BIG", "*SAVE NEW 3000 +4000"])
def test_escape_waits_for_the_end_of_a_transfer(dfs_roms, tmp_path, command):
    # ESCAPE held during a long transfer: the file is loaded or saved whole, and the language reports
    # the Escape after the command, at its prompt (as with Acorn's DFS).
    data = bytes((i * 7 + i // 256) & 255 for i in range(0x4000))
    path = disc(tmp_path / "d.ssd", files=[("$", "BIG", 0x3000, 0x3000, data)])
    m = boot(dfs_roms, {0: path})
    if command.startswith("*SAVE"):
        m.memory[0x3000:0x7000] = data
    else:
        m.memory[0x3000:0x7000] = bytes(0x4000)
    enter(m, "CLS")
    m.type(command + "\r")
    m.run_until_typed()
    m.run(0.5)
    assert last_row(m) != ">"                            # in the middle of the transfer
    m.press("ESCAPE")
    m.run_until(lambda: "Escape" in rows(m), 10, every=0.05)
    m.release("ESCAPE")
    assert rows(m)[:3] == [">" + command, ">", "Escape"]
    m.close_files()
    assert bytes(m.memory[0x3000:0x7000]) == data
    assert all(content == data for _, _, content, _ in files_of(path).values())


def test_a_full_catalogue_says_so(dfs_roms, tmp_path):
    # 31 files: the search for the name used to run on past the last entry for ever.
    path = disc(tmp_path / "d.ssd", files=[("$", f"F{i}", 0, 0, b"1") for i in range(31)], sectors=40)
    m = boot(dfs_roms, {0: path})
    assert run(m, "*SAVE X 3000 +10") == [">*SAVE X 3000 +10", "", "Cat full"]
    assert run(m, "*INFO F30") == [">*INFO F30", "$.F30         000000 000000 000001 020"]


def test_a_file_of_256_sectors_and_the_one_after_it(dfs_roms, tmp_path):
    # The next file goes after its 256 sectors (not over them), and a 64 KiB *SAVE writes them all.
    big = bytes(i * 3 & 255 for i in range(0xFFFF))
    path = disc(tmp_path / "d.ssd", files=[("$", "OTHER", 0, 0, b"x" * 700), ("$", "BIG", 0, 0, big)],
                sectors=400)
    m = boot(dfs_roms, {0: path})
    assert run(m, "*SAVE MORE 1900 +9000") == [">*SAVE MORE 1900 +9000", "", "Disk full"]
    assert run(m, "*SAVE SMALL 2000 +100") == [">*SAVE SMALL 2000 +100"]
    enter(m, "*DELETE SMALL")
    enter(m, "*DELETE BIG")
    m.memory[0x3000:0x7000] = big[:0x4000]
    assert run(m, "*SAVE BIG 3000 +FFFF") == [">*SAVE BIG 3000 +FFFF"]
    assert run(m, "*INFO *.*") == [">*INFO *.*",
                                   "$.BIG         003000 003000 00FFFF 005",
                                   "$.OTHER       000000 000000 0002BC 002"]
    m.close_files()
    assert files_of(path)["$.BIG"][2][:0x4000] == big[:0x4000]


def test_a_load_touches_only_the_file(dfs_roms, tmp_path):
    # Games load data over the DFS's workspace (&0E00-&18FF) between loads (Frogman puts 4.5K at
    # &1300): a load stores the file's own bytes and nothing else, not even a last part-sector
    # through a buffer of its own.
    low = bytes(range(256)) * 12 + b"low"
    high = b"h" * 300
    path = disc(tmp_path / "d.ssd", files=[("$", "LOW", 0x1300, 0x1300, low), ("$", "HIGH", 0x3000, 0x3000, high)])
    m = boot(dfs_roms, {0: path})
    m.memory[0x3000 + len(high)] = 0x99
    enter(m, "*LOAD LOW")
    enter(m, "*LOAD HIGH")
    assert bytes(m.memory[0x1300:0x1300 + len(low)]) == low
    assert bytes(m.memory[0x3000:0x3000 + len(high)]) == high and m.memory[0x3000 + len(high)] == 0x99


def test_a_new_file_takes_the_first_space_that_holds_it(dfs_roms, tmp_path):
    # Counting from the catalogue up, as Acorn's DFS places files: a deleted file's space is used again.
    path = disc(tmp_path / "d.ssd", files=[("$", "A", 0, 0, b"a" * 512), ("$", "B", 0, 0, b"b" * 512),
                                           ("$", "C", 0, 0, b"c" * 600), ("$", "D", 0, 0, b"d")], sectors=40)
    m = boot(dfs_roms, {0: path})
    enter(m, "*DELETE B")
    enter(m, "*DELETE C")
    for command in ("*SAVE X 3000 +100", "*SAVE Y 3000 +300", "*SAVE Z 3000 +300"):
        assert run(m, command) == [">" + command]
    assert run(m, "*SAVE W 3000 +2000") == [">*SAVE W 3000 +2000", "", "Disk full"]
    assert run(m, "*INFO *.*") == [">*INFO *.*",
                                   "$.Z           003000 003000 000300 00A",
                                   "$.D           000000 000000 000001 009",
                                   "$.Y           003000 003000 000300 005",
                                   "$.X           003000 003000 000100 004",
                                   "$.A           000000 000000 000200 002"]


def test_type_list_and_dump(dfs_roms, tmp_path):
    # *TYPE drops line feeds and ends with a new line; *LIST numbers the lines it shows; *DUMP shows
    # eight bytes a line, ** past the end, while the offset is not past it.
    files = [("$", "T", 0, 0, b"X\r\nY\n\rZ\r\rW"), ("$", "A", 0, 0, b"A\nB\rC\n\nD\r"),
             ("$", "BIN", 0, 0, bytes(range(0x78, 0x90))), ("$", "E", 0, 0, b"")]
    m = boot(dfs_roms, {0: disc(tmp_path / "d.ssd", files=files)}, writable=False)
    assert run(m, "*TYPE T") == [">*TYPE T", "X", "Y", "Z", "", "W"]
    assert run(m, "*LIST T") == [">*LIST T", "0001 X", "0002 Y", "0003 Z", "0004", "0005 W"]
    assert run(m, "*LIST A") == [">*LIST A", "0001 AB", "0002 CD", ""]
    assert run(m, "*TYPE E") == [">*TYPE E", ""]
    assert run(m, "*DUMP BIN") == [">*DUMP BIN",
                                   "0000 78 79 7A 7B 7C 7D 7E 7F xyz\u00bc\u2016\u00be\u00f7.",
                                   "0008 80 81 82 83 84 85 86 87 ........",
                                   "0010 88 89 8A 8B 8C 8D 8E 8F ........",
                                   "0018 ** ** ** ** ** ** ** ** ........"]
    assert run(m, "*DUMP A") == [">*DUMP A", "0000 41 0A 42 0D 43 0A 0A 44 A.B.C..D",
                                 "0008 0D ** ** ** ** ** ** ** ........"]
    assert run(m, "*DUMP E") == [">*DUMP E", "0000 ** ** ** ** ** ** ** ** ........"]


def test_build_writes_the_lines_typed_until_escape(dfs_roms, tmp_path):
    path = disc(tmp_path / "d.ssd", files=[], sectors=400)
    m = boot(dfs_roms, {0: path})
    enter(m, "CLS")
    m.type("*BUILD NEW\rHELLO\r\rWORLD\r")
    m.run_until_typed()
    assert m.run_until(lambda: last_row(m) == "0004", 5, every=0.02)
    m.press("ESCAPE")
    m.run_until(lambda: last_row(m) == ">", 5, every=0.02)
    m.release("ESCAPE")
    assert rows(m)[:6] == [">*BUILD NEW", "0001 HELLO", "0002", "0003 WORLD", "0004", "Escape"]
    m.close_files()
    assert files_of(path)["$.NEW"][2] == b"HELLO\r\rWORLD\r"


def test_a_disc_fault_names_the_result_and_the_place(dfs_roms, tmp_path):
    # A 40-track disc whose catalogue is made to claim 800 sectors (OSWORD &7F: read sector 1,
    # change the count, write it back): *BACKUP onto it meets an unformatted track 40.
    source = disc(tmp_path / "s.ssd", files=[("$", "X", 0, 0, b"x" * 100)], sectors=800)
    target = disc(tmp_path / "t.ssd", files=[], sectors=400)
    m = boot(dfs_roms, {0: source, 1: target})
    enter(m, "DIM B% 20:?B%=1:B%!1=&3000:B%?5=3:B%?6=&53:B%?7=0:B%?8=1:B%?9=&21:A%=&7F:X%=B%:"
             "Y%=B% DIV 256:CALL &FFF1:?&3006=?&3006 OR 3:?&3007=&20:B%?6=&4B:CALL &FFF1")
    enter(m, "*ENABLE")
    assert run(m, "*BACKUP 0 1", max_seconds=60)[:4] == [
        ">*BACKUP 0 1", "Copying from :0 to :1", "", "Disk fault 18 at 28/00"]
    assert run(m, "PRINT ERR")[-1].strip() == "199"


def test_wipe_takes_no_key_typed_before_its_question(dfs_roms, tmp_path):
    # The keys typed with the command are forgotten (the input buffer flushed): the question waits.
    # (Whether a key comes before or after the flush depends on when the typist's keys land against
    # the DFS's work, which moves with the power-on RAM: seed 2 lands them all before it.)
    m = boot(dfs_roms, {0: disc(tmp_path / "d.ssd")}, seed=2)
    enter(m, "CLS")
    m.type("*WIPE *.*\rYYYY")
    m.run_until_typed()
    m.run(2)
    assert rows(m) == [">*WIPE *.*", "$.ABC         :"]


def test_opt_1_lists_each_file_loaded_run_or_saved(dfs_roms, tmp_path):
    # *OPT 1,n (n not 0) lists each file loaded, run or saved as *INFO lists it; *OPT 0 ends it; it
    # is kept over a soft BREAK; *OPT 2 or 3 is "Bad option" (error 203) under DFS.
    path = disc(tmp_path / "d.ssd", files=[("$", "R", 0x3000, 0x3000, b"\x60"), ("$", "ZED", 0x1900, 0x8023, b"1")])
    m = boot(dfs_roms, {0: path})
    enter(m, "*OPT 1,2")
    assert run(m, "*RUN R") == [">*RUN R", "$.R           003000 003000 000001 002"]
    assert run(m, "*SAVE NEW 3000 +10") == [">*SAVE NEW 3000 +10", "$.NEW         003000 003000 000010 004"]
    m.hardware.break_key()
    m.run(2)
    assert run(m, "*LOAD ZED 3000") == [">*LOAD ZED 3000", "$.ZED         001900 008023 000001 003"]
    assert run(m, 'C=OPENIN "ZED":CLOSE#C') == ['>C=OPENIN "ZED":CLOSE#C']
    enter(m, "*OPT 0")
    assert run(m, "*LOAD ZED 3000") == [">*LOAD ZED 3000"]
    assert run(m, "*OPT 2,1") == [">*OPT 2,1", "", "Bad option"]
    assert run(m, "PRINT ERR")[-1].strip() == "203"


def test_an_open_file_grows_into_the_space_after_it(dfs_roms, tmp_path):
    # Up to the next file's first sector or the disc's end; "Can't extend" where a file follows.
    files = [("$", "A", 0, 0, b"a" * 300), ("$", "GAP", 0, 0, b"g" * 1000), ("$", "B", 0, 0, b"b" * 300),
             ("$", "C", 0, 0, b"c" * 300)]
    path = disc(tmp_path / "d.ssd", files=files, sectors=400)
    m = boot(dfs_roms, {0: path})
    enter(m, "*DELETE GAP")
    grow = 'C=OPENUP "{}":PTR#C=EXT#C:FOR I%=1 TO 600:BPUT#C,I%:NEXT:CLOSE#C'
    for name in "CA":
        assert run(m, grow.format(name))[-1].endswith("CLOSE#C")
    assert run(m, grow.format("B"))[-2:] == ["", "Can't extend"]
    enter(m, "CLOSE#0")
    assert run(m, "*INFO *.*") == [">*INFO *.*",
                                   "$.C           000000 000000 000384 00A",
                                   "$.B           000000 000000 000200 008",   # filled to its end
                                   "$.A           000000 000000 000384 002"]
    m.close_files()
    assert files_of(path)["$.A"][2] == b"a" * 300 + bytes(i % 256 for i in range(1, 601))


def test_close_0_closes_the_exec_and_spool_files_for_the_mos_too(dfs_roms, tmp_path):
    # Game discs' !BOOT files say CLOSE#0:CHAIN "LOADER" while *EXEC reads them: the MOS's handles
    # for *EXEC and *SPOOL (&256, &257) become 0, and the keyboard takes over (with our DFS a
    # spool file closed under the MOS made every line an error, for ever).
    boot_file = b'PRINT "ONE"\rCLOSE#0:PRINT "TWO";?&256\rPRINT "THREE"\r'
    path = disc(tmp_path / "d.ssd", files=[("$", "E", 0, 0, boot_file)])
    m = boot(dfs_roms, {0: path})
    enter(m, "CLS")
    m.type("*EXEC E\r")
    m.run_until_typed()
    m.run_until(lambda: "TWO0" in rows(m), 5, every=0.05)
    m.run(0.5)
    assert rows(m) == [">*EXEC E", '>PRINT "ONE"', "ONE", '>CLOSE#0:PRINT "TWO";?&256', "TWO0", ">"]
    enter(m, "*SPOOL S")
    assert run(m, 'PRINT "A";?&257:CLOSE#0:PRINT "B";?&257') == [
        '>PRINT "A";?&257:CLOSE#0:PRINT "B";?&257', "", "A17", "B0"]
    assert run(m, "*SPOOL") == [">*SPOOL"]
    assert run(m, "*INFO S") == [">*INFO S", "$.S           000000 000000 000036 003"]


@pytest.mark.parametrize("line,expect", [
    ('A=OPENIN "ABC":B=OPENIN "ABC":PRINT A;B:CLOSE#0', ["        1718"]),    # many readers
    ('A=OPENIN "ABC":B=OPENUP "ABC"', ["", "Open"]),
    ('A=OPENUP "ABC":B=OPENIN "ABC"', ["", "Open"]),
    ('A=OPENUP "L":B=OPENOUT "L"', ["", "Locked"]),                         # locked comes first
    ('A=OPENIN "ABC":BPUT#A,1', ["", "Read only"]),
    ('A=OPENIN "ABC":PTR#A=400', ["", "Read only"]),                        # past EXT
    ('A=OPENIN "ABC":PTR#A=300:PRINT PTR#A;EOF#A:CLOSE#0', ["       300-1"]),
    ('A=OPENUP "L":PRINT A:BPUT#A,1', ["        17", "", "Locked"]),        # opened, not written
    ('A=OPENUP "LAST":PTR#A=10:PRINT EXT#A:BPUT#A,1:PRINT EXT#A:CLOSE#A', ["        10", "        11"]),
    ('A=OPENUP "ZED":PTR#A=600', ["", "Can't extend"]),                     # ABC follows it
])
def test_open_files_refuse_as_acorns_do(dfs_roms, tmp_path, line, expect):
    files = [("$", "ZED", 0, 0, b"Z"), ("$", "ABC", 0, 0, b"A" * 300), ("$", "L", 0, 0, b"L", True),
             ("$", "LAST", 0, 0, b"last")]
    m = boot(dfs_roms, {0: disc(tmp_path / "d.ssd", files=files)})
    lines = run(m, line)
    assert lines[-len(expect):] == expect
    enter(m, "CLOSE#0")
