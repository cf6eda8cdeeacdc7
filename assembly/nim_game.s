; nim_game -- Nim against the computer, in machine code, on the Acorn Atom or the BBC Micro.
;
; Four heaps of 1, 3, 5 and 7 matches (the seeds' opening).  The player chooses the normal game
; (whoever takes the last match wins) or the misere game (whoever takes it loses), then moves
; first: a heap letter A-D and how many to take, 1-9 ("C3").  The computer answers with
; bouton_move or misere_move.  A key that makes no sense rings the bell and is ignored; ESCAPE
; leaves the game.  Only the machine's OS calls are used, so it runs under either machine's OS.
;
; Building:  MACHINE_BBC = 1 (defined before this file, e.g. a one-line wrapper that sets it and
;            includes this file) selects the BBC Micro's entry points; without it, the Atom's.
;            acorn asm assembly/nim_game.s -o nim.bin   gives the Atom build.
; Loading:   at $3000 (Atom: in the standard text space #2800-#3BFF; BBC: below the mode 7 screen).
; Starting:  JSR $3000 (or jump there); the game returns with RTS when it is over.
; Memory:    zero page $70-$73 (heaps) and $80-$8A (nim_zeropage.s, plus game_* below).

NIM_PROGRAM = 1

        .ifndef MACHINE_BBC
MACHINE_BBC = 0
        .endif

        .if MACHINE_BBC
; BBC Micro MOS entry points ("OSBITS" part 9, a list of the OS calls with their addresses:
; https://files.dcford.org.uk/file.php?id=c5df72ea0aa1ed2ef4c0c9a02ea47bb1).  OSRDCH returns with
; C set and A = &1B after ESCAPE, which must be acknowledged with OSBYTE &7E.
OSRDCH  = $FFE0
OSNEWL  = $FFE7                 ; LF then CR
OSWRCH  = $FFEE
OSBYTE  = $FFF4
        .else
; Acorn Atom entry points ("Atomic Theory and Practice", chapter 25, Operating System Routines and
; Addresses; our roms/src/atom/atom.inc has the same table).
OSRDCH  = $FFE3
OSNEWL  = $FFED                 ; OSCRLF: LF then CR
OSWRCH  = $FFF4
        .endif

HEAP_COUNT = 4
ESCAPE  = $1B
BELL    = 7
NEWLINE = 13                    ; in the texts below: print with OSNEWL

        .org $3000
        .include "nim_zeropage.s"

        jmp nim_game
        .include "misere_move.s"        ; (and bouton_move) first: the same page on both machines

game_misere = $88               ; 0 normal game, $FF misere
game_heap   = $89               ; the heap being played
game_take   = $8A               ; the player's take, less one

nim_game:
        cld
        ldx #HEAP_COUNT - 1
@init:  lda start_heaps,x
        sta nim_heaps,x
        dex
        bpl @init
        ldx #text_title - texts
        jsr print
@mode:  jsr read_key
        ldy #0
        cmp #'N'
        beq @chosen
        dey
        cmp #'M'
        beq @chosen
        jsr bell
        jmp @mode
@chosen: sty game_misere
        jsr OSWRCH
        jsr OSNEWL

player: jsr OSNEWL
        jsr show_heaps
        ldx #text_your_move - texts
        jsr print
@heap:  jsr read_key            ; a heap letter, A-D, of a heap with matches in it
        sec
        sbc #'A'
        cmp #HEAP_COUNT
        bcs @bad_heap
        tax
        lda nim_heaps,x
        bne @heap_ok
@bad_heap:
        jsr bell
        jmp @heap
@heap_ok:
        stx game_heap
        txa
        adc #'A'                ; C = 0 from the CMP
        jsr OSWRCH
@count: jsr read_key            ; how many: '1' up to the heap's size (at most 9)
        sec
        sbc #'1'                ; 0 for '1'; other keys give 9 or more (or wrap round to $Cx+)
        ldx game_heap
        cmp nim_heaps,x
        bcc @count_ok
        jsr bell
        jmp @count
@count_ok:
        sta game_take
        adc #'1'                ; C = 0: the digit again
        jsr OSWRCH
        jsr OSNEWL
        lda nim_heaps,x
        clc
        sbc game_take           ; heap - (take - 1) - 1
        sta nim_heaps,x
        jsr matches_left
        bne computer
        ldx #text_you_win - texts       ; the player took the last match
        lda game_misere
        beq game_over
        ldx #text_i_win - texts
        bne game_over

computer:
        ldx #text_i_take - texts
        jsr print
        ldx #HEAP_COUNT
        lda game_misere
        bne @misere
        jsr bouton_move
        jmp @chosen
@misere: jsr misere_move
@chosen: stx game_heap          ; X = heap, A = take, nim_leave = what is left
        ora #'0'
        jsr OSWRCH
        ldx #text_from - texts
        jsr print
        lda game_heap
        clc
        adc #'A'
        jsr OSWRCH
        jsr OSNEWL
        ldx game_heap
        lda nim_leave
        sta nim_heaps,x
        jsr matches_left
        beq @last
        jmp player
@last:  ldx #text_i_win - texts         ; the computer took the last match
        lda game_misere
        beq game_over
        ldx #text_you_win - texts
game_over:
        jsr print
        rts

; ESCAPE, from read_key with the stack as it was at nim_game's entry.
escaped:
        .if MACHINE_BBC
        lda #$7E                ; acknowledge the ESCAPE condition
        jsr OSBYTE
        .endif
        jmp OSNEWL              ; and return to whoever started the game

; A = the next key, letters in upper case.  ESCAPE leaves the game: read_key is only called from
; nim_game's own level, so dropping its return address leaves the stack as the game found it.
read_key:
        jsr OSRDCH
        cmp #ESCAPE
        bne @key
        pla
        pla
        jmp escaped
@key:   cmp #'a'
        bcc @done
        and #$DF                ; lower case to upper case
@done:  rts

bell:   lda #BELL
        jmp OSWRCH

; Z = 1 when every heap is empty.  Clobbers A, X.
matches_left:
        ldx #HEAP_COUNT
        lda #0
@heap:  ora nim_heaps-1,x
        dex
        bne @heap
        tax
        rts

; Each heap as "C 5 |||||".  OSWRCH and OSNEWL keep X and Y on both machines.
show_heaps:
        ldx #0
@row:   txa
        clc
        adc #'A'
        jsr OSWRCH
        lda #' '
        jsr OSWRCH
        lda nim_heaps,x
        ora #'0'                ; heaps never hold more than 9
        jsr OSWRCH
        lda #' '
        jsr OSWRCH
        ldy nim_heaps,x
        beq @end_row
@match: lda #'|'
        jsr OSWRCH
        dey
        bne @match
@end_row:
        jsr OSNEWL
        inx
        cpx #HEAP_COUNT
        bne @row
        rts

; Print texts+X up to a 0 byte; NEWLINE goes out through OSNEWL.
print:  lda texts,x
        beq @done
        cmp #NEWLINE
        bne @char
        jsr OSNEWL
        jmp @next
@char:  jsr OSWRCH
@next:  inx
        bne print
@done:  rts

start_heaps:
        .byte 1, 3, 5, 7

texts:
text_title:
        .text "NIM", NEWLINE
        .text "N: LAST MATCH WINS", NEWLINE
        .text "M: LAST MATCH LOSES", NEWLINE
        .text "N OR M? ", 0
text_your_move:
        .text "YOUR MOVE (HEAP, HOW MANY)? ", 0
text_i_take:
        .text "I TAKE ", 0
text_from:
        .text " FROM ", 0
text_you_win:
        .text "YOU WIN!", NEWLINE, 0
text_i_win:
        .text "I WIN!", NEWLINE, 0
        .assert * - texts <= 256, "the texts must stay within reach of X"
