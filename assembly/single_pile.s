; single_pile_move -- the computer's move in the seeds' single-pile game: take 1 to half the
; matches (at least 1); whoever takes the last match loses (emulator/reference/nim.py:
; single_pile_move).  The safe sizes are 2^n - 1.
;
; The seeds' bit method: "finds the most significant 1 bit ... removes this bit and adds 1 to the
; number left" -- that many matches are taken (47 -> 16).  From a safe size the answer would be
; more than half the pile, so the machine "only removes 1 match".  The answer r+1 (r = the pile
; without its top bit) exceeds half the pile exactly when it equals the top bit, i.e. the pile is
; 2^n - 1, so that is the test made.
;
; In:       A = matches in the pile, 0-255.
; Out:      A = matches to take (1 or more); A = 0 (and Z = 1) when the pile is empty.
; Clobbers: X, Y; flags other than the A = 0 case.  D must be clear.
; Cycles, JSR to RTS inclusive, L = the bit length of the pile (1-8: 1 for 1, 8 for 128-255):
;           unsafe pile     95 - 7*L
;           safe pile       96 - 7*L        (1, 3, 7, 15, 31, 63, 127, 255)
;           empty pile      17
;           The ASL loop runs 9-L times at 7 cycles; big piles are the quick ones.
; Size:     31 bytes, with the 8-byte table of bits.

        .include "nim_zeropage.s"

single_pile_move:
        tay                             ; 2   keep the pile; Z when it is empty
        beq @done                       ; 2 (3)
        .assert @done / 256 == * / 256, "branch crosses a page: timing"
        ldx #$FF                        ; 2
@top:   inx                             ; 2   X = bits above the top 1
        asl                             ; 2
        bcc @top                        ; 3 (2)
        .assert @top / 256 == * / 256, "branch crosses a page: timing"
        tya                             ; 2
        eor single_pile_bits,x          ; 4   drop the top bit
        adc #0                          ; 2   C = 1 from the ASL: add one -- the seeds' answer
        cmp single_pile_bits,x          ; 4   equal to the top bit only for 2^n - 1 (safe)
        bne @done                       ; 3 (2)
        .assert @done / 256 == * / 256, "branch crosses a page: timing"
        lda #1                          ; 2   safe: take a single match
@done:  rts                             ; 6

single_pile_bits:                       ; the top bit, by the number of bits above it
        .byte $80, $40, $20, $10, $08, $04, $02, $01
        .assert single_pile_bits / 256 == (* - 1) / 256, "single_pile_bits crosses a page: timing"
