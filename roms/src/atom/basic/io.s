; INPUT and PRINT, numbers printed in decimal and hexadecimal.

; INPUT: items are "prompts", variables (a '?', then a line evaluated as an expression) or $addr
; (a '?', then a line of text stored there).
st_input:
        jsr nextc
        cmp #'"'
        bne @nl
        jsr print_literal
        jmp @sep
@nl:    cmp #$27                ; ' a new line, as in PRINT
        bne @var
        inc TXTOFF
        jsr newline
        jmp @sep
@var:   cmp #'$'
        bne @number
        inc TXTOFF
        jsr factor              ; INPUT $A: the reply is stored at A as a string
        jsr reply
        lda ACC
        sta PTR1
        lda ACC+1
        sta PTR1+1
        ldy #$FF
@copy:  iny
        lda INPUTBUF,y
        sta (PTR1),y
        cmp #13
        bne @copy
        beq @sep
@number:
        jsr var_index
        bcs @read
        jmp stmt_end
@read:  txa
        pha
        jsr reply
        lda TXTPTR              ; keep the place in the program
        pha
        lda TXTPTR+1
        pha
        lda TXTOFF
        pha
        lda #<INPUTBUF
        sta TXTPTR
        lda #>INPUTBUF
        sta TXTPTR+1
        lda #0
        sta TXTOFF
        jsr expr
        pla
        sta TXTOFF
        pla
        sta TXTPTR+1
        pla
        sta TXTPTR
        pla
        tax
        jsr store_var
@sep:   jsr nextc
        cmp #','
        bne @next
        inc TXTOFF
@next:  jmp st_input

; reply: '?', then a line typed at the keyboard, kept at INPUTBUF as on Acorn's (#100 keeps the
; command line); ESCAPE stops the program.
reply:  lda #'?'
        jsr outch
        jsr KREADLINE
        bcs @escape
        ldy #$FF
@copy:  iny
        lda INBUF,y
        sta INPUTBUF,y
        cmp #13
        bne @copy
        lda #0
        sta COUNTV
        rts
@escape:
        jmp escape

; --- PRINT -------------------------------------------------------------------------------------

st_print:
        lda #0
        sta HEXFLAG
@item:  jsr nextc
        cmp #13                 ; PRINT ends without a new line of its own (only ' gives one)
        beq @end
        cmp #';'
        beq @end
        cmp #'"'
        bne @notstr
        jsr print_literal
        jmp @item
@notstr:
        inc TXTOFF
        cmp #$27                ; ' new line
        bne @notnl
        jsr newline
        jmp @item
@notnl: cmp #','
        beq @item
        cmp #'&'
        bne @notamp
        sta HEXFLAG
        jmp @item
@notamp:
        cmp #'$'
        bne @number
        jsr expr                ; $n: the character n, or the string at address n (n > 255)
        lda ACC+1
        bne @string
        lda ACC
        jsr outch
        jmp @item
@string:
        lda ACC
        sta PTR2
        lda ACC+1
        sta PTR2+1
        ldy #0
@s:     lda (PTR2),y
        cmp #13
        beq @item
        sty TMP4
        jsr outch
        ldy TMP4
        iny
        bne @s
        beq @item
@number:
        dec TXTOFF
        jsr expr
        lda HEXFLAG
        beq @dec
        jsr print_hex
        jmp @item
@dec:   jsr print_dec
        jmp @item
@end:   jmp exec_stmt

; print_literal: print a "string" ("" stands for one ").
print_literal:
        ldy TXTOFF
@next:  iny
        lda (TXTPTR),y
        cmp #13
        beq @bad
        cmp #'"'
        bne @out
        iny
        lda (TXTPTR),y
        cmp #'"'
        bne @done
@out:   sty TMP4
        jsr outch
        ldy TMP4
        jmp @next
@done:  sty TXTOFF
        rts
@bad:   error E_PRINTQ

; print_plain: ACC in decimal with no padding.
print_plain:
        lda VAR0
        pha
        lda #0
        sta VAR0
        jsr print_dec
        pla
        sta VAR0
        rts

; print_dec: ACC as a signed decimal number, right-justified in a field of @ characters.
print_dec:
        lda ACC+3
        sta TMP3                ; the sign
        bpl @pos
        jsr negate
@pos:   ldx #0                  ; digits, least significant first, in STRBUF
@conv:  jsr div10               ; ACC = ACC / 10, A = remainder
        ora #'0'
        sta STRBUF,x
        inx
        lda ACC
        ora ACC+1
        ora ACC+2
        ora ACC+3
        bne @conv
        lda TMP3
        bpl @pad
        lda #'-'
        sta STRBUF,x
        inx
@pad:   stx TMP
@sp:    lda VAR0                ; pad to the width @
        cmp TMP
        bcc @digits
        beq @digits
        lda #' '
        jsr outch
        inc TMP
        bne @sp
@digits:
        dex
        lda STRBUF,x
        jsr outch
        txa
        bne @digits
        rts

; print_hex: ACC in hexadecimal without leading zeros, right-justified in @.
print_hex:
        ldx #0
@conv:  lda ACC
        and #$0F
        cmp #10
        bcc @dig
        adc #6
@dig:   adc #'0'
        sta STRBUF,x
        inx
        ldy #4
@shift: lsr ACC+3
        ror ACC+2
        ror ACC+1
        ror ACC
        dey
        bne @shift
        lda ACC
        ora ACC+1
        ora ACC+2
        ora ACC+3
        bne @conv
        lda #0
        sta TMP3
        beq print_dec@pad

; div10: ACC = ACC / 10 (unsigned), A = the remainder.
div10:  lda #0
        ldy #32
@bit:   asl ACC
        rol ACC+1
        rol ACC+2
        rol ACC+3
        rol a
        cmp #10
        bcc @next
        sbc #10
        inc ACC
@next:  dey
        bne @bit
        rts

