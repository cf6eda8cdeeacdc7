; Expressions, by the documented priority (User Guide, "Order of precedence"):
;   unary - + NOT, functions, brackets  >  * DIV MOD  >  + -  >  = <> < > <= >=  >  AND  >  EOR OR
; (^ comes between the functions and * /.)
; The result is in IACC (VTYPE 0), the real accumulator (VTYPE VT_REAL, fp.s) or in SBUF/SLEN
; (VTYPE $FF).  Integer op integer stays an integer for + - * (a product too big for 32 bits
; becomes a real, as documented); / and ^ always give reals; DIV MOD AND OR EOR take integers.

expr_int:
        jsr expr
; the value as an integer: a real is truncated ("Too big" outside the integers)
need_int:
        lda VTYPE
        bne @nz
        rts
@nz:    bmi type_error
        jmp real_to_int
type_error:
        jmp e_type

expr_str:
        jsr expr
need_str:
        lda VTYPE
        bpl type_error
        rts

; the value must be a number
need_num:
        lda VTYPE
        bmi type_error
        rts

; the left operand was an integer (on the BASIC stack) and the right is not: FARG = left as a
; real, FACC = right as a real
left_int_right_real:
        jsr need_num
        jsr pop_acc2
        jsr fswap               ; IACC = the left integer, FARG = the right
        jsr int_to_real
        jmp fswap

; the left operand is a real on the BASIC stack: FARG = it, FACC = the right as a real
pop_left_real:
        jsr to_real
        jmp pop_farg

; a real operation whose left operand is in the accumulator: pushed, the right evaluated by the
; routine at A (low) X (high), both as reals in FARG and FACC
real_right:
        sta JVEC
        stx JVEC+1
        jsr to_real
        jsr push_real
        jsr jump_jvec
        jmp pop_left_real
jump_jvec:
        jmp (JVEC)

factor_int:
        jsr factor
        jmp need_int

expr:   jsr expr_and
@t:     cmp #$84                ; (each level returns with the next non-space character in A)
        beq @or
        cmp #$82
        beq @eor
        rts
@or:    jsr @right
        ldx #3
@o:     lda IACC,x
        ora ACC2,x
        sta IACC,x
        dex
        bpl @o
        bmi @l
@eor:   jsr @right
        ldx #3
@e:     lda IACC,x
        eor ACC2,x
        sta IACC,x
        dex
        bpl @e
@l:     jsr skipsp
        bne @t                  ; (always: skipsp ends with Z clear)
@right: jsr inctp               ; the operands of OR and EOR: ACC2 = left, IACC = right
        jsr need_int
        jsr push_int
        jsr expr_and
        jsr need_int
        jmp pop_acc2

expr_and:
        jsr expr_cmp
@t:     cmp #$80
        beq @and
        rts
@and:   jsr inctp
        jsr need_int
        jsr push_int
        jsr expr_cmp
        jsr need_int
        jsr pop_acc2
        ldx #3
@a:     lda IACC,x
        and ACC2,x
        sta IACC,x
        dex
        bpl @a
@l:     jsr skipsp
        bne @t                  ; (always: skipsp ends with Z clear)

; comparisons: op 1 =, 2 <>, 3 <=, 4 <, 5 >=, 6 >
expr_cmp:
        jsr expr_add
@t:     ldx #1
        cmp #'='
        beq @op
        cmp #'<'
        beq @lt
        cmp #'>'
        beq @gt
        rts
@lt:    jsr inctp               ; (Y is 0: the levels below end in skipsp)
        lda (TP),y
        ldx #2
        cmp #'>'
        beq @op
        ldx #3
        cmp #'='
        beq @op
        ldx #4
        bne @op1
@gt:    jsr inctp               ; (Y is 0: the levels below end in skipsp)
        lda (TP),y
        ldx #5
        cmp #'='
        beq @op
        ldx #6
        bne @op1
@op:    jsr inctp
@op1:   txa
        pha
        lda VTYPE
        bmi @str
        bne @rl
        jsr push_int
        jsr expr_add
        lda VTYPE
        bne @mix
        jsr pop_acc2
        jsr cmp_acc2_iacc
        jmp @result
@mix:   jsr left_int_right_real
        jmp @rcmp
@rl:    jsr push_real
        jsr expr_add
        jsr pop_left_real
@rcmp:  jsr fcmp
        jmp @result
@str:   jsr push_str
        jsr expr_add
        jsr need_str
        jsr cmp_str
@result:                        ; Z: equal, C: left >= right
        php
        pla
        and #3                  ; 0 less, 1 greater, 3 equal
        sta CNT
        pla                     ; the operator 1..6
        asl a
        asl a
        ora CNT
        tax
        lda cmp_truth-4,x
        tay
@false: sty IACC
        sty IACC+1
        sty IACC+2
        sty IACC+3
        lda #0
        sta VTYPE
        skip_spaces             ; one comparison: 1<2=-1 does not chain (BASIC II: run on it)
        rts

cmp_truth:                      ; by operator, then less / greater / - / equal
        .byte 0, 0, 0, $FF      ; =
        .byte $FF, $FF, 0, 0    ; <>
        .byte $FF, 0, 0, $FF    ; <=
        .byte $FF, 0, 0, 0      ; <
        .byte 0, $FF, 0, $FF    ; >=
        .byte 0, $FF, 0, 0      ; >

; signed compare of ACC2 with IACC: Z set if equal, C set if ACC2 >= IACC
cmp_acc2_iacc:
        lda ACC2
        cmp IACC
        bne @ne
        lda ACC2+1
        cmp IACC+1
        bne @ne
        lda ACC2+2
        cmp IACC+2
        bne @ne
        lda ACC2+3
        cmp IACC+3
        bne @ne
        rts                     ; Z set, C set
@ne:    sec
        lda ACC2
        sbc IACC
        lda ACC2+1
        sbc IACC+1
        lda ACC2+2
        sbc IACC+2
        lda ACC2+3
        sbc IACC+3
        bvc @nv
        eor #$80
@nv:    bmi @less
        lda #1                  ; Z clear, C set
        sec
        rts
@less:  lda #1                  ; Z clear, C clear
        clc
        rts

; compare the string on the BASIC stack (left) with SBUF (right), popping it: flags as above
cmp_str:
        ldy #0
        lda (BSP),y
        sta CNT2                ; left length
        ldx #0
@l:     cpx CNT2
        beq @leftend
        cpx SLEN
        beq @gt                 ; right ended first: left is greater
        txa
        tay
        iny
        lda (BSP),y
        cmp SBUF,x
        bne @diff
        inx
        bne @l
@leftend:
        cpx SLEN
        beq @eq                 ; C set: equal
        clc                     ; left shorter: less
        bcc @diff
@gt:    sec                     ; right ended first: greater
@diff:  lda #1                  ; Z clear, C from the byte compare
        bne @done
@eq:    lda #0
@done:  php
        jsr free_str_cnt2
        plp
        rts

expr_add:
        jsr expr_mul
@t:     cmp #'+'
        beq @plus
        cmp #'-'
        beq @minus
        rts
@l:     skip_spaces
        bne @t                  ; (always: skip_spaces ends with Z clear)
@plus:  jsr inctp
        lda VTYPE
        bmi @cat
        bne @radd
        jsr push_int
        jsr expr_mul
        lda VTYPE
        bne @madd
        jsr pop_acc2
        clc
        ldx #0
        ldy #4
@a:     lda ACC2,x
        adc IACC,x
        sta IACC,x
        inx
        dey
        bne @a
        beq @l
@minus: jsr inctp
        lda VTYPE
        bmi @terr
        bne @rsub
        jsr push_int
        jsr expr_mul
        lda VTYPE
        bne @msub
        jsr pop_acc2
        sec
        ldx #0
        ldy #4
@s:     lda ACC2,x
        sbc IACC,x
        sta IACC,x
        inx
        dey
        bne @s
        beq @l
@terr:  jmp e_type
@madd:  jsr left_int_right_real
        jmp @fadd
@radd:  jsr @right
@fadd:  jsr fadd
        jmp @l
@msub:  jsr left_int_right_real
        jmp @fsub
@rsub:  jsr @right
@fsub:  jsr fsub
        jmp @l
@right: lda #<expr_mul
        ldx #>expr_mul
        jmp real_right
@cat:   jsr push_str
        jsr expr_mul
        jsr need_str
        ldy #0                  ; left length + right length <= 255
        lda (BSP),y
        sta CNT2
        clc
        adc SLEN
        bcc @fits
        jmp e_toolong
@fits:  sta CNT
        ldx SLEN                ; move the right part up by the left length
@mv:    cpx #0
        beq @mvd
        dex
        lda SBUF,x
        pha
        txa
        clc
        adc CNT2
        tay
        pla
        sta SBUF,y
        jmp @mv
@mvd:   ldx #0                  ; the left part in front
@cp:    cpx CNT2
        beq @cpd
        txa
        tay
        iny
        lda (BSP),y
        sta SBUF,x
        inx
        bne @cp
@cpd:   lda CNT
        sta SLEN
        jsr free_str_cnt2
        jmp @l

expr_mul:
        jsr expr_pow
@t:     cmp #'*'
        beq @mul
        cmp #'/'
        beq @slash
        cmp #$81
        beq @div
        cmp #$83
        beq @mod
        rts
@mul:   jsr inctp
        lda VTYPE
        bmi @terr
        bne @rmul
        jsr push_int
        jsr expr_pow
        lda VTYPE
        bne @mmul
        jsr pop_acc2
        jsr imul
        jmp @l
@mmul:  jsr left_int_right_real
        jmp @fmul
@rmul:  jsr @right
@fmul:  jsr fmul
        jmp @l
@slash: jsr inctp
        jsr @right
        jsr fdiv
        jmp @l
@terr:  jmp e_type
@right: lda #<expr_pow
        ldx #>expr_pow
        jmp real_right
@div:   jsr binary_int
        jsr divmod32
        jmp @l
@mod:   jsr binary_int
        jsr mod32
@l:     jsr skipsp
        bne @t                  ; (always: skipsp ends with Z clear)

; for an integer operator of the multiplying level: ACC2 = left, IACC = right
binary_int:
        jsr inctp
        jsr need_int
        jsr push_int
        jsr expr_pow
        jsr need_int
        jmp pop_acc2

; IACC = ACC2 * IACC for integers: within 16 bits each (the usual case) the 32-bit product;
; otherwise a real product, given back as an integer when it fits (so it stays exact)
imul:   lda ACC2+3
        eor IACC+3
        sta CNT2                ; the sign of the product
        lda ACC2+3
        bpl @a
        jsr negate_acc2
@a:     lda IACC+3
        bpl @b
        jsr negate_iacc
@b:     lda ACC2+3
        ora ACC2+2
        ora IACC+3
        ora IACC+2
        bne @big
        lda ACC2+1
        ora IACC+1
        bmi @big
        lda #0                  ; 16 x 16 bits: the product builds in IACC+2/3 and
        sta IACC+2              ; moves down through the multiplier in IACC/IACC+1
        sta IACC+3
        ldx #16
        lsr IACC+1
        ror IACC
@ml:    bcc @mn
        clc
        lda IACC+2
        adc ACC2
        sta IACC+2
        lda IACC+3
        adc ACC2+1
        sta IACC+3
@mn:    ror IACC+3
        ror IACC+2
        ror IACC+1
        ror IACC
        dex
        bne @ml
        lda CNT2
        bpl @d
        jmp negate_iacc
@d:     rts
@big:   lda CNT2
        pha
        jsr uint_to_real        ; |right|
        jsr fswap
        jsr uint_to_real        ; |left|
        jsr fmul
        pla
        and #$80
        sta FSIGN
        lda FEXP                ; below 2^31: back to an integer
        cmp #$A0
        bcs @r
        jmp real_to_int
@r:     rts

; ^ (left to right, above * and /): always a real
expr_pow:
        jsr factor
@l:     skip_spaces
        cmp #'^'
        beq @pow
        rts
@pow:   jsr inctp
        lda #<factor
        ldx #>factor
        jsr real_right
        jsr fpow
        jmp @l

; a unary + or - (factor's, placed in front so that a factor with no sign runs straight on)
; takes a factor that has none: --4 is No such variable, as on BASIC II
factor_minus:
        jsr factor_signed
        lda VTYPE
        bne @rneg
        jmp negate_iacc
@rneg:  jsr need_num
        jmp fneg
factor_plus:
        jsr factor_signed
        jmp need_num
factor_signed:
        jsr inctp               ; the factor after the sign: a string literal is none either
        jsr skipsp              ; (-"A" is No such variable, as on BASIC II)
        cmp #$22
        bne factor_unsigned
        jmp e_nosuchvar

; the highest priority: a value, unary operators, brackets, functions
factor: skip_spaces
        cmp #'-'
        beq factor_minus
        cmp #'+'
        beq factor_plus
factor_unsigned:                ; (A = the character at TP, Y = 0)
        cmp #'@'                ; a name or a number (the common cases) is read from TP as it
        bcc @lo                 ; stands, each found in a few compares, for speed
        cmp #$80
        bcc @var
        bcs @sym
@lo:    cmp #'.'
        beq @num
        cmp #'0'
        bcc @sym
        cmp #'9'+1
        bcc @num
@sym:   jsr inctp               ; the rest is taken as read
        cmp #'('
        bne @nb
        jsr expr
        jmp closeb
@nb:    cmp #$22
        beq string_literal
        cmp #'&'
        beq hex_number
        cmp #$CF                ; PAGE, TIME ... in their statement form (as EVAL may give them)
        bcc @nps
        cmp #$D4
        bcs @nps
        sbc #$3F                ; carry clear: -&40
@nps:   cmp #$8E
        bcc @nvar
        cmp #$C6
        bcs @bad
        asl a                   ; X = 2 * (token - &8E) + &1C
        tax
        lda func_table-$1C,x
        sta JVEC
        lda func_table-$1B,x
        sta JVEC+1
        jmp (JVEC)
@nvar:  jsr backtp              ; ? ! $ indirection; nothing here, or no name: No such variable,
        ldy #0                  ; as BASIC II
        lda (TP),y
@var:   ldx #0                  ; (A = the character at TP, Y = 0: past get_lvalue's skipsp)
        stx CREATE
        jsr get_lvalue_at
        jmp load_lvalue
@bad:   jmp e_syntax
@num:   jmp decimal_number

string_literal:
        ldx #0
        ldy #0                  ; (inctp keeps Y)
@l:     lda (TP),y
        cmp #13
        beq @missing
        jsr inctp
        sta SBUF,x              ; (the closing quote too: BASIC II leaves it there, run on it)
        cmp #$22
        bne @ch
        lda (TP),y              ; "" is one quote
        cmp #$22
        bne @end
        jsr inctp
@ch:    inx
        bne @l
@end:   stx SLEN
        lda #$FF
        sta VTYPE
        rts
@missing:
        brk                     ; quote: its error block in line (room)
        .byte 9, W_MISSING, $22, 0

hex_number:
        jsr clear_iacc
        ldx #0
@l:     ldy #0
        lda (TP),y
        cmp #'0'
        bcc @end
        cmp #'9'+1
        bcc @dig
        cmp #'A'
        bcc @end
        cmp #'F'+1
        bcs @end
        sbc #'A'-11             ; carry clear: 'A' gives 10
        bcs @got                ; (no borrow)
@dig:   and #$0F
@got:   sta CNT
        ldy #4
@sh:    asl IACC
        rol IACC+1
        rol IACC+2
        rol IACC+3
        dey
        bne @sh
        lda IACC
        ora CNT
        sta IACC
        inx
        jsr inctp
        bne @l
@end:   txa                     ; (clear_iacc made VTYPE integer)
        beq @bad
        rts
@bad:   brk                     ; badhex: its error block in line (room)
        .byte 28, "Bad HEX", 0
