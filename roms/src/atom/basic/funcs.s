; Functions: ABS, RND, CH, COUNT, TOP, LEN and the rest of the function table.

functions:
        .text "AB", 'S'+$80
        .word fn_abs
        .text "RN", 'D'+$80
        .word fn_rnd
        .text "C", 'H'+$80
        .word fn_ch
        .text "COUN", 'T'+$80
        .word fn_count
        .text "TO", 'P'+$80
        .word fn_top
        .text "LE", 'N'+$80
        .word fn_len
        .byte 0

fn_abs: jsr factor
        lda ACC+3
        bpl @done
        jmp negate
@done:  rts

; RND: a 32-bit pseudo-random number.  The seed at $08-$0B steps as seed * 1664525 + 1013904223
; (a full-period linear congruential generator; our own sequence, not Acorn's), and the result is
; the seed with its halves swapped, so the low bits programs take with % come from the seed's
; better-mixed high bits.
fn_rnd: ldx #3
@c:     lda SEED,x
        sta ARG,x
        lda rnd_mul,x
        sta ACC,x
        dex
        bpl @c
        jsr multiply
        clc
        ldx #0
@a:     lda ACC,x
        adc rnd_add,x
        sta SEED,x
        inx
        txa
        eor #4
        bne @a
        lda SEED+2
        sta ACC
        lda SEED+3
        sta ACC+1
        lda SEED
        sta ACC+2
        lda SEED+1
        sta ACC+3
        rts
rnd_mul: .byte $0D, $66, $19, $00       ; 1664525
rnd_add: .byte $5F, $F3, $6E, $3C       ; 1013904223

fn_ch:  jsr string_source
        ldy #0
        lda (PTR2),y
        jmp set_acc_a

fn_count:
        lda COUNTV
        jmp set_acc_a

fn_top: lda TOPV
        ldx TOPV+1
        ; fall into acc_ax

; acc_ax: ACC = X * 256 + A.
acc_ax: sta ACC
        stx ACC+1
        lda #0
        sta ACC+2
        sta ACC+3
        rts

fn_len: jsr factor
        lda ACC
        sta PTR2
        lda ACC+1
        sta PTR2+1
        ldy #0
@c:     lda (PTR2),y
        cmp #13
        beq @done
        iny
        bne @c
@done:  tya
        jmp set_acc_a

