; The prompt, line input, program lines, LIST, NEW, OLD, DELETE, AUTO, RENUMBER.

prompt: ldx #$FF
        txs
        cld
        jsr reset_stack
        lda #0
        sta CURLN
        sta CURLN+1
        .assert (INBUF & $FF) == 0 ; (A is 0 already)
        sta TOKDST              ; a typed line is tokenised in the input buffer, over itself, and
        sta TP                  ; an immediate line runs there, as BASIC II's do
        lda #>INBUF
        sta TOKDST+1
        sta TP+1
        lda AUTOLN+1
        bpl auto_line
        lda #'>'
        jsr OSWRCH
        jsr read_typed          ; (X = its first character)
@sp:    lda INBUF,x
        cmp #' '
        bne @ns
        inx
        bne @sp
@ns:    jsr is_digit
        bcc @immediate
        jsr parse_inbuf_number  ; (N: 32768 or more, no line number: a Syntax error, as BASIC II)
        bmi syntax_j
        ldy #0
        jsr enter_line
        jmp prompt
@immediate:
        jsr tokenise            ; (Y = its CR's offset)
        iny                     ; an end marker after it: end_of_line ends the run there
        lda #$FF
        sta (TOKDST),y
        jmp exec_stmt
syntax_j:
        jmp e_syntax

; the commands (AUTO, DELETE, LIST, LISTO, LOAD, NEW, OLD, RENUMBER, SAVE) are typed, not run, and
; only at the start of the line: in a program, or after a statement (A=0:LIST), each is a Syntax
; error, as in BASIC II (run on it).  A typed line is tokenised from its first non-space to INBUF,
; so the command's token is INBUF's first byte, and TP is past it
immediate_only:
        lda TP+1
        cmp #>INBUF
        bne syntax_j
        ldx TP
        dex
        bne syntax_j
        rts

; AUTO's prompt: the line number, then the line as if typed after it
auto_line:
        lda AUTOLN
        sta LNUM
        ldx AUTOLN+1
        stx LNUM+1
        jsr print_lnum
        jsr space
        lda #$FF                ; ESCAPE ends AUTO
        sta AUTOLN+1
        jsr read_typed          ; (X = its first character)
        lda LNUM+1
        sta AUTOLN+1
        lda #' '                ; a space in front, as if the text were typed after the number
        sta TOKBUF
        ldy #1
        jsr enter_line
        clc                     ; the next number; past 32767 bit 15 turns AUTO off
        lda AUTOLN
        adc AUTOSTEP
        sta AUTOLN
        bcc @n
        inc AUTOLN+1
@n:     jmp prompt

; tokenise INBUF from X to TOKBUF from Y and make it line LNUM (tokenising GOTO 100 uses LNUM)
enter_line:
        lda LNUM+1
        pha
        lda LNUM
        pha
        jsr tokenise_y
        pla
        sta LNUM
        pla
        sta LNUM+1
        jmp store_line

; read a line into INBUF with OSWORD 0 (CR-terminated); ESCAPE gives the Escape error
read_line:
        lda #0
        sta COUNT
        ldx #<osword0_block
        ldy #>osword0_block
        jsr OSWORD              ; (A = 0)
        bcs escape
        rts
osword0_block:
        .word INBUF
        .byte 238, 32, 126      ; max length, lowest and highest character accepted

escape: lda #$7E                ; acknowledge ESCAPE
        jsr OSBYTE
        brk                     ; escape: its error block in line (room)
        .byte 17, "Escape", 0

; LNUM in decimal
print_lnum:
        lda LNUM
        ldx LNUM+1
        jsr set_iacc_ax         ; (A = 0 after it: no field)
        jmp print_dec_width

; the TOKBUF line becomes line LNUM (an empty line deletes it)
store_line:
        jsr find_line           ; PTR1 = the line LNUM or the first after it, C set if found
        bcc @nodel
        jsr delete_line
        jsr find_line
@nodel: ldy #$FF                 ; is the new text empty (spaces only)?
@e:     iny
        lda TOKBUF,y
        cmp #' '
        beq @e
        cmp #13
        bne @len
        rts
@len:   iny                     ; CNT = text length + 4
        lda TOKBUF,y
        cmp #13
        bne @len
        tya
        clc
        adc #4
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
        jsr next_line
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

; Walking the lines: first_line and next_line leave PTR1 at a line and A = its number's high
; byte (N set at the end marker &FF), Y = 0.
first_line:
        lda #1
        sta PTR1
        lda PAGEHI
        sta PTR1+1
        bne line_hi             ; (PAGE is never in page 0)
next_line:
        ldy #2
        lda (PTR1),y
        clc
        adc PTR1
        sta PTR1
        bcc line_hi
        inc PTR1+1
line_hi:
        ldy #0
        lda (PTR1),y
        rts

; PTR1 = the first line numbered >= LNUM (or the end marker); C set when it is LNUM
find_line:
        jsr first_line
find_line_on:                   ; (the same from the line at PTR1 on: A its first byte, Y = 0)
        bmi fl_past
fl_cmp: cmp LNUM+1
        bcc fl_next
        bne fl_past
        iny
        lda (PTR1),y
        cmp LNUM
        beq fl_d                ; (C set)
        bcs fl_past
fl_next:
        jsr next_line
        bpl fl_cmp
fl_past:
        clc
fl_d:   rts

; C clear when the line at PTR1 is numbered above LNUM2 or is the end marker
within_lnum2:
        ldy #1
        lda LNUM2
        cmp (PTR1),y
        dey
        lda LNUM2+1
        sbc (PTR1),y
        lda (PTR1),y            ; (the end marker &FF is past any LNUM2, even &FFxx)
        bpl @d
        clc
@d:     rts

; NEW: an empty program
do_new_core:
        lda #0
        sta TOP
        sta TRACEON
        lda PAGEHI
        sta TOP+1
        ldy #0
        lda #13
        sta (TOP),y
        lda #$FF
        iny
        sta (TOP),y
        lda #2
        sta TOP
        jmp clear_vars          ; (which clears ON ERROR too)

st_new: jsr immediate_only
        jsr do_new_core
        jmp prompt

; OLD: bring back the program NEW removed, finding TOP again (a program that is not whole: NEW)
st_old: jsr immediate_only
        jsr first_line
        lda #0                  ; the first line's high byte, which NEW made &FF, is 0 again (as
        sta (PTR1),y            ; BASIC II: a first line of 256 or more comes back 256 less)
        ldx #0                  ; (the CRs are not checked)
        jsr check_program
        bcs st_new
        jsr clear_vars
        jmp prompt

; The documented program format from PAGE: &0D, then lines of hi lo len ..., each ending &0D,
; until a hi byte with bit 7 set (X = 0: the &0Ds are not checked, no length is 0).  C clear and
; TOP = one past the end marker when the program is whole; C set when not.
check_program:
        lda #0
        sta PTR1
        lda PAGEHI
        sta PTR1+1
@l:     ldy #0
        txa
        beq @lines
        lda (PTR1),y
        cmp #13
        bne @bad
@lines: iny
        lda (PTR1),y
        bmi @ok
        ldy #3
        lda (PTR1),y
        beq @bad
        clc
        adc PTR1
        sta PTR1
        bcc @l
        inc PTR1+1
        bne @l
@bad:   sec
        rts
@ok:    clc
        lda PTR1
        adc #2
        sta TOP
        lda PTR1+1
        adc #0
        sta TOP+1               ; (C clear)
        rts

; forget the variables and empty the stacks (RUN, CLEAR, editing)
clear_vars:
        lda TOP
        ldx TOP+1
        jsr clear_heap
        sta ONERR+1
        sta DATAP
        lda PAGEHI
        sta DATAP+1
        jmp reset_stack         ; (CLEAR too: no loop or GOSUB stays open, as BASIC II: run on it)

; LIST [from][,[to]]; LISTO n is LIST followed by O
st_list:
        jsr immediate_only
        ldy #0
        lda (TP),y
        cmp #'O'
        bne @list
        jsr inctp
        jsr expr_int            ; LISTO n
        lda IACC
        sta LISTOPT
        jmp next_stmt
@list:  jsr lnum_end            ; LNUM2 = the end
        jsr swap_lnums
        lda #0                  ; LNUM = 0
        sta LNUM
        sta LNUM+1
        jsr opt_lnum
        bcc @nofrom
        lda LNUM                ; LIST n: n to n
        sta LNUM2
        lda LNUM+1
        sta LNUM2+1
@nofrom:
        lda #','
        jsr accept
        bne @range
        jsr swap_lnums          ; LIST from,[to]
        jsr lnum_end
        jsr opt_lnum
        jsr swap_lnums
@range: lda #0
        sta LISTDEPTH
        jsr find_line
@line:  jsr within_lnum2
        bcc @done
        bit ESCFLAG
        bmi escape_j
        jsr list_line
        jsr next_line
        bpl @line
@done:  jmp prompt
escape_j:
        jmp escape

; LNUM = 32767, the highest line number
lnum_end:
        lda #$FF
        sta LNUM
        lda #$7F
        sta LNUM+1
        rts

; exchange LNUM and LNUM2
swap_lnums:
        ldx #1
@l:     lda LNUM,x
        ldy LNUM2,x
        sta LNUM2,x
        sty LNUM,x
        dex
        bpl @l
        rts

; a line number at TP, if there is one: C set and it in LNUM; C clear and LNUM kept if not
opt_lnum:
        jsr skipsp
        jsr is_lnum
        bcc @d
        jsr parse_tp_number
        sec
@d:     rts

; list the line at PTR1: its number in 5 columns, then (LISTO) a space and the indentation of
; the FOR and REPEAT loops open, then its text.  LISTO bits (User Guide, LISTO): 1 a space after
; the number, 2 indent FOR ... NEXT, 4 indent REPEAT ... UNTIL, two spaces a level.  The loops a
; line opens or closes count from the next line on (a NEXT starting a line is listed at the loop's
; own indentation, as BASIC II lists it: run on it)
list_line:
        lda #0
        sta LISTDELTA
        sta QUOTE
        ldy #0
        lda (PTR1),y
        tax
        iny
        lda (PTR1),y
        jsr set_iacc_ax
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
@noind: ldy #3
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
@open:  jsr listo_bit_for
        beq @tok
        txa
        clc
        adc LISTDELTA
        sta LISTDELTA
@tok:   pla
        jsr print_token
        jmp @next
@lnum:  sec                     ; TP = the 3 bytes after &8D
        lda PTR1
        adc CNT2
        sta TP
        lda PTR1+1
        adc #0
        sta TP+1
        jsr decode_lnum
        jsr print_lnum
        inc CNT2
        inc CNT2
        inc CNT2
        bne @next
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

; C set when A starts a line number: &8D (LIST, AUTO, DELETE and RENUMBER take tokenised ones) or a digit
is_lnum:
        cmp #$8D
        bne is_digit
        rts                     ; (C set by the equal compare)
; C set when A is a decimal digit
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
        jmp line_token
@text:  lda #0
        sta LNUM
        sta LNUM+1
@l:     ldy #0
        lda (TP),y
        jsr is_digit
        bcc @d
        jsr lnum_digit
        jsr inctp
        bne @l                  ; (TP+1 is never 0)
@d:     rts

; DELETE from,to
st_delete:
        jsr immediate_only
        jsr parse_tp_number
        jsr swap_lnums
        jsr comma
        jsr parse_tp_number
        jsr swap_lnums          ; LNUM = from, LNUM2 = to
@l:     jsr find_line
        jsr within_lnum2
        bcc @done
        jsr delete_line
        jmp @l
@done:  jsr clear_vars
        jmp prompt

; The [start[,step]] of AUTO and RENUMBER: LNUM = start, AUTOSTEP = step (both 10 if not given).
start_and_step:                 ; (AUTO and RENUMBER are commands)
        jsr immediate_only
        lda #10
        sta LNUM
        sta AUTOSTEP
        lda #0
        sta LNUM+1
        jsr opt_lnum
        lda #','
        jsr accept
        bne @go
        jsr swap_lnums
        jsr parse_tp_number
        lda LNUM+1              ; a step of 0 or above 255 is Silly (BASIC II: run on it)
        bne @silly
        lda LNUM
        beq @silly
        sta AUTOSTEP
        jmp swap_lnums
@go:    rts
@silly: brk                     ; silly: its error block in line (room)
        .byte 0, "Silly", 0

; AUTO [start[,step]]: each line's number is offered in turn until ESCAPE
st_auto:
        jsr start_and_step
        lda LNUM
        sta AUTOLN
        lda LNUM+1
        sta AUTOLN+1
        jmp prompt

; RENUMBER [start[,step]]: line numbers after GOTO, GOSUB, THEN, ELSE, RESTORE follow their lines.
; First the references (TOKDST walks the lines; the prompt sets it back), while the lines keep
; their numbers, then the lines themselves.
st_renumber:
        jsr start_and_step
        jsr swap_lnums          ; LNUM2 = start
        lda #1
        sta TOKDST
        lda PAGEHI
        sta TOKDST+1
@ref:   ldy #0
        lda (TOKDST),y
        bmi @lines
        ldy #3
@scan:  lda (TOKDST),y
        cmp #13
        beq @eol
        cmp #$8D
        beq @found
        cmp #$22
        bne @next
@q:     iny
        lda (TOKDST),y
        cmp #13
        beq @eol
        cmp #$22
        bne @q
@next:  iny
        bne @scan
@eol:   ldy #2
        lda (TOKDST),y
        clc
        adc TOKDST
        sta TOKDST
        bcc @ref
        inc TOKDST+1
        bne @ref
@found: iny
        sty CNT2
        tya
        clc
        adc TOKDST
        sta TP
        lda TOKDST+1
        adc #0
        sta TP+1
        jsr decode_lnum         ; LNUM = the old target
        jsr renumber_target     ; LNUM = its new number, if the line exists
        ldy CNT2                ; written back over the old 3 bytes
        jsr encode_lnum
        dey
        bne @next
@lines: jsr renumber_lines
        jsr clear_vars
        jmp prompt

; The lines walked with TMP = the number each gets (start LNUM2, step AUTOSTEP).
; renumber_target: LNUM = the new number of line LNUM, unchanged if there is none;
; renumber_lines: every line takes its new number.
renumber_lines:
        sec
        .byte $24               ; (BIT zp: skips the CLC)
renumber_target:
        clc
        ror CNT                 ; bit 7: renumber the lines
        lda LNUM2
        sta TMP
        lda LNUM2+1
        sta TMP+1
        jsr first_line
@l:     bmi @none
        bit CNT
        bmi @set
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
@set:   lda TMP+1
        sta (PTR1),y
        iny
        lda TMP
        sta (PTR1),y
@next:  clc
        lda TMP
        adc AUTOSTEP
        sta TMP
        bcc @n
        inc TMP+1
@n:     jsr next_line
        jmp @l
