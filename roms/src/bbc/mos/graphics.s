; ---- graphics (User Guide, "PLOT", "GCOL", VDU 5, 16, 24, 25, 29) ------------------------------------
; External coordinates are 1280 x 1024 from the graphics origin; internally a point is a pixel:
; x = external / (1280 / pixels across), y = external / 4 counting up from the bottom row.
; The graphics window (&0300-&0307) and cursors (&0324-&0327, previous &0314-&0317) are kept in
; pixels, as the AUG says MOS 1.20 keeps them.

graphics_mode:                      ; Z set in MODE 3, 6 and 7 (no graphics)
        lda map_type
        cmp #1
        beq @no
        cmp #3
        beq @no
        cmp #4
@no:    rts

; The pixel scale for the MODE: x shift 1 (MODE 0), 2 (1, 4), 3 (2, 5).
graphics_home:
        ldx vdu_mode
        lda mode_xshift,x
        sta g_xshift
        ; the graphics window in pixels: 0,0 to the last pixel
        lda #0
        ldx #7
@z:     sta gwin_left,x
        dex
        bpl @z
        jsr last_column
        lda g_px
        sta gwin_right
        lda g_px+1
        sta gwin_right+1
        lda #255
        sta gwin_top
        ldx #7
        lda #0
@c:     sta gold_x,x                ; both graphics cursors to the origin
        sta gcursor_x,x
        dex
        bpl @c
        sta gcur_px
        sta gcur_px+1
        sta gcur_py
        sta gcur_py+1
        rts

; g_px = the screen's last pixel column (1279 external, scaled for the MODE).
last_column:
        lda #<1279
        sta g_px
        lda #>1279
        sta g_px+1
; g_px = g_px (external, 0-1279) >> g_xshift (signed)
scale_x:
        ldx g_xshift
@s:     lda g_px+1
        cmp #$80
        ror g_px+1
        ror g_px
        dex
        bne @s
        rts

; g_px, g_py (external, from the origin) -> pixels: add the origin, scale X for the MODE, and
; divide Y by 4 (signed).  Clobbers A and X.
to_pixels:
        lda g_px
        clc
        adc gorigin_x
        sta g_px
        lda g_px+1
        adc gorigin_x+1
        sta g_px+1
        jsr scale_x
        lda g_py
        clc
        adc gorigin_y
        sta g_py
        lda g_py+1
        adc gorigin_y+1
        cmp #$80
        ror a
        ror g_py
        cmp #$80
        ror a
        ror g_py
        sta g_py+1
        rts

; VDU 16: CLG, the graphics window in the background colour and action.
vdu16:  jsr graphics_mode
        beq @done
        lda gwin_left               ; the whole screen, plotted plainly: filled as CLS fills it
        ora gwin_left+1
        ora gwin_bottom
        ora gwin_bottom+1
        ora gwin_top+1
        ora graph_bg_action
        bne @rows
        lda gwin_top
        cmp #255
        bne @rows
        jsr last_column
        lda g_px
        cmp gwin_right
        bne @rows
        lda g_px+1
        cmp gwin_right+1
        bne @rows
        lda graph_bg
        and colours_less_1
        jsr colour_fill
        jmp fill_screen
@rows:  lda graph_bg
        ldx graph_bg_action
        jsr set_plot_colour
        lda gwin_bottom
        sta g_row
@row:   lda gwin_left
        sta g_xa
        lda gwin_left+1
        sta g_xa+1
        lda gwin_right
        sta g_xb
        lda gwin_right+1
        sta g_xb+1
        jsr span
        lda g_row
        cmp gwin_top
        inc g_row
        bcc @row
@done:  rts

; VDU 24: the graphics window, left, bottom, right, top (external, from the origin).
vdu24:  jsr graphics_mode
        bne @go
        rts
@go:    ldx #4
@conv:  ldy #0                      ; convert each corner to pixels in the work area
@q:     lda vdu_queue_end-8,x
        sta g_px,y
        inx
        iny
        cpy #4
        bne @q
        txa
        pha
        jsr to_pixels
        pla
        tax
        ldy #3
@keep:  dex
        lda g_px,y
        sta g_x0,x
        dey
        bpl @keep
        dex
        dex
        dex
        dex
        bpl @conv
        ; g_x0,y0 = left,bottom; g_x1,y1 = right,top.  Reject an empty or off-screen window.
        lda g_x1
        cmp g_x0
        lda g_x1+1
        sbc g_x0+1
        bmi @done
        lda g_y1
        cmp g_y0
        lda g_y1+1
        sbc g_y0+1
        bmi @done
        lda g_x0+1
        ora g_y0+1
        bmi @done
        ldx #7
@copy:  lda g_x0,x
        sta gwin_left,x
        dex
        bpl @copy
        ; keep the window on the screen
        lda gwin_top+1
        beq @top_ok
        lda #0
        sta gwin_top+1
        lda #255
        sta gwin_top
@top_ok:
        jsr last_column
        lda g_px
        cmp gwin_right
        lda g_px+1
        sbc gwin_right+1
        bcs @done
        lda g_px
        sta gwin_right
        lda g_px+1
        sta gwin_right+1
@done:  rts

; VDU 29: the graphics origin (external coordinates).
vdu29:  lda vdu_queue_end-4
        sta gorigin_x
        lda vdu_queue_end-3
        sta gorigin_x+1
        lda vdu_queue_end-2
        sta gorigin_y
        lda vdu_queue_end-1
        sta gorigin_y+1
        rts

; VDU 25: PLOT K, x, y.
vdu25:  jsr graphics_mode
        bne @ok
        rts
@ok:    ; the new point, external and absolute
        lda vdu_queue_end-4
        sta g_px
        lda vdu_queue_end-3
        sta g_px+1
        lda vdu_queue_end-2
        sta g_py
        lda vdu_queue_end-1
        sta g_py+1
        lda vdu_queue_end-5
        and #4
        bne @moved                  ; absolute: from the origin, as given
        lda g_px                    ; relative to the graphics cursor
        clc
        adc gcursor_x
        sta g_px
        lda g_px+1
        adc gcursor_x+1
        sta g_px+1
        lda g_py
        clc
        adc gcursor_y
        sta g_py
        lda g_py+1
        adc gcursor_y+1
        sta g_py+1
@moved: ; the cursors move on: previous <- current, current <- new (external, relative to origin)
        ldx #3
@shift: lda g_px,x
        sta gcursor_x,x
        dex
        bpl @shift
        ldx #3
@keep:  lda gold_x,x                ; g_x1,y1 = the point before last (pixels)
        sta g_x1,x
        lda gcur_px,x
        sta gold_x,x                ; previous <- current (pixels)
        dex
        bpl @keep
        ; the new point in pixels (origin added back)
        jsr to_pixels
        ldx #3
@cur:   lda g_px,x
        sta gcur_px,x
        dex
        bpl @cur
        ; colour and action from K AND 3
        lda vdu_queue_end-5
        and #3
        beq @done                   ; 0: move only
        cmp #1
        bne @not_fg
        lda graph_fg
        ldx graph_fg_action
        jmp @colour
@not_fg:
        cmp #2
        bne @bg
        lda #0
        ldx #4                      ; logical inverse
        jmp @colour
@bg:    lda graph_bg
        ldx graph_bg_action
@colour:
        jsr set_plot_colour
        lda vdu_queue_end-5
        lsr a
        lsr a
        lsr a
        cmp #4                      ; 0-31: lines; K>>3 bit 0 leaves out the last point,
        bcc @line                   ; bit 1 makes it dotted
        cmp #8                      ; 64-71: a point
        beq @point
        cmp #9                      ; 72-79: fill left and right over the background
        beq @fill_both
        cmp #10                     ; 80-87: a filled triangle
        beq @triangle
        cmp #11                     ; 88-95: fill right up to the background
        beq @fill_right
@done:  rts
@point: jmp plot_point
@line:  tax
        lda line_styles,x
        sta g_line_style
        lda #$AA
        sta g_dots
        jmp draw_line
@triangle:
        jmp fill_triangle
@fill_both:
        jmp fill_left_right
@fill_right:
        jmp fill_right_to_background

; The colour to plot with: A = logical colour, X = GCOL action (0-4; above 4 inverts).  Every
; action is "OR with zp_gor, then EOR with zp_geor" over the pixels plotted: set (OR all, EOR with
; the inverse colour), OR (colour, 0), AND (inverse colour twice), EOR (0, colour), invert (0, all).
set_plot_colour:
        cpx #4
        bcc @action
        ldx #4
@action:
        stx g_action
        and colours_less_1
        jsr colour_fill
        sta g_fill
        ldx g_action
        and gor_and,x
        eor gor_eor,x
        sta zp_gor
        lda g_fill
        and geor_and,x
        eor geor_eor,x
        sta zp_geor
        rts
gor_and:        .byte $00, $FF, $FF, $00, $00
gor_eor:        .byte $FF, $00, $FF, $00, $00
geor_and:       .byte $FF, $00, $FF, $FF, $00
geor_eor:       .byte $FF, $00, $FF, $00, $FF

; Plot the pixel g_px, g_py if it is inside the graphics window.
plot_point:
        jsr pixel_inside
        bcc pixel_rts
        jsr pixel_address
; Apply the GCOL action to the pixels zp_mask of the byte at zp_ptr: the byte as the action leaves
; it, taken only in the mask.  A macro, as the line's loop has it in line for speed.
        .macro plot_in_mask
        ldy #0
        lda (zp_ptr),y
        ora zp_gor
        eor zp_geor
        eor (zp_ptr),y
        and zp_mask
        eor (zp_ptr),y
        sta (zp_ptr),y
        .endm
plot_byte:
        plot_in_mask
pixel_rts:
        rts

; zp_ptr = the byte holding pixel g_px, g_py (in the window); zp_mask = its bits; g_first and
; g_last = the masks of a byte's first (leftmost) and last pixel.
pixel_address:
        lda #255
        sec
        sbc g_py                    ; the row from the top
        pha
        lsr a
        lsr a
        lsr a
        tay                         ; character row
        lda pixels_less_1           ; 7, 3 or 1: masks from index 3, 1 or 0
        lsr a
        tax
        lda first_masks,x
        sta g_first
        lda last_masks,x
        sta g_last
        lda pixels_less_1
        and g_px
        tax
        lda g_first
@mask:  dex                         ; the pixel's mask: the first's, moved right x MOD pixels times
        bmi @masked
        lsr a
        bne @mask
@masked:
        sta zp_mask
        lda pixels_less_1           ; the byte's offset in the row: x / pixels a byte * 8, or
        eor #$FF                    ; x less its pixel in the byte, times 8 / pixels a byte
        and g_px
        sta zp_t2
        lda g_px+1
        sta zp_t3
        ldx pixels_less_1
@cols:  cpx #7
        beq @row
        asl zp_t2
        rol zp_t3
        txa
        sec
        rol a                       ; 1, 3, 7
        tax
        bne @cols
@row:   ldx #0                      ; column 0 of character row Y
        jsr cell_address
        lda zp_ptr
        clc
        adc zp_t2
        sta zp_ptr
        lda zp_ptr+1
        adc zp_t3
        sta zp_ptr+1
        pla
        and #7
        clc
        adc zp_ptr
        sta zp_ptr
        bcc @w
        inc zp_ptr+1
@w:     jmp wrap_ptr

first_masks:    .byte $AA, $88, 0, $80      ; by pixels_less_1 / 2
last_masks:     .byte $55, $11, 0, $01

; zp_ptr and zp_mask one pixel on: right, left, up or down the screen (a byte is 8 bytes from the
; next across; a character row's 8 lines are consecutive bytes), kept inside the screen's memory.
step_rts:
        rts
; The steps a line's minor axis takes, by direction: right, left, up, down.
pixel_steps:    .word pixel_right, pixel_left, pixel_up, pixel_down
pixel_right:
        lsr zp_mask
        bcc step_rts
pixel_next_byte:                    ; past a byte's last pixel: the next byte's first
        lda g_first
        sta zp_mask
        lda #8
ptr_plus:                           ; zp_ptr += A
        clc
        adc zp_ptr
        sta zp_ptr
        bcc step_rts
        inc zp_ptr+1
        jmp wrap_ptr
pixel_left:
        asl zp_mask
        bcc step_rts
        lda g_last
        sta zp_mask
        lda zp_ptr
        sec
        sbc #8
        sta zp_ptr
        bcs step_rts
        dec zp_ptr+1
        lda zp_ptr+1
        jmp wrap_below
pixel_down:
        lda zp_ptr
        and #7
        eor #7
        beq @row
        inc zp_ptr                  ; not the cell's last line: no carry
        rts
@row:   lda zp_ptr                  ; the next character row's first line
        and #$F8
        clc
        adc row_bytes
        sta zp_ptr
        lda zp_ptr+1
        adc row_bytes+1
        sta zp_ptr+1
        jmp wrap_ptr
pixel_up:
        lda zp_ptr
        and #7
        beq @row
        dec zp_ptr
        rts
@row:   lda zp_ptr                  ; the character row above's last line
        ora #7
        sec
        sbc row_bytes
        sta zp_ptr
        lda zp_ptr+1
        sbc row_bytes+1
        sta zp_ptr+1
; A = zp_ptr+1: below the screen's first page, it goes round to the screen's end.
wrap_below:
        cmp screen_page
        bcs @in
        adc screen_pages
        sta zp_ptr+1
@in:    rts

line_err = zp_ptr2                  ; a line's error, in zero page for speed (2 bytes)

; A line from the previous cursor (gold_x/y, pixels) to the current one (gcur_px/py).  When K leaves
; out the last point (K AND 8), MOS 1.20 plots the current point once more after the line (measured:
; so under EOR and invert it is left out, and under the other actions it is there).
draw_line:
        ldx #3
@c:     lda gold_x,x
        sta g_x0,x
        lda gcur_px,x
        sta g_x1,x
        dex
        bpl @c
        jsr line_x0_x1
        lda g_line_style
        and #2
        beq @done
        ldx #3
@e:     lda gcur_px,x
        sta g_px,x
        dex
        bpl @e
        jmp plot_point
@done:  rts

; The line g_x0,g_y0 - g_x1,g_y1 with MOS 1.20's pixels (found black box, tests/firmware/
; test_bbc_mos_graphics.py): along the major axis (x when |dx| >= |dy|) from its lower end; the error
; starts at major / 2 and loses minor at each pixel, and when it goes below 0 the minor axis steps
; and major is added back.  Only the stretch of the major axis inside the graphics window is
; stepped through, starting with the error the line has there; plot_point clips the other axis.
; A dotted line's pattern starts at the lower end.
line_x0_x1:
        ldx #2
        jsr @delta                  ; |dy|
        lda zp_t0
        sta zp_t2
        lda zp_t1
        sta zp_t3
        ldx #0
        jsr @delta                  ; |dx|
        lda zp_t0
        cmp zp_t2
        lda zp_t1
        sbc zp_t3
        bcs @major                  ; |dx| >= |dy|: x is the major axis
        ldx #2
        jsr @delta
@major: stx g_sx                    ; g_sx: the major axis (0 x, 2 y), an offset from g_x0
        lda g_sy
        bpl @ordered
        ldy #3                      ; the second end is the lower: swap the ends
@swap:  lda g_x0,y
        pha
        lda g_x1,y
        sta g_x0,y
        pla
        sta g_x1,y
        dey
        bpl @swap
@ordered:
        lda zp_t0                   ; g_dx: major
        sta g_dx
        lda zp_t1
        sta g_dx+1
        txa
        eor #2
        tax
        jsr @delta                  ; g_dy: minor, g_sy its direction
        lda zp_t0
        sta g_dy
        lda zp_t1
        sta g_dy+1
        ldx g_sx
        lda gwin_left,x             ; k = the window's low edge - the start, at least 0
        sec
        sbc g_x0,x
        sta zp_t0
        lda gwin_left+1,x
        sbc g_x0+1,x
        sta zp_t1
        bpl @k
        lda #0
        sta zp_t0
        sta zp_t1
@k:     lda gwin_right,x            ; g_xa = min(major, the window's high edge - the start) - k:
        sec                         ; the pixels to plot, less 1
        sbc g_x0,x
        sta g_xa
        lda gwin_right+1,x
        sbc g_x0+1,x
        sta g_xa+1
        bmi @none
        lda g_dx
        cmp g_xa
        lda g_dx+1
        sbc g_xa+1
        bcs @end
        lda g_dx
        sta g_xa
        lda g_dx+1
        sta g_xa+1
@end:   lda zp_t0                   ; g_xa = k - that - 1: minus the pixels to plot
        clc
        sbc g_xa
        sta g_xa
        lda zp_t1
        sbc g_xa+1
        sta g_xa+1
        bpl @none
        lda zp_t0
        ora zp_t1
        bne @cut
        lda g_dx+1                  ; from the start: err = major / 2
        lsr a
        sta line_err+1
        lda g_dx
        ror a
        sta line_err
        jmp @start
@none:  rts
@cut:   lda g_x0,x                  ; from k pixels on: the start moves k along the major axis
        clc
        adc zp_t0
        sta g_x0,x
        lda g_x0+1,x
        adc zp_t1
        sta g_x0+1,x
        lda zp_t0                   ; the dotted pattern k pixels on
        lsr a
        bcc @even
        lda #$55
        sta g_dots
@even:  lda g_dy                    ; the minor axis steps m = (k * minor + (major - 1) / 2) DIV
        sta g_math+2                ; major times, and the error is major - 1 - the remainder
        lda g_dy+1
        sta g_math+3
        lda g_dx
        sta zp_t2
        lda g_dx+1
        sta zp_t3
        jsr scaled
        lda g_dx
        clc
        sbc zp_t0
        sta line_err
        lda g_dx+1
        sbc zp_t1
        sta line_err+1
        lda g_sx
        eor #2
        tax
        lda g_sy                    ; m steps up or down the minor axis
        jsr offset_from
        lda g_math
        sta g_x0,x
        lda g_math+1
        sta g_x0+1,x
@start: lda #0                      ; the screen address is kept (g_row bit 7) while the
        sta g_row                   ; minor axis is inside the window (bit 6: dotted)
        lda g_sx                    ; the move along the minor axis: right or left, up or down
        eor #2
        bit g_sy
        bpl @minor
        ora #1
@minor: asl a
        tax
        lda pixel_steps,x
        sta g_y2
        lda pixel_steps+1,x
        sta g_y2+1
        ldx g_sx                    ; g_x1 on the major axis: past the last pixel, so that the
        lda g_x0,x                  ; pixel's is g_x1 + g_xa
        sec
        sbc g_xa
        sta g_x1,x
        lda g_x0+1,x
        sbc g_xa+1
        sta g_x1+1,x
        lda g_dots                  ; dotted: the pixels where g_xa's parity is g_dots's (the
        asl a                       ; pattern's first bit says whether the first is lit)
        lda g_xa
        sbc #0
        sta g_dots
        jsr @clip
@loop:  bit g_row                   ; bit 7: the address kept; bit 6: dotted
        bpl @skip
        bvc @solid
        lda g_xa
        eor g_dots
        lsr a
        bcs @skip
@solid: plot_in_mask                ; plot_byte's work, here for speed
@skip:  lda line_err                   ; err -= minor
        sec
        sbc g_dy
        sta line_err
        lda line_err+1
        sbc g_dy+1
        sta line_err+1
        bpl @along
        lda line_err                   ; below 0: err += major, and a step on the minor axis
        clc
        adc g_dx
        sta line_err
        lda line_err+1
        adc g_dx+1
        sta line_err+1
        bit g_row                   ; inside the window, the address follows until the edge:
        bpl @outside                ; g_row+1 steps
        dec g_row+1
        beq @leave
        jsr @minor_step
@along: lda g_sx                    ; a step on the major axis, up or right (the address moves
        beq @x_major                ; even when it is not kept: no harm)
        lda zp_ptr
        and #7
        beq @row_up
        dec zp_ptr
@count: inc g_xa
        bne @loop
        inc g_xa+1
        bne @loop
        rts
@x_major:
        lsr zp_mask
        bcc @count
        jsr pixel_next_byte
        jmp @count
@row_up:
        jsr pixel_up
        jmp @count
@leave: lda #0                      ; out past the edge (@clip left the minor axis there)
        sta g_row
        beq @along
@outside:
        lda g_sx                    ; outside: the minor axis steps, and it may come in
        eor #2
        tax
        lda g_sy
        bmi @down
        inc g_x0,x
        bne @moved
        inc g_x0+1,x
        jmp @moved
@down:  lda g_x0,x
        bne @no_borrow
        dec g_x0+1,x
@no_borrow:
        dec g_x0,x
@moved: jsr @clip
        jmp @along
@minor_step:
        jmp (g_y2)
; With g_row 0 (the address not kept): is the minor axis inside the window?  If so, the point's
; address, g_row = &80 with the style's bit 6 (dotted), g_row+1 = the minor steps to go out past
; the window's edge ahead (0: 256, as many as a line inside the window can take) and the minor
; axis is left past that edge, where the line is when the address stops being kept.
@clip:  lda g_sx
        eor #2
        tax
        lda g_x0,x
        sec
        sbc gwin_left,x
        sta zp_t0
        lda g_x0+1,x
        sbc gwin_left+1,x
        bmi @off
        sta zp_t1
        lda gwin_right,x
        sec
        sbc g_x0,x
        sta zp_t2
        lda gwin_right+1,x
        sbc g_x0+1,x
        bmi @off
        sta zp_t3
        ldy #3
@p:     lda g_x0,y
        sta g_px,y
        dey
        bpl @p
        ldy g_sx                    ; the major axis's: g_x1 + g_xa
        lda g_x1,y
        clc
        adc g_xa
        sta g_px,y
        lda g_x1+1,y
        adc g_xa+1
        sta g_px+1,y
        bit g_sy
        bmi @below
        lda gwin_right,x            ; going up: past the right or top edge
        clc
        adc #1
        sta g_x0,x
        lda gwin_right+1,x
        adc #0
        sta g_x0+1,x
        lda zp_t2
        ldy zp_t3
        jmp @steps
@below: lda gwin_left,x             ; going down: past the left or bottom edge
        sec
        sbc #1
        sta g_x0,x
        lda gwin_left+1,x
        sbc #0
        sta g_x0+1,x
        lda zp_t0
        ldy zp_t1
@steps: beq @near
        lda #$FF
@near:  clc
        adc #1
        sta g_row+1
        jsr pixel_address
        lda g_line_style
        ora #$80
        sta g_row
@off:   rts
; zp_t0/1 = |g_x1 - g_x0| at offset X (0 x, 2 y); g_sy = its direction, 1 or -1 (pixels stay
; within +-16383, so the difference never overflows).
@delta: ldy #1
        lda g_x1,x
        sec
        sbc g_x0,x
        sta zp_t0
        lda g_x1+1,x
        sbc g_x0+1,x
        sta zp_t1
        bpl @plus
        ldy #$FF
        lda #0
        sec
        sbc zp_t0
        sta zp_t0
        lda #0
        sbc zp_t1
        sta zp_t1
@plus:  sty g_sy
        rts

; Fill the row g_row from x g_xa to g_xb (either order), clipped to the graphics window: the first
; pixel's byte and mask, then pixel by pixel along the row.
span:   lda g_xb
        cmp g_xa
        lda g_xb+1
        sbc g_xa+1
        bpl @ordered
        ldx g_xa
        ldy g_xa+1
        lda g_xb
        sta g_xa
        lda g_xb+1
        sta g_xa+1
        stx g_xb
        sty g_xb+1
@ordered:
        lda g_row                   ; the row inside the window?
        cmp gwin_bottom
        bcc @out
        lda gwin_top
        cmp g_row
        bcs @in
@out:   rts
@in:
        lda g_xa                    ; clip the ends
        cmp gwin_left
        lda g_xa+1
        sbc gwin_left+1
        bpl @left_ok
        lda gwin_left
        sta g_xa
        lda gwin_left+1
        sta g_xa+1
@left_ok:
        lda gwin_right
        cmp g_xb
        lda gwin_right+1
        sbc g_xb+1
        bpl @right_ok
        lda gwin_right
        sta g_xb
        lda gwin_right+1
        sta g_xb+1
@right_ok:
        lda g_xb                    ; pixels = xb - xa + 1, none if negative
        sec
        sbc g_xa
        sta g_err
        lda g_xb+1
        sbc g_xa+1
        sta g_err+1
        bpl @some
        rts
@some:  inc g_err
        bne @count_ok
        inc g_err+1
@count_ok:
        lda g_xa
        sta g_px
        lda g_xa+1
        sta g_px+1
        lda g_row
        sta g_py
        lda #0
        sta g_py+1
        jsr pixel_address
        lda zp_mask                 ; a first byte only partly filled
        cmp g_first
        beq @bytes
        jsr @part
        bne @bytes
        rts
@bytes: lda g_err                   ; whole bytes: the count / pixels a byte (at most 80)
        sta zp_t0
        lda g_err+1
        sta zp_t1
        ldx pixels_less_1
@shift: lsr zp_t1
        ror zp_t0
        txa
        lsr a
        tax
        bne @shift
        lda g_err                   ; the pixels left over
        and pixels_less_1
        sta g_err
        lda #0
        sta g_err+1
        ldx zp_t0
        beq @tail
        lda zp_ptr                  ; along the row by Y, 8 at a time, from the line's address
        and #$F8                    ; rounded down to 8 (no page is crossed inside the loop)
        tay
        eor zp_ptr
        sta zp_ptr
@whole: lda (zp_ptr),y
        ora zp_gor
        eor zp_geor
        sta (zp_ptr),y
        tya
        clc
        adc #8
        tay
        bcc @on
        inc zp_ptr+1
        jsr wrap_ptr
@on:    dex
        bne @whole
        tya
        ora zp_ptr
        sta zp_ptr
@tail:  lda g_err
        beq @none
        lda g_first
        sta zp_mask
; The pixels from zp_mask to the byte's end, at most g_err of them, plotted; g_err counted down
; (Z set when none are left) and zp_ptr on to the next byte.
@part:  lda #0
        sta zp_t4
@gather:
        lda zp_t4
        ora zp_mask
        sta zp_t4
        lda g_err
        bne @dec
        dec g_err+1
@dec:   dec g_err
        lda g_err
        ora g_err+1
        beq @last
        lsr zp_mask
        bcc @gather
@last:  lda zp_t4
        sta zp_mask
        jsr plot_byte
        lda #8
        jsr ptr_plus
        lda g_err
        ora g_err+1
@none:  rts

; A filled triangle: the point before last (g_x1,g_y1 saved by vdu25), the previous (gold) and the
; current point (gcur), held as three vertices of 4 bytes (x, y) from g_x0 (the third over g_dx/g_dy,
; which lines do not need here).  Rows from the lowest to the highest; on each, the edges' x by
; interpolation.
fill_triangle:
        ldx #3
@c:     lda g_x1,x                  ; vertices: A = g_x0 (before last), B = g_x1 (previous),
        sta g_x0,x                  ; C = g_x0+8 (current)
        lda gold_x,x
        sta g_x1,x
        lda gcur_px,x
        sta g_x0+8,x
        dex
        bpl @c
        ; sort the three by y (A lowest)
        jsr @sort01
        jsr @sort12
        jsr @sort01
        ; the rows on the screen: max(yA, 0) to min(yC, 255); none if all above or below
        lda g_y0+8+1
        bmi @none                   ; C below row 0
        lda g_y0+1
        beq @a_on
        bpl @none                   ; A above row 255
        lda #0                      ; A below the screen: start at row 0
        sta g_row
        beq @start
@a_on:  lda g_y0
        sta g_row
@start: lda #0
        sta g_row+1
@row:   ldx #0                      ; the long edge A-C
        ldy #8
        jsr edge_x
        lda g_math
        sta g_xa
        lda g_math+1
        sta g_xa+1
        lda g_row                   ; the short edge: A-B below B's row, B-C from it
        cmp g_y0+4
        lda #0
        sbc g_y0+4+1
        bvc @v
        eor #$80
@v:     bpl @upper
        ldx #0
        ldy #4
        jmp @short
@upper: ldx #4
        ldy #8
@short: jsr edge_x
        lda g_math
        sta g_xb
        lda g_math+1
        sta g_xb+1
        jsr span
        lda g_y0+8+1                ; up to C's row (or the top of the screen)
        bne @top_limit
        lda g_row
        cmp g_y0+8
        bcs @none
        inc g_row
        bne @row
        rts
@top_limit:
        inc g_row
        bne @row
@none:  rts
@sort01:
        ldx #0
        ldy #4
        jmp @sort
@sort12:
        ldx #4
        ldy #8
@sort:  lda g_y0,y                  ; swap vertices X and Y when Y's y is lower (signed)
        cmp g_y0,x
        lda g_y0+1,y
        sbc g_y0+1,x
        bvc @sv
        eor #$80
@sv:    bpl @in_order
        lda #4
        sta zp_t5
@swap:  lda g_x0,x
        pha
        lda g_x0,y
        sta g_x0,x
        pla
        sta g_x0,y
        inx
        iny
        dec zp_t5
        bne @swap
@in_order:
        rts

; g_math = the x where the edge from vertex X to vertex Y (offsets from g_x0; Y's y not below X's)
; crosses row g_row: x0 + (x1 - x0) * (row - y0) / (y1 - y0), in 16 bits with a 32-bit product.
edge_x: lda g_y0,y                  ; dy (zp_t2/3)
        sec
        sbc g_y0,x
        sta zp_t2
        lda g_y0+1,y
        sbc g_y0+1,x
        sta zp_t3
        ora zp_t2
        bne @slope
        lda g_x0,x                  ; a flat edge: its first x
        sta g_math
        lda g_x0+1,x
        sta g_math+1
        rts
@slope: lda g_row                   ; m = row - y0 (zp_t0/1)
        sec
        sbc g_y0,x
        sta zp_t0
        lda g_row+1
        sbc g_y0+1,x
        sta zp_t1
        lda g_x0,y                  ; dx, signed; |dx| in g_math+2/3
        sec
        sbc g_x0,x
        sta g_math+2
        lda g_x0+1,y
        sbc g_x0+1,x
        sta g_math+3
        php                         ; the sign
        bpl @pos
        lda #0
        sec
        sbc g_math+2
        sta g_math+2
        lda #0
        sbc g_math+3
        sta g_math+3
@pos:   txa
        pha
        jsr scaled                  ; |dx| * m / dy, rounded to the nearest (a half towards x0)
        pla
        tax
        plp                         ; the sign of dx
; g_math/g_math+1 = g_x0+X (2 bytes) + zp_t4/5, that negated first when N is set.
offset_from:
        bpl @add
        lda #0
        sec
        sbc zp_t4
        sta zp_t4
        lda #0
        sbc zp_t5
        sta zp_t5
@add:   lda g_x0,x
        clc
        adc zp_t4
        sta g_math
        lda g_x0+1,x
        adc zp_t5
        sta g_math+1
        rts

; zp_t4/5 = (g_math+2/3 * zp_t0/1 + (zp_t2/3 - 1) / 2) DIV zp_t2/3, the remainder in zp_t0/1
; (unsigned; the quotient's low 16 bits): a ratio rounded to the nearest, a half rounded down, as
; MOS 1.20's triangle edges and the start of a clipped line need it.
scaled: lda #0                      ; product, 32 bits in zp_t4/5 and g_math+6/7
        sta zp_t4
        sta zp_t5
        sta g_math+6
        sta g_math+7
        ldx #16
        ldy zp_t1                   ; a multiplier below 256: its 8 bits only
        bne @mul
        ldy zp_t0
        sty zp_t1
        ldx #8
@mul:   asl zp_t4
        rol zp_t5
        rol g_math+6
        rol g_math+7
        asl zp_t0
        rol zp_t1
        bcc @no_add
        lda zp_t4
        clc
        adc g_math+2
        sta zp_t4
        lda zp_t5
        adc g_math+3
        sta zp_t5
        bcc @no_add
        inc g_math+6
        bne @no_add
        inc g_math+7
@no_add:
        dex
        bne @mul
        lda zp_t2                   ; + (divisor - 1) / 2
        sec
        sbc #1
        tax
        lda zp_t3
        sbc #0
        lsr a
        tay
        txa
        ror a
        clc
        adc zp_t4
        sta zp_t4
        tya
        adc zp_t5
        sta zp_t5
        bcc @divide
        inc g_math+6
        bne @divide
        inc g_math+7
@divide:
        lda g_math+6                ; quotient = product / divisor: remainder in zp_t0/1; the
        sta zp_t0                   ; quotient fits 16 bits (the ratio is at most the numerator's
        lda g_math+7                ; first factor, plus 1), so the product's high half is
        sta zp_t1                   ; already less than the divisor: 16 steps
        ldx #16
@div:   asl zp_t4
        rol zp_t5
        rol zp_t0
        rol zp_t1
        lda zp_t0
        sec
        sbc zp_t2
        tay
        lda zp_t1
        sbc zp_t3
        bcc @no_sub
        sta zp_t1
        sty zp_t0
        inc zp_t4
@no_sub:
        dex
        bne @div
        rts

; OSWORD 13: the last two graphics cursor positions, in external coordinates as MOS 1.20 gives them
; (measured): the pixel, times the units a pixel, less the origin.
word13: ldx #0
        stx zp_t3                   ; the block's offset
@word:  lda gold_x,x
        sta zp_t0
        lda gold_x+1,x
        sta zp_t1
        txa
        and #2
        tay                         ; 0: x, 2: y
        lda #2                      ; 4 units a pixel up
        cpy #0
        bne @units
        lda g_xshift                ; 2, 4 or 8 across
@units: asl zp_t0
        rol zp_t1
        sec
        sbc #1
        bne @units
        lda zp_t0
        sec
        sbc gorigin_x,y
        sta zp_t0
        lda zp_t1
        sbc gorigin_x+1,y
        ldy zp_t3
        iny
        sta (os_x),y
        dey
        lda zp_t0
        sta (os_x),y
        iny
        iny
        sty zp_t3
        inx
        inx
        cpx #4                      ; the previous point, then the current
        bne @next
        ldx #gcur_px - gold_x
@next:  cpx #gcur_px - gold_x + 4
        bne @word
        rts

; ---- VDU 5: characters at the graphics cursor ----

; Draw character A with its top-left at the graphics cursor in the graphics foreground colour
; (only the character's set pixels are plotted), then move the cursor one character right.
vdu5_char:
        jsr glyph_address
        lda zp_ptr
        sta zp_ptr2
        lda zp_ptr+1
        sta zp_ptr2+1
        lda graph_fg
        ldx graph_fg_action
        jsr set_plot_colour
        ldy #0
@line:  sty g_row
        lda (zp_ptr2),y
        sta g_xa
        lda gcur_py
        sec
        sbc g_row
        sta g_py
        lda gcur_py+1
        sbc #0
        sta g_py+1
        lda gcur_px
        sta g_px
        lda gcur_px+1
        sta g_px+1
        ldx #8
@dot:   asl g_xa
        bcc @blank
        txa
        pha
        lda zp_ptr2
        pha
        lda zp_ptr2+1
        pha
        jsr plot_point
        pla
        sta zp_ptr2+1
        pla
        sta zp_ptr2
        pla
        tax
@blank: jsr vdu5_pixel_step
        dex
        bne @dot
        ldy g_row
        iny
        cpy #8
        bne @line
        jmp vdu5_right

; g_px on by one pixel (a character is 8 pixels wide in every graphics MODE).
vdu5_pixel_step:
        inc g_px
        bne @d
        inc g_px+1
@d:     rts

; The graphics cursor one character (8 pixels) each way.  Past an edge of the graphics window it
; goes round as MOS 1.20's does (measured): past the right edge to the left edge and a line down,
; past the left to 7 pixels in from the right and a line up, past the bottom to the top, past the
; top to 7 pixels above the bottom.
vdu5_right:
        lda gcur_px
        clc
        adc #8
        sta gcur_px
        bcc @in
        inc gcur_px+1
@in:    lda gwin_right
        cmp gcur_px
        lda gwin_right+1
        sbc gcur_px+1
        bpl vdu5_done
        jsr vdu5_return
vdu5_down:
        lda gcur_py
        sec
        sbc #8
        sta gcur_py
        bcs @in
        dec gcur_py+1
@in:    lda gcur_py
        cmp gwin_bottom
        lda gcur_py+1
        sbc gwin_bottom+1
        bpl vdu5_done
        lda gwin_top
        sta gcur_py
        lda gwin_top+1
        sta gcur_py+1
vdu5_done:
        rts
vdu5_left:
        lda gcur_px
        sec
        sbc #8
        sta gcur_px
        bcs @in
        dec gcur_px+1
@in:    lda gcur_px
        cmp gwin_left
        lda gcur_px+1
        sbc gwin_left+1
        bpl vdu5_done
        lda gwin_right
        sec
        sbc #7
        sta gcur_px
        lda gwin_right+1
        sbc #0
        sta gcur_px+1
vdu5_up:
        lda gcur_py
        clc
        adc #8
        sta gcur_py
        bcc @in
        inc gcur_py+1
@in:    lda gwin_top
        cmp gcur_py
        lda gwin_top+1
        sbc gcur_py+1
        bpl vdu5_done
        lda gwin_bottom
        clc
        adc #7
        sta gcur_py
        lda gwin_bottom+1
        adc #0
        sta gcur_py+1
        rts
vdu5_return:
        lda gwin_left
        sta gcur_px
        lda gwin_left+1
        sta gcur_px+1
        rts
vdu5_home:
        jsr vdu5_return
        lda gwin_top
        sta gcur_py
        lda gwin_top+1
        sta gcur_py+1
        rts
vdu5_delete:
        jsr vdu5_left
        lda gcur_px                 ; rub out: the cell in the background colour
        sta g_xa
        clc
        adc #7
        sta g_xb
        lda gcur_px+1
        sta g_xa+1
        adc #0
        sta g_xb+1
        lda graph_bg
        ldx #0
        jsr set_plot_colour
        lda gcur_py
        sta g_row
        ldx #8
@r:     txa
        pha
        jsr span
        dec g_row
        pla
        tax
        dex
        bne @r
        rts

mode_xshift:    .byte 1, 2, 3, 1, 2, 3, 1, 1    ; 1280 / pixels across = 2, 4, 8

; A = the logical colour of the point g_px, g_py (external, from the origin); &FF off the window or
; in a MODE with no graphics.
read_point:
        jsr graphics_mode
        bne @go
        lda #$FF
        rts
@go:
        jsr to_pixels
        jsr pixel_inside
        bcs pixel_colour
@off:   lda #$FF
        rts

; A = the logical colour of pixel g_px, g_py (inside the window).
pixel_colour:
        jsr pixel_address
        ldy #0
        lda (zp_ptr),y
        and zp_mask
        sta zp_t0
        ; shift the pixel's bits to the left of the byte, then gather them: the colour's bits are
        ; every (8 / pixels a byte)th bit from bit 7
        lda zp_mask
@align: asl a
        bcs @aligned
        asl zp_t0
        jmp @align
@aligned:
        lda #0
        ldx pixels_less_1
        cpx #7
        beq @bits1
        cpx #3
        beq @bits2
        ldx #4                      ; 16 colours: bits 7, 5, 3, 1
@g16:   asl zp_t0
        rol a
        asl zp_t0
        dex
        bne @g16
        rts
@bits2: asl zp_t0                   ; 4 colours: bits 7 and 3
        rol a
        asl zp_t0
        asl zp_t0
        asl zp_t0
        asl zp_t0
        rol a
        rts
@bits1: asl zp_t0
        rol a
        rts

; How PLOT 0-31 draw: K>>3 = 0 solid, 1 solid without the last point, 2 dotted, 3 dotted without the
; last point.
line_styles:    .byte 0, 2, $40, $42

; Is pixel g_px, g_py inside the graphics window?  C set if so.
pixel_inside:
        lda g_px
        cmp gwin_left
        lda g_px+1
        sbc gwin_left+1
        bmi @out
        lda gwin_right
        cmp g_px
        lda gwin_right+1
        sbc g_px+1
        bmi @out
        lda g_py
        cmp gwin_bottom
        lda g_py+1
        sbc gwin_bottom+1
        bmi @out
        lda gwin_top
        cmp g_py
        lda gwin_top+1
        sbc g_py+1
        bmi @out
        sec
        rts
@out:   clc
        rts

; PLOT 72-79: from the point, left and right over pixels of the graphics background colour, then
; fill that run (nothing if the point itself is not background).  PLOT 88-95: from the point, right
; over pixels that are not the background colour.  The pixels are tested a byte and mask at a time.
fill_left_right:
        lda #0
        beq fill_run
fill_right_to_background:
        lda #$80
fill_run:
        sta g_sy                    ; bit 7: the run is over pixels that are not background
        jsr pixel_inside
        bcs @inside
@none:  rts
@inside:
        lda graph_bg
        jsr colour_fill
        sta g_dx                    ; the background's fill byte
        lda gwin_right              ; right from the point, at most to the window's right edge
        sec
        sbc g_px
        sta g_err
        lda gwin_right+1
        sbc g_px+1
        sta g_err+1
        jsr pixel_address
        ldx #0
        jsr @scan
        bcc @none                   ; the point itself is not in the run
        lda gwin_right              ; the run's right end: the edge less the steps not taken
        sec
        sbc g_err
        sta g_xb
        lda gwin_right+1
        sbc g_err+1
        sta g_xb+1
        lda g_px
        sta g_xa
        lda g_px+1
        sta g_xa+1
        bit g_sy
        bmi @fill                   ; PLOT 88-95: from the point
        lda g_px                    ; left, at most to the window's left edge
        sec
        sbc gwin_left
        sta g_err
        lda g_px+1
        sbc gwin_left+1
        sta g_err+1
        jsr pixel_address
        ldx #2
        jsr @scan
        lda gwin_left               ; the run's left end: the edge plus the steps not taken
        clc
        adc g_err
        sta g_xa
        lda gwin_left+1
        adc g_err+1
        sta g_xa+1
@fill:  lda g_py
        sta g_row
        jmp span
; From the point at zp_ptr, zp_mask along the row (X = 0 right, 2 left): C clear if the point is
; not in the run (background, g_sy bit 7 clear, or not); else C set and g_err counted down by the
; pixels beyond it that are, up to g_err of them.
@scan:  clc
@test:  ldy #0
        lda (zp_ptr),y
        eor g_dx
        and zp_mask
        beq @bg
        lda #$80
@bg:    eor g_sy
        bne @out                    ; not in the run
        bcc @limit                  ; the point itself
        lda g_err                   ; one more pixel beyond it
        bne @count
        dec g_err+1
@count: dec g_err
@limit: sec
        lda g_err
        ora g_err+1
        beq @out
        txa
        bne @left
        lsr zp_mask
        bcs @byte
        sec
        bcs @test
@byte:  jsr pixel_next_byte
        sec
        bcs @test
@left:  jsr pixel_left
        sec
        bcs @test
@out:   rts
