"""BBC BASIC's file statements on the whole machine: our BASIC -> our MOS filing system -> the host
filing card -> a host directory (and a read-only .ssd image).  The tests check the host files' bytes."""
from emulator.basic.bbc_tokeniser import tokenise_program
from emulator.media.dfs_disc import build_ssd
from bbc_support import boot, command, screen

PROGRAM = ['10 REM SAVED AND LOADED', '20 FOR I%=1 TO 3', '30 PRINT "LINE ";I%', '40 NEXT']


def run_until(m, text, max_seconds=10):
    """RUN the program in memory and wait (in emulated time) for `text` to appear."""
    m.type("CLS:RUN\r")
    m.run_until_text(text, max_seconds=max_seconds)
    return screen(m)


def enter(m, lines):
    for line in lines:
        command(m, line, settle=0.05)


def program_bytes(m):
    """The program as it is in memory, PAGE to TOP (BASIC's own pointers, read from the screen)."""
    command(m, "CLS:PRINT ~PAGE,~TOP")
    page, top = (int(v, 16) for v in screen(m).splitlines()[-2].split())
    return bytes(m.memory[page:top])


def test_save_new_load_run_with_the_host_bytes_checked(tmp_path):
    m = boot(tmp_path)
    enter(m, PROGRAM)
    in_memory = program_bytes(m)
    assert in_memory[:1] == b"\r" and in_memory[-2:] == b"\r\xff"
    command(m, 'SAVE "PROG"')
    assert (tmp_path / "PROG").read_bytes() == in_memory
    load, exec_, length = (tmp_path / "PROG.inf").read_text().split()[1:4]
    assert int(length, 16) == len(in_memory)
    command(m, "NEW")
    assert "SAVED" not in command(m, "LIST")
    command(m, 'LOAD "PROG"')
    assert program_bytes(m) == in_memory
    text = command(m, "CLS:RUN")
    assert "LINE 1\nLINE 2\nLINE 3" in text


def test_chain_a_tokenised_program_from_an_ssd_image(tmp_path):
    """The program is tokenised on the host (emulator/basic/bbc_tokeniser.py), put on a disc image
    built here, and CHAINed from drive 1."""
    tokenised = tokenise_program('10 PRINT "CHAINED FROM DISC"\n20 PRINT 6*7\n')
    image = tmp_path / "listings.ssd"
    image.write_bytes(build_ssd([("$", "HELLO", 0xFFFF0E00, 0xFFFF8023, tokenised)], title="PERIOD"))
    before = image.read_bytes()
    m = boot(tmp_path, discs={1: image})
    text = command(m, 'CHAIN ":1.HELLO"', settle=0.5)
    assert "CHAINED FROM DISC" in text and "42" in text
    assert program_bytes(m) == tokenised
    assert "Disc read only" in command(m, 'SAVE ":1.OTHER"')
    assert image.read_bytes() == before


def test_openout_bput_openin_bget_round_trip(tmp_path):
    m = boot(tmp_path)
    enter(m, ['10 F%=OPENOUT "BYTES"',
              '20 FOR I%=0 TO 255:BPUT#F%,I%:NEXT',
              '30 CLOSE#F%',
              '40 F%=OPENIN "BYTES":S%=0:N%=0',
              '50 REPEAT:B%=BGET#F%:S%=S%+B%:N%=N%+1:UNTIL EOF#F%',
              '60 PRINT N%;" ";S%;" ";EXT#F%:CLOSE#F%'])
    assert "256 32640 256" in run_until(m, "256 32640 256")
    assert (tmp_path / "BYTES").read_bytes() == bytes(range(256))


def test_print_hash_input_hash_round_trip(tmp_path):
    m = boot(tmp_path)
    enter(m, ['10 F%=OPENOUT "DATA"',
              '20 PRINT#F%,258,"AB",-1',
              '30 CLOSE#F%',
              '40 F%=OPENUP "DATA":INPUT#F%,A%,B$,C%:CLOSE#F%',
              '50 PRINT A%;B$;C%'])
    assert "258AB-1" in run_until(m, "258AB-1")
    # integers are &40 and four bytes, strings &00, the length and the characters reversed
    assert (tmp_path / "DATA").read_bytes() == (b"\x40\x00\x00\x01\x02" + b"\x00\x02BA"
                                                + b"\x40\xff\xff\xff\xff")


def test_errors_from_the_filing_system_reach_basic(tmp_path):
    m = boot(tmp_path)
    (tmp_path / "KEEP").write_bytes(b"precious")
    assert "File not found" in command(m, 'LOAD "NOSUCH"')
    assert "214" in command(m, "PRINT ERR")
    assert "Bad filename" in command(m, 'SAVE "MUCHTOOLONG"')
    enter(m, ['10 ON ERROR PRINT "ERR ";ERR:END', '20 X%=BGET#99'])
    assert "ERR 222" in command(m, "CLS:RUN")
    assert (tmp_path / "KEEP").read_bytes() == b"precious"


def test_print_hash_input_hash_of_reals(tmp_path):
    m = boot(tmp_path)
    enter(m, ['10 F%=OPENOUT "REALS"',
              '20 PRINT#F%,PI,-1.5,0,7',
              '30 CLOSE#F%',
              '40 F%=OPENIN "REALS":INPUT#F%,A,B,C,D%:CLOSE#F%',
              '50 PRINT A;" ";B;" ";C;" ";D%'])
    assert "3.14159265 -1.5 0 7" in run_until(m, "3.14159265 -1.5 0 7")
    # &FF and the 5-byte form (PI is 82 49 0F DA A2 in memory), its bytes last first like every value
    assert (tmp_path / "REALS").read_bytes() == (b"\xff\xa2\xda\x0f\x49\x82" + b"\xff\x00\x00\x00\xc0\x81"
                                                 + b"\x40\x00\x00\x00\x00" + b"\x40\x00\x00\x00\x07")
