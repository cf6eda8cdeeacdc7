; ---- the VDU drivers (User Guide chapter 34 "VDU drivers"; AUG chapter "VDU drivers") ---------------

; VDUCHR: one byte to the VDU drivers.
vdu_char_entry:
        ldx vdu_queue_count
        bne @parameter
        bit vdu_status
        bpl @enabled
        cmp #6                      ; after VDU 21 only VDU 6 acts; parameters are still swallowed
        beq @control
        cmp #32
        bcs @done
        tax
        lda vdu_parameter_counts,x
        beq @done
        sta vdu_queue_count
        lda #<vdu_nothing
        sta vdu_handler
        lda #>vdu_nothing
        sta vdu_handler+1
@done:  rts
@enabled:
        cmp #32
        bcc @control
        cmp #127
        beq @delete
        jmp print_char
@delete:
        jmp vdu127
@control:
        tax
        lda vdu_parameter_counts,x
        bne @queue
        txa
        asl a
        tax
        lda vdu_routines+1,x
        pha
        lda vdu_routines,x
        pha
        rts                         ; to the routine (its address - 1 is in the table)
@queue: sta vdu_queue_count
        txa
        asl a
        tax
        lda vdu_routines,x
        clc
        adc #1
        sta vdu_handler
        lda vdu_routines+1,x
        adc #0
        sta vdu_handler+1
        rts
@parameter:                         ; parameter n of k goes to &0324 - (k - n + 1)
        pha
        txa
        eor #$FF
        clc
        adc #10
        tax                         ; 9 - count
        pla
        sta vdu_queue,x
        dec vdu_queue_count
        bne @more
        jmp (vdu_handler)
@more:  rts

vdu_nothing:
        rts

; ---- mode parameters ----
mode_crtc_set:  .byte 0, 0, 0, 12, 24, 24, 36, 48
mode_ula:       .byte $9C, $D8, $F4, $9C, $88, $C4, $88, $4B
mode_latch:     .byte 2, 2, 2, 0, 3, 3, 1, 1    ; C0 | C1 << 1: the hardware-scroll wrap (20K 16K 10K 8K)
mode_page:      .byte $30, $30, $30, $40, $58, $58, $60, $7C
mode_pages:     .byte $50, $50, $50, $40, $28, $28, $20, $04
mode_char_shift: .byte 3, 4, 5, 3, 3, 4, 3, 0
mode_row_shift: .byte 7, 7, 7, 7, 6, 6, 6, 3
mode_columns:   .byte 79, 39, 19, 79, 39, 19, 39, 39
mode_rows:      .byte 31, 31, 31, 24, 31, 31, 24, 24
mode_colours:   .byte 1, 3, 15, 1, 1, 3, 1, 0
mode_pixels:    .byte 7, 3, 1, 7, 7, 3, 7, 0
mode_map_type:  .byte 0, 0, 0, 1, 2, 2, 3, 4
; 6845 registers 0-11 (AUG 18.x / the MOS's tables of CRTC values for each MODE).  R7, the vertical
; sync row, is one more than the AUG's table (35 and 28), as MOS 1.20 sets it with *TV 0 (measured).
crtc_table:
        .byte 127, 80, 98, $28, 38, 0, 32, 35, $01, 7, $67, 8       ; MODEs 0-2
        .byte 127, 80, 98, $28, 30, 2, 25, 28, $01, 9, $67, 9       ; MODE 3
        .byte 63, 40, 49, $24, 38, 0, 32, 35, $01, 7, $67, 8        ; MODEs 4-5
        .byte 63, 40, 49, $24, 30, 2, 25, 28, $01, 9, $67, 9        ; MODE 6
        .byte 63, 40, 51, $24, 30, 2, 25, 28, $93, 18, $72, $13     ; MODE 7

; Select MODE A (0-7; 8-255 as A AND 7): registers, palette, windows, a cleared screen.
set_mode:
        and #7
        sta vdu_mode
        tax
        lda mode_page,x
        sta screen_page
        lda mode_pages,x
        sta screen_pages
        lda mode_char_shift,x
        sta char_shift
        tay
        lda #1
@cb:    dey
        bmi @cb_done
        asl a
        bne @cb
@cb_done:
        sta char_bytes
        lda mode_row_shift,x
        sta row_shift
        lda mode_colours,x
        sta colours_less_1
        lda mode_pixels,x
        sta pixels_less_1
        lda mode_map_type,x
        sta map_type
        lda mode_columns,x          ; bytes a row = columns * bytes a cell
        clc
        adc #1
        ldy char_shift
        sta row_bytes
        lda #0
        sta row_bytes+1
@rb:    dey
        bmi @rb_done
        asl row_bytes
        rol row_bytes+1
        jmp @rb
@rb_done:
        ; the 6845
        lda mode_crtc_set,x
        tay
        ldx #0
@crtc:  stx CRTC_ADDR
        lda crtc_table,y
        cpx #7
        bne @not_r7
        clc                         ; *TV's vertical adjustment (signed rows) moves the sync
        adc tv_offset
@not_r7:
        cpx #8
        bne @not_r8
        and #$FE                    ; *TV's Y: 0 interlace (bit 0 of R8 set), 1 no interlace
        sta zp_t0
        lda tv_interlace
        and #1
        eor #1
        ora zp_t0
@not_r8:
        sta CRTC_DATA
        iny
        inx
        cpx #12
        bne @crtc
        lda crtc_table-2,y          ; R10: the cursor's shape
        sta cursor_r10
        lda #0
        sta cursor_off
        lda vdu_status              ; no VDU 5, no window, no cursor editing
        and #$96
        sta vdu_status
        jsr vdu20
        jsr default_windows
        jsr clear_screen            ; which homes the text cursor
        ; the video ULA last, once the 6845 shows the cleared screen (not RAM as it powered up);
        ; flashing restarts with the first colours
        ldx vdu_mode
        lda mode_ula,x
        sta ula_copy
        sta ULA_CTRL
        lda #1
        sta flash_state
        lda flash_space
        sta flash_counter
        ; C0/C1 in IC32 bits 4 and 5
        lda mode_latch,x
        lsr a
        pha
        lda #$04
        bcc @c0
        ora #$08
@c0:    sta SYS_ORB
        pla
        lsr a
        lda #$05
        bcc @c1
        ora #$08
@c1:    sta SYS_ORB
        rts

; ---- the text cursor ----

; zp_ptr = the address of the cell at column X, row Y (absolute), allowing for hardware scrolling.
; The column's offset is column << char_shift.  X and Y are not kept; zp_t4/5 are used.
cell_address:
        txa
        ldx char_shift
        bne @cells
        sta zp_t4                   ; MODE 7: a byte a column
        stx zp_t5
        beq @row
@cells: cpx #3                      ; MODEs 1, 2 and 5: 2 or 4 columns of 8 bytes each
        beq @x8
        asl a
        dex
        bne @cells
@x8:    sta zp_t5                   ; A = columns of 8 bytes (< 80): A * 8
        asl a
        asl a
        asl a
        sta zp_t4
        lda zp_t5
        lsr a
        lsr a
        lsr a
        lsr a
        lsr a
        sta zp_t5
@row:   sty zp_ptr                  ; the row's offset: row * 5 << row_shift, as (row * 5 << 8)
        tya                         ; >> (8 - row_shift), row_shift being 7, 6 or 3
        asl a
        asl a
        adc zp_ptr                  ; carry clear: row < 32
        ldx #0
        stx zp_ptr
        ldx row_shift
        cpx #7
        beq @s1
        cpx #6
        beq @s2
        lsr a
        ror zp_ptr
        lsr a
        ror zp_ptr
        lsr a
        ror zp_ptr
@s2:    lsr a
        ror zp_ptr
@s1:    lsr a
        ror zp_ptr
        tax
        lda zp_ptr
        clc
        adc zp_t4
        sta zp_ptr
        txa
        adc zp_t5
        sta zp_ptr+1
        lda zp_ptr
        clc
        adc screen_top
        sta zp_ptr
        lda zp_ptr+1
        adc screen_top+1
        sta zp_ptr+1
        ; fall into wrap_ptr
; Bring zp_ptr back into the screen if it ran past &7FFF.
wrap_ptr:
        lda zp_ptr+1
        bpl @in
        sec
        sbc screen_pages
        sta zp_ptr+1
@in:    rts

; Work out the cursor's cell address (&D8) and tell the 6845 where the cursor is.
place_cursor:
        ldx cursor_x
        ldy cursor_y
        jsr cell_address
; The cursor's cell is the one at zp_ptr.
place_cursor_at_ptr:
        lda zp_ptr
        sta zp_cursor
        lda zp_ptr+1
        sta zp_cursor+1
        jsr crtc_address            ; the 6845's address for it
        sta cursor_address+1
        stx cursor_address
        ldy #14
        sty CRTC_ADDR
        sta CRTC_DATA
        iny
        sty CRTC_ADDR
        stx CRTC_DATA
        rts

; A (high), X (low) = the 6845's address for the screen address in zp_ptr: in MODE 7
; (address - &7400) EOR &2000, in the bitmap MODEs address / 8.
crtc_address:
        lda vdu_mode
        cmp #7
        bne @bitmap
        ldx zp_ptr
        lda zp_ptr+1
        sec
        sbc #$74
        eor #$20
        rts
@bitmap:
        lda zp_ptr+1
        sta zp_t5
        lda zp_ptr
        lsr zp_t5
        ror a
        lsr zp_t5
        ror a
        lsr zp_t5
        ror a
        tax
        lda zp_t5
        rts

; The 6845's start address from screen_top.
set_screen_start:
        lda screen_top
        sta zp_ptr
        lda screen_top+1
        sta zp_ptr+1
        jsr crtc_address
        ldy #12
        sty CRTC_ADDR
        sta CRTC_DATA
        iny
        sty CRTC_ADDR
        stx CRTC_DATA
        rts

; ---- printing ----

print_char:
        pha
        lda vdu_status
        and #$20
        beq @text
        pla
        jmp vdu5_char
@text:  pla                         ; the cell at zp_cursor: whatever moves the cursor or
                                    ; scrolls ends with place_cursor
        jsr draw_char
        lda cursor_x                ; the cursor right: within the window the next cell is
        cmp twin_right              ; char_bytes on (perhaps past &7FFF)
        bcs @wrap
        inc cursor_x
        lda zp_cursor+1
        sta zp_ptr+1
        lda zp_cursor
        clc
        adc char_bytes
        sta zp_ptr
        bcc @placed
        inc zp_ptr+1
        jsr wrap_ptr
@placed:
        jmp place_cursor_at_ptr
@wrap:  jsr cursor_right
        jmp place_cursor

; Draw character A in the cell at zp_cursor in the text colours.
draw_char:
        ldx vdu_mode
        cpx #7
        bne @bitmap
        cmp #'#'                    ; MODE 7 shows &5F as # and &60 as _ and &23 as a pound sign;
        bne @n1                     ; the MOS swaps them so the codes print as in other MODEs
        lda #$5F
        bne @store
@n1:    cmp #'_'
        bne @n2
        lda #$60
        bne @store
@n2:    cmp #$60
        bne @store
        lda #'#'
@store: ldy #0
        sta (zp_cursor),y
        rts
@bitmap:
        jsr glyph_address
        lda zp_fg
        eor zp_bg
        sta zp_t0
        lda pixels_less_1
        cmp #7
        beq @two
        cmp #3
        beq @four
        ldy #7                      ; 16 colours: two pixels a byte, 4 bytes across
@s_row: lda (zp_ptr),y
        sta zp_t1
        sty zp_t2
        sty zp_t3
        ldx #4
@s_col: lda #0
        asl zp_t1
        bcc @s_l
        ora #$AA
@s_l:   asl zp_t1
        bcc @s_r
        ora #$55
@s_r:   and zp_t0
        eor zp_bg
        ldy zp_t3
        sta (zp_cursor),y
        tya
        clc
        adc #8
        sta zp_t3
        dex
        bne @s_col
        ldy zp_t2
        dey
        bpl @s_row
        rts
@four:  lda zp_cursor              ; 4 colours: four pixels a byte, 2 bytes across; zp_ptr2 is
        clc                         ; the right half (a cell never straddles &8000)
        adc #8
        sta zp_ptr2
        lda zp_cursor+1
        adc #0
        sta zp_ptr2+1
        ldy #7
@f_row: lda (zp_ptr),y
        lsr a
        lsr a
        lsr a
        lsr a
        tax
        lda nibble_pixels,x
        and zp_t0
        eor zp_bg
        sta (zp_cursor),y
        lda (zp_ptr),y
        and #$0F
        tax
        lda nibble_pixels,x
        and zp_t0
        eor zp_bg
        sta (zp_ptr2),y
        dey
        bpl @f_row
        rts
@two:   ldy #7
@t_row: lda (zp_ptr),y
        and zp_t0
        eor zp_bg
        sta (zp_cursor),y
        dey
        bpl @t_row
        rts

; Four pixels (bit 3 leftmost) as a 4-colour byte of ones: each pixel's bit in both halves.
nibble_pixels:
        .byte $00, $11, $22, $33, $44, $55, $66, $77, $88, $99, $AA, $BB, $CC, $DD, $EE, $FF

; zp_ptr = the 8 bytes defining character A (&20-&FF; X and A kept).  Each group of 32 characters
; has its page in font_pages (AUG: the font location bytes &0368-&036E): &20-&7F the ROM font at
; &C000 until OSBYTE 20 explodes them into RAM; &80-&FF share &0C00 (MOS 1.20's "implosion").
glyph_address:
        stx zp_ptr
        pha
        lsr a
        lsr a
        lsr a
        lsr a
        lsr a
        tax
        lda font_pages-1,x
        sta zp_ptr+1
        ldx zp_ptr
        pla
        pha
        asl a
        asl a
        asl a
        sta zp_ptr
        pla
        rts

; ---- cursor movement ----

; Right one (VDU 9), on to the next line at the right edge.
cursor_right:
        lda cursor_x
        cmp twin_right
        bcs @wrap
        inc cursor_x
        rts
@wrap:  lda twin_left
        sta cursor_x
        jmp cursor_down

; Down one (VDU 10), scrolling at the bottom.
cursor_down:
        lda vdu_status
        and #$04
        beq @not_paged
        jsr page_wait
@not_paged:
        lda cursor_y
        cmp twin_bottom
        bcs @scroll
        inc cursor_y
        rts
@scroll:
        jmp scroll_up

; Up one (VDU 11), scrolling down at the top.
cursor_up:
        lda cursor_y
        cmp twin_top
        beq @scroll
        bcc @scroll
        dec cursor_y
        rts
@scroll:
        jmp scroll_down

; Left one (VDU 8), back to the end of the line above at the left edge.
cursor_left:
        lda cursor_x
        cmp twin_left
        beq @wrap
        bcc @wrap
        dec cursor_x
        rts
@wrap:  lda twin_right
        sta cursor_x
        jmp cursor_up

; Paged mode (VDU 14): after a window's height of lines, wait for SHIFT (AUG, VDU 14).
page_wait:
        inc paged_lines
        lda twin_bottom
        sec
        sbc twin_top
        cmp paged_lines
        bcs @go
@wait:  lda escape_flag
        bmi @reset
        jsr keyv_shift_ctrl         ; SHIFT (V) lets the next page go
        cli
        bvc @wait
@reset: lda #0
        sta paged_lines
@go:    rts

; ---- scrolling ----

; Scroll the text window up a line: the whole screen by moving the 6845's start address, a smaller
; window by copying.
scroll_up:
        lda vdu_status
        and #$02                    ; scrolling disabled (never set by us; kept for *FX)
        bne @done
        lda vdu_status
        and #$08
        bne @soft
        lda screen_top
        clc
        adc row_bytes
        sta screen_top
        sta zp_ptr
        lda screen_top+1
        adc row_bytes+1
        sta zp_ptr+1
        jsr wrap_ptr
        lda zp_ptr+1
        sta screen_top+1
        jsr set_screen_start
        ldy twin_bottom
        jmp clear_text_row
@soft:  lda twin_top
        sta zp_t3
@copy:  lda zp_t3
        cmp twin_bottom
        bcs @last
        ldy zp_t3
        iny
        tya
        ldx zp_t3
        jsr copy_text_row
        inc zp_t3
        bne @copy
@last:  ldy twin_bottom
        jmp clear_text_row
@done:  rts

; Scroll the text window down a line.
scroll_down:
        lda vdu_status
        and #$08
        bne @soft
        lda screen_top
        sec
        sbc row_bytes
        sta screen_top
        lda screen_top+1
        sbc row_bytes+1
        cmp screen_page
        bcs @in
        clc
        adc screen_pages
@in:    sta screen_top+1
        jsr set_screen_start
        ldy twin_top
        jmp clear_text_row
@soft:  lda twin_bottom
        sta zp_t3
@copy:  lda zp_t3
        cmp twin_top
        beq @first
        bcc @first
        ldy zp_t3
        dey
        tya
        ldx zp_t3
        jsr copy_text_row
        dec zp_t3
        jmp @copy
@first: ldy twin_top
        jmp clear_text_row

; Copy the window's part of text row A to row X.
copy_text_row:
        pha
        txa
        tay
        ldx twin_left
        jsr cell_address
        lda zp_ptr
        sta zp_ptr2
        lda zp_ptr+1
        sta zp_ptr2+1
        pla
        tay
        ldx twin_left
        jsr cell_address
        jsr window_width_bytes
        lda twin_right              ; X units of zp_t0 bytes, none straddling &8000: the window's
        sec                         ; width as one unit when it is under 256 bytes and neither
        sbc twin_left               ; row reaches &8000, else its cells
        tax
        inx
        ldy char_bytes
        lda zp_t5
        bne @units
        lda zp_t4
        clc
        adc zp_ptr
        lda zp_ptr+1
        adc #0
        bmi @units
        lda zp_t4
        clc
        adc zp_ptr2
        lda zp_ptr2+1
        adc #0
        bmi @units
        ldy zp_t4
        ldx #1
@units: sty zp_t0
@unit:  ldy zp_t0
        tya
        and #7
        bne @byte
@eight: dey                         ; 8 bytes at a time, unrolled
        lda (zp_ptr),y
        sta (zp_ptr2),y
        dey
        lda (zp_ptr),y
        sta (zp_ptr2),y
        dey
        lda (zp_ptr),y
        sta (zp_ptr2),y
        dey
        lda (zp_ptr),y
        sta (zp_ptr2),y
        dey
        lda (zp_ptr),y
        sta (zp_ptr2),y
        dey
        lda (zp_ptr),y
        sta (zp_ptr2),y
        dey
        lda (zp_ptr),y
        sta (zp_ptr2),y
        dey
        lda (zp_ptr),y
        sta (zp_ptr2),y
        tya
        bne @eight
        beq @next
@byte:  dey
        lda (zp_ptr),y
        sta (zp_ptr2),y
        tya
        bne @byte
@next:  lda zp_ptr
        clc
        adc zp_t0
        sta zp_ptr
        bcc @s1
        inc zp_ptr+1
        jsr wrap_ptr
@s1:    lda zp_ptr2
        clc
        adc zp_t0
        sta zp_ptr2
        bcc @s2
        inc zp_ptr2+1
        lda zp_ptr2+1
        bpl @s2
        sec
        sbc screen_pages
        sta zp_ptr2+1
@s2:    dex
        bne @unit
        rts

; zp_t4/5 = the bytes across the text window ((right - left + 1) << char_shift).
window_width_bytes:
        lda twin_right
        sec
        sbc twin_left
        clc
        adc #1
        sta zp_t4
        lda #0
        sta zp_t5
        ldy char_shift
        beq @done
@sh:    asl zp_t4
        rol zp_t5
        dey
        bne @sh
@done:  rts

; Fill the window's part of text row Y with the background.
clear_text_row:
        ldx twin_left
        jsr cell_address
        jsr window_width_bytes
        ; fall into fill_bytes
; Fill zp_t4/5 bytes (at least one; at most a row, 640) from zp_ptr with the background, wrapping
; past &7FFF.  Y walks the page.  In the bitmap MODEs the bytes are whole cells of 8 (8-aligned, so
; a page ends only after an eighth store), X counting the cells; MODE 7's spaces go one at a time.
fill_bytes:
        ldy zp_ptr
        ldx #0
        stx zp_ptr
        lda zp_t4
        ldx char_shift              ; (0 also before the first MODE has set the variables)
        beq @teletext
        lsr zp_t5                   ; cells = bytes / 8
        ror a
        lsr zp_t5
        ror a
        lsr zp_t5
        ror a
        tax
        lda zp_bg
@cell:
        sta (zp_ptr),y
        iny
        sta (zp_ptr),y
        iny
        sta (zp_ptr),y
        iny
        sta (zp_ptr),y
        iny
        sta (zp_ptr),y
        iny
        sta (zp_ptr),y
        iny
        sta (zp_ptr),y
        iny
        sta (zp_ptr),y
        iny
        bne @next
        jsr @page
@next:  dex
        bne @cell
        rts
@teletext:
        lda zp_bg
        ldx vdu_mode
        cpx #7
        bne @count
        lda #' '
@count: ldx zp_t4                   ; at most 40 bytes
@byte:  sta (zp_ptr),y
        iny
        bne @same
        jsr @page
@same:  dex
        bne @byte
        rts
@page:  inc zp_ptr+1                ; on to the next page, back into the screen past &7FFF
        bit zp_ptr+1
        bpl @in
        pha
        lda zp_ptr+1
        sec
        sbc screen_pages
        sta zp_ptr+1
        pla
@in:    rts

; The whole screen memory, screen_page to &7FFF, filled with A: unrolled over the half pages, two
; stores a page (X 0-127), entered at the stores for the MODE's first page (&30-&7F, 6 bytes a page).
fill_screen:
        ldy vdu_mode
        ldx fill_entry_lo,y
        stx zp_ptr
        ldx fill_entry_hi,y
        stx zp_ptr+1
        ldx #0
        jmp (zp_ptr)
; Each MODE's entry to fill_pages: the stores for its first page (mode_page's), 6 bytes a page.
fill_entry_lo:
        .byte <(fill_pages+6*($30-$30)), <(fill_pages+6*($30-$30)), <(fill_pages+6*($30-$30)), <(fill_pages+6*($40-$30))
        .byte <(fill_pages+6*($58-$30)), <(fill_pages+6*($58-$30)), <(fill_pages+6*($60-$30)), <(fill_pages+6*($7C-$30))
fill_entry_hi:
        .byte >(fill_pages+6*($30-$30)), >(fill_pages+6*($30-$30)), >(fill_pages+6*($30-$30)), >(fill_pages+6*($40-$30))
        .byte >(fill_pages+6*($58-$30)), >(fill_pages+6*($58-$30)), >(fill_pages+6*($60-$30)), >(fill_pages+6*($7C-$30))
fill_pages:
        sta $3000,x
        sta $3080,x
        sta $3100,x
        sta $3180,x
        sta $3200,x
        sta $3280,x
        sta $3300,x
        sta $3380,x
        sta $3400,x
        sta $3480,x
        sta $3500,x
        sta $3580,x
        sta $3600,x
        sta $3680,x
        sta $3700,x
        sta $3780,x
        sta $3800,x
        sta $3880,x
        sta $3900,x
        sta $3980,x
        sta $3A00,x
        sta $3A80,x
        sta $3B00,x
        sta $3B80,x
        sta $3C00,x
        sta $3C80,x
        sta $3D00,x
        sta $3D80,x
        sta $3E00,x
        sta $3E80,x
        sta $3F00,x
        sta $3F80,x
        sta $4000,x
        sta $4080,x
        sta $4100,x
        sta $4180,x
        sta $4200,x
        sta $4280,x
        sta $4300,x
        sta $4380,x
        sta $4400,x
        sta $4480,x
        sta $4500,x
        sta $4580,x
        sta $4600,x
        sta $4680,x
        sta $4700,x
        sta $4780,x
        sta $4800,x
        sta $4880,x
        sta $4900,x
        sta $4980,x
        sta $4A00,x
        sta $4A80,x
        sta $4B00,x
        sta $4B80,x
        sta $4C00,x
        sta $4C80,x
        sta $4D00,x
        sta $4D80,x
        sta $4E00,x
        sta $4E80,x
        sta $4F00,x
        sta $4F80,x
        sta $5000,x
        sta $5080,x
        sta $5100,x
        sta $5180,x
        sta $5200,x
        sta $5280,x
        sta $5300,x
        sta $5380,x
        sta $5400,x
        sta $5480,x
        sta $5500,x
        sta $5580,x
        sta $5600,x
        sta $5680,x
        sta $5700,x
        sta $5780,x
        sta $5800,x
        sta $5880,x
        sta $5900,x
        sta $5980,x
        sta $5A00,x
        sta $5A80,x
        sta $5B00,x
        sta $5B80,x
        sta $5C00,x
        sta $5C80,x
        sta $5D00,x
        sta $5D80,x
        sta $5E00,x
        sta $5E80,x
        sta $5F00,x
        sta $5F80,x
        sta $6000,x
        sta $6080,x
        sta $6100,x
        sta $6180,x
        sta $6200,x
        sta $6280,x
        sta $6300,x
        sta $6380,x
        sta $6400,x
        sta $6480,x
        sta $6500,x
        sta $6580,x
        sta $6600,x
        sta $6680,x
        sta $6700,x
        sta $6780,x
        sta $6800,x
        sta $6880,x
        sta $6900,x
        sta $6980,x
        sta $6A00,x
        sta $6A80,x
        sta $6B00,x
        sta $6B80,x
        sta $6C00,x
        sta $6C80,x
        sta $6D00,x
        sta $6D80,x
        sta $6E00,x
        sta $6E80,x
        sta $6F00,x
        sta $6F80,x
        sta $7000,x
        sta $7080,x
        sta $7100,x
        sta $7180,x
        sta $7200,x
        sta $7280,x
        sta $7300,x
        sta $7380,x
        sta $7400,x
        sta $7480,x
        sta $7500,x
        sta $7580,x
        sta $7600,x
        sta $7680,x
        sta $7700,x
        sta $7780,x
        sta $7800,x
        sta $7880,x
        sta $7900,x
        sta $7980,x
        sta $7A00,x
        sta $7A80,x
        sta $7B00,x
        sta $7B80,x
        sta $7C00,x
        sta $7C80,x
        sta $7D00,x
        sta $7D80,x
        sta $7E00,x
        sta $7E80,x
        sta $7F00,x
        sta $7F80,x
        inx
        bmi @done
        jmp (zp_ptr)
@done:  rts

; CLS (VDU 12): the whole screen memory when there is no window (and the 6845's start back to the
; first page), else the window's rows; the cursor home.
clear_screen:
        lda vdu_status
        and #$08
        bne @window
        lda #0
        sta screen_top
        lda screen_page
        sta screen_top+1
        lda zp_bg
        ldx vdu_mode
        cpx #7
        bne @fill
        lda #' '                    ; MODE 7: &7C00-&7FFF (screen_page)
@fill:  jsr fill_screen
        jsr set_screen_start
        jmp vdu30
@window:
        lda twin_top
        sta zp_t3
@row:   ldy zp_t3
        jsr clear_text_row
        lda zp_t3
        cmp twin_bottom
        inc zp_t3
        bcc @row
        jmp vdu30

; ---- the VDU codes ----

vdu1:   rts                         ; the next byte to the printer only: no printer
vdu2:   lda vdu_status              ; printer on / off: recorded (bit 0), nothing is printed
        ora #$01
        sta vdu_status
        rts
vdu3:   lda vdu_status
        and #$FE
        sta vdu_status
        rts
vdu4:   lda vdu_status              ; text at the text cursor
        and #$DF
        sta vdu_status
        jmp place_cursor
vdu5:   lda pixels_less_1           ; text at the graphics cursor (not in MODE 7)
        beq @no
        lda vdu_status
        ora #$20
        sta vdu_status
@no:    rts
vdu6:   lda vdu_status
        and #$7F
        sta vdu_status
        rts
vdu7:   jmp bell
vdu8:   lda vdu_status
        and #$20
        bne @graphics
        jsr cursor_left
        jmp place_cursor
@graphics:
        jmp vdu5_left
vdu9:   lda vdu_status
        and #$20
        bne @graphics
        jsr cursor_right
        jmp place_cursor
@graphics:
        jmp vdu5_right
vdu10:  lda vdu_status
        and #$20
        bne @graphics
        jsr cursor_down
        jmp place_cursor
@graphics:
        jmp vdu5_down
vdu11:  lda vdu_status
        and #$20
        bne @graphics
        jsr cursor_up
        jmp place_cursor
@graphics:
        jmp vdu5_up
vdu12:  lda vdu_status
        and #$20
        beq @text
        jsr vdu16                   ; with VDU 5, CLS clears the graphics window and homes the
        jmp vdu5_home               ; graphics cursor (MOS 1.20)
@text:  jmp clear_screen            ; which ends with the cursor home (VDU 30)
vdu13:  lda vdu_status
        and #$20
        bne @graphics
        lda twin_left
        sta cursor_x
        jmp place_cursor
@graphics:
        jmp vdu5_return
vdu14:  lda vdu_status
        ora #$04
        sta vdu_status
        lda #0
        sta paged_lines
        rts
vdu15:  lda vdu_status
        and #$FB
        sta vdu_status
        rts
vdu17:  lda vdu_mode                ; COLOUR n: foreground, or background with bit 7
        cmp #7
        beq @done
        lda vdu_queue_end-1
        bmi @background
        and colours_less_1
        sta text_fg
        jmp set_text_fills
@background:
        and colours_less_1
        sta text_bg
        jmp set_text_fills
@done:  rts
vdu18:  lda vdu_mode                ; GCOL action, colour
        cmp #7
        beq @done
        ldx vdu_queue_end-2
        lda vdu_queue_end-1
        bmi @background
        and colours_less_1
        sta graph_fg
        stx graph_fg_action
        rts
@background:
        and colours_less_1
        sta graph_bg
        stx graph_bg_action
@done:  rts
vdu19:  lda vdu_queue_end-5         ; logical colour, physical colour, 0, 0, 0
        and colours_less_1
        tax
        lda vdu_queue_end-4
        and #$0F
        jmp write_palette
vdu20:  lda colours_less_1          ; default colours and palette (white on black: 7 in MODE 2)
        and #7
        sta text_fg
        sta graph_fg
        lda #0
        sta text_bg
        sta graph_bg
        sta graph_fg_action
        sta graph_bg_action
        jsr set_text_fills
        ldx colours_less_1
@pal:   txa
        pha
        ldy colours_less_1
        cpy #1
        bne @not2
        lda default_palette_2,x
        jmp @write
@not2:  cpy #3
        bne @not4
        lda default_palette_4,x
        jmp @write
@not4:  txa
@write: jsr write_palette
        pla
        tax
        dex
        bpl @pal
        rts
vdu21:  lda vdu_status
        ora #$80
        sta vdu_status
        rts
vdu22:  lda vdu_queue_end-1
        jsr set_mode
        jmp place_cursor
vdu23:  lda vdu_queue_end-9
        beq @crtc
        cmp #1
        beq @cursor
        cmp #32
        bcc @done                   ; 23,2-31: nothing in this MOS
        jsr glyph_address
        lda zp_ptr+1
        bmi @done                   ; still in the ROM font (not exploded by OSBYTE 20)
        ldy #7
@def:   lda vdu_queue_end-8,y
        sta (zp_ptr),y
        dey
        bpl @def
@done:  rts
@crtc:  lda vdu_queue_end-8         ; VDU 23,0,R,V: 6845 register R = V
        sta CRTC_ADDR
        lda vdu_queue_end-7
        sta CRTC_DATA
        rts
@cursor:                            ; VDU 23,1,n: cursor off (0) or on
        ldx #10
        stx CRTC_ADDR
        lda vdu_queue_end-8
        beq @off
        lda #0
        sta cursor_off
        lda cursor_r10
        sta CRTC_DATA
        rts
@off:   lda #1
        sta cursor_off
        lda #$20                    ; blink mode 01: no cursor
        sta CRTC_DATA
        rts
vdu26:  jsr default_windows
        jmp vdu30
; The default windows, origin and graphics cursor (VDU 26 without the text cursor's home).
default_windows:
        lda #0
        ldx #$0F
@g:     sta gwin_left,x             ; graphics window 0,0 - origin 0,0
        dex
        bpl @g
        lda #<1279
        sta gwin_right
        lda #>1279
        sta gwin_right+1
        lda #<1023
        sta gwin_top
        lda #>1023
        sta gwin_top+1
        ldx vdu_mode
        lda #0
        sta twin_left
        sta twin_top
        lda mode_columns,x
        sta twin_right
        lda mode_rows,x
        sta twin_bottom
        lda vdu_status
        and #$F7
        sta vdu_status
        jmp graphics_home
vdu27:  rts
vdu28:  ldx vdu_mode                ; left, bottom, right, top: ignored unless it fits
        lda vdu_queue_end-2         ; right
        cmp mode_columns,x
        beq @r_ok
        bcs @bad
@r_ok:  cmp vdu_queue_end-4         ; right >= left
        bcc @bad
        lda vdu_queue_end-3         ; bottom
        cmp mode_rows,x
        beq @b_ok
        bcs @bad
@b_ok:  cmp vdu_queue_end-1         ; bottom >= top
        bcc @bad
        lda vdu_queue_end-4
        sta twin_left
        lda vdu_queue_end-3
        sta twin_bottom
        lda vdu_queue_end-2
        sta twin_right
        lda vdu_queue_end-1
        sta twin_top
        lda vdu_status              ; a window smaller than the screen: scroll by copying
        ora #$08
        sta vdu_status
        lda twin_left
        ora twin_top
        bne @home_if_outside
        lda twin_right
        cmp mode_columns,x
        bne @home_if_outside
        lda twin_bottom
        cmp mode_rows,x
        bne @home_if_outside
        lda vdu_status
        and #$F7
        sta vdu_status
@home_if_outside:
        lda cursor_x
        cmp twin_left
        bcc @home
        lda twin_right
        cmp cursor_x
        bcc @home
        lda cursor_y
        cmp twin_top
        bcc @home
        lda twin_bottom
        cmp cursor_y
        bcc @home
        jmp place_cursor
@home:  jmp vdu30
@bad:   rts
vdu30:  lda vdu_status
        and #$20
        bne @graphics
        lda twin_left
        sta cursor_x
        lda twin_top
        sta cursor_y
        jmp place_cursor
@graphics:
        jmp vdu5_home
vdu31:  lda vdu_queue_end-2         ; TAB(x,y) within the window; outside it, nothing happens
        clc
        adc twin_left
        bcs @bad
        cmp twin_right
        beq @x_ok
        bcs @bad
@x_ok:  tax
        lda vdu_queue_end-1
        clc
        adc twin_top
        bcs @bad
        cmp twin_bottom
        beq @y_ok
        bcs @bad
@y_ok:  stx cursor_x
        sta cursor_y
        jmp place_cursor
@bad:   rts
vdu127: lda vdu_status              ; DELETE: back one and rub out
        and #$20
        bne @graphics
        jsr cursor_left
        jsr place_cursor
        lda #' '
        jmp draw_char
@graphics:
        jmp vdu5_delete


; ---- colours ----

; zp_fg/zp_bg from the logical text colours.
set_text_fills:
        lda text_fg
        jsr colour_fill
        sta zp_fg
        lda text_bg
        jsr colour_fill
        sta zp_bg
        rts

; A = the byte that fills a character's pixels with logical colour A in this MODE.
colour_fill:
        ldx pixels_less_1
        cpx #7
        beq @two
        cpx #3
        beq @four
        cpx #1
        beq @sixteen
        lda #0
        rts
@two:   and #1
        beq @z
        lda #$FF
@z:     rts
@four:  and #3
        tax
        lda fill_4,x
        rts
@sixteen:                           ; colour bit 3 -> bits 7,6; 2 -> 5,4; 1 -> 3,2; 0 -> 1,0
        ldx #4
        sta zp_t5
        lda #0
@bit:   lsr zp_t5
        php
        ror a
        plp
        ror a
        dex
        bne @bit
        rts
fill_4: .byte $00, $0F, $F0, $FF

; Logical colour X shows physical colour A: every palette entry that the shift register's 4-bit
; value maps to X (the logical colour is bit 3 in 2-colour MODEs, bits 3 and 1 in 4-colour ones,
; all four in MODE 2) gets the physical colour EOR 7 (AUG, video ULA palette).
write_palette:
        sta palette_copy,x
        stx zp_t2
        eor #$07
        sta zp_t3
        ldy #15
@entry: tya
        ldx colours_less_1
        cpx #1
        bne @not2
        lsr a
        lsr a
        lsr a
        jmp @compare
@not2:  cpx #3
        bne @compare
        and #$0A                    ; bits 3 and 1 -> logical bits 1 and 0
        lsr a
        cmp #4
        bcc @compare
        and #1
        ora #2
@compare:
        cmp zp_t2
        bne @next
        tya
        asl a
        asl a
        asl a
        asl a
        ora zp_t3
        sta ULA_PAL
@next:  dey
        bpl @entry
        rts

default_palette_2: .byte 0, 7
default_palette_4: .byte 0, 1, 3, 7

; ---- reading the screen back (OSBYTE 135, COPY) ----

; A = the character in the text cursor's cell, 0 if it cannot be read.
read_char_at_cursor:
        jsr place_cursor
        ldy #0
        lda vdu_mode
        cmp #7
        bne @bitmap
        lda (zp_cursor),y           ; the byte as stored: MOS 1.20 undoes only the swap of
        cmp #$5F                    ; # _ and the pound sign, and gives &80-&FF back as they are
        bne @r1
        lda #'#'
        rts
@r1:    cmp #$60
        bne @r2
        lda #'_'
        rts
@r2:    cmp #'#'
        bne @r3
        lda #$60
@r3:    rts
@bitmap:
        ldy #7                      ; build the cell's pattern: a bit set where not background
@line:  sty zp_t2
        lda pixels_less_1
        cmp #7
        bne @not2
        lda (zp_cursor),y
        eor zp_bg
        jmp @store
@not2:  cmp #3
        bne @sixteen
        lda (zp_cursor),y
        eor zp_bg
        sta zp_t0
        lsr a
        lsr a
        lsr a
        lsr a
        ora zp_t0
        and #$0F
        asl a
        asl a
        asl a
        asl a
        sta zp_t1
        tya
        ora #8
        tay
        lda (zp_cursor),y
        eor zp_bg
        sta zp_t0
        lsr a
        lsr a
        lsr a
        lsr a
        ora zp_t0
        and #$0F
        ora zp_t1
        jmp @store
@sixteen:
        lda #0
        sta zp_t1
        ldx #4
@pair:  lda (zp_cursor),y
        eor zp_bg
        sta zp_t0
        and #$AA
        cmp #1
        rol zp_t1
        lda zp_t0
        and #$55
        cmp #1
        rol zp_t1
        tya
        clc
        adc #8
        tay
        dex
        bne @pair
        lda zp_t1
@store: ldy zp_t2
        sta pattern,y
        dey
        bpl @line
        ; match against characters &20-&7F, then &E0-&FF
        lda #$20
        sta zp_t3
@try:   lda zp_t3
        jsr glyph_address
        ldy #7
@cmp:   lda (zp_ptr),y
        cmp pattern,y
        bne @no
        dey
        bpl @cmp
        lda zp_t3
        rts
@no:    inc zp_t3
        lda zp_t3
        cmp #$80
        bne @skip
        lda #$E0
        sta zp_t3
@skip:  lda zp_t3
        bne @try
        lda #0
        rts

; ---- the parameter counts and routines of VDU 0-31 ----
vdu_parameter_counts:
        .byte 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0
        .byte 0, 1, 2, 5, 0, 0, 1, 9, 8, 5, 0, 0, 4, 4, 0, 2
vdu_routines:
        .word vdu_nothing-1, vdu1-1, vdu2-1, vdu3-1, vdu4-1, vdu5-1, vdu6-1, vdu7-1
        .word vdu8-1, vdu9-1, vdu10-1, vdu11-1, vdu12-1, vdu13-1, vdu14-1, vdu15-1
        .word vdu16-1, vdu17-1, vdu18-1, vdu19-1, vdu20-1, vdu21-1, vdu22-1, vdu23-1
        .word vdu24-1, vdu25-1, vdu26-1, vdu27-1, vdu28-1, vdu29-1, vdu30-1, vdu31-1
