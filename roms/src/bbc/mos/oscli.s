; ---- OSCLI (CLIV's default; User Guide "* commands", AUG "OSCLI") -----------------------------------
; The MOS's own commands are *FX, *KEY, *TV, *HELP, *CODE, *LINE, *OPT and *BASIC, and those it
; hands to the current filing system as MOS 1.20 does: *CAT and *. (FSCV 5), *RUN (FSCV 4), */ (FSCV
; 2), *LOAD and *SAVE (OSFILE), *EXEC and *SPOOL (OSFIND), *TAPE (our own filing system again: the
; host filing card when fitted).  Anything else is offered to the ROMs (service 4) and then to the
; filing system (FSCV A=3), which with no filing system gives "Bad command" (error 254).

cli_default:
        stx text_ptr
        sty text_ptr+1
        ldy #0
@lead:  lda (text_ptr),y            ; leading spaces and stars are skipped
        cmp #' '
        beq @skip
        cmp #'*'
        bne @start
@skip:  iny
        bne @lead
@start: cmp #13
        beq @nothing
        cmp #'|'                    ; a comment
        beq @nothing
        sty zp_t3                   ; where the command's name starts
        iny
        cmp #'.'                    ; *. is *CAT
        bne @not_dot
        jmp star_cat
@not_dot:
        cmp #'/'                    ; */name runs the name (FSCV 2)
        bne @not_slash
        jmp star_slash
@not_slash:
        ldx #0                      ; try each command of the table
@command:
        ldy zp_t3
        lda command_table,x
        beq @unknown
@letter:
        lda command_table,x
        beq @end_of_name            ; the whole name matched
        lda (text_ptr),y
        cmp #'.'
        beq @abbreviated
        and #$DF                    ; upper case
        cmp command_table,x
        bne @next_command
        inx
        iny
        bne @letter
@abbreviated:
        iny
@find_end:
        lda command_table,x         ; on to the routine's address
        beq @found
        inx
        bne @find_end
@end_of_name:
        lda (text_ptr),y            ; the name must end there (not in a letter)
        and #$DF
        cmp #'A'
        bcc @found
        cmp #'Z'+1
        bcc @next_after_name
@found: lda command_table+2,x
        pha
        lda command_table+1,x
        pha
        jmp skip_spaces             ; to the routine with Y at its arguments
@next_command:
        lda command_table,x
        beq @next_after_name
        inx
        bne @next_command
@next_after_name:
        inx                         ; past the 0 and the address
        inx
        inx
        jmp @command
@unknown:
        ldy zp_t3
        ldx #4                      ; service 4: an unrecognised command, (&F2),Y
        jsr service_call_a_x
        beq @nothing
        ldy zp_t3                   ; FSCV A=3 with X,Y the command's address
        lda #3
        jmp fscv_at_y
@nothing:
        rts

command_table:                      ; in MOS 1.20's order, which abbreviations follow
        .text "CAT", 0
        .word star_cat-1
        .text "CODE", 0
        .word star_code-1
        .text "EXEC", 0
        .word star_exec-1
        .text "HELP", 0
        .word star_help-1
        .text "FX", 0
        .word star_fx-1
        .text "KEY", 0
        .word star_key-1
        .text "LOAD", 0
        .word star_load-1
        .text "LINE", 0
        .word star_line-1
        .text "OPT", 0
        .word star_opt-1
        .text "RUN", 0
        .word star_run_fs-1
        .text "SAVE", 0
        .word star_save-1
        .text "SPOOL", 0
        .word star_spool-1
        .text "TV", 0
        .word star_tv-1
        .text "TAPE", 0
        .word star_tape-1
        .text "BASIC", 0
        .word star_basic-1
        .byte 0

; *CAT, *RUN, */: the filing system's, FSCV A with X,Y the rest of the line.
star_cat:
        lda #5
        .byte $2C                   ; BIT abs: skip the next LDA
star_run_fs:
        lda #4
        .byte $2C
star_slash:
        lda #2
fscv_at_y:                          ; FSCV A, X,Y = the line from (&F2),Y
        jsr line_at_y
        jmp (FSCV)

; X,Y = the address of the line from (&F2),Y (A kept).
line_at_y:
        pha
        tya
        clc
        adc text_ptr
        tax
        lda text_ptr+1
        adc #0
        tay
        pla
        rts

; *EXEC [name], *SPOOL [name]: close the file in use, then open the one named (OSFIND &40: the MOS
; reads its bytes before the keyboard's; &80: every character written goes to it too).
star_exec:
        ldx #exec_handle - exec_handle
        lda #$40
        bne exec_or_spool
star_spool:
        ldx #spool_handle - exec_handle
        lda #$80
exec_or_spool:
        sta zp_t4
        sty zp_t5
        jsr close_exec_or_spool
        ldy zp_t5
        lda (text_ptr),y
        cmp #13
        beq @done
        stx zp_t5
        lda zp_t4
        jsr line_at_y
        jsr $FFCE                   ; OSFIND A, the name at X,Y
        ldx zp_t5
        tay
        bne @open
        jmp file_not_found
@open:  sta exec_handle,x
@done:  rts

; Close the *EXEC (X=0) or *SPOOL (X=1) file, if one is open.
close_exec_or_spool:
        ldy exec_handle,x
        beq @none
        lda #0
        sta exec_handle,x
        jmp $FFCE                   ; OSFIND 0: close handle Y
@none:  rts

; *TAPE: the current filing system is told (FSCV 6), and ours takes the vectors again.
star_tape:
        lda #6
        jsr @fscv
        ldx #FSCV+1-FILEV
@vec:   lda vector_defaults+FILEV-$0200,x
        sta FILEV,x
        dex
        bpl @vec
        jmp fs_init
@fscv:  jmp (FSCV)

; Y past any spaces in the command line; A = the character there.
skip_spaces:
        lda (text_ptr),y
        cmp #' '
        bne @done
        iny
        bne skip_spaces
@done:  rts

; The next number on the command line, decimal 0-255, into A; C set if there is none.  A comma before
; it must be followed by one; a number over 255 or a comma alone is "Bad command", as MOS 1.20 has
; them (*FX 255,256, *FX 1, and *FX &10, for MOS 1.20 reads no hexadecimal here).
read_number:
        jsr skip_spaces
        cmp #','
        bne read_first_number
        iny
        jsr read_decimal
        bcs bad_number
        bcc number_in_range
read_first_number:                  ; (no comma before it: *FX ,1 and *TV ,1 are "Bad command")
        jsr read_decimal
number_in_range:
        bit zp_t5
        bmi bad_number              ; over 255
        rts
bad_number:
        jmp bad_command

; A decimal number into A, C set if there is none; one over 255 gives 255 with bit 7 of zp_t5 set
; (*KEY 300 is "Bad key", as any key over 15).
read_decimal:
        jsr skip_spaces
        lda #0
        sta zp_t4
        sta zp_t5                   ; digits seen, bit 7: too big
@dec:   lda (text_ptr),y
        sec
        sbc #'0'
        cmp #10
        bcs @end
        sta zp_t2
        lda zp_t4                   ; n * 10 + digit
        asl a
        bcs @over
        asl a
        bcs @over
        adc zp_t4
        bcs @over
        asl a
        bcs @over
        adc zp_t2
        bcc @digit
@over:  lda #$80
        sta zp_t5
        lda #$FF
@digit: sta zp_t4
        inc zp_t5
        iny
        bne @dec
@end:   lda zp_t5
        beq @none
        lda zp_t4
        clc
        rts
@none:  sec
        rts

; The rest of the line must be empty (after the arguments), else "Bad command".
end_of_line:
        jsr skip_spaces
        cmp #13
        bne @bad
        rts
@bad:   jmp bad_command

; *FX a[,x[,y]]
star_fx:
        jsr read_first_number
        bcs @bad
        sta zp_t0
        jsr two_numbers
        lda zp_t0
        jsr osbyte
        bvs @bad
        rts
@bad:   jmp bad_command

; *TV [x[,y]]: OSBYTE 144
star_tv:
        jsr leading_numbers
        lda #144
        jmp osbyte

; Up to two numbers [x[,y]] (0 when absent) into X and Y, and nothing after them, else "Bad command"
; (MOS 1.20: *TV ZED, *CODE 1,2,3).  After a command's name no comma may come before x (*TV ,1).
leading_numbers:
        jsr read_first_number
        jmp two_x
two_numbers:
        jsr read_number             ; (A = 0 when there is none)
two_x:  sta zp_t1
        bcs two_end                 ; no x: no y either
        jsr read_number
two_end:
        sta zp_t3
        jsr end_of_line
        ldx zp_t1
        ldy zp_t3
        rts

; *HELP: the ROMs' help (service 9), then our version after a blank line, as MOS 1.20 orders them.
star_help:
        ldx #9
        jsr service_call_a_x
        ldx #help_text-banner_text
; Print the text at banner_text+X, up to its 0 (OSASCI: CR is a new line).
print_text:
        lda banner_text,x
        beq @done
        jsr osasci
        inx
        bne print_text
@done:  rts

; *CODE x,y: USERV with A=0; *LINE text: USERV with A=1 and X,Y the text.  USERV's default is "Bad
; command", as MOS 1.20's.
star_code:
        jsr leading_numbers
        lda #0
        jmp (USERV)
star_line:
        lda #1
        jsr line_at_y
        jmp (USERV)
star_opt:
        jsr leading_numbers
        lda #0
        jmp (FSCV)
star_basic:
        ldx basic_rom
        bmi @none
        lda #142
        jmp osbyte
@none:  jmp bad_command

; *KEY n string: soft key n (0-15) expands to the GSREAD string (|-codes allowed).
star_key:
        jsr read_decimal
        bcs @to_bad_key
        cmp #16
        bcc @key_ok
@to_bad_key:
        jmp @bad_key
@key_ok:
        sta zp_t0
        sty cli_y
        lda softkey_length          ; not while a key is being expanded
        beq @free
        jmp @in_use
@free:
        ; take out the key's old string: move the later strings down over it
        ldx zp_t0
        jsr softkey_end             ; A = end of the old string
        sta zp_t1
        sec
        sbc SOFTKEYS,x
        sta zp_t2                   ; its length
        beq @removed
        lda SOFTKEYS,x              ; copy from end .. free to start
        tax
        ldy zp_t1
@move:  cpy SOFTKEYS+16
        beq @moved
        lda SOFTKEYS+1,y            ; (offsets from &0B01)
        sta SOFTKEYS+1,x
        inx
        iny
        bne @move
@moved: ldx #15                     ; every string after it starts earlier
@adj:   lda SOFTKEYS,x
        cmp zp_t1
        bcc @adj_next
        sbc zp_t2
        sta SOFTKEYS,x
@adj_next:
        dex
        bpl @adj
        lda SOFTKEYS+16
        sec
        sbc zp_t2
        sta SOFTKEYS+16
@removed:
        ; the new string goes at the free end
        ldx zp_t0
        lda SOFTKEYS+16
        sta SOFTKEYS,x
        ldy cli_y
        jsr skip_spaces
        cmp #','
        bne @no_comma
        iny
@no_comma:
        sec                         ; a string ends only at the end of the line
        jsr gsinit
@char:  jsr gsread
        bcs @done
        ldx SOFTKEYS+16
        inx
        beq @full
        sta SOFTKEYS,x              ; &0B01 + the free offset
        stx SOFTKEYS+16
        jmp @char
@done:  ldx #15                     ; empty keys that shared its start now start at the free end
@empty: cpx zp_t0
        beq @next_empty
        lda SOFTKEYS,x
        ldy zp_t0
        cmp SOFTKEYS,y
        bne @next_empty
        lda SOFTKEYS+16
        sta SOFTKEYS,x
@next_empty:
        dex
        bpl @empty
        rts
@full:  brk
        .byte $FB
        .text "Key space full"
        .byte 0
@bad_key:
        brk
        .byte $FB
        .text "Bad key"
        .byte 0
@in_use:
        brk
        .byte $FA
        .text "Key in use"
        .byte 0

; ---- GSINIT / GSREAD (AUG): strings with |-codes and quotes ----------------------------------------
; GSINIT: (&F2),Y is the string; C clear means a space ends it too.  A = its first character, Z set
; if it is empty.
gsinit: lda #0
        ror a                       ; C into bit 7: only CR (or the closing quote) ends it
        eor #$80
        lsr a                       ; bit 6: a space ends it
        sta gs_flags
        jsr skip_spaces
        cmp #'"'
        bne @plain
        iny
        lda gs_flags
        ora #$80                    ; bit 7: quoted
        sta gs_flags
@plain: lda (text_ptr),y
        cmp #13
        beq @empty
        bit gs_flags
        bmi @not_empty
        bvc @not_empty
        cmp #' '
        beq @empty
@not_empty:
        cmp #'"'
        bne @nz
        bit gs_flags
        bpl @nz
        iny                         ; "" is empty
        lda #0
        rts
@nz:    lda #1
        lda (text_ptr),y
        rts
@empty: lda #0
        rts

; GSREAD: A = the string's next character, C set at its end; "Bad string" if a quote is missing.
gsread: lda #0
        sta gs_char                 ; bit 7 to add (|!)
@again: lda (text_ptr),y
        cmp #13
        bne @not_cr
        bit gs_flags
        bmi @bad
        sec
        rts
@not_cr:
        cmp #' '
        bne @not_space
        bit gs_flags
        bmi @literal
        bvc @literal
        sec
        rts
@not_space:
        cmp #'"'
        bne @not_quote
        bit gs_flags
        bpl @literal
        iny
        lda (text_ptr),y
        cmp #'"'                    ; "" inside quotes is one quote
        beq @literal
        sec
        rts
@not_quote:
        cmp #'|'
        bne @literal
        iny
        lda (text_ptr),y
        cmp #'!'
        bne @not_bang
        iny
        lda #$80
        sta gs_char
        jmp @again
@not_bang:
        cmp #'|'
        beq @literal
        cmp #'"'
        beq @literal
        cmp #'?'
        bne @ctrl
        lda #$7F
        bne @literal
@ctrl:  cmp #13
        beq @bad
        and #$1F
@literal:
        iny
        ora gs_char
        clc
        rts
@bad:   brk
        .byte $FD
        .text "Bad string"
        .byte 0

; OSBYTE 18 and 19 (osbyte.s's table): here, below &E0A4, where there is room.
byte18: lda #$10                    ; every soft key emptied: MOS 1.20 sets the whole page &0B
        ldx #0                      ; to &10 (the offsets are from &0B01: strings from &0B11)
@k:     sta SOFTKEYS,x
        inx
        bne @k
        stx softkey_length
        rts
byte19: lda vsync_count             ; wait for the next field
        cli
@w:     cmp vsync_count
        beq @w
        rts
