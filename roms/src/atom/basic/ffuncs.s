; The real functions: SQR LOG EXP SIN COS TAN ATN ASN ACS HTN DEG RAD PI ABS SGN FLT VAL FGET, as
; "Atomic Theory and Practice" ch. 22 lists them.  Our own methods: Newton's for SQR; for the others
; a reduction to a small range, then a Taylor polynomial (coefficients below, each 1/n! or 1/n).
; The errors' numbers are those Acorn's float ROM gives (run as an oracle).

ffunctions:
        .text "SI", 'N'+$80
        .word fn_sin
        .text "CO", 'S'+$80
        .word fn_cos
        .text "TA", 'N'+$80
        .word fn_tan
        .text "AT", 'N'+$80
        .word fn_atn
        .text "AS", 'N'+$80
        .word fn_asn
        .text "AC", 'S'+$80
        .word fn_acs
        .text "SQ", 'R'+$80
        .word fn_sqr
        .text "LO", 'G'+$80
        .word fn_log
        .text "EX", 'P'+$80
        .word fn_exp
        .text "P", 'I'+$80
        .word fn_pi
        .text "AB", 'S'+$80
        .word fn_fabs
        .text "SG", 'N'+$80
        .word fn_sgn
        .text "FL", 'T'+$80
        .word fn_flt
        .text "HT", 'N'+$80
        .word fn_htn
        .text "DE", 'G'+$80
        .word fn_deg
        .text "RA", 'D'+$80
        .word fn_rad
        .text "VA", 'L'+$80
        .word fn_val
        .text "FGE", 'T'+$80
        .word UFGET
        .byte 0

; keep: FAC to the temporary at #2800 + A, as it is (8 bytes, the guard byte too, so a value kept
; loses nothing).  fetch, fetch_arg: FAC or ARG from one.
FK_A        = $C8               ; the temporaries, #28C8-#28F7
FK_B        = $D0
FK_C        = $D8
FK_D        = $E0
FK_E        = $E8
FK_F        = $F0
keep:   tay
        ldx #0
@c:     lda FSGN,x
        sta FVARS,y
        iny
        inx
        cpx #8
        bne @c
        rts
fetch_arg:
        ldx #ARGX
        .byte $2C
fetch:  ldx #0
        tay
        lda #8
        sta FRET                ; (free outside fpush and fpull_arg)
@c:     lda FVARS,y
        sta FSGN,x
        iny
        inx
        dec FRET
        bne @c
        rts

fn_pi:  lda #C_PI
        jmp fac_const

fn_fabs: jsr ffactor
        lda #0
        sta FSGN
        rts

fn_sgn: jsr ffactor
        lda FEXP
        beq @zero
        lda FSGN
        pha
        jsr fac_one
        pla
        sta FSGN
@zero:  rts
fac_one:                        ; FAC = 1
        lda #real_one-powers_of_ten
        jmp fac_const

fn_flt: jsr factor
        jmp fflt

fn_deg: lda #C_DEG
        .byte $2C
fn_rad: lda #C_RAD
        pha
        jsr ffactor
        pla
times_const:                    ; FAC = FAC * the constant at powers_of_ten + A
        jsr arg_const
        jmp fmul

; VAL string: the number the string starts with ("-" allowed).
fn_val: jsr string_source
        lda PTR2
        ldy PTR2+1
        jmp ffactor_at

; SQR: ERROR 123 for a negative number; the root itself is the utility ROM's (USQR), as Acorn's.
fn_sqr: jsr ffactor
fsqr:   lda FEXP
        beq @done
        lda FSGN
        bpl @ok
        error E_FROOT
@ok:    jmp USQR
@done:  rts

; fpoly: FAC = P(FAC), the table at A (low), Y (high): a count, then the coefficients, highest
; power first.  fpoly_at: the table at FPTR2.
fpoly:  sta FPTR2
        sty FPTR2+1
fpoly_at:
        lda #<FK_C
        jsr keep                ; x
        ldy #0
        lda (FPTR2),y
        sta FT3
        inc FPTR2
        bne @first
        inc FPTR2+1
@first: lda FPTR2
        ldy FPTR2+1
        jsr load_ay
@next:  dec FT3
        beq @done
        clc
        lda FPTR2
        adc #5
        sta FPTR2
        bcc @x
        inc FPTR2+1
@x:     lda #<FK_C
        jsr fetch_arg
        jsr fmul
        lda FPTR2
        ldy FPTR2+1
        jsr load_arg_ay
        jsr fadd
        jmp @next
@done:  rts

; odd_poly: FAC = x * P(x^2), the table at A, Y.
odd_poly:
        sta FPTR2
        sty FPTR2+1
        lda #<FK_D
        jsr keep                ; x
        jsr fac_to_arg
        jsr fmul                ; x^2
        jsr fpoly_at
        lda #<FK_D
        jsr fetch_arg
        jmp fmul

; LOG: x = m * 2^k, m in [0.7, 1.4); ln m = z * P(z^2), z = (m-1)/(m+1); + k ln 2.
fn_log: jsr ffactor
flog:   lda FEXP
        beq @bad
        lda FSGN
        bpl @ok
@bad:   error E_FLOG
@ok:    lda FEXP
        sec
        sbc #128
        tax                     ; k
        lda #128                ; m in [0.5, 1)
        sta FEXP
        lda FM                  ; below #B5000000 (about sqrt 0.5): m * 2, k - 1
        cmp #$B5
        bcs @keep
        inc FEXP
        dex
@keep:  txa
        pha
        lda #<FK_A
        jsr keep                ; m
        jsr fac_to_arg
        jsr fac_one
        jsr fsub                ; FAC = m - 1
        lda #<FK_B
        jsr keep
        lda #<FK_A
        jsr fetch
        jsr fac_to_arg
        jsr fac_one
        jsr fadd                ; m + 1
        lda #<FK_B
        jsr fetch_arg
        jsr fdiv                ; z
        lda #<log_poly
        ldy #>log_poly
        jsr odd_poly
        lda #<FK_A
        jsr keep
        pla                     ; + k ln 2
        jsr set_acc_a
        lda ACC
        bpl @pos
        lda #$FF
        sta ACC+1
        sta ACC+2
        sta ACC+3
@pos:   jsr fflt
        lda #C_LN2
        jsr times_const
        lda #<FK_A
        jsr fetch_arg
        jmp fadd

; EXP as Acorn's float ROM makes it (its results matched to the last bit for x > 0): n = x
; rounded, f = x - n; e^f, rounded, times e^n, which Acorn's makes as e (or 1/e, for n < 0)
; multiplied by itself |n| times over, each product rounded: ours takes it from a table of those
; products (EXPTAB, the utility ROM).  n >= 90: ERROR 238; n = 89: overflow (ERROR 169);
; n <= -90: 0; n = -89: e^-89 is kept doubled, the product halved after, 0 when that is below
; our smallest real (all as Acorn's, but that its EXP -89 is 2.2E-39: its reals go one binade
; lower).
fn_exp: jsr ffactor
fexp:   lda FEXP                ; |x| >= 128
        cmp #128+8
        bcs @far
        lda #<FK_E
        jsr keep                ; x
        jsr fround_int          ; n
        lda ACC
        bpl @pos
        cmp #-89
        bcs @ok
@zero:  jmp fzero
@pos:   cmp #89
        beq @over
        bcs @big
@ok:    pha
        lda #<FK_E
        jsr fetch_arg
        jsr fsub                ; f = x - n, |f| <= 1/2
        jsr fexp_part           ; e^f
        pla
        beq @done
        clc
        adc #89
        jsr set_acc_a
        jsr times5
        jsr fac_to_arg          ; e^f, rounded
        ldx #ARGX
        jsr fround
        clc                     ; times e^n
        lda ACC
        adc #<EXPTAB
        tax
        lda ACC+1
        adc #>EXPTAB
        tay
        txa
        jsr load_ay
        jsr fmul
        lda ACC                 ; 0 for n = -89 (the table's first entry, doubled)
        bne @done
        lda FEXP
        beq @done               ; (0 already)
        dec FEXP
        bne @done
        jmp fzero
@over:  jmp overflow
@far:   lda FSGN
        bmi @zero
@big:   error E_FEXP
@done:  rts

; fexp_part: FAC = e^x for a small x: x = k ln 2 + r; e^r by its Taylor polynomial, times 2^k.
fexp_part:
        lda #<FK_A
        jsr keep                ; x
        lda #C_INVLN2
        jsr times_const
        jsr fround_int          ; k, the nearest integer: |r| <= ln 2 / 2
        lda ACC
        pha
        lda ACC+3
        pha
        lda #<FK_B
        jsr keep                ; k
        lda #C_LN2HI            ; r = x - k ln 2, ln 2 in two parts
        jsr subtract_part
        lda #C_LN2LO
        jsr subtract_part
        jsr fexpm1
        jsr arg_one
        jsr fadd                ; e^r = 1 + (e^r - 1)
        pla                     ; * 2^k
        tax
        pla
        clc
        adc FEXP
        sta FEXP
        txa
        bmi @down
        bcs @big
        rts
@down:  bcc @zero
        lda FEXP
        beq @zero
        rts
@zero:  jmp fzero
@big:   error E_FEXP

; fexpm1: FAC = e^r - 1 = r * Q(r), r in FAC and FK_A (|r| <= ln 2 / 2).
fexpm1: lda #<exp_poly
        ldy #>exp_poly
        jsr fpoly
        lda #<FK_A
        jsr fetch_arg
        jmp fmul

arg_one:                        ; ARG = 1
        lda #real_one-powers_of_ten
        jmp arg_const

; SIN, COS, TAN: x = q pi/2 + r, q = x * 2/pi's floor (pi/2 in three parts, so r keeps its digits
; for large x), 0 <= r < pi/2; then, as Acorn's float ROM (its SIN matched 198 of 200 x in (3.2, 60)
; given its own SIN of r; its COS x is its SIN(pi/2 - x)): by the quadrant (COS: q + 1) sin r,
; sin(pi/2 - r), -sin r or -sin(pi/2 - r), r and pi/2 - r rounded reals.  ERROR 128 for
; |x| >= 2^24 pi/2.
fn_sin: jsr ffactor
fsin:   lda #0
        .byte $2C
fcos:   lda #1
        pha
        jsr reduce
        pla
        clc
        adc FT3                 ; the quadrant
        pha
        ldx #0
        jsr fround              ; r
        pla
        pha
        lsr a
        bcc @sin
        lda #C_HALFPI           ; pi/2 - r
        jsr arg_const
        jsr fsub
        ldx #0
        jsr fround
@sin:   lda #<sin_poly
        ldy #>sin_poly
        jsr odd_poly
        pla
        and #2
        beq @done
        jmp fneg
@done:  rts

fn_cos: jsr ffactor
        jmp fcos

fn_tan: jsr ffactor
        lda #<FK_E
        jsr keep
        jsr fsin
        lda #<FK_F              ; (fsin's own temporaries are A-D)
        jsr keep
        lda #<FK_E
        jsr fetch
        jsr fcos
        lda #<FK_F
        jsr fetch_arg
        jmp fdiv

; reduce: FAC = r, FT3 = q mod 4.
reduce: lda FEXP
        cmp #128+25
        bcc @ok
        error E_FRANGE
@ok:    lda #<FK_A
        jsr keep                ; x
        lda #C_TWOOVERPI
        jsr times_const
        jsr fac_to_arg          ; q = x * 2/pi - 1/2 rounded to the nearest: the floor
        lda #real_half-powers_of_ten
        jsr fac_const
        jsr fsub
        jsr fround_int
        lda ACC
        and #3
        sta FT3
        lda #<FK_B
        jsr keep                ; q
        lda #C_HP1
        jsr subtract_part
        lda #C_HP2
        jsr subtract_part
        lda #C_HP3
; subtract_part: FAC = FK_A = FK_A - FK_B * the constant at powers_of_ten + A.
subtract_part:
        pha
        lda #<FK_B
        jsr fetch
        pla
        jsr times_const
        lda #<FK_A
        jsr fetch_arg
        jsr fsub
        lda #<FK_A
        jmp keep

; ATN: |x| > 1: pi/2 - atn(1/x); above tan(pi/12): pi/6 + atn((x sqrt 3 - 1)/(x + sqrt 3));
; then x * P(x^2).
fn_atn: jsr ffactor
fatn:   lda FSGN
        pha
        lda #0
        sta FSGN
        sta FATNF                 ; bit 0: inverted, bit 1: moved by pi/6
        jsr fac_to_arg
        jsr fac_one
        jsr fcmp
        bmi @small
        beq @small
        jsr fswap               ; 1 / x, rounded (Acorn's ATN x is pi/2 - ATN(1/x), each a
        jsr fdiv                ; rounded real: all of 200 x in (1, 20) so)
        ldx #0
        jsr fround
        inc FATNF
        bne @range              ; (always)
@small: jsr arg_to_fac
@range: jsr fac_to_arg
        lda #C_TAN15
        jsr fac_const
        jsr fcmp
        pha
        jsr arg_to_fac
        pla
        bmi @poly
        lda #<FK_A
        jsr keep                ; x
        lda #C_ROOT3
        jsr times_const
        jsr fac_to_arg
        jsr fac_one
        jsr fsub
        lda #<FK_B
        jsr keep                ; x sqrt 3 - 1
        lda #<FK_A
        jsr fetch
        lda #C_ROOT3
        jsr arg_const
        jsr fadd
        lda #<FK_B
        jsr fetch_arg
        jsr fdiv
        lda FATNF
        ora #2
        sta FATNF
@poly:  lda FATNF
        pha
        lda #<atn_poly
        ldy #>atn_poly
        jsr odd_poly
        pla
        sta FATNF
        and #2
        beq @noshift
        lda #C_SIXTHPI
        jsr arg_const
        jsr fadd
@noshift:
        lsr FATNF
        bcc @sign
        jsr fac_to_arg          ; pi/2 - it
        ldx #ARGX
        jsr fround
        lda #C_HALFPI
        jsr fac_const
        jsr fsub
@sign:  pla
        sta FSGN
        rts

; ASN: atn(x / sqr(1 - x^2)); |x| > 1: ERROR 123; +-1: +-pi/2.  ACS: pi/2 - ASN.
fn_acs: jsr fn_asn
        lda #C_HALFPI
        jsr arg_const
        jmp fsub
fn_asn: jsr ffactor
        lda FSGN
        pha
        lda #0
        sta FSGN
        lda #<FK_E
        jsr keep
        jsr fac_to_arg
        jsr fac_one
        jsr fcmp
        beq @one
        bpl @bad
        lda #<FK_E
        jsr fetch
        jsr fac_to_arg
        jsr fmul
        jsr arg_one
        jsr fsub                ; 1 - x^2
        jsr fsqr
        lda #<FK_E
        jsr fetch_arg
        jsr fdiv
        jsr fatn
        jmp @sign
@one:   lda #C_HALFPI
        jsr fac_const
@sign:  pla
        sta FSGN
        rts
@bad:   error E_FROOT

; HTN: u / (u + 2), u = e^2x - 1: for |x| < 1/8 u is 2x * Q(2x) (expm1, no 1 to cancel, so a
; small x keeps all its digits), else e^2x - 1; beyond +-16 it is +-1.
fn_htn: jsr ffactor
        lda FSGN
        pha
        lda #0
        sta FSGN
        lda FEXP
        cmp #128+5              ; |x| >= 16: 1
        bcc @calc
        jsr fac_one
        bne @sign               ; (always: fac_one leaves A nonzero)
@calc:  inc FEXP                ; 2x
        lda FEXP
        cmp #128-2
        bcs @large
        lda #<FK_A
        jsr keep                ; 2x: |2x| < 1/4, no reduction
        jsr fexpm1
        jmp @ratio
@large: jsr fexp
        jsr arg_one
        lda #$80                ; -1
        sta ASGN
        jsr fadd
@ratio: lda #<FK_B
        jsr keep                ; u
        jsr arg_one
        inc AEXP                ; 2
        jsr fadd
        lda #<FK_B
        jsr fetch_arg
        jsr fdiv
@sign:  pla
        sta FSGN
        rts

; fround_int: ACC = FAC rounded to the nearest integer (its low and top bytes are what the callers
; use), and FAC = that integer.
fround_int:
        jsr fac_to_arg
        lda #real_half-powers_of_ten
        jsr fac_const
        lda ASGN
        sta FSGN
        jsr fadd
        jsr ffix
        lda ACC
        pha
        lda ACC+3
        pha
        jsr fflt
        pla
        sta ACC+3
        pla
        sta ACC
        rts

sin_poly:                       ; sin r = r * P(r^2), 0 <= r <= pi/2
        .byte 8
        .byte $58, $D7, $3F, $9F, $3A   ; -1/15! (the next, (pi/2)^17/17!, is below 2^-37)
        .byte $60, $30, $92, $30, $9D   ; 1/13!
        .byte $67, $D7, $32, $2B, $40   ; -1/11!
        .byte $6E, $38, $EF, $1D, $2B   ; 1/9!
        .byte $74, $D0, $0D, $00, $D0   ; -1/7!
        .byte $7A, $08, $88, $88, $89   ; 1/5!
        .byte $7E, $AA, $AA, $AA, $AB   ; -1/3!
        .byte $81, $00, $00, $00, $00   ; 1/1!
atn_poly:                       ; atn x = x * P(x^2)
        .byte 8
        .byte $7D, $88, $88, $88, $89   ; -1/15
        .byte $7D, $1D, $89, $D8, $9E   ; 1/13
        .byte $7D, $BA, $2E, $8B, $A3   ; -1/11
        .byte $7D, $63, $8E, $38, $E4   ; 1/9
        .byte $7E, $92, $49, $24, $92   ; -1/7
        .byte $7E, $4C, $CC, $CC, $CD   ; 1/5
        .byte $7F, $AA, $AA, $AA, $AB   ; -1/3
        .byte $81, $00, $00, $00, $00   ; 1/1
log_poly:                       ; ln m = z * P(z^2)
        .byte 6
        .byte $7E, $3A, $2E, $8B, $A3   ; 2/11
        .byte $7E, $63, $8E, $38, $E4   ; 2/9
        .byte $7F, $12, $49, $24, $92   ; 2/7
        .byte $7F, $4C, $CC, $CC, $CD   ; 2/5
        .byte $80, $2A, $AA, $AA, $AB   ; 2/3
        .byte $82, $00, $00, $00, $00   ; 2/1
exp_poly:                       ; (e^r - 1) / r = Q(r)
        .byte 9
        .byte $6E, $38, $EF, $1D, $2B   ; 1/9!
        .byte $71, $50, $0D, $00, $D0   ; 1/8!
        .byte $74, $50, $0D, $00, $D0   ; 1/7!
        .byte $77, $36, $0B, $60, $B6   ; 1/6!
        .byte $7A, $08, $88, $88, $89   ; 1/5!
        .byte $7C, $2A, $AA, $AA, $AB   ; 1/4!
        .byte $7E, $2A, $AA, $AA, $AB   ; 1/3!
        .byte $80, $00, $00, $00, $00   ; 1/2!
        .byte $81, $00, $00, $00, $00   ; 1/1!
