; silver_dollar_move -- the computer's move in the Silver Dollar game of the listings (seed 001;
; emulator/reference/silver_dollar.py: computer_move).
;
; Five coins A..E on a strip, squares numbered from 0 at the left wall; a move slides one coin
; left over empty squares.  The heaps are the empty squares left of A, between B and C and between
; D and E (lines 1000-1010).  Their nim-sum S not 0: the first heap n that S lowers gives the move,
; coin 2n+1 (A, C or E) by TT(n) - (S EOR TT(n)) squares (1030-1040).  S = 0: the first coin with an
; empty square on its left moves half of those squares, rounded up (1100-1120).
;
; In:       sd_coins+0 .. +4 = the squares of coins A..E, strictly increasing (0-255).
; Out:      C = 0: X = the coin to move (1 = A ... 5 = E), A = squares to move it left.
;           C = 1: no coin can move (they are packed against the wall: the game is over).
; Clobbers: Y, sd_gaps (2 bytes).  The coins are only read.  D must be clear.
; Cycles, JSR to RTS inclusive:
;           S not 0, coin A moves       63
;           S not 0, coin C moves       70
;           S not 0, coin E moves       79
;           S = 0, coin A moves         55
;           S = 0, coin n moves         34 + 19*n       (n = 2-5: B to E)
;           no coin can move            133
; Size:     79 bytes.

        .include "nim_zeropage.s"

silver_dollar_move:
        lda sd_coins+2                  ; 3   heap 1: empty squares between B and C
        clc                             ; 2
        sbc sd_coins+1                  ; 3
        sta sd_gaps+0                   ; 3
        lda sd_coins+4                  ; 3   heap 2: between D and E
        clc                             ; 2
        sbc sd_coins+3                  ; 3
        sta sd_gaps+1                   ; 3
        eor sd_gaps+0                   ; 3
        eor sd_coins+0                  ; 3   heap 0, left of A, is A's square
        beq @safe                       ; 2 (3)
        .assert @safe / 256 == * / 256, "branch crosses a page: timing"
        tay                             ; 2   Y = S
        eor sd_coins+0                  ; 3
        cmp sd_coins+0                  ; 3
        bcc @coin_a                     ; 2 (3)
        .assert @coin_a / 256 == * / 256, "branch crosses a page: timing"
        tya                             ; 2
        eor sd_gaps+0                   ; 3
        cmp sd_gaps+0                   ; 3
        bcc @coin_c                     ; 2 (3)
        .assert @coin_c / 256 == * / 256, "branch crosses a page: timing"
        tya                             ; 2   then heap 2 is the one S lowers
        eor sd_gaps+1                   ; 3
        clc                             ; 2
        sbc sd_gaps+1                   ; 3   left - heap - 1 = -squares - 1, C = 0
        ldx #5                          ; 2
        bne @moved                      ; 3
        .assert @moved / 256 == * / 256, "branch crosses a page: timing"
@coin_a: sbc sd_coins+0                 ; 3   C = 0 from the BCC
        ldx #1                          ; 2
        bne @moved                      ; 3
        .assert @moved / 256 == * / 256, "branch crosses a page: timing"
@coin_c: sbc sd_gaps+0                  ; 3
        ldx #3                          ; 2
@moved: eor #$FF                        ; 2   = squares to move
        rts                             ; 6

@safe:  ldx #1                          ; 2   coin A: its empty squares are its square
        lda sd_coins+0                  ; 3
        bne @half                       ; 2 (3)
        .assert @half / 256 == * / 256, "branch crosses a page: timing"
@gap:   inx                             ; 2   coin X
        cpx #6                          ; 2
        bcs @stuck                      ; 2 (3)
        .assert @stuck / 256 == * / 256, "branch crosses a page: timing"
        lda sd_coins-1,x                ; 4
        clc                             ; 2
        sbc sd_coins-2,x                ; 4   empty squares between it and the coin on its left
        beq @gap                        ; 3 (2)
        .assert @gap / 256 == * / 256, "branch crosses a page: timing"
@half:  lsr                             ; 2   half, rounded up (PP(N)-PP(N-1) DIV 2)
        adc #0                          ; 2   (at most 128: C ends 0)
@stuck: rts                             ; 6   C = 1 from the CPX when no coin can move
