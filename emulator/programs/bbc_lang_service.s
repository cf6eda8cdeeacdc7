; A service-only sideways ROM for our MOS's tests: it records the service calls it is offered, claims
; the *command "*PING" (prints "PONG") and adds a line to *HELP.
;
; seen = &0A40 + reason: how many times each reason 0-15 was offered (the ROM's own workspace: the
; test language leaves &0A40-&0A4F alone).

seen   = $0A40
zp_ptr = $F2            ; the MOS's command-line pointer (AUG: service 4 gives (&F2),Y)

        .include "hardware.inc"

        .org $8000
        .byte 0, 0, 0           ; no language entry
        jmp service
        .byte $82               ; a service entry, 6502 code
        .byte copyright - $8000
        .byte $01
        .text "PINGER", 0
copyright:
        .byte 0
        .text "(C)Tests", 0

service:
        pha
        cmp #16
        bcs @not_counted
        tax
        inc seen,x
@not_counted:
        pla
        cmp #4
        beq command
        cmp #9
        beq help
        rts

command:                        ; claim *PING (capitals), leave anything else
        tya
        pha
        ldx #0
@match: lda (zp_ptr),y
        cmp ping,x
        bne @not_ours
        iny
        inx
        cpx #4
        bne @match
        ldx #0
@print: lda pong,x
        beq @claimed
        jsr OSWRCH
        inx
        bne @print
@claimed:
        pla
        lda #0
        rts
@not_ours:
        pla
        tay
        lda #4
        rts

help:   ldx #0
@print: lda help_text,x
        beq @done
        jsr OSWRCH
        inx
        bne @print
@done:  lda #9
        rts

ping:   .text "PING"
pong:   .text "PONG", 13, 10, 0
help_text:
        .text "PINGER 1.00", 13, 10, 0
