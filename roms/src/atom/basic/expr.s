; Expressions: conditions (AND/OR, relations), sums and terms; comparison of numbers and strings.

; Expressions: the value is left in ACC (32 bits).  Operands wait on the 6502 stack.
;   cond   = rel { AND rel | OR rel }       (IF, UNTIL and brackets only, as Acorn's; AND and
;                                             OR act on all 32 bits: 1 AND 2 is 0)
;   rel    = expr [ = <> < > <= >= expr ]  |  string ( = | <> ) string     (1 or 0)
;   expr   = term { + - | : term }          (: is exclusive or)
;   term   = factor { * / % & factor }
; A relation, AND or OR after a plain expression ends it (PRINT 3=3 prints 3, then meets '=').
; (terms.s continues: string relations, comparison, expr and term; main.s puts a jump to BASIC's
; BRK handler between the two, at Acorn's BRKV #C9D8.)

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
