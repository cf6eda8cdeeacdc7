; Errors: BRK, the error number, the message, 0 (the documented error-block convention).
; Numbers and messages from the BBC Microcomputer User Guide, "Error messages".

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
            .text "STOP"
            .byte 0
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
            .text "No FN"
            .byte 0
e_quote:    errblk 9
            .text "Missing "
            .byte $22, 0
e_baddim:   errblk 10
            .text "Bad DIM"
            .byte 0
e_dimspace: errblk 11
            .text "DIM space"
            .byte 0
e_notlocal: errblk 12
            .text "Not LOCAL"
            .byte 0
e_noproc:   errblk 13
            .text "No PROC"
            .byte 0
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
            .text "No such FN/PROC"
            .byte 0
e_badcall:  errblk 30
            .text "Bad call"
            .byte 0
e_args:     errblk 31
            .text "Arguments"
            .byte 0
e_nofor:    errblk 32
            .text "No FOR"
            .byte 0
e_cantmatch: errblk 33
            .text "Can't match FOR"
            .byte 0
e_forvar:   errblk 34
            .text "FOR variable"
            .byte 0
e_manyfors: errblk 35
            .text "Too many FORs"
            .byte 0
e_noto:     errblk 36
            .text "No TO"
            .byte 0
e_manygosubs: errblk 37
            .text "Too many GOSUBs"
            .byte 0
e_nogosub:  errblk 38
            .text "No GOSUB"
            .byte 0
e_onsyntax: errblk 39
            .text "ON syntax"
            .byte 0
e_onrange:  errblk 40
            .text "ON range"
            .byte 0
e_noline:   errblk 41
            .text "No such line"
            .byte 0
e_nodata:   errblk 42
            .text "Out of DATA"
            .byte 0
e_norepeat: errblk 43
            .text "No REPEAT"
            .byte 0
e_manyrepeats: errblk 44
            .text "Too many REPEATs"
            .byte 0

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
        sta IACC
        lda ERLNUM+1
        sta IACC+1
        lda #0
        sta IACC+2
        sta IACC+3
        jsr print_dec
@nl:    jsr newline
        jmp prompt

; REPORT: a new line, then the message of the last error
report: jsr newline
        ldy #1
@l:     lda (ERRPTR),y
        beq @d
        sty CNT2
        jsr outch
        ldy CNT2
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
