; Real numbers as text: reading them (program text, VAL, INPUT, READ) and writing them
; (PRINT and STR$ under @%).

NUMEXP  = DIGITS                ; reading: the power of ten still to apply (signed)
NUMREAL = DIGITS+1              ; reading: nonzero once the number is a real
NUMEV   = DIGITS+2              ; reading: the value after E
NUMFRAC = DIGITS+3              ; reading: nonzero after the point
NUMACC  = DIGITS+4              ; reading: nonzero once the digits go into FACC (IACC is full)
NUMY    = DIGITS+5              ; reading: the index kept while FACC takes a digit
DG      = DIGITS                ; writing: ten decimal digits (ASCII), the first the most significant
FMTK    = FT3                   ; writing: 0 general, 1 exponent, 2 fixed (the byte 2 of @%)
NDIG    = FT3+1                 ; writing: digits (byte 1 of @%)
E10     = FT3+2                 ; writing: the value is d.ddd * 10^E10
NKEEP   = FT3+3                 ; writing: digits kept after rounding

; a decimal number at TP: digits [. digits] [E [+|-] digits].  An integer when it has neither point
; nor exponent and fits in 31 bits; a real otherwise.  The digits go into IACC while it has room,
; then into FACC to 40 bits (FACC * 10 + digit, unrounded), so a long number is read to its
; nearest real, as BASIC II reads it (run on it).
decimal_number:
        jsr clear_iacc
        sta NUMEXP
        sta NUMREAL
        sta NUMFRAC
        sta NUMACC
        tay                     ; the digits are read at TP+Y, TP moved past them at the end
        lda (TP),y              ; the first digit is the value so far (no multiply, for speed)
        eor #'0'
        cmp #10
        bcs @int                ; (a point first: the loop takes it)
        sta IACC
        iny
@int:   lda (TP),y
        eor #'0'                ; a digit 0-9; any other character 10 or more
        cmp #10
        bcs @nd
        ldx IACC+3              ; room for another digit?  (Once the digits are in FACC its
        cpx #$19                ; mantissa's top bit says no)
        bcs @full
        jsr iacc_times10_plus
@frac:  lda NUMFRAC             ; after the point a digit is a place down
        beq @i1
        dec NUMEXP
@i1:    iny                     ; (a number is shorter than 255 characters)
        bne @int
@full:  sty NUMY                ; no room: the digits so far into FACC, and the rest after them
        pha
        ldx NUMACC
        bne @fd
        jsr uint_to_real
        dec NUMACC
        inc NUMREAL
@fd:    jsr fmul10              ; FACC * 10 + the digit, to 40 bits
        jsr fswap
        pla
        jsr int_a
        jsr fadd40
        ldy NUMY
        bne @frac               ; (past the digits that filled IACC: Y is not 0)
@nd:    tax                     ; (the character, EORed with '0')
        tya                     ; TP += Y
        clc
        adc TP
        sta TP
        bcc @s
        inc TP+1
@s:     ldy #0
        txa
        cmp #'.' ^ '0'
        bne @expo
        ldx NUMFRAC             ; a second point ends the number
        bne @done
        dec NUMFRAC
        inc NUMREAL
        bne @i1
@expo:  cmp #'E' ^ '0'
        bne @done
        inc NUMREAL
        jsr inctp
        lda #0
        sta NUMEV
        lda (TP),y
        pha                     ; the sign
        cmp #'-'
        beq @esg
        cmp #'+'
        bne @ed
@esg:   jsr inctp
@ed:    ldy #0
        lda (TP),y
        jsr is_digit
        bcc @eend
        and #$0F
        tax
        lda NUMEV               ; NUMEV = NUMEV * 10 + digit (a few digits at most)
        asl a
        asl a
        adc NUMEV
        asl a
        stx NUMEV
        adc NUMEV
        sta NUMEV
        jsr inctp
        bne @ed
@eend:  pla
        eor #'-'                ; a minus: 0 - NUMEV - 1 (C clear: no digit), the 1 added back
        bne @epos
        sbc NUMEV
        sec
        bcs @eadd
@epos:  lda NUMEV
        clc
@eadd:  adc NUMEXP
        sta NUMEXP
@done:  lda NUMREAL
        bne @real
        lda IACC+3
        bmi @real
        rts
@real:  lda NUMACC
        bne @scale
        jsr uint_to_real
@scale: lda NUMEXP
        beq @r
        bmi @down
        jsr fmul10
        dec NUMEXP
        jmp @scale
@down:  jsr fdiv10
        inc NUMEXP
        jmp @scale
@r:     jmp fround

; a number with an optional sign at TP (VAL, INPUT, READ of a bare number)
signed_number:
        jsr skipsp
        cmp #'-'
        bne @np
        jsr inctp
        jsr decimal_number
        lda VTYPE
        bne @rneg
        jmp negate_iacc
@rneg:  jmp fneg
@np:    cmp #'+'
        bne @go
        jsr inctp
@go:    jmp decimal_number

; the number (VTYPE integer or real) as text in SBUF/SLEN in the @% form A (0 G, 1 E, 2 F) with X
; digits (User Guide, PRINT and @%: G prints up to X significant digits, as an integer or with a
; point, and in E form below 0.1 or from 10^X; E prints X significant digits and an exponent; F
; prints X decimal places).  An integer is its digits only in G form with no more than X of them,
; else it is printed as a real (BASIC II prints 1234567890 as 1.23456789E9 under G9: run on it)
fmt_num:
        sta FMTK
        cpx #0                  ; 0 or more than 10 digits: 10 (F may have 0 places)
        beq @ten
        cpx #11
        bcc @nd
@ten:   cmp #2
        beq @nd
        ldx #10
@nd:    stx NDIG
        lda VTYPE
        bne @real
        lda FMTK
        bne @toreal
        jsr int_sbuf
        lda NDIG                ; the characters fit in NDIG (a negative number of NDIG digits
        cmp DLEN                ; goes on as a real, which prints the same digits)
        bcc @toreal
        lda SBUF                ; SBUF holds the point and zeros to NDIG digits after them, as
        cmp #'0'                ; BASIC II's does (0 alone: run on it), SLEN the digits only
        beq @d
        ldx NDIG                ; the end: NDIG digits, the point and the sign
        inx
        bit DSIGN
        bpl @zp
        inx
@zp:    jsr put_point
@z:     cpx SLEN
        beq @st
        lda #'0'
        jsr fmt_put
        bne @z                  ; (SLEN not 0)
@st:    jmp strip
@d:     rts
@toreal:
        jsr int_to_real
@real:  lda #0
        sta SLEN
        lda FSIGN
        bpl @pos
        lda #'-'
        jsr fmt_put
        lda #0
        sta FSIGN
@pos:   lda #0
        sta E10
        jsr dg_zero
        lda FEXP
        bne @nz
        jmp @rounded
@nz:    lda #9
        sta E10
@up:    ldx #K_E10              ; into 1E9 <= x < 1E10
        jsr farg_item
        jsr fcmp
        beq @big
        bcs @dn
@big:   jsr fdiv10
        inc E10
        bne @up                 ; (E10 > 9 here)
@dn:    ldx #K_E9
        jsr farg_item
        jsr fcmp
        beq @int
        bcc @int
        jsr fmul10
        dec E10
        jmp @dn
@int:   lda #167                ; the integer, rounded: shift right 168 - FEXP
        sec
        sbc FEXP
        tax
        beq @rd
@sr:    jsr shr40
        dex
        bne @sr
@rd:    inc FG
        bne @r1
        jsr iacc_inc
@r1:    jsr shr40
        ldy #10                 ; its ten digits
@dig:   lda #0
        jsr div40_10
        ora #'0'
        dey
        sta DG,y
        bne @dig
        lda FG                  ; it rounded up to 10^10
        beq @kept
        lda #'1'
        sta DG
        inc E10
@kept:  lda NDIG                ; digits to keep: NDIG, or for F the places down to 10^-NDIG
        ldx FMTK
        cpx #2
        bne @k
        sec
        adc E10
        bmi @allzero
        beq @half
        cmp #11
        bcc @k
        lda #0                  ; more than 10 digits: G10 instead, as BASIC II prints it (run
        sta FMTK                ; on it: 1E10 under F3 is 1E10, 123456.5 under F5 123456.5)
        lda #10
        sta NDIG
@k:     sta NKEEP
        cmp #10
        bcs @rounded
        tax
        lda DG,x
        cmp #'5'
        php
@clr:   lda #'0'                ; the digits after the kept ones are 0
        sta DG,x
        inx
        cpx #10
        bcc @clr
        plp
        bcc @rounded
        ldx NKEEP
@inc:   dex
        bmi @carry
        lda DG,x
        cmp #'9'
        bne @incd
        lda #'0'
        sta DG,x
        bne @inc
@incd:  inc DG,x
        bne @rounded            ; (a digit: not 0)
@half:  lda DG                  ; F: the value rounds to 0 or to one unit in the last place
        cmp #'5'
        php
        jsr dg_zero
        plp
        bcc @rounded
@carry: lda #'1'
        sta DG
        inc E10
        jmp @rounded
@allzero:
        jsr dg_zero
@rounded:
        lda FMTK
        beq @gen
        cmp #1
        beq @expf
        jmp fmt_fixed
@expf:  ldx NDIG                ; E: all NDIG digits
        dex
        jmp fmt_exp
@gen:   ldx NDIG                ; G: NDIG digits, the zeros after the last one and a bare point
        dex                     ; then taken off SLEN (left in SBUF, as BASIC II leaves them)
        lda E10                 ; below 0.1, or 10^NDIG and up: the E form
        bmi @gneg
        cmp NDIG
        bcs fmt_exp
        bcc @gfix
@gneg:  cmp #$FF
        bne fmt_exp
@gfix:  stx NKEEP
        jsr fmt_whole
        lda DG                  ; 0 is "0" alone (BASIC II: run on it)
        cmp #'1'
        bcc strip_past
        jsr put_point
        lda E10
        sec
        sbc NKEEP               ; down to place E10 - last (negative)
        tax
        bpl strip
        jsr fmt_frac
; SLEN back past the zeros that end SBUF and a point before them
strip:  ldy SLEN
@s:     dey
        lda SBUF,y
        cmp #'0'
        beq @s
        cmp #'.'
        beq strip_len
strip_past:                     ; (SBUF,Y the last character kept)
        iny
strip_len:
        sty SLEN
        rts

; the E form: d[.ddd]E[-]n with the digits DG 0..X
fmt_exp:
        stx NKEEP
        lda DG
        jsr fmt_put
        ldx #0
        cpx NKEEP
        beq @e
        jsr put_point
@m:     inx
        lda DG,x
        jsr fmt_put
        cpx NKEEP
        bne @m
@e:     ldy FMTK                ; G form: the zeros after the last digit off
        bne @ee
        jsr strip
@ee:    lda #'E'
        jsr fmt_put
        lda SLEN                ; E form: the exponent padded with spaces to 3 characters
        adc #2                  ; (carry set: X = NKEEP)
        sta NKEEP
        lda E10
        bpl @p
        lda #'-'
        jsr fmt_put
        lda #0
        sec
        sbc E10
@p:     ldx #'0'-1
@t:     inx
        sec
        sbc #10
        bcs @t
        adc #10+'0'
        pha
        txa
        cmp #'0'
        beq @one
        jsr fmt_put
@one:   pla
        jsr fmt_put
        lda FMTK                ; (G form: no padding)
        beq @d
@pad:   lda SLEN
        cmp NKEEP
        bcs @d
        lda #' '
        jsr fmt_put
        bne @pad                ; (SLEN not 0)
@d:     rts

; the F form: the whole part, then NDIG places
fmt_fixed:
        jsr fmt_whole
        jsr put_point           ; the point even with 0 places (BASIC II prints 2.)
        lda #0
        sec
        sbc NDIG                ; (NDIG is 1 to 10)
        tax
        bmi fmt_frac
@d:     rts

; the digits of places max(E10,0) down to 0
fmt_whole:
        lda E10
        bpl @w
        lda #0
@w:     tax
@l:     jsr fmt_place
        dex
        bpl @l
        rts

; the digits of places -1 down to X (X negative)
fmt_frac:
        stx CNT2
        ldx #$FF
@l:     jsr fmt_place
        cpx CNT2
        beq @d
        dex
        bmi @l                  ; (places -1 to -10)
@d:     rts

; the digit at place X (10^X) into SBUF
fmt_place:
        stx CNT
        lda E10
        sec
        sbc CNT                 ; index = E10 - X
        bmi @zero
        cmp #10
        bcs @zero
        tay
        lda DG,y
        bne @put
@zero:  lda #'0'
@put:   jsr fmt_put
        ldx CNT
        rts

dg_zero:
        ldx #9
        lda #'0'
@z:     sta DG,x
        dex
        bpl @z
        rts

put_point:
        lda #'.'
fmt_put:
        ldy SLEN
        sta SBUF,y
        inc SLEN
        rts

; FG:IACC >> 1 (40 bits)
shr40:  lsr IACC+3
        ror IACC+2
        ror IACC+1
        ror IACC
        ror FG
        rts


; a number printed by PRINT: the form and digits from @%, right-justified in its field when A
; (the field width) is not 0
print_num:
        pha
        ldx VAR_AT+1
        lda VAR_AT+2
        jsr fmt_num
        pla
; SBUF right-justified in a field of A characters (no padding when it is longer)
print_padded:
        sec
        sbc SLEN
        jsr spaces
        jmp print_sbuf
