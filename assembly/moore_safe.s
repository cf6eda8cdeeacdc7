; moore_is_safe -- Moore's Nim_k safety test: a move takes from up to k heaps, and a position is
; safe "if and only if for every place j, the sum of the n digits c_ij is exactly divisible by k+1"
; (seed 004; emulator/reference/nim.py: moore_is_safe, moore_column_sums).
;
; Each heap's bits are shifted out from the bottom, each 1 counted in its column's byte of
; moore_counts; a heap below 16 stops after four bits (Nim heaps are usually small).  Then each
; column's count (0-16) looks up, in moore_divisible, the byte whose bit k says "k+1 divides this
; count"; the eight bytes are ANDed with the bit for k.  The bit loop is unrolled: X is the heap
; index, Y keeps k, and a column costs 5 cycles, 4 more for a 1.
;
; In:       X = N, the number of heaps, 1-16; Y = k, 1-7; nim_heaps+0 .. +N-1 = the heaps.
; Out:      C = 1 safe, C = 0 unsafe.  moore_counts+0 .. +7 = the ones in bit columns 0..7, not
;           yet reduced (moore_column_sums is these modulo k+1).
; Clobbers: A, X, Y.  The heaps are only read.  D must be clear.
; Cycles, JSR to RTS inclusive, the sum of:
;           the call                    99
;           each heap of 0-7            31 + 4*P
;           each heap of 8-15           34 + 4*P
;           each heap of 16-255         52 + 4*P
;           where P is the heap's number of ones.  k costs nothing.
; Size:     142 bytes, with the 17-byte and 8-byte tables.

        .include "nim_zeropage.s"

        .macro count_bit column         ; 5 cycles, 9 when the bit is 1
        lsr
        bcc @zero
        .assert @zero / 256 == * / 256, "branch crosses a page: timing"
        inc moore_counts+column
@zero:
        .endm

moore_is_safe:
        lda #0                          ; 2
        sta moore_counts+0              ; 3 x 8
        sta moore_counts+1
        sta moore_counts+2
        sta moore_counts+3
        sta moore_counts+4
        sta moore_counts+5
        sta moore_counts+6
        sta moore_counts+7
@heap:  lda nim_heaps-1,x               ; 4
        count_bit 0
        count_bit 1
        count_bit 2
        lsr                             ; 2   C = bit 3, Z = nothing above it
        bne @high                       ; 2 (3)
        .assert @high / 256 == * / 256, "branch crosses a page: timing"
        bcc @next                       ; 3 (2)   a heap of 0-7: done
        .assert @next / 256 == * / 256, "branch crosses a page: timing"
        inc moore_counts+3              ; 5       8-15
        bcs @next                       ; 3       (C is still 1)
        .assert @next / 256 == * / 256, "branch crosses a page: timing"
@high:  bcc @bit4                       ; 3 (2)
        .assert @bit4 / 256 == * / 256, "branch crosses a page: timing"
        inc moore_counts+3              ; 5
@bit4:  count_bit 4
        count_bit 5
        count_bit 6
        count_bit 7
@next:  dex                             ; 2
        bne @heap                       ; 3 (2)
        .assert @heap / 256 == * / 256, "branch crosses a page: timing"
        lda moore_bit_of_k,y            ; 4
        ldy moore_counts+0              ; 3 + 4 for each column
        and moore_divisible,y
        ldy moore_counts+1
        and moore_divisible,y
        ldy moore_counts+2
        and moore_divisible,y
        ldy moore_counts+3
        and moore_divisible,y
        ldy moore_counts+4
        and moore_divisible,y
        ldy moore_counts+5
        and moore_divisible,y
        ldy moore_counts+6
        and moore_divisible,y
        ldy moore_counts+7
        and moore_divisible,y
        cmp #1                          ; 2   C = 1 when the bit survived: safe
        rts                             ; 6

moore_bit_of_k:
        .byte $01, $02, $04, $08, $10, $20, $40, $80
        .assert moore_bit_of_k / 256 == (* - 1) / 256, "moore_bit_of_k crosses a page: timing"

; Bit k of entry c is set when k+1 divides c (c = 0..16 ones in a column, k = 0..7).
moore_divisible:
        .byte $FF, $01, $03, $05, $0B, $11, $27, $41, $8B, $05, $13, $01, $2F, $01, $43, $15, $8B
        .assert moore_divisible / 256 == (* - 1) / 256, "moore_divisible crosses a page: timing"
