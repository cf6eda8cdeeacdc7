; The prompt, line input, program lines, LIST, NEW, OLD.

prompt: ldx #$FF
        txs
        cld
        jsr reset_stack
        lda #0
        sta CURLN
        sta CURLN+1
        lda #<TOKBUF
        sta TOKDST
        lda #>TOKBUF
        sta TOKDST+1
        lda AUTOLN+1
        bpl @auto
        lda #'>'
        jsr OSWRCH
        jsr read_line
        ldx #0
@sp:    lda INBUF,x
        cmp #' '
        bne @ns
        inx
        bne @sp
@ns:    cmp #'0'
        bcc @immediate
        cmp #'9'+1
        bcs @immediate
        jsr parse_inbuf_number
        lda LNUM+1
        bmi @silly
        pha                     ; (tokenising GOTO 100 uses LNUM)
        lda LNUM
        pha
        jsr tokenise
        pla
        sta LNUM
        pla
        sta LNUM+1
        jsr store_line
        jmp prompt
@silly: jmp e_silly
@auto:  jmp auto_line
@immediate:
        jsr tokenise
        lda #<TOKBUF
        sta TP
        lda #>TOKBUF
        sta TP+1
        jmp exec_stmt

; read a line into INBUF with OSWORD 0 (CR-terminated); ESCAPE gives the Escape error
read_line:
        lda #0
        sta COUNT
        ldx #<osword0_block
        ldy #>osword0_block
        lda #0
        jsr OSWORD
        bcs escape
        rts
osword0_block:
        .word INBUF
        .byte 238, 32, 126      ; max length, lowest and highest character accepted

escape: lda #$7E                ; acknowledge ESCAPE
        jsr OSBYTE
        jmp e_escape

; the TOKBUF line becomes line LNUM (an empty line deletes it)
store_line:
        jsr find_line           ; PTR1 = the line LNUM or the first after it, C set if found
        bcc @nodel
        jsr delete_line
        jsr find_line
@nodel: ldy #0                  ; is the new text empty (spaces only)?

@e:     lda TOKBUF,y
        cmp #' '
        bne @ne
        iny
        bne @e
@ne:    cmp #13
        bne @insert
        rts
@insert:
        ldy #0                  ; CNT = text length + 4
@len:   lda TOKBUF,y
        iny
        cmp #13
        bne @len
        tya
        clc
        adc #3
        bcs @long
        sta CNT
        lda PTR1                ; make room: move PTR1..TOP up by CNT
        sta PTR3
        lda PTR1+1
        sta PTR3+1
        clc
        lda PTR1
        adc CNT
        sta PTR2
        lda PTR1+1
        adc #0
        sta PTR2+1
        jsr top_minus_ptr1
        clc
        lda TOP
        adc CNT
        sta TMP2
        lda TOP+1
        adc #0
        sta TMP2+1
        cmp HIMEM+1             ; keep clear of the stack
        bcc @room
        jmp e_noroom
@room:  jsr memmove
        lda TMP2
        sta TOP
        lda TMP2+1
        sta TOP+1
        ldy #0
        lda LNUM+1
        sta (PTR3),y
        iny
        lda LNUM
        sta (PTR3),y
        iny
        lda CNT
        sta (PTR3),y
        ldx #0
@copy:  lda TOKBUF,x
        iny
        sta (PTR3),y
        inx
        cmp #13
        bne @copy
        jmp clear_vars
@long:  jmp e_toolong

; remove the line at PTR1 from the program
delete_line:
        ldy #2
        lda (PTR1),y
        sta CNT
        lda PTR1
        sta PTR2
        lda PTR1+1
        sta PTR2+1
        clc
        lda PTR1
        adc CNT
        sta PTR1
        lda PTR1+1
        adc #0
        sta PTR1+1
        jsr top_minus_ptr1
        jsr memmove
        sec
        lda TOP
        sbc CNT
        sta TOP
        bcs @d
        dec TOP+1
@d:     rts

; TMP = TOP - PTR1 (bytes from PTR1 to the end of the program)
top_minus_ptr1:
        sec
        lda TOP
        sbc PTR1
        sta TMP
        lda TOP+1
        sbc PTR1+1
        sta TMP+1
        rts

; PTR1 = the first line numbered >= LNUM (or the end marker); C set when it is LNUM
find_line:
        lda #1
        sta PTR1
        lda PAGEHI
        sta PTR1+1
@l:     ldy #0
        lda (PTR1),y
        bmi @past               ; the end marker &FF
        cmp LNUM+1
        bcc @next
        bne @past
        iny
        lda (PTR1),y
        cmp LNUM
        bcc @next
        bne @past
        sec
        rts
@next:  ldy #2
        lda (PTR1),y
        clc
        adc PTR1
        sta PTR1
        bcc @l
        inc PTR1+1
        bne @l
@past:  clc
        rts

; NEW: an empty program
do_new_core:
        lda #0
        sta TOP
        lda PAGEHI
        sta TOP+1
        ldy #1
        lda (TOP),y
        sta OLDBYTE
        lda #13
        dey
        sta (TOP),y
        lda #$FF
        iny
        sta (TOP),y
        lda #2
        sta TOP
        lda #0
        sta TRACEON
        sta ONERR+1
        jmp clear_vars

st_new: jsr do_new_core
        jmp prompt

; OLD: bring back the program NEW removed, finding TOP again
st_old: lda #0
        sta PTR1
        lda PAGEHI
        sta PTR1+1
        ldy #1
        lda OLDBYTE
        sta (PTR1),y
        jsr find_top
        jsr clear_vars
        jmp prompt

; TOP = one past the end marker
find_top:
        lda #1
        sta PTR1
        lda PAGEHI
        sta PTR1+1
@l:     ldy #0
        lda (PTR1),y
        bmi @end
        ldy #2
        lda (PTR1),y
        beq @bad
        clc
        adc PTR1
        sta PTR1
        bcc @l
        inc PTR1+1
        bne @l
@end:   clc
        lda PTR1
        adc #1
        sta TOP
        lda PTR1+1
        adc #0
        sta TOP+1
        rts
@bad:   jmp do_new_core

; forget the variables (RUN, CLEAR, editing)
clear_vars:
        lda TOP
        sta LOMEM
        sta VARTOP
        lda TOP+1
        sta LOMEM+1
        sta VARTOP+1
        lda #0
        sta VARHEAD
        sta VARHEAD+1
        sta ONERR+1
        lda #0
        sta DATAP
        lda PAGEHI
        sta DATAP+1
        rts

; LIST [from][,[to]]; LISTO n is LIST followed by O
st_list:
        ldy #0
        lda (TP),y
        cmp #'O'
        bne @list
        jsr inctp
        jmp st_listo
@list:
        lda #0
        sta LNUM
        sta LNUM+1
        lda #$FF
        sta LNUM2
        lda #$7F
        sta LNUM2+1
        jsr skipsp
        jsr is_lnum
        bcc @nofrom
        jsr parse_tp_number
        lda LNUM
        sta LNUM2
        lda LNUM+1
        sta LNUM2+1
@nofrom:
        lda #','
        jsr accept
        bne @range
        lda #$FF
        sta LNUM2
        lda #$7F
        sta LNUM2+1
        jsr skipsp
        jsr is_lnum
        bcc @range
        lda LNUM
        pha
        lda LNUM+1
        pha
        jsr parse_tp_number
        lda LNUM
        sta LNUM2
        lda LNUM+1
        sta LNUM2+1
        pla
        sta LNUM+1
        pla
        sta LNUM
@range: lda #0
        sta LISTDEPTH
        jsr find_line
@line:  ldy #0
        lda (PTR1),y
        bmi @done
        cmp LNUM2+1
        bcc @show
        bne @done
        iny
        lda (PTR1),y
        cmp LNUM2
        beq @show
        bcs @done
@show:  bit ESCFLAG
        bpl @noesc
        jmp escape
@noesc: jsr list_line
        ldy #2
        lda (PTR1),y
        clc
        adc PTR1
        sta PTR1
        bcc @line
        inc PTR1+1
        bne @line
@done:  jmp prompt

; list the line at PTR1: its number in 5 columns, then (LISTO) a space and the indentation of
; the FOR and REPEAT loops open, then its text.  LISTO bits (User Guide, LISTO): 1 a space after
; the number, 2 indent FOR ... NEXT, 4 indent REPEAT ... UNTIL, two spaces a level.
list_line:
        lda #0
        sta LISTDELTA
        ldy #3                  ; a NEXT or UNTIL starting the line is outdented already
@fs:    lda (PTR1),y
        iny
        cmp #' '
        beq @fs
        sty LISTFIRST           ; (one past the first character)
        cmp #$ED                ; NEXT
        beq @close
        cmp #$FD                ; UNTIL
        bne @nout
@close: jsr listo_bit_for
        beq @nout
        dec LISTDEPTH
        bpl @nout
        inc LISTDEPTH
@nout:  ldy #0
        lda (PTR1),y
        sta IACC+1
        iny
        lda (PTR1),y
        sta IACC
        lda #0
        sta IACC+2
        sta IACC+3
        lda #5
        jsr print_dec_width
        lda LISTOPT
        lsr a
        bcc @nsp
        jsr space
@nsp:   lda LISTDEPTH
        asl a
        beq @noind
        tax
@ind:   jsr space
        dex
        bne @ind
@noind: lda #0
        sta QUOTE
        ldy #3
@l:     lda (PTR1),y
        cmp #13
        beq @end
        sty CNT2
        cmp #$22
        bne @nq
        pha
        lda QUOTE
        eor #1
        sta QUOTE
        pla
@nq:    ldx QUOTE
        bne @plain
        cmp #$8D
        beq @lnum
        cmp #$80
        bcc @plain
        pha                     ; loops opened and closed later in the line
        ldx #1
        cmp #$E3                ; FOR
        beq @open
        cmp #$F5                ; REPEAT
        beq @open
        ldx #$FF
        ldy CNT2
        iny
        cpy LISTFIRST
        beq @tok
@open:  jsr listo_bit_for
        beq @tok
        txa
        clc
        adc LISTDELTA
        sta LISTDELTA
@tok:   pla
        jsr print_token
        jmp @next
@lnum:  clc
        lda PTR1
        adc CNT2
        sta TP
        lda PTR1+1
        adc #0
        sta TP+1
        jsr inctp
        jsr decode_lnum
        lda LNUM
        sta IACC
        lda LNUM+1
        sta IACC+1
        lda #0
        sta IACC+2
        sta IACC+3
        jsr print_dec
        lda CNT2
        clc
        adc #3
        sta CNT2
        jmp @next
@plain: jsr outch
@next:  ldy CNT2
        iny
        bne @l
@end:   lda LISTDEPTH
        clc
        adc LISTDELTA
        bpl @d
        lda #0
@d:     sta LISTDEPTH
        jmp newline

; Z clear when A is a loop keyword (FOR, NEXT, REPEAT, UNTIL) that LISTOPT indents
listo_bit_for:
        pha
        ldy #2
        cmp #$E3
        beq @t
        cmp #$ED
        beq @t
        ldy #4
        cmp #$F5
        beq @t
        cmp #$FD
        beq @t
        ldy #0
@t:     tya
        and LISTOPT
        tay
        pla
        cpy #0
        rts

; LISTO n
st_listo:
        jsr expr_int
        lda IACC
        sta LISTOPT
        jmp next_stmt

; C set when A is a decimal digit
; C set when A starts a line number: &8D (LIST, AUTO, DELETE and RENUMBER take tokenised ones) or a digit
is_lnum:
        cmp #$8D
        bne is_digit
        rts                     ; C set by the equal compare
is_digit:
        cmp #'0'
        bcc @no
        cmp #'9'+1
        bcs @no
        sec
        rts
@no:    clc
        rts

; parse a line number at TP into LNUM: &8D and its 3 bytes, or decimal digits
parse_tp_number:
        jsr skipsp
        cmp #$8D
        bne @text
        jsr inctp
        jmp decode_lnum
@text:        lda #0
        sta LNUM
        sta LNUM+1
@l:     ldy #0
        lda (TP),y
        jsr is_digit
        bcc @d
        and #$0F
        pha
        jsr lnum_times10
        pla
        clc
        adc LNUM
        sta LNUM
        bcc @n
        inc LNUM+1
@n:     jsr inctp
        jmp @l
@d:     rts

; DELETE from,to
st_delete:
        jsr parse_tp_number
        lda LNUM
        sta LNUM2
        lda LNUM+1
        sta LNUM2+1
        jsr comma
        jsr parse_tp_number
        lda LNUM                ; LNUM2 = from, LNUM = to: swap
        ldx LNUM2
        sta LNUM2
        stx LNUM
        lda LNUM+1
        ldx LNUM2+1
        sta LNUM2+1
        stx LNUM+1
@l:     jsr find_line
        ldy #0
        lda (PTR1),y
        bmi @done
        cmp LNUM2+1
        bcc @del
        bne @done
        iny
        lda (PTR1),y
        cmp LNUM2
        beq @del
        bcs @done
@del:   jsr delete_line
        jmp @l
@done:  jsr clear_vars
        jmp prompt

; The [start[,step]] of AUTO and RENUMBER: LNUM = start, AUTOSTEP = step (both 10 if not given).
start_and_step:
        lda #10
        sta LNUM
        sta AUTOSTEP
        lda #0
        sta LNUM+1
        jsr skipsp
        jsr is_lnum
        bcc @nostart
        jsr parse_tp_number
@nostart:
        lda #','
        jsr accept
        bne @go
        lda LNUM
        pha
        lda LNUM+1
        pha
        jsr parse_tp_number
        lda LNUM
        sta AUTOSTEP
        pla
        sta LNUM+1
        pla
        sta LNUM
@go:    rts

; AUTO [start[,step]]: each line's number is offered in turn until ESCAPE
st_auto:
        jsr start_and_step
        lda LNUM
        sta AUTOLN
        lda LNUM+1
        sta AUTOLN+1
        jmp prompt
auto_line:
        lda AUTOLN
        sta IACC
        lda AUTOLN+1
        sta IACC+1
        lda #0
        sta IACC+2
        sta IACC+3
        jsr print_dec
        jsr space
        lda #$FF                ; ESCAPE ends AUTO
        sta AUTOLN+1
        jsr read_line
        lda IACC
        sta LNUM
        sta AUTOLN
        lda IACC+1
        sta LNUM+1
        sta AUTOLN+1
        ldx #$FF                ; the text with a space in front, as if typed after the number
        lda #' '
@s:     inx
        ldy INBUF,x
        sta INBUF,x
        tya
        cmp #13
        bne @s
        sta INBUF+1,x
        lda LNUM+1
        pha
        lda LNUM
        pha
        ldx #0
        jsr tokenise
        pla
        sta LNUM
        pla
        sta LNUM+1
        jsr store_line
        clc
        lda AUTOLN
        adc AUTOSTEP
        sta AUTOLN
        bcc @n
        inc AUTOLN+1
@n:     lda AUTOLN+1
        bpl @ok
        lda #$FF
        sta AUTOLN+1
@ok:    jmp prompt

; RENUMBER [start[,step]]: line numbers after GOTO, GOSUB, THEN, ELSE, RESTORE follow their lines
st_renumber:
        jsr start_and_step
        lda LNUM
        sta LNUM2
        lda LNUM+1
        sta LNUM2+1
        lda #0                  ; first the references, while the lines keep their numbers
        sta TP
        lda PAGEHI
        sta TP+1
@ref:   jsr inctp
        ldy #0
        lda (TP),y
        bmi @lines
        lda TP                  ; PTR3 = this line
        sta PTR3
        lda TP+1
        sta PTR3+1
        ldy #3
@scan:  lda (PTR3),y
        cmp #13
        beq @eol
        cmp #$8D
        beq @found
        cmp #$22
        bne @next
@q:     iny
        lda (PTR3),y
        cmp #13
        beq @eol
        cmp #$22
        bne @q
@next:  iny
        bne @scan
@eol:   tya
        clc
        adc PTR3
        sta TP
        lda PTR3+1
        adc #0
        sta TP+1
        jmp @ref
@found: sty CNT2
        iny
        tya
        clc
        adc PTR3
        sta TP
        lda PTR3+1
        adc #0
        sta TP+1
        jsr decode_lnum         ; LNUM = the old target
        jsr renumber_target     ; LNUM = its new number, if the line exists
        lda TP                  ; write it back over the old 3 bytes
        sec
        sbc #3
        sta TOKDST
        lda TP+1
        sbc #0
        sta TOKDST+1
        ldy #0
        jsr encode_lnum
        lda #<TOKBUF
        sta TOKDST
        lda #>TOKBUF
        sta TOKDST+1
        ldy CNT2
        iny
        iny
        iny
        jmp @next
@lines: lda #1                  ; then the lines themselves
        sta PTR1
        lda PAGEHI
        sta PTR1+1
@ln:    ldy #0
        lda (PTR1),y
        bmi @done
        lda LNUM2+1
        sta (PTR1),y
        iny
        lda LNUM2
        sta (PTR1),y
        clc
        adc AUTOSTEP
        sta LNUM2
        bcc @nc
        inc LNUM2+1
@nc:    ldy #2
        lda (PTR1),y
        clc
        adc PTR1
        sta PTR1
        bcc @ln
        inc PTR1+1
        bne @ln
@done:  jsr clear_vars
        jmp prompt

; LNUM = the new number of line LNUM (start LNUM2, step AUTOSTEP), unchanged if there is none
renumber_target:
        lda LNUM2
        sta TMP
        lda LNUM2+1
        sta TMP+1
        lda #1
        sta PTR1
        lda PAGEHI
        sta PTR1+1
@l:     ldy #0
        lda (PTR1),y
        bmi @none
        cmp LNUM+1
        bne @next
        iny
        lda (PTR1),y
        cmp LNUM
        bne @next
        lda TMP
        sta LNUM
        lda TMP+1
        sta LNUM+1
@none:  rts
@next:  clc
        lda TMP
        adc AUTOSTEP
        sta TMP
        bcc @n
        inc TMP+1
@n:     ldy #2
        lda (PTR1),y
        clc
        adc PTR1
        sta PTR1
        bcc @l
        inc PTR1+1
        bne @l
