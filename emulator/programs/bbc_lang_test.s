; A test language ROM for our MOS (tests/firmware/test_bbc_mos*.py): a mailbox the tests drive.
;
; Entered as a language (A=1), it sets BRKV, prints its own prompt and waits for a command in `cmd`:
;   1  OSWRCH each of the `count` bytes at `buffer`
;   2  OSBYTE `reg_a`, `reg_x`, `reg_y`            results: out_a, out_x, out_y, out_p
;   3  OSWORD `reg_a` with the block at `block`    results as 2
;   4  OSRDCH                                       results as 2
;   5  OSCLI the CR-terminated text at `block`
;   6  JSR the routine at `param` (2 bytes) with `reg_a`, `reg_x`, `reg_y`
; `cmd` goes back to 0 when the command has finished.  A BRK error is recorded (`errors` counts
; them, `err_num` the number and the message is copied to `err_text`) and the loop goes on.

cmd     = $70
reg_a   = $71
reg_x   = $72
reg_y   = $73
count   = $74
out_a   = $75
out_x   = $76
out_y   = $77
out_p   = $78
param   = $79           ; 2 bytes
errors  = $7B
err_num = $7C
entered = $7D           ; A on entry to the language
buffer  = $0900
block   = $0A00
err_text = $0A80

        .include "hardware.inc"

        .org $8000
        jmp language
        jmp service
        .byte $C2               ; language and service entries, 6502 code
        .byte copyright - $8000
        .byte $01
title:  .text "TEST", 0
        .text "1.00"
copyright:
        .byte 0
        .text "(C)Tests", 0

service:
        rts

language:
        sta entered
        lda #0                  ; the mailbox: RAM holds anything at power-on
        sta errors
        cli
        ldx #$FF
        txs
        lda #<on_error
        sta BRKV
        lda #>on_error
        sta BRKV+1
        lda #'>'
        jsr OSWRCH
main:   lda #0
        sta cmd
wait:   lda cmd
        beq wait
        cmp #1
        beq do_wrch
        cmp #2
        beq do_byte
        cmp #3
        beq do_word
        cmp #4
        beq do_rdch
        cmp #5
        beq do_cli
        cmp #6
        beq do_jsr
        jmp main

do_wrch:
        ldx #0
@next:  cpx count
        beq main
        lda buffer,x
        jsr OSWRCH
        inx
        jmp @next

do_byte:
        lda reg_a
        ldx reg_x
        ldy reg_y
        jsr OSBYTE
        jmp results

do_word:
        lda reg_a
        ldx #<block
        ldy #>block
        jsr OSWORD
        jmp results

do_rdch:
        jsr OSRDCH
        jmp results

do_cli: ldx #<block
        ldy #>block
        jsr OSCLI
        jmp main

do_jsr: lda reg_a
        ldx reg_x
        ldy reg_y
        jsr @call
        jmp results
@call:  jmp (param)

results:
        php
        sta out_a
        stx out_x
        sty out_y
        pla
        sta out_p
        jmp main

on_error:
        ldx #$FF
        txs
        inc errors
        ldy #0
        lda ($FD),y
        sta err_num
@copy:  iny
        lda ($FD),y
        sta err_text-1,y
        bne @copy
        cli
        jmp main
