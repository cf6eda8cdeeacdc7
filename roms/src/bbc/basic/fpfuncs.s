; The real functions: SQR LN LOG EXP SIN COS TAN ATN ASN ACS RAD DEG PI and ^.
; Our own methods, following BASIC II where running it showed how (SQR's Newton steps, EXP's
; reduction, ACS, the RAD and LOG factors): for LN, 2*atanh((m-1)/(m+1)) on m in [0.71,1.41)
; plus k*ln 2; for EXP, n + f with |f| <= 0.5 and a Taylor polynomial; for SIN and COS,
; reduction by pi/2 (in BASIC II's two parts, PI2H and PI2L: run on it) and Taylor polynomials on
; |r| <= pi/4; for ATN, 1/x above 1 and the pi/6 shift above tan 15 degrees, then the series.
;
; Each polynomial's first coefficient is kept to 16 bits (its term is far below the last place):
; as the first multiplier it then takes 16 steps, not 32 (for speed).
;
; The sequences of real operations are written as scripts for fpdo, one byte an operation:
;   items: 0-2 the temporaries FT1-FT3, 3-31 the constants in fc_tab
;   LD+i  FACC = item     AR+i  FARG = item      ST+i  item = FACC
;   MUL+i FACC = FACC * item   ADD+i FACC = FACC + item
;   RSB+i FACC = item - FACC   RDV+i FACC = item / FACC
;   1-13  the operations in fp_ops (FARG op FACC, swap, negate, floor, int to real; then the
;         polynomials, whose fp_ops entries are their tables)
;   0     the end of the script
LD  = $20
AR  = $40
ST  = $60
MUL = $80
ADD = $A0
RSB = $C0
RDV = $E0
F_MUL   = 1
F_ADD   = 2
F_SUB   = 3
F_DIV   = 4
F_SWAP  = 5
F_NEG   = 6
F_FLOOR = 7
F_ITOR  = 8
F_PSIN  = 9
F_PCOS  = 10
F_PEXP  = 11
F_PATN  = 12
F_PLN   = 13
K_ONE      = 3
K_MONE     = 4
K_HALF     = 5
K_PI       = 6
K_PI2      = 7
K_PI6      = 8
K_RAD      = 9
K_DEG      = 10
K_LN2      = 11
K_E        = 12
K_ILOG10   = 13
K_EXPMAX   = 14
K_EXPMIN   = 15
K_IE       = 16
K_TWOPI    = 17
K_TAN15    = 18
K_SQR3     = 19
K_E9       = 20
K_E10      = 21
K_PI2H     = 22
K_PI2L     = 23

; run the script that follows the JSR
fpdo:   pla
        sta PTR3
        pla
        sta PTR3+1
@next:  inc PTR3
        bne @g
        inc PTR3+1
@g:     ldy #0
        lda (PTR3),y
        beq @end
        jsr fpop
        jmp @next
@end:   lda PTR3+1
        pha
        lda PTR3
        pha
        rts
; one script operation, A (the routines are jumped to: their RTS ends it)
fpop:   cmp #$20
        bcc @op
        pha
        jsr item_ptr
        pla
        lsr a
        lsr a
        lsr a
        lsr a
        lsr a
        cmp #2
        bcc @ld
        beq @ar
        cmp #3
        beq @st
        pha
        jsr farg_load
        pla
        sec
        sbc #3                  ; MUL ADD RSB RDV are the operations 1-4
@op:    asl a
        tax
        lda fp_ops-2,x
        ldy fp_ops-1,x
        cpx #2*F_PSIN
        bcs @poly
        sta JVEC
        sty JVEC+1
        jmp (JVEC)
@poly:  jmp poly                ; a polynomial: A/Y its table
@ld:    jmp real_load
@ar:    jmp farg_load
@st:    jmp real_store

fp_ops: .word fmul, fadd, fsub, fdiv, fswap, fneg, real_floor, int_to_real
        .word poly_sin, poly_cos, poly_exp, poly_atn, poly_ln

; PTR1 = the address of item A (the low 5 bits)
item_ptr:
        and #$1F
farg_item1:
        sta CNT
        asl a
        asl a
        adc CNT                 ; 5 * item
        ldx CNT
        cpx #3
        ldy #>FT1
        bcs @rom
        adc #<FT1
        jmp ptr1_ay
@rom:   clc
        adc #<(fc_tab-15)
        ldy #>(fc_tab-15)
        bcc @p
        iny
@p:     jmp ptr1_ay

; FARG = item X
farg_item:
        txa
        jsr farg_item1
        jmp farg_load

factor_real:
        jsr factor
        jmp to_real

; FACC = -FACC
fneg:   lda FEXP
        beq @d
        lda FSIGN
        eor #$80
        sta FSIGN
@d:     rts

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
@l:     lda #<FT1
        ldy #>FT1
        jsr farg_ay
        jsr fmul
        clc
        lda PTR2
        adc #5
        sta PTR2
        bcc @n
        inc PTR2+1
@n:     ldy PTR2+1
        jsr farg_ay
        jsr fadd
        dec POLYN
        bne @l
        rts

fn_pi:  jsr fpdo
        .byte LD+K_PI, 0
        rts
; SQR: BASIC II's (found by running it): five steps of Newton's iteration y = (y + x/y) / 2 from x
; with its binary exponent halved, rounded up (its exponent byte e becomes e/2 + 64, rounded up)
fn_sqr: jsr factor_real
sqr_core:
        lda FEXP
        beq @d
        lda FSIGN
        bpl @ok
        brk                     ; negroot: its error block in line (room)
        .byte 21, "-ve root", 0
@ok:    jsr fpdo
        .byte ST+0, 0           ; x
        lda FEXP
        lsr a
        adc #64
        sta FEXP
        lda #5
        sta POLYN
@it:    jsr fpdo
        .byte ST+1, AR+0, F_DIV, ADD+1, 0
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
@bad:   brk                     ; logrange: its error block in line (room)
        .byte 22, "Log", W_RANGE, 0
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
@in:    jsr fpdo
        .byte ST+1, ADD+K_MONE, ST+0, LD+1, ADD+K_ONE, AR+0, F_DIV, ST+1
        .byte AR+1, F_MUL, ST+0, F_PLN, AR+1, F_MUL, ST+1, 0
        pla                     ; + k * ln 2
        jsr int_a
        jsr fpdo
        .byte MUL+K_LN2, ADD+1, 0
        rts

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
        jsr fpdo
        .byte MUL+K_ILOG10, 0
        rts

; EXP, as BASIC II (found by running it): x = n + f with n whole and |f| <= 0.5 (|n| is |x| rounded,
; a half up); e^f by a
; Taylor polynomial times e^n, the product of n factors e (or of -n factors 1/e), whose values are
; BASIC II's EXP(1) and EXP(-1): a unit below and above the nearest reals
fn_exp: jsr factor_real
exp_core:
        ldx #K_EXPMAX
        jsr farg_item
        jsr fcmp
        bcs @nbig
        brk                     ; exprange: its error block in line (room)
        .byte 24, "Exp", W_RANGE, 0
@nbig:  ldx #K_EXPMIN
        jsr farg_item
        jsr fcmp
        beq @ok
        bcc @ok
        jmp fzero
@ok:    lda FSIGN               ; the sign of x, then |x|
        sta EXPOP
        asl FSIGN
        jsr fpdo
        .byte ST+0, ADD+K_HALF, F_FLOOR, 0
        lda IACC                ; |n|: |x| rounded, a half up (|x| < 90)
        pha
        jsr fpdo
        .byte F_ITOR, RSB+0, 0
        ldy #MUL+K_E
        bit EXPOP
        bpl @pos
        jsr fneg                ; f = x - n: |x| - |n| with the sign of x
        ldy #MUL+K_IE
@pos:   sty EXPOP             ; |n| factors e, or 1/e below 0
        jsr fpdo
        .byte ST+0, F_PEXP, ST+1, LD+K_ONE, 0
        pla
        sta POLYN
@pw:    dec POLYN
        bmi @p
        lda EXPOP
        jsr fpop
        jmp @pw
@p:     jsr fpdo
        .byte MUL+1, 0
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
        brk                     ; accuracy: its error block in line (room)
        .byte 23, "Accuracy lost", 0
@ok:    jsr fpdo
        .byte ST+0, MUL+K_TWOPI, ADD+K_HALF, F_FLOOR, 0
        lda IACC
        pha                     ; n
        jsr fpdo                ; r in FT2, r^2 in FT1
        .byte F_ITOR, ST+1, MUL+K_PI2H, RSB+0, ST+0, LD+1, MUL+K_PI2L, RSB+0
        .byte ST+1, AR+1, F_MUL, ST+0, 0
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
        lsr a
        bcs @cos
        jsr fpdo
        .byte F_PSIN, AR+1, F_MUL, 0
        jmp @sign
@cos:   jsr fpdo
        .byte F_PCOS, 0
@sign:  lda TMP                 ; quadrants 2 and 3 are negative
        and #2
        beq @s2
        jsr fneg
@s2:    lda TMP+1
        bpl @d
        jsr fneg
@d:     rts

fn_tan: jsr factor_real
        jsr fpdo
        .byte ST+2, 0
        lda #1
        jsr trig
        jsr push_real
        jsr fpdo
        .byte LD+2, 0
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
        ldx #K_ONE
        jsr farg_item
        jsr fcmp
        lda #0
        bcs @le1
        jsr fdiv                ; above 1: pi/2 - atn(1/x)
        lda #1
@le1:   pha
        ldx #K_TAN15
        jsr farg_item
        jsr fcmp
        lda #0
        bcs @small
        jsr fpdo                ; above tan 15: pi/6 + atn((x sqr 3 - 1) / (x + sqr 3))
        .byte ST+1, ADD+K_SQR3, ST+0, LD+1, MUL+K_SQR3, ADD+K_MONE, F_SWAP, LD+0, F_DIV, 0
        lda #1
@small: pha
        jsr fpdo
        .byte ST+1, AR+1, F_MUL, ST+0, F_PATN, AR+1, F_MUL, 0
        pla
        beq @n6
        jsr fpdo
        .byte ADD+K_PI6, 0
@n6:    pla
        beq @ninv
        jsr fpdo
        .byte RSB+K_PI2, 0
@ninv:  pla
        bpl @d
        jmp fneg
@d:     rts

; ASN x = ATN(x / SQR(1 - x^2)); ACS x = pi/2 - ASN x, as BASIC II works it out (found by running
; it: ACS(1) is 6.07638384E-11): (PI2H - ASN x) + PI2L, PI2H pi/2 to 16 bits rounded up
fn_asn: jsr factor_real
asn_core:
        jsr fpdo
        .byte ST+2, AR+2, F_MUL, RSB+K_ONE, 0
        lda FEXP
        bne @nz
        lda FT3+1               ; +-1: +-pi/2
        pha
        jsr fpdo
        .byte LD+K_PI2, 0
        pla
        and #$80
        sta FSIGN
        rts
@nz:    jsr sqr_core
        jsr fpdo
        .byte AR+2, F_DIV, 0
        jmp atn_core
fn_acs: jsr factor_real          ; (pi/2 in two parts, as BASIC II: run on it)
        jsr asn_core
        jsr fpdo
        .byte RSB+K_PI2H, ADD+K_PI2L, 0
        rts

; FACC = FARG ^ FACC, as BASIC II (found by running it): for a whole y, |y| < 64, 1 multiplied y
; times by x (-y times by 1/x below 0); otherwise EXP(y * LN x)
fpow:   jsr fpdo
        .byte ST+2, 0           ; y
        lda FEXP
        cmp #128+7
        bcs @gen
        jsr real_to_int
        lda CNT2
        beq @whole
@gen:   jsr fswap               ; x
        jsr ln_core
        jsr fpdo
        .byte MUL+2, 0
        jmp exp_core
@whole: lda IACC                ; n
        sta POLYN
        jsr fswap               ; x
        lda POLYN
        bpl @p
        eor #$FF
        sec
        adc #0
        sta POLYN               ; -n
        jsr fpdo
        .byte RDV+K_ONE, 0
@p:     jsr fpdo
        .byte ST+0, LD+K_ONE, 0
@l:     dec POLYN
        bmi @r
        jsr fpdo
        .byte MUL+0, 0
        jmp @l
@r:     rts

; (placed before fc_tab: its last coefficient, 1, is fc_tab's first constant)
poly_atn:                         ; atn x = x*P(x^2), to x^15/15 (error below x^17/17, 1E-11 on |x| <= tan 15)
        .byte 7
        .byte $7D, $88, $89, $00, $00
        .byte $7D, $1D, $89, $D8, $9E
        .byte $7D, $BA, $2E, $8B, $A3
        .byte $7D, $63, $8E, $38, $E4
        .byte $7E, $92, $49, $24, $92
        .byte $7E, $4C, $CC, $CC, $CD
        .byte $7F, $AA, $AA, $AA, $AB
; constants (5-byte form, made with tests/bbc_basic/real_model.py), items 3 on
fc_tab:
        .byte $81, $00, $00, $00, $00   ; 3: 1
        .byte $81, $80, $00, $00, $00   ; 4: -1
        .byte $80, $00, $00, $00, $00   ; 5: 0.5
        .byte $82, $49, $0F, $DA, $A2   ; 6: pi
        .byte $81, $49, $0F, $DA, $A2   ; 7: pi/2
        .byte $80, $06, $0A, $91, $C1   ; 8: pi/6
        .byte $7B, $0E, $FA, $35, $12   ; 9: pi/180, a unit below the nearest (BASIC II's RAD: run on it)
        .byte $86, $65, $2E, $E0, $D3   ; 10: 180/pi
        .byte $80, $31, $72, $17, $F8   ; 11: log(2)
        .byte $82, $2D, $F8, $54, $58   ; 12: e, a unit below the nearest (BASIC II's EXP(1))
        .byte $7F, $5E, $5B, $D8, $AA   ; 13: 1/log(10), a unit above the nearest (BASIC II's LOG: run on it)
        .byte $87, $32, $FF, $FF, $FF   ; 14: 89.5 less a unit (BASIC II: Exp range from 89.5)
        .byte $87, $B2, $CC, $CC, $CD   ; 15: -89.4
        .byte $7F, $3C, $5A, $B1, $B2   ; 16: 1/e, a unit above the nearest (BASIC II's EXP(-1))
        .byte $80, $22, $F9, $83, $6E   ; 17: 2/pi
        .byte $7F, $09, $30, $A2, $F5   ; 18: 2-sqrt(3)
        .byte $81, $5D, $B3, $D7, $43   ; 19: sqrt(3)
        .byte $9E, $6E, $6B, $28, $00   ; 20: 1e9
        .byte $A2, $15, $02, $F9, $00   ; 21: 1e10
        .byte $81, $49, $10, $00, $00   ; 22: pi/2 to 16 bits, rounded up
        .byte $6F, $95, $77, $7A, $61   ; 23: pi/2 less that (BASIC II's, from its ACS(1))
fc_isqr2m: .byte $34, $F3, $04, $B5   ; the mantissa of 1/sqr 2, low byte first (as in IACC)

poly_sin:                         ; sin r = r*P(r^2), Taylor to r^11/11! (error below r^13/13!, 1E-11 on |r| <= pi/4)
        .byte 5
        .byte $67, $D7, $32, $00, $00
        .byte $6E, $38, $EF, $1D, $2B
        .byte $74, $D0, $0D, $00, $D0
        .byte $7A, $08, $88, $88, $89
        .byte $7E, $AA, $AA, $AA, $AB
        .byte $81, $00, $00, $00, $00
poly_cos:                         ; cos r = P(r^2), Taylor to r^12/12! (error below 5E-12)
        .byte 6
        .byte $64, $0F, $77, $00, $00
        .byte $6B, $93, $F2, $7D, $BC
        .byte $71, $50, $0D, $00, $D0
        .byte $77, $B6, $0B, $60, $B6
        .byte $7C, $2A, $AA, $AA, $AB
        .byte $80, $80, $00, $00, $00
        .byte $81, $00, $00, $00, $00
poly_exp:                         ; exp r = P(r), Taylor to r^10/10!
        .byte 10
        .byte $6B, $13, $F2, $00, $00
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
poly_ln:                         ; ln m = s*P(s^2), s=(m-1)/(m+1): 2*atanh s, to s^13 (error below 1E-12)
        .byte 6
        .byte $7E, $1D, $8A, $00, $00
        .byte $7E, $3A, $2E, $8B, $A3
        .byte $7E, $63, $8E, $38, $E4
        .byte $7F, $12, $49, $24, $92
        .byte $7F, $4C, $CC, $CC, $CD
        .byte $80, $2A, $AA, $AA, $AB
        .byte $82, $00, $00, $00, $00

; (RAD and DEG here, after the tables, so that no constant of fc_tab straddles a page: its
; reads would take a cycle more)
fn_rad: jsr factor_real
        jsr fpdo
        .byte MUL+K_RAD, 0
        rts
fn_deg: jsr factor_real
        jsr fpdo
        .byte MUL+K_DEG, 0
        rts
