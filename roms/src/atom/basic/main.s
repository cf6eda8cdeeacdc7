; Our Atom BASIC: 4 KiB at $C000.  Integer BASIC as documented in "Atomic Theory and Practice":
; programs kept as typed (line number in two bytes, then the text, then 13), statements
; separated by ';', variables @ and A-Z (32 bits), word arrays AA-ZZ, ? and ! indirection.
; Clean-room work; see docs/atom_firmware.md for the layout and the error numbers.

        .include "atom.inc"

TEXTSTART   = $2900             ; the documented default start of program text (?18 = #29)
OLDBYTE     = $038D             ; the first byte of the program, kept by NEW for OLD

        .macro error n
        brk
        .byte n
        .endm

; Error numbers: the documented Atom table ("Atomic Theory and Practice", Acorn 1980, ch. 27, as
; transcribed in a public Atom emulator's manual data); the documented meaning after each ";".
; Conditions of ours the table has no entry for take the number whose meaning covers them; the
; reasoning is in docs/atom_firmware.md.  ESCAPE gives no error: it goes back to the prompt.
E_STATEMENT = 94                ; unknown command, invalid statement terminator
E_SYNTAX    = 29                ; unknown or missing function (our unknown or missing factor)
E_ITEM      = 174               ; significant item missing or malformed (')' or TO missing,
                                ;   expression too deep for the stack)
E_LINE      = 127               ; line number not found in GOTO or GOSUB
E_LABEL     = 157               ; label not found
E_RETURN    = 31                ; RETURN without GOSUB
E_NEXT      = 230               ; NEXT without matching FOR
E_UNTIL     = 198               ; UNTIL with no DO
E_GOSUBS    = 2                 ; too many GOSUBs
E_DOS       = 18                ; too many DO statements
E_FORS      = 111               ; missing variable in FOR; too many FOR statements
E_DIVIDE    = 129               ; division by zero
E_SUBSCRIPT = 134               ; array subscript out of range
E_DIM       = 216               ; illegal DIM statement
E_ASMLABEL  = 76                ; assembler label error
E_PRINTQ    = 159               ; unmatched quotes in PRINT or INPUT
E_STRINGQ   = 200               ; unmatched quotes in string

        .org $C000
        jmp cold
        jmp brk_handler
        jmp nextc               ; B_NEXTC ... for the assembler in the kernel ROM
        jmp expr                ; B_EXPR
        jmp store_target        ; B_LABEL
        jmp expect              ; B_EXPECT
        jmp stmt_end            ; B_STMT_END
        jmp print_plain         ; B_PRINTNUM
        jmp prompt              ; B_PROMPT
        jmp set_top             ; B_SETTOP (the kernel's LOAD)
        jmp match_kw            ; B_MATCH (the kernel's keyword tables)
        jmp string_source       ; B_STRING (file names)
        jmp factor              ; B_FACTOR (file handles)
        jmp set_acc_a           ; B_SETACC

cold:   lda #>TEXTSTART
        sta TEXTPAGE
        lda #8                  ; @: the field width for numbers
        sta VAR0
        lda #0
        sta VAR1
        sta VAR2
        sta VAR3
        sta COUNTV
        jsr do_new              ; BREAK gives an empty program; OLD brings it back
prompt: ldx #$FF
        txs
        cld
        lda #0
        sta CURLINE
        sta CURLINE+1
        sta DOSP
        sta SUBSP
        sta FORSP
        sta HEXFLAG
        sta ASMMODE
        lda COUNTV
        beq @ask
        jsr newline
@ask:   lda #'>'
        jsr outch
        jsr KREADLINE
        lda #0
        sta COUNTV
        bcs prompt
        lda #<INBUF
        sta TXTPTR
        lda #>INBUF
        sta TXTPTR+1
        lda #0
        sta TXTOFF
        jsr nextc
        cmp #'0'
        bcc @direct
        cmp #'9'+1
        bcs @direct
        jsr enter_line
        jmp prompt
@direct:
        jmp exec_stmt

; ---------------------------------------------------------------------------------------------
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

; ---------------------------------------------------------------------------------------------
; Output with COUNT kept

outch:  jsr OSWRCH
        cmp #13
        beq @zero
        cmp #' '
        bcc @out                ; other control codes do not move the print position
        inc COUNTV
@out:   rts
@zero:  lda #0
        sta COUNTV
        lda #13
        rts

newline:
        jsr OSCRLF
        lda #0
        sta COUNTV
        rts

; ---------------------------------------------------------------------------------------------
; Reading the text: (TXTPTR),TXTOFF

; nextc: skip spaces; A = the character there (not consumed).
nextc:  ldy TXTOFF
@sp:    lda (TXTPTR),y
        cmp #' '
        bne @done
        iny
        bne @sp
@done:  sty TXTOFF
        rts

; expect: the next non-space character must be A; it is consumed.
expect: sta TMP
        jsr nextc
        cmp TMP
        bne @bad
        inc TXTOFF
        rts
@bad:   lda TMP                 ; a missing ')' is a significant item missing; any other
        cmp #')'                ; (the '=' of an assignment, above all) an unknown command
        bne @syntax
        error E_ITEM
@syntax:
        error E_STATEMENT

; match_kw: PTR2 = a keyword table (name with its last character + $80, then the handler's
; address; a 0 ends the table).  On a match C is set, the keyword is consumed and PTR3 holds the
; address.  A keyword may be shortened with '.'.
match_kw:
        jsr nextc
        iny                     ; every keyword has a second letter (or a '.'): a quick no
        lda (TXTPTR),y
        cmp #'.'
        beq @maybe
        sec
        sbc #'A'
        cmp #26
        bcs @none
@maybe: clc
        lda TXTPTR
        adc TXTOFF
        sta PTR1
        lda TXTPTR+1
        adc #0
        sta PTR1+1
@entry: ldy #0
        lda (PTR2),y
        beq @none
@char:  lda (PTR1),y
        cmp #'.'
        bne @cmp
        cpy #0
        bne @short
@cmp:   eor (PTR2),y
        and #$7F
        bne @fail
        lda (PTR2),y
        bmi @full
        iny
        bne @char
@short: iny                     ; consume the '.'
        tya
        clc
        adc TXTOFF
        sta TXTOFF
        dey
@toend: lda (PTR2),y
        bmi @addr
        iny
        bne @toend
@full:  tya
        sec
        adc TXTOFF
        sta TXTOFF
@addr:  iny
        lda (PTR2),y
        sta PTR3
        iny
        lda (PTR2),y
        sta PTR3+1
        sec
        rts
@fail:  lda (PTR2),y            ; skip the rest of this entry
        bmi @skip
        iny
        bne @fail
@skip:  tya
        sec                     ; past the last character and the address
        adc #2
        adc PTR2
        sta PTR2
        bcc @entry
        inc PTR2+1
        bne @entry
@none:  clc
        rts

; ---------------------------------------------------------------------------------------------
; Program lines: (hi, lo, text..., 13)..., then a byte $FF where the next line would start.

; enter_line: the input buffer holds a line number and text: store, replace or delete the line.
enter_line:
        jsr read_decimal
        lda ACC
        sta LINENUM
        lda ACC+1
        and #$7F
        sta LINENUM+1
        jsr find_line
        bcc @insert             ; no line with that number
        ldy #2                  ; delete the old line: its length including the 13
@len:   lda (PTR1),y
        iny
        cmp #13
        bne @len
        clc                     ; PTR2 = the line after it
        tya
        adc PTR1
        sta PTR2
        lda PTR1+1
        adc #0
        sta PTR2+1
        ldy #0
@down:  lda (PTR2),y            ; move everything after it down, up to TOP
        sta (PTR1),y
        inc PTR1
        bne @d1
        inc PTR1+1
@d1:    inc PTR2
        bne @d2
        inc PTR2+1
@d2:    lda PTR2
        cmp TOPV
        bne @down
        lda PTR2+1
        cmp TOPV+1
        bne @down
@moved: jsr set_top
        jsr find_line           ; PTR1 again: where the new line goes
@insert:
        lda TXTOFF              ; the text is kept as typed, spaces included
        pha
        jsr nextc               ; is there any text?  a number alone deletes
        pla
        sta TXTOFF
        lda (TXTPTR),y
        cmp #13
        bne @text
        rts
@text:  ldy TXTOFF              ; length of the new line: 2 + text + 13
        ldx #2
@count: lda (TXTPTR),y
        inx
        iny
        cmp #13
        bne @count
        stx TMP                 ; bytes to open up at PTR1
        jsr KROOM               ; ERROR 248 unless they are there
        ; move TOP-1 .. PTR1 up by TMP (from the top down)
        lda TOPV
        sta PTR2
        lda TOPV+1
        sta PTR2+1
@up:    lda PTR2                ; PTR2 = the next byte to move + 1
        bne @dec
        dec PTR2+1
@dec:   dec PTR2
        ldy #0
        lda (PTR2),y
        ldy TMP
        sta (PTR2),y
        lda PTR2
        cmp PTR1
        bne @up
        lda PTR2+1
        cmp PTR1+1
        bne @up
        ldy #0
        lda LINENUM+1
        sta (PTR1),y
        iny
        lda LINENUM
        sta (PTR1),y
        lda PTR1                ; PTR2 = PTR1 + 2 - TXTOFF, so (PTR2),y lines up with (TXTPTR),y
        clc
        adc #2
        sta PTR2
        lda PTR1+1
        adc #0
        sta PTR2+1
        lda PTR2
        sec
        sbc TXTOFF
        sta PTR2
        bcs @nb
        dec PTR2+1
@nb:    ldy TXTOFF
@put:   lda (TXTPTR),y
        sta (PTR2),y
        iny
        cmp #13
        bne @put
        ; fall into set_top

; set_top: TOP = the byte after the end mark; DIM space starts there.
set_top:
        lda #0
        sta PTR1
        lda TEXTPAGE
        sta PTR1+1
@line:  ldy #0
        lda (PTR1),y
        bmi @end
        jsr line_after
        jmp @line
@end:   sec
        lda PTR1
        adc #0
        sta TOPV
        sta FREEP
        lda PTR1+1
        adc #0
        sta TOPV+1
        sta FREEP+1
        rts

; find_line: PTR1 = the first line numbered LINENUM or more (or the end mark); C set when
; it is numbered exactly LINENUM.
find_line:
        lda #0
        sta PTR1
        lda TEXTPAGE
        sta PTR1+1
@line:  ldy #0
        lda (PTR1),y
        bmi @after
        cmp LINENUM+1
        bcc @next
        bne @after
        iny
        lda (PTR1),y
        cmp LINENUM
        bcc @next
        bne @after
        sec
        rts
@after: clc
        rts
@next:  jsr line_after
        jmp @line

; line_after: PTR1 = the line after the one at PTR1.
line_after:
        ldy #2
@skip:  lda (PTR1),y
        iny
        cmp #13
        bne @skip
        tya
        clc
        adc PTR1
        sta PTR1
        bcc @done
        inc PTR1+1
@done:  rts

; ---------------------------------------------------------------------------------------------
; Statements

exec_stmt:
        jsr nextc
        cmp #';'
        bne @notsemi
        inc TXTOFF
        jsr KESCAPE             ; ESCAPE is looked at on every statement terminator
        bcs escape
        jmp exec_stmt
@notsemi:
        cmp #13
        bne @stmt
        jsr KESCAPE
        bcs escape
        jmp next_line
@stmt:  ldx ASMMODE
        beq @basic
        jsr KASM                ; between [ and ]: assembly
        jmp stmt_end
@basic: cmp #'['
        bne @star
        inc TXTOFF
        jmp st_asm
@star:  cmp #'*'
        bne @words
        jmp st_star
@words: sec                     ; only capitals start statements
        sbc #'A'
        cmp #26
        bcs @assign
        tax
        lda stmt_index,x        ; C is clear
        adc #<statements
        sta PTR2
        lda #>statements
        adc #0
        sta PTR2+1
        jsr match_kw
        bcs @go
        jsr KSTMT               ; the kernel's statements (files)
        bcc @assign
@go:    jmp (PTR3)
@assign:
        jmp assignment

; ESCAPE: back to the prompt with no error report (the documented table has no number for it)
escape: jmp prompt

; stmt_end: after a statement only ';' or the end of the line may follow.
stmt_end:
        jsr nextc
        cmp #';'
        beq exec_stmt
        cmp #13
        beq exec_stmt
        error E_STATEMENT

; next_line: the end of a line: in direct mode back to the prompt, else on to the next line.
next_line:
        lda TXTPTR+1
        cmp #>INBUF
        beq end_stmt
        sec
        lda TXTPTR
        adc TXTOFF
        sta TXTPTR
        bcc run_line
        inc TXTPTR+1
; run_line: start running the line at TXTPTR.
run_line:
        ldy #0
        lda (TXTPTR),y
        bmi end_stmt
        sta CURLINE+1
        iny
        lda (TXTPTR),y
        sta CURLINE
        iny
        lda (TXTPTR),y          ; a label a-z after the line number
        cmp #'a'
        bcc @nolabel
        cmp #'z'+1
        bcs @nolabel
        iny
@nolabel:
        sty TXTOFF
        jmp exec_stmt

end_stmt:
        jmp prompt

statements:        ; grouped by first letter (the order within a letter decides what an
                   ; abbreviation with '.' means); stmt_index finds each letter's group
stmt_c:
        .text "CLEA", 'R'+$80
        .word KCLEAR
stmt_d:
        .text "D", 'O'+$80
        .word st_do
        .text "DI", 'M'+$80
        .word st_dim
        .text "DRA", 'W'+$80
        .word KDRAW
stmt_e:
        .text "EN", 'D'+$80
        .word end_stmt
stmt_f:
        .text "FO", 'R'+$80
        .word st_for
stmt_g:
        .text "GOT", 'O'+$80
        .word st_goto
        .text "GOSU", 'B'+$80
        .word st_gosub
stmt_i:
        .text "I", 'F'+$80
        .word st_if
        .text "INPU", 'T'+$80
        .word st_input
stmt_l:
        .text "LIS", 'T'+$80
        .word KLIST
        .text "LIN", 'K'+$80
        .word st_link
        .text "LE", 'T'+$80
        .word assignment
        .text "LOA", 'D'+$80
        .word KLOAD
stmt_m:
        .text "MOV", 'E'+$80
        .word KMOVE
stmt_n:
        .text "NEX", 'T'+$80
        .word st_next
        .text "NE", 'W'+$80
        .word st_new
stmt_o:
        .text "OL", 'D'+$80
        .word st_old
stmt_p:
        .text "PRIN", 'T'+$80
        .word st_print
        .text "PLO", 'T'+$80
        .word KPLOT
stmt_r:
        .text "RETUR", 'N'+$80
        .word st_return
        .text "RU", 'N'+$80
        .word st_run
        .text "RE", 'M'+$80
        .word st_rem
stmt_s:
        .text "SAV", 'E'+$80
        .word KSAVE
stmt_u:
        .text "UNTI", 'L'+$80
        .word st_until
stmt_w:
        .text "WAI", 'T'+$80
        .word KWAIT
stmt_none:
        .byte 0

; stmt_index: for each letter A-Z, where its statements start in the table (speed: the
; search starts at the right letter instead of at PRINT)
stmt_index:
        .byte stmt_none-statements, stmt_none-statements, stmt_c-statements, stmt_d-statements
        .byte stmt_e-statements, stmt_f-statements, stmt_g-statements, stmt_none-statements
        .byte stmt_i-statements, stmt_none-statements, stmt_none-statements, stmt_l-statements
        .byte stmt_m-statements, stmt_n-statements, stmt_o-statements, stmt_p-statements
        .byte stmt_none-statements, stmt_r-statements, stmt_s-statements, stmt_none-statements
        .byte stmt_u-statements, stmt_none-statements, stmt_w-statements, stmt_none-statements
        .byte stmt_none-statements, stmt_none-statements

st_asm: lda #1
        sta ASMMODE
        jmp exec_stmt

; store_target: the variable or array element named next in the text = ACC (assembler labels).
store_target:
        jsr var_index
        bcc @elem
        jmp store_var
@elem:  ldx #3
@push:  lda ACC,x
        pha
        dex
        bpl @push
        jsr array_element
        bcs @ok
        error E_ASMLABEL
@ok:    lda ACC
        sta PTR1
        lda ACC+1
        sta PTR1+1
        ldy #0
@pull:  pla
        sta (PTR1),y
        iny
        cpy #4
        bne @pull
        rts

; *command: the rest of the line goes to OSCLI (from #100, ended by 13).
st_star:
        ldy TXTOFF
        ldx #0
@copy:  lda (TXTPTR),y
        sta INBUF,x
        iny
        inx
        cmp #13
        bne @copy
        dey
        sty TXTOFF
        jsr OSCLI
        jmp exec_stmt

st_rem: ldy TXTOFF
@skip:  lda (TXTPTR),y
        cmp #13
        beq @end
        iny
        bne @skip
@end:   sty TXTOFF
        jmp exec_stmt

; --- LIST, NEW, OLD, RUN ------------------------------------------------------------------------

st_new: jsr do_new
        jmp prompt

do_new: lda TEXTPAGE
        sta PTR1+1
        ldy #0
        sty PTR1
        lda (PTR1),y
        cmp #$FF
        beq @empty
        sta OLDBYTE             ; kept for OLD
@empty: lda #$FF
        sta (PTR1),y
        jmp set_top

st_old: lda TEXTPAGE
        sta PTR1+1
        ldy #0
        sty PTR1
        lda OLDBYTE
        sta (PTR1),y
        jsr set_top
        jmp prompt

st_run: jsr set_top
        lda #0
        sta DOSP
        sta SUBSP
        sta FORSP
        sta ASMMODE
        sta TXTPTR
        lda TEXTPAGE
        sta TXTPTR+1
        jmp run_line

; --- GOTO, GOSUB, RETURN -----------------------------------------------------------------------

; target: the line a GOTO or GOSUB names, a label a-z or a line number; PTR1 = the line.
target: jsr nextc
        cmp #'a'
        bcc @number
        cmp #'z'+1
        bcs @number
        inc TXTOFF
        sta TMP
        lda #0
        sta PTR1
        lda TEXTPAGE
        sta PTR1+1
@line:  ldy #0
        lda (PTR1),y
        bmi @nolabel
        ldy #2
        lda (PTR1),y
        cmp TMP
        beq @found
@skip:  lda (PTR1),y
        iny
        cmp #13
        bne @skip
        tya
        clc
        adc PTR1
        sta PTR1
        bcc @line
        inc PTR1+1
        bne @line
@number:
        jsr expr
        lda ACC
        sta LINENUM
        lda ACC+1
        sta LINENUM+1
        jsr find_line
        bcc @missing
@found: rts
@missing:
        error E_LINE
@nolabel:
        error E_LABEL

st_goto:
        jsr target
goto_ptr1:
        lda PTR1
        sta TXTPTR
        lda PTR1+1
        sta TXTPTR+1
        jmp run_line

st_gosub:
        jsr target
        ldx SUBSP
        cpx #SUB_MAX
        bcc @room
        error E_GOSUBS
@room:  lda TXTPTR
        sta SUB_LO,x
        lda TXTPTR+1
        sta SUB_HI,x
        lda TXTOFF
        sta SUB_OFF,x
        inc SUBSP
        jmp goto_ptr1

st_return:
        ldx SUBSP
        bne @ok
        error E_RETURN
@ok:    dex
        stx SUBSP
        lda SUB_LO,x
        sta TXTPTR
        lda SUB_HI,x
        sta TXTPTR+1
        lda SUB_OFF,x
        sta TXTOFF
        jsr set_curline
        jmp stmt_end

; --- IF ----------------------------------------------------------------------------------------

st_if:  jsr expr
        lda ACC
        ora ACC+1
        ora ACC+2
        ora ACC+3
        bne @true
        jmp st_rem              ; false: the rest of the line is skipped
@true:
        lda #<then_word
        sta PTR2
        lda #>then_word
        sta PTR2+1
        jsr match_kw            ; THEN is optional
        jmp exec_stmt

then_word:
        .text "THE", 'N'+$80
        .word 0
        .byte 0

; --- FOR, NEXT, DO, UNTIL ----------------------------------------------------------------------

st_for: jsr var_index           ; X = the control variable
        bcs @var
        error E_FORS                    ; documented: missing variable in FOR
@var:   txa
        pha
        lda #'='
        jsr expect
        jsr expr
        pla
        tax
        jsr store_var
        ; the same variable already looping: that loop is abandoned
        stx TMP
        ldy FORSP
@find:  dey
        bmi @new
        lda FOR_VAR,y
        cmp TMP
        bne @find
        sty FORSP
@new:   ldy FORSP
        cpy #FOR_MAX
        bcc @room
        error E_FORS
@room:  lda TMP
        sta FOR_VAR,y
        lda #<to_word
        sta PTR2
        lda #>to_word
        sta PTR2+1
        jsr match_kw
        bcs @to
        error E_ITEM
@to:    jsr expr
        ldy FORSP
        lda ACC
        sta FOR_LIM0,y
        lda ACC+1
        sta FOR_LIM1,y
        lda ACC+2
        sta FOR_LIM2,y
        lda ACC+3
        sta FOR_LIM3,y
        lda #<step_word
        sta PTR2
        lda #>step_word
        sta PTR2+1
        jsr match_kw
        bcs @step
        lda #1                  ; no STEP: 1
        jsr set_acc_a           ; (Z set)
        beq @gotstep
@step:  jsr expr
@gotstep:
        ldy FORSP
        lda ACC
        sta FOR_STEP0,y
        lda ACC+1
        sta FOR_STEP1,y
        lda ACC+2
        sta FOR_STEP2,y
        lda ACC+3
        sta FOR_STEP3,y
        lda TXTPTR
        sta FOR_LO,y
        lda TXTPTR+1
        sta FOR_HI,y
        lda TXTOFF
        sta FOR_OFF,y
        inc FORSP
        jmp stmt_end

to_word:
        .text "T", 'O'+$80
        .word 0
        .byte 0
step_word:
        .text "STE", 'P'+$80
        .word 0
        .byte 0

st_next:
        ldy FORSP
        bne @some
@none:  error E_NEXT
@some:  jsr var_index           ; NEXT may name its variable
        bcc @top
        stx TMP
        ldy FORSP
@find:  dey
        bmi @none
        lda FOR_VAR,y
        cmp TMP
        bne @find
        iny
        sty FORSP
@top:   ldy FORSP
        dey
        ldx FOR_VAR,y
        clc                     ; variable += step
        lda VAR0,x
        adc FOR_STEP0,y
        sta VAR0,x
        sta ARG
        lda VAR1,x
        adc FOR_STEP1,y
        sta VAR1,x
        sta ARG+1
        lda VAR2,x
        adc FOR_STEP2,y
        sta VAR2,x
        sta ARG+2
        lda VAR3,x
        adc FOR_STEP3,y
        sta VAR3,x
        sta ARG+3
        lda FOR_LIM0,y          ; compare with the limit
        sta ACC
        lda FOR_LIM1,y
        sta ACC+1
        lda FOR_LIM2,y
        sta ACC+2
        lda FOR_LIM3,y
        sta ACC+3
        jsr compare             ; N set: variable < limit, Z set: equal
        php
        ldy FORSP
        dey
        lda FOR_STEP3,y
        bmi @down
        plp
        beq @again
        bmi @again
        bpl @done
@down:  plp
        beq @again
        bpl @again
@done:  dec FORSP
        jmp stmt_end
@again: lda FOR_LO,y
        sta TXTPTR
        lda FOR_HI,y
        sta TXTPTR+1
        lda FOR_OFF,y
        sta TXTOFF
        jsr set_curline
        jmp stmt_end

; set_curline: CURLINE from the line TXTPTR is in (0 in direct mode).
set_curline:
        ldy #0
        sty CURLINE
        sty CURLINE+1
        lda TXTPTR+1
        cmp #>INBUF
        beq @done
        lda (TXTPTR),y
        sta CURLINE+1
        iny
        lda (TXTPTR),y
        sta CURLINE
@done:  rts

st_do:  ldx DOSP
        cpx #DO_MAX
        bcc @room
        error E_DOS
@room:  lda TXTPTR
        sta DO_LO,x
        lda TXTPTR+1
        sta DO_HI,x
        lda TXTOFF
        sta DO_OFF,x
        inc DOSP
        jmp exec_stmt

st_until:
        ldx DOSP
        bne @ok
        error E_UNTIL
@ok:    jsr expr
        ldx DOSP
        dex
        lda ACC
        ora ACC+1
        ora ACC+2
        ora ACC+3
        beq @again
        stx DOSP
        jmp stmt_end
@again: lda DO_LO,x
        sta TXTPTR
        lda DO_HI,x
        sta TXTPTR+1
        lda DO_OFF,x
        sta TXTOFF
        jsr set_curline
        jmp exec_stmt

; --- assignment --------------------------------------------------------------------------------

; var_index: a simple variable @ or A-Z (not the first letter of an array AA-ZZ) is next: X = its
; index, C set, and it is consumed.  C clear otherwise.
var_index:
        jsr nextc
        cmp #'@'
        bcc @no
        cmp #'Z'+1
        bcs @no
        iny
        cmp (TXTPTR),y          ; a doubled letter is an array
        beq @no
        sty TXTOFF
        sec
        sbc #'@'
        tax
        sec
        rts
@no:    clc
        rts

; store_var: variable X = ACC.
store_var:
        lda ACC
        sta VAR0,x
        lda ACC+1
        sta VAR1,x
        lda ACC+2
        sta VAR2,x
        lda ACC+3
        sta VAR3,x
        rts

assignment:
        jsr nextc
        cmp #'$'
        beq string_assign
        jsr var_index
        bcc @lvalue
        jsr nextc               ; a variable: plain, or the base of ? or ! indirection
        cmp #'?'
        beq @indirect
        cmp #'!'
        beq @indirect
        txa
        pha
        lda #'='
        jsr expect
        jsr expr
        pla
        tax
        jsr store_var
        jmp stmt_end
@indirect:
        jsr fetch_var
        jsr nextc
        jsr address_plus        ; A = '?' or '!', ACC = the address
        jmp @store
@lvalue:
        cmp #'?'
        beq @unary
        cmp #'!'
        beq @unary
        jsr array_element       ; AA-ZZ: a word
        bcs @word
        error E_STATEMENT
@unary: inc TXTOFF
        pha
        jsr factor
        pla
        jmp @store
@word:  lda #'!'
@store: pha                     ; A = '?' or '!'; ACC = the address
        lda ACC
        pha
        lda ACC+1
        pha
        lda #'='
        jsr expect
        jsr expr
        pla
        sta PTR1+1
        pla
        sta PTR1
        pla
        ldy #0
        cmp #'?'
        beq @byte
        ldx #0
@w:     lda ACC,x
        sta (PTR1),y
        iny
        inx
        cpx #4
        bne @w
        jmp stmt_end
@byte:  lda ACC
        sta (PTR1),y
        jmp stmt_end

; $address = "string" or $address = $address: the string is stored with a 13 after it.
string_assign:
        inc TXTOFF
        jsr factor
        lda ACC
        pha
        lda ACC+1
        pha
        lda #'='
        jsr expect
        jsr string_source       ; PTR2 = the string, ended by 13 or '"'
        pla
        sta PTR1+1
        pla
        sta PTR1
        ldy #0
@copy:  lda (PTR2),y
        cmp TMP3
        beq @end
        cmp #13
        beq @end
        sta (PTR1),y
        iny
        bne @copy
@end:   lda #13
        sta (PTR1),y
        jmp stmt_end

; string_source: a "literal" (PTR2 = its first character, TMP3 = '"') or $factor (PTR2 = the
; address, TMP3 = 13).  The literal is consumed.
string_source:
        jsr nextc
        cmp #'"'
        bne @address
        sta TMP3
        iny
        tya
        clc
        adc TXTPTR
        sta PTR2
        lda TXTPTR+1
        adc #0
        sta PTR2+1
@skip:  lda (TXTPTR),y
        iny
        cmp #13
        beq @bad
        cmp #'"'
        bne @skip
        sty TXTOFF
        rts
@bad:   error E_STRINGQ
@address:
        lda #'$'
        jsr expect
        jsr factor
        lda ACC
        sta PTR2
        lda ACC+1
        sta PTR2+1
        lda #13
        sta TMP3
        rts

; --- DIM, LINK, INPUT --------------------------------------------------------------------------

; DIM AAn: a word array of n+1 elements; DIM Xn: X = the address of n+1 free bytes.
st_dim: jsr nextc
        cmp #'A'
        bcc @bad
        cmp #'Z'+1
        bcs @bad
        iny
        cmp (TXTPTR),y
        bne @bytes
        iny
        sty TXTOFF
        sec
        sbc #'A'
        tax
        lda FREEP
        sta ARR_LO,x
        lda FREEP+1
        sta ARR_HI,x
        jsr factor              ; elements - 1
        jsr inc_acc
        asl ACC                 ; four bytes each
        rol ACC+1
        asl ACC
        rol ACC+1
        jmp @claim
@bytes: jsr var_index
        lda FREEP
        sta VAR0,x
        lda FREEP+1
        sta VAR1,x
        lda #0
        sta VAR2,x
        sta VAR3,x
        jsr factor
        jsr inc_acc
@claim: clc
        lda FREEP
        adc ACC
        sta FREEP
        lda FREEP+1
        adc ACC+1
        sta FREEP+1
        jsr nextc
        cmp #','
        bne @end
        inc TXTOFF
        jmp st_dim
@end:   jmp stmt_end
@bad:   error E_DIM

inc_acc:
        inc ACC
        bne @done
        inc ACC+1
        bne @done
        inc ACC+2
        bne @done
        inc ACC+3
@done:  rts

; LINK address: call machine code with A, X and Y from the variables A, X and Y.
st_link:
        jsr expr
        lda ACC
        sta PTR3
        lda ACC+1
        sta PTR3+1
        jsr @call
        jmp stmt_end
@call:  lda VAR0+1              ; A
        ldx VAR0+24             ; X
        ldy VAR0+25             ; Y
        jmp (PTR3)

; INPUT: items are "prompts", variables (a '?', then a line evaluated as an expression) or $addr
; (a '?', then a line of text stored there).
st_input:
        jsr nextc
        cmp #'"'
        bne @var
        jsr print_literal
        jmp @sep
@var:   cmp #'$'
        bne @number
        inc TXTOFF
        jsr factor              ; INPUT $A: the reply is stored at A as a string
        lda #'?'
        jsr outch
        jsr KREADLINE
        bcc @text
        jmp escape
@text:  lda ACC
        sta PTR1
        lda ACC+1
        sta PTR1+1
        ldy #$FF
@copy:  iny
        lda INBUF,y
        sta (PTR1),y
        cmp #13
        bne @copy
        lda #0
        sta COUNTV
        jmp @sep
@number:
        jsr var_index
        bcs @read
        jmp stmt_end
@read:  txa
        pha
        lda #'?'
        jsr outch
        lda TXTPTR              ; keep the place in the program
        pha
        lda TXTPTR+1
        pha
        lda TXTOFF
        pha
        jsr KREADLINE
        lda #0
        sta COUNTV
        bcc @eval
        jmp escape
@eval:  lda #<INBUF
        sta TXTPTR
        lda #>INBUF
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

; --- PRINT -------------------------------------------------------------------------------------

st_print:
        lda #0
        sta HEXFLAG
@item:  jsr nextc
        cmp #13
        beq @newline
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
@newline:
        jsr newline
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

; ---------------------------------------------------------------------------------------------
; Expressions: the value is left in ACC (32 bits).  Operands wait on the 6502 stack.
;   expr   = rel { AND rel | OR rel }
;   rel    = sum [ = <> < > <= >= sum ]  |  string ( = | <> ) string
;   sum    = term { + - | : term }          (: is exclusive or)
;   term   = factor { * / % & factor }

expr:   jsr rel
@more:  lda #<logic_words
        sta PTR2
        lda #>logic_words
        sta PTR2+1
        jsr match_kw
        bcs @op
        rts
@op:    lda PTR3
        pha
        jsr push_acc
        jsr rel
        jsr pull_arg
        jsr truth               ; both sides as 0 / 1
        pla
        bne @or
        lda ACC
        and ARG
        jmp @set
@or:    lda ACC
        ora ARG
@set:   jsr set_acc_a
        jmp @more

logic_words:
        .text "AN", 'D'+$80
        .word 0
        .text "O", 'R'+$80
        .word 1
        .byte 0

; truth: ACC and ARG each become 1 if nonzero, else 0 (ACC+0 and ARG+0 only).
truth:  ldx #ARG
        jsr @one
        ldx #ACC
@one:   lda 0,x
        ora 1,x
        ora 2,x
        ora 3,x
        beq @z
        lda #1
@z:     sta 0,x
        rts

set_acc_a:
        sta ACC
        lda #0
        sta ACC+1
        sta ACC+2
        sta ACC+3
        rts

push_acc:
        pla                     ; the return address goes back on top
        tax
        pla
        tay
        lda ACC+3
        pha
        lda ACC+2
        pha
        lda ACC+1
        pha
        lda ACC
        pha
        tya
        pha
        txa
        pha
        tsx
        cpx #$30
        bcc @deep
        rts
@deep:  error E_ITEM

pull_arg:
        pla
        tax
        pla
        tay
        pla
        sta ARG
        pla
        sta ARG+1
        pla
        sta ARG+2
        pla
        sta ARG+3
        tya
        pha
        txa
        pha
        rts

rel:    jsr nextc
        cmp #'$'
        beq string_rel
        jsr sum
        jsr nextc
        ldx #0                  ; relation bits: 1 <, 2 =, 4 >
@op:    cmp #'<'
        bne @ne
        inx
        bne @next
@ne:    cmp #'='
        bne @gt
        inx
        inx
        bne @next
@gt:    cmp #'>'
        bne @got
        inx
        inx
        inx
        inx
@next:  iny
        lda (TXTPTR),y
        cpx #4                  ; a second character: <= <> >=
        bcs @op
        cpx #1
        beq @op
@got:   txa
        bne @have
        rts
@have:  sty TXTOFF
        pha
        jsr push_acc
        jsr sum
        jsr pull_arg
        jsr compare             ; ARG against ACC: A = 0, 1 or $FF
        ldx #2
        cmp #0
        beq @result             ; equal: X = 2
        ldx #4
        cmp #1
        beq @result             ; greater: X = 4
        ldx #1                  ; less
@result:
        stx TMP
        pla
        and TMP
        beq @false
        lda #1
@false: jsr set_acc_a
        rts

; string_rel: $a = $b or $a <> $b ("literals" too): 1 or 0.
string_rel:
        jsr string_source
        lda PTR2
        pha
        lda PTR2+1
        pha
        lda TMP3
        pha
        jsr nextc
        inc TXTOFF
        ldx #0                  ; '=': X = 0; '<>': X = 1
        cmp #'='
        beq @op
        inx
        lda #'>'
        jsr expect
@op:    txa
        pha
        jsr string_source
        pla
        sta TMP4
        pla
        sta TMP2                ; the first string's end mark
        pla
        sta PTR1+1
        pla
        sta PTR1
        ldy #0
@cmp:   lda (PTR1),y
        cmp TMP2
        beq @end
        cmp #13
        beq @end
        cmp (PTR2),y
        bne @differ
        iny
        bne @cmp
@end:   lda (PTR2),y            ; the first has ended: has the second?
        cmp TMP3
        beq @same
        cmp #13
        beq @same
@differ:
        lda #0
        beq @result
@same:  lda #1
@result:
        eor TMP4
        jmp set_acc_a

; compare: ARG - ACC, signed: Z set when equal, N set when ARG < ACC.  Registers: A, Y.
compare:
        lda ARG
        cmp ACC
        lda ARG+1
        sbc ACC+1
        sta TMP
        lda ARG+2
        sbc ACC+2
        sta TMP2
        lda ARG+3
        sbc ACC+3
        bvc @nov
        eor #$80
@nov:   bmi @less
        ; not less: equal?
        lda ARG
        cmp ACC
        bne @gt
        lda ARG+1
        cmp ACC+1
        bne @gt
        lda ARG+2
        cmp ACC+2
        bne @gt
        lda ARG+3
        cmp ACC+3
        bne @gt
        lda #0                  ; Z set, N clear
        rts
@gt:    lda #1                  ; Z clear, N clear
        rts
@less:  lda #$FF                ; Z clear, N set
        rts

sum:    jsr term
@more:  jsr nextc
        cmp #'+'
        beq @op
        cmp #'-'
        beq @op
        cmp #'|'
        beq @op
        cmp #':'
        beq @op
        rts
@op:    inc TXTOFF
        pha
        jsr push_acc
        jsr term
        jsr pull_arg
        pla
        cmp #'+'
        beq @add
        cmp #'-'
        beq @sub
        ldx #3
        cmp #'|'
        beq @or
@eor:   lda ARG,x
        eor ACC,x
        sta ACC,x
        dex
        bpl @eor
        bmi @more
@or:    lda ARG,x
        ora ACC,x
        sta ACC,x
        dex
        bpl @or
        bmi @more
@add:   clc
        ldx #0
@a:     lda ARG,x
        adc ACC,x
        sta ACC,x
        inx
        txa
        eor #4
        bne @a
        beq @more
@sub:   sec
        ldx #0
@s:     lda ARG,x
        sbc ACC,x
        sta ACC,x
        inx
        txa
        eor #4
        bne @s
        beq @more

term:   jsr factor
@more:  jsr nextc
        cmp #'*'
        beq @op
        cmp #'/'
        beq @op
        cmp #'%'
        beq @op
        cmp #'&'
        beq @op
        rts
@op:    inc TXTOFF
        pha
        jsr push_acc
        jsr factor
        jsr pull_arg
        pla
        cmp #'*'
        beq @mul
        cmp #'&'
        beq @and
        pha
        jsr divide              ; ACC = quotient, WORK = remainder
        pla
        cmp #'/'
        beq @more
        ldx #3
@rem:   lda WORK,x
        sta ACC,x
        dex
        bpl @rem
        bmi @more
@and:   ldx #3
@an:    lda ARG,x
        and ACC,x
        sta ACC,x
        dex
        bpl @an
        bmi @more
@mul:   jsr multiply
        jmp @more

; multiply: ACC = ARG * ACC (the low 32 bits).
multiply:
        ldx #3
@copy:  lda ACC,x
        sta WORK,x
        lda #0
        sta ACC,x
        dex
        bpl @copy
        ldy #32
@bit:   lsr WORK+3
        ror WORK+2
        ror WORK+1
        ror WORK
        bcc @shift
        clc
        ldx #0
@add:   lda ACC,x
        adc ARG,x
        sta ACC,x
        inx
        txa
        eor #4
        bne @add
@shift: asl ARG
        rol ARG+1
        rol ARG+2
        rol ARG+3
        dey
        bne @bit
        rts

; divide: ACC = ARG / ACC, WORK = ARG % ACC; truncated toward zero, the remainder has the
; sign of ARG.
divide: lda ACC
        ora ACC+1
        ora ACC+2
        ora ACC+3
        bne @ok
        error E_DIVIDE
@ok:    lda ARG+3
        sta TMP3                ; remainder's sign
        eor ACC+3
        sta TMP4                ; quotient's sign
        lda ACC+3
        bpl @pos
        jsr negate
@pos:   lda ARG+3
        bpl @pos2
        jsr negate_arg
@pos2:  ldx #3
        lda #0
@z:     sta WORK,x
        dex
        bpl @z
        ldy #32
@bit:   asl ARG
        rol ARG+1
        rol ARG+2
        rol ARG+3
        rol WORK
        rol WORK+1
        rol WORK+2
        rol WORK+3
        sec
        lda WORK
        sbc ACC
        pha
        lda WORK+1
        sbc ACC+1
        pha
        lda WORK+2
        sbc ACC+2
        pha
        lda WORK+3
        sbc ACC+3
        bcc @no
        sta WORK+3
        pla
        sta WORK+2
        pla
        sta WORK+1
        pla
        sta WORK
        inc ARG
        bne @next               ; (bit 0 was clear after the shift)
@no:    pla
        pla
        pla
@next:  dey
        bne @bit
        ldx #3
@q:     lda ARG,x
        sta ACC,x
        dex
        bpl @q
        lda TMP4
        bpl @qs
        jsr negate
@qs:    lda TMP3
        bpl @done
        sec
        ldx #0
@nr:    lda #0
        sbc WORK,x
        sta WORK,x
        inx
        txa
        eor #4
        bne @nr
@done:  rts

negate: sec
        ldx #0
@n:     lda #0
        sbc ACC,x
        sta ACC,x
        inx
        txa
        eor #4
        bne @n
        rts

negate_arg:
        sec
        ldx #0
@n:     lda #0
        sbc ARG,x
        sta ARG,x
        inx
        txa
        eor #4
        bne @n
        rts

; factor: a number, variable, array element, function, ( expr ), - factor, ? factor, ! factor;
; a variable, number or bracket may be followed by ?factor or !factor (indirection at an offset).
factor: jsr nextc
        cmp #'-'
        bne @notneg
        inc TXTOFF
        jsr factor
        jmp negate
@notneg:
        cmp #'+'
        bne @notplus
        inc TXTOFF
        jmp factor
@notplus:
        cmp #'?'
        beq @unary
        cmp #'!'
        bne @primary
@unary: inc TXTOFF
        pha
        jsr factor
        pla
        jmp fetch_indirect
@primary:
        jsr primary
        jsr nextc               ; binary indirection: base?offset, base!offset
        cmp #'?'
        beq @binary
        cmp #'!'
        beq @binary
        rts
@binary:
        jsr address_plus
        jmp fetch_indirect

; address_plus: A = '?' or '!' (next in the text); ACC = ACC + the factor after it.
; A is kept.
address_plus:
        inc TXTOFF
        pha
        jsr push_acc
        jsr factor
        jsr pull_arg
        clc
        ldx #0
@a:     lda ARG,x
        adc ACC,x
        sta ACC,x
        inx
        txa
        eor #4
        bne @a
        pla
        rts

; fetch_indirect: ACC = the byte ('?') or word ('!') at the address in ACC.
fetch_indirect:
        ldx ACC
        stx PTR1
        ldx ACC+1
        stx PTR1+1
        ldy #0
        cmp #'?'
        bne @word
        lda (PTR1),y
        jmp set_acc_a
@word:  lda (PTR1),y
        sta ACC,y
        iny
        cpy #4
        bne @word
        rts

primary:
        cmp #'('
        bne @notbr
        inc TXTOFF
        jsr expr
        lda #')'
        jmp expect
@notbr: cmp #'#'
        bne @nothex
        inc TXTOFF
        jmp read_hex
@nothex:
        cmp #'0'
        bcc @name
        cmp #'9'+1
        bcs @name
        jmp read_decimal
@name:  lda #<functions
        sta PTR2
        lda #>functions
        sta PTR2+1
        jsr match_kw
        bcs @go
        jsr KFN                 ; the kernel's functions (files)
        bcc @var
@go:    jmp (PTR3)
@var:   jsr var_index
        bcc @array
        jmp fetch_var
@array: jsr array_element
        bcs @elem
        error E_SYNTAX
@elem:  lda #'!'
        jmp fetch_indirect

; fetch_var: ACC = variable X.
fetch_var:
        lda VAR0,x
        sta ACC
        lda VAR1,x
        sta ACC+1
        lda VAR2,x
        sta ACC+2
        lda VAR3,x
        sta ACC+3
        rts

; array_element: AA-ZZ followed by a subscript factor: C set, ACC = the element's address.
array_element:
        jsr nextc
        cmp #'A'
        bcc @no
        cmp #'Z'+1
        bcs @no
        iny
        cmp (TXTPTR),y
        bne @no
        iny
        sty TXTOFF
        sec
        sbc #'A'
        pha
        jsr factor              ; the subscript
        lda ACC+1               ; no sizes are kept: a subscript that is negative or too big
        and #$C0                ; to address (16384 or more) is out of range
        ora ACC+2
        ora ACC+3
        bne @range
        asl ACC
        rol ACC+1
        asl ACC
        rol ACC+1
        pla
        tax
        clc
        lda ACC
        adc ARR_LO,x
        sta ACC
        lda ACC+1
        adc ARR_HI,x
        sta ACC+1
        lda #0
        sta ACC+2
        sta ACC+3
        sec
        rts
@no:    clc
        rts
@range: error E_SUBSCRIPT

; read_decimal: ACC = the decimal number at the text (consumed).
read_decimal:
        lda #0
        jsr set_acc_a
@digit: ldy TXTOFF
        lda (TXTPTR),y
        sec
        sbc #'0'
        cmp #10
        bcs @done
        inc TXTOFF
        pha
        jsr times10
        pla
        clc
        adc ACC
        sta ACC
        bcc @digit
        inc ACC+1
        bne @digit
        inc ACC+2
        bne @digit
        inc ACC+3
        jmp @digit
@done:  rts

; times10: ACC = ACC * 10, as (ACC * 4 + ACC) * 2.  The copy is unrolled and the add counts X
; up from #FC (zero page,X wraps within page zero): every number in the text comes through here.
times10:
        lda ACC
        sta ARG
        lda ACC+1
        sta ARG+1
        lda ACC+2
        sta ARG+2
        lda ACC+3
        sta ARG+3
        jsr shl_acc
        jsr shl_acc
        clc
        ldx #$FC
@a:     lda ACC+4,x
        adc ARG+4,x
        sta ACC+4,x
        inx
        bne @a
shl_acc:
        asl ACC
        rol ACC+1
        rol ACC+2
        rol ACC+3
        rts

; read_hex: ACC = the hexadecimal number at the text (after '#').
read_hex:
        lda #0
        jsr set_acc_a
@digit: ldy TXTOFF
        lda (TXTPTR),y
        sec
        sbc #'0'
        cmp #10
        bcc @have
        sbc #'A'-'0'-10
        cmp #10
        bcc @done
        cmp #16
        bcs @done
@have:  inc TXTOFF
        ldx #4
@sh:    jsr shl_acc
        dex
        bne @sh
        ora ACC
        sta ACC
        jmp @digit
@done:  rts

functions:
        .text "AB", 'S'+$80
        .word fn_abs
        .text "RN", 'D'+$80
        .word fn_rnd
        .text "C", 'H'+$80
        .word fn_ch
        .text "COUN", 'T'+$80
        .word fn_count
        .text "TO", 'P'+$80
        .word fn_top
        .text "LE", 'N'+$80
        .word fn_len
        .byte 0

fn_abs: jsr factor
        lda ACC+3
        bpl @done
        jmp negate
@done:  rts

; RND: a 32-bit pseudo-random number.  The seed at $08-$0B steps as seed * 1664525 + 1013904223
; (a full-period linear congruential generator; our own sequence, not Acorn's), and the result is
; the seed with its halves swapped, so the low bits programs take with % come from the seed's
; better-mixed high bits.
fn_rnd: ldx #3
@c:     lda SEED,x
        sta ARG,x
        lda rnd_mul,x
        sta ACC,x
        dex
        bpl @c
        jsr multiply
        clc
        ldx #0
@a:     lda ACC,x
        adc rnd_add,x
        sta SEED,x
        inx
        txa
        eor #4
        bne @a
        lda SEED+2
        sta ACC
        lda SEED+3
        sta ACC+1
        lda SEED
        sta ACC+2
        lda SEED+1
        sta ACC+3
        rts
rnd_mul: .byte $0D, $66, $19, $00       ; 1664525
rnd_add: .byte $5F, $F3, $6E, $3C       ; 1013904223

fn_ch:  jsr string_source
        ldy #0
        lda (PTR2),y
        jmp set_acc_a

fn_count:
        lda COUNTV
        jmp set_acc_a

fn_top: lda TOPV
        ldx TOPV+1
        ; fall into acc_ax

; acc_ax: ACC = X * 256 + A.
acc_ax: sta ACC
        stx ACC+1
        lda #0
        sta ACC+2
        sta ACC+3
        rts

fn_len: jsr factor
        lda ACC
        sta PTR2
        lda ACC+1
        sta PTR2+1
        ldy #0
@c:     lda (PTR2),y
        cmp #13
        beq @done
        iny
        bne @c
@done:  tya
        jmp set_acc_a
