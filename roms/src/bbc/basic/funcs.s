; Functions, PROC/FN calls, INPUT.

func_table:
        .word fn_openin         ; 8E OPENIN
        .word fn_ptr            ; 8F PTR
        .word fn_page           ; 90 PAGE
        .word fn_time           ; 91 TIME
        .word fn_lomem          ; 92 LOMEM
        .word fn_himem          ; 93 HIMEM
        .word fn_abs            ; 94 ABS
        .word fn_acs            ; 95 ACS
        .word fn_adval          ; 96 ADVAL
        .word fn_asc            ; 97 ASC
        .word fn_asn            ; 98 ASN
        .word fn_atn            ; 99 ATN
        .word fn_bget           ; 9A BGET
        .word fn_cos            ; 9B COS
        .word fn_count          ; 9C COUNT
        .word fn_deg            ; 9D DEG
        .word fn_erl            ; 9E ERL
        .word fn_err            ; 9F ERR
        .word fn_eval           ; A0 EVAL
        .word fn_exp            ; A1 EXP
        .word fn_ext            ; A2 EXT
        .word fn_false          ; A3 FALSE
        .word fn_fn             ; A4 FN
        .word fn_get            ; A5 GET
        .word fn_inkey          ; A6 INKEY
        .word fn_instr          ; A7 INSTR(
        .word fn_int            ; A8 INT
        .word fn_len            ; A9 LEN
        .word fn_ln             ; AA LN
        .word fn_log            ; AB LOG
        .word fn_not            ; AC NOT
        .word fn_openup         ; AD OPENUP
        .word fn_openout        ; AE OPENOUT
        .word fn_pi             ; AF PI
        .word fn_point          ; B0 POINT(
        .word fn_pos            ; B1 POS
        .word fn_rad            ; B2 RAD
        .word fn_rnd            ; B3 RND
        .word fn_sgn            ; B4 SGN
        .word fn_sin            ; B5 SIN
        .word fn_sqr            ; B6 SQR
        .word fn_tan            ; B7 TAN
        .word fn_top            ; B8 TO: TOP is TO followed by P
        .word fn_true           ; B9 TRUE
        .word fn_usr            ; BA USR
        .word fn_val            ; BB VAL
        .word fn_vpos           ; BC VPOS
        .word fn_chr            ; BD CHR$
        .word fn_getstr         ; BE GET$
        .word fn_inkeystr       ; BF INKEY$
        .word fn_left           ; C0 LEFT$(
        .word fn_mid            ; C1 MID$(
        .word fn_right          ; C2 RIGHT$(
        .word fn_str            ; C3 STR$
        .word fn_string         ; C4 STRING$(
        .word fn_eof            ; C5 EOF

; EVAL(a$): the string tokenised (in INBUF, in place: tokens are never longer than the words;
; TOKDST is INBUF whenever a program runs) and evaluated as an expression
fn_eval:
        jsr current_line        ; (found while TP is in it: an error in the string is this line's)
        jsr factor
        jsr need_str
        ldx SLEN
        lda #13
        sta INBUF,x
        txa
        beq @t
@c:     lda SBUF-1,x
        sta INBUF-1,x
        dex
        bne @c
@t:     ldx #0
        jsr tokenise
        lda TP
        pha
        lda TP+1
        pha
        lda #<INBUF
        sta TP
        lda #>INBUF
        sta TP+1
        jsr expr
        jmp pop_tp

; IACC = A, zero-extended
set_iacc_a:
        ldx #0
; IACC = A + 256 * X, zero-extended
set_iacc_ax:
        sta IACC
        stx IACC+1
        lda #0
        sta IACC+2
        sta IACC+3
vtype_a:
        sta VTYPE
        rts

fn_page:
        ldx PAGEHI
        lda #0
        beq set_iacc_ax         ; (always)
fn_top: ldy #0
        lda (TP),y
        cmp #'P'
        beq @top
        jmp e_syntax
@top:   jsr inctp
        lda TOP
        ldx TOP+1
        jmp set_iacc_ax
fn_erl: lda ERLNUM
        ldx ERLNUM+1
        jmp set_iacc_ax
fn_err: lda ERRNUM
        jmp set_iacc_a
fn_true:
        lda #$FF                ; TRUE is -1
        .byte $2C               ; BIT abs: skips the LDA below
fn_false:
; IACC = 0 (X is kept)
clear_iacc:
        lda #0
        sta IACC
        sta IACC+1
        sta IACC+2
        sta IACC+3
        lda #0
        beq vtype_a             ; (always)
; TIME: OSWORD 1 reads the 5-byte clock in centiseconds
fn_time:
        ldx #<IACC
        ldy #>IACC
        lda #1
        jsr OSWORD
        lda #0
        beq vtype_a             ; (always)
fn_abs: jsr factor
        jsr need_num
        bne @r
        lda IACC+3
        bpl abs_done
        jmp negate_iacc
@r:     lda #0
        sta FSIGN
abs_done:
        rts
fn_int: jsr factor
        jsr need_num
        beq abs_done            ; an integer is its own INT
        jmp real_floor
fn_not: jsr factor_int
        ldx #3
@l:     lda IACC,x
        eor #$FF
        sta IACC,x
        dex
        bpl @l
        rts
fn_sgn: jsr factor
        jsr need_num
        beq @i
        lda FEXP                ; a real: its sign, as an integer
        beq clear_iacc
        lda FSIGN
        bmi fn_true
@one:   lda #1
        jmp set_iacc_a
@i:     lda IACC+3
        bmi fn_true
        ora IACC
        ora IACC+1
        ora IACC+2
        bne @one
        rts
fn_asc: jsr factor
        jsr need_str
        lda SLEN
        beq @none
        lda SBUF
        jmp set_iacc_a
@none:  jmp fn_true             ; ASC("") = -1
fn_len: jsr factor
        jsr need_str
        lda SLEN
        jmp set_iacc_a
fn_get: jsr OSRDCH
        bcs @esc
        jmp set_iacc_a
@esc:   jmp escape
fn_getstr:
        jsr fn_get
        beq one_char_string     ; (always: set_iacc_a leaves Z set)
fn_chr: jsr factor_int
one_char_string:
        lda IACC
        sta SBUF
        lda #1
string_of_length_a:
        sta SLEN
        lda #$FF
        sta VTYPE
        rts
; INKEY(n): OSBYTE &81 (User Guide: a key within n centiseconds, or -1; negative n scans a key)
fn_inkey:
        jsr inkey_call
        lda IACC+3
        bmi @scan
        cpy #0
        bne @none
        txa
        jmp set_iacc_a
@scan:  cpx #$FF
        bne @no
@none:  jmp fn_true
@no:    jmp fn_false
fn_inkeystr:
        jsr inkey_call
        cpy #0
        bne @none
        stx IACC
        beq one_char_string     ; (always: Z from the CPY)
@none:  lda #0
        beq string_of_length_a  ; (always)
; INKEY's argument, and OSBYTE &81 with it (X and Y its result)
inkey_call:
        jsr factor_int
        ldx IACC
        ldy IACC+1
        lda #$81
        jmp OSBYTE
fn_pos: lda #$86
        jsr OSBYTE
        txa
        jmp set_iacc_a
fn_vpos:
        lda #$86
        jsr OSBYTE
        tya
        jmp set_iacc_a

; RND: our own 32-bit xorshift generator (the documented forms: RND, RND(-n) seeds,
; RND(0) repeats the last number, RND(n) for n>1 is 1..n)
fn_rnd: ldy #0
        lda (TP),y
        cmp #'('
        beq @arg
        jsr rnd_next
        bmi @copy               ; (rnd_next ends with N set)
@arg:   jsr inctp
        jsr expr_int
        jsr closeb
        lda IACC+3
        bpl @pos
        ldx #3                  ; RND(-n): seed with n, give n
@seed:  lda IACC,x
        sta SEED,x
        dex
        bpl @seed
        rts
@pos:   lda IACC+1
        ora IACC+2
        ora IACC+3
        bne @range
        lda IACC
        beq @last               ; RND(0): the last RND(1) again (the state as RND(1) gives it, as
        cmp #1                  ; BASIC II: not the last RND's integer)
        bne @range
        jsr rnd_next            ; RND(1): the state / 2^32, 0 <= x < 1
@last:  jsr @copy
        jsr uint_to_real
        lda FEXP
        beq @r0
        sec
        sbc #32
        sta FEXP
@r0:    rts
@range: ldx #3                  ; 1 + (random MOD n), random taken as 31 bits
@sv:    lda IACC,x
        pha
        dex
        bpl @sv
        jsr rnd_next
        ldx #0
@cp:    lda SEED,x
        sta ACC2,x
        pla
        sta IACC,x
        inx
        cpx #4
        bne @cp
        lda ACC2+3
        and #$7F
        sta ACC2+3
        jsr mod32
        jmp iacc_inc
@copy:  ldx #3
@c:     lda SEED,x
        sta IACC,x
        dex
        bpl @c
        lda #0
        sta VTYPE
        rts

rnd_next:                       ; x ^= x << 13; x ^= x >> 17; x ^= x << 5 (never 0 from non-0)
        lda SEED
        ora SEED+1
        ora SEED+2
        ora SEED+3
        bne @go
        inc SEED
@go:    ldy #13
        jsr @shl_xor
        ldy #17
        jsr @shr_xor
        ldy #5
@shl_xor:
        jsr @tmp
@l1:    asl TMP
        rol TMP+1
        rol TMP+2
        rol TMP+3
        dey
        bne @l1
        beq @xor
@tmp:   ldx #3                  ; TMP = SEED
@c2:    lda SEED,x
        sta TMP,x
        dex
        bpl @c2
        rts
@shr_xor:
        jsr @tmp
@l2:    lsr TMP+3
        ror TMP+2
        ror TMP+1
        ror TMP
        dey
        bne @l2
@xor:   ldx #3
@x:     lda SEED,x
        eor TMP,x
        sta SEED,x
        dex
        bpl @x
        rts

; VAL(a$): an optional sign and a decimal number (integer or real), 0 if none
fn_val: jsr factor
        jsr need_str
; the number in SBUF (SLEN characters)
val_sbuf:
        jsr current_line        ; (found while TP is in it: an error in the number is this line's)
        ldx SLEN
        lda #13
        sta SBUF,x
        lda TP
        pha
        lda TP+1
        pha
        lda #<SBUF
        sta TP
        lda #>SBUF
        sta TP+1
        jsr signed_number
        jmp pop_tp

; STR$ n / STR$~n
fn_str: lda #'~'
        jsr accept
        php
        jsr factor
        plp
        beq @hexr
        jsr need_num
        lda #0                  ; G10, or @%'s form when its top byte is set (BASIC II: run on it)
        tax
        ldy VAR_AT+3
        beq @g
        ldx VAR_AT+1
        lda VAR_AT+2
@g:     jsr fmt_num
@str:   lda #$FF
        sta VTYPE
        rts
@hexr:  jsr need_int
        jsr hex_sbuf
        bne @str                ; (hex_sbuf ends with Z clear)
; IACC in decimal into SBUF/SLEN (DLEN characters, DSIGN its sign)
int_sbuf:
        jsr dec_digits
        ldy DLEN
        ldx #0
@c:     dey
        lda DIGITS,y
        sta SBUF,x
        inx
        cpy #0
        bne @c
        stx SLEN
        rts
; IACC in hexadecimal, no leading zeros, into SBUF/SLEN (STR$~ and PRINT ~)
hex_sbuf:
        lda #0
        sta SLEN
        ldy #3
        ldx #0
@b:     lda IACC,y
        lsr a
        lsr a
        lsr a
        lsr a
        jsr @nib
        lda IACC,y
        and #$0F
        jsr @nib
        dey
        bpl @b
        cpx #0
        bne @e
        lda #'0'
        sta SBUF
        inx
@e:     stx SLEN
        rts
@nib:   cpx #0                  ; no leading zeros
        bne @put
        cmp #0
        beq @skip
@put:   cmp #10
        bcc @dg
        adc #6
@dg:    adc #'0'
        sta SBUF,x
        inx
@skip:  rts

; pop the string on the BASIC stack into SBUF
pop_str:
        ldy #0
        lda (BSP),y
        sta SLEN
        ldx #0
@l:     cpx SLEN
        beq @d
        iny
        lda (BSP),y
        sta SBUF,x
        inx
        bne @l
@d:     lda SLEN
        sec
        adc #0
        jsr stack_free
        lda #$FF
        sta VTYPE
        rts

; a string argument, a comma, an integer: SBUF = the string, IACC = the integer
str_comma_int:
        jsr expr_str
        jsr push_str
        jsr comma
        jsr expr_int
        jmp pop_str

; LEFT$(a$,n)
fn_left:
        jsr str_comma_int
        jsr closeb
        jsr clamp_n
        sta SLEN
        rts
; the count in IACC, limited to SLEN (taken unsigned: a negative count is all, as on BASIC II)
clamp_n:
        lda IACC+3
        ora IACC+2
        ora IACC+1
        bne @all
        lda IACC
        cmp SLEN
        bcc @d
@all:   lda SLEN
@d:     rts
; RIGHT$(a$,n)
fn_right:
        jsr str_comma_int
        jsr closeb
        jsr clamp_n
        eor #$FF                ; all but the last n dropped
        sec
        adc SLEN
; drop the first A characters of SBUF (A <= SLEN): the rest moves down
sbuf_drop:
        sta CNT2
        tax
        lda SLEN
        sec
        sbc CNT2
        sta SLEN
        ldy #0
@l:     cpy SLEN
        beq @d
        lda SBUF,x
        sta SBUF,y
        inx
        iny
        bne @l
@d:     rts
; MID$(a$,start[,n])
fn_mid: jsr str_comma_int
        jsr push_str
        lda IACC                ; start (1-based)
        pha
        lda IACC+1
        ora IACC+2
        ora IACC+3
        pha
        lda #255                ; n: all the rest
        jsr set_iacc_a
        jsr accept_comma
        bne @non
        jsr expr_int
@non:   jsr closeb
        jsr pop_str
        pla
        beq @small
        lda #0                  ; start beyond 255: nothing
        sta SLEN
        pla
        rts
@small: pla                     ; start 0 is taken as 1
        beq @st
        sec
        sbc #1
@st:    cmp SLEN                ; start past the end: ""
        bcc @in
        lda #0
        sta SLEN
        rts
@in:    jsr sbuf_drop           ; the first start-1 characters dropped
        jsr clamp_n
        sta SLEN
        rts
; STRING$(n,a$)
fn_string:
        jsr expr_int
        lda IACC                ; the count's low byte only (BASIC II: STRING$(300,"A") has 44
        pha                     ; characters, STRING$(-1,"A") 255: run on it)
        jsr comma
        jsr expr_str
        jsr closeb
        pla
        sta CNT
        beq @none
        lda SLEN
        sta CNT2
        beq @d
        ldx CNT2                ; append copies of the first CNT2 characters
        dec CNT
        beq @d
@rep:   ldy #0
@c:     lda SBUF,y
        sta SBUF,x
        inx
        beq @long2
        iny
        cpy CNT2
        bne @c
        dec CNT
        bne @rep
        stx SLEN
@d:     rts
@long2: jmp e_toolong
@none:  lda #0
        sta SLEN
        rts

; INSTR(a$,b$[,start]): the position of b$ in a$ from start, or 0
fn_instr:
        jsr expr_str
        jsr push_str
        jsr comma
        jsr expr_str
        jsr push_str
        lda #1
        sta IACC
        lda #0
        sta IACC+1
        jsr accept_comma
        bne @ns
        jsr expr_int
@ns:    jsr closeb
        jsr pop_str             ; SBUF = b$; a$ stays on the BASIC stack
        ldy #0
        lda (BSP),y
        sta CNT2                ; len(a$)
        lda IACC
        bne @s1
        lda #1
@s1:    sta CNT                 ; 1-based start
@try:   lda CNT                 ; does b$ fit from CNT?
        clc
        adc SLEN
        bcs @notfound
        sec
        sbc #1
        cmp CNT2
        beq @fits
        bcs @notfound
@fits:  ldx #0
        ldy CNT
@cmp:   cpx SLEN
        beq @found
        lda (BSP),y
        cmp SBUF,x
        bne @next
        inx
        iny
        bne @cmp
@next:  inc CNT
        bne @try
@notfound:
        lda #0
        sta CNT
@found: jsr free_str_cnt2
        lda CNT
        jmp set_iacc_a

; FN name[(args)] in an expression
fn_fn:  lda #F_FN
        bne call_routine

; PROC name[(args)]
st_proc:
        lda #F_PROC
        jsr call_routine
        jmp next_stmt

; call the PROC or FN named at TP.  On the BASIC stack, from the top down:
;   the caller's 6502 stack: its byte count, then the bytes (the top first), copied on entry
;   (before the arguments: an FN in an argument copies only what it adds), so that calls nest
;   as deep as memory allows;
;   the arguments, each its type over its value;
;   the call frame: 0 tag (the PROC or FN token), 1-2 TP to return to, 3-4 CURLN, 5-6 the
;   address of the copy;
;   then the LOCAL frames (the parameters' first).
; The routine runs with the 6502 stack empty; ENDPROC or = empties it again and goes to
; routine_return.
call_routine:
        sta TMP                 ; the tag
        tsx                     ; the bytes in use: S+1..&1FF
        txa
        eor #$FF
        sta TMP+1
        sec
        adc #0
        jsr stack_alloc
        ldy #0
        lda TMP+1
        sta (BSP),y
        tax
@copy:  iny                     ; popped: the 6502 stack is empty after
        pla
        sta (BSP),y
        dex
        bne @copy
        lda BSP                 ; the copy's address
        pha
        lda BSP+1
        pha
        lda TMP
        pha
        txa
        pha                     ; the number of arguments (X = 0)
        ldx #<FNLIST            ; the name at TP, in the PROC or FN list (BASIC II's, &4F6 and
        .assert (F_PROC & $40) != 0, "call_routine: BIT tells PROC's tag from FN's"
        .assert (F_FN & $40) == 0, "call_routine: BIT tells PROC's tag from FN's"
        bit TMP                 ; &4F8), where a PROC or FN called before keeps its DEF's place
        bvc @h                  ; under its name; PTR2 = TP - 2 compares the text with an
        ldx #<PROCLIST          ; entry's name at the same Y (X: the list, all through)
@h:     sec
        lda TP
        sbc #2
        sta PTR2
        lda TP+1
        sbc #0
        sta PTR2+1
        ldy VARLISTS,x
        lda VARLISTS+1,x
        beq @new
@scan:  sty PTR1                ; (Y:A the entry)
        sta PTR1+1
        ldy #1
@c:     iny
        lda (PTR1),y
        beq @end
        cmp (PTR2),y
        beq @c
        bne @next
@end:   lda (PTR2),y            ; the whole name: no more of it in the text
        jsr is_idchar
        bcs @next
        tya                     ; found: TP past the name, PTR1 = the entry's value
        clc
        adc PTR2
        sta TP
        lda PTR2+1
        adc #0
        sta TP+1
        iny
        tya                     ; (C clear: TP is below &FFFF)
        adc PTR1
        sta PTR1
        bcc @known
        inc PTR1+1
        bne @known
@next:  ldy #1                  ; the next entry (a high byte of 0 ends the list)
        lda (PTR1),y
        pha
        dey
        lda (PTR1),y
        tay
        pla
        bne @scan
@new:   stx NHEAD               ; the first call: the name is read as parse_name reads one,
        lda TP                  ; from the token (TP back to it)
        bne @d
        dec TP+1
@d:     dec TP
        ldy #1
@n:     lda (TP),y
        jsr is_idchar
        bcc @ne
        iny
        bne @n
@ne:    cpy #1
        bne @named
        brk                     ; badcall: its error block in line (room)
        .byte 30, "Bad call", 0
@named: jsr name_found
        jsr find_var            ; (not there: PTR1 = the list's end, where it is linked)
        jsr find_def            ; the DEF's place, remembered under the name
        lda #4
        jsr create_var
        ldy #3                  ; its value: the DEF's text (PTR2), then its line (PTR3)
@s:     lda PTR2,y
        sta (PTR1),y
        dey
        bpl @s
@known: ldy #3
@k:     lda (PTR1),y            ; the DEF text and line, kept on the 6502 stack
        pha
        dey
        bpl @k
        lda #'('
        jsr accept
        bne @noargs
@arg:   jsr expr
        lda VTYPE
        bne @narg
        lda #5                  ; an integer: type 0 over its 4 bytes
        jsr stack_alloc
        ldy #4
        lda #0
        sta (BSP),y
        jsr iacc_at_bsp
        bmi @counted            ; (push_int's store ends with N set)
@narg:  lda #1                  ; the type on top, the value below it
        jsr stack_alloc
        ldy #0
        lda VTYPE
        sta (BSP),y
        bmi @sarg
        jsr push_real           ; a real: its 5 bytes
        jmp @counted
@sarg:  lda SLEN                ; a string: its length, the characters below
        cmp #254                ; (SLEN+2 bytes in all)
        bcc @fits
        jmp e_toolong
@fits:  adc #1
        jsr stack_alloc
        ldy SLEN
        tya
        sta (BSP),y
@sa:    cpy #0
        beq @counted
        dey
        lda SBUF,y
        sta (BSP),y
        bcs @sa                 ; (CPY left C set)
@counted:
        tsx                     ; one more argument
        inc $0105,x
        jsr accept_comma
        beq @arg
        jsr closeb
@noargs:
        lda #7                  ; the call frame
        jsr stack_alloc
        ldy #1
        lda TP
        sta (BSP),y
        iny
        lda TP+1
        sta (BSP),y
        iny
        lda CURLN
        sta (BSP),y
        iny
        lda CURLN+1
        sta (BSP),y
        pla                     ; the DEF's text and line
        sta TP
        pla
        sta TP+1
        pla
        sta CURLN
        pla
        sta CURLN+1
        pla                     ; the argument count
        sta ARGN
        pla                     ; the tag
        ldy #0
        sta (BSP),y
        pla                     ; the copy's address: the arguments are read down from it
        ldy #6
        sta (BSP),y
        sta ARGP+1
        pla
        dey
        sta (BSP),y
        sta ARGP
        jsr frame_at_bsp
        lda #'('
        jsr accept
        bne @noformal
@formal:
        lda ARGN
        beq @nargs
        lda #1
        jsr get_lvalue
        jsr local_frame         ; PTR2 = where the old value goes, X its size, Y = 0
        lda #1
        jsr argp_down           ; the argument's type: 0 integer, &40 real, &FF string
        lda (ARGP),y
        asl a                   ; as 0, 1 or &F9, which EOR VKIND makes 4 only for an integer
        asl a                   ; variable given an integer (4) and a real one given a real (5)
        rol a
        eor VKIND
        cmp #4
        bne @other
        txa                     ; then the old value is kept and the argument's bytes (the
        jsr argp_down           ; variable's own form) stored in one pass, for speed
@same:  lda (VADDR),y
        sta (PTR2),y
        lda (ARGP),y
        sta (VADDR),y
        iny
        dex
        bne @same
        beq @bound
@other: jsr local_clear
        jsr take_arg
        jsr store_lvalue
@bound: dec ARGN
        jsr accept_comma
        beq @formal
        jsr closeb
@noformal:
        lda ARGN
        bne @nargs
        jmp exec_stmt           ; DEF PROCname statements: the body may follow the name directly
@nargs: jsr bsp_at_frame        ; reported at the line of the call (as BASIC II): the call
        jsr resume_frame        ; frame's CURLN (the error resets the stack)
        brk                     ; args: its error block in line (room)
        .byte 31, "Arguments", 0

; the next argument (read downwards from ARGP) into IACC, FACC or SBUF
take_arg:                       ; (ARGP at its type)
        ldy #0
        lda (ARGP),y
        bmi @str
        beq @int
        lda #5                  ; a real
        jsr argp_down
        lda ARGP
        ldy ARGP+1
        jmp fload_ay
@int:   lda #4
        jsr argp_down
        ldy #3
@c:     lda (ARGP),y
        sta IACC,y
        dey
        bpl @c
        lda #0
        sta VTYPE
        rts
@str:   sta VTYPE
        lda #1
        jsr argp_down
        lda (ARGP),y
        sta SLEN
        jsr argp_down
        ldy SLEN
        beq @d
@sc:    dey
        lda (ARGP),y
        sta SBUF,y
        cpy #0
        bne @sc
@d:     rts
; ARGP -= A; Y = 0
argp_down:
        eor #$FF
        sec
        adc ARGP
        sta ARGP
        bcs @n
        dec ARGP+1
@n:     ldy #0
        rts

; find DEF PROCname / DEF FNname: PTR2 = the text after the name, PTR3 = its line
find_def:
        lda #1
        sta PTR3
        lda PAGEHI
        sta PTR3+1
@line:  ldy #0
        lda (PTR3),y
        bmi @none
        ldy #3
        jsr @skip
        cmp #$DD
        bne @next
        iny
        jsr @skip
        dey                     ; PTR2: the text with the token at (PTR2),1, as NAMEP's name
        tya
        clc
        adc PTR3
        sta PTR2
        lda PTR3+1
        adc #0
        sta PTR2+1
        ldy #0
@c:     iny
        lda (PTR2),y
        cmp (NAMEP),y
        bne @next
        cpy NLEN
        bne @c
        iny                     ; the DEF's name ends there?
        lda (PTR2),y
        jsr is_idchar
        bcs @next
        tya                     ; PTR2 = the text after the name
        adc PTR2                ; (C clear)
        sta PTR2
        bcc @r
        inc PTR2+1
@r:     rts
@next:  ldy #2
        lda (PTR3),y
        clc
        adc PTR3
        sta PTR3
        bcc @line
        inc PTR3+1
        bne @line
@none:  brk                     ; nosuchfn: its error block in line (room)
        .byte 29, W_NOSUCH, T_FN, "/", T_PROC, 0
@skip:  lda (PTR3),y
        cmp #' '
        bne @s
        iny
        bne @skip
@s:     rts

; ENDPROC and = : unwind the BASIC stack to the routine's frame, undoing LOCALs
st_endproc:
        lda #F_PROC
        bne unwind
st_fnreturn:
        jsr inctp
        jsr expr
        lda #F_FN
unwind: sta CNT
        jsr frame_at_bsp
@l:     ldy #0
        lda (FRAME),y
        cmp CNT
        beq @found
        cmp #F_LOCAL            ; (above the call frame only LOCAL frames: loops and GOSUBs
        bne @bad                ; have stacks of their own, and stay open, as on BASIC II)
        jsr restore_local
        lda #9                  ; (a LOCAL frame's size, without frame_skip's tests, for speed)
        jsr frame_add
        jmp @l
@bad:   lda CNT
        cmp #F_FN
        beq @nofn
        brk                     ; noproc: its error block in line (room)
        .byte 13, W_NO, T_PROC, 0
@nofn:  brk                     ; nofn: its error block in line (room)
        .byte 7, W_NO, T_FN, 0
@found: jsr bsp_at_frame
        ldx #$FF                ; the routine's 6502 stack is dropped
        txs
        jmp routine_return


; INPUT [LINE] ["prompt"][,;] var, ...
st_input:
        jsr input_if_hash       ; INPUT# (io.s)
        lda #0
        sta INQ
        sta INLINE
        lda #$86                ; LINE
        jsr accept
        bne @nl
        dec INLINE
@nl:    lda #0
        sta INPOS               ; 0: nothing read yet
@item:  jsr skipsp
        jsr is_stmt_end
        bne *+5
        jmp next_stmt
        cmp #$27                ; a prompt: a string or ' (a new line), printed; no "?" after it
        beq @prompt             ; unless a ',' or ';' follows (as BASIC II: run on it)
        cmp #$22
        bne @var
@prompt:
        jsr inctp               ; (keeps A)
        cmp #$22
        beq @str
        jsr newline
        beq @q                  ; (Z set after a new line)
@str:   jsr string_literal
        jsr print_sbuf
@q:     lda #1
        sta INQ
        bne @item
@var:   cmp #','
        beq @sep
        cmp #';'
        bne @isvar
@sep:   jsr inctp
        lda #0
        sta INQ
        beq @item
@isvar: lda #1
        jsr get_lvalue
        ldx INPOS               ; more fields on the line already read?
        beq @read
        lda INBUF,x
        cmp #13
        bne @field
@read:  lda INQ
        bne @noq
        lda #'?'
        jsr outch
@noq:   lda #0
        sta INQ
        lda TP
        pha
        lda TP+1
        pha
        jsr read_line
        pla
        sta TP+1
        pla
        sta TP
        ldx #0
        stx COUNT
        stx INPOS
@field: ldx INPOS               ; leading spaces go (INPUT LINE keeps them, as BASIC II)
        bit INLINE
        bmi @fd
@fs:    lda INBUF,x
        cmp #' '
        bne @f1
        inx
        bne @fs
@fd:    ldy #0                  ; the field into SBUF: the whole line for INPUT LINE
@fc:    lda INBUF,x
        cmp #13
        beq @fe
        bit INLINE
        bmi @take
        cmp #','
        beq @fcomma
@take:  sta SBUF,y
        inx
        iny
        bne @fc                 ; (always: a field is shorter than 256)
@f1:    cmp #$22                ; a field in quotes is read as a string literal (commas in it,
        bne @fd                 ; "" one quote), and what follows it up to the next comma goes,
        lda TP                  ; as BASIC II reads it (run on it); TP into the line meanwhile
        pha
        lda TP+1
        pha
        inx
        .assert (INBUF & $FF) == 0, "st_input: a quoted field's offset is its address's low byte"
        stx TP                  ; (INBUF is page aligned)
        lda #>INBUF
        sta TP+1
        jsr string_literal
        pla
        sta TP+1
        ldx TP
        pla
        sta TP
        ldy SLEN
@qe:    lda INBUF,x
        cmp #13
        beq @fe
        inx
        cmp #','
        bne @qe
        dex
@fcomma:
        inx
@fe:    stx INPOS
        sty SLEN
        lda #$FF
        sta VTYPE
        lda VKIND
        bmi @store
        jsr val_sbuf            ; a number: VAL of the field (TP is kept)
@store: jsr store_lvalue
        jmp @item


; real numbers (part 2)
        .include "fp.s"
        .include "fpio.s"
        .include "fpfuncs.s"
