; The floating-point extension's statements COLOUR, FDIM, FPUT and STR, its function FGET ("Atomic
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

; COLOUR c: plotting in the four-colour graphics mode of the same memory as the current mode (ATAP
; ch. 11 and 22: 1a 64x64, 2a 128x64, 3a 128x96, 4a 128x192), in colour c AND 3.  What Acorn's
; float ROM does, run as an oracle: the VDG's GM0 goes off (port A #30 #70 #B0 #F0 become #10 #50
; #90 #D0: CG1 CG2 CG3 CG6); nothing is cleared but, going from mode 2 to 2a, the half K that 2a
; shows beyond mode 2's 1.5K; PLOT's points are two-bit pixels, set to the colour, inverted (all of
; the pixel's bits) or cleared; in mode 0 they are drawn as in 1a.  The next CLEAR gives the black-
; and-white mode back.  The kernel's plot_gxy sends their points here (GMODE bit 7).
st_colour:
        lda GMODE
        cmp #2
        bne @mode
        lda #0                  ; mode 2 to 2a
        tay
@clear: sta VIDEO+$600,y
        sta VIDEO+$700,y
        iny
        bne @clear
@mode:  jsr B_EXPR
        lda ACC
        and #3
        asl a
        asl a
        asl a
        asl a
        ora #$80
        sta ACC
        lda GMODE
        and #7
        ora ACC
        sta GMODE
        lda PPI_A
        and #$DF                ; GM0 off
        sta PPI_A
        jmp B_STMT_END

; colour_pixel: the kernel's plot_gxy in a four-colour mode (after COLOUR: GMODE bit 7, the
; colour in bits 4-5, the mode in bits 0-2, 0 drawn as 1a): 1a 64x64 in 16 bytes a row, 2a-4a
; 128 wide in 32; four two-bit pixels a byte, the leftmost in bits 7-6.
colour_width  = * - 1
        .byte 64, 128, 128, 128
colour_height = * - 1
        .byte 64, 64, 96, 192
colour_masks: .byte $C0, $30, $0C, $03
colour_fill:  .byte $00, $55, $AA, $FF
colour_pixel:
        txa
        and #7
        bne @mode
        lda #1
@mode:  tax
        lda GX
        cmp colour_width,x
        bcs @off
        lda GY
        cmp colour_height,x
        bcs @off
        lda colour_height,x     ; row from the top
        clc
        sbc GY
        sta GPTR                ; GPTR = VIDEO + row * bytes per row + x / 4
        lda #0
        sta GPTR+1
        ldy #4                  ; 16 bytes a row in 1a, 32 in the others
        cpx #1
        beq @mul
        iny
@mul:   asl GPTR
        rol GPTR+1
        dey
        bne @mul
        lda GX
        lsr a
        lsr a
        clc
        adc GPTR
        sta GPTR
        lda GPTR+1
        adc #>VIDEO
        sta GPTR+1
        lda GX
        and #3
        tax
        lda colour_masks,x
        ldy #0
        ldx GOP
        cpx #2
        beq @invert
        bcs @clear
        sta GMASK
        lda GMODE               ; set: the pixel's bits from the colour's
        lsr a
        lsr a
        lsr a
        lsr a
        and #3
        tax
        lda colour_fill,x
        eor (GPTR),y
        and GMASK
@invert:
        eor (GPTR),y
        sta (GPTR),y
@off:   rts
@clear: eor #$FF
        and (GPTR),y
        sta (GPTR),y
        rts

; usqr: FAC = the square root of FAC (above 0), as Acorn's float ROM makes it (its SQR matched on
; all of 500 random arguments by this rule): the root of the 32-bit mantissa, bit by bit, to 34
; bits; the two below the 32 kept decide: 00 none, 11 one up, 01 or 10 the last bit set.
SQ_REM      = FW                ; the remainder, 6 bytes (FW and FOVF), most significant first
SQ_TRY      = $46               ; the root * 4 + 1, 6 bytes (the floating point's scratch, $46-$4B)
usqr:   lda FEXP                ; the exponent halved, up: (E + 1) >> 1
        lsr a                   ; C: an odd one (the radicand is the mantissa / 2)
        php
        lda FEXP
        clc
        adc #1
        ror a
        clc
        adc #64
        sta FEXP
        ldx #3                  ; the radicand: ARG's mantissa
@rad:   lda FM,x
        sta AM,x
        dex
        bpl @rad
        lda #0
        sta AMG
        ldx #5
@clear: sta SQ_REM,x
        dex
        bpl @clear
        ldx #4
@root:  sta FM,x                ; the root, 40 bits
        dex
        bpl @root
        plp
        bcc @even
        lsr AM
        ror AM+1
        ror AM+2
        ror AM+3
        ror AMG
@even:  lda #40
        sta FPTR2               ; (the count)
@step:  ldy #2                  ; two bits of the radicand into the remainder
@in:    asl AMG
        rol AM+3
        rol AM+2
        rol AM+1
        rol AM
        ldx #5
@rem:   rol SQ_REM,x
        dex
        bpl @rem
        dey
        bne @in
        lda #0                  ; the root * 4 + 1
        sta SQ_TRY
        ldx #4
@try:   lda FM,x
        sta SQ_TRY+1,x
        dex
        bpl @try
        ldy #2
@x4:    asl SQ_TRY+5
        ldx #4
@x4b:   rol SQ_TRY,x
        dex
        bpl @x4b
        dey
        bne @x4
        inc SQ_TRY+5
        sec                     ; remainder - that: C, the root's next bit
        ldx #5
@sub:   lda SQ_REM,x
        sbc SQ_TRY,x
        sta SQ_TRY,x
        dex
        bpl @sub
        bcc @bit
        ldx #5
@keep:  lda SQ_TRY,x
        sta SQ_REM,x
        dex
        bpl @keep
        sec
@bit:   ldx #4
@shift: rol FM,x
        dex
        bpl @shift
        dec FPTR2
        bne @step
        lda FMG                 ; the two bits below the 32
        and #$C0
        beq @done
        cmp #$C0
        beq @up
        lda FM+3
        ora #1
        sta FM+3
        bne @done
@up:    ldx #3
@inc:   inc FM,x
        bne @done
        dex
        bpl @inc
@done:  lda #0
        sta FMG
        rts

        .org EXPTAB
        .include "exp_table.s"

        .org USQR
        jmp usqr
        .assert * == UCOLPIXEL
        jmp colour_pixel
        .assert * == UCOLOUR
        jmp st_colour
        .assert * == UFDIM
        jmp st_fdim
        .assert * == UFPUT
        jmp st_fput
        .assert * == UFGET
        jmp fn_fget
        .assert * == USTR
        jmp st_str
