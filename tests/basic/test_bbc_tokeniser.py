"""BBC BASIC II programs on the host (emulator/basic/bbc_tokeniser.py, `acorn basic`, `acorn run` of
a tokenised file): round trips, documented examples, and a cross-check against our BASIC ROM's own
tokeniser, read from PAGE after the lines are typed into the emulated BBC Micro."""
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from emulator.basic.bbc_tokeniser import (
    ProgramError, detokenise_program, looks_tokenised, parse_program, split_numbered_line,
    tokenise_line, tokenise_program)
from emulator.cli import main
from emulator.basic.bbc_tokens import FLAGS, KEYWORDS, MATCH_ORDER, PSEUDO

ROOT = Path(__file__).resolve().parents[2]
LISTINGS = sorted((ROOT / "basic_programs").glob("*.bas"))
BBC_LISTINGS = [p for p in LISTINGS if "bbc" in p.name]
from bbc_basic.cases import CASES


def as_listed(text):
    """`text` as LIST prints it: each line number right-aligned in five columns."""
    return "".join(f"{number:5d}{body}\n"
                   for number, body in map(split_numbered_line, text.splitlines()) if number is not None)


def line(text):
    """The bytes of one program line's text (what follows the line number)."""
    return tokenise_line(text)


# --- round trips -------------------------------------------------------------------------------

@pytest.mark.parametrize("path", LISTINGS, ids=[p.name for p in LISTINGS])
def test_every_listing_round_trips(path):
    text = as_listed(path.read_text())
    program = tokenise_program(text)
    assert detokenise_program(program) == (text, 0, ())
    assert tokenise_program(detokenise_program(program)[0]) == program
    assert tokenise_program(path.read_text()) == program        # the padding makes no difference


def test_conformance_programs_round_trip():
    checked = 0
    for name, program_text, _, _ in CASES:
        try:
            program = tokenise_program(program_text)
        except ProgramError:
            continue                            # two cases type their lines out of order on purpose
        text, _, changed = detokenise_program(program)
        assert changed == (), name
        assert tokenise_program(text) == program, name
        assert detokenise_program(tokenise_program(text))[0] == text, name
        checked += 1
    assert checked >= len(CASES) - 2


def usage(token):
    """A listed line that holds `token` and where the token is in the line's text."""
    word = KEYWORDS[token - 0x80]
    if 0xCF <= token <= 0xD3:
        return f"   10 {word}=1", 1                        # PAGE= etc.: the statement form
    if FLAGS[token - 0x80] & PSEUDO:
        return f"   10 X={word}", 3                         # =PAGE etc.: the function form
    if word in ("PROC", "FN"):
        return f"   10 {word}x", 1
    return f"   10 {word}", 1


@pytest.mark.parametrize("token", [t for t in range(0x80, 0x100) if KEYWORDS[t - 0x80]],
                         ids=lambda t: f"{t:02X}")
def test_every_token_round_trips(token):
    text, offset = usage(token)
    program = tokenise_program(text)
    lines, _ = parse_program(program)
    assert lines[0].text[offset] == token
    assert detokenise_program(program)[0] == text + "\n"
    assert tokenise_program(detokenise_program(program)[0]) == program


ATOMS = list(MATCH_ORDER) + ["X", "AB", "x1", "TOTAL", "TIMER", "ENDx", "P.", "E.", "GOS.", " ", ":",
                             ",", "=", "+", "(", ")", "10", "1000", "40000", "&1F", '"A:B"', '"',
                             "*FX 0", "?", "!", "2.5", ".", "_a", "PROCx", "FNy", "'", ";", "\xa0"]


@settings(max_examples=400, derandomize=True, deadline=None)
@given(st.lists(st.sampled_from(ATOMS), min_size=1, max_size=12))
def test_random_lines_round_trip(atoms):
    body = "".join(atoms)
    try:
        program = tokenise_program("10 " + body)
    except ProgramError:
        return                               # a high character outside a string, or too long
    text, _, changed = detokenise_program(program)
    if changed:                              # E.AND: ENDPROC, AND lists as the name ENDPROCAND
        assert tokenise_program(text) != program
        program = tokenise_program(text)
        text, _, changed = detokenise_program(program)
        assert not changed
    assert tokenise_program(text) == program
    assert detokenise_program(tokenise_program(text))[0] == text


def test_an_abbreviation_can_store_what_lists_differently():
    program = tokenise_program("10 E.AND:TI.X")
    assert parse_program(program)[0][0].text == bytes([0x20, 0xE1, 0x80, 0x3A, 0xD1]) + b"X"
    listing = detokenise_program(program)
    assert listing.text == "   10 ENDPROCAND:TIMEX\n" and listing.changed == (10,)


def test_bytes_in_strings_and_rem_round_trip_as_latin1_characters():
    text = '   10 PRINT "\x81\x9dRED"\n   20 REM \xff PRINT\n   30 DATA \x80,PRINT\n'
    program = tokenise_program(text)
    assert b'"\x81\x9dRED"' in program and b"\xf4 \xff PRINT" in program
    assert detokenise_program(program)[0] == text


# --- documented examples (golden bytes) ------------------------------------------------------

def test_program_format_at_page():
    # &0D, then hi lo len text &0D per line, &FF at the end (User Guide; mdfs "TokenLine")
    assert tokenise_program("10 PRINT") == bytes([0x0D, 0x00, 0x0A, 0x06, 0x20, 0xF1, 0x0D, 0xFF])
    assert tokenise_program("") == bytes([0x0D, 0xFF])            # NEW's empty program
    assert tokenise_program("300 END\n32767 STOP") == bytes(
        [0x0D, 0x01, 0x2C, 0x06, 0x20, 0xE0, 0x0D, 0x7F, 0xFF, 0x06, 0x20, 0xFA, 0x0D, 0xFF])


def test_documented_tokens():
    assert line("ENDPROC") == bytes([0xE1])                      # R. T. Russell's manual
    assert line("X=TOP") == b"X=" + bytes([0xB8]) + b"P"          # beebwiki TOP: B8 50 (TO, P)
    assert line("PAGE=&1900") == bytes([0xD0]) + b"=&1900"       # beebwiki PAGE: D0 as an lvalue
    assert line("X=PAGE") == b"X=" + bytes([0x90])               # and 90 as an rvalue
    assert line("LET TIME=0") == bytes([0xE9, 0x20, 0xD1]) + b"=0"  # LET: a statement starts
    assert line("IF X THEN HIMEM=Y ELSE LOMEM=Z") == (
        bytes([0xE7]) + b" X " + bytes([0x8C, 0x20, 0xD3]) + b"=Y " + bytes([0x8B, 0x20, 0xD2]) + b"=Z")


def test_line_numbers_after_goto_and_friends():
    # &8D, ((lo AND &C0) DIV 4 OR (hi AND &C0) DIV 16) EOR &54, lo AND &3F OR &40, hi AND &3F OR &40
    assert line("GOTO 1000") == bytes([0xE5, 0x20, 0x8D, 0x64, 0x68, 0x43])
    assert line("ON X GOSUB 10,20") == (bytes([0xEE]) + b" X " + bytes([0xE4, 0x20, 0x8D, 0x54, 0x4A, 0x40])
                                        + b"," + bytes([0x8D, 0x54, 0x54, 0x40]))
    assert line("RESTORE 100:TRACE 200") == bytes([0xF7, 0x20, 0x8D, 0x44, 0x64, 0x40, 0x3A, 0xFC, 0x20,
                                                   0x8D, 0x64, 0x48, 0x40])
    assert line("GOTO X+10") == bytes([0xE5]) + b" X+10"          # a name ends the line numbers
    assert line("PRINT 10") == bytes([0xF1]) + b" 10"             # PRINT takes no line number
    assert line("GOTO 40000") == bytes([0xE5]) + b" 40000"       # no line beyond 32767


def test_conditional_keywords_names_and_abbreviations():
    assert line("ENDx=TIMER") == b"ENDx=TIMER"                    # conditional: a name follows
    assert line("END") == bytes([0xE0])
    assert line("XPRINT=1") == b"XPRINT=1"                        # a name is kept whole
    assert line("GETX") == bytes([0xA5]) + b"X"                   # GET is not conditional
    assert line("P.\"A\":A.:E.") == bytes([0xF1]) + b'"A":' + bytes([0x80]) + b":" + bytes([0xE1])
    assert line("print") == b"print"                             # keywords are capitals only
    assert line("PROCPRINT:FNEND") == bytes([0xF2]) + b"PRINT:" + bytes([0xA4]) + b"END"


def test_no_tokens_in_strings_rem_data_and_os_commands():
    assert line('PRINT "GOTO 10"') == bytes([0xF1]) + b' "GOTO 10"'
    assert line("REM GOTO 10") == bytes([0xF4]) + b" GOTO 10"
    assert line("DATA PRINT,10") == bytes([0xDC]) + b" PRINT,10"
    assert line("*KEY0 PRINT") == b"*KEY0 PRINT"
    assert line("X=2*PI") == b"X=2*" + bytes([0xAF])             # '*' inside a statement
    assert line("X=&FFOR") == b"X=&FF" + bytes([0x84])            # hex digits, then OR


# --- bad input ---------------------------------------------------------------------------------

@pytest.mark.parametrize("text,where,words", [
    ("PRINT", "1", "no line number"),
    ("40000 PRINT", "1", "out of range"),
    ("20 X\n10 Y", "2", "comes after line 20"),
    ("10 X\n10 Y", "2", "comes after line 10"),
    ("10 X\n20  ", "2", "line 20 has no text"),
    ("10 PRINT \u20ac", "1:10", "not one of the BBC Micro's bytes"),
    ("10 X=\xa3", "1:6", "token &A3"),
    ("10 REM " + "X" * 250, "1", "at most 255"),
])
def test_bad_listings(text, where, words):
    with pytest.raises(ProgramError) as e:
        tokenise_program(text)
    assert e.value.where == where and words in e.value.message


@pytest.mark.parametrize("data,where,words", [
    (b"", "offset &0000", "empty"),
    (b"10 PRINT\n", "offset &0000", "starts with &0D"),
    (b"\r\x00\x0a", "offset &0001", "header"),
    (b"\r\x00\x0a\x06 \xf1\r", "offset &0007", "end marker"),
    (b"\r\x00\x0a\x03 \r\xff", "offset &0003", "length 3"),
    (b"\r\x00\x0a\x06 \xf1X\xff", "offset &0006", "does not end with &0D"),
    (b"\r\x00\x0a\x40 \xf1\r\xff", "offset &0001", "runs past the end"),
    (b"\r\x00\x14\x05 \r\x00\x0a\x05 \r\xff", "offset &0006", "comes after line 20"),
    (b"\r\x00\x0a\x06 \xce\r\xff", "offset &0005", "no BBC BASIC II token"),
    (b"\r\x00\x0a\x05\n\r\xff", "offset &0004", "line feed"),
    (b"\r\x00\x0a\x05 \r\x80", "offset &0006", "end marker &FF"),
])
def test_bad_tokenised_programs(data, where, words):
    with pytest.raises(ProgramError) as e:
        detokenise_program(data)
    assert e.value.where == where and words in e.value.message
    if "token" not in words and "line feed" not in words:     # the bytes within a line are BASIC's
        assert not looks_tokenised(data)


# --- the command line ----------------------------------------------------------------------------

def acorn(capsys, *argv):
    code = main([*argv])
    out, err = capsys.readouterr()
    return code, out, err


def test_cli_round_trip(tmp_path, capsys):
    source = BBC_LISTINGS[0]
    tokenised, listed = tmp_path / "SDOLLAR", tmp_path / "sdollar.bas"
    assert acorn(capsys, "basic", "tokenize", str(source), "-o", str(tokenised)) == (0, "", "")
    assert tokenised.read_bytes() == tokenise_program(source.read_text())
    assert acorn(capsys, "basic", "detokenize", str(tokenised), "-o", str(listed)) == (0, "", "")
    assert listed.read_text() == as_listed(source.read_text())
    again = tmp_path / "again"
    assert acorn(capsys, "basic", "tokenise", str(listed), "-o", str(again))[0] == 0
    assert again.read_bytes() == tokenised.read_bytes()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["SDOLLAR", "again", "sdollar.bas"]


@pytest.mark.parametrize("action,content,words", [
    ("tokenize", b"10 PRINT\n20 GOTO 10\n99999 END\n", ":3: line number 99999 is out of range"),
    ("tokenize", b"10 PRINT\n" + b"20 REM " + b"x" * 260 + b"\n", ":2: line 20 is 267 bytes"),
    ("tokenize", b"\r\x00\x05\x06 \xf1\r\xff", ":1: byte &F1 is not UTF-8 text"),
    ("detokenize", b"10 PRINT\n", ": offset &0000: &31 where a tokenised BASIC program starts"),
    ("detokenize", b"\r\x00\x0a\x06 \xf1\r", ": offset &0007: the program ends without"),
])
def test_cli_bad_input_is_one_line_and_exit_2(tmp_path, capsys, action, content, words):
    source, output = tmp_path / "in", tmp_path / "out"
    source.write_bytes(content)
    output.write_bytes(b"keep me")
    code, out, err = acorn(capsys, "basic", action, str(source), "-o", str(output))
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and err.startswith(f"acorn basic: {source}{words}")
    assert output.read_bytes() == b"keep me"                    # an error writes nothing
    assert source.read_bytes() == content
    assert sorted(p.name for p in tmp_path.iterdir()) == ["in", "out"]   # no temporary file left


def test_cli_never_overwrites_its_input(tmp_path, capsys):
    source = tmp_path / "prog.bas"
    source.write_text("10 PRINT\n")
    code, _, err = acorn(capsys, "basic", "tokenize", str(source), "-o", str(tmp_path / "." / "prog.bas"))
    assert code == 2 and "would overwrite the input" in err
    assert source.read_text() == "10 PRINT\n"


def test_cli_missing_file(tmp_path, capsys):
    code, _, err = acorn(capsys, "basic", "detokenize", str(tmp_path / "nope"), "-o", str(tmp_path / "x"))
    assert code == 2 and "cannot read" in err and err.count("\n") == 1


def test_cli_reports_bytes_after_the_end_marker(tmp_path, capsys):
    source, output = tmp_path / "P", tmp_path / "p.bas"
    source.write_bytes(tokenise_program("10 PRINT") + b"\x00" * 5)
    code, _, err = acorn(capsys, "basic", "detokenize", str(source), "-o", str(output))
    assert code == 0 and "5 bytes after the end marker" in err
    assert output.read_text() == "   10 PRINT\n"


# --- against our BASIC ROM's tokeniser ------------------------------------------------------------

@pytest.fixture(scope="module")
def bbc():
    from emulator import Machine
    machine = Machine("bbc")
    machine.run_until_text(">", max_seconds=5)
    return machine


def rom_tokenised(machine, text):
    """The bytes at PAGE..TOP after typing `text`'s lines into the emulated BBC (our MOS and BASIC)."""
    from emulator.basic.listing import Listing, check_lines, type_listing, wait_for_prompt
    machine.type("NEW\r")
    machine.run_until_typed()
    wait_for_prompt(machine, 5, "NEW")
    type_listing(machine, Listing("test", "bbc", tuple(check_lines(text, "bbc"))), run=False)
    page = machine.memory[0x18] << 8
    top = machine.memory.word(0x12)
    return bytes(machine.memory[page:top])


TRICKY_LINES = [
    "10 PAGE=&1900:X=PAGE:TIME=0:PRINT TIME",
    "10 IF X THEN 100 ELSE 200",
    "10 ON X GOTO 10,20, 30 ELSE 40",
    "10 ENDx=TIMER:END",
    "10 P.\"HI\";:E.",
    "10 DEF PROCPRINT:REM PRINT",
    "10 DATA PRINT,\"X\":GOTO 10",
    "10 K=1TO999:X=.5",
    "10 *FX 200",
    "10 TOTAL=XPRINT",
    "10 ?&70=PAGE:!&70=HIMEM",
    "10 X=&FFOR 3",
    "10 TRACE 100:TRACE OFF:RESTORE 100",
    "10 IF X THEN TIME=0 ELSE PAGE=0",
    "10 REPEAT TIME=TIME+1:UNTIL TIME>9",
    "10 X=ABS-3:DIM A%(3):Y=A%(1)+FNx(2)",
    "10 LET TIME=3",                    # LET and ERROR have the start-of-statement flag
    "10 ON ERROR PAGE=0",
    "10 LIST 100:AUTO 10,5:DELETE 10,20:RENUMBER 100,10",   # the line-number flag
    "10 E.PAGE",                        # neither middle nor start flag: the state stays
    "10 GOTO 40000:ON X GOTO 99999,20",  # no line is above 32767: kept as typed (as BASIC II)
]


def test_listings_match_our_roms_tokeniser(bbc):
    for path in BBC_LISTINGS:
        text = path.read_text()
        assert rom_tokenised(bbc, text) == tokenise_program(text), path.name
    for text in TRICKY_LINES:
        assert rom_tokenised(bbc, text) == tokenise_program(text), text


@pytest.mark.slow
def test_conformance_programs_match_our_roms_tokeniser(bbc):
    for name, text, _, _ in CASES:
        try:
            ours = tokenise_program(text)
        except ProgramError:
            continue
        assert rom_tokenised(bbc, text) == ours, name


# --- acorn run of a tokenised file -----------------------------------------------------------------

def entered(path, seed_and_run):
    """A BBC with the program at `path` put in by `acorn run`'s own path (typed or loaded), then the
    keys `seed_and_run` typed."""
    from emulator import Machine
    from emulator.basic.listing import enter_program, read_program
    program = read_program(str(path))
    machine = Machine(program.machine)
    enter_program(machine, program, run=False)
    machine.type(seed_and_run)
    machine.run_until_typed()
    return machine


def test_run_of_a_tokenised_file_plays_as_the_listing(tmp_path):
    listing = ROOT / "basic_programs" / "silver_dollar_bbc.bas"
    tokenised = tmp_path / "SDOLLAR"
    tokenised.write_bytes(tokenise_program(listing.read_text()))
    typed, loaded = entered(listing, "X=RND(-7)\rRUN\r"), entered(tokenised, "X=RND(-7)\rRUN\r")

    def program(machine):
        page = machine.memory[0x18] << 8
        return bytes(machine.memory[page:machine.memory.word(0x12)])
    assert program(loaded) == program(typed) == tokenised.read_bytes()
    for machine in (typed, loaded):
        machine.run_until_text("A", max_seconds=10)
        machine.run(1)
    assert loaded.screen.text() == typed.screen.text()
    start = typed.screen.text()
    assert any("A" in row and "E" in row for row in start), start     # the board
    for move in "ABCDE":                                 # the same keys, the same game
        for machine in (typed, loaded):
            machine.type(move)
            machine.run_until_typed()
            machine.run(3)
        assert loaded.screen.text() == typed.screen.text()
    assert typed.screen.text() != start                  # the coins moved


def test_acorn_run_detects_and_runs_a_tokenised_file(tmp_path, capsys):
    path = tmp_path / "HELLO"
    path.write_bytes(tokenise_program('1000 PRINT "HELLO ";PAGE\n2000 END'))
    code, out, err = acorn(capsys, "run", str(path), "--headless", "--until", "HELLO", "--print-screen",
                           "--max-seconds", "5")
    assert (code, err) == (0, "")
    assert ">OLD" in out and ">RUN" in out and "HELLO" in out


@pytest.mark.parametrize("content,machine,words", [
    (b"\r\x00\x0a\x40 \xf1\r\xff", "bbc", "not a tokenised BBC BASIC program: offset &0001"),
    (b"\r\x00\x0a\x06 \xf1\r\xff", "atom", "runs on the BBC Micro, not the Acorn Atom"),
])
def test_acorn_run_bad_tokenised_files(tmp_path, capsys, content, machine, words):
    path = tmp_path / "P"
    path.write_bytes(content)
    code, out, err = acorn(capsys, "run", str(path), "--headless", "--machine", machine)
    assert code == 2 and words in err and err.count("\n") == 1


def test_cli_names_lines_that_list_differently(tmp_path, capsys):
    source, output = tmp_path / "P", tmp_path / "p.bas"
    source.write_bytes(tokenise_program("10 PRINT\n20 E.X"))
    code, _, err = acorn(capsys, "basic", "detokenize", str(source), "-o", str(output))
    assert code == 0 and err.count("\n") == 1 and "line(s) 20 list as text that tokenises differently" in err
    assert output.read_text() == "   10 PRINT\n   20 ENDPROCX\n"
