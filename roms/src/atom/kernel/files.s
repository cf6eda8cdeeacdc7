; The kernel's filing system: the documented file calls ("Atomic Theory and Practice" 25.1) and
; the star commands *CAT, *LOAD, *SAVE, *RUN and *DELETE, served by the host filing card at
; #BC00 (docs/hostfs.md: write RESET, the parameters to DATA, the command number to COMMAND, then
; read STATUS and the result from DATA).  Reset points the file vectors here when the card
; answers its ID register; without a card OSLOAD, OSSAVE and *CAT are the cassette's (tape.s),
; the other calls do nothing and *DELETE, *INFO are COM? and error 48.  BASIC's SAVE and LOAD
; are here too, for room.
;
; Errors: the card gives an Acorn DFS error number and its message.  The message is printed on
; a line of its own and the number is raised as a BRK error, so BASIC reports "ERROR n" (the Atom
; table of ATAP ch. 27 has no filing-system entries; the card's numbers are the DFS ones).

; zero page of the filing system (ours, in the COS workspace #B0-#FF)
FSBLK       = $B0               ; a parameter block for OSLOAD/OSSAVE, 10 bytes $B0-$B9
FSP         = $BA               ; the text a name is read from, 2 bytes
FSPTR       = $BC               ; where bytes are loaded to or saved from, 2 bytes
FSLEN       = $BE               ; bytes still to load, 2 bytes
FSEXEC      = $DA               ; the execution address of the file last loaded (for *RUN)
FSNUM       = $DC               ; a number read from a * command, 2 bytes
FSTMP       = $EA               ; scratch
FSQ         = $EB               ; bit 7: spaces belong to the name being read (quotes); bit 6: the next name is a BASIC string
FSBRK       = $F0               ; a BRK and the card's error number, run to raise the error
FSH         = $F2               ; the handle a BASIC file statement works on

FS_CMD      = $BC00             ; write: run a command; read: STATUS (0 = done, else the error)
FS_STATUS   = $BC00
FS_DATA     = $BC01             ; parameters in, results out
FS_ID       = $BC02             ; read: "H" when the card is fitted; write: RESET
FS_RESET    = $BC02

C_OPEN      = 1                 ; the card's commands (docs/hostfs.md)
C_CLOSE     = 2
C_BGET      = 3
C_BPUT      = 4
C_ARGS      = 5
C_LOAD      = 6
C_SAVE      = 7
C_DELETE    = 10
C_CAT       = 11
C_INFOTEXT  = 12

; fs_install: at reset, when the card answers, point the file vectors here (else LOAD and SAVE
; stay on the cassette, tape.s).
fs_install:
        jsr fs_card
        bne @none
        ldx #fs_vectors_end - fs_vectors - 1
@vec:   lda fs_vectors,x
        sta LODV,x
        dex
        bpl @vec
@none:  rts

fs_vectors:
        .word fs_load           ; LODVEC
        .word fs_save           ; SAVVEC
        .word fs_rdar           ; RDRVEC
        .word fs_star           ; STRVEC
        .word fs_bget           ; BGTVEC
        .word fs_bput           ; BPTVEC
        .word fs_find           ; FNDVEC
        .word fs_shut           ; SHTVEC
fs_vectors_end:

; --- talking to the card -------------------------------------------------------------------------

; fs_card: Z set when the card is fitted (it answers its ID register).
fs_card:
        lda FS_ID
        cmp #'H'
        rts

; fs_do: run card command A; a failure is raised as an error (below).
fs_do:  sta FS_CMD
        lda FS_STATUS
        bne fs_error
        rts

; fs_error: A = the card's error number; DATA gives its message, ended by 0.  The message goes
; on a line of its own, then a BRK built in zero page raises the number (BASIC's BRK handler
; reads the byte after a BRK there, as after one in our ROMs).
fs_error:
        sta FSBRK+1
        lda #0
        sta FSBRK
        lda CURCOL
        beq @text
        jsr OSCRLF
@text:  lda FS_DATA
        beq @raise
        jsr OSWRCH
        jmp @text
@raise: jmp FSBRK               ; BASIC's report starts its own new line

; fs_name_at_x: the name whose address is at 0,X/1,X goes to the card.  When BASIC's SAVE, LOAD,
; FIN or FOUT made it (FSQ bit 6, set by basic_string), it is the whole string: a space is part
; of it, as in quotes, so SAVE "A B" gets the card's "Bad filename" rather than saving A.  A name
; from a * command ends at a space (*LOAD MC 3400).
fs_name_at_x:
        lda $00,x
        sta FSP
        lda $01,x
        sta FSP+1
        ldy #0
        lda FSQ
        and #$40
        asl a
        sta FSQ                 ; bit 7 from bit 6: spaces belong to the name
        jmp fs_name_lead

; fs_name: the name at (FSP) goes to the card, ended by CR.  Leading spaces are left out; a
; name in quotes ends at the closing quote (consumed) or CR, one without at a space or CR.
; Y = the offset after it.
fs_name:
        ldy #0
        sty FSQ
fs_name_lead:
        stx FSTMP
        ldx #0                  ; (the name is kept at TNAME too, for the tape)
        stx TNLEN
@lead:  lda (FSP),y
        iny
        cmp #' '
        beq @lead
        cmp #'"'
        bne @char
        ror FSQ                 ; C is set: bit 7, a quoted name
        lda (FSP),y
        iny
@char:  cmp #'"'
        beq @end
        cmp #13
        beq @back
        cmp #' '
        bne @put
        bit FSQ
        bpl @back               ; a space ends a name without quotes
@put:   sta FS_DATA
        ldx TNLEN
        cpx #13
        bcs @long
        sta TNAME,x
        inc TNLEN
@long:  lda (FSP),y
        iny
        bne @char
@back:  dey                     ; the space or CR is left for what follows
@end:   lda #0
        sta FSQ                 ; (no bit 6 left over for the next name)
        lda #13
        sta FS_DATA
        ldx TNLEN
        sta TNAME,x
        ldx FSTMP
        rts

; fs_word: the 16-bit number at 0,X/1,X goes to the card as 4 bytes.
fs_word:
        lda $00,x
        sta FS_DATA
        lda $01,x
        sta FS_DATA
        lda #0
        sta FS_DATA
        sta FS_DATA
        rts

; fs_get: a 4-byte number of the card's result; the low 16 bits go to $00,Y/$01,Y.
fs_get: lda FS_DATA
        sta $0000,y
        lda FS_DATA
        sta $0001,y
        lda FS_DATA
        lda FS_DATA
        rts

; --- the documented calls ("Atomic Theory and Practice" 25.1) ------------------------------------

; OSLOAD: X points to zero page: X+0 the address of the name (ended by CR), X+2 where to load,
; X+4 a flag: bit 7 clear, load at the file's own address.  A missing file is an error.
fs_load:
        sta FS_RESET
        jsr fs_name_at_x
        lda #C_LOAD
        jsr fs_do
        ldy #FSPTR              ; the file's load address, execution address and length
        jsr fs_get
        ldy #FSEXEC
        jsr fs_get
        ldy #FSLEN
        jsr fs_get
        lda FS_DATA             ; attributes: not needed
        lda $04,x
        bmi @given
        asl a                   ; bit 6 (*RUN): a file with no execution address (#FFFF, no
        bpl @own                ; .inf) is an error before anything is loaded
        lda FSEXEC
        and FSEXEC+1
        cmp #$FF
        bne @own
        brk
        .byte $93               ; DFS's "Won't" (&93), as our BBC MOS gives for *RUN
@given: lda $02,x               ; the caller's address instead
        sta FSPTR
        lda $03,x
        sta FSPTR+1
@own:   ldy #0
@byte:  lda FSLEN
        ora FSLEN+1
        beq @done
        lda FS_DATA
        sta (FSPTR),y
        inc FSPTR
        bne @count
        inc FSPTR+1
@count: lda FSLEN
        bne @low
        dec FSLEN+1
@low:   dec FSLEN
        jmp @byte
@done:  rts

; OSSAVE: X points to zero page: X+0 the address of the name, X+2 the reload address, X+4 the
; execution address, X+6 the first byte to save, X+8 the byte after the last.
fs_save:
        sta FS_RESET
        jsr fs_name_at_x
        inx
        inx
        jsr fs_word             ; reload address
        inx
        inx
        jsr fs_word             ; execution address
        inx
        inx
        lda $00,x
        sta FSPTR
        lda $01,x
        sta FSPTR+1
        ldy #0
@byte:  lda FSPTR               ; up to the end (nothing when it is not above the start)
        cmp $02,x
        lda FSPTR+1
        sbc $03,x
        bcs @run
        lda (FSPTR),y
        sta FS_DATA
        inc FSPTR
        bne @byte
        inc FSPTR+1
        jmp @byte
@run:   lda #C_SAVE
        jmp fs_do

; OSFIND: X points to zero page holding the address of the name; C set opens the file for
; input (reading), C clear for output (created, or emptied).  A = the handle, 0 when a file to
; be read is not there.
fs_find:
        sta FS_RESET
        lda #$40                ; the card's modes: #40 read, #80 write
        bcs @mode
        lda #$80
@mode:  sta FS_DATA
        jsr fs_name_at_x
        lda #C_OPEN
        jsr fs_do
        lda FS_DATA
        rts

; OSSHUT: close the file whose handle is in Y (0: every file).
fs_shut:
        sta FS_RESET
        sty FS_DATA
        lda #C_CLOSE
        jmp fs_do

; OSBGET: A = the next byte of the file whose handle is in Y; C set (and A = 0) when the file
; was already at its end.  X and Y kept.
fs_bget:
        sta FS_RESET
        sty FS_DATA
        lda #C_BGET
        jsr fs_do
        lda FS_DATA
        sta FSTMP
        lda FS_DATA             ; 0, or #FF at the end
        cmp #$80
        lda FSTMP
        rts

; OSBPUT: write the byte in A to the file whose handle is in Y.  A, X and Y kept.
fs_bput:
        sta FS_RESET
        sty FS_DATA
        sta FS_DATA
        pha
        lda #C_BPUT
        jsr fs_do
        pla
        rts

; OSRDAR / OSSTAR: X points to 4 bytes of zero page, Y holds the handle; A = 0 the sequential
; pointer PTR, A = 1 the extent EXT (the length).  OSRDAR reads it into the 4 bytes, OSSTAR
; sets it from them.  The card's ARGS operation is A * 2, + 1 to write.
fs_star:
        sec
        .byte $24               ; BIT zp: skips the CLC
fs_rdar:
        clc
        rol a
        sta FSTMP
        sta FS_RESET
        sty FS_DATA
        sta FS_DATA
        lda $00,x
        sta FS_DATA
        lda $01,x
        sta FS_DATA
        lda $02,x
        sta FS_DATA
        lda $03,x
        sta FS_DATA
        lda #C_ARGS
        jsr fs_do
        lda FSTMP
        lsr a
        bcs @done               ; a write: nothing comes back
        lda FS_DATA
        sta $00,x
        lda FS_DATA
        sta $01,x
        lda FS_DATA
        sta $02,x
        lda FS_DATA
        sta $03,x
@done:  rts

; --- BASIC's SAVE and LOAD (the statement table points at KSAVE and KLOAD) ---------------------

BASIC_EXEC  = $C2B2             ; the execution address BASIC's SAVE records

; basic_name: FSBLK+0 = the address of the name BASIC's text gives next, a "literal" or
; $address (ATAP ch. 20: <STRING right>); the text pointer moves past it.
basic_name:
        jsr basic_string
        lda PTR2
        sta FSBLK
        lda PTR2+1
        sta FSBLK+1
        rts

; SAVE "name": the program, from the start of the text up to TOP; it reloads there, and its
; execution address is #C2B2, the one Acorn's BASIC records (found by saving there).
st_save:
        jsr basic_name
        ldx #4
@addr:  lda #0                  ; reload (X = 0) and first byte (4): #page00
        sta FSBLK+2,x
        lda TEXTPAGE
        sta FSBLK+3,x
        dex
        dex
        dex
        dex
        bpl @addr
        lda #<BASIC_EXEC
        sta FSBLK+4
        lda #>BASIC_EXEC
        sta FSBLK+5
        lda TOPV
        sta FSBLK+8
        lda TOPV+1
        sta FSBLK+9
        ldx #FSBLK
        jsr OSSAVE
        jmp B_STMT_END

; LOAD "name": the program into the text area, then TOP set from it and back to the prompt,
; as after typing it in (LIST and RUN work at once).
st_load:
        jsr basic_name
        lda #0
        sta FSBLK+2
        lda TEXTPAGE
        sta FSBLK+3
        lda #$80                ; at the text, whatever the file's own address
        sta FSBLK+4
        ldx #FSBLK
        jsr OSLOAD
        jsr B_SETTOP
        jmp B_PROMPT

; --- star commands ---------------------------------------------------------------------------

fs_commands:
        .text "CA", 'T'+$80
        .word star_cat-1
        .text "LOA", 'D'+$80
        .word star_load-1
        .text "SAV", 'E'+$80
        .word star_save-1
        .text "RU", 'N'+$80
        .word star_run-1
        .text "DELET", 'E'+$80
        .word star_delete-1
        .text "INF", 'O'+$80
        .word star_info-1
        .byte 0

; *DELETE "name".  The card answers a missing file with type 0 and no error; asking it to load
; the name then gives its own "File not found" error.
star_delete:
        jsr star_card
        lda #C_DELETE
        jsr star_named
        lda FS_DATA
        bne @done
        lda #C_LOAD
        jsr star_named
@done:  rts

; *LOAD "name" [address]: at the file's own address unless one is given (hexadecimal).
star_load:
        jsr star_name
        jsr read_hex
        ror FSBLK+4             ; bit 7: an address was given
        lda FSNUM
        sta FSBLK+2
        lda FSNUM+1
        sta FSBLK+3
        ldx #FSBLK
        jmp OSLOAD

; *RUN "name": load at its own address, then JMP to its execution address.
star_run:
        jsr star_name
        lda #$40                ; at its own address; refused when it has no execution address
        sta FSBLK+4
        ldx #FSBLK
        jsr OSLOAD
        jmp (FSEXEC)

; star_card: *DELETE and *INFO need the card; without it they are COM?, as on Acorn's cassette.
star_card:
        jsr fs_card
        bne star_bad
        rts
; star_bad: a * command with its numbers missing: COM? and error 48, as for an unknown one.
star_bad:
        jmp oscli_default

; *SAVE "name" start end [exec]: the bytes from start up to end (not included), hexadecimal;
; the reload address is start, the execution address start unless given.
star_save:
        jsr star_name
        jsr read_hex
        bcc star_bad
        ldx #2
@start: lda FSNUM
        sta FSBLK+2,x           ; execution (X = 2) and the first byte (X = 4)
        lda FSNUM+1
        sta FSBLK+3,x
        inx
        inx
        cpx #6
        bcc @start
        lda FSNUM
        sta FSBLK+2             ; reload address
        lda FSNUM+1
        sta FSBLK+3
        jsr read_hex
        bcc star_bad
        lda FSNUM
        sta FSBLK+8
        lda FSNUM+1
        sta FSBLK+9
        jsr read_hex
        bcc @save
        lda FSNUM
        sta FSBLK+4
        lda FSNUM+1
        sta FSBLK+5
@save:  ldx #FSBLK
        jmp OSSAVE

; read_hex: FSNUM = the hexadecimal number at (FSP),Y after any spaces; C set when there was
; one.  Y is left after it.
read_hex:
        lda #0
        sta FSNUM
        sta FSNUM+1
        sta FSTMP               ; digits seen
@space: lda (FSP),y
        iny
        cmp #' '
        beq @space
        dey
@digit: lda (FSP),y
        sec
        sbc #'0'
        cmp #10
        bcc @add
        sbc #'A'-'0'-10         ; C is set: 'A'-'F' -> 10-15
        cmp #10
        bcc @end
        cmp #16
        bcs @end
@add:   ldx #4
@shift: asl FSNUM
        rol FSNUM+1
        dex
        bne @shift
        ora FSNUM
        sta FSNUM
        inc FSTMP
        iny
        bne @digit
@end:   lda FSTMP
        cmp #1                  ; C set when there was a digit
        rts

        at ACORN_COM
; fs_cli: COMVEC with the card fitted.  The command word at #100 (after spaces and '*') is
; looked up in fs_commands; anything else is COM? as before.  Each command finds its
; arguments at (FSP).
fs_cli: cld                     ; (OSCLI leaves binary mode, ATAP 25.1)
        ldy #0
@skip:  lda INBUF,y
        cmp #' '
        beq @next
        cmp #'*'
        bne @word
@next:  iny
        bne @skip
@word:  sty FSTMP
        ldx #0
@entry: ldy FSTMP
        lda fs_commands,x
        bne @char
        jmp oscli_default       ; not a filing command: COM?
@char:  lda INBUF,y
        iny
        eor fs_commands,x
        inx
        asl a                   ; C = the table's end-of-name bit, Z when the letters agree
        bne @miss
        bcc @char
        sty FSP                 ; INBUF is at #100: FSP = #100 + Y
        lda #>INBUF
        sta FSP+1
        lda fs_commands+1,x
        pha
        lda fs_commands,x
        pha
        rts                     ; to the command (addresses stored minus one)
@miss:  dex
@past:  ldy fs_commands,x       ; on to the end of this name and past its address
        inx
        tya
        bpl @past
        inx
        inx
        bne @entry

; *INFO name (wild cards * and #): name, load, exec, length of each file that matches;
; *CAT [drive]: the card's catalogue text.  Either, line by line.
star_cat:
        jsr fs_card
        beq card_cat
        jmp tape_cat            ; without the card, the cassette's (it never ends)
star_info:
        jsr star_card
        lda #C_INFOTEXT
        .byte $2C               ; BIT abs: skips the LDA
card_cat:
        lda #C_CAT
        jsr star_named          ; the drive or directory text (may be empty)
@text:  lda FS_DATA
        beq @done
        jsr OSASCI              ; CR as a new line
        jmp @text
@done:  rts

; star_named: card command A with the name at (FSP) as its parameter.
star_named:
        pha
        sta FS_RESET
        jsr fs_name
        pla
        jmp fs_do

; star_name: FSBLK+0 = the address of the name at (FSP); Y = the offset after it.
star_name:
        lda FSP
        sta FSBLK
        lda FSP+1
        sta FSBLK+1
        jmp fs_name             ; (the card's parameters are emptied again by the call)
