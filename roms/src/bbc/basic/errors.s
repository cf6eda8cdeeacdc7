; Errors: BRK, the error number, the message, 0 (the documented error-block convention).
; Numbers and messages from the BBC Microcomputer User Guide, "Error messages".
; A keyword in a message is stored as its token (one byte); REPORT prints it out in full.

; tokens used in the messages (User Guide token table, as in tokens.s)
T_DATA  = $DC
T_DIM   = $DE
T_FOR   = $E3
T_FN    = $A4
T_GOSUB = $E4
T_LOCAL = $EA
T_ON    = $EE
T_PROC  = $F2
T_REPEAT = $F5
T_STOP  = $FA
T_TO    = $B8

        .macro errblk n
        brk
        .byte n
        .endm

e_silly:    errblk 0
            .text "Silly"
            .byte 0
e_noroom:   errblk 0
            .text "No room"
            .byte 0
e_stop:     errblk 0
            .byte T_STOP, 0
e_range:    errblk 1
            .text "Out of range"
            .byte 0
e_mistake:  errblk 4
            .text "Mistake"
            .byte 0
e_comma:    errblk 5
            .text "Missing ,"
            .byte 0
e_type:     errblk 6
            .text "Type mismatch"
            .byte 0
e_nofn:     errblk 7
            .byte "No ", T_FN, 0
e_quote:    errblk 9
            .text "Missing "
            .byte $22, 0
e_baddim:   errblk 10
            .byte "Bad ", T_DIM, 0
e_dimspace: errblk 11
            .byte T_DIM, " space", 0
e_notlocal: errblk 12
            .byte "Not ", T_LOCAL, 0
e_noproc:   errblk 13
            .byte "No ", T_PROC, 0
e_array:    errblk 14
            .text "Array"
            .byte 0
e_subscript: errblk 15
            .text "Subscript"
            .byte 0
e_syntax:   errblk 16
            .text "Syntax error"
            .byte 0
e_escape:   errblk 17
            .text "Escape"
            .byte 0
e_divzero:  errblk 18
            .text "Division by zero"
            .byte 0
e_toolong:  errblk 19
            .text "String too long"
            .byte 0
e_toobig:   errblk 20
            .text "Too big"
            .byte 0
e_negroot:  errblk 21
            .text "-ve root"
            .byte 0
e_logrange: errblk 22
            .text "Log range"
            .byte 0
e_accuracy: errblk 23
            .text "Accuracy lost"
            .byte 0
e_exprange: errblk 24
            .text "Exp range"
            .byte 0
e_nosuchvar: errblk 26
            .text "No such variable"
            .byte 0
e_bracket:  errblk 27
            .text "Missing )"
            .byte 0
e_badhex:   errblk 28
            .text "Bad HEX"
            .byte 0
e_nosuchfn: errblk 29
            .byte "No such ", T_FN, "/", T_PROC, 0
e_badcall:  errblk 30
            .text "Bad call"
            .byte 0
e_args:     errblk 31
            .text "Arguments"
            .byte 0
e_nofor:    errblk 32
            .byte "No ", T_FOR, 0
e_cantmatch: errblk 33
            .byte "Can't match ", T_FOR, 0
e_forvar:   errblk 34
            .byte T_FOR, " variable", 0
e_manyfors: errblk 35
            .byte "Too many ", T_FOR, "s", 0
e_noto:     errblk 36
            .byte "No ", T_TO, 0
e_manygosubs: errblk 37
            .byte "Too many ", T_GOSUB, "s", 0
e_nogosub:  errblk 38
            .byte "No ", T_GOSUB, 0
e_onsyntax: errblk 39
            .byte T_ON, " syntax", 0
e_onrange:  errblk 40
            .byte T_ON, " range", 0
e_noline:   errblk 41
            .text "No such line"
            .byte 0
e_nodata:   errblk 42
            .byte "Out of ", T_DATA, 0
e_norepeat: errblk 43
            .byte "No ", T_REPEAT, 0
e_manyrepeats: errblk 44
            .byte "Too many ", T_REPEAT, "s", 0

; BRKV: the MOS has left the address of the error number in &FD/&FE
brk_handler:
        cld
        ldx #$FF
        txs
        stx AUTOLN+1            ; an error (ESCAPE) ends AUTO
        ldy #0
        lda (ERRPTR),y
        sta ERRNUM
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
        jsr print_inline
        .text " at line "
        .byte 0
        lda ERLNUM
        ldx ERLNUM+1
        jsr set_iacc_ax
        jsr print_dec
@nl:    jsr newline
        jmp prompt

; REPORT: a new line, then the message of the last error (its tokens as keywords)
report: jsr newline
        ldy #1
@l:     lda (ERRPTR),y
        beq @d
        sty CNT2
        bpl @ch
        jsr print_token
        jmp @next
@ch:    jsr outch
@next:  ldy CNT2
        iny
        bne @l
@d:     rts

; LNUM = the number of the current line, 0 when immediate
current_line_number:
        lda #0
        sta LNUM
        sta LNUM+1
        lda CURLN+1
        beq @d
        ldy #0
        lda (CURLN),y
        sta LNUM+1
        iny
        lda (CURLN),y
        sta LNUM
@d:     rts
