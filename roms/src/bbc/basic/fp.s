; Real numbers: the 5-byte format and its arithmetic (our own routines: shift-and-add multiply,
; restoring division, round to nearest), giving BASIC II's results to the last bit (its rules,
; found by running it, in docs/bbc_basic.md "Real numbers" and tests/bbc_basic/real_model.py).
;
; In memory (the documented 6502 BBC BASIC form, so ! ? | and files see the documented bytes):
;   byte 0 exponent, excess 128 (0: the number is zero); bytes 1-4 the mantissa, most significant
;   first, a fraction 0.1xxx... whose top bit (always 1) is replaced by the sign (1 negative).
;   1 is 81 00 00 00 00, PI is 82 49 0F DA A2.
; The real accumulator FACC: FSIGN (bit 7), FEXP, the mantissa in IACC (IACC+3 most significant,
; top bit set when normalised) and a guard byte FG below it, so operations round from 40 bits.
; The second operand FARG: ASIGN, AEXP, ACC2, AG.  Binary operations are FARG op FACC -> FACC.

; ---- loading and storing ----

; FACC = the 5 bytes at A (low) Y (high), and the same from PTR1, VTYPE = real (the interface
; other parts use: PRINT#, INPUT#, the assembler); each _ay entry runs on into its routine
fload_ay:
        sta PTR1
        sty PTR1+1
real_load:
        ldy #0
        sty FG
        lda (PTR1),y
        sta FEXP
        beq fzero
        iny
        lda (PTR1),y
        tax
        ora #$80
        sta IACC+3
        iny
        lda (PTR1),y
        sta IACC+2
        iny
        lda (PTR1),y
        sta IACC+1
        iny
        lda (PTR1),y
        sta IACC
        txa
        and #$80
        sta FSIGN
real_vt:
        lda #VT_REAL
        sta VTYPE
        rts

; FACC = 0 (a real)
fzero:  lda #0
        sta FEXP
        sta FSIGN
        sta FG
        sta IACC
        sta IACC+1
        sta IACC+2
        sta IACC+3
        beq real_vt

; FACC -> 5 bytes at A/Y, at PTR1
fstore_ay:
        sta PTR1
        sty PTR1+1
real_store:
        ldy #0
        lda FEXP
        sta (PTR1),y
        beq @zero
        iny
        lda IACC+3
        and #$7F
        ora FSIGN
        sta (PTR1),y
        iny
        lda IACC+2
        sta (PTR1),y
        iny
        lda IACC+1
        sta (PTR1),y
        iny
        lda IACC
        sta (PTR1),y
        rts
@zero:  ldy #4
@z:     sta (PTR1),y
        dey
        bne @z
        rts

; 5 bytes at A/Y, at PTR1 -> FARG (FACC kept; loaded directly, not through FACC, for speed)
farg_ay:
        sta PTR1
        sty PTR1+1
farg_load:
        ldy #0
        sty AG
        lda (PTR1),y
        sta AEXP
        beq @zero
        iny
        lda (PTR1),y
        tax
        ora #$80
        sta ACC2+3
        iny
        lda (PTR1),y
        sta ACC2+2
        iny
        lda (PTR1),y
        sta ACC2+1
        iny
        lda (PTR1),y
        sta ACC2
        txa
        and #$80
@sign:  sta ASIGN
        lda #VT_REAL
        sta VTYPE
        rts
@zero:  sta ACC2
        sta ACC2+1
        sta ACC2+2
        sta ACC2+3
        beq @sign

; PTR1 = A + 256*Y
ptr1_ay:
        sta PTR1
        sty PTR1+1
        rts

; push FACC (5 bytes) on the BASIC stack
push_real:
        lda #5
        jsr stack_alloc
        lda BSP
        ldy BSP+1
        jmp fstore_ay

; pop 5 bytes from the BASIC stack into FARG
pop_farg:
        lda BSP
        ldy BSP+1
        jsr farg_ay
        lda #5
        jmp stack_free

; ---- types ----

; the value (IACC or FACC) as a real; a string is "Type mismatch"
to_real:
        lda VTYPE
        beq int_to_real
        bmi fp_type
        rts
fp_type:
        jmp e_type

; IACC (signed integer) -> FACC
int_to_real:
        lda IACC+3
        and #$80
        sta FSIGN
        bpl uint_to_real1
        jsr negate_iacc
        beq uint_to_real1       ; (negate_iacc ends with Z set)
; IACC (unsigned) -> FACC
uint_to_real:
        lda #0
        sta FSIGN
uint_to_real1:
        lda #0
        sta FG
        lda #$A0                ; 2^32 * 0.mantissa
        sta FEXP
        lda #VT_REAL
        sta VTYPE
        ; fall through: normalise

; normalise FACC (mantissa and guard); a result below the range is zero
fnorm:  lda IACC+3
        bmi @done
        bne @bits
        ora IACC+2              ; (A = 0)
        ora IACC+1
        ora IACC
        ora FG
        beq @under
@byte:  lda FEXP                ; a byte at a time while the top byte is 0 (the mantissa is not
        sec                     ; 0, so this ends)
        sbc #8
        sta FEXP
        bcc @under
        beq @under
        ldx IACC+2              ; X = the new top byte
        lda IACC+1
        sta IACC+2
        lda IACC
        sta IACC+1
        lda FG
        sta IACC
        lda #0
        sta FG
        stx IACC+3
        txa
        beq @byte
        bmi @done
@bits:  ldx FEXP                ; (A = IACC+3, kept in A and the exponent in X for speed)
        tay
        lda FG                  ; only the top byte nonzero (a small integer): shift it alone
        ora IACC
        ora IACC+1
        ora IACC+2
        bne @wide
        tya
@q:     dex
        beq @under
        asl a
        bpl @q
        bmi @top
@wide:  tya
@b:     dex
        beq @under
        asl FG
        rol IACC
        rol IACC+1
        rol IACC+2
        rol a
        bpl @b
@top:   sta IACC+3
        stx FEXP
@done:  rts
@under: jmp fzero

; round FACC to 32 bits from its guard byte: to nearest, and a guard of exactly a half to the odd
; one of the two neighbours (BASIC II's rule, found by running it: 1 + 2^-32 + 2^-33 gives
; 1 + 2^-32, 1 + 2^-33 gives 1 + 2^-31 ... set the last bit)
fround: lda FG
        bpl @d
        asl a
        beq @half
        inc IACC
        bne @d
        inc IACC+1
        bne @d
        inc IACC+2
        bne @d
        inc IACC+3
        bne @d
        lda #$80                ; 0.FFFFFFFF+ rounds up to 1.0
        sta IACC+3
        inc FEXP
        bne @d
        jmp e_toobig
@half:  lda IACC                ; (an odd mantissa stays)
        ora #1
        sta IACC
@d:     lda #0
        sta FG
        rts

; FACC <-> FARG
fswap:  ldx #3
@l:     lda IACC,x
        ldy ACC2,x
        sta ACC2,x
        sty IACC,x
        dex
        bpl @l
        lda FEXP
        ldy AEXP
        sta AEXP
        sty FEXP
        lda FSIGN
        ldy ASIGN
        sta ASIGN
        sty FSIGN
        lda FG
        ldy AG
        sta AG
        sty FG
        rts

; ---- arithmetic: FACC = FARG op FACC ----

fadd_acc:                       ; FACC kept as it is, guard byte and all (FACC * 10 + a digit
        rts                     ; in fpio.s keeps 40 bits so)

; FACC = FARG - FACC
fsub:   jsr fneg
; FACC = FARG + FACC
fadd:   jsr fadd40
        jmp fround
; the sum to 40 bits (mantissa and guard), not yet rounded
fadd40: lda AEXP
        beq fadd_acc            ; + 0
        lda FEXP
        bne @both
        jmp fswap               ; 0 + arg
@both:  cmp AEXP
        bcs @order
        jsr fswap               ; the larger exponent in FACC
@order: lda FEXP
        sec
        sbc AEXP
        cmp #40
        bcs fadd_acc            ; the smaller one is lost below the guard byte
@bytes: cmp #8
        bcc @bits
        ldx ACC2
        stx AG
        ldx ACC2+1
        stx ACC2
        ldx ACC2+2
        stx ACC2+1
        ldx ACC2+3
        stx ACC2+2
        ldx #0
        stx ACC2+3
        sbc #8
        bcs @bytes              ; (no borrow)
@bits:  tax
        beq @aligned
@sh:    lsr ACC2+3
        ror ACC2+2
        ror ACC2+1
        ror ACC2
        ror AG
        dex
        bne @sh
@aligned:
        lda FSIGN
        eor ASIGN
        bmi @sub
        clc
        lda FG
        adc AG
        sta FG
        lda IACC                ; (unrolled for speed)
        adc ACC2
        sta IACC
        lda IACC+1
        adc ACC2+1
        sta IACC+1
        lda IACC+2
        adc ACC2+2
        sta IACC+2
        lda IACC+3
        adc ACC2+3
        sta IACC+3
        bcc @d
        ror IACC+3
        ror IACC+2
        ror IACC+1
        ror IACC
        ror FG
        inc FEXP
        beq fp_toobig
        rts
@sub:   sec
        lda FG
        sbc AG
        sta FG
        ldx #0
        ldy #4
@sb:    lda IACC,x
        sbc ACC2,x
        sta IACC,x
        inx
        dey
        bne @sb
        bcs @norm
        sec                     ; the argument was larger: negate, and take its sign
        lda #0
        sbc FG
        sta FG
        ldx #0
        ldy #4
@ng:    lda #0
        sbc IACC,x
        sta IACC,x
        inx
        dey
        bne @ng
        lda FSIGN
        eor #$80
        sta FSIGN
@norm:  jmp fnorm
@d:     rts

; the exponent of a product or quotient: FEXP (low) and CNT2 (high) -> checked, then rounded
fexp_check:
        lda CNT2
        bmi fp_zero
        bne fp_toobig
        lda FEXP
        beq fp_zero
        jmp fround
fp_zero:
        jmp fzero
fp_toobig:
        jmp e_toobig

; FACC = FARG * FACC: BASIC II's product (found by running it): the multiplicand M (FARG's
; mantissa and a guard byte) halved, cut to its 40 bits, once for each bit of the multiplier
; (FACC's mantissa) from its top, and added into R where that bit is 1; so R is the sum of the
; bit products down to the guard byte's last bit, rounded.  MLOW: the lowest nonzero byte of the
; multiplier, where the work ends (for speed).
MLOW    = TMP+2
fmul:   lda FEXP
        beq fp_zero
        lda AEXP
        beq fp_zero
        lda FSIGN
        eor ASIGN
        sta FSIGN
        lda #0
        sta CNT2
        clc                     ; exponent: FEXP + AEXP - 128, 16 bits
        lda FEXP
        adc AEXP
        bcc @e1
        inc CNT2
@e1:    sec
        sbc #$80
        sta FEXP
        bcs @e2
        dec CNT2
@e2:    lda #0                  ; R (TMP2 and FG) = 0
        sta TMP2
        sta TMP2+1
        sta TMP2+2
        sta TMP2+3
        sta FG
        ldy #$FF
@lz:    iny
        lda IACC,y
        beq @lz
        sty MLOW
        ldy #3
        lda #0                  ; A: M's guard byte (in A for speed; AG while R is added to)
@byte:  ldx IACC,y
        stx CNT
        ldx #8
@bit:   lsr ACC2+3
        ror ACC2+2
        ror ACC2+1
        ror ACC2
        ror a
        asl CNT
        bcs @add
        bne @noadd              ; 1s left in this byte
        cpy MLOW                ; none: in the lowest byte, the product is complete
        beq @done
@noadd: dex
        bne @bit
        beq @next
@add:   sta AG
        clc
        adc FG
        sta FG
        lda TMP2
        adc ACC2
        sta TMP2
        lda TMP2+1
        adc ACC2+1
        sta TMP2+1
        lda TMP2+2
        adc ACC2+2
        sta TMP2+2
        lda TMP2+3
        adc ACC2+3
        sta TMP2+3
        lda AG
        dex
        bne @bit
@next:  cpy MLOW
        beq @done
        dey
        bpl @byte
@done:
fmul_done:                      ; (the product or quotient in TMP2 and FG)
        ldx #3
@c:     lda TMP2,x
        sta IACC,x
        dex
        bpl @c
        lda IACC+3
        bmi @normd
        asl FG                  ; 0.25 <= product < 0.5: one place left
        rol IACC
        rol IACC+1
        rol IACC+2
        rol IACC+3
        lda FEXP
        bne @d
        dec CNT2
@d:     dec FEXP
@normd: jmp fexp_check

e_divzero:                      ; (its error block here: fdiv reaches it by a branch)
        brk
        .byte 18, "Division by zero", 0

; FACC = FARG / FACC: BASIC II's quotient (found by running it): 39 bits of the dividend's mantissa
; over the divisor's, by restoring division, normalised (a quotient below 1 has 38), then rounded
fdiv:   lda FEXP
        beq e_divzero
        lda AEXP
        bne @go
        jmp fzero
@go:    lda FSIGN
        eor ASIGN
        sta FSIGN
        lda #0                  ; exponent: AEXP - FEXP + 129, 16 bits
        sta CNT2
        sta AG                  ; AG: the 33rd bit of the remainder
        lda AEXP
        sec
        sbc FEXP
        bcs @e1
        dec CNT2
@e1:    clc
        adc #129
        sta FEXP
        bcc @e2
        inc CNT2
@e2:    lda IACC+3              ; a divisor of 0.5 (a power of two, as in K/2): the quotient's
        eor #$80                ; mantissa is the dividend's, exactly, so the long division
        ora IACC+2              ; below would only copy it (a fast path for speed)
        ora IACC+1
        ora IACC
        bne @gen
        sta FG
        ldx #3
@p:     lda ACC2,x
        sta IACC,x
        dex
        bpl @p
        jmp fexp_check
@gen:   lda #4                  ; 40 quotient bits into TMP2 (high 32) and FG: each 8 gather in FG,
        sta CNT                 ; then go to their byte of TMP2 (TMP2+3 first), for speed
@byte:  ldx #8
@loop:  sec
        lda ACC2
        sbc IACC
        sta TMP
        lda ACC2+1
        sbc IACC+1
        sta TMP+1
        lda ACC2+2
        sbc IACC+2
        sta TMP+2
        lda ACC2+3
        sbc IACC+3
        tay
        lda AG
        sbc #0
        bcc @qbit               ; remainder < divisor: a 0 bit
        sta AG
        sty ACC2+3
        lda TMP
        sta ACC2
        lda TMP+1
        sta ACC2+1
        lda TMP+2
        sta ACC2+2              ; carry still set: a 1 bit
@qbit:  rol FG
        asl ACC2
        rol ACC2+1
        rol ACC2+2
        rol ACC2+3
        rol AG
        dex
        bne @loop
        ldx CNT
        beq @last               ; the fifth byte stays in FG
        lda FG
        sta TMP2-1,x
        dec CNT
        lda ACC2                ; a remainder of 0 (an exact quotient, as K/K): the bits left are
        ora ACC2+1              ; all 0, no more steps (for speed)
        ora ACC2+2
        ora ACC2+3
        ora AG
        bne @byte
        sta FG
@zb:    dex
        beq @last
        sta TMP2-1,x
        bne @zb                 ; (always: Z from the DEX)
@last:  lsr FG                  ; 39 bits: the 40th is not BASIC II's
        asl FG
        jmp fmul_done

; compare FARG (left) with FACC (right): Z set if equal, C set if left >= right
fcmp:   lda ASIGN
        cmp FSIGN
        beq @same
        tax                     ; (the sign of the left)
        bmi @less
        bpl @greater
@same:  lda AEXP
        cmp FEXP
        bne @mag
        ldx #3
@m:     lda ACC2,x
        cmp IACC,x
        bne @mag
        dex
        bpl @m
        lda #0                  ; equal: Z and C set
        sec
        rts
@mag:   bcc @smaller
        lda ASIGN               ; |left| > |right|
        bmi @less
@greater:
        lda #1
        sec
        rts
@smaller:
        lda ASIGN
        bmi @greater
@less:  lda #1
        clc
        rts

; FACC -> IACC, truncated towards 0; "Too big" outside the integers.  CNT2 is nonzero when a
; fraction was dropped (INT uses it).
real_to_int:
        lda FEXP
        sta CNT2
        cmp #$81
        bcs @big
        jmp clear_iacc          ; |x| < 1
@big:   cmp #$A1
        bcs r2i_toobig
        lda #0
        sta CNT2
        lda #$A0
        sec
        sbc FEXP
@bytes: cmp #8
        bcc @bits
        tax
        lda IACC
        ora CNT2
        sta CNT2
        lda IACC+1
        sta IACC
        lda IACC+2
        sta IACC+1
        lda IACC+3
        sta IACC+2
        lda #0
        sta IACC+3
        txa
        sbc #8
        bcs @bytes              ; (no borrow)
@bits:  tax
        beq @shd
@sh:    lsr IACC+3
        ror IACC+2
        ror IACC+1
        ror IACC
        bcc @nl
        sta CNT2                ; (A, the count, is not 0; an INC could wrap round to 0)
@nl:    dex
        bne @sh
@shd:   lda #0
        sta VTYPE
        lda FSIGN
        bpl r2i_pos
        jsr negate_iacc
        lda IACC+3
        bmi r2i_ok
r2i_toobig:
        jmp e_toobig
r2i_pos:
        lda IACC+3
        bmi r2i_toobig
r2i_ok: rts

; ---- scaling by ten (40 bits, for decimal conversion) ----

; FACC *= 10, to 40 bits: the exponent + 3, then + a quarter of itself
fmul10: lda FEXP
        beq @d
        clc
        adc #3
        bcs r2i_toobig
        sta FEXP
        sbc #1                  ; (carry clear) the quarter's exponent: FEXP - 2
        sta AEXP
        ldx #3
@c:     lda IACC,x
        sta ACC2,x
        dex
        bpl @c
        lda FG
        sta AG
        lda FSIGN
        sta ASIGN
        jmp fadd40
@d:     rts

; the 40-bit FG:IACC divided by 10 over A extra bits: A=0 a plain division, remainder in A
div40_10:
        clc
        adc #40
        tax
        lda #0
@l:     asl FG
        rol IACC
        rol IACC+1
        rol IACC+2
        rol IACC+3
        rol a
        cmp #10
        bcc @n
        sbc #10
        inc FG
@n:     dex
        bne @l
        rts

; FACC /= 10: (mantissa * 8) / 10, the exponent - 3
fdiv10: lda FEXP
        beq @d
        lda #3
        jsr div40_10
        lda FEXP
        sec
        sbc #3
        sta FEXP
        bcc @z
        beq @z
        jmp fnorm
@z:     jmp fzero
@d:     rts
