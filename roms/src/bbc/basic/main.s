; Our BBC BASIC: a 16 KiB sideways language ROM at &8000.  Clean-room work from the documented
; language (BBC Microcomputer User Guide, 1982) and the documented MOS interface (entry points,
; language entry, BRK error blocks).  Programs are stored tokenised at PAGE in the documented format:
;   PAGE: &0D, then per line  hi lo len text &0D  (len counts hi..&0D), the end is marked by hi=&FF.
; Part 1: integers and strings (plain numeric variables hold integers until part 2 adds reals).

        .include "zp.inc"

        .org $8000
        jmp language            ; language entry (A=1 on entry from the MOS)
        jmp service             ; service entry: we claim nothing
        .byte $40               ; ROM type: bit 6 language, 6502 code (User Guide / AUG ch.15)
        .byte copyright-$8000   ; offset of the copyright string
        .byte 1                 ; version
title:  .text "BASIC"
copyright:
        .byte 0
        .text "(C)2026"
        .byte 0

service:
        rts

language:
        cli
        cld
        ldx #$FF
        txs
        lda #<brk_handler       ; BRKV (&202): errors come to us
        sta BRKV
        lda #>brk_handler
        sta BRKV+1
        lda #$84                ; OSBYTE &84: HIMEM (top of user memory)
        jsr OSBYTE
        stx HIMEM
        sty HIMEM+1
        lda #$83                ; OSBYTE &83: OSHWM, the default PAGE
        jsr OSBYTE
        sty PAGEHI
        lda #$0A                ; @% = &0000090A: field width 10
        sta VAR_AT
        lda #$09
        sta VAR_AT+1
        lda #0
        sta VAR_AT+2
        sta VAR_AT+3
        sta TRACEON
        sta LISTOPT
        lda #$FF                ; AUTO off
        sta AUTOLN+1
        sta ASM_LAX             ; no lenient assembler operand (asm.s)
        sta WIDTHV              ; WIDTH 0
        ; RND goes on from whatever SEED holds: what the RAM powered up holding (the MOS keeps the
        ; language's zero page at power-on), as BASIC II's does.
        jsr do_new_core
        jmp prompt

        .include "util.s"
        .include "errors.s"
        .include "tokens.s"
        .include "editor.s"
        .include "exec.s"
        .include "vars.s"
        .include "expr.s"
        .include "arith.s"
        .include "funcs.s"
        .include "io.s"
        .include "asm.s"
