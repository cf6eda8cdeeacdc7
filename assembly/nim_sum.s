; nim_sum -- the nim-sum of N 8-bit heaps: their exclusive-or, the seeds' "digital sum".
;
; In:       X = N, the number of heaps, 1-16; nim_heaps+0 .. nim_heaps+N-1 = the heaps.
; Out:      A = heap 0 EOR heap 1 EOR ... EOR heap N-1 (0 exactly when the position is safe).
;           X = 0; Z = 1 and N = 0 (they come from the loop counter, not from A).
; Kept:     Y, C, V, D, I and the heaps.
; Cycles:   13 + 9*N, from the first cycle of the JSR that calls it to the last of its RTS:
;           JSR 6 + LDA# 2 + N * (EOR zp,X 4 + DEX 2 + BNE 3) - 1 (the last BNE falls through) + RTS 6.
; Size:     8 bytes.  The loop runs from the last heap down, so no compare is needed.

        .include "nim_zeropage.s"

nim_sum:
        lda #0
@heap:  eor nim_heaps-1,x       ; heap X-1
        dex
        bne @heap
        .assert @heap / 256 == * / 256, "branch crosses a page: timing"
        rts
