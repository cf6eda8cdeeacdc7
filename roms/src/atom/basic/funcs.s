; Functions: ABS, RND, CH, COUNT, TOP, LEN and the rest of the function table.

functions:
        .text "AB", 'S'+$80
        .word fn_abs
        .text "RN", 'D'+$80
        .word URND              ; (the utility ROM)
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

