; 32-bit integer arithmetic and decimal output.

SUBT1   = $10
SUBT2   = $11
FIELDW  = $17
DLEN    = $19
DSIGN   = $1A

negate_iacc:
        ldx #IACC
        bne negate_zx
negate_acc2:
        ldx #ACC2
; negate the 4-byte integer at zero page X
negate_zx:
        sec
        ldy #4
@l:     lda #0
        sbc $00,x
        sta $00,x
        inx
        dey
        bne @l
        rts

; IACC = IACC * 10 + A (A a digit 0-9): (4x + x) * 2 + A
iacc_times10_plus:
        pha
        lda IACC+2
        ora IACC+3
        bne @long
        ldx IACC+1              ; below 6400 so far (constants, line numbers: the common case)
        cpx #25                 ; takes 16-bit arithmetic, for speed
        bcs @long
        lda IACC
        asl a
        rol IACC+1
        asl a
        rol IACC+1              ; 4x in IACC+1 and A
        adc IACC                ; (carry clear: 4x is below 25600)
        sta IACC
        txa
        adc IACC+1
        asl IACC
        rol a
        sta IACC+1              ; 10x, below 64000: carry clear
        bcc @digit
@long:  ldx #3
@c:     lda IACC,x
        sta TMP,x
        dex
        bpl @c
        jsr iacc_shl
        jsr iacc_shl
        ldx #$FC                ; (IACC+4,X wraps round to IACC in zero page; INX keeps C)
        clc
@a:     lda IACC+4,x
        adc TMP+4,x
        sta IACC+4,x
        inx
        bne @a
        jsr iacc_shl
@digit: pla
        clc
        adc IACC
        sta IACC
        bcs iacc_carry
        rts

; IACC += 1 (RND and the number printer share this)
iacc_inc:
        inc IACC
        bne iacc_done
iacc_carry:
        inc IACC+1
        bne iacc_done
        inc IACC+2
        bne iacc_done
        inc IACC+3
iacc_done:
        rts

iacc_shl:
        asl IACC
        rol IACC+1
        rol IACC+2
        rol IACC+3
        rts

; IACC = ACC2 MOD IACC (MOD and RND); ends with N set
mod32:  jsr divmod32
        ldx #3
@m:     lda TMP2,x              ; the remainder
        sta IACC,x
        dex
        bpl @m
        rts

; ACC2 DIV IACC -> IACC, ACC2 MOD IACC -> TMP2 (truncating: the remainder has the dividend's sign)
divmod32:
        lda IACC
        ora IACC+1
        ora IACC+2
        ora IACC+3
        bne @ok
        jmp e_divzero
@ok:    lda ACC2+3
        sta DSIGN               ; bit 7: the sign of the remainder
        eor IACC+3
        pha                     ; bit 7: the sign of the quotient
        lda ACC2+3
        bpl @p1
        jsr negate_acc2
@p1:    lda IACC+3
        bpl @p2
        jsr negate_iacc
@p2:    ldx #3
@c:     lda IACC,x
        sta TMP,x
        lda #0
        sta TMP2,x
        dex
        bpl @c
        ldx #32
@z:     lda ACC2+3              ; the dividend's top byte is 0 (a small dividend, the usual case):
        bne @w                  ; its 8 quotient bits are 0 and it adds nothing to the remainder,
        cpx #9                  ; so the dividend moves up a whole byte at once
        bcc @w
        ldy ACC2+2
        sty ACC2+3
        ldy ACC2+1
        sty ACC2+2
        ldy ACC2
        sty ACC2+1
        sta ACC2
        txa
        sbc #8                  ; (carry set by CPX)
        tax
        bne @z                  ; (always: X was 16 or more)
@w:     lda TMP+1               ; a divisor below 256 (the usual case): the remainder fits in A
        ora TMP+2
        ora TMP+3
        bne @l
@l8:    asl ACC2
        rol ACC2+1
        rol ACC2+2
        rol ACC2+3
        rol a
        bcs @s8                 ; (past 8 bits: the divisor goes)
        cmp TMP
        bcc @n8
@s8:    sbc TMP                 ; (carry set)
        inc ACC2
@n8:    dex
        bne @l8
        sta TMP2                ; (TMP2+1 to +3 stay 0)
        beq @fin                ; (always: X is 0)
@l:     asl ACC2
        rol ACC2+1
        rol ACC2+2
        rol ACC2+3
        rol TMP2
        rol TMP2+1
        rol TMP2+2
        rol TMP2+3
        sec
        lda TMP2
        sbc TMP
        tay
        lda TMP2+1
        sbc TMP+1
        sta SUBT1
        lda TMP2+2
        sbc TMP+2
        sta SUBT2
        lda TMP2+3
        sbc TMP+3
        bcc @n
        sta TMP2+3
        sty TMP2
        lda SUBT1
        sta TMP2+1
        lda SUBT2
        sta TMP2+2
        inc ACC2
@n:     dex
        bne @l
@fin:   ldx #3
@q:     lda ACC2,x
        sta IACC,x
        dex
        bpl @q
        pla
        bpl @s1
        jsr negate_iacc
@s1:    lda DSIGN
        bpl @s2
        ldx #TMP2
        jsr negate_zx
@s2:    lda #0
        sta VTYPE
        rts

; TMP = TMP / 10 (unsigned), A = the remainder
div10:  lda #0
        ldx #32
@l:     asl TMP
        rol TMP+1
        rol TMP+2
        rol TMP+3
        rol a
        cmp #10
        bcc @n
        sbc #10
        inc TMP
@n:     dex
        bne @l
        rts

; IACC as decimal text in DIGITS (reversed), DLEN characters
dec_digits:
        ldx #3
@c:     lda IACC,x
        sta TMP,x
        dex
        bpl @c
        lda IACC+3
        sta DSIGN
        bpl @pos
        ldx #TMP
        jsr negate_zx
@pos:   ldy #0
@d:     jsr div10
        ora #'0'
        sta DIGITS,y
        iny
        lda TMP
        ora TMP+1
        ora TMP+2
        ora TMP+3
        bne @d
        lda DSIGN
        bpl @e
        lda #'-'
        sta DIGITS,y
        iny
@e:     sty DLEN
        rts

; IACC in decimal, right-justified in a field of A characters
print_dec_width:
        sta FIELDW
        jsr dec_digits
        lda FIELDW
        sec
        sbc DLEN
        jsr spaces
@digits:
        ldy DLEN
@p:     dey
        lda DIGITS,y
        jsr outch
        cpy #0
        bne @p
        rts
