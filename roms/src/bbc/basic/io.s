; Graphics, sound and files: all through the documented MOS calls (User Guide, "Graphics",
; "Sound", "Files"; Advanced User Guide "OSFILE", "OSFIND", "OSARGS", "OSBGET/OSBPUT", "OSWORD").

OSFIND  = $FFCE
OSBPUT  = $FFD4
OSBGET  = $FFD7
OSARGS  = $FFDA
OSFILE  = $FFDD

CHAN    = $17                   ; the channel of the file statement or function being run
FBLK    = TMP                   ; an 18-byte parameter block (&30-&41), filled after the arguments

; ---- graphics and sound ---------------------------------------------------------------------------

; VDU a,b;c... : ',' sends the low byte, ';' both bytes (low first)
st_vdu: jsr skipsp
        jsr is_stmt_end
        beq @d
        jsr expr_int
        lda IACC
        jsr OSWRCH
        lda #';'
        jsr accept
        bne @nsemi
        lda IACC+1
        jsr OSWRCH
@nsemi: lda #','
        jsr accept
        jmp st_vdu
@d:     jmp next_stmt

st_clg: lda #16
wrch_next:
        jsr OSWRCH
        jmp next_stmt

; GCOL action,colour = VDU 18,action,colour
st_gcol:
        lda #2
        jsr args_on_stack
        jsr pop_acc2
        lda #18
        jsr OSWRCH
        lda ACC2
        jsr OSWRCH
        lda IACC
        jmp wrch_next

; PLOT k,x,y = VDU 25,k,x;y;  MOVE x,y = PLOT 4,x,y  DRAW x,y = PLOT 5,x,y
; (the .byte $2C is BIT abs: it skips the next two-byte LDA, so each entry falls through with its A)
st_plot:
        jsr expr_int
        jsr comma
        lda IACC
        .byte $2C
st_move:
        lda #4
        .byte $2C
st_draw:
        lda #5
        pha
        lda #2                  ; both coordinates before any byte goes out
        jsr args_on_stack
        lda #25
        jsr OSWRCH
        pla
        jsr OSWRCH
        jsr pop_acc2
        lda ACC2
        jsr OSWRCH
        lda ACC2+1
        jsr OSWRCH
        lda IACC
        jsr OSWRCH
        lda IACC+1
        jmp wrch_next

; ADVAL(n): OSBYTE &80, X = n; the result is YX (AUG: for a buffer, CNPV's count in YX too)
fn_adval:
        jsr factor_int
        ldx IACC
        lda #$80
        jsr OSBYTE
        txa
        pha
        tya
        tax
        pla
        jmp set_iacc_ax

; A count of integer arguments, separated by commas: the last in IACC, those before it pushed on the
; BASIC stack (the first deepest)
args_on_stack:
        pha
        jsr expr_int
        pla
        sec
        sbc #1
        beq @d
        pha
        jsr push_int
        jsr comma
        pla
        jmp args_on_stack
@d:     rts

; SOUND channel,amplitude,pitch,duration: OSWORD 7, four 2-byte values
st_sound:
        lda #4
        jsr args_on_stack
        jsr push_int
        ldx #6                  ; the last argument is on top: the block fills from its end
@c:     jsr pop_acc2
        lda ACC2
        sta FBLK,x
        lda ACC2+1
        sta FBLK+1,x
        dex
        dex
        bpl @c
        lda #7
        bne osword_fblk

; ENVELOPE n,t,pi1,pi2,pi3,pn1,pn2,pn3,aa,ad,as,ar,ala,ald: OSWORD 8, fourteen bytes
st_envelope:
        lda #14
        jsr args_on_stack
        jsr push_int
        ldx #13
@c:     jsr pop_acc2
        lda ACC2
        sta FBLK,x
        dex
        bpl @c
        lda #8
osword_fblk:
        ldx #FBLK
        ldy #0
        jsr OSWORD
        jmp next_stmt

; ---- files --------------------------------------------------------------------------------------

; '#' and a channel number into CHAN
get_channel:
        lda #'#'
        jsr accept
        bne e_missinghash
        jsr factor_int
        ldy IACC                ; (Y = the channel too)
        sty CHAN
        rts
e_missinghash:
        errblk 45
        .text "Missing #"
        .byte 0

bget:   ldy CHAN
        jmp OSBGET
bput:   ldy CHAN
        jmp OSBPUT

; the string in SBUF as a file name: CR after it, XY its address
name_cr:
        ldx SLEN
        lda #13
        sta SBUF,x
        ldx #<SBUF
        ldy #>SBUF
        rts

; OPENIN / OPENOUT / OPENUP name: OSFIND &40 / &80 / &C0, the handle (0: not found)
fn_openin:
        lda #$40
        .byte $2C
fn_openout:
        lda #$80
        .byte $2C
fn_openup:
        lda #$C0
        pha
        jsr factor
        jsr need_str
        jsr name_cr
        pla
        jsr OSFIND
byte_result:
        ldx #0
        jmp set_iacc_ax

; BGET#c
fn_bget:
        jsr get_channel
        jsr bget
        jmp byte_result

; POINT(x,y): OSWORD 9, block x(2) y(2) -> the logical colour, &FF off the screen (-1 in BASIC)
fn_point:
        lda #2
        jsr args_on_stack
        jsr closeb
        jsr pop_acc2            ; the block is ACC2..ACC2+4: x, then y, then the result
        lda IACC
        sta ACC2+2
        lda IACC+1
        sta ACC2+3
        ldx #ACC2
        ldy #0
        lda #9
        jsr OSWORD
        lda ACC2+4
        cmp #$FF
        bne byte_result
        jmp fn_true

; EOF#c: OSBYTE &7F, X = the channel; X comes back nonzero at the end of the file
fn_eof: jsr get_channel
        ldx CHAN
        lda #$7F
        jsr OSBYTE
        txa
        beq byte_result         ; 0: FALSE
        jmp fn_true

; PTR#c and EXT#c: OSARGS 0 and 2 with the 4-byte value in IACC
fn_ptr: lda #0
        .byte $2C
fn_ext: lda #2
        pha
        jsr get_channel
        pla
osargs_iacc:                    ; (VTYPE is already 0: the channel was an integer)
        ldx #IACC
        ldy CHAN
        jmp OSARGS

; BPUT#c,n
st_bput:
        jsr get_channel
        jsr comma
        jsr expr_int
        lda IACC
        jsr bput
        jmp next_stmt

; CLOSE#c: OSFIND 0 (CLOSE#0 closes every file)
st_close:
        jsr get_channel
        lda #0
        jsr OSFIND
        jmp next_stmt

; PRINT#c,item,... in the documented data format (User Guide, "PRINT#"): an integer is &40 and its
; 4 bytes, most significant first; a string is &00, its length, and its characters last first; a
; real is &FF and its 5 bytes last first (every value's bytes go out in reverse)
print_if_hash:                  ; from st_print: PRINT# goes here instead
        jsr skipsp
        cmp #'#'
        bne hash_no
        pla
        pla
        jsr get_channel
@item:  lda #','
        jsr accept
        bne hash_done
        jsr expr
        lda VTYPE
        bmi @str
        beq @ints
        jsr ptr1_sbuf           ; a real: &FF, then its 5 bytes (real_store's order) last first
        jsr real_store
        lda #$FF
        jsr bput
        ldx #4
@real:  lda SBUF,x
        jsr bput
        dex
        bpl @real
        bmi @item
@ints:  lda #$40
        jsr bput
        ldx #3
@int:   lda IACC,x
        jsr bput
        dex
        bpl @int
        bmi @item
@str:   lda #0
        jsr bput
        lda SLEN
        jsr bput
        ldx SLEN
        beq @item
@ch:    lda SBUF-1,x
        jsr bput
        dex
        bne @ch
        beq @item
hash_no:
        rts
hash_done:
        jmp next_stmt

; INPUT#c,var,...: reads what PRINT# wrote; a value of the other type is "Type mismatch"
input_if_hash:                  ; from st_input
        jsr skipsp
        cmp #'#'
        bne hash_no
        pla
        pla
        jsr get_channel
@item:  lda #','
        jsr accept
        bne hash_done
        lda #1
        jsr get_lvalue
        jsr bget
        cmp #$40
        beq @int
        tax
        bne @real
        jsr bget                ; a string: its length, then its characters last first
        sta SLEN
        tax
        beq @sd
@ch:    jsr bget
        sta SBUF-1,x
        dex
        bne @ch
@sd:    lda #$FF
        bne @store
@int:   ldx #3
@ib:    jsr bget
        sta IACC,x
        dex
        bpl @ib
        lda #0
@store: sta VTYPE
        jsr store_lvalue
        jmp @item
@real:  ldx #4                  ; a real (&FF): its 5 bytes, last first, through real_load
@rb:    jsr bget
        sta SBUF,x
        dex
        bpl @rb
        jsr ptr1_sbuf
        jsr real_load           ; A = VTYPE = VT_REAL
        bne @store

; PTR1 = SBUF, where PRINT# and INPUT# keep a real's 5 bytes (the string accumulator is idle then)
ptr1_sbuf:
        lda #<SBUF
        sta PTR1
        lda #>SBUF
        sta PTR1+1
        rts

; SAVE/LOAD name (the name in SBUF): the OSFILE block (AUG, OSFILE): name, load = PAGE, exec,
; start = PAGE, end = TOP; the high words are &FFFF (the I/O processor).  The execution address is
; &8023, as BASIC II writes it (run on it).
file_block:
        pha
        jsr name_cr
        stx FBLK
        sty FBLK+1
        ldx #15
        lda #$FF
@f:     sta FBLK+2,x
        dex
        bpl @f
        lda #0
        sta FBLK+2              ; load address low; LOAD: byte 6 = 0 loads there
        sta FBLK+6
        sta FBLK+10
        lda PAGEHI
        sta FBLK+3
        sta FBLK+11
        lda #$80
        sta FBLK+7
        lda TOP
        sta FBLK+14
        lda TOP+1
        sta FBLK+15
        pla
        bne @go                 ; (LOAD: byte 6 stays 0)
        ldy #$23                ; SAVE: the execution address &FFFF8023, BASIC II's (run on it)
        sty FBLK+6
@go:    ldx #FBLK
        ldy #0
        jmp OSFILE

st_load:
        jsr immediate_only
        jsr expr_str
        jsr load_program
        jmp prompt



; (SAVE, CHAIN and PTR= are at the end of vars.s)
; OSFILE &FF to PAGE, then the program format is checked (check_program): anything else is
; "Bad program"
load_program:
        lda #$FF
        jsr file_block
        lda #0
        sta CURLN+1             ; (an error now has no line: the program has gone)
        ldx #1                  ; (the &0Ds checked too)
        jsr check_program
        bcs @bad
        jmp clear_vars
@bad:   jsr do_new_core
        errblk 0
        .text "Bad program"
        .byte 0

; HIMEM (a function): here, after fpio.s, so that decimal_number's digit loop (@int..@i1) stays in
; one page (a branch across one costs a cycle a digit)
fn_himem:
        lda HIMEM
        ldx HIMEM+1
        jmp set_iacc_ax

; read a typed line (read_line), then move it up to end at TYPED_CR, so that the tokeniser can
; write it over itself from the buffer's start: a keyword takes fewer bytes than its letters, and
; the room the move leaves takes the line numbers' 4 bytes.  X = its first character.  (Here, not
; in editor.s, so that stmt_table and the hot code after it keep their places)
read_typed:
        jsr read_line           ; (Y = the CR's offset: OSWORD 0 leaves the line's length there)
        tya
        tax
        ldy #TYPED_CR
@m:     lda INBUF,x
        sta INBUF,y
        dey
        dex
        cpx #$FF
        bne @m
        iny
        tya
        tax
        rts
