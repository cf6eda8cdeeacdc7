; ---- the utilities of *HELP UTILS (Acorn DFS User Guide): *BUILD, *DUMP, *LIST, *TYPE ---------------
; Their layouts are Acorn's DFS's as its screens show them: *LIST's and *BUILD's line numbers are
; four decimal digits and a space, *DUMP's lines an offset, eight bytes and their characters.

; *TYPE fsp, *LIST fsp: the file as text, line feeds dropped, each CR a new line, and a new line at
; the end; *LIST puts each line's number before it.
star_list:
        lda #$80
        .byte $2C                       ; BIT abs: skip the next LDA
star_type:
        lda #0
        sta w_numbered
        jsr open_for_reading
        lda #0
        sta w_line
        sta w_line+1
        lda #1
        sta w_line_start
@byte:  jsr next_byte
        bcs @end
        cmp #10
        beq @byte
        bit w_numbered
        bpl @print
        ldx w_line_start
        beq @print
        pha
        jsr print_line_number
        pla
@print: ldx #0
        stx w_line_start
        cmp #13
        bne @char
        inc w_line_start
        jsr OSNEWL
        jmp @byte
@char:  jsr OSWRCH
        jmp @byte
@end:   jsr close_file
        jmp OSNEWL

; *DUMP fsp: eight bytes a line, "OOOO HH HH .. HH cccccccc" (the offset and the bytes in hexadecimal,
; ** past the end; characters outside &20-&7E as "."), lines while the offset is not past the end.
star_dump:
        jsr open_for_reading
        lda #0
        sta w_offset
        sta w_offset+1
        sta w_eof
@line:  lda w_offset+1
        jsr print_hex
        lda w_offset
        jsr print_hex
        jsr print_space
        ldx #0
@get:   stx w_dump_column
        lda w_eof
        bne @missing
        jsr next_byte
        bcc @have
        inc w_eof
@missing:
        lda #'*'
        jsr OSWRCH
        jsr OSWRCH
        lda #0                          ; shown as "."
        beq @keep
@have:  pha
        jsr print_hex
        pla
@keep:  ldx w_dump_column
        sta w_dump,x
        jsr print_space
        inx
        cpx #8
        bne @get
        ldx #0
@chars: lda w_dump,x
        cmp #' '
        bcc @dot
        cmp #$7F
        bcc @shown
@dot:   lda #'.'
@shown: jsr OSWRCH
        inx
        cpx #8
        bne @chars
        jsr OSNEWL
        lda w_offset
        clc
        adc #8
        sta w_offset
        bcc @more
        inc w_offset+1
@more:  lda w_eof
        beq @line
        jmp close_file

; *BUILD fsp: a new file of the lines typed, each numbered as it is asked for and ended with CR in
; the file, until ESCAPE (which closes the file and is the error "Escape").
star_build:
        jsr need_argument
        jsr name_at_y
        lda #$80                        ; OPENOUT
        jsr OSFIND
        sta w_handle
        lda #0
        sta w_line
        sta w_line+1
@line:  jsr print_line_number
        ldx #4
@block: lda build_input,x
        sta w_input,x
        dex
        bpl @block
        lda #0                          ; OSWORD 0: a line into BUILD_BUFFER
        ldx #<w_input
        ldy #>w_input
        jsr OSWORD
        bcc @typed
        jsr close_file
        jmp escape_error
@typed: sty w_count
        ldx #0
@put:   cpx w_count
        beq @ended
        lda BUILD_BUFFER,x
        ldy w_handle
        jsr OSBPUT
        inx
        bne @put
@ended: lda #13
        ldy w_handle
        jsr OSBPUT
        jmp @line
build_input:
        .word BUILD_BUFFER
        .byte 255, ' ', 255             ; at most 255 characters, any from space up

; The name at (z_ptr),Y for OSFIND (X/Y its address).
name_at_y:
        tya
        clc
        adc z_ptr
        tax
        lda z_ptr+1
        adc #0
        tay
        rts

; The file named at (z_ptr),Y opened for reading (OPENIN): w_handle; "Not found" when it is not there.
open_for_reading:
        jsr need_argument
        jsr name_at_y
        lda #$40
        jsr OSFIND
        sta w_handle
        tax
        bne @open
        jmp file_not_found
@open:  rts

; The next byte of w_handle's file, C set at its end; ESCAPE closes the file and is the error "Escape".
next_byte:
        bit ESCAPE_FLAG
        bmi @escape
        ldy w_handle
        jmp OSBGET
@escape:
        jsr close_file
        jmp escape_error

close_file:
        lda #0
        ldy w_handle
        jmp OSFIND

; w_line one more (decimal), printed as four digits and a space.
print_line_number:
        php
        sei                             ; no interrupt code runs in decimal mode
        sed
        lda w_line
        clc
        adc #1
        sta w_line
        lda w_line+1
        adc #0
        sta w_line+1
        cld
        plp
        jsr print_hex
        lda w_line
        jsr print_hex
        jmp print_space

; *DISC (*HELP UTILS lists it): with the discs the filing system already, nothing to do (service call
; 4 takes it when another filing system is in use).
star_disc:
        jmp forget_catalogue            ; (so does Acorn's DFS after *DISC)
