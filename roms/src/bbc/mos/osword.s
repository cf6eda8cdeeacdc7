; ---- OSWORD (WORDV's default; AUG "OSWORD calls") ---------------------------------------------------
; The parameter block's address is kept at &F0/&F1.

osword_default:
        sta os_a
        stx os_x
        sty os_y
        cmp #$E0                    ; &E0-&FF: the user's, through USERV
        bcc @ours
        jmp (USERV)
@ours:  cmp #osword_count
        bcs @unknown
        jsr @call
        lda os_a
        ldx os_x
        ldy os_y
        rts
@call:  asl a
        tax
        lda osword_routines+1,x
        pha
        lda osword_routines,x
        pha
        ldy #0
        rts
@unknown:
        ldx #8                      ; offered to the ROMs (service 8)
        jsr service_call_a_x
        lda os_a
        ldx os_x
        ldy os_y
        rts

; OSWORD 0: read a line.  Block: buffer address, maximum length, lowest and highest character
; accepted.  C clear and Y = the length (the CR not counted) after RETURN; C set after ESCAPE.
word0:  lda (os_x),y
        sta line_ptr
        iny
        lda (os_x),y
        sta line_ptr+1
        iny
        lda (os_x),y
        sta line_max
        iny
        lda (os_x),y
        sta line_lo
        iny
        lda (os_x),y
        sta line_hi
        lda #0
        sta paged_lines
        ldy #0
@key:   jsr osrdch
        bcs @escape
        cmp #$7F                    ; DELETE
        bne @not_delete
        cpy #0
        beq @key
        dey
        jsr oswrch
        jmp @key
@not_delete:
        cmp #$15                    ; CTRL-U: the whole line
        bne @not_cancel
@cancel:
        cpy #0
        beq @key
        dey
        lda #$7F
        jsr oswrch
        jmp @cancel
@not_cancel:
        cmp #13
        beq @return
        cpy line_max
        bcs @full
        cmp line_lo
        bcc @key
        cmp line_hi
        beq @ok
        bcs @key
@ok:    sta (line_ptr),y
        iny
        jsr oswrch
        jmp @key
@full:  lda #7
        jsr oswrch
        jmp @key
@return:
        sta (line_ptr),y
        jsr end_cursor_edit
        jsr osnewl
        sty os_y
        clc
        rts
@escape:
        sty os_y
        jsr end_cursor_edit
        sec
        rts

word1:  lda clock_a,y               ; read TIME (5 bytes)
        sta (os_x),y
        iny
        cpy #5
        bne word1
        rts
word2:  php                         ; write TIME
        sei
@w:     lda (os_x),y
        sta clock_a,y
        iny
        cpy #5
        bne @w
        plp
        rts
word3:  lda interval_timer,y        ; read the interval timer
        sta (os_x),y
        iny
        cpy #5
        bne word3
        rts
word4:  php                         ; write the interval timer
        sei
@w:     lda (os_x),y
        sta interval_timer,y
        iny
        cpy #5
        bne @w
        plp
        rts
word5:  jsr io_address              ; read I/O processor memory
        lda (zp_tmp),y
        ldy #4
        sta (os_x),y
        rts
word6:  jsr io_address              ; write I/O processor memory
        ldy #4
        lda (os_x),y
        ldy #0
        sta (zp_tmp),y
        rts
io_address:
        lda (os_x),y
        sta zp_tmp
        iny
        lda (os_x),y
        sta zp_tmp+1
        ldy #0
        rts
word7:  jmp sound_word              ; SOUND
word8:  jmp envelope_word           ; ENVELOPE
word9:  lda (os_x),y                ; POINT(x, y): the logical colour, &FF off the window
        sta g_px
        iny
        lda (os_x),y
        sta g_px+1
        iny
        lda (os_x),y
        sta g_py
        iny
        lda (os_x),y
        sta g_py+1
        jsr read_point
        ldy #4
        sta (os_x),y
        rts
word10: lda (os_x),y                ; a character's definition
        jsr glyph_address
        ldy #0
@d:     lda (zp_ptr),y
        iny
        sta (os_x),y
        cpy #8
        bne @d
        rts
word11: lda (os_x),y                ; read the palette: logical -> physical
        and colours_less_1
        tax
        lda palette_copy,x
        iny
        sta (os_x),y
        lda #0
        iny
        sta (os_x),y
        iny
        sta (os_x),y
        iny
        sta (os_x),y
        rts
word12: lda (os_x),y                ; write the palette
        and colours_less_1
        tax
        iny
        lda (os_x),y
        and #$0F
        jmp write_palette
; word13, the last two graphics cursor positions, is with the graphics (graphics.s).

osword_routines:
        .word word0-1, word1-1, word2-1, word3-1, word4-1, word5-1, word6-1, word7-1
        .word word8-1, word9-1, word10-1, word11-1, word12-1, word13-1
osword_count = (* - osword_routines) / 2
