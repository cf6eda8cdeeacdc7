; ---- OSBYTE (BYTEV's default; AUG "OSBYTE calls"; docs/bbc_mos.md lists them) -----------------------
; A, X, Y are kept at &EF, &F0, &F1.  A is returned unchanged; V set means the call is unknown.
; The carry comes back as MOS 1.20's does (measured): set by the calls that end with a SEC below.

osbyte_default:
        sta os_a
        stx os_x
        sty os_y
        cmp #$A6
        bcs osbyte_variable
        cmp #22                     ; the table holds 0-21 and 117-160
        bcc @low
        cmp #117
        bcc osbyte_unknown
        cmp #161
        bcs osbyte_unknown
        sbc #117-22-1               ; (carry clear) 117 -> 22
@low:   asl a
        tax
        jsr @call
        lda os_a
        clv
        rts
@call:  lda osbyte_routines+1,x
        pha
        lda osbyte_routines,x
        pha
        ldx os_x
        ldy os_y
        lda os_a
        rts

; Not ours: offer it to the ROMs (service 7); unclaimed, return with V set.
osbyte_unknown:
        ldx #7
        jsr service_call_a_x
        beq @claimed
        ldx #$FF                    ; unclaimed: X=&FF, C set from &A1 up (MOS 1.20, measured)
        lda os_a
        cmp #$A1
        ldy os_y
        bit @v_set
        rts
@claimed:
        lda os_a
        ldx os_x
        ldy os_y
        clv
@v_set: rts                         ; (&60: bit 6 set)

; OSBYTE &A6-&FF: the variable at &0190+A becomes (old AND Y) EOR X; X = old, Y = the next one.
osbyte_variable:
        tax
        lda OSVARS,x
        pha
        and os_y
        eor os_x
        sta OSVARS,x
        ldy OSVARS+1,x
        pla
        tax
        lda os_a
        clv
        rts

; A variable written with X: X = the old value, Y = the next variable (C set, as MOS 1.20).
write_variable_x:
        lda OSVARS,y                ; Y = the variable's OSBYTE number
        pha
        lda os_x
        sta OSVARS,y
        lda OSVARS+1,y
        tay
        pla
        tax
        sec
        rts
write_variable_x_clc:               ; the same with C clear (OSBYTE 3, 4)
        jsr write_variable_x
        clc
        rts

byte0:  txa                         ; the MOS version: X=0 an error "OS 1.20", else X = 1
        bne @version
        brk
        .byte $F7
        .text "OS 1.20"
        .byte 0
@version:
        ldx #1
        rts
byte1:  ldy #$F1                    ; user flag
        jmp write_variable_x
byte2:  txa                         ; input: the buffer read, X AND 1 (MOS 1.20, measured): 0 the
        and #1                      ; keyboard, 1 the RS423 (the keyboard still fills its buffer)
        sta os_x
        ldy #$B1
        jmp write_variable_x
byte3:  ldy #$EC                    ; output streams (bit 1 set: VDU off)
        jmp write_variable_x_clc
byte4:  ldy #$ED                    ; cursor keys: 0 editing, 1 codes &87-&8B, 2 soft keys 11-15
        jmp write_variable_x_clc
byte5:  ldy #$F5                    ; printer type
        jmp write_variable_x
byte6:  ldy #$F6                    ; printer ignore character
        jmp write_variable_x
byte_ignore:
        rts
byte9:  ldy #$C3                    ; flash: first colour's time (fields), at &0253 as MOS 1.20
        jsr flash_period
        clc
        rts
byte10: ldy #$C2                    ; flash: second colour's time, at &0252 (Elite reads it there)
flash_period:
        jsr write_variable_x
        txa                         ; X = Y = the old time (MOS 1.20, measured)
        tay
        rts
byte11: ldy #$C4                    ; auto-repeat delay (cs)
        jmp write_variable_x
byte12: txa                         ; auto-repeat period (cs); 0 restores both defaults
        bne @set
        ldx repeat_rate             ; X = the old period
        sec
        lda #50
        sta repeat_delay
        lda #8
        sta repeat_rate
        rts
@set:   ldy #$C5
        jmp write_variable_x
byte13: lda event_enables,x         ; disable event X
        pha
        lda #0
        beq byte14_store
byte14: lda event_enables,x         ; enable event X
        pha
        lda #1
byte14_store:
        cpx #10
        bcs @bad
        sta event_enables,x
@bad:   pla
        tax
        ldy #0
        rts
byte15: txa                         ; flush: X=0 every buffer, else the input buffer
        bne @input
        ldx #8
@all:   jsr flush_buffer_x
        dex
        bpl @all
        jsr sound_stop_all
        rts
@input: ldx #0
        jmp flush_buffer_x
byte16: lda adc_channels              ; the ADC's channels: X = 1-4 converted in turn, 0 none
        pha
        stx adc_channels
        txa
        beq byte16_old
        jsr adc_start
        ldy #$FF                    ; (as MOS 1.20 returns it, measured)
byte16_old:
        pla
        tax
        sec
        rts
byte17: lda #0                        ; start converting channel X now; ADVAL(0) says 0 until it ends
        sta adc_last
        jmp adc_start
byte21: jmp flush_buffer_x          ; flush buffer X

; OSBYTE 20 (AUG &14; BeebWiki "OSBYTE &14"): explode the font into X pages (0-6, more as 6) from
; the primary OSHWM up: 1 &A0-&BF, 2 &C0-&DF, 3 &E0-&FF, 4 &20-&3F, 5 &40-&5F, 6 &60-&7F.  OSHWM moves
; up by as many pages; &20-&7F start again from the ROM font, &80-&FF keep their definitions.  Service
; call &11 tells the ROMs.  X = its result (0 claimed, else &FF), Y = the new OSHWM.
byte20: cpx #7
        bcc @n
        ldx #6
@n:     stx font_explosion
        lda oshwm_primary
        sta zp_t1                   ; the next page to claim
        ldy #0
@group: sty zp_t2
        ldx explode_order,y
        cpy font_explosion
        bcs @implode
        lda zp_t1                   ; this group's page
        inc zp_t1
        cmp font_pages,x
        beq @next                   ; exploded here already: keep it
        sta zp_ptr2+1
        cpx #3
        bcs @copy
        jsr @rom_page               ; &20-&7F from the ROM font
        sta font_pages,x
@copy:  lda font_pages,x            ; copy the definitions to the new page
        sta zp_ptr+1
        lda zp_ptr2+1
        sta font_pages,x
        lda #0
        sta zp_ptr
        sta zp_ptr2
        tay
@byte:  lda (zp_ptr),y
        sta (zp_ptr2),y
        iny
        bne @byte
        beq @next
@implode:
        jsr @rom_page
        sta font_pages,x
@next:  ldy zp_t2
        iny
        cpy #6
        bne @group
        lda zp_t1
        sta oshwm
        tay
        lda #$11
        jsr service_call
        beq @claimed
        lda #$FF
@claimed:
        tax
        ldy oshwm
        rts
@rom_page:                          ; group X's imploded page: &C0-&C2 the ROM, else &0C
        lda #>USERCHARS
        cpx #3
        bcs @rom_done
        txa
        ora #>$C000
@rom_done:
        rts
explode_order:
        .byte 4, 5, 6, 0, 1, 2
byte117:
        ldx vdu_status
        sec
        rts
byte118:                            ; LEDs from the keyboard status, through KEYV's SHIFT/CTRL test
        jsr keyv_shift_ctrl
        php
        pla
        tax                         ; X bit 7 CTRL, bit 6 SHIFT (as KEYV's flags)
        rts
byte120:
        stx key_held
        sec
        rts
byte123:                            ; the printer dormant: nothing to do
        sec
        rts
byte121:
        jmp keyv_scan
byte122:
        ldx #$10
        jmp keyv_scan
byte124:
        lda #0                      ; clear ESCAPE
        sta escape_flag
        rts
byte125:
        jmp set_escape
byte126:                            ; acknowledge ESCAPE: X=&FF if there was one
        ldx #0
        lda escape_flag
        bpl @none
        lda escape_effects          ; *FX230=0: ESCAPE also empties buffers and the soft key
        bne @flag
        lda #0
        sta softkey_length
        sta vdu_queue_count
        sta paged_lines
        ldx #8
@flush: jsr flush_buffer_x
        dex
        bpl @flush
        jsr sound_stop_all
@flag:  lda #0
        sta escape_flag
        ldx #$FF
@none:  rts
byte127:                            ; EOF#: the filing system's (FSCV A=1)
        lda #1
        jmp (FSCV)
byte128:                            ; ADVAL
        txa
        bmi @buffer
        bne @channel
        lda SYS_ORB                 ; X=0: fire buttons (PB4/5, low when pressed)
        eor #$FF
        lsr a
        lsr a
        lsr a
        lsr a
        and #3
        tax
        ldy adc_last                ; the channel converted last
        sec
        rts
@channel:
        ldy adc_high-1,x            ; channel X's last result: X low byte, Y high byte
        lda adc_low-1,x
        tax
        rts
@buffer:                            ; X = &FF - buffer: input buffers count bytes, output free space
        eor #$FF
        tax
        cpx #9
        bcs @none
        cpx #2
        bcc @count
        sec
        bcs @cnp
@count: clc
@cnp:   clv
        jmp count_buffer
@none:  ldx #0
        ldy #0
        rts
byte129:
        jmp inkey
byte130:
        ldx #$FF                    ; the I/O processor's addresses: &FFFFxxxx
        ldy #$FF
        sec
        rts
byte131:
        ldy oshwm                   ; OSHWM
        bcc x0_sec                  ; (C is clear on entry, after the dispatch's ASL)
byte132:
        ldy screen_page             ; HIMEM: the start of screen memory
        bcc x0_sec
byte133:
        txa                         ; the screen's start for MODE X
        and #7
        tax
        ldy mode_page,x
x0_sec: ldx #0
        sec
        rts
byte134:
        lda cursor_x                ; POS and VPOS within the text window
        sec
        sbc twin_left
        tax
        lda cursor_y
        sec
        sbc twin_top
        tay
        rts
byte135:
        jsr read_char_at_cursor     ; the character at the cursor and the MODE
        tax
        ldy vdu_mode
        rts
byte136:                            ; *CODE: USERV with A=0
        lda #0
        jmp (USERV)
byte139:                            ; *OPT: FSCV with A=0
        lda #0
        jmp (FSCV)
byte142:
        lda rom_types,x             ; enter language ROM X
        and #$40
        beq @not_language
        jmp enter_language
@not_language:
        rts
byte143:                            ; service call X, parameter Y: X=0 if claimed
        txa
        jsr service_call
        tax
        rts
byte144:                            ; *TV: vertical offset X, interlace Y (for the next MODE change)
        lda tv_offset
        stx tv_offset
        tax
        lda tv_interlace
        sty tv_interlace
        tay
        rts
byte145:                            ; get a byte from buffer X: Y = it, C set if empty
        jsr remove_buffer
        rts
; byte146-byte151 (FRED, JIM and SHEILA read and written) sit in the key table's gaps (tables.s).
byte152:                            ; look at buffer X's next byte: Y, C set if empty
        bit v_flag_byte
        jmp (REMV)
byte138:                            ; put Y in buffer X
        tya
        jmp insert_buffer
byte153:                            ; put Y in input buffer X, as a key would (ESCAPE checked)
        tya
        jmp insert_with_escape
byte154:                            ; the video ULA's control register
        stx ula_copy
        stx ULA_CTRL
        rts
byte155:                            ; a palette register
        stx ula_palette_copy
        stx ULA_PAL
        rts
byte160:                            ; VDU variable X: X = it, Y = the next
        lda VDUVARS+1,x
        tay
        lda VDUVARS,x
        tax
        sec
        rts

flush_buffer_x:
        bit v_flag_byte
        jmp count_buffer

osbyte_routines:
        .word byte0-1, byte1-1, byte2-1, byte3-1, byte4-1, byte5-1, byte6-1, byte_ignore-1
        .word byte_ignore-1, byte9-1, byte10-1, byte11-1, byte12-1, byte13-1, byte14-1, byte15-1
        .word byte16-1, byte17-1, byte18-1, byte19-1, byte20-1, byte21-1
        ; 22-116: none (offered to the ROMs)
        .word byte117-1, byte118-1, byte_ignore-1, byte120-1, byte121-1, byte122-1, byte123-1
        .word byte124-1, byte125-1, byte126-1, byte127-1, byte128-1, byte129-1, byte130-1, byte131-1
        .word byte132-1, byte133-1, byte134-1, byte135-1, byte136-1, byte_ignore-1, byte138-1
        .word byte139-1, byte_ignore-1, byte_ignore-1, byte142-1, byte143-1, byte144-1, byte145-1
        .word byte146-1, byte147-1, byte148-1, byte149-1, byte150-1, byte151-1, byte152-1
        .word byte153-1, byte154-1, byte155-1, byte_ignore-1, byte_ignore-1, byte_ignore-1
        .word byte_ignore-1, byte160-1
        .assert * - osbyte_routines == (22 + 161 - 117) * 2, "the OSBYTE table"
