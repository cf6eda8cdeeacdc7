; nim_sum16 -- the nim-sum of N 16-bit heaps.
;
; In:       X = N, the number of heaps, 1-16;
;           nim_heaps+0 .. +N-1 = the heaps' low bytes, nim_heaps_hi+0 .. +N-1 = their high bytes.
; Out:      A = low byte of the nim-sum, X = high byte (A = X = 0 exactly when the position is safe).
;           Y = 0; Z = 1 and N = 0 (from the loop counter).
; Kept:     C, V, D, I and the heaps.
; Cycles:   20 + 18*N, JSR to RTS inclusive:
;           JSR 6 + TXA, TAY, LDA# 6 + high loop 9*N - 1 + TAX, LDA# 4 + low loop 9*N - 1 + RTS 6.
;           The low loop reads through abs,Y (EOR has no zp,Y) with a zero-page base that never
;           crosses a page, so it costs the same 4 cycles as zp,X.
; Size:     19 bytes.  Two exclusive-or loops beat one loop juggling two bytes (23 cycles a heap).

        .include "nim_zeropage.s"

nim_sum16:
        txa
        tay                             ; Y = N for the second loop
        lda #0
@high:  eor nim_heaps_hi-1,x
        dex
        bne @high
        .assert @high / 256 == * / 256, "branch crosses a page: timing"
        tax                             ; X = high byte of the sum
        lda #0
@low:   eor nim_heaps-1,y               ; absolute,Y on a zero-page base
        dey
        bne @low
        .assert @low / 256 == * / 256, "branch crosses a page: timing"
        rts
