; The inline assembler of Atom BASIC, in the utility socket at #A000 (BASIC and the floating point
; fill #C000-#DFFF, the kernel #F000).
; Syntax as documented for the Atom ("Atomic Theory and Practice", the assembler chapters):
; statements between [ and ], separated by ';' or ends of lines; P is the location counter;
; '@' marks an immediate operand and '#' a hexadecimal number; ":name" sets a variable or
; array element (a label) to P; '\' starts a comment statement.  As on Acorn's, every statement,
; even an empty one, is listed: the BASIC line number in five columns, the address, the bytes and
; the statement as typed (label and spaces included) up to ';' or the end of the line: text after
; an operand is a comment.  A branch out of range prints OUT OF RANGE: and assembles offset 0.
; Called by BASIC (asm_next, through UASM at #A000) with the text pointer at a statement; uses
; BASIC's evaluator through BASIC's jump block at #C006.  Its workspace is the kernel's scratch
; KPTR/KTMP (nothing the expression evaluator touches) and ASMCLASS-ASMLEN.

ASM_P       = 16                ; the variable P
ASMSTART    = KPTR              ; offset of the statement in the line (for the listing)
ASMADDR     = KTMP              ; address the statement is assembled at, 2 bytes

asm_statement:
        ldy TXTOFF              ; the statement as typed starts after the spaces BASIC skipped
@back:  cpy #3                  ; (not into a line's number, whose low byte may be 32)
        bcc @start
        dey
        lda (TXTPTR),y
        cmp #' '
        beq @back
        iny
@start: sty ASMSTART
        lda VAR0+ASM_P
        sta ASMADDR
        lda VAR1+ASM_P
        sta ASMADDR+1
        jsr B_NEXTC
        cmp #']'
        bne @notend
        inc TXTOFF
        lda #0
        sta ASMMODE
        rts
@notend:
        cmp #':'
        bne @notlabel
        inc TXTOFF
        lda ASMADDR             ; a label: the variable named = P
        sta ACC
        lda ASMADDR+1
        sta ACC+1
        lda #0
        sta ACC+2
        sta ACC+3
        jsr B_LABEL
        jsr B_NEXTC
@notlabel:
        cmp #$5C                ; backslash: a comment statement
        beq @none
        cmp #';'
        beq @none
        cmp #13
        bne @instr
@none:  ldx #$FF                ; no bytes
        jmp asm_list
@instr: jsr find_mnemonic
        lda ASMCLASS
        asl a
        tax
        lda asm_classes+1,x
        pha
        lda asm_classes,x
        pha
        rts

asm_classes:
        .word asm_implied-1, asm_operand-1, asm_operand-1, asm_operand-1, asm_operand-1
        .word asm_branch-1, asm_jmp-1, asm_jsr-1

; find_mnemonic: the three letters at the text -> ASMCLASS, ASMBASE; consumed.
MNPTR       = KPTR+2
find_mnemonic:
        ldy TXTOFF              ; the letters go to ASMCLASS, ASMBASE, ASMLEN while searching
        ldx #0
@copy:  lda (TXTPTR),y
        sta ASMCLASS,x
        iny
        inx
        cpx #3
        bne @copy
        sty TXTOFF
        lda #<mnemonics
        sta MNPTR
        lda #>mnemonics
        sta MNPTR+1
@entry: ldy #0
        lda (MNPTR),y
        beq @unknown
@cmp:   lda (MNPTR),y
        cmp ASMCLASS,y
        bne @next
        iny
        cpy #3
        bne @cmp
        lda (MNPTR),y
        sta ASMCLASS
        iny
        lda (MNPTR),y
        sta ASMBASE
        rts
@next:  clc
        lda MNPTR
        adc #5
        sta MNPTR
        bcc @entry
        inc MNPTR+1
        bne @entry
@unknown:
        brk
        .byte E_MNEMONIC

asm_implied:
        lda #0
        sta ASMLEN
        jmp asm_emit

asm_jsr:
        jsr not_a
        jsr B_EXPR
        jmp asm_absolute

asm_jmp:
        jsr not_a
        cmp #'('
        bne asm_jsr
        inc TXTOFF
        jsr B_EXPR
        lda #')'
        jsr B_EXPECT
        lda #$6C
        sta ASMBASE
asm_absolute:
        lda #2
        sta ASMLEN
        jmp asm_emit

asm_branch:
        jsr not_a
        jsr B_EXPR              ; the target
        clc
        lda ASMADDR
        adc #2
        sta ARG
        lda ASMADDR+1
        adc #0
        sta ARG+1
        sec                     ; offset = target - (P + 2)
        lda ACC
        sbc ARG
        sta ACC
        lda ACC+1
        sbc ARG+1
        sta ACC+1
        lda ACC                 ; in range when the high byte is the sign of the low byte
        asl a
        lda ACC+1
        adc #0
        beq @ok
        ldx #0
@msg:   lda range_text,x
        jsr OSWRCH
        inx
        cpx #range_end-range_text
        bne @msg
        lda #0                  ; the offset assembled is 0
        sta ACC
@ok:    lda #1
        sta ASMLEN
        jmp asm_emit

; The operand of the grouped instructions: the addressing mode decides bits 2-4 of the opcode.
;   group 1 (ORA..SBC):   (zp,X) 0, zp 1, @ 2, abs 3, (zp),Y 4, zp,X 5, abs,Y 6, abs,X 7
;   groups 2-4:           @ 0, zp 1, A 2, abs 3, zp,X or zp,Y 5, abs,X or abs,Y 7
asm_operand:
        jsr B_NEXTC
        cmp #'@'
        bne @notimm
        inc TXTOFF
        jsr B_EXPR
        ldx #0
        lda ASMCLASS
        cmp #1
        bne @imm
        ldx #2
@imm:   txa
        ldx #1
        jmp asm_mode
@notimm:
        cmp #'('
        bne @notind
        inc TXTOFF
        jsr B_EXPR
        jsr B_NEXTC
        cmp #','
        bne @indy
        inc TXTOFF              ; (zp,X)
        jsr skip_letter
        lda #')'
        jsr B_EXPECT
        lda #0
        ldx #1
        jmp asm_mode
@indy:  lda #')'                ; (zp),Y
        jsr B_EXPECT
        lda #','
        jsr B_EXPECT
        jsr skip_letter
        lda #4
        ldx #1
        jmp asm_mode
@notind:
        cmp #'A'                ; an operand starting with A is the accumulator, as on Acorn's
        bne @address            ; (ROL AA1 is ROL A; LDA A or BNE AB is ERROR 156)
        ldx ASMCLASS
        cpx #2
        beq @acca
        brk
        .byte E_ASMMODE
@acca:  inc TXTOFF
@acc:   lda #2
        ldx #0
        jmp asm_mode
@address:
        jsr B_EXPR
        jsr B_NEXTC
        ldx #0                  ; X: 0 no index, 1 X, 2 Y
        cmp #','
        bne @indexed
        inc TXTOFF
        jsr B_NEXTC
        inc TXTOFF
        ldx #1
        cmp #'X'
        beq @indexed
        inx
@indexed:
        lda ASMCLASS
        cmp #1
        bne @size
        cpx #2
        bne @size
        lda #6                  ; group 1 has no zp,Y: always abs,Y
        bne @long
@size:  lda ACC+1
        bne @abs
        lda zp_modes,x
        ldx #1
        jmp asm_mode
@abs:   lda abs_modes,x
@long:  ldx #2
        ; fall into asm_mode

; asm_mode: A = the mode bits (0-7), X = the operand's length.
asm_mode:
        stx ASMLEN
        asl a
        asl a
        clc
        adc ASMBASE
        sta ASMBASE
        jmp asm_emit

zp_modes:   .byte 1, 5, 5
abs_modes:  .byte 3, 7, 7

range_text: .text "OUT OF RANGE:", 13, 10
range_end:

; asm_emit: ASMBASE, then ASMLEN bytes of ACC, at P; P moves on; the statement is listed.
asm_emit:
        jsr asm_head
        lda ASMBASE
        jsr asm_byte
        ldx #0
@op:    cpx ASMLEN
        beq asm_pad
        lda ACC,x
        jsr asm_byte
        inx
        bne @op
; asm_list: the statement with no bytes (X = $FF); asm_pad: after X + 1 bytes.
asm_list:
        jsr asm_head
asm_pad:
        cpx #2                  ; line the source up
        beq @src
        lda #' '
        jsr OSWRCH
        jsr OSWRCH
        jsr OSWRCH
        inx
        bne asm_pad
@src:   ldy ASMSTART
@s:     lda (TXTPTR),y
        cmp #13
        beq @end
        cmp #';'
        beq @end
        jsr OSWRCH
        iny
        bne @s
@end:   sty TXTOFF              ; the rest of the statement was a comment
        lda #0
        sta COUNTV
        jmp OSCRLF

; asm_head: the line number in five columns, then the statement's address (ACC and X kept).
asm_head:
        lda ACC
        pha
        lda ACC+1
        pha
        txa
        pha
        lda VAR0
        pha
        lda #5
        sta VAR0
        lda CURLINE
        sta ACC
        lda CURLINE+1
        sta ACC+1
        lda #0
        sta ACC+2
        sta ACC+3
        jsr B_PRINTNUM
        pla
        sta VAR0
        lda #' '
        jsr OSWRCH
        lda ASMADDR+1
        jsr KHEX
        lda ASMADDR
        jsr KHEX
        lda #' '
        jsr OSWRCH
        pla
        tax
        pla
        sta ACC+1
        pla
        sta ACC
        rts

; asm_byte: store A at P, P + 1, and list it.
asm_byte:
        pha
        lda VAR0+ASM_P
        sta KPTR+2
        lda VAR1+ASM_P
        sta KPTR+3
        ldy #0
        pla
        sta (KPTR+2),y
        inc VAR0+ASM_P
        bne @list
        inc VAR1+ASM_P
@list:  jsr KHEX
        lda #' '
        jmp OSWRCH

; not_a: the operand must not start with A (the accumulator, which these instructions lack:
; ERROR 156, as Acorn's).  A = the operand's first character.
not_a:  jsr B_NEXTC
        cmp #'A'
        bne @ok
        brk
        .byte E_ASMMODE
@ok:    rts

skip_letter:
        jsr B_NEXTC
        inc TXTOFF
        rts

; three letters, the class (0 implied, 1-4 operand groups, 5 branch, 6 JMP, 7 JSR), the base
mnemonics:
        .text "BRK", 0, $00,  "CLC", 0, $18,  "CLD", 0, $D8,  "CLI", 0, $58,  "CLV", 0, $B8
        .text "DEX", 0, $CA,  "DEY", 0, $88,  "INX", 0, $E8,  "INY", 0, $C8,  "NOP", 0, $EA
        .text "PHA", 0, $48,  "PHP", 0, $08,  "PLA", 0, $68,  "PLP", 0, $28,  "RTI", 0, $40
        .text "RTS", 0, $60,  "SEC", 0, $38,  "SED", 0, $F8,  "SEI", 0, $78,  "TAX", 0, $AA
        .text "TAY", 0, $A8,  "TSX", 0, $BA,  "TXA", 0, $8A,  "TXS", 0, $9A,  "TYA", 0, $98
        .text "ORA", 1, $01,  "AND", 1, $21,  "EOR", 1, $41,  "ADC", 1, $61,  "STA", 1, $81
        .text "LDA", 1, $A1,  "CMP", 1, $C1,  "SBC", 1, $E1
        .text "ASL", 2, $02,  "ROL", 2, $22,  "LSR", 2, $42,  "ROR", 2, $62,  "DEC", 2, $C2
        .text "INC", 2, $E2
        .text "STX", 3, $82,  "LDX", 3, $A2
        .text "BIT", 4, $20,  "STY", 4, $80,  "LDY", 4, $A0,  "CPY", 4, $C0,  "CPX", 4, $E0
        .text "BPL", 5, $10,  "BMI", 5, $30,  "BVC", 5, $50,  "BVS", 5, $70,  "BCC", 5, $90
        .text "BCS", 5, $B0,  "BNE", 5, $D0,  "BEQ", 5, $F0
        .text "JMP", 6, $4C,  "JSR", 7, $20
        .byte 0
