; The cassette filing system, used when no host filing card is fitted: SAVE, LOAD, *SAVE, *LOAD,
; *RUN and *CAT on the tape, in the Atom's tape format (docs/tapes.md; "Atomic Theory and
; Practice", the cassette interface), with the messages of Acorn's kernel (PLAY TAPE, RECORD
; TAPE, SUM, the catalogue's layout: found by running it).
;
; A block: a leader of tone, "****", the name and CR, the flag (bit 7: more blocks follow; bit 6:
; it holds data; bit 5: not the file's first), the block number, the length less one, the
; execution and load addresses (each high byte first), a pause of tone, the data and a checksum
; (the sum of every byte from the first "*").
;
; The signal: a 1 bit is 8 cycles of the 2.4 kHz tone, a 0 bit 4 cycles of 1.2 kHz, at 300 baud;
; a byte is a 0 start bit, 8 data bits (lowest first) and a 1 stop bit.  Out: port C bit 1 high
; sends the tone, low sends bit 0's level, toggled here at 1.2 kHz (bit set/reset writes to the
; 8255's control register touch no other pin).  In: port C bit 5, timed half-wave by half-wave.

; zero page: the graphics statements' temporaries ($C5-$D9), free while the tape runs
THEAD       = $C5               ; the block's header after its name: flag, block (2), length - 1,
                                ; execution (2), load (2), high bytes first as on the tape
TBYTE       = $CD               ; the byte going out or coming in
TBITS       = $CE               ; bits still to read
TSUM        = $CF               ; the checksum
TBLEN       = $D0               ; bytes of the block still to go, less one; groups of tone to send
TPC0        = $D1               ; the set/reset command for port C bit 0, toggled
TNEXT       = $D2               ; the block LOAD looks for next
TSTARS      = $D3               ; "*"s seen in a row
TEND        = $D4               ; SAVE: the byte after the last, 2 bytes
TWANT       = $D6               ; LOAD: bit 7, at the caller's address
TNLEN       = $D7               ; the name asked for: its length so far (fs_name)
TCOUNT      = $D8               ; an index kept over a byte on the tape
TLEVEL      = $D9               ; the tape input's level as a half-wave starts
TNAME       = $0249             ; the name asked for, ended by CR (13 characters at most)
TAPENAME    = $0257             ; the name read from the tape, ended by CR

TAPE_IN     = $20               ; port C bit 5
PC_TONE     = $02               ; port C bit 1: the tone to the tape
RESET_PC1   = $02               ; 8255 bit set/reset: port C bit 1 off (+1: on)
LONG_HALF   = 18                ; tape_half loops (17 cycles) above which a half-wave is 1.2 kHz
HALF_LOOPS  = 79                ; tape_bit: 8 half-waves of 413 cycles + 35 = 3339 cycles, 300 baud
GAP         = 120               ; fields (1/60 s) of tone before a block, of silence after it
PAUSE       = 30                ; fields of tone between header and data

; The calls sit at Acorn's addresses (main.s); the rest of the cassette's code fills the room
; between them.

        at ACORN_LOAD
; OSLOAD (see fs_load): the file's blocks in order, at its own address or the caller's; other
; files' names are shown as they go by.  A wrong checksum is SUM and error 6, as Acorn's.
tape_load:
        jsr fs_name_at_x        ; TNAME
        lda $04,x
        sta TWANT
        lda $02,x
        sta FSPTR
        lda $03,x
        sta FSPTR+1
        jsr tape_play
        lda #0
        sta TNEXT
@block: jsr tape_header
        ldx #0
@match: lda TNAME,x
        cmp TAPENAME,x
        bne @other
        inx
        cmp #13
        bne @match
        lda THEAD+2
        cmp TNEXT
        bne @block              ; not the block wanted next
        cmp #0
        bne @data
        lda THEAD+5             ; the first block: the execution address
        sta FSEXEC
        lda THEAD+4
        sta FSEXEC+1
        bit TWANT
        bmi @data
        lda THEAD+7             ; and the file's own load address
        sta FSPTR
        lda THEAD+6
        sta FSPTR+1
@data:  jsr tape_length
@byte:  jsr tape_in
        ldy #0
        sta (FSPTR),y
        jsr tape_next
        bne @byte
        jsr tape_in             ; the checksum: right when TSUM is now twice it
        asl a
        cmp TSUM
        bne @sum
        inc TNEXT
        bit THEAD
        bmi @block
        rts
@other: lda THEAD               ; another file: its name, once
        and #$20
        bne @block
        tax
@show:  lda TAPENAME,x
        jsr OSASCI
        inx
        cmp #13
        bne @show
        beq @block
@sum:   ldx #msg_sum - tape_msgs
        jsr tape_print
        brk
        .byte 6

; *CAT: every block's header as it goes by: the name, then the load and execution addresses, the
; block number and the length less one, in hexadecimal, as Acorn's kernel lists them.
tape_cat:
        jsr tape_play
@block: jsr tape_header
        ldx #0
@name:  lda TAPENAME,x
        cmp #13
        beq @pad
        jsr OSWRCH
        inx
        bne @name
@pad:   lda #' '
        jsr OSWRCH
        lda CURCOL
        cmp #14
        bcc @pad
        ldy #0
@field: lda cat_fields,y
        bpl @hex
        lda #' '
        jsr OSWRCH
        lda cat_fields,y
        and #$7F
@hex:   tax
        lda THEAD,x
        jsr tape_hex
        iny
        cpy #7
        bcc @field
        jsr OSCRLF
        jmp @block

cat_fields:                     ; THEAD's bytes in the order listed; bit 7: a space first
        .byte 6, 7, $80+4, 5, $80+1, 2, $80+3

; tape_header: the next block's header: TAPENAME and THEAD, TSUM their sum with the "*"s.
tape_header:
        lda #0
        sta TSTARS
@star:  jsr tape_in
        cmp #'*'
        bne @other
        inc TSTARS
        bne @star
@other: ldx TSTARS
        cpx #4
        bcc tape_header         ; not after "****": look again
        pha
        clc
        adc #4*'*'
        sta TSUM
        pla
        ldx #0
@name:  stx TCOUNT
        sta TAPENAME,x
        cmp #13
        beq @head
        jsr tape_in
        ldx TCOUNT
        inx
        cpx #14
        bcc @name
        bcs tape_header         ; no name is that long: not a header
@head:  ldx #0
@field: stx TCOUNT
        jsr tape_in
        ldx TCOUNT
        sta THEAD,x
        inx
        cpx #8
        bcc @field
        rts

; --- the messages -------------------------------------------------------------------------------

; tape_play / tape_record: the message, then a key (the tape is ready), then a new line.
tape_play:
        ldx #msg_play - tape_msgs
        .byte $2C               ; BIT abs: skips the LDX
tape_record:
        ldx #msg_record - tape_msgs
        jsr tape_print
        jsr OSRDCH
        jmp OSCRLF

tape_print:
@char:  lda tape_msgs,x
        beq @done
        jsr OSWRCH
        inx
        bne @char
@done:  rts

tape_msgs:
msg_play:   .text "PLAY TAPE", 0
msg_record: .text "RECORD TAPE", 0
msg_sum:    .text "SUM", 0

; tape_next: FSPTR on to the block's next byte; Z clear while bytes of the block are left.
tape_next:
        inc FSPTR
        bne @count
        inc FSPTR+1
@count: dec TBLEN
        lda TBLEN
        cmp #$FF
        rts

        at ACORN_SAVE
; OSSAVE (see fs_save): the file in blocks of 256 bytes.
tape_save:
        jsr fs_name_at_x        ; TNAME
        ldy #3                  ; reload and execution addresses, high bytes first
@addr:  lda $02,x
        sta THEAD+4,y
        inx
        dey
        bpl @addr
        lda $02,x
        sta FSPTR
        lda $03,x
        sta FSPTR+1
        lda $04,x
        sta TEND
        lda $05,x
        sta TEND+1
        lda #1
        jsr tape_tone           ; the tone, while RECORD TAPE waits
        jsr tape_record
        lda #GAP                ; with the first block's own, a 4 s leader
        jsr tape_tone
        lda #0
        sta THEAD+1
        sta THEAD+2
        lda TEND+1
        lsr a
        sta THEAD               ; the flag's low bits start from the end's high byte (below)
@block: clc                     ; the bytes left, less one
        lda TEND
        sbc FSPTR
        tay
        lda TEND+1
        sbc FSPTR+1
        beq @last
        ldy #$FF                ; 256 bytes, and more blocks follow
@last:  sty THEAD+3
        sec                     ; the flag, as Acorn's records it (found by saving there): the
        ror THEAD               ; last flag moved down two bits, bit 6 set (data) and bit 7 when
        cmp #1                  ; more blocks follow; so bit 5 is set after the first block, and
        ror THEAD               ; the first's low bits are the end address's high byte >> 3
        lda #GAP
        jsr tape_tone
        lda #0
        sta TSUM
        lda #4
        sta TCOUNT
@star:  lda #'*'
        jsr tape_out
        dec TCOUNT
        bne @star
@name:  ldx TCOUNT              ; the name and its CR
        lda TNAME,x
        jsr tape_out
        ldx TCOUNT
        inc TCOUNT
        lda TNAME,x
        cmp #13
        bne @name
        ldx #0
@field: stx TCOUNT
        lda THEAD,x
        jsr tape_out
        ldx TCOUNT
        inx
        cpx #8
        bcc @field
        lda #PAUSE
        jsr tape_tone
        jsr tape_length
@byte:  ldy #0
        lda (FSPTR),y
        jsr tape_out
        jsr tape_next
        bne @byte
        lda TSUM
        jsr tape_out
        inc THEAD+2             ; the next block, 256 bytes on
        inc THEAD+6
        lda #GAP
        jsr tape_quiet
        bit THEAD
        bpl @done
        jmp @block
@done:  rts

; tape_bit: send bit C, 3339 cycles: port C bit 1 high (the tone) for a 1, low for a 0, while
; bit 0 toggles at 1.2 kHz.
tape_bit:
        lda #RESET_PC1
        adc #0                  ; (+C)
        sta PPI_CTRL
        ldy #8
@half:  lda TPC0
        eor #1
        and #1                  ; (bit 7 clear: a bit set/reset, never a mode)
        sta TPC0
        sta PPI_CTRL            ; bit 0 set or reset
        ldx #HALF_LOOPS
@wait:  dex
        bne @wait
        dey
        bne @half
        rts

; tape_out: send byte A, added to TSUM.
tape_out:
        sta TBYTE
        clc
        adc TSUM
        sta TSUM
        clc                     ; start bit
        jsr tape_bit
        lda #8
        sta TBITS
@bit:   lsr TBYTE
        jsr tape_bit
        dec TBITS
        bne @bit
        sec                     ; stop bit
        jmp tape_bit
; tape_tone / tape_quiet: A fields of the VDG (1/60 s each) of the tone (port C bit 1 high) or
; of silence (low, bit 0 still).  As Acorn's kernel records them (found by saving there): after
; RECORD TAPE's key a 4 s leader, 0.5 s between header and data, 2 s of silence after each block
; and 2 s of tone before the next; the tone goes on when SAVE starts and stays off after it.
tape_tone:
        ldy #RESET_PC1+1
        .byte $2C               ; BIT abs: skips the LDY
tape_quiet:
        ldy #RESET_PC1
        sty PPI_CTRL
        tax
@field: bit PPI_C               ; bit 7 low: the field's flyback
        bmi @field
@out:   bit PPI_C
        bpl @out
        dex
        bne @field
        rts

        at ACORN_BGET
; OSBGET, OSFIND and OSBPUT on the cassette (BGTVEC, FNDVEC, BPTVEC), as Acorn's kernel has them
; (found by running it): no blocks, no names, just bytes.  OSFIND gives PLAY TAPE (C set, to
; read) or RECORD TAPE, waits for a key and gives handle 13; OSBPUT sends its byte to the tape at
; once, OSBGET reads the next.  OSSHUT does nothing.  A, X and Y kept (OSBGET: A the byte, C clear).
tape_bget:
        stx TSTARS
        sty TNEXT
        jsr tape_in
        ldx TSTARS
        ldy TNEXT
        clc                     ; (a tape has no end to find)
        rts

; tape_in: A = the next byte on the tape, added to TSUM (its stop bit is left to go by).
tape_in:
@start: jsr tape_half           ; the tone, until the start bit's first long half-wave
        bcc @start
        ldy #7
        jsr tape_skip
        lda #8
        sta TBITS
@bit:   jsr tape_half           ; its first half-wave tells the bit (long: 0, kept inverted)
        ror TBYTE
        ldy #15                 ; the rest of a 1 bit's 16 half-waves
        bit TBYTE
        bpl @rest
        ldy #7                  ; or of a 0 bit's 8
@rest:  jsr tape_skip
        dec TBITS
        bne @bit
        lda TBYTE
        eor #$FF
        pha
        clc
        adc TSUM
        sta TSUM
        pla
        rts

; tape_skip: Y more half-waves.
tape_skip:
        jsr tape_half
        dey
        bne tape_skip
        rts

        at ACORN_FIND
tape_find:
        bcs @in
        jsr tape_record
        .byte $2C               ; BIT abs: skips the JSR
@in:    jsr tape_play
        lda #13                 ; the handle
        rts

; tape_half: wait for the input's next edge.  C set when the half-wave was long (1.2 kHz: a 0 bit).
tape_half:
        lda PPI_C
        and #TAPE_IN
        sta TLEVEL
        ldx #0
@wait:  inx
        bne @read
        dex                     ; (a long silence stays long)
@read:  lda PPI_C
        and #TAPE_IN
        cmp TLEVEL
        beq @wait
        cpx #LONG_HALF
        rts

; tape_hex: A as two hexadecimal digits.
tape_hex:
        pha
        lsr a
        lsr a
        lsr a
        lsr a
        jsr @digit
        pla
        and #$0F
@digit: cmp #10
        bcc @num
        adc #'A'-'0'-10-1       ; C is set
@num:   adc #'0'
        jmp OSWRCH

; tape_length: TBLEN = the block's length less one, from its header.
tape_length:
        lda THEAD+3
        sta TBLEN
        rts

        at ACORN_BPUT
tape_bput:
        pha
        stx TSTARS
        sty TNEXT
        jsr tape_out
        ldx TSTARS
        ldy TNEXT
        pla
        rts
