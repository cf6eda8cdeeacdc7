; The keyword table, the tokeniser and the detokeniser (LIST).
; Token values are the documented BBC BASIC II values (User Guide, "Keywords" / token table).
; Each entry: the keyword's text, its token, its documented tokeniser flags if any (M. Plumbley, "BASIC ROM
; User Guide", pp. 41-43; the same table as emulator/debug/bbc_tokens.py).  Order decides the match: a keyword that is
; a prefix of another comes after it; the first keyword matching an abbreviation "X." wins.

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
        kw "PRINT", $F1, K_MID
        kw "AND", $80, 0
        kw "ABS", $94, 0
        kw "ACS", $95, 0
        kw "ADVAL", $96, 0
        kw "ASC", $97, 0
        kw "ASN", $98, 0
        kw "ATN", $99, 0
        kw "AUTO", $C6, K_LINE
        kw "BGET", $9A, K_COND
        kw "BPUT", $D5, K_COND|K_MID
        kw "COLOUR", $FB, K_MID
        kw "CALL", $D6, K_MID
        kw "CHAIN", $D7, K_MID
        kw "CHR$", $BD, 0
        kw "CLEAR", $D8, K_COND
        kw "CLOSE", $D9, K_COND|K_MID
        kw "CLG", $DA, K_COND
        kw "CLS", $DB, K_COND
        kw "COS", $9B, 0
        kw "COUNT", $9C, K_COND
        kw "DATA", $DC, K_REST
        kw "DEG", $9D, 0
        kw "DEF", $DD, 0
        kw "DELETE", $C7, K_LINE
        kw "DIV", $81, 0
        kw "DIM", $DE, K_MID
        kw "DRAW", $DF, K_MID
        kw "ENDPROC", $E1, K_COND
        kw "END", $E0, K_COND
        kw "ENVELOPE", $E2, K_MID
        kw "ELSE", $8B, K_STMT|K_LINE
        kw "EVAL", $A0, 0
        kw "ERL", $9E, K_COND
        kw "ERROR", $85, K_STMT
        kw "EOF", $C5, K_COND
        kw "EOR", $82, 0
        kw "ERR", $9F, K_COND
        kw "EXP", $A1, 0
        kw "EXT", $A2, K_COND
        kw "FOR", $E3, K_MID
        kw "FALSE", $A3, K_COND
        kw "FN", $A4, K_NAME
        kw "GOTO", $E5, K_MID|K_LINE
        kw "GET$", $BE, 0
        kw "GET", $A5, 0
        kw "GOSUB", $E4, K_MID|K_LINE
        kw "GCOL", $E6, K_MID
        kw "HIMEM", $93, K_COND|K_MID|K_PSEUDO
        kw "INPUT", $E8, K_MID
        kw "IF", $E7, K_MID
        kw "INKEY$", $BF, 0
        kw "INKEY", $A6, 0
        kw "INT", $A8, 0
        kw "INSTR(", $A7, 0
        kw "LIST", $C9, K_LINE
        kw "LINE", $86, 0
        kw "LOAD", $C8, K_MID
        kw "LOMEM", $92, K_COND|K_MID|K_PSEUDO
        kw "LOCAL", $EA, K_MID
        kw "LEFT$(", $C0, 0
        kw "LEN", $A9, 0
        kw "LET", $E9, K_STMT
        kw "LOG", $AB, 0
        kw "LN", $AA, 0
        kw "MID$(", $C1, 0
        kw "MODE", $EB, K_MID
        kw "MOD", $83, 0
        kw "MOVE", $EC, K_MID
        kw "NEXT", $ED, K_MID
        kw "NEW", $CA, K_COND
        kw "NOT", $AC, 0
        kw "OLD", $CB, K_COND
        kw "ON", $EE, K_MID
        kw "OFF", $87, 0
        kw "OR", $84, 0
        kw "OPENIN", $8E, 0
        kw "OPENOUT", $AE, 0
        kw "OPENUP", $AD, 0
        kw "OSCLI", $FF, K_MID
        kw "PAGE", $90, K_COND|K_MID|K_PSEUDO
        kw "PTR", $8F, K_COND|K_MID|K_PSEUDO
        kw "PI", $AF, K_COND
        kw "PLOT", $F0, K_MID
        kw "POINT(", $B0, 0
        kw "PROC", $F2, K_MID|K_NAME
        kw "POS", $B1, K_COND
        kw "RETURN", $F8, K_COND
        kw "REPEAT", $F5, 0
        kw "REPORT", $F6, K_COND
        kw "READ", $F3, K_MID
        kw "REM", $F4, K_REST
        kw "RUN", $F9, K_COND
        kw "RAD", $B2, 0
        kw "RESTORE", $F7, K_MID|K_LINE
        kw "RIGHT$(", $C2, 0
        kw "RND", $B3, K_COND
        kw "RENUMBER", $CC, K_LINE
        kw "STEP", $88, 0
        kw "SAVE", $CD, K_MID
        kw "SGN", $B4, 0
        kw "SIN", $B5, 0
        kw "SQR", $B6, 0
        kw "SPC", $89, 0
        kw "STR$", $C3, 0
        kw "STRING$(", $C4, 0
        kw "SOUND", $D4, K_MID
        kw "STOP", $FA, K_COND
        kw "TAN", $B7, 0
        kw "THEN", $8C, K_STMT|K_LINE
        kw "TO", $B8, 0
        kw "TAB(", $8A, 0
        kw "TRACE", $FC, K_MID|K_LINE
        kw "TIME", $91, K_COND|K_MID|K_PSEUDO
        kw "TRUE", $B9, K_COND
        kw "UNTIL", $FD, K_MID
        kw "USR", $BA, 0
        kw "VDU", $EF, K_MID
        kw "VAL", $BB, 0
        kw "VPOS", $BC, K_COND
        kw "WIDTH", $FE, K_MID
        .byte 0

; C set when A is a character of a variable name (letters, digits, _ and `)
is_idchar:
        cmp #'0'
        bcc @no
        cmp #'9'+1
        bcc @yes
        cmp #'A'
        bcc @no
        cmp #'Z'+1
        bcc @yes
        cmp #'_'
        bcc @no
        cmp #'z'+1
        bcc @yes
@no:    clc
        rts
@yes:   sec
        rts

; tokenise INBUF from X to its CR into (TOKDST).  TKSTMT bit 7: at the start of a statement;
; TKLN nonzero: a line number may come next.
tokenise:
        ldy #0
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
        jmp tk_stmt
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
        jsr parse_inbuf_number
        lda #$8D
        sta (TOKDST),y
        iny
        jsr encode_lnum
        jmp tk_loop

; A = token, CNT2 = flags
tk_token:
        bit CNT2                ; K_PSEUDO (bit 6) at the start of a statement: the token + &40
        bvc @np
        bit TKSTMT
        bpl @np
        ora #$40                ; (&8F-&93 become &CF-&D3)
@np:    sta (TOKDST),y
        iny
        lda CNT2                ; a keyword with neither flag leaves the statement state as it was
        and #K_MID
        beq @nm
        asl TKSTMT              ; (&80 or 0: now 0)
@nm:    lda CNT2
        and #K_STMT
        beq @ns
        lda #$80
        sta TKSTMT
@ns:    lda CNT2
        and #K_LINE
        sta TKLN
        lda CNT2
        and #K_REST
        beq @nr
        jmp tk_rest
@nr:    lda CNT2
        and #K_NAME
        beq @nn
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
        ldy #0
        lda (TP),y
        eor #$54
        asl a
        asl a                   ; the low byte's top bits at 7-6, the high byte's at 5-4
        ldx #0
@b:     sta CNT
        and #$C0
        sta LNUM,x
        iny
        lda (TP),y
        and #$3F
        ora LNUM,x
        sta LNUM,x
        lda CNT
        asl a
        asl a
        inx
        cpx #2
        bne @b
        jsr inctp
        jsr inctp
        jmp inctp

; parse a decimal number at INBUF,x into LNUM (16 bits)
parse_inbuf_number:
        lda #0
        sta LNUM
        sta LNUM+1
@l:     lda INBUF,x
        jsr is_digit
        bcc @d
        jsr lnum_digit
        inx
        bne @l
@d:     rts

; LNUM = LNUM*10 + the digit A (a line number < 6554: no carry out)
lnum_digit:
        and #$0F
        pha
        lda LNUM
        asl a
        sta CNT
        lda LNUM+1
        rol a
        sta CNT2
        asl CNT
        rol CNT2
        lda LNUM
        adc CNT                 ; carry is clear after the shifts of a line number < 16384
        sta LNUM
        lda LNUM+1
        adc CNT2
        sta LNUM+1
        asl LNUM
        rol LNUM+1
        pla
        clc
        adc LNUM
        sta LNUM
        bcc @d
        inc LNUM+1
@d:     rts

; The keyword table walk: PTR2 at an entry, Y = 0, A = its first byte (0: the end of the table).
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
kw_after_token:                 ; the same with Y at the token
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

; look for a keyword at INBUF,x: C set, A = token, CNT2 = flags, X past it; C clear if none
kw_match:
        stx SAVETP+1
        jsr kw_first
@entry: ldx SAVETP+1
@cmp:   lda (PTR2),y
        bmi @full
        cmp INBUF,x
        bne @partial
        iny
        inx
        bne @cmp
@partial:
        lda INBUF,x
        cmp #'.'
        bne @next
        cpy #0
        beq @next
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
        ldx SAVETP+1
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
        jsr kw_first
@f:     lda (PTR2),y
        bmi @tok
        iny
        bne @f
@tok:   cmp CNT
        beq @print
        jsr kw_after_token
        bne @f
        lda CNT                 ; not a keyword
        jmp outch
@print: ldy #0
@p:     lda (PTR2),y
        bmi @d
        sty SUBT1
        jsr outch
        ldy SUBT1
        iny
        bne @p
@d:     rts
