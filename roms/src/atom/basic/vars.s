; Assignment to variables, array elements, indirection and strings ($); DIM and LINK.

; --- assignment --------------------------------------------------------------------------------

; var_index: a simple variable @ or A-Z is next: X = its index, C set, and it is consumed.  C
; clear otherwise.  As Acorn's, a letter right after it makes it no variable: AA-ZZ are arrays,
; and AB or AND is not A.
var_index:
        jsr nextc
        cmp #'@'
        bcc @no
        cmp #'Z'+1
        bcs @no
        sbc #'@'-1              ; C clear: A - '@'
        tax
        iny
        lda (TXTPTR),y
        cmp #'A'
        bcc @yes
        cmp #'Z'+1
        bcc @no
@yes:   sty TXTOFF
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

; $address = "string" or $address = $address: the string is stored with a 13 after it.  Both
; addresses are expressions ($A+LEN(A)=$B, $B=$A+2) and "" in a literal stores one ", as Acorn's.
string_assign:
        inc TXTOFF
        jsr expr
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
        ldy #0                  ; Y: the source's index; PTR1 moves on with each byte stored
@copy:  lda (PTR2),y
        cmp #13
        beq @end
        cmp TMP3
        bne @put                ; (equal: the closing " of a literal, or "" for one ")
        iny
        lda (PTR2),y
        cmp #'"'
        bne @end
@put:   sty TMP4
        ldy #0
        sta (PTR1),y
        inc PTR1
        bne @next
        inc PTR1+1
@next:  ldy TMP4
        iny
        bne @copy
@end:   lda #13
        ldy #0
        sta (PTR1),y
        jmp stmt_end

; string_source: a "literal" (PTR2 = its first character, TMP3 = '"') or $expr (PTR2 = the
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
        lda (TXTPTR),y          ; "" stands for one " and does not end it
        cmp #'"'
        bne @end
        iny
        bne @skip
@end:   sty TXTOFF
        rts
@bad:   error E_STRINGQ
@address:
        lda #'$'
        jsr expect
        jsr expr
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
        lda FREEP               ; as Acorn's, only the variable's low two bytes are set: the
        sta VAR0,x              ; others keep what they held
        lda FREEP+1
        sta VAR1,x
        jsr factor
        jsr inc_acc
@claim: clc                     ; PTR1 = the new end of the DIM space; its last byte must be RAM
        lda FREEP               ; below the screen (ERROR 30, as Acorn's)
        adc ACC
        sta PTR1
        sta FREEP
        lda FREEP+1
        adc ACC+1
        sta PTR1+1
        sta FREEP+1
        lda PTR1
        bne @low
        dec PTR1+1
@low:   dec PTR1
        lda PTR1+1
        bmi @full
        ldy #0
        lda (PTR1),y
        eor #$FF
        sta (PTR1),y
        cmp (PTR1),y
        php
        eor #$FF
        sta (PTR1),y
        plp
        bne @full
        jsr nextc
        cmp #','
        bne @end
        inc TXTOFF
        jmp st_dim
@end:   jmp stmt_end
@bad:   error E_DIM
@full:  error E_DIMRAM

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

