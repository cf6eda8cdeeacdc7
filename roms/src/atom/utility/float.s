; The floating-point extension's statements FDIM, FPUT and STR, its function FGET ("Atomic
; Theory and Practice" ch. 22) and EXP's table of e^n, kept in the utility ROM for room: the rest of the floating point
; fills #C000-#DFFF with BASIC.  BASIC's table sends them here through their own jump block at
; the end of the ROM (UFDIM ... in atom.inc: its place does not move with the code before it);
; they use BASIC's and the floating point's routines through #C000 (B_FNAME ...).

E_FDIM      = 69                ; FDIM of a name that is not an array's (Acorn's float ROM)

; FDIM %AA(n), ...: n+1 reals from the free space.
st_fdim:
        jsr B_NEXTC
        cmp #'%'
        bne @bad
        jsr B_FNAME
        bcc @bad
        tax
        lda FREEP
        sta FARR_LO,x
        lda FREEP+1
        sta FARR_HI,x
        jsr B_FACTOR            ; elements - 1
        jsr B_INCACC
        jsr B_TIMES5             ; five bytes each
        clc
        lda FREEP
        adc ACC
        sta FREEP
        lda FREEP+1
        adc ACC+1
        sta FREEP+1
        jsr B_NEXTC
        cmp #','
        bne @end
        inc TXTOFF
        jmp st_fdim
@end:   jmp B_STMT_END
@bad:   brk
        .byte E_FDIM

; FPUT handle, real: the real's five bytes to the file.
st_fput:
        jsr B_FACTOR
        lda ACC
        pha
        lda #','
        jsr B_EXPECT
        jsr B_FSUM
        lda #<FT_B
        ldy #>FT_B
        jsr B_FSTORE
        pla
        tay
        ldx #0
@b:     lda FT_B,x
        jsr OSBPUT              ; (keeps X and Y)
        inx
        cpx #5
        bne @b
        jmp B_STMT_END

; FGET handle: the real made of the next five bytes of the file.
fn_fget:
        jsr B_FACTOR
        ldy ACC
        ldx #0
@b:     jsr OSBGET              ; (keeps X and Y)
        sta FT_B,x
        inx
        cpx #5
        bne @b
        lda #<FT_B
        ldy #>FT_B
        jmp B_FLOAD

; STR real, address: the real as FPRINT writes it (no field), a string at the address.
st_str: jsr B_FSUM
        lda #<FT_B
        ldy #>FT_B
        jsr B_FSTORE
        lda #','
        jsr B_EXPECT
        jsr B_EXPR
        lda ACC
        sta FPTR2
        lda ACC+1
        sta FPTR2+1
        lda #<FT_B
        ldy #>FT_B
        jsr B_FLOAD
        jsr B_FSTR
        ldy #0
@c:     lda FTEXT,y
        sta (FPTR2),y
        iny
        cpy FLEN
        bne @c
        lda #13
        sta (FPTR2),y
        jmp B_STMT_END

        .org EXPTAB
        .include "exp_table.s"

        .org UFDIM
        jmp st_fdim
        .assert * == UFPUT
        jmp st_fput
        .assert * == UFGET
        jmp fn_fget
        .assert * == USTR
        jmp st_str
