; The floating-point extension's BASIC: real expressions, %@-%Z and the arrays %AA-%ZZ, the
; statements FPRINT, FINPUT, FIF, FUNTIL, FDIM, FPUT and STR, and the hooks BASIC calls (a
; statement it does not know, a factor it does not know), as "Atomic Theory and Practice" ch. 22
; documents them; Acorn's float ROM, run as an oracle, answered the rest (no new line after
; FPRINT; the typed reply of FINPUT is left at #140; the errors' numbers).

FRET        = $51               ; fpush, fpull_arg: the return address's high byte

; --- the hooks ---------------------------------------------------------------------------------

; float_stmt: BASIC's statement dispatch found no statement of its own: a %variable assignment,
; one of ours, or else BASIC's assignment.
float_stmt:
        ldy TXTOFF              ; (BASIC's search has skipped the spaces)
        lda (TXTPTR),y
        cmp #'%'
        beq st_fassign
        cmp #'F'                ; only these letters start our statements: the others go straight
        beq @ours               ; to the assignment
        cmp #'S'
        bne @int
@ours:  lda #<fstatements
        sta PTR2
        lda #>fstatements
        sta PTR2+1
        jsr match_kw
        bcc @int
        jmp (PTR3)
@int:   jmp assignment

fstatements:
        .text "FPRIN", 'T'+$80
        .word st_fprint
        .text "FINPU", 'T'+$80
        .word st_finput
        .text "FI", 'F'+$80
        .word st_fif
        .text "FUNTI", 'L'+$80
        .word st_funtil
        .text "FDI", 'M'+$80
        .word UFDIM
        .text "FPU", 'T'+$80
        .word UFPUT
        .text "ST", 'R'+$80
        .word USTR
        .byte 0

; %v = real expression
st_fassign:
        jsr fvar_addr
        lda FPTR2
        pha
        lda FPTR2+1
        pha
        jsr nextc
        cmp #'='
        beq @value
        error E_ITEM            ; (Acorn's 174 for a real with no '=')
@value: inc TXTOFF
        jsr fsum
        pla
        sta FPTR+1
        pla
        sta FPTR
        jsr pack
        jmp stmt_end

; float_factor: BASIC's factor met a name (or a '%'): a %factor (%A, %AA(n), %(expression)) is
; evaluated and fixed to an integer in ACC; a name that cannot be a function (its second character
; is no letter and no '.') goes straight to BASIC's variables, the rest to BASIC's functions.
float_factor:
        ldy TXTOFF              ; (BASIC's search has skipped the spaces)
        iny
        lda (TXTPTR),y          ; the second character (speed: every variable comes this way)
        cmp #'@'
        bcs @letter
        cmp #'.'
        beq @funcs
        cmp #'('
        bne @var
        dey                     ; %(expression)
        lda (TXTPTR),y
        cmp #'%'
        bne @var
        iny
        sty TXTOFF
        jsr ffactor             ; ( expression )
        jmp ffix
@letter:
        dey
        lda (TXTPTR),y
        cmp #'%'
        bne @funcs
        jsr fvar_value          ; %A, %AA(n)
        jmp ffix
@funcs: jmp primary@funcs
@var:   jmp primary@int

; float_name: a name BASIC's functions do not know: a real function is evaluated and fixed (PRINT
; SQR(10) gives 3); else BASIC's variables.
float_name:
        jsr ffunction
        bcc @no
        jmp ffix
@no:    jmp primary@int

; --- expressions ---------------------------------------------------------------------------------

; fpush: FAC onto the 6502 stack (8 bytes, under the caller's return address).
fpush:  pla
        tay
        pla
        sta FRET
        ldx #7
@p:     lda FSGN,x
        pha
        dex
        bpl @p
        lda FRET
        pha
        tya
        pha
        jmp stack_check         ; (expr.s: ERROR 174 when the stack runs low)

; fpull_arg: ARG = the real fpush put on the stack.
fpull_arg:
        pla
        tay
        pla
        sta FRET
        ldx #0
@p:     pla
        sta ASGN,x
        inx
        cpx #8
        bne @p
        lda FRET
        pha
        tya
        pha
        rts

; frel: a real relation (or a real expression alone: true when not 0); ACC = 1 or 0.
frel:   jsr fsum
        jsr rel_op
        bne @have
        lda FEXP
        beq @false
        lda #1
@false: jmp set_acc_a
@have:  pha
        jsr fpush
        jsr fsum
        jsr fpull_arg
        jsr fcmp
        tay
        pla
        sta TMP
        tya
        jmp rel_truth

; fsum: FAC = the real expression at the text: terms with + and -.
fsum:   jsr fterm
@more:  jsr nextc
        cmp #'+'
        beq @op
        cmp #'-'
        beq @op
        rts
@op:    inc TXTOFF
        pha
        jsr fpush
        jsr fterm
        jsr fpull_arg
        pla
        cmp #'+'
        beq @add
        jsr fneg                ; (fsub)
@add:   jsr fadd
        jmp @more

; fterm: powers with * and /.
fterm:  jsr fpower
@more:  jsr nextc
        cmp #'*'
        beq @op
        cmp #'/'
        beq @op
        rts
@op:    inc TXTOFF
        pha
        jsr fpush
        jsr fpower
        jsr fpull_arg
        pla
        cmp #'*'
        beq @mul
        jsr fdiv
        jmp @more
@mul:   jsr fmul
        jmp @more

; fpower: factors with ^ (left to right; a^b = EXP(b * LOG a), so a must be above 0).  As
; Acorn's: its a^b is the five bytes of its own EXP(b*LOG(a)) (all of ten tried), so the product
; is b times LOG a (b the multiplicand) rounded to a real before EXP (500 random x^x: 230 five-byte
; equal to Acorn's, 400 printed alike; 148 and 387 before).
fpower: jsr ffactor
@more:  jsr nextc
        cmp #'^'
        beq @op
        rts
@op:    inc TXTOFF
        jsr flog                ; LOG a (ERROR 191 for a <= 0 before b is read)
        jsr fpush
        jsr ffactor             ; b
        jsr fpull_arg
        jsr fswap
        jsr fmul
        ldx #0
        jsr fround
        jsr fexp
        jmp @more

; ffactor: a real factor: - or + factor, ( expression ), a number, %variable, %array element, a
; real function, or an integer factor of BASIC's, floated.
ffactor:
        jsr nextc
        cmp #'-'
        bne @notneg
        inc TXTOFF
        jsr ffactor
        jmp fneg
@notneg:
        cmp #'+'
        bne @notplus
        inc TXTOFF
        jmp ffactor
@notplus:
        cmp #'('
        bne @notbr
        inc TXTOFF
        jsr fsum
        lda #')'
        jmp expect
@notbr: cmp #'%'
        beq fvar_value
        cmp #'.'
        beq @number
        cmp #'0'
        bcc @int
        cmp #'9'+1
        bcs @name
@number:
        jmp fread
@name:  jsr ffunction
        bcc @int
        rts
@int:   jsr nextc               ; an integer factor without the binary indirection BASIC's factor
        cmp #'?'                ; would take after it (A?0 is A, then ?0; !S?0 is !S, then ?0:
        beq @ind                ; Acorn's reading)
        cmp #'!'
        beq @ind
        jsr primary
        jmp fflt
@ind:   inc TXTOFF
        pha
        jsr nextc
        jsr primary
        pla
        jsr fetch_indirect
        jmp fflt

; ffunction: a real function named at the text: C set and FAC its value; C clear when none.
ffunction:
        lda #<ffunctions
        sta PTR2
        lda #>ffunctions
        sta PTR2+1
        jsr match_kw
        bcc @none
        jsr @call
        sec
@none:  rts
@call:  jmp (PTR3)

; fvar_value: FAC = the %variable or %array element at the text.
fvar_value:
        jsr fvar_addr
        lda FPTR2
        ldy FPTR2+1
        jmp load_ay

; fname: the name of a real or real array at the text, from its '%': A = 0 for @, 1-26 for A-Z,
; C set for an array (a doubled letter); consumed.
fname:  inc TXTOFF
        ldy TXTOFF
        lda (TXTPTR),y
        sec
        sbc #'@'
        cmp #27
        bcs @bad
        sta FT1
        iny
        lda (TXTPTR),y
        sec
        sbc #'@'
        cmp FT1
        clc
        bne @simple
        iny
        sec
@simple:
        sty TXTOFF
        lda FT1
        rts
@bad:   error E_STATEMENT

; fvar_addr: FPTR2 = the address of the %variable (%@, %A-%Z) or array element (%AA(n)) at the
; text, from its '%'.
fvar_addr:
        jsr fname
        bcs @array
        asl a                   ; FVARS + 5n
        asl a
        adc FT1
        adc #<FVARS
        sta FPTR2
        lda #>FVARS
        adc #0
        sta FPTR2+1
        rts
@array: pha
        jsr factor              ; the subscript
        jsr times5              ; base + 5n
        pla
        tax
        clc
        lda ACC
        adc FARR_LO,x
        sta FPTR2
        lda ACC+1
        adc FARR_HI,x
        sta FPTR2+1
        rts

; times5: ACC = ACC * 5 (16 bits).
times5: lda ACC
        sta PTR1
        lda ACC+1
        sta PTR1+1
        asl ACC
        rol ACC+1
        asl ACC
        rol ACC+1
        clc
        lda ACC
        adc PTR1
        sta ACC
        lda ACC+1
        adc PTR1+1
        sta ACC+1
        rts

; --- statements ----------------------------------------------------------------------------------

; FPRINT: "strings", ' (new line), commas, and real expressions, each right-justified in a field
; of @ characters.  No new line at the end (Acorn's own behaviour).
st_fprint:
@item:  jsr nextc
        cmp #13
        beq @end
        cmp #';'
        beq @end
        cmp #'"'
        bne @notstr
        jsr print_literal
        jmp @item
@notstr:
        cmp #$27
        bne @notnl
        jsr newline
        lda #','                ; then as a comma: past it
@notnl: cmp #','
        bne @number
        inc TXTOFF
        bne @item               ; (always: the text's offset is not 0 here)
@number:
        jsr fsum
        jsr fprint_fac
        jmp @item
@end:   jmp exec_stmt

; fprint_fac: FAC in Acorn's form, right-justified in a field of @ characters.
fprint_fac:
        jsr fstr
        lda FLEN
        sta FT1
@pad:   lda FLEN
        cmp VAR0
        bcs @text
        lda #' '
        jsr outch
        inc FLEN
        bne @pad
@text:  ldx #0
@out:   cpx FT1
        beq @done
        lda FTEXT,x
        stx FT2
        jsr outch
        ldx FT2
        inx
        bne @out
@done:  rts

; FINPUT: "prompts" and %variables; for each a '?', then a line read and evaluated as a real
; expression.  The reply is also left at #140 (STRBUF), as Acorn's ROM leaves it.
st_finput:
@item:  jsr nextc
        cmp #'"'
        bne @var
        jsr print_literal
        jmp @sep
@var:   cmp #'%'
        beq @read
        jmp stmt_end
@read:  jsr fvar_addr
        lda FPTR2
        pha
        lda FPTR2+1
        pha
        lda #'?'
        jsr outch
        jsr KREADLINE
        lda #0
        sta COUNTV
        bcc @eval
        jmp escape
@eval:  ldy #$FF
@copy:  iny
        lda INBUF,y
        sta STRBUF,y
        cmp #13
        bne @copy
        lda #<INBUF
        ldy #>INBUF
        jsr fsum_at
        pla
        sta FPTR+1
        pla
        sta FPTR
        jsr pack
@sep:   jsr nextc
        cmp #','
        bne @item
        inc TXTOFF
        bne @item               ; (always)

; fsum_at: FAC = the real expression in the text at A (low), Y (high), read from its start; the
; program's own place in its text is kept (FINPUT's reply).  ffactor_at: a real factor only (VAL's
; string: VAL "1+2" is 1 on Acorn's ROMs).
ffactor_at:
        sec
        .byte $24               ; (BIT zp: skips the CLC)
fsum_at:
        clc
        tax
        lda TXTPTR
        pha
        lda TXTPTR+1
        pha
        lda TXTOFF
        pha
        stx TXTPTR
        sty TXTPTR+1
        lda #0
        sta TXTOFF
        bcs @factor
        jsr fsum
        jmp @back
@factor:
        jsr ffactor
@back:  pla
        sta TXTOFF
        pla
        sta TXTPTR+1
        pla
        sta TXTPTR
        rts

; FIF relation [THEN] statement
st_fif: jsr frel
        lda ACC
        bne @true
        jmp st_rem
@true:  jmp st_if@true

; FUNTIL relation: the DO loop's end, as UNTIL.
st_funtil:
        ldx DOSP
        bne @ok
        error E_FUNTIL
@ok:    jsr frel
        ldx DOSP
        dex
        lda ACC
        bne @leave
        jmp st_until@again
@leave: stx DOSP
        jmp stmt_end

; FDIM, FPUT, FGET and STR are in the utility ROM, for room (utility/float.s).
