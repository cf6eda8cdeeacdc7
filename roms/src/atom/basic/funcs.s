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

; RND: the seed at #08-#0C is a 40-bit shift register, moved on 32 places a call: each place
; shifts it left and feeds bit 19 exclusive-or bit 32 into bit 0; RND is then its low 32 bits.
; (Found by running Acorn's BASIC: from a seed poked at #08-#0C this gives the numbers, and leaves
; the seed, that Acorn's does.  Nothing sets the seed at start-up: it is what RAM held.)
fn_rnd: ldy #32
@bit:   lda SEED+2
        lsr a
        lsr a
        lsr a                   ; bit 0: the seed's bit 19
        eor SEED+4              ; ... exclusive-or its bit 32
        lsr a                   ; into C
        rol SEED
        rol SEED+1
        rol SEED+2
        rol SEED+3
        rol SEED+4
        dey
        bne @bit
        ldx #3
@c:     lda SEED,x
        sta ACC,x
        dex
        bpl @c
        rts

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

