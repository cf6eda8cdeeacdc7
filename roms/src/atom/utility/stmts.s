; BASIC's statements DIM, LINK and *command and the function RND, kept in the utility ROM for
; room; reached through its jump block, they use BASIC's through #C000.

; DIM AAn: a word array of n+1 elements; DIM Xn: X = the address of n+1 free bytes.  Not in
; direct mode: ERROR 216 there, as Acorn's gives (found by running it).
st_dim: lda CURLINE
        ora CURLINE+1
        beq @bad
@one:   jsr B_NEXTC
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
        jsr B_FACTOR            ; elements - 1
        jsr B_INCACC
        asl ACC                 ; four bytes each
        rol ACC+1
        asl ACC
        rol ACC+1
        jmp @claim
@bytes: jsr B_VARINDEX
        lda FREEP               ; as Acorn's, only the variable's low two bytes are set: the
        sta VAR0,x              ; others keep what they held
        lda FREEP+1
        sta VAR1,x
        jsr B_FACTOR
        jsr B_INCACC
@claim: clc                     ; the new end of the DIM space: #55 written there must read
        lda FREEP               ; back, else ERROR 30 (as Acorn's: found by running it, which
        adc ACC                 ; leaves the #55 there)
        sta FREEP
        lda FREEP+1
        adc ACC+1
        sta FREEP+1
        ldy #0
        lda #$55
        sta (FREEP),y
        cmp (FREEP),y
        bne @full
        jsr B_NEXTC
        cmp #','
        bne @end
        inc TXTOFF
        jmp @one
@end:   jmp B_STMT_END
@bad:   brk
        .byte E_DIM
@full:  brk
        .byte E_DIMRAM

; LINK address: call machine code with A, X and Y from the variables A, X and Y.  The address is a
; factor and the statement must end after it before anything is called, as on Acorn's (found
; there: LINK #FFF4+0 and LINK #FFF4*1 are error 94 and print nothing; LINK (#FFF4+0) calls).
st_link:
        jsr B_FACTOR
        jsr B_NEXTC
        cmp #';'
        beq @go
        cmp #13
        beq @go
        brk
        .byte E_STATEMENT
@go:
        lda ACC
        sta PTR3
        lda ACC+1
        sta PTR3+1
        jsr @call
        jmp B_STMT_END
@call:  lda VAR0+1              ; A
        ldx VAR0+24             ; X
        ldy VAR0+25             ; Y
        jmp (PTR3)

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
        jmp B_STMT_END          ; (at the 13: on to the next line)

; RND: the seed at #08-#0C is a 40-bit shift register, moved on 32 places a call: each place
; shifts it left and feeds bit 19 exclusive-or bit 32 into bit 0; RND is then its low 32 bits.
; (Found by running Acorn's BASIC: from a seed poked at #08-#0C this gives the numbers, and leaves
; the seed, that Acorn's does.  Nothing sets the seed at start-up: it is what RAM held.)
fn_rnd: ldy #32
@bit:   lda SEED+2
        lsr a
        lsr a
        lsr a                   ; bit 0: the seed's bit 19
        eor SEED+4              ; ... exclusive-or its bit 32
        lsr a                   ; into C
        rol SEED
        rol SEED+1
        rol SEED+2
        rol SEED+3
        rol SEED+4
        dey
        bne @bit
        ldx #3
@c:     lda SEED,x
        sta ACC,x
        dex
        bpl @c
        rts
