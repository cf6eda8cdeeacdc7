"""The assembler's syntax, directive by directive, and its error messages."""
import pytest

from emulator.asm import AsmError, assemble
from emulator.errors import UserError


def image(text, origin=0x1000):
    return assemble(text, origin=origin).image


def errors(text, filename="t.s"):
    with pytest.raises(AsmError) as caught:
        assemble(text, origin=0x1000, filename=filename)
    return caught.value.errors


def value(expression):
    return assemble(f"v = {expression}").symbols["v"]


@pytest.mark.parametrize("expression,expected", [
    ("$ff", 255), ("$FF", 255), ("%1010", 10), ("42", 42), ("'A'", 65), ("'\\''", 39), ("'\\x7f'", 127),
    ("1+2*3", 7), ("(1+2)*3", 9), ("7/2", 3), ("-7/2", -3), ("1<<8|2", 258), ("$1234>>8", 0x12),
    ("$F0&$3C", 0x30), ("$F0^$FF", 0x0F), ("<$1234", 0x34), (">$1234", 0x12), ("<$1234+1", 0x35),
    ("(<$12FF)+1", 0x100), ("-1", -1), ("~0", -1), ("!0", 1), ("!5", 0), ("3==3", 1), ("3!=3", 0),
    ("2<3", 1), ("2>3", 0), ("2<=2", 1), ("3>=4", 0), ("1+2==3", 1), ("10-2-3", 5), ("+5", 5),
])
def test_expressions(expression, expected):
    assert value(expression) == expected


def test_current_address():
    assert image(" .org $2000\n .word *, *+2\n jmp *") == bytes([0, 0x20, 2, 0x20, 0x4C, 0x04, 0x20])
    assert image("* = $3000\nhere: .byte <here, >here") == bytes([0, 0x30])
    assert assemble("* = $3000\nx = * * 2").symbols["x"] == 0x6000


def test_data_directives():
    assert image(' .byte 1, $ff, -1, "AB"') == bytes([1, 255, 255, 65, 66])
    assert image(' .text "a\\r\\n\\"\\\\\\0", 0') == bytes([97, 13, 10, 34, 92, 0, 0])
    assert image(" .word $1234, -1") == bytes([0x34, 0x12, 0xFF, 0xFF])
    assert image(" .fill 3\n .fill 2, $EA") == bytes([0, 0, 0, 0xEA, 0xEA])
    assert image(" .byte 1\n .align 4\n .byte 2\n .align 8, $FF\n .byte 3") == bytes(
        [1, 0, 0, 0, 2, 255, 255, 255, 3])
    assert image(" .align 1\n .byte 1") == bytes([1])
    assert image(' nop ; a comment with "quotes" and ; more\n lda #\';\'') == bytes([0xEA, 0xA9, 59])


def test_image_spans_lowest_to_highest_address_and_gaps_are_ff():
    result = assemble(" .org $1004\n .byte 2\n .org $1000\n .byte 1", origin=0)
    assert result.origin == 0x1000
    assert result.image == bytes([1, 0xFF, 0xFF, 0xFF, 2])
    assert result.end == 0x1005
    empty = assemble("x = 1", origin=0x4000)
    assert (empty.image, empty.origin) == (b"", 0x4000)


def test_origin_argument():
    assert assemble("start: jmp start", origin=0xC000).image == bytes([0x4C, 0x00, 0xC0])


def test_zero_page_choice():
    # known and below $100: zero page; a forward reference: absolute, even once it is known to be small
    text = "early = $70\n lda early\n lda late\n lda early,x\n lda late,x\n ldx early,y\n ldx late,y\nlate = $71"
    assert image(text) == bytes.fromhex("A5 70 AD 71 00 B5 70 BD 71 00 B6 70 BE 71 00")
    # the choice holds for labels that come after code whose size depends on it
    text = " lda fwd\nnext: .byte <next\nfwd = $10"
    assert image(text) == bytes([0xAD, 0x10, 0x00, 0x03])
    # a mode without an absolute form stays zero page (and must fit)
    assert image(" stx zp,y\nzp = $80") == bytes([0x96, 0x80])
    assert image("ptr = $FE\n lda (ptr),y\n lda (ptr,x)") == bytes([0xB1, 0xFE, 0xA1, 0xFE])


def test_accumulator_and_implied():
    assert image(" asl\n asl a\n LSR A\n rol\n ror a\n nop\n rts") == bytes(
        [0x0A, 0x0A, 0x4A, 0x2A, 0x6A, 0xEA, 0x60])


def test_local_labels_and_scopes():
    text = """
first:  ldx #2
@loop:  dex
        bne @loop
second: ldx #2
@loop:  dex
        bne @loop
        jmp first@loop
        .scope gfx
width = 40
plot:   lda #width
@loop:  jmp @loop
        .scope inner
deep:   lda #width
        .endscope
        jmp inner.deep
        .endscope
        lda #gfx.width
        jmp gfx.plot@loop
        jmp gfx.inner.deep
"""
    result = assemble(text, origin=0x2000)
    s = result.symbols
    assert s["first@loop"] == 0x2002 and s["second@loop"] == 0x2007
    assert s["gfx.width"] == 40 and s["gfx.plot@loop"] == 0x200F and s["gfx.inner.deep"] == 0x2012
    assert result.image[0x0A:0x0D] == bytes([0x4C, 0x02, 0x20])          # jmp first@loop
    assert result.image[0x14:0x17] == bytes([0x4C, 0x12, 0x20])          # jmp inner.deep
    assert result.image[-8:] == bytes([0xA9, 40, 0x4C, 0x0F, 0x20, 0x4C, 0x12, 0x20])


def test_macros():
    text = """
        .macro store value, addr
        lda #value
        sta addr
        .endm
        .macro wait
@again: dex
        bne @again
        .endm
        store 1, $70
        store <(label+1), label   ; an argument is any text up to its comma
        wait
        wait
label:  .text "value"             ; a parameter name in a string is left alone
"""
    out = image(text, origin=0x1000)
    assert out[:4] == bytes([0xA9, 1, 0x85, 0x70])
    assert out[4:9] == bytes([0xA9, 0x10, 0x8D, 0x0F, 0x10])
    assert out[9:13] == bytes([0xCA, 0xD0, 0xFD, 0xCA])       # each expansion has its own @again
    assert out[-5:] == b"value"


def test_conditionals_nest():
    text = """
        .if 1
          .if 0
            .byte 1
          .elif 1
            .byte 2
          .else
            .byte 3
          .endif
        .else
          .if 1
            .byte 4
          .endif
        .endif
        .ifndef nothing
            .byte 5
        .endif
"""
    assert image(text) == bytes([2, 5])


def test_include_and_incbin(tmp_path):
    (tmp_path / "data.bin").write_bytes(bytes(range(10)))
    (tmp_path / "inc").mkdir()
    (tmp_path / "inc" / "consts.s").write_text("K = 7\n")
    text = ' .include "consts.s"\n .incbin "data.bin"\n .incbin "data.bin", 8\n .incbin "data.bin", 2, 3\n .byte K'
    result = assemble(text, filename=str(tmp_path / "main.s"), include_dirs=[tmp_path / "inc"])
    assert result.image == bytes(range(10)) + bytes([8, 9, 2, 3, 4, 7])


# ---- errors ---------------------------------------------------------------------------------------

def test_asm_error_is_a_user_error():
    assert issubclass(AsmError, UserError)


@pytest.mark.parametrize("text,expected", [
    (" lda nowhere", "t.s:1:6: undefined symbol 'nowhere'"),
    ("a: nop\na: nop", "t.s:2:1: duplicate symbol 'a'"),
    ("k = 1\nk = 2", "t.s:2:1: duplicate symbol 'k'"),
    (" bne far\n .fill 200\nfar: rts", "t.s:1:6: branch out of range: the target is +200 bytes away "
                                       "(a branch reaches -128 to +127)"),
    (" lda #256", "t.s:1:7: value $100 too large for a byte"),
    (" .byte 1, 300", "t.s:1:11: value $12C too large for a byte"),
    (" .byte -129", "t.s:1:8: value -$81 too small for a byte"),
    (" .word $10000", "t.s:1:8: value $10000 too large for a word"),
    (" lda ($1234),y", "t.s:1:6: value $1234 too large for a byte: LDA (indirect),Y needs a zero-page address"),
    (" stx $1234,y", "t.s:1:6: STX has no absolute,Y addressing mode, and $1234 is too large for a byte "
                     "(a zero-page address)"),
    (" lda ($12)", "t.s:1:6: LDA has no indirect addressing mode (it has: immediate, zero page, zero page,X, "
                   "absolute, absolute,X, absolute,Y, (indirect,X), (indirect),Y)"),
    (" jmp #1", "t.s:1:7: JMP has no immediate addressing mode (it has: absolute, indirect)"),
    (" inx #1", "t.s:1:7: INX takes no operand"),
    (" lda", "t.s:1:2: LDA needs an operand"),
    (" sta #1", "t.s:1:7: STA has no immediate addressing mode (it has: zero page, zero page,X, absolute, "
                "absolute,X, absolute,Y, (indirect,X), (indirect),Y)"),
    (" ldx 1,x", "t.s:1:6: LDX has no absolute,X or zero page,X addressing mode (it has: immediate, zero page, "
                 "zero page,Y, absolute, absolute,Y)"),
    (" lda (1),x", "t.s:1:6: the 6502 has no (indirect),X mode: write (ADDRESS,X), or +(EXPRESSION),X for "
                   "an indexed expression"),
    (" frob 1", "t.s:1:2: unknown instruction or macro 'frob'"),
    (" .frob", "t.s:1:2: unknown directive '.frob'"),
    (" lda #1 +", "t.s:1:10: expression ends too soon"),
    (" lda #(1", "t.s:1:9: missing ')'"),
    (' .byte "abc', "t.s:1:8: unterminated string"),
    (" .byte 1/0", "t.s:1:9: division by zero"),
    (" .byte 1 << 40", "t.s:1:10: shift count 40 out of range 0-31"),
    (" .byte $", "t.s:1:8: bad hex number '$'"),
    (" .byte 12ab", "t.s:1:8: bad decimal number '12ab'"),
    (" .byte %102", "t.s:1:8: bad binary number '%102'"),
    (" .byte 1 ?", "t.s:1:10: unexpected character '?'"),
    (" .org later\nlater: nop", "t.s:1:7: 'later' has no value yet: .org needs one in the first pass, so "
                                "define it (and what it depends on) before this line"),
    (" .fill n\nn = 3", "t.s:1:8: 'n' has no value yet: .fill needs one in the first pass, so define it "
                        "(and what it depends on) before this line"),
    ("k = later + 1\n .if k\n .endif\nlater: nop", "t.s:2:6: 'k' has no value yet: .if needs one in the "
                                                    "first pass, so define it (and what it depends on) before "
                                                    "this line"),
    (" .if undefined_flag\n .endif", "t.s:1:6: undefined symbol 'undefined_flag'"),
    (" .if 1", "t.s:1:1: .if without .endif"),
    (" .endif", "t.s:1:2: .endif without .if"),
    (" .else\n", "t.s:1:2: .else without .if"),
    (" .assert 1 == 2, \"sizes differ\"", "t.s:1:10: sizes differ"),
    (" .error \"stop here\"", "t.s:1:2: stop here"),
    (" .org $FFFF\n nop\n nop", "t.s:3:1: code runs past $FFFF"),
    (" .org $1000\n nop\n .org $1000\n nop", "t.s:4:1: address $1000 is assembled twice (check .org)"),
    (' .include "no-such-file.s"', "t.s:1:11: no-such-file.s: cannot read the included file: no such file"),
    (" .macro m a, a\n .endm", "t.s:1:14: parameter 'a' given twice"),
    (" .macro lda\n .endm", "t.s:1:9: 'lda' is an instruction; a macro cannot take its name"),
    (" .macro m x\n .endm\n m", "t.s:3:2: macro m takes 1 argument(s), 0 given"),
    (" .macro m\n nop", "t.s:1:2: .macro without .endm"),
    (" .scope s", "t.s:1:1: .scope s is never closed with .endscope"),
    ("x.y: nop", "t.s:1:1: label 'x.y' cannot be qualified; define it inside .scope"),
    ("a = b\nb = a", "t.s:1:5: symbol 'b' cannot be resolved (defined in terms of itself?)"),
    (" lda #" + "(" * 41 + "1" + ")" * 41, "t.s:1:47: expression nested more than 40 deep"),
    (" lda #" + "-" * 2000 + "1", "t.s:1:47: expression nested more than 40 deep"),
    (" .byte 1" + "+1" * 300, "t.s:1:409: expression has more than 200 operators"),
    (" .macro m\n m\n .endm\n m", "t.s:2:2: macros nested more than 32 deep (in macro m called at t.s:2)"),
])
def test_error_messages(text, expected):
    assert errors(text)[0] == expected


def test_branch_at_the_limits():
    assert image("back: .fill 126\n bne back")[-2:] == bytes([0xD0, 0x80])
    assert errors("back: .fill 127\n bne back") == [
        "t.s:2:6: branch out of range: the target is -129 bytes away (a branch reaches -128 to +127)"]
    assert image(" bne fwd\n .fill 127\nfwd: rts")[:2] == bytes([0xD0, 0x7F])


def test_every_error_of_the_pass_is_reported():
    found = errors(" lda #300\n lda nowhere\n ldx #1000\n")
    assert [e.split(":")[1] for e in found] == ["1", "2", "3"]
    # first-pass errors stop before the second pass
    found = errors("a: nop\na: nop\n lda nowhere\n .frob")
    assert found == ["t.s:2:1: duplicate symbol 'a'", "t.s:4:2: unknown directive '.frob'"]


def test_include_errors(tmp_path):
    (tmp_path / "loop.s").write_text(' .include "loop.s"\n')
    (tmp_path / "bad.s").write_bytes(b"\xff\n")
    (tmp_path / "broken.s").write_text(" nop\n lda #\n")
    main = str(tmp_path / "main.s")
    with pytest.raises(AsmError) as caught:
        assemble(' .include "loop.s"\n .include "bad.s"\n .include "broken.s"\n .incbin "none.bin"', filename=main)
    assert caught.value.errors == [
        f"{tmp_path / 'loop.s'}:1:11: '{tmp_path / 'loop.s'}' includes itself",
        f"{main}:2:11: '{tmp_path / 'bad.s'}' is not UTF-8 text",
        f"{tmp_path / 'broken.s'}:2:7: missing expression",
        f"{main}:4:10: none.bin: cannot read the included file: no such file",
    ]
