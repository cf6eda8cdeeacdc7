; The graphics statements of Atom BASIC, kept in the kernel ROM ("Atomic Theory and Practice"
; ch. 11): CLEAR n, PLOT k,x,y, MOVE x,y, DRAW x,y, and WAIT.  BASIC's statement table points
; here (KCLEAR...); arguments are read with BASIC's evaluator and each ends at B_STMT_END.
;
; Modes (x by y pixels, origin bottom left): 0 64x48 (the text screen's 2x3-cell graphics),
; 1 128x64, 2 128x96, 3 128x192, 4 256x192 (the VDG's RG1, RG2, RG3, RG6; port A #30 #70 #B0 #F0,
; emulator/machines/atom.py).
; PLOT k: bits 0-1 0 move, 1 white, 2 invert, 3 black; bit 2 absolute (else relative to the last
; point); bit 3 a point (else a line from the last point).  MOVE x,y = PLOT 12,x,y;
; DRAW x,y = PLOT 5,x,y.

mode_port:   .byte $00, $30, $70, $B0, $F0
mode_pages:  .byte 2, 4, 6, 12, 24      ; video memory cleared, in pages
mode_width:  .byte 64, 128, 128, 128, 0 ; 0 stands for 256
mode_height: .byte 48, 64, 96, 192, 192
mode_bytes:  .byte 0, 16, 16, 16, 32    ; bytes per row

; CLEAR n: the mode, a cleared screen.  From a four-colour mode (COLOUR) CLEAR 2 clears the 2K
; that mode 2a shows, not mode 2's 1.5K (as Acorn's ROMs do); the mode is black and white again.
st_clear:
        jsr B_EXPR
        lda ACC
        cmp #5
        bcc @ok
        lda #4
@ok:    ldy GMODE               ; (bit 7: a four-colour mode)
        sta GMODE
        tax
        bne @graphics
        lda #12                 ; mode 0: the text screen, cleared by the driver
        jsr OSWRCH
        jmp @done
@graphics:
        lda PPI_A
        and #$0F
        ora mode_port,x
        sta PPI_A
        lda mode_pages,x
        cpy #$80
        bcc @pages
        cpx #2
        bne @pages
        lda #8
@pages: tay
        lda #0
        sta GPTR
        lda #>VIDEO
        sta GPTR+1
        lda #0
        ldx #0
@byte:  sta (GPTR,x)
        inc GPTR
        bne @byte
        inc GPTR+1
        dey
        bne @byte
@done:  jmp B_STMT_END

; WAIT: until the next field flyback begins (1/60 s steps; port C bit 7 low in flyback).
st_wait:
@in:    bit PPI_C
        bpl @in                 ; in flyback now: wait for it to end
@out:   bit PPI_C
        bmi @out
        jmp B_STMT_END

st_move:
        lda #12
        bne plot_xy
st_draw:
        lda #5
plot_xy:
        pha
        jmp plot_args

st_plot:
        jsr B_EXPR
        lda ACC
        pha
        lda #','
        jsr B_EXPECT
plot_args:
        jsr B_EXPR              ; x
        lda ACC
        pha
        lda ACC+1
        pha
        lda #','
        jsr B_EXPECT
        jsr B_EXPR              ; y
        lda ACC
        sta GTY
        lda ACC+1
        sta GTY+1
        pla
        sta GTX+1
        pla
        sta GTX
        pla                     ; k
        pha
        and #4
        bne @absolute
        clc                     ; relative to the last point
        lda GTX
        adc GX
        sta GTX
        lda GTX+1
        adc GX+1
        sta GTX+1
        clc
        lda GTY
        adc GY
        sta GTY
        lda GTY+1
        adc GY+1
        sta GTY+1
@absolute:
        pla
        tax
        and #3
        sta GOP
        beq @moved
        txa
        and #8
        beq @line
        jsr point_at_target
        jmp @moved
@line:  jsr draw_line
@moved: lda GTX
        sta GX
        lda GTX+1
        sta GX+1
        lda GTY
        sta GY
        lda GTY+1
        sta GY+1
        jmp B_STMT_END

point_at_target:
        lda GX
        pha
        lda GX+1
        pha
        lda GY
        pha
        lda GY+1
        pha
        ldx #3
@t:     lda GTX,x
        sta GX,x
        dex
        bpl @t
        jsr plot_gxy
restore_gxy:
        pla
        sta GY+1
        pla
        sta GY
        pla
        sta GX+1
        pla
        sta GX
        rts

; draw_line: from (GX,GY) to (GTX,GTY), Bresenham's method on 16-bit signed coordinates;
; points off the screen are left out.  GX, GY are used as the moving point and put back.
draw_line:
        lda GX
        pha
        lda GX+1
        pha
        lda GY
        pha
        lda GY+1
        pha
        ldx #0                  ; GDX = |GTX-GX|, GSX = sign
        ldy #GX
        jsr delta
        ldx #GDY-GDX            ; GDY = |GTY-GY|, GSY = sign (so that err = dx - dy)
        ldy #GY
        jsr delta
        sec                     ; err = dx - dy
        lda GDX
        sbc GDY
        sta GERR
        lda GDX+1
        sbc GDY+1
        sta GERR+1
@step:  jsr plot_gxy
        lda GX
        cmp GTX
        bne @more
        lda GX+1
        cmp GTX+1
        bne @more
        lda GY
        cmp GTY
        bne @more
        lda GY+1
        cmp GTY+1
        beq @done
@more:  lda GERR                ; e2 = 2 * err
        asl a
        sta GE2
        lda GERR+1
        rol a
        sta GE2+1
        clc                     ; x steps when e2 >= -dy, i.e. e2 + dy >= 0
        lda GE2
        adc GDY
        lda GE2+1
        adc GDY+1
        bmi @noty
        sec                     ; err -= dy; x += sx
        lda GERR
        sbc GDY
        sta GERR
        lda GERR+1
        sbc GDY+1
        sta GERR+1
        clc
        lda GX
        adc GSX
        sta GX
        lda GX+1
        adc GSX+1
        sta GX+1
@noty:  sec                     ; y steps when e2 <= dx, i.e. dx - e2 >= 0
        lda GDX
        sbc GE2
        lda GDX+1
        sbc GE2+1
        bpl @ystep
        jmp @step
@ystep:
        clc                     ; err += dx; y += sy
        lda GERR
        adc GDX
        sta GERR
        lda GERR+1
        adc GDX+1
        sta GERR+1
        clc
        lda GY
        adc GSY
        sta GY
        lda GY+1
        adc GSY+1
        sta GY+1
        jmp @step
@done:  jmp restore_gxy

; delta: X = offset of the |d| word from GDX (0 or 2); Y = zero-page address of the start
; coordinate (the target is 5 bytes on: GTX = GX + 5).  Sets |d| and the step sign (+1 / -1,
; at GSX + X).
delta:  sec
        lda $0005,y
        sbc $0000,y
        sta GDX,x
        lda $0006,y
        sbc $0001,y
        sta GDX+1,x
        lda #1
        sta GSX,x
        lda #0
        sta GSX+1,x
        lda GDX+1,x
        bpl @done
        lda #$FF                ; negative: step -1, |d| = -d
        sta GSX,x
        sta GSX+1,x
        sec
        lda #0
        sbc GDX,x
        sta GDX,x
        lda #0
        sbc GDX+1,x
        sta GDX+1,x
@done:  rts

; plot_gxy: the pixel (GX,GY) in the current mode with GOP (1 set, 2 invert, 3 clear).
plot_gxy:
        lda GX+1                ; on the screen?
        bne @off
        lda GY+1
        bne @off
        ldx GMODE
        bpl @mono
        jmp UCOLPIXEL           ; a four-colour mode (COLOUR): the utility ROM's colour_pixel
@mono:  lda mode_width,x
        beq @xok                ; 256 wide: any x
        cmp GX
        bcc @off
        beq @off
@xok:   lda GY
        cmp mode_height,x
        bcs @off
        lda mode_height,x       ; row from the top
        clc
        sbc GY
        cpx #0
        beq text_cell
        sta GPTR                ; GPTR = VIDEO + row * bytes per row + x / 8
        lda #0
        sta GPTR+1
        ldy #4                  ; 16 bytes a row, 32 in mode 4
        cpx #4
        bne @mul
        iny
@mul:   asl GPTR
        rol GPTR+1
        dey
        bne @mul
        lda GX
        lsr a
        lsr a
        lsr a
        clc
        adc GPTR
        sta GPTR
        lda GPTR+1
        adc #>VIDEO
        sta GPTR+1
        lda GX
        and #7
        tax
        lda bit_masks,x
        jmp apply_mask
@off:   rts

bit_masks: .byte $80, $40, $20, $10, $08, $04, $02, $01

; mode 0: each text cell is 2 x 3 pixels: bit 5 top left ... bit 0 bottom right (bit 6 set
; marks a graphics cell).  A = row from the top (0-47).
text_cell:
        ldx #0                  ; X = row / 3, A = row % 3
@div:   cmp #3
        bcc @have
        sbc #3
        inx
        bne @div
@have:  asl a                   ; element number = 2 * (row % 3) + (x & 1)
        sta GMASK
        lda GX
        and #1
        ora GMASK
        tay
        lda #$20                ; bit 5 - element
@sh:    dey
        bmi @bit
        lsr a
        bne @sh
@bit:   sta GMASK
        txa                     ; GPTR = VIDEO + 32 * cell row + x / 2
        ldy #0
        sty GPTR+1
        ldy #5
@m32:   asl a
        rol GPTR+1
        dey
        bne @m32
        sta GPTR
        lda GX
        lsr a
        clc
        adc GPTR
        sta GPTR
        lda GPTR+1
        adc #>VIDEO
        sta GPTR+1
        ldy #0
        lda (GPTR),y
        and #$40
        bne @graphic
        lda #$40                ; a text cell becomes an empty graphics cell
        sta (GPTR),y
@graphic:
        lda GMASK
        ; fall into apply_mask

; apply_mask: A = the pixel's bit at (GPTR): set, invert or clear it by GOP.
apply_mask:
        ldy #0
        ldx GOP
        cpx #2
        beq @invert
        bcs @clear
        ora (GPTR),y
        sta (GPTR),y
        rts
@invert:
        eor (GPTR),y
        sta (GPTR),y
        rts
@clear: eor #$FF
        and (GPTR),y
        sta (GPTR),y
        rts
