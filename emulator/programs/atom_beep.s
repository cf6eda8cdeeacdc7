; Test ROM: two beeps on the Atom's loudspeaker (port C bit 2), then silence.
;   beep 1: 100 periods of about 1 kHz, made with 8255 bit set/reset words (#05 / #04 to #B003)
;   a pause of about 100 ms
;   beep 2: 100 periods of about 2 kHz, made by writing port C (#B002)
; $95 becomes 1 when both are done.
done    = $95

        .include "hardware.inc"

        .org $F000
reset:  sei
        cld
        ldx #$FF
        txs
        lda #$8A
        sta control
        lda #0
        sta portc
        sta done
        ldy #50                 ; 50 ms quiet after the mode set (which itself moves the cone:
quiet:  jsr half1               ; the pin goes from floating high to driven low)
        jsr half1
        dey
        bne quiet
        ldy #100
beep1:  lda #$05                ; PC2 set
        sta control
        jsr half1
        lda #$04                ; PC2 reset
        sta control
        jsr half1
        dey
        bne beep1
        ldy #100
pause:  jsr half1
        jsr half1
        dey
        bne pause
        ldy #100
beep2:  lda #$04
        sta portc
        jsr half2
        lda #$00
        sta portc
        jsr half2
        dey
        bne beep2
        lda #1
        sta done
idle:   jmp idle

half1:  ldx #97                 ; about 500 cycles with the call
d1:     dex
        bne d1
        rts
half2:  ldx #47                 ; about 250 cycles
d2:     dex
        bne d2
        rts

        .org $FFFA
        .word reset, reset, reset
