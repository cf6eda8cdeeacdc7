; Control flow: GOTO, GOSUB, RETURN, IF, FOR, NEXT, DO, UNTIL.

; --- GOTO, GOSUB, RETURN -----------------------------------------------------------------------

; target: the line a GOTO or GOSUB names, a label a-z (TMP = it) or a line number (TMP = 0);
; PTR1 = the line.  As Acorn's, the number is a factor and the statement must end after it
; (GOTO 10+20 is ERROR 94).
target: jsr nextc
        cmp #'a'
        bcc @number
        cmp #'z'+1
        bcs @number
        inc TXTOFF
        sta TMP
        jsr text_start
@line:  ldy #0
        lda (PTR1),y
        bmi @nolabel
        ldy #2
        lda (PTR1),y
        cmp TMP
        beq @found
@skip:  lda (PTR1),y
        iny
        cmp #13
        bne @skip
        tya
        clc
        adc PTR1
        sta PTR1
        bcc @line
        inc PTR1+1
        bne @line
@number:
        jsr factor
        lda #0
        sta TMP
        lda ACC
        sta LINENUM
        lda ACC+1
        sta LINENUM+1
        jsr find_line
        bcc @missing
@found: jsr nextc
        cmp #';'
        beq @end
        cmp #13
        beq @end
        error E_STATEMENT
@end:   rts
@missing:
        error E_LINE
@nolabel:
        error E_LABEL

st_goto:
        jsr target
goto_ptr1:
        lda PTR1
        sta TXTPTR
        lda PTR1+1
        sta TXTPTR+1
        lda TMP
        beq @number
        jmp run_line            ; to a label: on after it
@number:
        jsr set_curline         ; to a number: straight after it, where a label is no statement
        lda #2                  ; (ERROR 94, as Acorn's)
        sta TXTOFF
        jmp exec_stmt

st_gosub:
        jsr target
        ldx SUBSP
        cpx #SUB_MAX
        bcc @room
        error E_GOSUBS
@room:  lda TXTPTR
        sta SUB_LO,x
        lda TXTPTR+1
        sta SUB_HI,x
        lda TXTOFF
        sta SUB_OFF,x
        inc SUBSP
        jmp goto_ptr1

st_return:
        ldx SUBSP
        bne @ok
        error E_RETURN
@ok:    dex
        stx SUBSP
        lda SUB_LO,x
        sta TXTPTR
        lda SUB_HI,x
        sta TXTPTR+1
        lda SUB_OFF,x
        sta TXTOFF
        jsr set_curline
        jmp stmt_end

; --- IF ----------------------------------------------------------------------------------------

st_if:  jsr cond
        lda ACC
        ora ACC+1
        ora ACC+2
        ora ACC+3
        bne @true
        jmp st_rem              ; false: the rest of the line is skipped
@true:  jsr nextc               ; THEN is optional, but a T here must start it (IF A=1 T=2
        cmp #'T'                ; is ERROR 174, as on Acorn's)
        bne @go
        lda #<then_word
        sta PTR2
        lda #>then_word
        sta PTR2+1
        jsr match_kw
        bcs @go
        error E_ITEM
@go:    jmp exec_stmt

then_word:
        .text "THE", 'N'+$80
        .word 0
        .byte 0

; --- FOR, NEXT, DO, UNTIL ----------------------------------------------------------------------

st_for: jsr var_index           ; X = the control variable
        bcs @var
        error E_FORS                    ; documented: missing variable in FOR
@var:   txa
        pha
        jsr nextc
        cmp #'='
        bne @item               ; FOR I 1 TO 2: a significant item missing, as Acorn's
        inc TXTOFF
        jsr expr
        pla
        tax
        jsr store_var
        ; the same variable already looping: that loop is abandoned
        stx TMP
        ldy FORSP
@find:  dey
        bmi @new
        lda FOR_VAR,y
        cmp TMP
        bne @find
        sty FORSP
@new:   ldy FORSP
        cpy #FOR_MAX
        bcc @room
        error E_FORS
@room:  lda TMP
        sta FOR_VAR,y
        lda #<to_word
        sta PTR2
        lda #>to_word
        sta PTR2+1
        jsr match_kw
        bcs @to
@item:  error E_ITEM
@to:    jsr expr
        ldy FORSP
        lda ACC
        sta FOR_LIM0,y
        lda ACC+1
        sta FOR_LIM1,y
        lda ACC+2
        sta FOR_LIM2,y
        lda ACC+3
        sta FOR_LIM3,y
        lda #<step_word
        sta PTR2
        lda #>step_word
        sta PTR2+1
        jsr match_kw
        bcs @step
        lda #1                  ; no STEP: 1
        jsr set_acc_a           ; (Z set)
        beq @gotstep
@step:  jsr expr
@gotstep:
        ldy FORSP
        lda ACC
        sta FOR_STEP0,y
        lda ACC+1
        sta FOR_STEP1,y
        lda ACC+2
        sta FOR_STEP2,y
        lda ACC+3
        sta FOR_STEP3,y
        lda TXTPTR
        sta FOR_LO,y
        lda TXTPTR+1
        sta FOR_HI,y
        lda TXTOFF
        sta FOR_OFF,y
        inc FORSP
        jmp stmt_end

to_word:
        .text "T", 'O'+$80
        .word 0
        .byte 0
step_word:
        .text "STE", 'P'+$80
        .word 0
        .byte 0

st_next:
        ldy FORSP
        bne @some
@none:  error E_NEXT
@some:  jsr var_index           ; NEXT may name its variable
        bcc @top
        stx TMP
        ldy FORSP
@find:  dey
        bmi @none
        lda FOR_VAR,y
        cmp TMP
        bne @find
        iny
        sty FORSP
@top:   ldy FORSP
        dey
        ldx FOR_VAR,y
        clc                     ; variable += step
        lda VAR0,x
        adc FOR_STEP0,y
        sta VAR0,x
        sta ARG
        lda VAR1,x
        adc FOR_STEP1,y
        sta VAR1,x
        sta ARG+1
        lda VAR2,x
        adc FOR_STEP2,y
        sta VAR2,x
        sta ARG+2
        lda VAR3,x
        adc FOR_STEP3,y
        sta VAR3,x
        sta ARG+3
        lda FOR_LIM0,y          ; compare with the limit
        sta ACC
        lda FOR_LIM1,y
        sta ACC+1
        lda FOR_LIM2,y
        sta ACC+2
        lda FOR_LIM3,y
        sta ACC+3
        jsr compare             ; N set: variable < limit, Z set: equal
        php
        ldy FORSP
        dey
        lda FOR_STEP3,y
        bmi @down
        plp
        beq @again
        bmi @again
        bpl @done
@down:  plp
        beq @again
        bpl @again
@done:  dec FORSP
        jmp stmt_end
@again: lda FOR_LO,y
        sta TXTPTR
        lda FOR_HI,y
        sta TXTPTR+1
        lda FOR_OFF,y
        sta TXTOFF
        jsr set_curline
        jmp stmt_end

; set_curline: CURLINE from the line TXTPTR is in (0 in direct mode).
set_curline:
        ldy #0
        sty CURLINE
        sty CURLINE+1
        lda TXTPTR+1
        cmp #>INBUF
        beq @done
        lda (TXTPTR),y
        sta CURLINE+1
        iny
        lda (TXTPTR),y
        sta CURLINE
@done:  rts

st_do:  ldx DOSP
        cpx #DO_MAX
        bcc @room
        error E_DOS
@room:  lda TXTPTR
        sta DO_LO,x
        lda TXTPTR+1
        sta DO_HI,x
        lda TXTOFF
        sta DO_OFF,x
        inc DOSP
        jmp exec_stmt

st_until:
        ldx DOSP
        bne @ok
        error E_UNTIL
@ok:    jsr cond
        ldx DOSP
        dex
        lda ACC
        ora ACC+1
        ora ACC+2
        ora ACC+3
        beq @again
        stx DOSP
        jmp stmt_end
@again: lda DO_LO,x
        sta TXTPTR
        lda DO_HI,x
        sta TXTPTR+1
        lda DO_OFF,x
        sta TXTOFF
        jsr set_curline
        jmp exec_stmt

