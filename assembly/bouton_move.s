; bouton_move -- the computer's move in normal-play Nim (whoever takes the last match wins),
; by the seeds' procedure (emulator/reference/nim.py: bouton_move).
;
;   1. Exclusive-or all the heaps together (the total).
;   2. Total not 0 (unsafe): exclusive-or the total with each heap in turn, heap 0 first; the first
;      result smaller than its heap is what that heap must be left with.
;   3. Total 0 (safe): no move wins; take one match from the largest heap (the first of equals).
;
; In:       X = N, the number of heaps, 1-16; nim_heaps+0 .. +N-1 = the heaps (0-255 each).
; Out:      C = 0: a move.  X = the heap (0-based), A = matches to take (1 or more),
;                  nim_leave = matches left in that heap.  Apply it with LDA nim_leave : STA nim_heaps,X.
;           C = 1: every heap is empty -- the game is over, there is no move.  A, X undefined.
; Clobbers: Y, nim_count (= N), nim_where.  The heaps are only read.  D must be clear.
; Cycles, JSR to RTS inclusive (i = the heap chosen in step 2):
;           unsafe position      45 + 9*N + 15*i
;           safe position        40 + 21*N + 8*u
;           every heap empty     34 + 21*N
;           where u counts the heaps, read from the last to the first, that hold at least one
;           match and at least as many as every heap after them (the times the largest is updated).
; Size:     59 bytes.

        .ifndef BOUTON_MOVE_S
BOUTON_MOVE_S = 1
        .include "nim_zeropage.s"

bouton_move:
        stx nim_count                   ; 3   kept for step 3
        lda #0                          ; 2
@sum:   eor nim_heaps-1,x               ; 4   step 1: the total
        dex                             ; 2
        bne @sum                        ; 3 (2 at the end)
        .assert @sum / 256 == * / 256, "branch crosses a page: timing"
        tay                             ; 2   Y = total
        beq @safe                       ; 2 (3)
        .assert @safe / 256 == * / 256, "branch crosses a page: timing"
        ldx #$FF                        ; 2
@scan:  inx                             ; 2   step 2; some heap always qualifies, so no end test
        tya                             ; 2
        eor nim_heaps,x                 ; 4   what heap X would have to become
        cmp nim_heaps,x                 ; 4   (never equal: the total is not 0)
        bcs @scan                       ; 3 (2 when it lowers the heap)
        .assert @scan / 256 == * / 256, "branch crosses a page: timing"
        sta nim_leave                   ; 3
        sbc nim_heaps,x                 ; 4   C = 0: leave - heap - 1 = -take - 1 (and C stays 0)
        eor #$FF                        ; 2   = take
        rts                             ; 6

; Step 3.  A holds best-1, best being the largest heap so far (starting at 1, so that empty heaps
; never count); scanning down and taking heaps >= best leaves the first of equal heaps chosen.
@safe:  sta nim_where                   ; 3   0: no heap chosen yet (else heap index + 1)
        ldx nim_count                   ; 3
@max:   cmp nim_heaps-1,x               ; 4   C = 0 when heap X-1 >= best
        bcs @next                       ; 3 (2)
        .assert @next / 256 == * / 256, "branch crosses a page: timing"
        lda nim_heaps-1,x               ; 4
        sbc #0                          ; 2   C = 0: A = heap - 1
        stx nim_where                   ; 3
@next:  dex                             ; 2
        bne @max                        ; 3 (2)
        .assert @max / 256 == * / 256, "branch crosses a page: timing"
        ldx nim_where                   ; 3
        beq @empty                      ; 2 (3)
        .assert @empty / 256 == * / 256, "branch crosses a page: timing"
        dex                             ; 2   the heap's index
        sta nim_leave                   ; 3   largest - 1
        lda #1                          ; 2   take one
        clc                             ; 2
        rts                             ; 6
@empty: sec                             ; 2   no matches anywhere
        rts                             ; 6

        .endif
