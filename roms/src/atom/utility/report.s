; BASIC's own error report (ERRVEC at BASIC's default): on a new line, "ERROR n" and, in a program,
; " LINE" and the line number in an 8-wide field; @ is left at 8 (as Acorn's); then the prompt.

report: lda #6                  ; the report is always seen, even after PRINT $21
        jsr OSWRCH
        jsr OSCRLF              ; as Acorn's: the report starts a new line, even at column 0
        ldx #error_text-messages
        jsr message
        lda ERRNUM
        ldx #0                  ; the number with no field
        jsr number
        lda CURLINE
        ora CURLINE+1
        beq @end
        ldx #line_text-messages
        jsr message
        lda CURLINE+1
        sta ACC+1
        lda CURLINE
        ldx #8                  ; in the field of @ = 8 (ERROR 94 LINE      10)
        jsr number
@end:   jsr OSCRLF
        lda #0
        sta COUNTV
        jmp B_PROMPT

; number: A (low byte; ACC+1 the high one unless A came from ERRNUM) printed in a field of X, and
; @ = 8 afterwards (as after every error).
number: sta ACC
        cpx #0
        bne @wide
        stx ACC+1
@wide:  stx VAR0
        lda #0
        sta ACC+2
        sta ACC+3
        sta VAR1
        sta VAR2
        sta VAR3
        jsr B_PRINTNUM
        lda #8
        sta VAR0
        rts

messages:
error_text: .text "ERROR ", 0
line_text:  .text " LINE", 0

; message: the text at messages+X, up to a 0.
message:
        lda messages,x
        beq @done
        jsr OSWRCH
        inx
        bne message
@done:  rts
