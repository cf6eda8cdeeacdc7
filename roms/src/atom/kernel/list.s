; BASIC's LIST, kept in the kernel ROM because BASIC's socket is full (docs/atom_firmware.md).
; Each line as stored: its number in five columns, then its text as typed.  ESCAPE, looked at
; before each line, stops the listing.  Reached through KLIST from BASIC's statement table; ends
; at BASIC's prompt with @ = 8 (as Acorn's: LIST lists in five columns whatever @ was, and leaves
; @ at 8).

st_list:
        lda #5                  ; @ = 5 while listing
        sta VAR0
        lda #0
        sta VAR1
        sta VAR2
        sta VAR3
        lda #1                  ; the first line follows the 13 the text starts with
        sta PTR3
        lda TEXTPAGE
        sta PTR3+1
@line:  jsr escape_down
        bcs @done
        ldy #0
        lda (PTR3),y
        bmi @done               ; the end-of-program marker
        sta ACC+1
        iny
        lda (PTR3),y
        sta ACC
        lda #0
        sta ACC+2
        sta ACC+3
        jsr B_PRINTNUM
        ldy #2
@text:  lda (PTR3),y
        cmp #13
        beq @eol
        jsr OSWRCH              ; keeps Y
        iny
        bne @text
@eol:   jsr OSCRLF              ; keeps Y
        sec                     ; on to the byte after the 13
        tya
        adc PTR3
        sta PTR3
        bcc @line
        inc PTR3+1
        bne @line
@done:  lda #0                  ; every line ended with a new line
        sta COUNTV
        lda #8
        sta VAR0
        jmp B_PROMPT
