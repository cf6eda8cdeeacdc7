; The real functions: SQR LN LOG EXP SIN COS TAN ATN ASN ACS RAD DEG PI and ^.
; Our own methods: Newton's iteration for SQR; for LN, 2*atanh((m-1)/(m+1)) on m in [0.71,1.41)
; plus k*ln 2; for EXP, n*ln 2 + r with |r| <= ln 2 / 2 and a Taylor polynomial; for SIN and COS,
; reduction by pi/2 (in two parts, so the reduction keeps its accuracy) and Taylor polynomials on
; |r| <= pi/4; for ATN, 1/x above 1 and the pi/6 shift above tan 15 degrees, then the series.

factor_real:
        jsr factor
        jmp to_real

fmul_c: jsr farg_ay
        jmp fmul
fadd_c: jsr farg_ay
        jmp fadd

fst1:   lda #<FT1
        ldy #>FT1
        jmp fstore_ay
fst2:   lda #<FT2
        ldy #>FT2
        jmp fstore_ay
fld2:   lda #<FT2
        ldy #>FT2
        jmp fload_ay
farg1:  lda #<FT1
        ldy #>FT1
        jmp farg_ay
farg2:  lda #<FT2
        ldy #>FT2
        jmp farg_ay

; FACC = -FACC
fneg:   lda FEXP
        beq @d
        lda FSIGN
        eor #$80
        sta FSIGN
@d:     rts

; FACC = P(z), z in FT1, for the table at A/Y: the degree, then the coefficients from the highest
poly:   sta PTR2
        sty PTR2+1
        ldy #0
        lda (PTR2),y
        sta POLYN
        inc PTR2
        bne @f
        inc PTR2+1
@f:     lda PTR2
        ldy PTR2+1
        jsr fload_ay
@l:     jsr farg1
        jsr fmul
        clc
        lda PTR2
        adc #5
        sta PTR2
        bcc @n
        inc PTR2+1
@n:     ldy PTR2+1
        jsr fadd_c
        dec POLYN
        bne @l
        rts

; IACC = INT(FACC): the integer at or below it
real_floor:
        jsr real_to_int
        lda FSIGN
        bpl @d
        lda CNT2
        beq @d
        ldx #0                  ; minus 1
@m:     lda IACC,x
        sec
        sbc #1
        sta IACC,x
        bcs @d
        inx
        cpx #4
        bne @m
@d:     rts

fn_pi:  lda #<fc_pi
        ldy #>fc_pi
        jmp fload_ay
fn_rad: jsr factor_real
        lda #<fc_rad
        ldy #>fc_rad
        jmp fmul_c
fn_deg: jsr factor_real
        lda #<fc_deg
        ldy #>fc_deg
        jmp fmul_c

; SQR: Newton's iteration y = (y + x/y) / 2 from x with its binary exponent halved
fn_sqr: jsr factor_real
sqr_core:
        lda FEXP
        beq @d
        lda FSIGN
        bpl @ok
        jmp e_negroot
@ok:    jsr fst1                ; x
        lda FEXP
        sec
        sbc #128
        cmp #$80
        ror a
        clc
        adc #128
        sta FEXP
        lda #6
        sta POLYN
@it:    jsr fst2                ; y
        jsr farg1
        jsr fdiv                ; x / y
        jsr farg2
        jsr fadd
        dec FEXP
        dec POLYN
        bne @it
@d:     rts

; LN: x = m * 2^k with m in [1/sqr 2, sqr 2): ln m = 2 atanh s, s = (m-1)/(m+1)
fn_ln:  jsr factor_real
ln_core:
        lda FSIGN
        bmi @bad
        lda FEXP
        bne @ok
@bad:   jmp e_logrange
@ok:    sec
        sbc #128
        pha                     ; k
        lda #128
        sta FEXP                ; m in [0.5, 1)
        ldx #3
@c:     lda IACC,x
        cmp fc_isqr2m,x
        bne @cd
        dex
        bpl @c
@cd:    bcs @in
        inc FEXP                ; below 1/sqr 2: m * 2, k - 1
        pla
        sec
        sbc #1
        pha
@in:    jsr fst2                ; m
        lda #<fc_mone
        ldy #>fc_mone
        jsr fadd_c
        jsr fst1                ; m - 1
        jsr fld2
        lda #<fc_one
        ldy #>fc_one
        jsr fadd_c              ; m + 1
        jsr farg1
        jsr fdiv                ; s
        jsr fst2
        jsr farg2
        jsr fmul
        jsr fst1                ; s^2
        lda #<poly_ln
        ldy #>poly_ln
        jsr poly
        jsr farg2
        jsr fmul                ; ln m
        jsr fst2
        pla                     ; + k * ln 2
        jsr int_a
        lda #<fc_ln2
        ldy #>fc_ln2
        jsr fmul_c
        jsr farg2
        jmp fadd

; FACC = the signed byte A
int_a:  sta IACC
        ldx #0
        cmp #$80
        bcc @p
        dex
@p:     stx IACC+1
        stx IACC+2
        stx IACC+3
        jmp int_to_real

fn_log: jsr factor_real
        jsr ln_core
        lda #<fc_ilog10
        ldy #>fc_ilog10
        jmp fmul_c

; EXP: x = n ln 2 + r, e^x = e^r * 2^n
fn_exp: jsr factor_real
exp_core:
        lda #<fc_expmax
        ldy #>fc_expmax
        jsr farg_ay
        jsr fcmp
        bcs @nbig
        jmp e_exprange
@nbig:  lda #<fc_expmin
        ldy #>fc_expmin
        jsr farg_ay
        jsr fcmp
        beq @ok
        bcc @ok
        jmp fzero
@ok:    jsr fst1                ; x
        lda #<fc_ilog2
        ldy #>fc_ilog2
        jsr fmul_c
        lda #<fc_half
        ldy #>fc_half
        jsr fadd_c
        jsr real_floor          ; n
        lda IACC
        pha
        lda IACC+1
        pha
        jsr int_to_real
        jsr fst2
        lda #<fc_ln2a
        ldy #>fc_ln2a
        jsr fmul_c
        jsr farg1
        jsr fsub                ; x - n * ln2 (high part)
        jsr fst1
        jsr fld2
        lda #<fc_ln2b
        ldy #>fc_ln2b
        jsr fmul_c
        jsr farg1
        jsr fsub                ; - n * ln2 (low part) = r
        jsr fst1
        lda #<poly_exp
        ldy #>poly_exp
        jsr poly
        pla                     ; the exponent + n
        tax
        pla
        clc
        adc FEXP
        sta FEXP
        txa
        adc #0
        beq @d
        bmi @z
        jmp e_exprange
@z:     jmp fzero
@d:     lda FEXP
        beq @z
        rts

; SIN and COS: r = |x| - n pi/2, then by the quadrant (n + 1 for COS) sin r or cos r
fn_cos: jsr factor_real
        lda #1
        bne trig
fn_sin: jsr factor_real
        lda #0
trig:   pha                     ; 0 SIN, 1 COS
        lda FSIGN
        pha
        lda #0
        sta FSIGN
        lda FEXP
        cmp #128+24
        bcc @ok
        jmp e_accuracy
@ok:    jsr fst1                ; |x|
        lda #<fc_2pi
        ldy #>fc_2pi
        jsr fmul_c
        lda #<fc_half
        ldy #>fc_half
        jsr fadd_c
        jsr real_floor          ; n
        lda IACC
        pha
        jsr int_to_real
        jsr fst2
        lda #<fc_pi2a
        ldy #>fc_pi2a
        jsr fmul_c
        jsr farg1
        jsr fsub
        jsr fst1
        jsr fld2
        lda #<fc_pi2b
        ldy #>fc_pi2b
        jsr fmul_c
        jsr farg1
        jsr fsub                ; r
        pla
        sta TMP                 ; n
        pla
        sta TMP+1               ; the sign of x
        pla
        beq @sin
        lda #0                  ; COS: even, a quadrant on
        sta TMP+1
        lda #1
@sin:   clc
        adc TMP
        and #3
        sta TMP
        jsr fst2                ; r
        jsr farg2
        jsr fmul
        jsr fst1                ; r^2
        lda TMP
        lsr a
        bcs @cos
        lda #<poly_sin
        ldy #>poly_sin
        jsr poly
        jsr farg2
        jsr fmul
        jmp @sign
@cos:   lda #<poly_cos
        ldy #>poly_cos
        jsr poly
@sign:  lda TMP                 ; quadrants 2 and 3 are negative
        and #2
        beq @s2
        jsr fneg
@s2:    lda TMP+1
        bpl @d
        jsr fneg
@d:     rts

fn_tan: jsr factor_real
        lda #<FT3
        ldy #>FT3
        jsr fstore_ay
        lda #1
        jsr trig
        jsr push_real
        lda #<FT3
        ldy #>FT3
        jsr fload_ay
        lda #0
        jsr trig
        jsr pop_farg
        jsr fswap
        jmp fdiv

; ATN
fn_atn: jsr factor_real
atn_core:
        lda FSIGN
        pha
        lda #0
        sta FSIGN
        lda #<fc_one
        ldy #>fc_one
        jsr farg_ay
        jsr fcmp
        lda #0
        bcs @le1
        jsr fdiv                ; above 1: pi/2 - atn(1/x)
        lda #1
@le1:   pha
        lda #<fc_tan15
        ldy #>fc_tan15
        jsr farg_ay
        jsr fcmp
        lda #0
        bcs @small
        jsr fst2                ; above tan 15: pi/6 + atn((x sqr 3 - 1) / (x + sqr 3))
        lda #<fc_sqr3
        ldy #>fc_sqr3
        jsr fadd_c
        jsr fst1
        jsr fld2
        lda #<fc_sqr3
        ldy #>fc_sqr3
        jsr fmul_c
        lda #<fc_mone
        ldy #>fc_mone
        jsr fadd_c
        jsr fswap
        lda #<FT1
        ldy #>FT1
        jsr fload_ay
        jsr fdiv
        lda #1
@small: pha
        jsr fst2
        jsr farg2
        jsr fmul
        jsr fst1
        lda #<poly_atn
        ldy #>poly_atn
        jsr poly
        jsr farg2
        jsr fmul
        pla
        beq @n6
        lda #<fc_pi6
        ldy #>fc_pi6
        jsr fadd_c
@n6:    pla
        beq @ninv
        lda #<fc_pi2
        ldy #>fc_pi2
        jsr farg_ay
        jsr fsub
@ninv:  pla
        bpl @d
        jmp fneg
@d:     rts

; ASN x = ATN(x / SQR(1 - x^2)); ACS x = pi/2 - ASN x
fn_asn: jsr factor_real
asn_core:
        lda #<FT3
        ldy #>FT3
        jsr fstore_ay
        jsr farg_load           ; PTR1 is still FT3
        jsr fmul
        lda #<fc_one
        ldy #>fc_one
        jsr farg_ay
        jsr fsub                ; 1 - x^2
        lda FEXP
        bne @nz
        lda FT3+1               ; +-1: +-pi/2
        pha
        lda #<fc_pi2
        ldy #>fc_pi2
        jsr fload_ay
        pla
        and #$80
        sta FSIGN
        rts
@nz:    jsr sqr_core
        lda #<FT3
        ldy #>FT3
        jsr farg_ay
        jsr fdiv
        jmp atn_core
fn_acs: jsr factor_real
        jsr asn_core
        lda #<fc_pi2
        ldy #>fc_pi2
        jsr farg_ay
        jmp fsub

; FACC = FARG ^ FACC: a whole power below 2^15 by repeated squaring, otherwise EXP(y * LN x)
fpow:   lda #<FT3
        ldy #>FT3
        jsr fstore_ay           ; y
        lda FEXP
        cmp #128+16
        bcs @gen
        jsr real_to_int
        lda CNT2
        beq @whole
@gen:   jsr fswap               ; x
        jsr ln_core
        lda #<FT3
        ldy #>FT3
        jsr farg_ay
        jsr fmul
        jmp exp_core
@whole: lda IACC                ; n, and its sign in PWRSIGN
        sta TMP
        lda IACC+1
        sta TMP+1
        lda FSIGN
        sta PWRSIGN
        bpl @p
        lda #0
        sec
        sbc TMP
        sta TMP
        lda #0
        sbc TMP+1
        sta TMP+1
@p:     jsr fswap               ; x: the base in FT1, the result in FT2
        jsr fst1
        lda #<fc_one
        ldy #>fc_one
        jsr fload_ay
        jsr fst2
@l:     lsr TMP+1
        ror TMP
        bcc @sq
        jsr fld2
        jsr farg1
        jsr fmul
        jsr fst2
@sq:    lda TMP
        ora TMP+1
        beq @done
        lda #<FT1
        ldy #>FT1
        jsr fload_ay
        jsr farg1
        jsr fmul
        jsr fst1
        jmp @l
@done:  jsr fld2
        lda PWRSIGN
        bpl @r
        lda #<fc_one
        ldy #>fc_one
        jsr farg_ay
        jmp fdiv
@r:     rts

; constants (5-byte form, made with tests/bbc_basic/real_model.py)
fc_pi:     .byte $82, $49, $0F, $DA, $A2   ; pi
fc_pi2:    .byte $81, $49, $0F, $DA, $A2   ; pi/2
fc_pi6:    .byte $80, $06, $0A, $91, $C1   ; pi/6
fc_rad:    .byte $7B, $0E, $FA, $35, $13   ; pi/180
fc_deg:    .byte $86, $65, $2E, $E0, $D3   ; 180/pi
fc_one:    .byte $81, $00, $00, $00, $00   ; 1
fc_mone:   .byte $81, $80, $00, $00, $00   ; -1
fc_half:   .byte $80, $00, $00, $00, $00   ; 0.5
fc_ln2:    .byte $80, $31, $72, $17, $F8   ; log(2)
fc_ilog2:  .byte $81, $38, $AA, $3B, $29   ; 1/log(2)
fc_ilog10: .byte $7F, $5E, $5B, $D8, $A9   ; 1/log(10)
fc_expmax: .byte $87, $30, $0F, $33, $C7   ; 88.0296919
fc_expmin: .byte $87, $B2, $CC, $CC, $CD   ; -89.4
fc_ln2a:   .byte $80, $31, $80, $00, $00   ; 355/512
fc_ln2b:   .byte $74, $DE, $80, $82, $E3   ; log(2)-355/512
fc_2pi:    .byte $80, $22, $F9, $83, $6E   ; 2/pi
fc_pi2a:   .byte $81, $49, $00, $00, $00   ; 201/128
fc_pi2b:   .byte $75, $7D, $AA, $22, $17   ; pi/2-201/128
fc_tan15:  .byte $7F, $09, $30, $A2, $F5   ; 2-sqrt(3)
fc_sqr3:   .byte $81, $5D, $B3, $D7, $43   ; sqrt(3)
fc_isqr2m: .byte $34, $F3, $04, $B5   ; the mantissa of 1/sqr 2, low byte first (as in IACC)
poly_sin:                         ; sin r = r*P(r^2), Taylor to r^13/13!
        .byte 6
        .byte $60, $30, $92, $30, $9D
        .byte $67, $D7, $32, $2B, $40
        .byte $6E, $38, $EF, $1D, $2B
        .byte $74, $D0, $0D, $00, $D0
        .byte $7A, $08, $88, $88, $89
        .byte $7E, $AA, $AA, $AA, $AB
        .byte $81, $00, $00, $00, $00
poly_cos:                         ; cos r = P(r^2), Taylor to r^14/14!
        .byte 7
        .byte $5C, $C9, $CB, $A5, $46
        .byte $64, $0F, $76, $C7, $80
        .byte $6B, $93, $F2, $7D, $BC
        .byte $71, $50, $0D, $00, $D0
        .byte $77, $B6, $0B, $60, $B6
        .byte $7C, $2A, $AA, $AA, $AB
        .byte $80, $80, $00, $00, $00
        .byte $81, $00, $00, $00, $00
poly_exp:                         ; exp r = P(r), Taylor to r^10/10!
        .byte 10
        .byte $6B, $13, $F2, $7D, $BC
        .byte $6E, $38, $EF, $1D, $2B
        .byte $71, $50, $0D, $00, $D0
        .byte $74, $50, $0D, $00, $D0
        .byte $77, $36, $0B, $60, $B6
        .byte $7A, $08, $88, $88, $89
        .byte $7C, $2A, $AA, $AA, $AB
        .byte $7E, $2A, $AA, $AA, $AB
        .byte $80, $00, $00, $00, $00
        .byte $81, $00, $00, $00, $00
        .byte $81, $00, $00, $00, $00
poly_atn:                         ; atn x = x*P(x^2), to x^19/19
        .byte 9
        .byte $7C, $D7, $94, $35, $E5
        .byte $7C, $70, $F0, $F0, $F1
        .byte $7D, $88, $88, $88, $89
        .byte $7D, $1D, $89, $D8, $9E
        .byte $7D, $BA, $2E, $8B, $A3
        .byte $7D, $63, $8E, $38, $E4
        .byte $7E, $92, $49, $24, $92
        .byte $7E, $4C, $CC, $CC, $CD
        .byte $7F, $AA, $AA, $AA, $AB
        .byte $81, $00, $00, $00, $00
poly_ln:                         ; ln m = s*P(s^2), s=(m-1)/(m+1): 2*atanh s
        .byte 7
        .byte $7E, $08, $88, $88, $89
        .byte $7E, $1D, $89, $D8, $9E
        .byte $7E, $3A, $2E, $8B, $A3
        .byte $7E, $63, $8E, $38, $E4
        .byte $7F, $12, $49, $24, $92
        .byte $7F, $4C, $CC, $CC, $CD
        .byte $80, $2A, $AA, $AA, $AB
        .byte $82, $00, $00, $00, $00
