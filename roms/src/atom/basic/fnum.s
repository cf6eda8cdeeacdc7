; Reals in decimal: reading a number from the text, and writing one as Acorn's float ROM prints it
; (facts from running that ROM as an oracle: nine significant digits; 1 <= |x| < 1E8 in fixed
; point, 12345678.0 or 1.50000000; any other as d.ddddddddEn, 6.66666667E-1, 1.00000000E10;
; 0 as 0.0).

FE10        = $4F               ; writing: the decimal exponent
                                ; (FLEN, FTEXT: atom.inc, shared with the utility ROM)
FDIGITS     = STRBUF+$30        ; writing: nine digits (#170-#178)
FNBITS      = $2F               ; fscale10: the power of ten's bits still to apply

powers_of_ten:                  ; 10^1, 10^2, 10^4, 10^8 (exact), 10^16, 10^32 (rounded)
        .byte $84, $20, $00, $00, $00
        .byte $87, $48, $00, $00, $00
        .byte $8E, $1C, $40, $00, $00
        .byte $9B, $3E, $BC, $20, $00
        .byte $B6, $0E, $1B, $C9, $BF
        .byte $EB, $1D, $C5, $AD, $A8
real_half:
        .byte $80, $00, $00, $00, $00
real_1e9:
        .byte $9E, $6E, $6B, $28, $00
real_one:
        .byte $81, $00, $00, $00, $00
C_PI = * - powers_of_ten
        .byte $82, $49, $0F, $DA, $A2   ; pi
C_HALFPI = * - powers_of_ten
        .byte $81, $49, $0F, $DA, $A2   ; pi/2
C_SIXTHPI = * - powers_of_ten
        .byte $80, $06, $0A, $91, $C1   ; pi/6
C_ROOT3 = * - powers_of_ten
        .byte $81, $5D, $B3, $D7, $43   ; sqrt 3
C_LN2 = * - powers_of_ten
        .byte $80, $31, $72, $17, $F8   ; ln 2
C_INVLN2 = * - powers_of_ten
        .byte $81, $38, $AA, $3B, $29   ; 1/ln 2
C_TWOOVERPI = * - powers_of_ten
        .byte $80, $22, $F9, $83, $6E   ; 2/pi
C_DEG = * - powers_of_ten
        .byte $86, $65, $2E, $E0, $D3   ; 180/pi
C_RAD = * - powers_of_ten
        .byte $7B, $0E, $FA, $35, $13   ; pi/180
C_HP1 = * - powers_of_ten
        .byte $81, $49, $0F, $00, $00   ; pi/2, its first 16 bits
C_HP2 = * - powers_of_ten
        .byte $71, $5A, $A2, $21, $00   ; pi/2, its next 24 bits
C_HP3 = * - powers_of_ten
        .byte $58, $51, $84, $69, $8A   ; pi/2, the rest
C_TAN15 = * - powers_of_ten
        .byte $7F, $09, $30, $A2, $F5   ; tan(pi/12)
C_PRINTROUND = * - powers_of_ten
        .byte $7F, $41, $06, $24, $DD   ; 0.377 (see decimal_digits@round)
C_LN2HI = * - powers_of_ten
        .byte $80, $31, $72, $00, $00   ; ln 2, its first 16 bits
C_LN2LO = * - powers_of_ten
        .byte $6D, $3F, $BE, $8E, $7C   ; ln 2, the rest
TEN         = powers_of_ten
E8          = powers_of_ten+15

; arg_const, fac_const: ARG or FAC = the constant at powers_of_ten+A (the table runs on with the
; functions' constants, C_PI and the rest).
arg_const:
        jsr const_ay
        jmp load_arg_ay
fac_const:
        jsr const_ay
        jmp load_ay
const_ay:
        clc
        adc #<powers_of_ten
        ldy #>powers_of_ten
        bcc @ok
        iny
@ok:    rts

; fscale10: FAC = FAC * 10^FDEC (FDEC signed): for each bit k of |FDEC|, one product (or quotient)
; by 10^(2^k) (10^1 to 10^8 exact; the guard byte keeps the roundings below the ninth digit).
fscale10:
        lda FDEC
        beq @done
        bpl @pos
        eor #$FF
        clc
        adc #1
@pos:   sta FNBITS              ; |n|
        cmp #64
        bcc @fits
        lda FDEC
        bmi @tiny
        error E_FOVER
@tiny:  jmp fzero
@fits:  lda #0
        sta FT3                 ; the table's place
@bit:   lsr FNBITS
        bcc @next
        jsr fac_to_arg          ; ARG = x
        lda FT3
        jsr fac_const           ; FAC = 10^(2^k)
        jsr apply
@next:  lda FT3
        clc
        adc #5
        sta FT3
        lda FNBITS
        bne @bit
@done:  rts
; apply: FAC = ARG * FAC when FDEC > 0, else ARG / FAC.
apply:  lda FDEC
        bmi @div
        jmp fmul
@div:   jmp fdiv

; fread: FAC = the number at the text (digits, a point, more digits, E and a signed exponent);
; consumed.  Up to nine or ten digits are kept (as a 32-bit integer), the rest counted.
fread:  lda #0
        jsr set_acc_a
        sta FDEC
        sta FDOT
@next:  ldy TXTOFF
        lda (TXTPTR),y
        cmp #'.'
        bne @digit
        lda FDOT
        bne @end
        inc FDOT
        inc TXTOFF
        bne @next
@digit: sec
        sbc #'0'
        cmp #10
        bcs @end
        inc TXTOFF
        ldx ACC+3
        cpx #$19                ; ACC * 10 + 9 must fit in 32 bits
        bcs @drop
        pha
        jsr times10
        pla
        clc
        adc ACC
        sta ACC
        bcc @count
        inc ACC+1
        bne @count
        inc ACC+2
        bne @count
        inc ACC+3
@count: lda FDOT                ; a digit after the point: one place down
        beq @next
        dec FDEC
        jmp @next
@drop:  lda FDOT                ; a digit dropped before the point: one place up
        bne @next
        inc FDEC
        jmp @next
@end:   lda (TXTPTR),y
        cmp #'E'
        bne @scale
        iny
        lda (TXTPTR),y
        ldx #0                  ; X = 0: +, 1: -
        cmp #'+'
        beq @sign
        cmp #'-'
        bne @edigits
        inx
@sign:  iny
@edigits:
        lda #0
        sta FT1
        lda #2                  ; two digits at most (1E100 is 1E10, then 0: Acorn's reading)
        sta FDOT
@e:     lda (TXTPTR),y
        sec
        sbc #'0'
        cmp #10
        bcs @edone
        sta FT3
        lda FT1                 ; FT1 = FT1 * 10 + digit
        asl a
        asl a
        adc FT1
        asl a
        adc FT3
        sta FT1
        iny
        dec FDOT
        bne @e
@edone: sty TXTOFF
        lda FT1
        dex
        bne @plus
        eor #$FF                ; -
        sec
        adc #0
@plus:  clc
        adc FDEC
        sta FDEC
@scale: jsr fflt_unsigned
        jmp fscale10

; fstr: FAC as Acorn prints it, at FTEXT; FLEN its length.  FAC is lost.
fstr:   lda #0
        sta FLEN
        lda FEXP
        bne @nonzero
        lda #'0'
        jsr @put
        lda #'.'
        jsr @put
        lda #'0'
@put:   ldx FLEN
        sta FTEXT,x
        inc FLEN
        rts
@nonzero:
        lda FSGN
        bpl @pos
        lda #'-'
        jsr @put
        lda #0
        sta FSGN
@pos:   jsr decimal_digits      ; nine digits at FDIGITS, FE10 the exponent
        lda FE10
        cmp #8
        bcs @sci                ; (negative too)
        ldy #0
@fixed: lda FDIGITS,y
        jsr @put
        cpy FE10
        bne @nodot
        lda #'.'
        jsr @put
@nodot: iny
        cpy #9
        bne @fixed
        rts
@sci:   lda FDIGITS
        jsr @put
        lda #'.'
        jsr @put
        ldy #1
@mant:  lda FDIGITS,y
        jsr @put
        iny
        cpy #9
        bne @mant
        lda #'E'
        jsr @put
        lda FE10
        bpl @epos
        lda #'-'
        jsr @put
        lda FE10
        eor #$FF
        clc
        adc #1
@epos:  ldx #'0'-1              ; tens
        sec
@tens:  inx
        sbc #10
        bcs @tens
        adc #10+'0'
        pha
        txa
        cmp #'0'
        beq @ones
        jsr @put
@ones:  pla
        jmp @put

; decimal_digits: |FAC| (not 0) as nine decimal digits (characters) at FDIGITS and its decimal
; exponent in FE10: FAC = d.dddddddd * 10^FE10.
decimal_digits:
        lda FEXP                ; estimate: the exponent of the smallest number with FAC's top four
        lsr a                   ; exponent bits, never above the true one (and at most six below)
        lsr a
        lsr a
        lsr a
        tax
        lda exponent_floor,x
        sta FE10
        lda #8                  ; scale to 1E8 <= x < 1E15
        sec
        sbc FE10
        sta FDEC
        jsr fscale10
@big:   lda #<FK_F              ; x kept as it is: fcmp rounds it
        jsr keep
        jsr fac_to_arg
        lda #<real_1e9
        ldy #>real_1e9
        jsr load_ay
        jsr fcmp
        bmi @round              ; x < 1E9
        lda #<FK_F              ; x / 10
        jsr fetch_arg
        lda #0
        jsr fac_const
        jsr fdiv
        inc FE10
        jmp @big
@round: lda #<FK_F              ; + 0.377, then the integer part: Acorn's ROM rounds the ninth
        jsr fetch_arg           ; digit up from .625 on (found over 1,500 random reals); our
                                ; scaling's products come out a little low, so from .623
        lda #C_PRINTROUND
        jsr fac_const
        jsr fadd
        jsr fix_magnitude
        lda ACC+3               ; rounded up to 1E9 (#3B9ACA00): 1E8, one place up
        cmp #$3B
        bne @digits
        lda ACC+2
        cmp #$9A
        bne @digits
        lda ACC+1
        cmp #$CA
        bne @digits
        jsr div10               ; 1E8
        inc FE10
@digits:
        ldx #8
@d:     txa
        pha
        jsr div10
        ora #'0'
        tay
        pla
        tax
        tya
        sta FDIGITS,x
        dex
        bpl @d
        rts

; exponent_floor: for each value of the exponent's top four bits, floor(log10) of the smallest
; number with them: floor((16n - 129) * log10 2), from 2^-128 for n = 0.
exponent_floor:
        .byte -39, -35, -30, -25, -20, -15, -10, -6, -1, 4, 9, 14, 18, 23, 28, 33
