; 32-bit arithmetic: multiply, divide, negate.

; set_acc_a: ACC = A (0-255).
set_acc_a:
        sta ACC
        lda #0
        sta ACC+1
        sta ACC+2
        sta ACC+3
        rts

; add_arg: ACC = ARG + ACC (32 bits).
add_arg:
        clc
        ldx #0
@a:     lda ARG,x
        adc ACC,x
        sta ACC,x
        inx
        txa
        eor #4
        bne @a
        rts

; times: ACC = ARG * ACC as Acorn's `*` gives it: the product of the magnitudes keeps its low 31
; bits, then takes the sign (#7FFFFFFF*2 is 2147483646, #40000000*2 is 0).
times:  lda ARG+3
        eor ACC+3
        pha                     ; bit 7: the sign of the product
        lda ACC+3
        bpl @accpos
        jsr negate
@accpos:
        lda ARG+3
        bpl @argpos
        jsr negate_arg
@argpos:
        jsr multiply
        lda ACC+3
        and #$7F
        sta ACC+3
        pla
        bpl @done
        jmp negate
@done:  rts

; multiply: ACC = ARG * ACC (the low 32 bits; RND's generator).
multiply:
        ldx #3
@copy:  lda ACC,x
        sta WORK,x
        lda #0
        sta ACC,x
        dex
        bpl @copy
@bit:   lda WORK                ; (speed: done once no multiplier bits are left)
        ora WORK+1
        ora WORK+2
        ora WORK+3
        beq @done
        lsr WORK+3
        ror WORK+2
        ror WORK+1
        ror WORK
        bcc @shift
        clc
        ldx #0
@add:   lda ACC,x
        adc ARG,x
        sta ACC,x
        inx
        txa
        eor #4
        bne @add
@shift: asl ARG
        rol ARG+1
        rol ARG+2
        rol ARG+3
        jmp @bit
@done:  rts

; divide: ACC = ARG / ACC, WORK = ARG % ACC; truncated toward zero, the remainder has the
; sign of ARG.
divide: lda ACC
        ora ACC+1
        ora ACC+2
        ora ACC+3
        bne @ok
        error E_DIVIDE
@ok:    lda ARG+3
        sta TMP3                ; remainder's sign
        eor ACC+3
        sta TMP4                ; quotient's sign
        lda ACC+3
        bpl @pos
        jsr negate
@pos:   lda ARG+3
        bpl @pos2
        jsr negate_arg
@pos2:  ldx #3
        lda #0
@z:     sta WORK,x
        dex
        bpl @z
        lda ARG+2               ; both below 65536: 16 bits do (speed)
        ora ARG+3
        ora ACC+2
        ora ACC+3
        bne @long
        ldy #16
        lda ARG+1
        bne @b16
        lda ARG                 ; (a dividend below 256: its high byte's 8 steps give nothing)
        sta ARG+1
        lda #0
        sta ARG
        ldy #8
@b16:   asl ARG
        rol ARG+1
        rol WORK
        rol WORK+1
        lda WORK
        sec
        sbc ACC
        tax
        lda WORK+1
        sbc ACC+1
        bcc @n16
        sta WORK+1
        stx WORK
        inc ARG
@n16:   dey
        bne @b16
        beq @quot
@long:  ldy #32
@bit:   asl ARG
        rol ARG+1
        rol ARG+2
        rol ARG+3
        rol WORK
        rol WORK+1
        rol WORK+2
        rol WORK+3
        sec
        lda WORK
        sbc ACC
        pha
        lda WORK+1
        sbc ACC+1
        pha
        lda WORK+2
        sbc ACC+2
        pha
        lda WORK+3
        sbc ACC+3
        bcc @no
        sta WORK+3
        pla
        sta WORK+2
        pla
        sta WORK+1
        pla
        sta WORK
        inc ARG
        bne @next               ; (bit 0 was clear after the shift)
@no:    pla
        pla
        pla
@next:  dey
        bne @bit
@quot:  ldx #3
@q:     lda ARG,x
        sta ACC,x
        dex
        bpl @q
        lda TMP4
        bpl @qs
        jsr negate
@qs:    lda TMP3
        bpl @done
        sec
        ldx #0
@nr:    lda #0
        sbc WORK,x
        sta WORK,x
        inx
        txa
        eor #4
        bne @nr
@done:  rts

negate: sec
        ldx #0
@n:     lda #0
        sbc ACC,x
        sta ACC,x
        inx
        txa
        eor #4
        bne @n
        rts

negate_arg:
        sec
        ldx #0
@n:     lda #0
        sbc ARG,x
        sta ARG,x
        inx
        txa
        eor #4
        bne @n
        rts

