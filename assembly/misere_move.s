; misere_move -- the computer's move in the reverse (misere) game: whoever takes the last match
; loses (emulator/reference/nim.py: misere_move).
;
; The seeds: play as in the normal game, except "when the game reaches a point when only one pile
; has more than one match ... make the move that ensures an odd number of one-match piles is left".
; The normal move from such a position is always on that one big heap and leaves it 0 or 1 (the
; parity of the one-match heaps); the misere move leaves the other of the two.  With two or more
; big heaps, or none, the normal move (bouton_move) stands: from all-small heaps it takes one match
; from the first non-empty heap, exactly what the seeds' rule asks.  So: make the normal move, and
; when it leaves 0 or 1 in a heap that held more than one, check that no other heap holds more
; than one; if none does, flip what is left (0 <-> 1).
;
; In:       X = N, 1-16; nim_heaps+0 .. +N-1 = the heaps.
; Out:      as bouton_move: C = 0, X = heap, A = take, nim_leave = left; C = 1 when every heap is empty.
; Clobbers: Y, nim_count, nim_where, nim_take.  D must be clear.
; Cycles, JSR to RTS inclusive, with B = bouton_move's own cycles (its header):
;           every heap empty                         B + 15
;           the normal move leaves 2 or more         B + 24
;           it leaves 0 or 1 of a heap of 0 or 1     B + 30
;           heap X was the only heap over 1 (flip)   B + 64 + 13*N
;           another heap j holds 2 or more           B + 60 + 13*s + 5*[X > j]
;           where j is the last such heap (the scan runs from heap N-1 down) and s = N-1-j the
;           heaps read before it; [X > j] is 1 when heap X was among them.
; Size:     53 bytes, plus bouton_move.

        .ifndef MISERE_MOVE_S
MISERE_MOVE_S = 1
        .include "nim_zeropage.s"

misere_move:
        jsr bouton_move                 ; 6 + B
        bcs @done                       ; 2 (3)  no matches: no move
        .assert @done / 256 == * / 256, "branch crosses a page: timing"
        ldy nim_leave                   ; 3
        cpy #2                          ; 2
        bcs @normal                     ; 3 (2)  leaves 2 or more: as in the normal game
        .assert @normal / 256 == * / 256, "branch crosses a page: timing"
        ldy nim_heaps,x                 ; 4
        cpy #2                          ; 2
        bcc @done                       ; 3 (2)  (C = 0) every heap holds 0 or 1: as normal
        .assert @done / 256 == * / 256, "branch crosses a page: timing"
        sta nim_take                    ; 3      kept in case the normal move stands
        stx nim_where                   ; 3
        ldy nim_count                   ; 3
@other: dey                             ; 2      any other heap over 1?
        bmi @flip                       ; 2 (3)
        .assert @flip / 256 == * / 256, "branch crosses a page: timing"
        lda nim_heaps,y                 ; 4      absolute,Y on a zero-page base
        cmp #2                          ; 2
        bcc @other                      ; 3 (2)
        .assert @other / 256 == * / 256, "branch crosses a page: timing"
        cpy nim_where                   ; 3
        beq @other                      ; 3 (2)  that is heap X itself
        .assert @other / 256 == * / 256, "branch crosses a page: timing"
        lda nim_take                    ; 3      yes: the normal move stands
@normal: clc                            ; 2
@done:  rts                             ; 6
@flip:  lda nim_leave                   ; 3      heap X is the only big heap:
        eor #1                          ; 2      leave an odd number of one-match heaps
        sta nim_leave                   ; 3
        clc                             ; 2
        sbc nim_heaps,x                 ; 4      left - heap - 1 = -take - 1, C = 0
        eor #$FF                        ; 2      = take
        rts                             ; 6

        .include "bouton_move.s"
        .endif
