; Our Acorn Atom kernel: 4 KiB at $F000.  Reset, the documented vectors and entry points, the VDG
; text driver, the keyboard and line input; BASIC's graphics statements (graphics.s), LIST and
; the filing system live here too.  Clean-room, from the documented behaviour
; ("Atomic Theory and Practice" ch. 11, 18, 25); see docs/atom_firmware.md.

        .include "atom.inc"

; Acorn's kernel's addresses that programs can see: the page-2 vectors' values after reset (read
; on Acorn's ROMs, PRINT ?#206 ...) and #FE22, which listings call.  Ours has the same routines
; there, so a vector read, saved or called directly does what it does on Acorn's.
ACORN_COM   = $F8EF             ; COMVEC: OSCLI
ACORN_LOAD  = $F96E             ; LODVEC: the cassette's OSLOAD
ACORN_SAVE  = $FAE5             ; SAVVEC: the cassette's OSSAVE
ACORN_BGET  = $FBEE             ; BGTVEC
ACORN_FIND  = $FC38             ; FNDVEC
ACORN_BPUT  = $FC7C             ; BPTVEC
ACORN_CLEAR_ROW = $FE22         ; clear the cursor's row
ACORN_WRCH  = $FE52             ; WRCVEC: OSWRCH
ACORN_RDCH  = $FE94             ; RDCVEC: OSRDCH

        .org $F000
; our jump block (atom.inc names these for BASIC)
        jmp readline
        jmp bell
        jmp escape_down
        jmp tape_hex            ; A as two hexadecimal digits (the utility ROM's assembler too)
        jmp st_clear
        jmp st_plot
        jmp st_draw
        jmp st_move
        jmp st_wait
        jmp st_list
        jmp room
        jmp st_save
        jmp st_load
        jmp file_statement
        jmp file_function

; ---------------------------------------------------------------------------------------------
; Reset: BREAK and power-on

reset:  sei
        cld
        ldx #$FF
        txs
        lda #PPI_MODE
        sta PPI_CTRL
        lda #0
        sta PPI_A               ; text mode, keyboard row 0
        lda #PC_TONE
        sta PPI_C               ; speaker low (as the mode set left it), CSS 0, the tone to
                                ; the tape (as Acorn's: its recordings start with tone)
        ldx #default_vectors_end - default_vectors - 1
@vec:   lda default_vectors,x
        sta BRKV,x              ; (NMIVEC is left as it is, as Acorn's leaves it)
        dex
        bpl @vec
        jsr fs_install          ; the host filing card, when fitted, takes the file vectors
        lda #$80
        sta CURMASK
        sta PAGEMODE            ; page mode off
        lda #0
        sta VDUOFF
        sta LOCKFLAG
        sta LASTKEY             ; no key held
        jsr home
        lda #12
        jsr OSWRCH
        ldx #0
@ban:   lda banner,x
        beq @go
        jsr OSWRCH
        inx
        bne @ban
@go:    jsr OSCRLF
        cli
        jmp BASIC_COLD

banner: .text "ACORN ATOM", 10, 13, 0  ; and a blank line, as Acorn's

default_vectors:                ; Acorn's values (our BASIC's routines sit at the four in BASIC)
        .word BASIC_BRKV        ; BRKV
        .word UIRQ              ; IRQV: #A000, as Acorn's (our utility ROM answers there)
        .word ACORN_COM         ; COMV: the filing commands, on the tape or the card
        .word ACORN_WRCH        ; WRCV
        .word ACORN_RDCH        ; RDCV
        .word ACORN_LOAD        ; LODV: the cassette (tape.s) unless the card is fitted
        .word ACORN_SAVE        ; SAVV
        .word BASIC_NO_POINTER  ; RDRV: without the card PTR and EXT are error 174, as on Acorn's
        .word BASIC_NO_POINTER  ; STRV   kernel (its vectors lead to BASIC's error 174)
        .word ACORN_BGET        ; BGTV
        .word ACORN_BPUT        ; BPTV
        .word ACORN_FIND        ; FNDV
        .word BASIC_SHUT        ; SHTV: without the card OSSHUT does nothing
default_vectors_end:

nmi_entry:
        jmp (NMIV)

; IRQ and BRK share the 6502's vector; the status byte on the stack tells them apart.
irq_entry:
        sta IRQSAVE
        pla
        pha
        and #$10
        bne @brk
        jmp (IRQV)
@brk:   lda IRQSAVE
        jmp (BRKV)

; OSCLI: "*" commands.  No filing system commands exist here, so any command is unknown:
; COM? and error 48 (documented: "COM? command error", ATAP ch. 27).
oscli_default:
        ldy #0
@skip:  lda INBUF,y
        iny
        cmp #' '
        beq @skip
        cmp #'*'
        beq @skip
        cmp #13
        beq @done
        ldx #0
@msg:   lda com_msg,x
        beq @error
        jsr OSWRCH
        inx
        bne @msg
@error: brk
        .byte 48
@done:  cld
        rts
com_msg:
        .text "COM?", 0         ; BASIC's report starts the next line

; room: BASIC opens TMP bytes in its program at PTR1 (a line going in).  Error 248 (documented:
; "Not enough room to insert line") unless the program's new last byte is RAM below the screen at
; #8000.  RAM is found by writing the byte's complement and reading it back (where nothing
; answers, writes are lost), so the check follows whatever memory the machine has.  Then the
; bytes from PTR1 to TOP move up by TMP, from the top down: the byte at TOP too, as Acorn's editor
; moves it (found by typing lines there: the byte above the program travels with it).
room:   clc
        lda TOPV
        adc TMP
        sta KPTR
        lda TOPV+1
        adc #0
        sta KPTR+1              ; KPTR = the new TOP
        lda KPTR
        bne @low
        dec KPTR+1
@low:   dec KPTR                ; KPTR = the new last byte
        lda KPTR+1
        bmi @full
        ldy #0
        lda (KPTR),y
        eor #$FF
        sta (KPTR),y
        cmp (KPTR),y
        php
        eor #$FF
        sta (KPTR),y            ; put the byte back
        plp
        bne @full
        lda TOPV
        sta KPTR
        lda TOPV+1
        sta KPTR+1
@up:    ldy #0
        lda (KPTR),y
        ldy TMP
        sta (KPTR),y
        lda KPTR
        cmp PTR1
        bne @down
        lda KPTR+1
        cmp PTR1+1
        beq @done
@down:  lda KPTR
        bne @dec
        dec KPTR+1
@dec:   dec KPTR
        jmp @up
@done:  rts
@full:  brk
        .byte 248

; ---------------------------------------------------------------------------------------------
; OSWRCH: the VDG text driver.  All registers preserved.
; Control codes ("Atomic Theory and Practice" 18.1.3): 6 enable / 21 disable the screen, 7 bell,
; 8 left, 9 right, 10 down, 11 up, 12 clear, 13 start of line, 14/15 page mode on/off, 30 home,
; 127 delete the character to the left.

put_char:
        cmp #$20
        bcc control
        cmp #$7F
        beq delete_left
        bcs @raw                ; $80-$FF go to the screen as they are
        cmp #$40
        bcc @raw                ; $20-$3F: the same codes
        cmp #$60
        bcc @upper
        and #$1F                ; lower case: inverse capitals
        ora #$80
        bne @raw
@upper: and #$3F                ; $40-$5F -> $00-$1F
@raw:   ldy CURCOL
        sta (ROWPTR),y
        ; fall into cursor_right

cursor_right:
        inc CURCOL
        lda CURCOL
        cmp #32
        bcc @done
        lda #0
        sta CURCOL
        jmp line_feed
@done:  rts

delete_left:
        jsr cursor_left
        lda #' '
        ldy CURCOL
        sta (ROWPTR),y
        rts

control:
        asl a
        tax
        lda control_table+1,x
        pha
        lda control_table,x
        pha
        rts                     ; to the handler (addresses stored minus one)

control_table:
        .word ignore-1, ignore-1, ignore-1, ignore-1            ; 0-3
        .word ignore-1, ignore-1, ignore-1, bell-1              ; 4-7 (6: screen already on)
        .word cursor_left-1, cursor_right-1, line_feed-1, cursor_up-1   ; 8-11
        .word clear_screen-1, carriage_return-1, page_on-1, page_off-1  ; 12-15
        .word ignore-1, ignore-1, ignore-1, ignore-1            ; 16-19
        .word ignore-1, screen_off-1, ignore-1, ignore-1        ; 20-23
        .word ignore-1, ignore-1, ignore-1, ignore-1            ; 24-27
        .word ignore-1, ignore-1, home-1, ignore-1              ; 28-31

page_off:
        lda #$80
        sta PAGEMODE
        rts

clear_screen:
        lda PPI_A
        and #$0F                ; back to the text mode
        sta PPI_A
        lda #' '
        ldy #0
@fill:  sta VIDEO,y
        sta VIDEO+$100,y
        iny
        bne @fill
        jmp home

line_feed:
        lda ROWPTR
        clc
        adc #32
        sta ROWPTR
        bcc @in
        inc ROWPTR+1
@in:    lda ROWPTR+1
        cmp #>(VIDEO+$200)
        bcc @page
        jsr scroll
        lda #$E0                ; stay on the bottom row
        sta ROWPTR
        lda #>(VIDEO+$100)
        sta ROWPTR+1
@page:  lda PAGEMODE
        bmi @done
        dec PAGEMODE
        bne @done
        jsr wait_key            ; a page is full: wait for a key
        lda #16
        sta PAGEMODE
@done:  rts

scroll: ldy #0
@one:   lda VIDEO+32,y
        sta VIDEO,y
        iny
        bne @one
@two:   lda VIDEO+$120,y
        sta VIDEO+$100,y
        iny
        cpy #$E0
        bne @two
        lda #' '
@blank: sta VIDEO+$100,y
        iny
        bne @blank
        rts

; The bell: a short tone on the loudspeaker (port C bit 2), about 0.1 s at 1 kHz.
bell:   pha
        txa
        pha
        tya
        pha
        ldy #200
@cycle: lda PPI_C
        eor #$04
        sta PPI_C
        ldx #98                 ; 98 x 5 cycles: about half a millisecond per half-wave
@wait:  dex
        bne @wait
        dey
        bne @cycle
        pla
        tay
        pla
        tax
        pla
        rts

; ---------------------------------------------------------------------------------------------
; The keyboard

; scan_matrix: A = the matrix code of a pressed key (1 + row + 10 * column), 0 when none.
; The VDG mode bits of port A are kept.
scan_matrix:
        ldx #9
@row:   lda PPI_A
        and #$F0
        stx KTMP
        ora KTMP
        sta PPI_A
        lda PPI_B
        and #$3F
        cmp #$3F
        bne @found
        dex
        bpl @row
        lda #0
        rts
@found: ldy #0                  ; column = the lowest zero bit
@col:   lsr a
        bcc @have
        iny
        bne @col
@have:  txa                     ; row
        clc
        adc #1
@add:   dey
        bmi @done
        adc #10
        bne @add
@done:  rts

; ---------------------------------------------------------------------------------------------
; readline: read a line into INBUF with echo, ended by RETURN (stored as 13).
; DELETE rubs out the last character, CTRL-X cancels the line, the cursor keys and COPY edit
; from the screen (in OSRDCH).  On exit Y = length without the 13; C set when ESCAPE was pressed.
readline:
        ldy #0
@next:  jsr OSRDCH
        cmp #13
        beq @end
        cmp #27
        beq @escape
        cmp #$7F
        beq @delete
        cmp #24
        beq @cancel
        cpy #INBUF_LEN-1
        bcs @full
        cmp #$20
        bcc @echo               ; other control codes act but are not stored
        sta INBUF,y
        iny
@echo:  jsr OSWRCH
        jmp @next
@full:  jsr bell
        jmp @next
@delete:
        cpy #0
        beq @next
        dey
        jsr OSWRCH
        jmp @next
@cancel:
        jsr OSCRLF
        jmp readline
@end:   sta INBUF,y
        jsr OSCRLF
        clc
        rts
@escape:
        lda PPI_A               ; ESCAPE at the keyboard also returns to the text mode
        and #$0F
        sta PPI_A
        lda #13                 ; (no new line: BASIC's prompt follows at once, as Acorn's)
        sta INBUF
        sec
        rts

.include "graphics.s"
.include "list.s"
.include "files.s"
.include "tape.s"
.include "statements.s"

; ---------------------------------------------------------------------------------------------
; At Acorn's addresses: clearing the cursor's row (#FE22, which listings call), OSWRCH (#FE52) and
; OSRDCH (#FE94), where Acorn's WRCVEC and RDCVEC point; the routines that fit between them.

        at ACORN_CLEAR_ROW
; clear_row: the cursor's row filled with spaces; the cursor stays where it is, X and C kept
; (found by calling Acorn's #FE22: A = ' ' and Y = #FF after it).
clear_row:
        ldy #31
        lda #' '
@cell:  sta (ROWPTR),y
        dey
        bpl @cell
ignore: rts                     ; (the control codes that do nothing come here too)

cursor_left:
        dec CURCOL
        bpl @done
        lda #31
        sta CURCOL
        jmp cursor_up
@done:  rts

screen_off:
        lda #1
        sta VDUOFF
        rts

page_on:
        lda #16                 ; lines to go before the next pause
        sta PAGEMODE
        rts

carriage_return:
        lda #0
        sta CURCOL
        rts

home:   lda #0
        sta CURCOL
        sta ROWPTR
        lda #>VIDEO
        sta ROWPTR+1
        rts


        at ACORN_WRCH
wrch:   php
        pha
        stx KSAVEX
        sty KSAVEY
        ldx VDUOFF
        beq @on
        cmp #6
        bne @out
        lda #0
        sta VDUOFF
        beq @out
@on:    pha
        jsr cursor_flip         ; take the cursor off
        pla
        jsr put_char
        jsr cursor_flip         ; and put it back where it now is
@out:   ldx KSAVEX
        ldy KSAVEY
        pla
        plp
        rts

cursor_flip:
        ldy CURCOL
        lda (ROWPTR),y
        eor CURMASK
        sta (ROWPTR),y
        rts

cursor_up:
        lda ROWPTR
        sec
        sbc #32
        tax
        lda ROWPTR+1
        sbc #0
        cmp #>VIDEO
        bcc @top                ; already on the top row
        sta ROWPTR+1
        stx ROWPTR
@top:   rts

        at ACORN_RDCH
; OSRDCH: the next key, as ASCII.  Keys are not queued: a key counts when it goes down (or, with
; REPT held, again while it stays down).  The cursor keys move the cursor and COPY returns the
; character under it.  X, Y preserved.
rdch:   txa                     ; X and Y on the stack: OSWRCH (cursor keys) uses KSAVEX/Y
        pha
        tya
        pha
@poll:  jsr scan_matrix
        bne @key
        sta LASTKEY             ; nothing held
        beq @poll
@key:   cmp LASTKEY
        bne @new
        lda PPI_C               ; the same key still held: only REPT repeats it
        and #$40
        bne @poll
        jsr repeat_delay
        lda LASTKEY
@new:   sta LASTKEY
        tax
        lda key_table-1,x
        bmi @special
        jsr apply_modifiers
@done:  sta KTMP+1
        pla
        tay
        pla
        tax
        lda KTMP+1
        rts
@special:
        cmp #$80
        beq @updown
        cmp #$81
        beq @leftright
        cmp #$82
        beq @lock
        cmp #$83
        beq @copy
        bne @poll               ; a position with no key
@lock:  lda LOCKFLAG
        eor #$60
        sta LOCKFLAG
        jmp @poll
@updown:
        lda #10
        bit PPI_B               ; SHIFT (bit 7 low) reverses the direction
        bmi @move
        lda #11
        bne @move
@leftright:
        lda #9
        bit PPI_B
        bmi @move
        lda #8
@move:  jsr OSWRCH
        jmp @poll
@copy:  jsr char_under_cursor
        jmp @done

repeat_delay:
        ldy #60                 ; about 60 ms between repeats
@ms:    ldx #200
@in:    dex
        bne @in
        dey
        bne @ms
        rts

; SHIFT, CTRL and LOCK ("Atomic Theory and Practice" ch. 18; the keyboard module's chord_for):
; SHIFT flips letters to lower case, gives ` { | } ~ on @ [ \ ] ^ and flips bit 4 of the
; bit-paired keys (1 -> !, : -> *, , -> <); CTRL gives the control code of @, A-Z, [ \ ] ^.
; LOCK reverses the case letters are given in.
apply_modifiers:
        tax
        lda PPI_B
        sta KTMP
        txa
        cmp #$40
        bcc @digits
        cmp #$7F
        bcs @out
        bit KTMP                ; CTRL is bit 6
        bvs @noctrl
        and #$1F
        rts
@noctrl:
        cmp #$41
        bcc @shift_sym
        cmp #$5B
        bcs @shift_sym
        ldx LOCKFLAG            ; a letter: SHIFT and LOCK each swap the case
        beq @nolock
        eor #$20
@nolock:
        bit KTMP
        bmi @out
        eor #$20
        rts
@shift_sym:
        bit KTMP
        bmi @out
        ora #$20                ; @ [ \ ] ^ -> ` { | } ~
        rts
@digits:
        cmp #$2C
        bcc @out
        cmp #$30
        beq @out
        bit KTMP
        bmi @out
        eor #$10
@out:   rts

; The character on the screen under the cursor, as ASCII.
char_under_cursor:
        ldy CURCOL
        lda (ROWPTR),y
        eor CURMASK             ; without the cursor's inversion
        bit @bit6
        bne @raw                ; a graphics cell: as it is
        cmp #$80
        bcs @inverse
        cmp #$20
        bcs @raw
        ora #$40                ; $00-$1F -> @ A-Z [ \ ] ^ _
@raw:   rts
@inverse:
        and #$7F
        cmp #$20
        bcs @raw
        ora #$60                ; inverse capitals are lower case
        rts
@bit6:  .byte $40

; Matrix code (1 + row + 10 * column) -> key.  $80 UP/DOWN, $81 LEFT/RIGHT, $82 LOCK, $83 COPY,
; $FF no key.  Positions from emulator/chips/atom_keyboard.py (J. G. Harston's Atom memory map).
key_table:
        .byte $FF, $FF, $80, $81, $82, '^', ']', '\\', '[', ' '         ; column 0
        .byte '3', '2', '1', '0', $7F, $83, 13, $FF, $FF, $FF           ; column 1
        .byte '-', ',', ';', ':', '9', '8', '7', '6', '5', '4'          ; column 2
        .byte 'G', 'F', 'E', 'D', 'C', 'B', 'A', '@', '/', '.'          ; column 3
        .byte 'Q', 'P', 'O', 'N', 'M', 'L', 'K', 'J', 'I', 'H'          ; column 4
        .byte 27, 'Z', 'Y', 'X', 'W', 'V', 'U', 'T', 'S', 'R'           ; column 5

; escape_down: C set when the ESCAPE key (row 0, column 5) is held now.
escape_down:
        lda PPI_A
        and #$F0
        sta PPI_A
        lda PPI_B
        and #$20
        eor #$20                ; nonzero when pressed
        cmp #1                  ; C set when pressed
        bcc @up
        lda #51                 ; ESCAPE's matrix code: OSRDCH will not take it again while held
        sta LASTKEY
@up:    rts

; wait_key: wait until a key is pressed and released (page mode).
wait_key:
        jsr scan_matrix
        beq wait_key
@up:    jsr scan_matrix
        bne @up
        rts

; ---------------------------------------------------------------------------------------------
; The documented entry points ("Atomic Theory and Practice" 25.1), each where programs call it.

        .org OSSHUT
        jmp (SHTV)
        jmp (FNDV)              ; OSFIND
        jmp (BPTV)              ; OSBPUT
        jmp (BGTV)              ; OSBGET
        jmp (STRV)              ; OSSTAR
        jmp (RDRV)              ; OSRDAR
        jmp (SAVV)              ; OSSAVE
        jmp (LODV)              ; OSLOAD
        jmp (RDCV)              ; OSRDCH
        .assert * == OSECHO
        jsr OSRDCH              ; OSECHO: read, then write as OSASCI does
        .assert * == OSASCI
        cmp #13
        bne OSWRCH
        .assert * == OSCRLF
        lda #10
        jsr OSWRCH
        lda #13
        .assert * == OSWRCH
        jmp (WRCV)
        jmp (COMV)              ; OSCLI
        .word nmi_entry         ; NMI
        .word reset             ; RESET
        .word irq_entry         ; IRQ/BRK

