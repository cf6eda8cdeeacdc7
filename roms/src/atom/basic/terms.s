; Expressions (continued from expr.s): string relations, comparison of numbers, sums and terms.

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

