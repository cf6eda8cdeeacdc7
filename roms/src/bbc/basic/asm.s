; The inline assembler ([ ... ]), CALL and USR.
; Behaviour from the BBC Microcomputer User Guide (1982), "Assembly language" chapter and the
; keywords CALL, USR, OPT; error numbers from its "Error messages" list: 1 "Out of range" (a branch
; too far), 2 "Byte" (an operand that must fit a byte), 3 "Index" (a wrong or missing index
; register), 4 "Mistake" (no such mnemonic).  OPT 4-7 (code at O%, addresses from P%) are BASIC II's.
; Our own design: mnemonics are packed 5 bits a letter; each is one opcode base and a class; a class
; gives, for each addressing mode, the offset from the base (in 4s) or "no such mode".

; assembler state, in the tail of the input line's page (OSWORD 0 is given at most 238 characters)
ASM_OPT = $07F0                 ; the OPT value
ASM_DST = $07F3                 ; where the statement's bytes go: O% or P% (2)
ASM_N   = $07F5                 ; bytes assembled by the statement
ASM_SRC = $07F6                 ; the statement's text (2)
ASM_CLS = $07FD                 ; the mnemonic's class
ASM_OPC = $07FE                 ; its opcode base, then the opcode
ASM_MODE = $07FF                ; the addressing mode (AM_...)
VAR_O   = $3C                   ; O% and P% as offsets from VARS (documented at &43C and &440)
VAR_P   = $40


; '[' at the start of a statement (TP at it): assemble until ']'.  OPT starts at 3.
st_asm: jsr inctp
        lda #3
        sta ASM_OPT
asm_stmt:
        jsr skipsp
        pha
        lda TP
        sta ASM_SRC
        lda TP+1
        sta ASM_SRC+1
        lda #0
        sta ASM_N
        jsr dest_var
        lda VARS,x
        sta ASM_DST
        lda VARS+1,x
        sta ASM_DST+1
        pla
        cmp #']'
        bne @nend
        jsr inctp
        jmp exec_stmt           ; back to BASIC
@nend:  cmp #13
        beq asm_eol
        cmp #':'
        bne @ncolon
        jsr inctp
        bne asm_stmt            ; (TP is never 0)
@ncolon:
        cmp #'.'
        bne @instr
        jsr inctp               ; .name: the variable takes P%
        lda #1
        jsr get_lvalue
        jsr iacc_p
        jsr store_lvalue
        jsr skipsp
@instr: jsr at_end
        bne @ins
        cmp #']'                ; a label alone, then ']'
        beq @ok
        bne @rest
@ins:   jsr asm_instruction
; what follows an instruction up to the next ':' or the end of the line is passed over, as BASIC
; II does (run on it: NOP NOP is one NOP, "RTS ]" does not end the assembly): comments so too
@rest:  ldy #0
@skip:  lda (TP),y
        cmp #':'
        beq @ok
        cmp #13
        beq @ok
        jsr inctp
        bne @skip
@ok:    jsr asm_list
        jmp asm_stmt

; the end of a line: assembly goes on at the next line of the program
asm_eol:
        lda CURLN+1
        beq @stop
        jsr inctp
        lda (TP),y              ; (Y is 0 from skipsp in asm_stmt)
        bmi @stop
        ldx TP+1
        stx CURLN+1
        lda TP
        sta CURLN
        clc
        adc #3
        sta TP
        bcc @t
        inc TP+1
@t:     lda TRACEON
        beq @go
        jsr trace_line
@go:    jmp asm_stmt
@stop:  jmp prompt

; Z set when A ends an assembler statement
at_end: cmp #':'
        beq @d
        cmp #13
        beq @d
        cmp #$5C                ; a backslash
        beq @d
        cmp #';'
        beq @d
        cmp #']'
@d:     rts

; IACC = P%
iacc_p: ldx #3
@l:     lda VARS+VAR_P,x
        sta IACC,x
        dex
        bpl @l
        inx
        stx VTYPE
        rts

; one instruction or directive at TP
asm_instruction:
        lda #0
        sta TMP
        sta TMP+1
        lda #3
        sta CNT2                ; letters still to take
        ldy #0
        lda (TP),y
        bpl @text
        sta TMP                 ; AND and EOR arrive as tokens: the token is the key;
        jsr inctp               ; ORA arrives as OR and A: OR's token and one letter
        cmp #$84
        bne @look
        lda #1
        sta CNT2
@text:  lda (TP),y              ; (Y is 0 here and after mn_add)
        jsr inctp
        jsr mn_add
        dec CNT2
        bne @text
@look:  ldy #0
        ldx #$FF                ; the class: bit 15 marks the first mnemonic of each
@f:     lda mn_names+1,y
        bpl @same
        inx
@same:  and #$7F
        cmp TMP+1
        bne @n
        lda mn_names,y
        cmp TMP
        beq @found
@n:     iny
        iny
        cpy #MN_COUNT*2
        bne @f
        jmp e_syntax            ; no such mnemonic (BASIC II: run on it)
@found: stx ASM_CLS
        tya
        lsr a
        tay
        lda mn_base,y
        sta ASM_OPC
        cpx #0
        bne @nimp
        jmp emit                ; implied: the opcode alone
@nimp:  cpx #14
        bne @nopt
        jsr expr_int            ; OPT n
        lda IACC
        sta ASM_OPT
        rts
@nopt:  cpx #15
        bne @nequ
        jmp asm_equ
@nequ:  cpx #1
        bne asm_operand

; a branch: the offset from the next instruction must fit a signed byte ("Out of range")
asm_branch:
        jsr operand_expr
        lda ASM_OPC
        jsr emit
        clc                     ; P% is past the opcode: offset = target - P% - 1
        lda IACC
        sbc VARS+VAR_P
        pha
        lda IACC+1
        sbc VARS+VAR_P+1
        tax                     ; the high byte must be the sign of the low one
        pla
        bpl @pos
        inx
@pos:   cpx #0
        beq @ok
        lda ASM_OPT
        and #2
        beq @ok                 ; errors off: the offset byte is 0 (as BASIC II: run on it)
        brk                     ; range: its error block in line (room)
        .byte 1, W_OUTOF, "range", 0
@ok:    jmp emit

; addressing modes
AM_IMP  = 0                     ; nothing, or A
AM_IMM  = 1                     ; #n
AM_ZP   = 2                     ; n       (AM_ZP+1 = AM_ABS)
AM_ABS  = 3
AM_ZPX  = 4                     ; n,X
AM_ABX  = 5
AM_ZPY  = 6                     ; n,Y
AM_ABY  = 7
AM_INX  = 8                     ; (n,X)
AM_INY  = 9                     ; (n),Y
AM_IND  = 10                    ; (n)

; the operand of a class 2-13 instruction: its mode, then the bytes
; (a shift always has an operand: a bare ASL is an expression missing, as on BASIC II)
asm_operand:
        jsr skipsp
        cmp #'A'                ; ASL A: the accumulator (a name A would go on with a letter)
        bne @nacc
        ldy ASM_CLS
        cpy #4
        bne @plain
        ldy #1
        lda (TP),y
        jsr is_idchar
        bcs @plain
        jsr inctp
        ldx #AM_IMP
        beq @mode
@nacc:  cmp #'#'
        bne @nimm
        jsr inctp
        jsr operand_expr
        ldx #AM_IMM
        bne @byte
@nimm:  cmp #'('
        bne @plain
        jsr inctp
        jsr operand_expr
        lda #','
        jsr accept
        bne @nix
        lda #'X'                ; (n,X)
        jsr want_index
        jsr closeb
        ldx #AM_INX
        bne @byte
@nix:   jsr closeb
        ldx #AM_IND
        lda #','
        jsr accept
        bne @mode
        lda #'Y'                ; (n),Y
        jsr want_index
        ldx #AM_INY
@byte:  lda IACC+1              ; these operands are one byte
        ora IACC+2
        ora IACC+3
        beq @mode
        bne e_byte
@plain: jsr operand_expr
        ldx #AM_ZP
        lda #','
        jsr accept
        bne @zpabs
        jsr skipsp
        ldx #AM_ZPX
        cmp #'X'
        beq @ix
        ldx #AM_ZPY
        cmp #'Y'
        bne e_index
@ix:    jsr inctp
@zpabs: lda IACC+1              ; the zero-page form when the value fits and the form exists,
        ora IACC+2              ; else the absolute one
        ora IACC+3
        bne @abs
        jsr mode_offset
        bcc @mode
@abs:   inx
@mode:  jsr mode_offset
        bcc @ok
        cpx #AM_IMM             ; no such form for this instruction.  No immediate form: '#' starts
        beq @nsv                ; no expression (No such variable, as BASIC II: run on it)
        cpx #AM_ZPX
        bcs @nzp
        jmp e_mistake
@nsv:   jmp e_nosuchvar
@nzp:   cpx #AM_ABX             ; n,X or n,Y that exists only for zero page (STX &1234,Y): Byte,
        beq @zpf                ; as BASIC II
        cpx #AM_ABY
        bne e_index
@zpf:   dex
        jsr mode_offset
        bcc e_byte
        bcs e_index
@ok:    pha
        and #$FC
        clc
        adc ASM_OPC
        jsr emit
        pla
        and #3
        beq @d                  ; implied or accumulator: no operand
        pha
        lda IACC
        jsr emit
        pla
        lsr a                   ; bit 0: a second byte
        bcc @d
        lda IACC+1
        jmp emit
@d:     rts

e_byte:     errblk 2
            .text "Byte"
            .byte 0
e_index:    errblk 3
            .text "Index"
            .byte 0

; the index register named in A must come next
want_index:
        sta CNT2
        jsr skipsp
        cmp CNT2
        bne e_index
        jmp inctp

; C clear and A = the mode_offsets entry of mode X for this class; C set if the class has no
; such mode
mode_offset:
        ldy ASM_CLS
        lda class_modes-2,y
        sta TMP
        lda #0
        cpy #4                  ; classes 2 and 3 (ORA..SBC, STA) have the indirect modes
        bcs @hi
        lda #3
@hi:    cpy #12                 ; class 12 (JMP) has (n)
        bne @njmp
        lda #4
@njmp:  sta TMP+1
        txa
        tay
        iny
@s:     lsr TMP+1               ; bit X of the class's modes into the carry
        ror TMP
        dey
        bne @s
        bcc @no
        lda mode_offsets,x
        ldy ASM_CLS             ; the immediate and abs,Y forms of LDX..CPY lie elsewhere
        cpy #4
        bcc @d
        cpx #AM_IMM
        bne @nimm
        lda #$02
@nimm:  cpx #AM_ABY
        bne @d
        lda #$1F
@d:     clc
        rts
@no:    sec
        rts

; EQUB, EQUW, EQUD n or EQUS string
asm_equ:
        ldy #0
        lda (TP),y
        jsr inctp
        ldx #2
@l:     cmp equ_letters,x
        beq @num
        dex
        bpl @l
        cmp #'S'
        beq @str
        jmp e_mistake
@num:   lda equ_sizes,x
        pha                     ; (kept while a lenient operand may unwind the stack above it)
        jsr operand_expr
        ldx #3
@c:     lda IACC,x
        sta SBUF,x
        dex
        bpl @c
        pla
        sta SLEN
        bpl @out
@str:   jsr expr_str
@out:   ldx #0
@s:     cpx SLEN
        beq @d
        lda SBUF,x
        stx ASM_MODE
        jsr emit
        ldx ASM_MODE
        inx
        bne @s
@d:     rts


; TMP = TMP*32 + (A AND 31): a letter of a mnemonic
mn_add: and #31
        ldy #5
@s:     asl TMP
        rol TMP+1
        dey
        bne @s
        ora TMP
        sta TMP
        rts

equ_letters:
        .text "BWD"
equ_sizes:
        .byte 1, 2, 4

; X = the variable the code goes to: O% with OPT 4-7, else P%
dest_var:
        ldx #VAR_P
        lda ASM_OPT
        and #4
        beq @d
        ldx #VAR_O
@d:     rts

; A to memory at O% (OPT 4-7) or P%; P% (and O%) move on
emit:   pha
        jsr dest_var
        lda VARS,x
        sta PTR3
        lda VARS+1,x
        sta PTR3+1
        pla
        ldy #0
        sta (PTR3),y
        inc ASM_N
        cpx #VAR_P
        beq inc_var
        jsr inc_var
        ldx #VAR_P
inc_var:
        inc VARS,x
        bne @d
        inc VARS+1,x
@d:     rts

; an operand's value.  With OPT bit 1 clear (errors off), a variable not yet defined - a label
; further on, in the first pass - stands for P% (vars.s, get_lvalue), so the first pass lays out
; the code as the second will; as on BASIC II, where LDA #later MOD 256 and LDA later,X assemble
; (run on it).  ASM_LAX is 0 only while such an operand is evaluated (an error sets it back).
operand_expr:
        lda ASM_OPT
        and #2
        sta ASM_LAX
        jsr expr_int
        lda #2
        sta ASM_LAX
        rts

; the listing of a statement (OPT bit 0): address, up to 3 bytes a line, the statement's text
asm_list:
        lda ASM_OPT
        lsr a
        bcc @d
        sec                     ; the address: P% before the statement's bytes
        lda VARS+VAR_P
        sbc ASM_N
        tax
        lda VARS+VAR_P+1
        sbc #0
        jsr hex2
        txa
        jsr hex2
        ldx #0                  ; the bytes, 3 a row, the rows under each other; the source
@row:   jsr list_bytes          ; after the last row, in column 14 (as BASIC II lists them)
        cpx ASM_N
        bcs @src
        jsr newline             ; (OSWRCH and OSNEWL keep X)
        lda #4
        jsr pad_to
        bcs @row                ; (pad_to ends with C set)
@src:   lda #14
        jsr pad_to
        lda ASM_SRC
        sta PTR1
        lda ASM_SRC+1
        sta PTR1+1
@t:     lda PTR1            ; (a statement is shorter than 256 bytes: the low bytes tell)
        cmp TP
        beq @more
        ldy #0
        lda (PTR1),y
        jsr put_message_char    ; (REPORT's: a token as its keyword)
        inc PTR1
        bne @t
        inc PTR1+1
        bne @t
@more:  jmp newline
@d:     rts

; up to 3 bytes from the statement's start + X, each after a space
list_bytes:
        lda ASM_DST
        sta PTR2
        lda ASM_DST+1
        sta PTR2+1
        lda #3
        sta CNT2
@b:     cpx ASM_N
        beq @d
        jsr space
        txa
        tay
        lda (PTR2),y
        jsr hex2
        inx
        dec CNT2
        bne @b
@d:     rts

; spaces up to column A
pad_to: sta CNT2
@l:     lda COUNT
        cmp CNT2
        bcs @d
        jsr space
        bne @l                  ; (COUNT is not 0 after a space)
@d:     rts

; A as two hexadecimal digits
hex2:   pha
        lsr a
        lsr a
        lsr a
        lsr a
        jsr @nib
        pla
        and #$0F
@nib:   cmp #10
        bcc @dig
        adc #6
@dig:   adc #'0'
        jmp outch

; CALL address [,variable ...]: the parameter block at &600 is the count, then for each variable
; its address (2 bytes) and type: 0 byte (?), 4 integer, 5 real, 128 string at an address ($),
; 129 string variable (whose address is its descriptor: start, room, length).
; Registers as for USR.  (User Guide, CALL; beebwiki.mdfs.net/CALL)
st_call:
        jsr expr_int
        lda IACC
        pha
        lda IACC+1
        pha
        lda #0
        sta SBUF
@p:     lda #','
        jsr accept
        bne @go
        lda #0
        jsr get_lvalue
        inc SBUF
        lda SBUF
        asl a
        adc SBUF
        tax
        lda VADDR
        sta SBUF-2,x
        lda VADDR+1
        sta SBUF-1,x
        lda VKIND
        cmp #1
        bne @t
        lda #0
@t:     sta SBUF,x
        jmp @p
@go:    pla
        sta JVEC+1
        pla
        sta JVEC
        jsr call_regs
        cld
        jmp next_stmt

; USR(address): the routine's P, Y, X and A come back as &PPYYXXAA (User Guide, USR)
fn_usr: jsr factor_int
        lda IACC
        sta JVEC
        lda IACC+1
        sta JVEC+1
        jsr call_regs
        php
        cld
        sta IACC
        stx IACC+1
        sty IACC+2
        pla
        sta IACC+3
        lda #0
        sta VTYPE
        rts

; A, X, Y from the low bytes of A%, X%, Y%, the carry from bit 0 of C%, then to JVEC
call_regs:
        lda VARS+4*3
        lsr a
        lda VARS+4*1
        ldx VARS+4*24
        ldy VARS+4*25
        jmp (JVEC)

; --- tables ---
        .macro mn c1, c2, c3
        .word ((c1 & 31) << 10) | ((c2 & 31) << 5) | (c3 & 31)
        .endm
        .macro mnc c1, c2, c3   ; the first of a class
        .word $8000 | ((c1 & 31) << 10) | ((c2 & 31) << 5) | (c3 & 31)
        .endm

mn_names:
        ; class 0: implied
        mnc 'B','R','K'
        mn 'C','L','C'
        mn 'C','L','D'
        mn 'C','L','I'
        mn 'C','L','V'
        mn 'D','E','X'
        mn 'D','E','Y'
        mn 'I','N','X'
        mn 'I','N','Y'
        mn 'N','O','P'
        mn 'P','H','A'
        mn 'P','H','P'
        mn 'P','L','A'
        mn 'P','L','P'
        mn 'R','T','I'
        mn 'R','T','S'
        mn 'S','E','C'
        mn 'S','E','D'
        mn 'S','E','I'
        mn 'T','A','X'
        mn 'T','A','Y'
        mn 'T','S','X'
        mn 'T','X','A'
        mn 'T','X','S'
        mn 'T','Y','A'
        ; class 1: branches
        mnc 'B','C','C'
        mn 'B','C','S'
        mn 'B','E','Q'
        mn 'B','M','I'
        mn 'B','N','E'
        mn 'B','P','L'
        mn 'B','V','C'
        mn 'B','V','S'
        ; class 2: the eight-mode group
        .word $8000 | ($84 << 5) | 1    ; ORA: the token OR, then A
        .word $80               ; AND
        .word $82               ; EOR
        mn 'A','D','C'
        mn 'L','D','A'
        mn 'C','M','P'
        mn 'S','B','C'
        mnc 'S','T','A'          ; 3
        mnc 'A','S','L'          ; 4: shifts and rotates
        mn 'R','O','L'
        mn 'L','S','R'
        mn 'R','O','R'
        mnc 'I','N','C'          ; 5
        mn 'D','E','C'
        mnc 'L','D','X'          ; 6
        mnc 'S','T','X'          ; 7
        mnc 'L','D','Y'          ; 8
        mnc 'S','T','Y'          ; 9
        mnc 'C','P','X'          ; 10
        mn 'C','P','Y'
        mnc 'B','I','T'          ; 11
        mnc 'J','M','P'          ; 12
        mnc 'J','S','R'          ; 13
        mnc 'O','P','T'          ; 14
        mnc 'E','Q','U'          ; 15
MN_COUNT = 58

mn_base:                        ; the opcode of the first mode of each class
        .byte $00, $18, $D8, $58, $B8, $CA, $88, $E8, $C8, $EA, $48, $08, $68
        .byte $28, $40, $60, $38, $F8, $78, $AA, $A8, $BA, $8A, $9A, $98
        .byte $90, $B0, $F0, $30, $D0, $10, $50, $70
        .byte $01, $21, $41, $61, $A1, $C1, $E1, $81
        .byte $02, $22, $42, $62, $E2, $C2
        .byte $A2, $82, $A0, $80, $E0, $C0, $20, $40, $14, 0, 0

; the offset of each mode from a class's base (the 6502's opcode layout) in bits 2-7;
; bits 0-1: 0 no operand, 2 a one-byte operand, 3 a two-byte operand
mode_offsets:
        .byte $08, $0A, $06, $0F, $16, $1F, $16, $1B, $02, $12, $2F
; for classes 2-13, the modes the class has (bit n: mode n) below AM_INX; the higher ones are above
class_modes:
        .byte %10111110         ; ORA..SBC (and (n,X), (n),Y)
        .byte %10111100         ; STA (and (n,X), (n),Y)
        .byte %00111101         ; ASL..ROR
        .byte %00111100         ; INC DEC
        .byte %11001110         ; LDX
        .byte %01001100         ; STX
        .byte %00111110         ; LDY
        .byte %00011100         ; STY
        .byte %00001110         ; CPX CPY
        .byte %00001100         ; BIT
        .byte %00001000         ; JMP (and (n))
        .byte %00001000         ; JSR
