; ---- the keyboard (AUG 23.3, "keyboard"; User Guide "the keyboard") -----------------------------
; A key going down while IC32 auto-scans raises CA2; from then on, every centisecond until no key is
; down, the matrix is read by direct testing.  A key newly down is translated and inserted in the
; keyboard buffer; the key held longest repeats after the auto-repeat delay (OSBYTE 12) at the
; auto-repeat rate (OSBYTE 11).

; Test key X (internal number) directly: N and A bit 7 set when it is down.  Interrupts must be off.
key_down_x:
        lda #$03                    ; IC32 bit 3 low: direct testing
        sta SYS_ORB
        lda #$7F
        sta SYS_DDRA
        stx SYS_ORA_NH
        lda SYS_ORA_NH
        pha
        lda #$0B                    ; auto-scan again
        sta SYS_ORB
        pla
        rts

; ---- KEYV (&0228): every keyboard action of the MOS goes through it (AUG "KEYV"; BeebWiki KEYV).
; On entry V set: C clear a key-pressed interrupt (CA2), C set the centisecond poll.  V clear: C clear
; test SHIFT and CTRL (exit N and A bit 7 = CTRL, V and A bit 6 = SHIFT; the LEDs are brought up to
; date), C set a keyboard scan as OSBYTE &79 (X in, X out).  A handler may change any register.
call_keyv:
        jmp (KEYV)

keyv_default:
        bvc @query
        bcs keyboard_scan           ; the centisecond poll
        lda #$01                    ; the key-pressed interrupt: CA2 off while keys are down (MOS
        sta SYS_IER                 ; 1.20's IER reads &72 then), scan from the next poll
        sta key_active
        rts
@query: bcc @shift_ctrl
        jmp keyboard_query
@shift_ctrl:
        php                         ; test SHIFT (key 0) and CTRL (key 1)
        sei
        ldx #1
        jsr key_down_x
        and #$80
        sta kv_tmp
        ldx #0
        jsr key_down_x
        lsr a
        and #$40
        ora kv_tmp
        sta kv_tmp
        jsr update_leds
        plp
        lda kv_tmp
        bit kv_tmp                  ; N = CTRL, V = SHIFT, as in A
        rts

; The three ways the MOS calls KEYV (V set by BIT of a byte with bit 6 set).
keyv_interrupt:
        clc
        bit keyv_v_set
        jmp call_keyv
keyv_poll:
        sec
        bit keyv_v_set
        jmp call_keyv
keyv_scan:                          ; OSBYTE &79's scan, X as there
        sec
        clv
        jmp call_keyv
keyv_shift_ctrl:                    ; N = CTRL, V = SHIFT
        clc
        clv
        jmp call_keyv
keyv_v_set:
        .byte $40

keyboard_scan:
        lda key_active
        ora key_held
        bne @scan
        rts
@scan:  lda #$03                    ; direct testing
        sta SYS_ORB
        lda #$7F
        sta SYS_DDRA
        ; SHIFT (&00) and CTRL (&01) into the keyboard status byte, bits 3 and 6
        lda keyboard_status
        and #$B7
        sta keyboard_status
        lda #$00
        sta SYS_ORA_NH
        lda SYS_ORA_NH
        bpl @no_shift
        lda keyboard_status
        ora #$08
        sta keyboard_status
@no_shift:
        lda #$01
        sta SYS_ORA_NH
        lda SYS_ORA_NH
        bpl @no_ctrl
        lda keyboard_status
        ora #$40
        sta keyboard_status
@no_ctrl:
        ; rows 1-7, columns 0-9: the first key down that is not the held one is new
        lda #0
        sta kbd_new
        sta key_test                ; the held key is still down
        ldx #$10
@row:   ldy #9                      ; Y: the columns left in the row
@key:   stx SYS_ORA_NH
        lda SYS_ORA_NH
        bpl @up
        cpx key_held
        bne @other
        sta key_test
        jmp @up
@other: lda kbd_new
        bne @up
        stx kbd_new
@up:    inx
        dey
        bpl @key
        txa                         ; on to column 0 of the next row
        ora #$0F
        tax
        inx
        bpl @row
        lda #$0B                    ; auto-scan again
        sta SYS_ORB
        lda key_test
        bne @held
        sta key_held                ; the held key came up
@held:  lda kbd_new
        bne @new_key
        lda key_held
        bne @repeat
        sta key_active              ; nothing down: forget the CA2 edges our testing made and
        lda #$01                    ; wait for CA2 again
        sta SYS_IFR
        lda #$81
        sta SYS_IER
        rts
@new_key:
        sta key_held
        lda repeat_delay
        sta repeat_count
        ldx key_held
        jmp key_pressed
@repeat:
        lda repeat_count
        beq @no_repeat              ; delay 0: no auto-repeat
        dec repeat_count
        bne @no_repeat
        lda repeat_rate
        sta repeat_count
        ldx key_held
        cpx #$40                    ; the lock keys do not repeat
        beq @no_repeat
        cpx #$50
        beq @no_repeat
        jmp key_pressed
@no_repeat:
        rts

; Key X went down (or repeats): the lock keys change state, others give a character.
key_pressed:
        lda keyboard_disable
        bne @ignore
        cpx #$40
        bne @not_caps
        lda keyboard_status         ; CAPS LOCK: toggle it, and SHIFT LOCK off
        eor #$10
        ora #$20
        sta keyboard_status
        jmp update_leds
@not_caps:
        cpx #$50
        bne @not_shift_lock
        lda keyboard_status         ; SHIFT LOCK: toggle it, and CAPS LOCK off
        eor #$20
        ora #$10
        sta keyboard_status
        jmp update_leds
@not_shift_lock:
        lda key_table-$10,x
        beq @ignore
        cmp #9                      ; TAB gives *FX219's character
        bne @not_tab
        lda tab_char
        jmp keyboard_insert
@not_tab:
        jsr apply_modifiers
        jmp keyboard_insert
@ignore:
        rts

; A = the unshifted character of a key: apply CAPS LOCK, SHIFT LOCK, SHIFT and CTRL.
apply_modifiers:
        sta kb_t5
        lda keyboard_status
        and #$08                    ; SHIFT
        sta kb_t4
        lda keyboard_status
        and #$20                    ; SHIFT LOCK on (bit clear) shifts everything
        bne @no_lock
        lda #$08
        sta kb_t4
@no_lock:
        lda kb_t5
        bmi @function
        cmp #'A'
        bcc @symbol
        cmp #'Z'+1
        bcs @symbol
        ; letters are capitals with CAPS LOCK on, SHIFT held or not (as MOS 1.20 types them: run on
        ; it), or with SHIFT (or SHIFT LOCK); small otherwise
        lda keyboard_status
        and #$10
        beq @ctrl                   ; CAPS LOCK on
        lda kb_t4
        bne @ctrl
        lda kb_t5
        ora #$20
        sta kb_t5
        jmp @ctrl
@symbol:
        lda kb_t4
        beq @ctrl
        lda kb_t5
        cmp #'0'                    ; keys with no shifted character
        beq @ctrl
        cmp #' '+1
        bcc @ctrl
        cmp #'@'
        beq @ctrl
        cmp #'_'
        beq @pound
        cmp #$40
        bcc @low_pair
        eor #$20                    ; [ \ ] ^  ->  { | } ~
        bne @store
@low_pair:
        eor #$10                    ; 1-9 - ; : , . /  ->  ! " # ... = + * < > ?
        bne @store
@pound: lda #$60
@store: sta kb_t5
@ctrl:  lda keyboard_status
        and #$40
        beq @done
        lda kb_t5
        cmp #$40
        bcc @done
        and #$1F
        sta kb_t5
@done:  lda kb_t5
        rts
@function:                          ; &80-&8F: SHIFT adds &10, CTRL &20
        lda kb_t4
        beq @fn_ctrl
        lda kb_t5
        ora #$10
        sta kb_t5
@fn_ctrl:
        lda keyboard_status
        and #$40
        beq @done
        lda kb_t5
        ora #$20
        sta kb_t5
        rts

; The lock LEDs follow the keyboard status (IC32 bits 6 and 7, on when low).
update_leds:
        lda keyboard_status
        and #$10                    ; CAPS LOCK off -> LED off (latch bit high)
        beq @caps_on
        lda #$0E
        bne @caps
@caps_on:
        lda #$06
@caps:  sta SYS_ORB
        lda keyboard_status
        and #$20
        beq @shift_on
        lda #$0F
        bne @shift
@shift_on:
        lda #$07
@shift: sta SYS_ORB
        rts

; A character from the keyboard: the ESCAPE character sets the escape flag (when *FX229 allows),
; anything else goes into the keyboard buffer (event 2; "buffer full" is event 1).
keyboard_insert:
        ldx #0
; OSBYTE 153: insert A into input buffer X, with the ESCAPE check.
insert_with_escape:
        cmp escape_char
        bne @plain
        ldy escape_action
        bne @plain
        sty repeat_count            ; (Y=0) an escape is not repeated while its key is held (MOS 1.20)
        jmp set_escape
@plain: pha
        ldy event_enables+2         ; event 2: a character enters the input buffer (Y = it)
        beq @no_event
        stx kb_t5
        tay
        lda #2
        jsr @event
        ldx kb_t5
@no_event:
        pla
        jsr insert_buffer
        bcc @ok
        ldy #1                      ; buffer full
        jsr oseven
@ok:    rts
@event: jmp (EVNTV)

; ESCAPE: set the flag (bit 7 of &FF) and raise event 6.
set_escape:
        lda #$80
        sta escape_flag
        ldy #6
        jmp oseven

; ---- OSRDCH (RDCHV's default, AUG "OSRDCH"): a character in A; C set if ESCAPE ---------------------
rdch_default:
        stx rdch_x
        sty rdch_y
@again: ldy exec_handle             ; an *EXEC file comes before the keyboard
        beq @keys
        jsr $FFD7                   ; OSBGET
        bcc @got
        ldx #0                      ; its end: closed, and on to the keyboard
        jsr close_exec_or_spool
@keys:  jsr read_key_nowait
        bcc @got
        lda escape_flag             ; nothing yet (escape is reported by read_key_nowait)
        bmi @escape
        cli
        jmp @again
@got:   ldx rdch_x
        ldy rdch_y
        clc
        rts
@escape:
        lda #$1B
        ldx rdch_x
        ldy rdch_y
        sec
        rts

; The next character if there is one: C clear and A; else C set.  Soft keys expand here, and the
; codes &80-&FF are interpreted by OSBYTE 4 and 221-228 (AUG, "function keys").
read_key_nowait:
        lda escape_flag
        bmi @none
        lda softkey_length
        beq @from_buffer
        ldx softkey_offset
        lda SOFTKEYS+1,x            ; (offsets from &0B01, as MOS 1.20 keeps them)
        inc softkey_offset
        dec softkey_length
        clc
        rts
@from_buffer:
        ldx input_stream            ; 0 the keyboard, 1 the RS423 (OSBYTE 2)
        jsr remove_buffer
        bcs @none
        cmp #$80
        bcc @plain
        jsr interpret_code
        bcs read_key_nowait         ; nothing to give (ignored code, or a soft key started)
@plain: clc
        rts
@none:  sec
        rts

; A = a code &80-&FF from the buffer.  C clear: A is the character to give; C set: nothing.
interpret_code:
        sta zp_t5
        and #$0F
        cmp #$0B
        bcc @not_cursor
        lda zp_t5
        cmp #$C0
        bcs @not_cursor
        lda cursor_keys             ; COPY and the arrows: OSBYTE 4
        beq @editing
        cmp #1
        bne @not_cursor
        lda zp_t5                   ; *FX4,1: COPY &87, left &88, right &89, down &8A, up &8B
        and #$0F
        clc
        adc #$87-$0B
        clc
        rts
@editing:
        lda zp_t5
        jmp cursor_edit_key
@not_cursor:
        lda zp_t5
        lsr a
        lsr a
        lsr a
        lsr a                       ; 8-F
        tax
        lda key_base_c0-12,x        ; &C0-&FF: OSBYTE 221-224 at &026D-&0270
        cpx #12
        bcs @got_base
        lda key_base_80-8,x         ; &80-&BF: OSBYTE 225-228 at &0271-&0274
@got_base:
        beq @ignore                 ; 0: ignore the key
        cmp #1
        bne @offset
        cpx #12
        bcs @as_is                  ; &C0-&FF, 1: the code itself
        lda zp_t5                   ; 1: expand soft key n
        and #$0F
        jsr start_softkey
        sec
        rts
@as_is: lda zp_t5
        clc
        rts
@offset:
        clc
        adc zp_t5
        and #$0F
        sta zp_t4
        lda key_base_80-8,x
        cpx #12
        bcc @base
        lda key_base_c0-12,x
@base:  and #$F0
        ora zp_t4
        clc
        rts
@ignore:
        sec
        rts

; Start expanding soft key A (its string is &0B01+[&0B00+A] up to the next key's start).
start_softkey:
        tax
        lda SOFTKEYS,x
        sta softkey_offset
        jsr softkey_end
        sec
        sbc softkey_offset
        sta softkey_length
        rts

; A = the end offset of soft key X's string: the smallest start above its own, else the free pointer.
softkey_end:
        lda SOFTKEYS,x
        sta zp_t3
        lda SOFTKEYS+16
        sta zp_t4
        ldy #15
@k:     lda SOFTKEYS,y
        cmp zp_t3
        beq @next
        bcc @next
        cmp zp_t4
        bcs @next
        sta zp_t4
@next:  dey
        bpl @k
        lda zp_t4
        rts

; COPY and the cursor keys while cursor editing (OSBYTE 4,0): the arrows move the editing cursor,
; COPY reads the character under it and moves it on.  C clear with a character, C set with none.
cursor_edit_key:
        and #$0F
        cmp #$0B
        beq @copy
        pha
        lda vdu_status
        and #$40
        bne @editing
        lda vdu_status              ; start editing: the input cursor stays where it was
        ora #$40
        sta vdu_status
        lda cursor_x
        sta edit_x
        lda cursor_y
        sta edit_y
@editing:
        pla
        jsr exchange_edit_cursor
        cmp #$0C
        bne @not_left
        lda #8
@not_left:
        cmp #$0D
        bne @not_right
        lda #9
@not_right:
        cmp #$0E
        bne @not_down
        lda #10
@not_down:
        cmp #$0F
        bne @move
        lda #11
@move:  jsr vdu_char_entry
        jsr exchange_edit_cursor
        sec
        rts
@copy:  lda vdu_status
        and #$40
        beq @nothing
        jsr exchange_edit_cursor
        jsr read_char_at_cursor
        pha
        cmp #0
        beq @unreadable
        lda #9
        jsr vdu_char_entry
@unreadable:
        jsr exchange_edit_cursor
        pla
        beq @bell
        clc
        rts
@bell:  lda #7
        jsr vdu_char_entry
@nothing:
        sec
        rts

; Swap the text cursor with the editing cursor.
exchange_edit_cursor:
        pha
        ldx cursor_x
        ldy edit_x
        stx edit_x
        sty cursor_x
        ldx cursor_y
        ldy edit_y
        stx edit_y
        sty cursor_y
        jsr place_cursor
        pla
        rts

; End cursor editing (a RETURN or a new line of input).
end_cursor_edit:
        lda vdu_status
        and #$BF
        sta vdu_status
        rts

; ---- INKEY (OSBYTE 129) --------------------------------------------------------------------------
; Y < &80: wait up to YX centiseconds for a character: Y=0 and X = it, Y=&1B on ESCAPE, Y=&FF none.
; Y = &FF: X = &FF-&80 tests key -(X+1) (X,Y = &FF if down, else 0); X = 0: the MOS version, X,Y =
; &FF as MOS 1.20 gives (AUG, OSBYTE &81: 0 is OS 1.00, 1 the Electron's).
inkey:  cpy #$FF
        beq @negative
        stx inkey_timer
        sty inkey_timer+1
@wait:  cli
        jsr read_key_nowait
        bcc @got
        lda escape_flag
        bmi @escape
        lda inkey_timer
        ora inkey_timer+1
        bne @wait
        ldy #$FF
        rts
@got:   tax
        ldy #0
        clc
        rts
@escape:
        ldy #$1B
        sec
        rts
@negative:
        txa
        beq @down                   ; INKEY(-256): MOS 1.20's version, &FF
        eor #$FF                    ; -(X+1) = X EOR &FF: the internal key number
        ora #$80                    ; tested through KEYV as OSBYTE &79 with X bit 7 set
        tax
        jsr keyv_scan
        txa
        asl a
        lda #0
        bcc @up
@down:  lda #$FF
@up:    tax
        tay
        rts

; OSBYTE 121 (AUG): X bit 7 set: test key X-&80, X = &80+key if down (bit 7 set) else key.  X < &80:
; scan from key X upward: X = the first key found down, &FF if none.
keyboard_query:
        txa
        bmi @one
        php
        sei
        stx key_test
@scan:  ldx key_test
        txa
        and #$0F
        cmp #$0A
        bcs @next
        jsr key_down_x
        bmi @found
@next:  inc key_test
        bpl @scan
        plp
        ldx #$FF
        rts
@found: plp
        ldx key_test
        rts
@one:   and #$7F
        tax
        php
        sei
        jsr key_down_x
        plp
        and #$80
        sta zp_t5
        txa
        ora zp_t5
        tax
        rts
