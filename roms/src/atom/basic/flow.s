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
        beq @label
        jsr line_after
        jmp @line
@number:
        jsr factor
        lda #0
        sta TMP
        lda ACC
        sta LINENUM
        lda ACC+1
        sta LINENUM+1
        jsr find_line
        bcs @found
        error E_LINE
@label: ldy #0                  ; a label's line is the current line at once (as Acorn's: an
        lda (PTR1),y            ; error after GOSUB a;... and RETURN reports it)
        sta CURLINE+1
        iny
        lda (PTR1),y
        sta CURLINE
@found: jsr nextc
        cmp #';'
        beq @end
        cmp #13
        beq @end
        error E_STATEMENT
@end:   rts
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

; GOSUB at the end of a program line returns to the start of the next line, which becomes the
; current line at once; RETURN leaves the line number as the subroutine left it (as Acorn's: an
; error after RETURN reports the subroutine's last line, one in a subroutine reached by label
; the line after the GOSUB).
st_gosub:
        jsr target
        ldy TXTOFF
        lda (TXTPTR),y
        cmp #13
        bne @push
        lda TXTPTR+1
        cmp #>INBUF
        beq @push               ; (direct mode: back to the end of the command)
        sec
        tya
        adc TXTPTR
        sta TXTPTR
        bcc @next
        inc TXTPTR+1
@next:  ldy #0
        sty TXTOFF              ; offset 0: a line's start, for RETURN
        lda (TXTPTR),y
        bpl @line
        jmp off_end             ; no next line: off the end (ERROR 94 at the GOSUB, as Acorn's)
@line:  sta CURLINE+1
        iny
        lda (TXTPTR),y
        sta CURLINE
@push:  ldx SUBSP               ; (the depth is looked at after that, as Acorn's: the report
        cpx #SUB_MAX            ; names the next line)
        bcc @room
        error E_GOSUBS
@room:  lda TXTPTR
        sta SUB_LO,x
        lda TXTPTR+1
        sta SUB_HI,x
        lda TXTOFF
        sta SUB_OFF,x
        inc SUBSP
        lda TMP
        beq goto_ptr1           ; by number: as GOTO
        lda PTR1
        sta TXTPTR
        lda PTR1+1
        sta TXTPTR+1
        jmp line_body           ; by label: the line number stays as it is (as Acorn's)

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
        bne @mid
        jmp resume_line         ; the start of the line after the GOSUB's
@mid:   jmp stmt_end

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
        jsr nextc               ; the loop's start: here, or (speed) when FOR ends a program
        ldx FORSP               ; line the next line's start (offset 0), where NEXT goes
        cmp #13                 ; straight to run_line
        bne @here
        lda TXTPTR+1
        cmp #>INBUF
        beq @here
        sec
        lda TXTOFF
        adc TXTPTR
        sta FOR_LO,x
        lda TXTPTR+1
        adc #0
        sta FOR_HI,x
        lda #0
        sta FOR_OFF,x
        beq @saved
@here:  lda TXTPTR
        sta FOR_LO,x
        lda TXTPTR+1
        sta FOR_HI,x
        lda TXTOFF
        sta FOR_OFF,x
@saved: inc FORSP
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
        iny                     ; inner loops abandoned; X is already the variable
        sty FORSP
        dey
        jmp @step
@top:   ldy FORSP
        dey
        ldx FOR_VAR,y
@step:  clc                     ; variable += step
        lda VAR0,x
        adc FOR_STEP0,y
        sta VAR0,x
        lda VAR1,x
        adc FOR_STEP1,y
        sta VAR1,x
        lda VAR2,x
        adc FOR_STEP2,y
        sta VAR2,x
        lda VAR3,x
        adc FOR_STEP3,y
        sta VAR3,x
        lda FOR_STEP3,y         ; on while limit - variable >= 0 (a step below 0: <= 0)
        bmi @down
        lda FOR_LIM0,y
        cmp VAR0,x
        lda FOR_LIM1,y
        sbc VAR1,x
        lda FOR_LIM2,y
        sbc VAR2,x
        lda FOR_LIM3,y
        sbc VAR3,x
        bvc @up
        eor #$80
@up:    bpl @again
        bmi @done
@down:  lda VAR0,x
        cmp FOR_LIM0,y
        lda VAR1,x
        sbc FOR_LIM1,y
        lda VAR2,x
        sbc FOR_LIM2,y
        lda VAR3,x
        sbc FOR_LIM3,y
        bvc @dn
        eor #$80
@dn:    bpl @again
@done:  dec FORSP
        jmp stmt_end
@again: lda FOR_LO,y
        sta TXTPTR
        lda FOR_HI,y
        sta TXTPTR+1
        lda FOR_OFF,y
        sta TXTOFF
        beq @line
        jmp stmt_end            ; (the line number stays NEXT's, as Acorn's)
@line:  jsr KESCAPE             ; what the end of the FOR's line would have done
        bcs @esc
        jmp run_line
@esc:   jmp escape

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
        jmp exec_stmt           ; (the line number stays UNTIL's, as Acorn's)

