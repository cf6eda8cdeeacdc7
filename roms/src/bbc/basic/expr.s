; Expressions, by the documented priority (User Guide, "Order of precedence"):
;   unary - + NOT, functions, brackets  >  * DIV MOD  >  + -  >  = <> < > <= >=  >  AND  >  EOR OR
; The result is in IACC (VTYPE 0) or in SBUF/SLEN (VTYPE $FF).

expr_int:
        jsr expr
need_int:
        lda VTYPE
        bne type_error
        rts
type_error:
        jmp e_type

expr_str:
        jsr expr
need_str:
        lda VTYPE
        beq type_error
        rts

factor_int:
        jsr factor
        jmp need_int

expr:   jsr expr_and
@l:     jsr skipsp
        cmp #$84
        beq @or
        cmp #$82
        beq @eor
        rts
@or:    jsr inctp
        jsr need_int
        jsr push_int
        jsr expr_and
        jsr need_int
        jsr pop_acc2
        ldx #3
@o:     lda IACC,x
        ora ACC2,x
        sta IACC,x
        dex
        bpl @o
        jmp @l
@eor:   jsr inctp
        jsr need_int
        jsr push_int
        jsr expr_and
        jsr need_int
        jsr pop_acc2
        ldx #3
@e:     lda IACC,x
        eor ACC2,x
        sta IACC,x
        dex
        bpl @e
        jmp @l

expr_and:
        jsr expr_cmp
@l:     jsr skipsp
        cmp #$80
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
        jmp @l

; comparisons: op 1 =, 2 <>, 3 <=, 4 <, 5 >=, 6 >
expr_cmp:
        jsr expr_add
@l:     jsr skipsp
        ldx #1
        cmp #'='
        beq @op
        cmp #'<'
        beq @lt
        cmp #'>'
        beq @gt
        rts
@lt:    jsr inctp
        ldy #0
        lda (TP),y
        ldx #2
        cmp #'>'
        beq @op
        ldx #3
        cmp #'='
        beq @op
        ldx #4
        bne @op1
@gt:    jsr inctp
        ldy #0
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
        bne @str
        jsr push_int
        jsr expr_add
        jsr need_int
        jsr pop_acc2
        jsr cmp_acc2_iacc
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
        jmp @false
@false: sty IACC
        sty IACC+1
        sty IACC+2
        sty IACC+3
        lda #0
        sta VTYPE
        jmp @l

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
        beq @eq
        lda #1                  ; left shorter: less
        clc
        bcc @done
@diff:  lda #1                  ; C from the byte compare
        bcs @done
        clc
        bcc @done
@gt:    lda #1
        sec
        bcs @done
@eq:    lda #0
        sec
@done:  php
        lda CNT2
        sec
        adc #0
        jsr stack_free
        plp
        rts

expr_add:
        jsr expr_mul
@l:     jsr skipsp
        cmp #'+'
        beq @plus
        cmp #'-'
        beq @minus
        rts
@plus:  jsr inctp
        lda VTYPE
        bne @cat
        jsr push_int
        jsr expr_mul
        jsr need_int
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
        jmp @l
@minus: jsr inctp
        jsr need_int
        jsr push_int
        jsr expr_mul
        jsr need_int
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
        jmp @l
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
        lda CNT2
        sec
        adc #0
        jsr stack_free
        jmp @l

expr_mul:
        jsr factor
@l:     jsr skipsp
        cmp #'*'
        beq @mul
        cmp #$81
        beq @div
        cmp #$83
        beq @mod
        rts
@mul:   jsr binary_int
        jsr mul32
        jmp @l
@div:   jsr binary_int
        jsr divmod32
        jmp @l
@mod:   jsr binary_int
        jsr divmod32
        ldx #3
@m:     lda TMP2,x              ; the remainder
        sta IACC,x
        dex
        bpl @m
        jmp @l

; for an integer operator of the multiplying level: ACC2 = left, IACC = right
binary_int:
        jsr inctp
        jsr need_int
        jsr push_int
        jsr factor
        jsr need_int
        jmp pop_acc2

; the highest priority: a value, unary operators, brackets, functions
factor: jsr getnb
        cmp #'-'
        bne @nm
        jsr factor_int
        jmp negate_iacc
@nm:    cmp #'+'
        bne @np
        jmp factor_int
@np:    cmp #'('
        bne @nb
        jsr expr
        jmp closeb
@nb:    cmp #$22
        bne @nstr
        jmp string_literal
@nstr:  cmp #'&'
        bne @nhex
        jmp hex_number
@nhex:  jsr is_digit
        bcc @ndig
        jsr backtp
        jmp decimal_number
@ndig:  cmp #$CF                ; PAGE, TIME ... in their statement form (as EVAL may give them)
        bcc @nps
        cmp #$D4
        bcs @nps
        sbc #$3F                ; carry clear: -&40
@nps:   cmp #$8E
        bcc @var
        cmp #$C6
        bcs @bad
        sec
        sbc #$8E
        asl a
        tax
        lda func_table,x
        sta JVEC
        lda func_table+1,x
        sta JVEC+1
        jmp (JVEC)
@var:   cmp #13
        beq @missing
        cmp #':'
        beq @missing
        jsr backtp
        lda #0
        jsr get_lvalue
        jmp load_lvalue
@missing:
        jsr backtp
@bad:   jmp e_syntax

string_literal:
        ldx #0
@l:     ldy #0
        lda (TP),y
        cmp #13
        beq @missing
        jsr inctp
        cmp #$22
        bne @ch
        lda (TP),y              ; "" is one quote
        cmp #$22
        bne @end
        jsr inctp
@ch:    sta SBUF,x
        inx
        bne @l
@end:   stx SLEN
        lda #$FF
        sta VTYPE
        rts
@missing:
        jmp e_quote

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
        jmp @got
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
        jmp @l
@end:   cpx #0
        bne @ok2
        jmp e_badhex
@ok2:   lda #0
        sta VTYPE
        rts

decimal_number:
        jsr clear_iacc
@l:     ldy #0
        lda (TP),y
        jsr is_digit
        bcc @end
        and #$0F
        pha
        jsr iacc_times10
        pla
        clc
        adc IACC
        sta IACC
        bcc @n
        inc IACC+1
        bne @n
        inc IACC+2
        bne @n
        inc IACC+3
@n:     jsr inctp
        jmp @l
@end:   lda #0
        sta VTYPE
        rts

clear_iacc:
        lda #0
        sta IACC
        sta IACC+1
        sta IACC+2
        sta IACC+3
        sta VTYPE
        rts
