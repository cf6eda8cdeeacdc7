; Statements: the dispatch loop and the statement table; ASM, *, REM, NEW, OLD, RUN.

; Statements

; ESCAPE: back to the prompt with no error report (the documented table has no number for it)
escape: jmp prompt

asm_next:
        jsr UASM                ; between [ and ]: assembly (the utility ROM's assembler)
        jmp stmt_end

; stmt_end: after a statement only ';' or the end of the line may follow.
stmt_end:
        jsr nextc
        cmp #';'
        beq exec_char
        cmp #13
        beq exec_char
        error E_STATEMENT

; --- At Acorn's addresses (atom.inc) -----------------------------------------------------------
; The code from here to exec_stmt fills the room between them; the code before must end short of
; #C278 (the assembler says when it does not).

        at BASIC_SHUT           ; SHTV by default: OSSHUT with no filing system to shut does nothing
        rts

do_new: jsr text_start         ; the text: 13, then the end mark where the first line was
        ldy #0
        lda (PTR1),y
        cmp #$FF
        beq @empty
        sta OLDBYTE             ; kept for OLD
@empty: lda #$FF
        sta (PTR1),y
        dec PTR1
        lda #13
        sta (PTR1),y
        jmp set_top

st_old: jsr text_start
        ldy #0
        lda OLDBYTE
        sta (PTR1),y
        jsr set_top
        jmp prompt

st_asm: lda #1                  ; '[': what follows it is the first statement of assembly
        sta ASMMODE
        jmp asm_next

        at BASIC_NO_POINTER     ; RDRV and STRV by default: PTR and EXT without the card
        error E_ITEM

; A program SAVEd from BASIC is recorded with this execution address (#C2B2, as Acorn's BASIC
; records it), so *RUN of it loads it and then starts here: NEW and the prompt, as on Acorn's
; (found by running it there: the program loaded is gone, OLD brings it back, variables stay).
        at BASIC_RUN
st_new: jsr do_new
        jmp prompt

exec_stmt:
        jsr nextc
exec_char:                      ; (A = the character at the text, as nextc leaves it)
        cmp #';'
        bne @notsemi
        inc TXTOFF
        jsr KESCAPE             ; ESCAPE is looked at on every statement terminator
        bcs escape
        lda ASMMODE             ; between [ and ] the statement after ';' is assembled and
        bne asm_next            ; listed even when it is empty, as Acorn's
        jmp exec_stmt
@notsemi:
        cmp #13
        bne @stmt
        jsr KESCAPE
        bcs escape
        jmp next_line
@stmt:  ldx ASMMODE
        bne asm_next
        sec                     ; only capitals start statements (looked at first: speed)
        sbc #'A'
        cmp #26
        bcc @words
        cmp #'['-'A'
        bne @star
        inc TXTOFF
        jmp st_asm
@star:  cmp #<('*'-'A')
        bne @assign
        jmp USTAR               ; (the utility ROM)
@words: tax
        iny                     ; (speed) no statement is one letter or starts with a doubled
        lda (TXTPTR),y          ; one: A=1, K=K+1 and MM(L)=A go straight to the assignment
        cmp #'.'
        beq @word
        cmp #'A'
        bcc @assign
        cmp #'Z'+1
        bcs @assign
        dey
        cmp (TXTPTR),y
        beq @assign
@word:  lda stmt_index,x
        cpx #'L'-'A'            ; in a program LIST is no statement (as on Acorn's): L. and LI.
        bne @index              ; are LINK there
        ldy TXTPTR+1
        cpy #>INBUF
        beq @index
        lda #stmt_link-statements
@index: tax                     ; X: the entry in statements (the table is under 256 bytes)
@entry: ldy TXTOFF              ; (speed: matched here with the table indexed directly)
        lda statements,x
        beq @none
        cmp (TXTPTR),y
        bne @none               ; past this letter's statements
@char:  inx
        iny
        lda statements,x        ; bit 7: the keyword's last character
        bmi @last
        cmp (TXTPTR),y
        beq @char
        bne @differ
@last:  and #$7F
        cmp (TXTPTR),y
        bne @differ
        iny
        sty TXTOFF
@go:    lda statements+1,x
        sta PTR3
        lda statements+2,x
        sta PTR3+1
        jmp (PTR3)
@differ:
        lda (TXTPTR),y          ; a '.' shortens the keyword
        cmp #'.'
        bne @skip
        iny
        sty TXTOFF
@toend: lda statements,x
        bmi @go
        inx
        bne @toend
@skip:  lda statements,x        ; on to the next entry
        bmi @next
        inx
        bne @skip
@next:  inx
        inx
        inx
        bne @entry
@none:  jsr KSTMT               ; the kernel's statements (files)
        bcc @assign
        jmp (PTR3)
@assign:
        jmp float_stmt          ; the floating-point statements (fbasic.s), else assignment


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
        bmi off_end
        sta CURLINE+1
        iny
        lda (TXTPTR),y
        sta CURLINE
line_body:
        ldy #2
        lda (TXTPTR),y          ; a label a-z after the line number
        cmp #'a'
        bcc @nolabel
        cmp #'z'+1
        bcs @nolabel
        iny
@nolabel:
        sty TXTOFF
        jmp exec_stmt
off_end:
        error E_STATEMENT       ; off the end of the program without END (Acorn's ERROR 94)

; resume_line: run the line at TXTPTR, the line number left as it is (RETURN).
resume_line:
        ldy #0
        lda (TXTPTR),y
        bpl line_body
        bmi off_end

end_stmt:
        jmp prompt

statements:        ; grouped by first letter (the order within a letter decides what an
                   ; abbreviation with '.' means); stmt_index finds each letter's group
stmt_c:
        .text "CLEA", 'R'+$80
        .word KCLEAR
        .text "COLOU", 'R'+$80
        .word UCOLOUR           ; (the floating point's: the utility ROM)
stmt_d:
        .text "D", 'O'+$80
        .word st_do
        .text "DI", 'M'+$80
        .word UDIM
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
stmt_link:
        .text "LIN", 'K'+$80
        .word ULINK
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

st_rem: ldy TXTOFF
@skip:  lda (TXTPTR),y
        cmp #13
        beq @end
        iny
        bne @skip
@end:   sty TXTOFF
        jmp exec_stmt

; --- RUN (NEW and OLD: above) ------------------------------------------------------------------------

st_run: jsr set_top
        lda #0
        sta DOSP
        sta SUBSP
        sta FORSP
        sta ASMMODE
        jsr text_start
        lda PTR1
        sta TXTPTR
        lda PTR1+1
        sta TXTPTR+1
        jmp run_line

