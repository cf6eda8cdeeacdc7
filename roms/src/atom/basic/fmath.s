; Floating-point arithmetic: the number format, add, subtract, multiply, divide, compare, and
; integer <-> real.  Our own work from the documented format of the Atom's reals ("Atomic Theory
; and Practice" ch. 22: five bytes each, %@-%Z from #2800; the layout below is what a real stored
; there reads as on Acorn's ROMs, run as an oracle).
;
; A real in memory: 5 bytes, the exponent (#80 + the power of two; 0 = the number 0), then the
; mantissa most significant byte first, 0.1xxx... in binary with its leading 1 replaced by the sign
; (bit 7 of the second byte: 1 = negative).  1.0 = 81 00 00 00 00, -1.5 = 81 C0 00 00 00.
;
; In the accumulators the mantissa is unpacked: FSGN (bit 7), FEXP, FM..FM+3 with the leading 1
; shown, and a guard byte FMG below it, rounded away when the number is stored.  ARG is laid out
; the same 8 bytes higher, so a routine given X = 0 or X = ARGX works on either.

                                ; (FAC: FSGN, FEXP, FM, FMG; ARG: ASGN, AEXP, AM, AMG; FW, FOVF:
                                ; atom.inc, shared with the utility ROM's SQR)
ARGX        = 8                 ; X for ARG in the routines that take either
FPTR        = $46               ; address of a real in memory, 2 bytes
FDEC        = $48               ; decimal exponent (signed)
FT1         = $49               ; scratch
FT2         = $4A
FT3         = $4B
                                ; (FPTR2 = $4C, a second address: atom.inc)
FDOT        = $4E               ; reading a number: nonzero after the point

FVARS       = $2800             ; %@, %A-%Z: 5 bytes each (the documented place, #2800)
                                ; (FARR_LO, FARR_HI, FT_B: atom.inc, shared with the utility ROM)
FATNF       = $2E               ; ATN: bit 0 inverted, bit 1 moved by pi/6

E_FOVER     = 169               ; Acorn's float ROM: overflow, division by zero
E_FROOT     = 123               ; SQR of a negative number, ASN/ACS beyond 1
E_FLOG      = 191               ; LOG of 0 or less (and a power of a number <= 0)
E_FEXP      = 238               ; EXP too large
E_FRANGE    = 128               ; SIN/COS/TAN of too large an angle
E_FUNTIL    = 95                ; FUNTIL with no DO

; --- moving numbers ------------------------------------------------------------------------------

; fzero: FAC = 0.
fzero:  lda #0
        sta FSGN
        sta FEXP
        sta FM
        sta FM+1
        sta FM+2
        sta FM+3
        sta FMG
        rts

; unpack: FAC (X = 0) or ARG (X = ARGX) = the real at (FPTR).
unpack_arg:
        ldx #ARGX
        .byte $2C               ; (BIT abs: skips the LDX)
unpack_fac:
        ldx #0
unpack: ldy #0
        lda (FPTR),y
        sta FEXP,x
@m:     iny
        lda (FPTR),y
        sta FM,x
        inx
        cpy #4
        bne @m
        txa                     ; X back to the start, the sign out of the mantissa
        sec
        sbc #4
        tax
        lda #0
        sta FMG,x
        lda FM,x
        and #$80
        sta FSGN,x
        lda FM,x
        ora #$80                ; the leading 1
        sta FM,x
        rts

; load_ay: FAC = the real at A (low), Y (high).  load_arg_ay: ARG the same.
load_ay:
        sta FPTR
        sty FPTR+1
        jmp unpack_fac
load_arg_ay:
        sta FPTR
        sty FPTR+1
        jmp unpack_arg

; pack: the real at (FPTR) = FAC, rounded.  store_ay: at A (low), Y (high).
store_ay:
        sta FPTR
        sty FPTR+1
pack:   ldx #0
        jsr fround
        ldy #0
        lda FEXP
        sta (FPTR),y
        beq @zero
        lda FM
        and #$7F
        ora FSGN
        sta FM
@m:     iny
        lda FM-1,y
        sta (FPTR),y
        cpy #4
        bne @m
        lda FM                  ; the leading 1 back (FAC stays as it was)
        ora #$80
        sta FM
        rts
@zero:  iny
        sta (FPTR),y
        cpy #4
        bne @zero
        rts

; fround: FAC (X = 0) or ARG (X = ARGX) rounded to 32 bits at its guard byte: to the nearest,
; a tie (guard #80) to the odd neighbour, as Acorn's float ROM rounds (found by running it over
; thousands of sums and products; tests/firmware/test_atom_float.py).
fround: lda FMG,x
        bpl @done
        asl a
        bne @up                 ; more than half
        lda FM+3,x              ; a tie: the last bit set (odd), whichever way that goes
        ora #1
        sta FM+3,x
        bne @done
@up:    inc FM+3,x
        bne @done
        inc FM+2,x
        bne @done
        inc FM+1,x
        bne @done
        inc FM,x
        bne @done
        lda #$80                ; 0.FFFFFFFF+ rounded up is 1.0: 0.1 times 2
        sta FM,x
        inc FEXP,x
        beq overflow
@done:  lda #0
        sta FMG,x
        rts

overflow:
        error E_FOVER

; fac_to_arg: ARG = FAC.  arg_to_fac: FAC = ARG.  fswap: exchange them.
fac_to_arg:
        ldx #7
@c:     lda FSGN,x
        sta ASGN,x
        dex
        bpl @c
        rts
arg_to_fac:
        ldx #7
@c:     lda ASGN,x
        sta FSGN,x
        dex
        bpl @c
        rts
fswap:  ldx #7
@s:     lda FSGN,x
        ldy ASGN,x
        sta ASGN,x
        sty FSGN,x
        dex
        bpl @s
        rts

; fnorm: shift FAC's mantissa left until its top bit is set (0 when it is all zero or the
; exponent runs out).
fnorm:  lda FM
        bmi @done
@bytes: lda FM                  ; whole bytes first (speed: small integers floated)
        bne @bits
        lda FEXP
        cmp #9
        bcc @bits
        sbc #8
        sta FEXP
        ldx #0
@move:  lda FM+1,x
        sta FM,x
        inx
        cpx #4
        bne @move
        lda #0
        sta FMG
        beq @bytes              ; (an all-zero mantissa ends below, once the exponent is small)
@bits:  lda FM
        ora FM+1
        ora FM+2
        ora FM+3
        ora FMG
        beq @zero
@bit:   lda FM
        bmi @done
        asl FMG
        rol FM+3
        rol FM+2
        rol FM+1
        rol FM
        dec FEXP
        bne @bit
@zero:  jmp fzero
@done:  rts

; --- add and subtract --------------------------------------------------------------------------

; fneg: FAC = -FAC.
fneg:   lda FSGN
        eor #$80
        sta FSGN
        rts

; fsub: FAC = ARG - FAC.  fadd: FAC = ARG + FAC.
fsub:   jsr fneg
fadd:   lda AEXP
        beq @done               ; + 0
        lda FEXP
        bne @both
        jmp arg_to_fac          ; 0 +
@both:  sec
        sbc AEXP                ; FEXP - AEXP
        bcs @align
        jsr fswap               ; FAC keeps the larger exponent
        sec
        lda FEXP
        sbc AEXP
@align: cmp #40
        bcs @done               ; ARG is too small to count
        tay
@byte:  cpy #8                  ; ARG's mantissa right by Y bits, whole bytes first
        bcc @bit
        ldx #4
@move:  lda AM-1,x
        sta AM,x
        dex
        bne @move
        stx AM
        tya
        sbc #8                  ; (C set)
        tay
        bne @byte
@bit:   tya
        beq @same
@b:     lsr AM
        ror AM+1
        ror AM+2
        ror AM+3
        ror AMG
        dey
        bne @b
@same:  lda FSGN
        eor ASGN
        bmi @diff
        clc
        lda FMG
        adc AMG
        sta FMG
        lda FM+3
        adc AM+3
        sta FM+3
        lda FM+2
        adc AM+2
        sta FM+2
        lda FM+1
        adc AM+1
        sta FM+1
        lda FM
        adc AM
        sta FM
        bcc @done
        ror FM                  ; the carry comes back in at the top
        ror FM+1
        ror FM+2
        ror FM+3
        ror FMG
        inc FEXP
        bne @done
        error E_FOVER
@done:  rts
@diff:  sec
        lda FMG
        sbc AMG
        sta FMG
        lda FM+3
        sbc AM+3
        sta FM+3
        lda FM+2
        sbc AM+2
        sta FM+2
        lda FM+1
        sbc AM+1
        sta FM+1
        lda FM
        sbc AM
        sta FM
        bcs @norm
        lda FSGN                ; ARG was the larger: negate the difference
        eor #$80
        sta FSGN
        ldx #4
        sec
@neg:   lda #0
        sbc FM,x
        sta FM,x
        dex
        bpl @neg
@norm:  jmp fnorm

; --- multiply and divide -----------------------------------------------------------------------

; exponent_of: FEXP = A:FT1 (a 9-bit sum with a 128 bias too many) less 128 (C set) or 129 (C
; clear), with overflow and underflow (FAC = 0, and the caller's return is skipped).
exponent_of:
        tay                     ; the high part: 0 or 1
        lda FT1
        sbc #128
        sta FEXP
        tya
        sbc #0
        bmi @under
        bne @over
        lda FEXP
        beq @under
        rts
@over:  error E_FOVER
@under: pla
        pla
        jmp fzero

; round_both: FAC and ARG rounded to 32 bits (what multiply, divide and compare take).
round_both:
        ldx #0
        jsr fround
        ldx #ARGX
        jmp fround

; fmul: FAC = ARG * FAC, as Acorn's float ROM multiplies (its products matched to the last bit):
; both rounded to 32 bits; for each bit of the multiplier (FAC) from the top, the multiplicand
; (ARG, 40 bits with its guard byte) is halved, the bit it shifts out lost, and added when the
; bit is 1.  The sum's 40 bits are the product, a little below the exact one.
fmul:   ldx #0
        jsr fround
        lda FEXP
        beq @zero
        lda AEXP
        bne @go
        jmp fzero
@zero:  rts
@go:    clc
        adc FEXP
        sta FT1
        lda #0
        rol a                   ; (C clear: the exponent less 129)
        jsr exponent_of
        lda FSGN
        eor ASGN
        sta FSGN
        ldx #4
        lda #0
@clear: sta FW,x
        dex
        bpl @clear
        ldy #32                 ; steps: none for the multiplier's zero bytes at the end (no
        lda FM+3                ; more to add: a small integer as multiplier costs 8)
        bne @step
        ldy #24
        lda FM+2
        bne @step
        ldy #16
        lda FM+1
        bne @step
        ldy #8
@step:  lsr AM                  ; the multiplicand halved
        ror AM+1
        ror AM+2
        ror AM+3
        ror AMG
        asl FM+3                ; the multiplier's next bit from the top
        rol FM+2
        rol FM+1
        rol FM
        bcc @next
        clc
        lda FW+4
        adc AMG
        sta FW+4
        lda FW+3
        adc AM+3
        sta FW+3
        lda FW+2
        adc AM+2
        sta FW+2
        lda FW+1
        adc AM+1
        sta FW+1
        lda FW
        adc AM
        sta FW
@next:  dey
        bne @step
        ldx #4                  ; the product: FW, its last byte the guard
@copy:  lda FW,x
        sta FM,x
        dex
        bpl @copy
        lda FM                  ; the exponent was made for a product below 1/2 (so a product
        bmi @up                 ; that normalises below the largest real is no overflow)
        asl FMG
        rol FM+3
        rol FM+2
        rol FM+1
        rol FM
        rts
@up:    inc FEXP
        beq @over
        rts
@over:  jmp overflow

; fdiv: FAC = ARG / FAC.  Restoring division; the dividend keeps its guard byte (shifted in as
; the remainder moves up), the divisor is rounded to 32 bits.  The quotient has Acorn's 39 bits
; (its quotients matched to the last bit): 40 are made and the last cleared.
fdiv:   ldx #0
        jsr fround
        lda FEXP
        bne @ok
        error E_FOVER           ; division by zero: Acorn's ERROR 169 too
@ok:    lda AEXP
        bne @go
        jmp fzero
@go:    sec
        sbc FEXP                ; AEXP - FEXP, 16 bits
        sta FT1
        lda #0
        sbc #0
        sta FT2
        clc                     ; + 128 + 1 for the quotient's bit above the point, + the 128
        lda FT1                 ; exponent_of takes off: + 257
        adc #1
        sta FT1
        lda FT2
        adc #1
        sec
        jsr exponent_of
        lda FSGN
        eor ASGN
        sta FSGN
        lda #0
        sta FOVF
        ldx #40
@step:  lda FOVF                ; speed: a remainder whose top byte is below the divisor's is
        bne @try                ; below it (a 0 bit, C clear, with no trial subtraction)
        lda AM
        cmp FM
        bcc @bit
@try:   sec                     ; remainder (AM) - divisor (FM)
        lda AM+3
        sbc FM+3
        pha
        lda AM+2
        sbc FM+2
        pha
        lda AM+1
        sbc FM+1
        pha
        lda AM
        sbc FM
        tay
        lda FOVF
        sbc #0
        bcc @no
        sty AM
        pla
        sta AM+1
        pla
        sta AM+2
        pla
        sta AM+3
        sec
        bcs @bit
@no:    pla
        pla
        pla
        clc
@bit:   rol FW+4
        rol FW+3
        rol FW+2
        rol FW+1
        rol FW
        asl AMG
        rol AM+3
        rol AM+2
        rol AM+1
        rol AM
        lda #0
        rol a
        sta FOVF
        dex
        bne @step
        lda FW+4
        and #$FE
        sta FW+4
        ldx #4
@copy:  lda FW,x
        sta FM,x
        dex
        bpl @copy
        jmp fnorm

; --- compare -------------------------------------------------------------------------------------

; fcmp: ARG against FAC, both rounded: A = 0 equal, 1 ARG greater, $FF ARG less (Z and N so).
fcmp:   jsr round_both
        lda AEXP
        bne @a
        sta ASGN                ; a zero has no sign
@a:     lda FEXP
        bne @f
        sta FSGN
@f:     lda ASGN
        cmp FSGN
        beq @same
        tax                     ; the signs differ: the negative one is less
        bmi @less
        bpl @more
@same:  ldx #0                  ; magnitudes: exponent, then the mantissa
        lda AEXP
        cmp FEXP
        bne @differ
        tay
        beq @equal              ; both 0 (whatever their mantissas hold)
@m:     lda AM,x
        cmp FM,x
        bne @differ
        inx
        cpx #4
        bne @m
@equal: lda #0
        rts
@differ:
        ror a                   ; C set: |ARG| greater
        eor ASGN                ; ... unless both are negative
        bmi @more
@less:  lda #$FF
        rts
@more:  lda #1
        rts

; --- integers ------------------------------------------------------------------------------------

; fflt: FAC = ACC (32-bit signed; ACC is lost).  fflt_unsigned: ACC taken as unsigned.
fflt:   lda ACC+3
        and #$80
        pha
        bpl @pos
        jsr negate
@pos:   pla
        .byte $2C               ; (BIT abs: skips the LDA)
fflt_unsigned:
        lda #0
        sta FSGN
        lda ACC+3
        sta FM
        lda ACC+2
        sta FM+1
        lda ACC+1
        sta FM+2
        lda ACC
        sta FM+3
        lda #0
        sta FMG
        lda #128+32
        sta FEXP
        jmp fnorm

; ffix: ACC = FAC truncated toward zero (the low 32 bits of a number too large).
ffix:   jsr fix_magnitude
        lda FSGN
        bpl @done
        jmp negate
@done:  rts

; fix_magnitude: ACC = |FAC| truncated (unsigned).
fix_magnitude:
        lda #0
        sta ACC
        sta ACC+1
        sta ACC+2
        sta ACC+3
        lda FEXP
        cmp #129
        bcc @done               ; |FAC| < 1
        lda FM
        sta ACC+3
        lda FM+1
        sta ACC+2
        lda FM+2
        sta ACC+1
        lda FM+3
        sta ACC
        lda #128+32
        sec
        sbc FEXP                ; right shifts to make
        bcc @done               ; too large: the low bits as they come
        tay
        beq @done
@shift: lsr ACC+3
        ror ACC+2
        ror ACC+1
        ror ACC
        dey
        bne @shift
@done:  rts
