"""A whole program: forward references, locals, scopes, macros, includes and conditional assembly."""
import textwrap

import pytest

from emulator.asm import AsmError, assemble, assemble_file, read_symbol_file, read_symbols

DEFS = """\
CHROUT = $FFEE
DEBUG = 1
ptr = $70
        .macro inc16 addr       ; add one to a 16-bit number
        inc addr
        bne @skip
        inc addr+1
@skip:
        .endm
"""

MAIN = """\
; test program
        .include "lib/defs.inc"
        .org $2000
start:  ldx #0
@loop:  lda message,x           ; message is a forward reference
        beq @done
        jsr CHROUT
        inx
        bne @loop
@done:  inc16 ptr
        .if DEBUG
        lda #<message
        .else
        lda #0
        .endif
        .ifdef NOT_DEFINED
        .error "not assembled"
        .elif DEBUG == 1 && 0
        .endif
        jmp video.clear
message: .text "HI", 13, 0
        .scope video
base = $7000
clear:  ldy #0
@loop:  sta base,y
        iny
        bne @loop
        rts
        .endscope
        .assert * == $2025, "layout moved"
table:  .word start, video.clear
        .byte >message, <message
"""

EXPECTED_IMAGE = bytes.fromhex(
    "A2 00"            # 2000 ldx #0
    "BD 18 20"         # 2002 lda message,x   (forward reference: absolute)
    "F0 06"            # 2005 beq @done
    "20 EE FF"         # 2007 jsr CHROUT
    "E8"               # 200A inx
    "D0 F5"            # 200B bne @loop
    "E6 70 D0 02 E6 71"  # 200D inc16 ptr
    "A9 18"            # 2013 lda #<message
    "4C 1C 20"         # 2015 jmp video.clear
    "48 49 0D 00"      # 2018 message
    "A0 00"            # 201C video.clear: ldy #0
    "99 00 70"         # 201E sta base,y
    "C8"               # 2021 iny
    "D0 FA"            # 2022 bne @loop
    "60"               # 2024 rts
    "00 20 1C 20"      # 2025 table
    "20 18"            # 2029
)


@pytest.fixture
def program(tmp_path):
    (tmp_path / "lib").mkdir()
    (tmp_path / "lib" / "defs.inc").write_text(DEFS)
    # `&&` is not an operator: the .elif line would be an error if it were assembled, so this also
    # checks that the branch after a taken .ifdef/.elif is skipped.
    source = tmp_path / "main.s"
    source.write_text(MAIN.replace("DEBUG == 1 && 0", "DEBUG == 1"))
    return source


def test_image(program):
    result = assemble_file(program)
    assert result.origin == 0x2000
    assert result.image == EXPECTED_IMAGE


def test_symbols(program, tmp_path):
    result = assemble_file(program)
    expected = {
        "CHROUT": 0xFFEE, "DEBUG": 1, "ptr": 0x70,
        "start": 0x2000, "start@loop": 0x2002, "start@done": 0x200D, "inc16#1@skip": 0x2013,
        "message": 0x2018, "video.base": 0x7000, "video.clear": 0x201C, "video.clear@loop": 0x201E,
        "table": 0x2025,
    }
    assert result.symbols == expected
    path = tmp_path / "out.sym"
    path.write_text(result.symbol_text())
    assert read_symbols(path) == expected
    kinds = {s.name: s.kind for s in read_symbol_file(path)}
    assert kinds["CHROUT"] == "const" and kinds["video.base"] == "const"
    assert kinds["start@loop"] == "label" and kinds["video.clear"] == "label"
    lines = path.read_text().splitlines()
    assert lines[0].startswith(";")
    assert any(line.split() == ["video.clear", "=", "$201C", ";", "label"] for line in lines)
    # sorted by value
    values = [s.value for s in read_symbol_file(path)]
    assert values == sorted(values)


def test_listing(program):
    rows = assemble_file(program).listing.splitlines()
    assert any(row.endswith("lib/defs.inc") and row.startswith(";") for row in rows)
    assert [row.split() for row in rows if "jsr CHROUT" in row] == [["7", "2007", "20", "EE", "FF", "jsr", "CHROUT"]]
    # a constant shows its value instead of an address
    assert [row.split() for row in rows if "CHROUT =" in row] == [["1", "=", "FFEE", "CHROUT", "=", "$FFEE"]]
    # the macro's expansion is listed under its call, marked '+'
    call = next(k for k, row in enumerate(rows) if "inc16 ptr" in row)
    assert rows[call + 1].startswith("; ") and rows[call + 1].endswith("defs.inc")
    assert rows[call + 2].split()[:4] == ["5", "200D", "E6", "70"]
    assert "+" in rows[call + 2]
    # the branch not taken is listed without bytes, marked '-'
    skipped = next(row for row in rows if "lda #0" in row)
    assert "-" in skipped and "A9" not in skipped
    # data longer than four bytes continues on the next row
    table = next(k for k, row in enumerate(rows) if "table:" in row)
    assert rows[table].split()[1:6] == ["2025", "00", "20", "1C", "20"]


def test_other_branch_of_the_conditional(program):
    (program.parent / "lib" / "defs.inc").write_text(DEFS.replace("DEBUG = 1", "DEBUG = 0"))
    result = assemble_file(program)
    assert result.image[0x13:0x15] == bytes([0xA9, 0x00])
    assert len(result.image) == len(EXPECTED_IMAGE)


def test_a_bad_condition_that_is_reached_is_an_error(program):
    program.write_text(MAIN)        # `.elif DEBUG == 1 && 0`: `&&` is not an operator
    with pytest.raises(AsmError) as caught:
        assemble_file(program)
    assert len(caught.value.errors) == 1
    assert caught.value.errors[0].startswith(f"{program}:18:")


def test_errors_of_a_pass_are_all_reported(program):
    program.write_text(MAIN.replace("&& 0", "") + " lda nowhere\n .fill 200\n bne start\n .byte 256\n")
    with pytest.raises(AsmError) as caught:
        assemble_file(program)
    errors = caught.value.errors
    assert len(errors) == 3
    assert errors[0] == f"{program}:33:6: undefined symbol 'nowhere'"
    assert errors[1].startswith(f"{program}:35:6: branch out of range: the target is -248 bytes away")
    assert errors[2] == f"{program}:36:8: value $100 too large for a byte"


def test_error_inside_a_macro_names_the_call(tmp_path):
    source = textwrap.dedent("""\
        .macro poke addr, value
        lda #value
        sta addr
        .endm
        poke $70, 300
    """)
    with pytest.raises(AsmError) as caught:
        assemble(source, filename="m.s")
    assert caught.value.errors == ["m.s:2:6: value $12C too large for a byte (in macro poke called at m.s:5)"]
