; Errors: BRK, the error number, the message, 0 (the documented error-block convention).
; Numbers and messages from the BBC Microcomputer User Guide, "Error messages".
; A keyword in a message is stored as its token (one byte), a common word as its number in
; err_words (one byte below 32); REPORT prints them out in full.
; An error raised from one place only has its block there (BRK in line, no JMP: room).

; tokens used in the messages (User Guide token table, as in tokens.s)
T_DATA  = $DC
T_DIM   = $DE
T_FOR   = $E3
T_FN    = $A4
T_GOSUB = $E4
T_LOCAL = $EA
T_MODE  = $EB
T_ON    = $EE
T_PROC  = $F2
T_REPEAT = $F5
T_STOP  = $FA
T_TO    = $B8

; the common words, each after a 0
W_NO    = 1
W_NOSUCH = 2
W_TOOMANY = 3
W_MISSING = 4
W_RANGE = 5
W_OUTOF = 6
W_ATLINE = 7
err_words:
        .byte 0
        .text "No "
        .byte 0
        .text "No such "
        .byte 0
        .text "Too many "
        .byte 0
        .text "Missing "
        .byte 0
        .text " range"
        .byte 0
        .text "Out of "
        .byte 0
        .text " at line "
        .byte 0

        .macro errblk n
        brk
        .byte n
        .endm

e_noroom:   errblk 0
            .byte W_NO, "room", 0
e_stop:     errblk 0
            .byte T_STOP, 0
e_mistake:  errblk 4
            .byte "Mistake", 0
e_type:     errblk 6
            .byte "Type mismatch", 0
e_syntax:   errblk 16
            .byte "Syntax error", 0
e_toolong:  errblk 19
            .byte "String too long", 0
e_toobig:   errblk 20
            .byte "Too big", 0
e_nosuchvar: errblk 26
            .byte W_NOSUCH, "variable", 0
; (No FOR, 32, and Can't Match FOR, 33, are in NEXT's code: exec.s)

; BRKV: the MOS has left the address of the error number in &FD/&FE
brk_handler:
        cld
        ldx #$FF
        txs
        stx AUTOLN+1            ; an error (ESCAPE) ends AUTO
        stx ASM_LAX             ; and a lenient assembler operand (asm.s)
        ldy #0
        lda (ERRPTR),y
        sta ERRNUM
        lda #$DA                ; OSBYTE &DA, X=Y=0: the VDU queue emptied, so a VDU sequence
        inx                     ; the error cut short takes none of the message (as BASIC II)
        jsr OSBYTE
        jsr current_line_number ; ERL: 0 in immediate mode
        lda LNUM
        sta ERLNUM
        lda LNUM+1
        sta ERLNUM+1
        jsr reset_stack         ; the stacks are lost
        lda ERRNUM              ; number 0 cannot be trapped
        beq @report
        lda ONERR+1
        beq @report
        lda ONERR               ; ON ERROR: carry on from its statement
        sta TP
        lda ONERR+1
        sta TP+1
        lda ONERRLN
        sta CURLN
        lda ONERRLN+1
        sta CURLN+1
        jmp exec_stmt
@report:
        jsr report              ; the documented default handler: REPORT, " at line ", ERL
        lda ERLNUM
        ora ERLNUM+1
        beq @nl
        ldx #W_ATLINE
        jsr print_word
        jsr fn_erl
        lda #0                  ; in @%'s form (BASIC II: 'at line 130.00' under @%=&2020A)
        jsr print_num
@nl:    jsr newline
        jmp prompt

; REPORT: a new line, then the message of the last error (its tokens as keywords)
report: jsr newline
        ldy #1
@l:     lda (ERRPTR),y
        beq @d
        sty CNT2
        jsr put_message_char
        ldy CNT2
        iny
        bne @l
@d:     rts
put_message_char:               ; a character, a token as its keyword, a byte below 32 as its word
        bmi @token
        cmp #' '
        bcc @word
        jmp outch
@token: jmp print_token
@word:  tax
; print word X of err_words: the text after its X-th 0
print_word:
        ldy #$FF
@f:     iny
        lda err_words,y
        bne @f
        dex
        bne @f
@w:     iny
        lda err_words,y
        beq @d
        jsr outch
        jmp @w
@d:     rts
