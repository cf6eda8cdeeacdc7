; Program lines: entering, replacing and deleting a line, TOP, finding a line by number.

; Program lines: (hi, lo, text..., 13)..., then a byte $FF where the next line would start.

; enter_line: the input buffer holds a line number and text: store, replace or delete the line.
enter_line:
        jsr read_decimal
        lda ACC
        sta LINENUM
        lda ACC+1
        and #$7F
        sta LINENUM+1
        jsr find_line
        bcc @insert             ; no line with that number
        ldy #2                  ; delete the old line: its length including the 13
@len:   lda (PTR1),y
        iny
        cmp #13
        bne @len
        clc                     ; PTR2 = the line after it
        tya
        adc PTR1
        sta PTR2
        lda PTR1+1
        adc #0
        sta PTR2+1
        ldy #0
@down:  lda (PTR2),y            ; move everything after it down, up to TOP
        sta (PTR1),y
        inc PTR1
        bne @d1
        inc PTR1+1
@d1:    inc PTR2
        bne @d2
        inc PTR2+1
@d2:    lda PTR2
        cmp TOPV
        bne @down
        lda PTR2+1
        cmp TOPV+1
        bne @down
@moved: jsr set_top
        jsr find_line           ; PTR1 again: where the new line goes
@insert:
        lda TXTOFF              ; the text is kept as typed, spaces included
        pha
        jsr nextc               ; is there any text?  a number alone deletes
        pla
        sta TXTOFF
        lda (TXTPTR),y
        cmp #13
        bne @text
        rts
@text:  ldy TXTOFF              ; length of the new line: 2 + text + 13
        ldx #2
@count: lda (TXTPTR),y
        inx
        iny
        cmp #13
        bne @count
        stx TMP                 ; bytes to open up at PTR1
        jsr KROOM               ; ERROR 248 unless they are there; else the kernel moves the
                                ; text from PTR1 up by TMP (as Acorn's editor does it)
        ldy #0
        lda LINENUM+1
        sta (PTR1),y
        iny
        lda LINENUM
        sta (PTR1),y
        lda PTR1                ; PTR2 = PTR1 + 2 - TXTOFF, so (PTR2),y lines up with (TXTPTR),y
        clc
        adc #2
        sta PTR2
        lda PTR1+1
        adc #0
        sta PTR2+1
        lda PTR2
        sec
        sbc TXTOFF
        sta PTR2
        bcs @nb
        dec PTR2+1
@nb:    ldy TXTOFF
@put:   lda (TXTPTR),y
        sta (PTR2),y
        iny
        cmp #13
        bne @put
        ; fall into set_top

; set_top: TOP = the byte after the end mark; DIM space starts there.
set_top:
        jsr text_start
@line:  ldy #0
        lda (PTR1),y
        bmi @end
        jsr line_after
        jmp @line
@end:   sec
        lda PTR1
        adc #0
        sta TOPV
        sta FREEP
        lda PTR1+1
        adc #0
        sta TOPV+1
        sta FREEP+1
        rts

; find_line: PTR1 = the first line numbered LINENUM or more (or the end mark); C set when
; it is numbered exactly LINENUM.
find_line:
        jsr text_start
@line:  ldy #0
        lda (PTR1),y
        bmi @after
        cmp LINENUM+1
        bcc @next
        bne @after
        iny
        lda (PTR1),y
        cmp LINENUM
        bcc @next
        bne @after
        sec
        rts
@after: clc
        rts
@next:  jsr line_after
        jmp @line

; text_start: PTR1 = the first line.  As Acorn's, the text starts with a 13 (at #2900) and the
; lines follow it (from #2901), so TOP, DIM space and SAVEd files match.
text_start:
        lda #1
        sta PTR1
        lda TEXTPAGE
        sta PTR1+1
        rts

; line_after: PTR1 = the line after the one at PTR1.
line_after:
        ldy #2
@skip:  lda (PTR1),y
        iny
        cmp #13
        bne @skip
        tya
        clc
        adc PTR1
        sta PTR1
        bcc @done
        inc PTR1+1
@done:  rts

