; --- BASIC's file statements and functions ("Atomic Theory and Practice" ch. 20) -----------------
; BASIC looks here (KSTMT, KFN) for a statement or function its own tables do not name.  Handles
; are <FACTOR>s; names <STRING right>s, as in BASIC's SAVE and LOAD.

; A word whose first letter starts no file keyword is turned away at once (speed: BASIC asks
; here for every assignment and every variable in an expression).
file_statement:
        ldx #0
        .byte $2C               ; BIT abs: skips the LDX #2
file_function:
        ldx #2
        ldy TXTOFF              ; BASIC's search has skipped the spaces
        lda (TXTPTR),y
        sec
        sbc #'A'
        cmp #26
        bcs @none
        tay
        lda file_letters,y
        and file_kinds,x
        beq @none
        lda file_tables,x
        sta PTR2
        lda file_tables+1,x
        sta PTR2+1
        jmp B_MATCH             ; C set and PTR3 = the routine when one is named
@none:  clc
        rts

file_tables:
        .word file_statements, file_functions
file_kinds:
        .byte 1, 0, 2           ; the bit of file_letters for statements (X = 0), functions (2)
; for each letter A-Z: bit 0, a file statement starts with it; bit 1, a file function
file_letters:
        .byte 0, 3, 0, 0, 2, 2, 2, 0, 0, 0, 0, 0, 0     ; A-M: B (BPUT, BGET), E, F, G
        .byte 0, 0, 3, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0     ; N-Z: P (PUT, PTR; PTR), S

file_statements:
        .text "BPU", 'T'+$80
        .word st_bput
        .text "PU", 'T'+$80
        .word st_put
        .text "SHU", 'T'+$80
        .word st_shut
        .text "SPU", 'T'+$80
        .word st_sput
        .text "SGE", 'T'+$80
        .word st_sget
        .text "PT", 'R'+$80
        .word st_ptr
        .byte 0

file_functions:
        .text "BGE", 'T'+$80
        .word fn_bget
        .text "GE", 'T'+$80
        .word fn_get
        .text "FI", 'N'+$80
        .word fn_fin
        .text "FOU", 'T'+$80
        .word fn_fout
        .text "PT", 'R'+$80
        .word fn_ptr
        .text "EX", 'T'+$80
        .word fn_ext
        .byte 0

; handle_then: FSH = the handle (a factor), then character A must follow.
handle_then:
        pha
        jsr B_FACTOR
        lda ACC
        sta FSH
        pla
        jmp B_EXPECT

; BPUT handle,expression: the low byte of the expression to the file.
st_bput:
        lda #','
        jsr handle_then
        jsr B_EXPR
        lda ACC
        ldy FSH
        jsr OSBPUT
        jmp B_STMT_END

; PUT handle,expression: the four bytes of the expression, low byte first.
st_put: lda #','
        jsr handle_then
        jsr B_EXPR
        ldx #0
@byte:  lda ACC,x
        ldy FSH
        jsr OSBPUT              ; keeps X
        inx
        cpx #4
        bne @byte
        jmp B_STMT_END

; SHUT handle: close the file (SHUT 0: every file).
st_shut:
        jsr B_FACTOR
        ldy ACC
        jsr OSSHUT
        jmp B_STMT_END

; SPUT handle,string: the string's characters, then CR.
st_sput:
        lda #','
        jsr handle_then
        jsr B_STRING            ; PTR2 = the string, TMP3 = the character that ends it
@char:  ldy #0
        lda (PTR2),y
        cmp TMP3
        beq @end
        ldy FSH
        jsr OSBPUT
        inc PTR2
        bne @char
        inc PTR2+1
        bne @char
@end:   lda #13
        ldy FSH
        jsr OSBPUT
        jmp B_STMT_END

; SGET handle,address: a string from the file, up to and including its CR, stored at the
; address (the end of the file ends it too).
st_sget:
        lda #','
        jsr handle_then
        jsr B_EXPR
@char:  ldy FSH
        jsr OSBGET
        bcc @store
        lda #13                 ; the end of the file
@store: ldy #0
        sta (ACC),y
        cmp #13
        beq @done
        inc ACC
        bne @char
        inc ACC+1
        bne @char
@done:  jmp B_STMT_END

; PTR handle=expression: move the file's sequential pointer.
st_ptr: lda #'='
        jsr handle_then
        jsr B_EXPR
        ldx #ACC
        lda #0
        ldy FSH
        jsr OSSTAR
        jmp B_STMT_END

; BGET handle: the next byte of the file (0 past its end).
fn_bget:
        jsr B_FACTOR
        ldy ACC
        jsr OSBGET
        jmp B_SETACC

; GET handle: the next four bytes of the file as a number, low byte first.
fn_get: jsr B_FACTOR
        ldy ACC
        ldx #0
@byte:  jsr OSBGET              ; keeps X and Y
        sta ACC,x
        inx
        cpx #4
        bne @byte
        rts

; basic_string: B_STRING, and FSQ bit 6: the name is the whole string (fs_name_at_x).
basic_string:
        jsr B_STRING
        lda #$40
        sta FSQ
        rts

; FIN string / FOUT string: open the file for input / output; the handle (0: not found).
fn_fin: sec
        .byte $24               ; BIT zp: skips the CLC
fn_fout:
        clc
        php
        jsr basic_string
        plp
        ldx #PTR2
        jsr OSFIND
        jmp B_SETACC

; PTR handle / EXT handle: the file's sequential pointer / its length.
fn_ptr: lda #0
        .byte $2C               ; BIT abs: skips the LDA #1
fn_ext: lda #1
        pha
        jsr B_FACTOR
        ldy ACC
        pla
        ldx #ACC
        jmp OSRDAR
