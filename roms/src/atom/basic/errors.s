; Errors: the BRK handler and its report (ERROR n LINE m).

; Errors: BRK n.  The error number is the byte after the BRK.

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
        lda #6                  ; the report is always seen, even after PRINT $21
        jsr OSWRCH
        lda COUNTV
        beq @msg
        jsr newline
@msg:   ldx #error_text-messages
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
        jsr print_plain
@end:   jsr newline
        jmp prompt

messages:
error_text: .text "ERROR ", 0
line_text:  .text " LINE ", 0

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

