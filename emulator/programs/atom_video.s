; Test ROM: fills video RAM #8000-#97FF with a pattern, then once per field (on the fall of field
; sync) copies $90 to port A (the VDG mode lines) and $91 to port C (bit 3: CSS), and counts the
; fields in $92.  Pattern: the byte at #8000+i is (i + #80 + i DIV 256) AND #FF.
ptr     = $80
mode    = $90
css     = $91
fields  = $92

        .include "hardware.inc"

        .org $F000
reset:  sei
        cld
        ldx #$FF
        txs
        lda #$8A
        sta control
        lda #0
        sta ptr
        sta fields
        lda #$80
        sta ptr+1
page:   ldy #0
fill:   tya
        clc
        adc ptr+1
        sta (ptr),y
        iny
        bne fill
        inc ptr+1
        lda ptr+1
        cmp #$98
        bne page

main:   lda portc               ; wait for FS high, then low
        bpl main
low:    lda portc
        bmi low
        lda mode
        sta porta
        lda css
        sta portc
        inc fields
        jmp main

        .org $FFFA
        .word reset, reset, reset
