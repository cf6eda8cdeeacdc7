; The keyword table, the tokeniser and the detokeniser (LIST).
; Token values are the documented BBC BASIC II values (User Guide, "Keywords" / token table).
; Each entry: the keyword's text, its token, its documented tokeniser flags if any (M. Plumbley, "BASIC ROM
; User Guide", pp. 41-43; the same table as emulator/basic/bbc_tokens.py).  The keywords are in
; groups by their first letter, A to Z, each group ending with 0; an entry holds the text after
; that letter.  Order in a group decides the match: a keyword that is a prefix of another comes
; after it; the first keyword matching an abbreviation "X." wins (PRINT leads the P group).

K_COND  = 1                     ; not a keyword when a letter or digit follows
K_MID   = 2                     ; what follows is the middle of a statement
K_STMT  = 4                     ; what follows is the start of a statement (THEN, ELSE, LET, ERROR)
K_NAME  = 8                     ; a PROC/FN name follows, kept as typed
K_LINE  = 16                    ; line numbers follow (GOTO 100 keeps 100 as &8D n n n)
K_REST  = 32                    ; the rest of the line is kept as typed (REM, DATA)
K_PSEUDO = 64                   ; at the start of a statement the token is +&40 (PAGE=, TIME= ...)

        .macro kw text, token, flags    ; the flags byte (bit 7 set) only when there are flags
        .text text
        .byte token
        .if flags
        .byte flags | $80
        .endif
        .endm

kwtable:
        kw "ND", $80, 0                                 ; AND
        kw "BS", $94, 0                                 ; ABS
        kw "CS", $95, 0                                 ; ACS
        kw "DVAL", $96, 0                               ; ADVAL
        kw "SC", $97, 0                                 ; ASC
        kw "SN", $98, 0                                 ; ASN
        kw "TN", $99, 0                                 ; ATN
        kw "UTO", $C6, K_LINE                           ; AUTO
        .byte 0                 ; the end of A
        kw "GET", $9A, K_COND                           ; BGET
        kw "PUT", $D5, K_COND|K_MID                     ; BPUT
        .byte 0                 ; the end of B
        kw "OLOUR", $FB, K_MID                          ; COLOUR
        kw "ALL", $D6, K_MID                            ; CALL
        kw "HAIN", $D7, K_MID                           ; CHAIN
        kw "HR$", $BD, 0                                ; CHR$
        kw "LEAR", $D8, K_COND                          ; CLEAR
        kw "LOSE", $D9, K_COND|K_MID                    ; CLOSE
        kw "LG", $DA, K_COND                            ; CLG
        kw "LS", $DB, K_COND                            ; CLS
        kw "OS", $9B, 0                                 ; COS
        kw "OUNT", $9C, K_COND                          ; COUNT
        .byte 0                 ; the end of C
        kw "ATA", $DC, K_REST                           ; DATA
        kw "EG", $9D, 0                                 ; DEG
        kw "EF", $DD, 0                                 ; DEF
        kw "ELETE", $C7, K_LINE                         ; DELETE
        kw "IV", $81, 0                                 ; DIV
        kw "IM", $DE, K_MID                             ; DIM
        kw "RAW", $DF, K_MID                            ; DRAW
        .byte 0                 ; the end of D
        kw "NDPROC", $E1, K_COND                        ; ENDPROC
        kw "ND", $E0, K_COND                            ; END
        kw "NVELOPE", $E2, K_MID                        ; ENVELOPE
        kw "LSE", $8B, K_STMT|K_LINE                    ; ELSE
        kw "VAL", $A0, 0                                ; EVAL
        kw "RL", $9E, K_COND                            ; ERL
        kw "RROR", $85, K_STMT                          ; ERROR
        kw "OF", $C5, K_COND                            ; EOF
        kw "OR", $82, 0                                 ; EOR
        kw "RR", $9F, K_COND                            ; ERR
        kw "XP", $A1, 0                                 ; EXP
        kw "XT", $A2, K_COND                            ; EXT
        .byte 0                 ; the end of E
        kw "OR", $E3, K_MID                             ; FOR
        kw "ALSE", $A3, K_COND                          ; FALSE
        kw "N", $A4, K_NAME                             ; FN
        .byte 0                 ; the end of F
        kw "OTO", $E5, K_MID|K_LINE                     ; GOTO
        kw "ET$", $BE, 0                                ; GET$
        kw "ET", $A5, 0                                 ; GET
        kw "OSUB", $E4, K_MID|K_LINE                    ; GOSUB
        kw "COL", $E6, K_MID                            ; GCOL
        .byte 0                 ; the end of G
        kw "IMEM", $93, K_COND|K_MID|K_PSEUDO           ; HIMEM
        .byte 0                 ; the end of H
        kw "NPUT", $E8, K_MID                           ; INPUT
        kw "F", $E7, K_MID                              ; IF
        kw "NKEY$", $BF, 0                              ; INKEY$
        kw "NKEY", $A6, 0                               ; INKEY
        kw "NT", $A8, 0                                 ; INT
        kw "NSTR(", $A7, 0                              ; INSTR(
        .byte 0                 ; the end of I
        .byte 0                 ; the end of J
        .byte 0                 ; the end of K
        kw "IST", $C9, K_LINE                           ; LIST
        kw "INE", $86, 0                                ; LINE
        kw "OAD", $C8, K_MID                            ; LOAD
        kw "OMEM", $92, K_COND|K_MID|K_PSEUDO           ; LOMEM
        kw "OCAL", $EA, K_MID                           ; LOCAL
        kw "EFT$(", $C0, 0                              ; LEFT$(
        kw "EN", $A9, 0                                 ; LEN
        kw "ET", $E9, K_STMT                            ; LET
        kw "OG", $AB, 0                                 ; LOG
        kw "N", $AA, 0                                  ; LN
        .byte 0                 ; the end of L
        kw "ID$(", $C1, 0                               ; MID$(
        kw "ODE", $EB, K_MID                            ; MODE
        kw "OD", $83, 0                                 ; MOD
        kw "OVE", $EC, K_MID                            ; MOVE
        .byte 0                 ; the end of M
        kw "EXT", $ED, K_MID                            ; NEXT
        kw "EW", $CA, K_COND                            ; NEW
        kw "OT", $AC, 0                                 ; NOT
        .byte 0                 ; the end of N
        kw "LD", $CB, K_COND                            ; OLD
        kw "N", $EE, K_MID                              ; ON
        kw "FF", $87, 0                                 ; OFF
        kw "R", $84, 0                                  ; OR
        kw "PENIN", $8E, 0                              ; OPENIN
        kw "PENOUT", $AE, 0                             ; OPENOUT
        kw "PENUP", $AD, 0                              ; OPENUP
        kw "SCLI", $FF, K_MID                           ; OSCLI
        .byte 0                 ; the end of O
        kw "RINT", $F1, K_MID                           ; PRINT
        kw "AGE", $90, K_COND|K_MID|K_PSEUDO            ; PAGE
        kw "TR", $8F, K_COND|K_MID|K_PSEUDO             ; PTR
        kw "I", $AF, K_COND                             ; PI
        kw "LOT", $F0, K_MID                            ; PLOT
        kw "OINT(", $B0, 0                              ; POINT(
        kw "ROC", $F2, K_MID|K_NAME                     ; PROC
        kw "OS", $B1, K_COND                            ; POS
        .byte 0                 ; the end of P
        .byte 0                 ; the end of Q
        kw "ETURN", $F8, K_COND                         ; RETURN
        kw "EPEAT", $F5, 0                              ; REPEAT
        kw "EPORT", $F6, K_COND                         ; REPORT
        kw "EAD", $F3, K_MID                            ; READ
        kw "EM", $F4, K_REST                            ; REM
        kw "UN", $F9, K_COND                            ; RUN
        kw "AD", $B2, 0                                 ; RAD
        kw "ESTORE", $F7, K_MID|K_LINE                  ; RESTORE
        kw "IGHT$(", $C2, 0                             ; RIGHT$(
        kw "ND", $B3, K_COND                            ; RND
        kw "ENUMBER", $CC, K_LINE                       ; RENUMBER
        .byte 0                 ; the end of R
        kw "TEP", $88, 0                                ; STEP
        kw "AVE", $CD, K_MID                            ; SAVE
        kw "GN", $B4, 0                                 ; SGN
        kw "IN", $B5, 0                                 ; SIN
        kw "QR", $B6, 0                                 ; SQR
        kw "PC", $89, 0                                 ; SPC
        kw "TR$", $C3, 0                                ; STR$
        kw "TRING$(", $C4, 0                            ; STRING$(
        kw "OUND", $D4, K_MID                           ; SOUND
        kw "TOP", $FA, K_COND                           ; STOP
        .byte 0                 ; the end of S
        kw "AN", $B7, 0                                 ; TAN
        kw "HEN", $8C, K_STMT|K_LINE                    ; THEN
        kw "O", $B8, 0                                  ; TO
        kw "AB(", $8A, 0                                ; TAB(
        kw "RACE", $FC, K_MID|K_LINE                    ; TRACE
        kw "IME", $91, K_COND|K_MID|K_PSEUDO            ; TIME
        kw "RUE", $B9, K_COND                           ; TRUE
        .byte 0                 ; the end of T
        kw "NTIL", $FD, K_MID                           ; UNTIL
        kw "SR", $BA, 0                                 ; USR
        .byte 0                 ; the end of U
        kw "DU", $EF, K_MID                             ; VDU
        kw "AL", $BB, 0                                 ; VAL
        kw "POS", $BC, K_COND                           ; VPOS
        .byte 0                 ; the end of V
        kw "IDTH", $FE, K_MID                           ; WIDTH
        .byte 0                 ; the end of W
        .byte 0                 ; the end of X
        .byte 0                 ; the end of Y
        .byte 0                 ; the end of Z

; C set when A is a character of a variable name (letters, digits, _ and `)
is_idchar:
        cmp #'0'                ; (what ends a name is mostly below '0': one test, for speed)
        bcc @d
        cmp #'9'+1
        bcc @yes
        cmp #'A'
        bcc @d
        cmp #'Z'+1
        bcc @yes
        cmp #'_'
        bcc @d
        cmp #'z'+1
        bcs @no
@yes:   sec
@d:     rts
@no:    clc
        rts

; tokenise INBUF from X to its CR into (TOKDST).  TKSTMT bit 7: at the start of a statement;
; TKLN nonzero: a line number may come next.
tokenise:
        ldy #0
tokenise_y:                     ; (to TOKDST from Y)
tk_stmt:
        lda #$80
        sta TKSTMT
        lda #0
        sta TKLN
tk_loop:
        lda INBUF,x
        cmp #13
        beq tk_cr
        cmp #$22
        bne @notq
@q:     sta (TOKDST),y          ; a string: kept as typed
        iny
        inx
        lda INBUF,x
        cmp #13
        beq tk_cr
        cmp #$22
        bne @q
        beq tk_one
@notq:  cmp #' '
        beq tk_keep
        cmp #','
        beq tk_keep
        cmp #':'
        bne @notcolon
        jsr tk_put
        bne tk_stmt             ; (Z clear after tk_put)
@notcolon:
        cmp #'*'                ; a * command at the start of a statement: kept as typed
        bne tk_notstar
        bit TKSTMT
        bmi tk_rest
        bpl tk_one
tk_one: jsr tk_put
tk_plain:
        lda #0
        sta TKSTMT
        sta TKLN
        beq tk_loop
tk_keep:
        jsr tk_put
        bne tk_loop
tk_rest:                        ; the rest of the line as typed
        lda INBUF,x
        cmp #13
        beq tk_cr
        jsr tk_put
        bne tk_rest
tk_cr:  sta (TOKDST),y
        rts
tk_notstar:
        cmp #'&'
        bne @nothex
@hex:   jsr tk_put
        lda INBUF,x
        cmp #'0'
        bcc tk_plain
        cmp #'9'+1
        bcc @hex
        cmp #'A'
        bcc tk_plain
        cmp #'F'+1
        bcc @hex
        bcs tk_plain
@nothex:
        cmp #'0'
        bcc tk_one
        cmp #'9'+1
        bcs @notdigit
        lda TKLN
        bne tk_linenumber
@dig:   lda INBUF,x
        cmp #'.'
        beq @dig1
        jsr is_digit
        bcc tk_plain
@dig1:  jsr tk_put
        bne @dig
@notdigit:
        cmp #'A'
        bcc tk_one
        cmp #'Z'+1
        bcs @ident0
        sty SAVETP
        jsr kw_match
        ldy SAVETP
        bcs tk_token
        bcc @ident
@ident0:
        jsr is_idchar
        bcc tk_one
@ident: lda INBUF,x             ; a name: kept whole, so no keyword hides inside it
        jsr is_idchar
        bcc tk_plain
        jsr tk_put
        bne @ident

; A to (TOKDST),Y; both indexes move on (Z clear: X is never 0 after it)
tk_put: sta (TOKDST),y
        iny
        inx
        rts

tk_linenumber:
        txa
        pha
        jsr parse_inbuf_number
        bmi @big
        pla
        lda #$8D
        sta (TOKDST),y
        iny
        jsr encode_lnum
        jmp tk_loop
@big:   pla                     ; 32768 or more: the digits kept as typed, as BASIC II does (run
        tax                     ; on it): read again as no line number (GOTO is mid-statement)
        jmp tk_plain

; A = token, CNT2 = flags
tk_token:
        bit CNT2                ; K_PSEUDO (bit 6) at the start of a statement: the token + &40
        bvc @np
        bit TKSTMT
        bpl @np
        ora #$40                ; (&8F-&93 become &CF-&D3)
@np:    sta (TOKDST),y
        iny
        lda CNT2                ; the flags, from bit 0 up (a keyword with neither K_MID nor
        lsr a                   ; K_STMT leaves the statement state as it was)
        lsr a                   ; K_MID: bit 7 of TKSTMT clear
        bcc @nm
        lsr TKSTMT
@nm:    lsr a                   ; K_STMT: bit 7 of TKSTMT set
        bcc @ns
        ror TKSTMT
@ns:    lsr a                   ; K_NAME
        and #(K_LINE|K_REST)>>4
        sta TKLN                ; K_LINE: a line number may follow (K_REST ends the line anyway)
        bcs @name
        and #K_REST>>4
        beq @nn
        jmp tk_rest
@name:  lda INBUF,x
        jsr is_idchar
        bcc @nn
        jsr tk_put
        bne @name
@nn:    jmp tk_loop

; store the 3 bytes of the encoded line number LNUM at (TOKDST),y (the documented &8D encoding);
; Y moves past them
encode_lnum:
        lda LNUM+1
        and #$C0
        lsr a
        lsr a
        sta CNT                 ; the top bits of the high byte at 5-4
        lda LNUM
        and #$C0
        ora CNT
        lsr a
        lsr a                   ; low byte's at 5-4, high byte's at 3-2
        eor #$54
        sta (TOKDST),y
        iny
        lda LNUM
        jsr @low6
        lda LNUM+1
@low6:  and #$3F
        ora #$40
        sta (TOKDST),y
        iny
        rts

; decode the line number whose 3 bytes follow &8D at TP (TP at the first) into LNUM; TP moves past
decode_lnum:
        ldy #0                  ; the first byte's bits 3-2 are the high byte's top bits: to 7-6
        lda (TP),y
        eor #$54
        tax
        asl a
        asl a
        asl a
        asl a
        ldy #2
        eor (TP),y              ; and its other 6 bits (the token's bit 6, always set, undone)
        eor #$40
        sta LNUM+1
        txa                     ; the first byte's bits 5-4 are the low byte's top bits: to 7-6
        asl a
        asl a                   ; (C clear: the first byte's bits 7-6 are 0 after the EOR)
        and #$C0
        dey
        eor (TP),y
        eor #$40
        sta LNUM
        lda TP                  ; TP += 3 (unrolled: a line number is decoded at each GOTO,
        adc #3                  ; GOSUB and THEN, for speed)
        sta TP
        bcc @d
        inc TP+1
@d:     rts

; parse a decimal number at INBUF,x into LNUM (16 bits); N set when it is 32768 or more (a
; line number before a digit of 3328 or more: ten times it is past 32767, and may pass 16 bits)
parse_inbuf_number:
        lda #0
        sta LNUM
        sta LNUM+1
        sta CNT
@l:     lda INBUF,x
        jsr is_digit
        bcc @d
        pha
        lda LNUM+1
        cmp #$0D
        bcc @s
        dec CNT                 ; (at most 256 digits in the line: bit 7 set from the first)
@s:     pla
        jsr lnum_digit
        inx
        bne @l
@d:     lda LNUM+1
        ora CNT
        rts

; LNUM = LNUM*10 + the digit A
lnum_digit:
        and #$0F
        pha
        lda LNUM+1
        pha
        lda LNUM
        asl LNUM                ; *4
        rol LNUM+1
        asl LNUM
        rol LNUM+1
        adc LNUM                ; *5 (carry is clear after the shifts of a line number < 16384)
        sta LNUM
        pla
        adc LNUM+1
        sta LNUM+1
        asl LNUM                ; *10
        rol LNUM+1
        pla
        clc
        adc LNUM
        sta LNUM
        bcc @d
        inc LNUM+1
@d:     rts

; The keyword table walk: PTR2 at an entry, Y = 0, A = its first byte (0: the group's end).
kw_first:
        lda #<kwtable
        sta PTR2
        lda #>kwtable
        sta PTR2+1
        bne kw_entry            ; (the table is not in page 0)
kw_next:                        ; PTR2 to the next entry
        ldy #0
@t:     lda (PTR2),y
        iny
        cmp #$80
        bcc @t
        dey
kw_after_token:                 ; the same with Y at the token (or, Y = 0 at a group's end, past it)
        iny
        lda (PTR2),y
        bpl @add
        iny                     ; a flags byte
@add:   tya
        clc
        adc PTR2
        sta PTR2
        bcc kw_entry
        inc PTR2+1
kw_entry:
        ldy #0
        lda (PTR2),y
        rts

; A = CNT2 = the flags of the entry whose token is at PTR2,Y (Y kept)
kw_flags:
        iny
        lda (PTR2),y
        bmi @f
        lda #0
@f:     dey
        sta CNT2
        rts

; look for a keyword at INBUF,x (a capital letter): C set, A = token, CNT2 = flags, X past it;
; C clear if none
kw_match:
        stx SAVETP+1
        lda INBUF,x
        sec
        sbc #'A'-1
        tax                     ; the letter's group, counting from 1
        jsr kw_first
@grp:   dex
        beq @in
        jsr kw_entry            ; pass a group
        beq @past
@sk:    jsr kw_next
        bne @sk
@past:  jsr kw_after_token
        jmp @grp
@in:    jsr kw_entry
        beq @none
@entry: ldx SAVETP+1
        inx
@cmp:   lda (PTR2),y
        bmi @full
        cmp INBUF,x
        bne @partial
        iny
        inx
        bne @cmp
@partial:
        lda INBUF,x             ; an abbreviation: the letter and what matched, then '.'
        cmp #'.'
        bne @next
        inx
@ft:    iny
        lda (PTR2),y
        bpl @ft
        bmi @got
@full:  jsr kw_flags            ; a conditional keyword is not one when a name goes on
        and #K_COND
        beq @got
        lda INBUF,x
        jsr is_idchar
        bcs @next
@got:   jsr kw_flags
        lda (PTR2),y
        sec
        rts
@next:  jsr kw_next
        bne @entry
@none:  ldx SAVETP+1
        clc
        rts

; print the keyword of token A
print_token:
        cmp #$CF
        bcc @find
        cmp #$D4
        bcs @find
        sbc #$3F                ; carry clear: subtract &40 (statement forms of PAGE etc.)
@find:  sta CNT
        ldx #'A'                ; the group's letter
        jsr kw_first
@e:     beq @end
@f:     lda (PTR2),y
        bmi @tok
        iny
        bne @f
@tok:   cmp CNT
        beq @print
@after: jsr kw_after_token
        jmp @e
@end:   inx                     ; the next letter's group
        cpx #'Z'+1
        bne @after
@unknown:
        lda CNT                 ; not a keyword
        jmp outch
@print: txa
        jsr outch
        ldy #0
@p:     lda (PTR2),y
        bmi @d
        jsr outch               ; (OSWRCH keeps Y: User Guide, "OSWRCH")
        iny
        bne @p
@d:     rts
