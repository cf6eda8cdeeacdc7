"""A 10,000-line source assembles in under 2 seconds (both passes, listing included)."""
import time

from emulator.asm import assemble
from emulator.asm import syntax


def ten_thousand_lines():
    lines = [" .org $1000", "ptr = $70",
             " .macro inc16 addr", " inc addr", " bne @skip", " inc addr+1", "@skip:", " .endm"]
    k = 0
    while len(lines) < 10_000:
        k += 1
        lines += [
            f"label{k}: lda #<(label{k}+{k % 7})",
            " sta ptr",
            f" ldx #{k % 256}",
            f"@loop: lda table{k},x ; comment {k}",
            " sta (ptr),y",
            " dex",
            " bne @loop",
            " inc16 ptr",
            f" jmp label{k + 1}",
            f"table{k}: .byte 1, 2, 3, {k % 200}",
        ]
    lines.append(f"label{k + 1}: rts")
    return "\n".join(lines) + "\n"


def test_ten_thousand_lines_in_under_two_seconds():
    text = ten_thousand_lines()
    assert text.count("\n") >= 10_000
    syntax._STATEMENT_CACHE.clear()           # time the parsing too
    start = time.perf_counter()
    result = assemble(text)
    elapsed = time.perf_counter() - start
    assert len(result.image) > 20_000
    assert elapsed < 2.0, f"{elapsed:.2f} s"
