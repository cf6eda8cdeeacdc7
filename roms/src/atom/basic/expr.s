; Expressions: conditions (AND/OR, relations), sums and terms; comparison of numbers and strings.

; Expressions: the value is left in ACC (32 bits).  Operands wait on the 6502 stack.
;   cond   = rel { AND rel | OR rel }       (IF, UNTIL and brackets only, as Acorn's; AND and
;                                             OR act on all 32 bits: 1 AND 2 is 0)
;   rel    = expr [ = <> < > <= >= expr ]  |  string ( = | <> ) string     (1 or 0)
;   expr   = term { + - | : term }          (: is exclusive or)
;   term   = factor { * / % & factor }
; A relation, AND or OR after a plain expression ends it (PRINT 3=3 prints 3, then meets '=').

cond:   jsr rel
@more:  lda #<logic_words
        sta PTR2
        lda #>logic_words
        sta PTR2+1
        jsr match_kw
        bcs @op
        rts
@op:    lda PTR3
        pha
        jsr push_acc
        jsr rel
        jsr pull_arg
        pla
        tay                     ; 0: AND, 1: OR
        ldx #3
@bit:   lda ACC,x
        cpy #0                  ; sets C
        bne @or
        and ARG,x
        bcs @st                 ; always
@or:    ora ARG,x
@st:    sta ACC,x
        dex
        bpl @bit
        bmi @more

logic_words:
        .text "AN", 'D'+$80
        .word 0
        .text "O", 'R'+$80
        .word 1
        .byte 0

set_acc_a:
        sta ACC
        lda #0
        sta ACC+1
        sta ACC+2
        sta ACC+3
        rts

push_acc:
        pla                     ; the return address goes back on top
        tax
        pla
        tay
        lda ACC+3
        pha
        lda ACC+2
        pha
        lda ACC+1
        pha
        lda ACC
        pha
        tya
        pha
        txa
        pha
stack_check:                    ; (fpush, fbasic.s, ends here too)
        tsx
        cpx #$30
        bcc @deep
        rts
@deep:  error E_ITEM

pull_arg:
        pla
        tax
        pla
        tay
        pla
        sta ARG
        pla
        sta ARG+1
        pla
        sta ARG+2
        pla
        sta ARG+3
        tya
        pha
        txa
        pha
        rts

rel:    jsr nextc
        cmp #'$'
        beq string_rel
        jsr expr
        jsr rel_op
        bne @have
        rts
@have:  pha
        jsr push_acc
        jsr expr
        jsr pull_arg
        jsr compare             ; ARG against ACC: A = 0, 1 or $FF
        tay
        pla
        sta TMP
        tya
        ; fall into rel_truth

; rel_truth: A = a comparison's result (0 equal, 1 greater, $FF less), TMP = the relation's bits:
; ACC = 1 when the relation holds, else 0.  (Also the real relations', fbasic.s.)
rel_truth:
        ldx #2
        cmp #0
        beq @result             ; equal: X = 2
        ldx #4
        cmp #1
        beq @result             ; greater: X = 4
        ldx #1                  ; less
@result:
        txa
        and TMP
        beq @false
        lda #1
@false: jmp set_acc_a

; rel_op: a relation next in the text (< = > <= <> >=): A = its bits (1 <, 2 =, 4 >) and it is
; consumed; A = 0 (Z set) when there is none.  Called straight after expr (or fsum), which leaves A
; = the next character and Y = TXTOFF, as nextc does.
rel_op: ldx #0
@op:    cmp #'<'
        bne @ne
        inx
        bne @next
@ne:    cmp #'='
        bne @gt
        inx
        inx
        bne @next
@gt:    cmp #'>'
        bne @got
        inx
        inx
        inx
        inx
@next:  iny
        lda (TXTPTR),y
        cpx #4                  ; a second character: <= <> >=
        bcs @op
        cpx #1
        beq @op
@got:   txa
        beq @none
        sty TXTOFF
@none:  rts

; string_rel: $a = $b or $a <> $b ("literals" too): 1 or 0.
string_rel:
        jsr string_source
        lda PTR2
        pha
        lda PTR2+1
        pha
        lda TMP3
        pha
        jsr nextc
        inc TXTOFF
        ldx #0                  ; '=': X = 0; '<>': X = 1
        cmp #'='
        beq @op
        inx
        lda #'>'
        jsr expect
@op:    txa
        pha
        jsr string_source
        pla
        sta TMP4
        pla
        sta TMP2                ; the first string's end mark
        pla
        sta PTR1+1
        pla
        sta PTR1
        ldy #0
@cmp:   lda (PTR1),y
        cmp TMP2
        beq @end
        cmp #13
        beq @end
        cmp (PTR2),y
        bne @differ
        iny
        bne @cmp
@end:   lda (PTR2),y            ; the first has ended: has the second?
        cmp TMP3
        beq @same
        cmp #13
        beq @same
@differ:
        lda #0
        beq @result
@same:  lda #1
@result:
        eor TMP4
        jmp set_acc_a

; compare: ARG - ACC, signed: Z set when equal, N set when ARG < ACC.  Registers: A, Y.
compare:
        lda ARG
        cmp ACC
        lda ARG+1
        sbc ACC+1
        sta TMP
        lda ARG+2
        sbc ACC+2
        sta TMP2
        lda ARG+3
        sbc ACC+3
        bvc @nov
        eor #$80
@nov:   bmi @less
        ; not less: equal?
        lda ARG
        cmp ACC
        bne @gt
        lda ARG+1
        cmp ACC+1
        bne @gt
        lda ARG+2
        cmp ACC+2
        bne @gt
        lda ARG+3
        cmp ACC+3
        bne @gt
        lda #0                  ; Z set, N clear
        rts
@gt:    lda #1                  ; Z clear, N clear
        rts
@less:  lda #$FF                ; Z clear, N set
        rts

expr:   jsr term
@more:  jsr nextc
        cmp #'+'
        beq @op
        cmp #'-'
        beq @op
        cmp #'|'
        beq @op
        cmp #':'
        beq @op
        rts
@op:    inc TXTOFF
        pha
        jsr push_acc
        jsr term
        jsr pull_arg
        pla
        cmp #'+'
        beq @add
        cmp #'-'
        beq @sub
        ldx #3
        cmp #'|'
        beq @or
@eor:   lda ARG,x
        eor ACC,x
        sta ACC,x
        dex
        bpl @eor
        bmi @more
@or:    lda ARG,x
        ora ACC,x
        sta ACC,x
        dex
        bpl @or
        bmi @more
@add:   jsr add_arg
        jmp @more
@sub:   sec
        ldx #0
@s:     lda ARG,x
        sbc ACC,x
        sta ACC,x
        inx
        txa
        eor #4
        bne @s
        beq @more

term:   jsr factor
@more:  jsr nextc
        cmp #'*'
        beq @op
        cmp #'/'
        beq @op
        cmp #'%'
        beq @op
        cmp #'&'
        beq @op
        rts
@op:    inc TXTOFF
        pha
        jsr push_acc
        jsr factor
        jsr pull_arg
        pla
        cmp #'*'
        beq @mul
        cmp #'&'
        beq @and
        pha
        jsr divide              ; ACC = quotient, WORK = remainder
        pla
        cmp #'/'
        beq @more
        ldx #3
@rem:   lda WORK,x
        sta ACC,x
        dex
        bpl @rem
        bmi @more
@and:   ldx #3
@an:    lda ARG,x
        and ACC,x
        sta ACC,x
        dex
        bpl @an
        bmi @more
@mul:   jsr times
        jmp @more

