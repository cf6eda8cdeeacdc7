; Workload for `acorn bench machine --machine atom` (fitted as the kernel at #F000).
; The byte at $90 picks what the machine does, as our firmware would:
;   0  busy: a program runs - it counts primes, prints each one on the text screen (scrolling it the
;      way a VDU driver does), looks at the ESCAPE key through the 8255 after every line, and waits
;      for field sync after every 8 lines;
;   1  idle: a kernel waits for a key - it scans all ten keyboard rows once per field.
; It never stops; the bench runs it for a fixed number of emulated seconds.

mode    = $90
cand    = $80           ; 2 bytes: the number being tested
div     = $82           ; 2 bytes: trial divisor
rem     = $84           ; 2 bytes
lines   = $86
col     = $87
tmp     = $88           ; 2 bytes
digits  = $8A           ; 5 bytes

        .include "hardware.inc"

        .org $F000
reset:  sei
        cld
        ldx #$FF
        txs
        lda #$8A
        sta control
        lda #0
        sta porta
        sta lines
        ldx #0
        lda #$20
cls:    sta screen,x
        sta screen+$100,x
        inx
        bne cls
        lda mode
        beq busy

idle:   jsr wait_field
        ldx #0
scan:   stx porta
        lda portb
        and #$3F
        cmp #$3F
        bne idle                ; a key: a real kernel would act on it
        inx
        cpx #10
        bne scan
        jmp idle

busy:   lda #3
        sta cand
        lda #0
        sta cand+1
next:   jsr is_prime
        bcc skip
        jsr print
skip:   clc
        lda cand
        adc #2
        sta cand
        bcc next
        inc cand+1
        lda cand+1
        cmp #$40
        bcc next
        jmp busy

; carry set if cand is prime (odd, >= 3): trial division by odd divisors while div*div <= cand
is_prime:
        lda #3
        sta div
        lda #0
        sta div+1
try:    jsr square_gt           ; carry set when div*div > cand
        bcs prime
        jsr modulo
        lda rem
        ora rem+1
        beq composite
        clc
        lda div
        adc #2
        sta div
        bcc try
        inc div+1
        jmp try
prime:  sec
        rts
composite: clc
        rts

; carry set when div*div > cand (div < 256 here)
square_gt:
        lda #0
        sta tmp
        sta tmp+1
        ldx div
sq:     clc
        lda tmp
        adc div
        sta tmp
        lda tmp+1
        adc #0
        sta tmp+1
        dex
        bne sq
        lda cand+1
        cmp tmp+1
        bne sq_done
        lda cand
        cmp tmp
sq_done: bcc gt                 ; cand < div*div
        clc
        rts
gt:     sec
        rts

; rem = cand mod div (shift-subtract)
modulo: lda #0
        sta rem
        sta rem+1
        lda cand
        sta tmp
        lda cand+1
        sta tmp+1
        ldx #16
mod_bit: asl tmp
        rol tmp+1
        rol rem
        rol rem+1
        sec
        lda rem
        sbc div
        tay
        lda rem+1
        sbc div+1
        bcc mod_keep
        sta rem+1
        sty rem
mod_keep: dex
        bne mod_bit
        rts

; print cand in decimal on the bottom line, then scroll
print:  lda cand
        sta tmp
        lda cand+1
        sta tmp+1
        ldx #4
digit:  lda #0                  ; tmp /= 10, remainder in A
        ldy #16
div10:  asl tmp
        rol tmp+1
        rol a
        cmp #10
        bcc d_keep
        sbc #10
        inc tmp
d_keep: dey
        bne div10
        ora #$30
        sta digits,x
        dex
        bpl digit
        ldx #0
show:   lda digits,x
        sta screen+480+10,x
        inx
        cpx #5
        bne show
        ldx #0                  ; scroll the text screen up one line
scroll: lda screen+32,x
        sta screen,x
        lda screen+32+240,x
        sta screen+240,x
        inx
        cpx #240
        bne scroll
        ldx #31
blank:  lda #$20
        sta screen+480,x
        dex
        bpl blank
        lda #0                  ; ESCAPE is row 0, column 5
        sta porta
        lda portb
        and #$20
        beq escape
        inc lines
        lda lines
        and #7
        bne printed
        jsr wait_field
printed: rts
escape: jmp reset

wait_field:
wf_high: lda portc
        bpl wf_high
wf_low: lda portc
        bmi wf_low
        rts

        .org $FFFA
        .word reset, reset, reset
