; Factors: numbers, variables, array elements, ? and ! indirection, decimal and hex numbers.

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
        jsr add_arg
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
        jsr cond                ; a bracket holds a condition (A=(B=C) gives 1 or 0)
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
@name:  jmp float_factor        ; %factor, fixed (fbasic.s); a plain variable straight to @int
@funcs: lda #<functions
        sta PTR2
        lda #>functions
        sta PTR2+1
        jsr match_kw
        bcs @go
        jsr KFN                 ; the kernel's functions (files)
        bcc @var
@go:    jmp (PTR3)
@var:   jmp float_name          ; a real function, fixed (fbasic.s), else:
@int:   jsr var_index
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
        jsr factor              ; the subscript: no sizes are kept and, as on Acorn's, only one
        lda ACC+2               ; outside 0-65535 is refused (the element is at base + 4 *
        ora ACC+3               ; subscript, in 16 bits)
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

; read_decimal: ACC = the decimal number at the text (consumed).  Speed: below 6400 the number
; is built in 16 bits (ACC * 8 + ACC * 2 + digit); a longer one goes on in 32 bits (times10).
read_decimal:
        lda #0
        jsr set_acc_a
        ldy TXTOFF
@short: lda (TXTPTR),y
        sec
        sbc #'0'
        cmp #10
        bcs @end
        ldx ACC+1
        cpx #$19                ; 6400 or more: ten times might not fit 16 bits
        bcs @long
        iny
        sta TMP                 ; the digit
        lda ACC                 ; ARG = ACC * 2
        asl a
        sta ARG
        lda ACC+1
        rol a
        sta ARG+1
        lda ARG                 ; ACC = ACC * 8
        asl a
        sta ACC
        lda ARG+1
        rol a
        asl ACC
        rol a
        sta ACC+1
        lda ACC                 ; + ACC * 2 (C clear: below 51200)
        adc ARG
        sta ACC
        lda ACC+1
        adc ARG+1
        sta ACC+1
        lda ACC                 ; + the digit (below 64010)
        adc TMP
        sta ACC
        bcc @short
        inc ACC+1
        bne @short
@end:   sty TXTOFF
        rts
@long:  sty TXTOFF
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

