; Output with COUNT kept, reading the program text (spaces skipped) and matching keywords
; against a table.

; ---------------------------------------------------------------------------------------------
; Output with COUNT kept

outch:  jsr OSWRCH
        cmp #13
        beq @zero
        cmp #' '
        bcc @out                ; other control codes do not move the print position
        inc COUNTV
@out:   rts
@zero:  lda #0
        sta COUNTV
        lda #13
        rts

newline:
        jsr OSCRLF
        lda #0
        sta COUNTV
        rts

; ---------------------------------------------------------------------------------------------
; Reading the text: (TXTPTR),TXTOFF

; nextc: skip spaces; A = the character there (not consumed).
nextc:  ldy TXTOFF
        lda (TXTPTR),y
        cmp #' '
        beq @sp
        rts
@sp:    iny
        lda (TXTPTR),y
        cmp #' '
        beq @sp
        sty TXTOFF
        rts

; expect: the next non-space character must be A; it is consumed.
expect: sta TMP
        jsr nextc
        cmp TMP
        bne @bad
        inc TXTOFF
        rts
@bad:   lda TMP                 ; a missing ')' is a significant item missing; any other
        cmp #')'                ; (the '=' of an assignment, above all) an unknown command
        bne @syntax
        error E_ITEM
@syntax:
        error E_STATEMENT

; match_kw: PTR2 = a keyword table (name with its last character + $80, then the handler's
; address; a 0 ends the table).  On a match C is set, the keyword is consumed and PTR3 holds the
; address.  A keyword may be shortened with '.'.
match_kw:
        jsr nextc
        iny                     ; every keyword has a second letter (or a '.'): a quick no
        lda (TXTPTR),y
        cmp #'.'
        beq match_here
        sec
        sbc #'A'
        cmp #26
        bcc match_here
        clc
        rts
match_here:                     ; (the same, the text at TXTOFF already checked: exec_stmt)
        clc
        lda TXTPTR
        adc TXTOFF
        sta PTR1
        lda TXTPTR+1
        adc #0
        sta PTR1+1
@entry: ldy #0
        lda (PTR2),y
        beq @none
@char:  lda (PTR2),y            ; the keyword's character (bit 7: its last)
        bmi @last
        cmp (PTR1),y
        bne @differ
        iny
        bne @char
@last:  and #$7F
        cmp (PTR1),y
        bne @differ
        tya                     ; the whole keyword: consumed
        sec
        adc TXTOFF
        sta TXTOFF
@addr:  iny
        lda (PTR2),y
        sta PTR3
        iny
        lda (PTR2),y
        sta PTR3+1
        sec
        rts
@differ:
        lda (PTR1),y            ; a '.' after one character or more: the keyword shortened
        cmp #'.'
        bne @skip
        cpy #0
        beq @skip
        iny                     ; consume the '.'
        tya
        clc
        adc TXTOFF
        sta TXTOFF
        dey
@toend: lda (PTR2),y
        bmi @addr
        iny
        bne @toend
@skip:  lda (PTR2),y            ; skip the rest of this entry
        bmi @past
        iny
        bne @skip
@past:  tya
        sec                     ; past the last character and the address
        adc #2
        adc PTR2
        sta PTR2
        bcc @entry
        inc PTR2+1
        bne @entry
@none:  clc
        rts

