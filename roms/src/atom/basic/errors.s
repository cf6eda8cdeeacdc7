; Errors: the BRK handler and its report (ERROR n LINE m).

; Errors: BRK n.  The error number is the byte after the BRK.

; As on Acorn's, ?0 = the error number, the FOR, GOSUB and DO stacks are emptied and BASIC runs
; the text at ?16/?17 (ERRVEC): a program may point it at statements of its own (the line
; number stays in ?1/?2).  The prompt points it back at err_default, whose report is ours.
brk_handler:
        tsx
        lda $0102,x
        sec
        sbc #1
        sta PTR3
        lda $0103,x
        sbc #0
        sta PTR3+1
        ldy #0
        lda (PTR3),y
        sta ERRNUM
        ldx #$FF
        txs
        cli
        cld
        sty DOSP
        sty SUBSP
        sty FORSP
        sty ASMMODE
        lda ERRVEC
        cmp #<err_default
        bne @text
        lda ERRVEC+1
        cmp #>err_default
        beq @report
@text:  lda ERRVEC              ; a program's own handler
        sta TXTPTR
        lda ERRVEC+1
        sta TXTPTR+1
        sty TXTOFF
        jmp exec_stmt
@report:
        lda #6                  ; the report is always seen, even after PRINT $21
        jsr OSWRCH
        jsr newline             ; as Acorn's: the report starts a new line, even at column 0
        jsr at_eight            ; ... and leaves @ = 8, the field of its line number
        ldx #error_text-messages
        jsr print_message
        lda ERRNUM
        jsr set_acc_a
        jsr print_plain
        lda CURLINE
        ora CURLINE+1
        beq @end
        ldx #line_text-messages
        jsr print_message
        jsr line_to_acc
        jsr print_dec           ; in the field of @ (ERROR 94 LINE      10)
@end:   jsr newline
        jmp prompt

err_default:                    ; (the text ERRVEC holds by default: run as BASIC, it ends)
        .text "END", 13
messages:
error_text: .text "ERROR ", 0
line_text:  .text " LINE", 0

; print_message: the text at messages+X, up to a 0.
print_message:
        lda messages,x
        beq @done
        jsr outch
        inx
        bne print_message
@done:  rts

line_to_acc:
        lda CURLINE
        ldx CURLINE+1
        jmp acc_ax

