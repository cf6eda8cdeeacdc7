; Workload for `acorn bench machine --machine bbc` (fitted as the MOS at &C000).
; Set before the first instruction: $90 what the machine does, $91 the screen MODE (0: MODE 7,
; 1: MODE 4).  Like a MOS, it programs the 6845 and video ULA, sets IC32, keeps a 100 Hz clock on
; system VIA T1, counts fields on CA1 (VSYNC), takes keyboard interrupts on CA2 and tests ESCAPE
; directly on every clock tick; then
;   0  busy: a program finds primes (trial division up to the square root) and prints each one, a character cell at a time the way a VDU
;      driver does (MODE 4 copies the 8 bytes of the glyph from the font at &C000); at the bottom of
;      the screen it goes back to the top line, clearing each line before it writes there;
;   1  idle: a MOS waiting for a key: it polls its keyboard buffer, the cursor blinking.
; It never stops; the bench runs it for a fixed number of emulated seconds.

work    = $90
mode    = $91
cand    = $80           ; 2 bytes: the number being tested
div     = $82           ; 2 bytes: trial divisor
rem     = $84           ; 2 bytes
ptr     = $86           ; 2 bytes
src     = $88           ; 2 bytes
row     = $8A
col     = $8B
digits  = $60           ; 5 bytes
square  = $65           ; 3 bytes: div * div
twice   = $68           ; 2 bytes
centis  = $70           ; 2 bytes
fields  = $72           ; 2 bytes
escape  = $74
keybuf  = $75


        .include "hardware.inc"

        .org $C000
; Our own glyphs for space and the digits (8 bytes each, top line first); the rest are blank.
        .fill 8, 0                                          ; space
        .fill ($30 - $21) * 8, 0
        .byte $3C, $66, $6E, $7E, $76, $66, $3C, $00        ; 0
        .byte $18, $38, $18, $18, $18, $18, $7E, $00        ; 1
        .byte $3C, $66, $06, $0C, $18, $30, $7E, $00        ; 2
        .byte $3C, $66, $06, $1C, $06, $66, $3C, $00        ; 3
        .byte $0C, $1C, $3C, $6C, $7E, $0C, $0C, $00        ; 4
        .byte $7E, $60, $7C, $06, $06, $66, $3C, $00        ; 5
        .byte $1C, $30, $60, $7C, $66, $66, $3C, $00        ; 6
        .byte $7E, $06, $0C, $18, $30, $30, $30, $00        ; 7
        .byte $3C, $66, $66, $3C, $66, $66, $3C, $00        ; 8
        .byte $3C, $66, $66, $3E, $06, $0C, $38, $00        ; 9
        .fill ($80 - $3A) * 8, 0

reset:  sei
        cld
        ldx #$FF
        txs
        lda #$0F
        sta ddrb
        ldx #$0F                ; IC32 bits 7..0 set: sound off, auto-scan, LEDs off
setl:   stx orb
        dex
        cpx #$07
        bne setl
        lda mode                ; the 6845, the ULA, C0/C1, the palette
        asl a
        asl a
        asl a
        asl a
        asl a
        tay
        jsr set_mode
        lda #0
        sta row
        sta col
        sta keybuf
        jsr cls
        lda #$40                ; T1 free run: the 100 Hz clock
        sta acr
        lda #$05                ; CA1 and CA2 on rising edges
        sta pcr
        lda #$7F
        sta ier
        sta ifr
        lda #<9998
        sta t1cl
        lda #>9998
        sta t1ch
        lda #$C3
        sta ier
        cli
        lda work
        beq busy

idle:   lda keybuf              ; a MOS waiting for a key
        beq idle
        lda #0
        sta keybuf
        jmp idle

busy:   lda #2
        sta cand
        lda #0
        sta cand+1
next:   lda #2
        sta div
        lda #0
        sta div+1
        sta square+1
        sta square+2
        lda #4
        sta square
trial:  lda square+2            ; div * div > cand: no divisor found, a prime
        bne prime
        lda cand
        cmp square
        lda cand+1
        sbc square+1
        bcc prime
        jsr divide
        lda rem
        ora rem+1
        beq composite
        lda div                 ; square += 2 * div + 1, then div += 1
        asl a
        sta twice
        lda div+1
        rol a
        sta twice+1
        sec
        lda square
        adc twice
        sta square
        lda square+1
        adc twice+1
        sta square+1
        lda square+2
        adc #0
        sta square+2
        inc div
        bne trial
        inc div+1
        jmp trial
composite:
        inc cand
        bne next
        inc cand+1
        jmp next
prime:  jsr print_number
        lda #$20
        jsr putc
        jmp composite

; rem = cand MOD div (16-bit shift-subtract)
divide: lda #0
        sta rem
        sta rem+1
        lda cand
        sta ptr
        lda cand+1
        sta ptr+1
        ldx #16
dv:     asl ptr
        rol ptr+1
        rol rem
        rol rem+1
        lda rem
        sec
        sbc div
        tay
        lda rem+1
        sbc div+1
        bcc dvn
        sta rem+1
        sty rem
dvn:    dex
        bne dv
        rts

; print cand in decimal
print_number:
        lda cand
        sta src
        lda cand+1
        sta src+1
        ldx #0
pn:     lda #0                  ; src DIV 10, remainder to digits
        sta rem
        ldy #16
pd:     asl src
        rol src+1
        rol rem
        lda rem
        cmp #10
        bcc pdn
        sbc #10
        sta rem
        inc src
pdn:    dey
        bne pd
        lda rem
        sta digits,x
        inx
        lda src
        ora src+1
        bne pn
po:     dex
        lda digits,x
        ora #$30
        stx rem+1
        jsr putc
        ldx rem+1
        cpx #0
        bne po
        rts

; A character at (row, col); at the end of a line go to the next, clearing it.
putc:   pha
        lda mode
        bne putc4
        ; MODE 7: &7C00 + row * 40 + col
        jsr rowaddr7
        pla
        ldy col
        sta (ptr),y
        jmp advance
putc4:  jsr cell4               ; MODE 4: &5800 + row * 320 + col * 8
        pla
        sec
        sbc #$20
        sta src
        lda #0
        asl src
        rol a
        asl src
        rol a
        asl src
        rol a
        adc #$C0
        sta src+1
        ldy #7
gl:     lda (src),y
        sta (ptr),y
        dey
        bpl gl
advance:
        inc col
        lda col
        cmp #40
        bne adv_done
        lda #0
        sta col
        inc row
        lda row
        cmp #25
        bne clear_line
        lda #0
        sta row
clear_line:
        jsr clear_row
adv_done:
        rts

rowaddr7:                       ; ptr = &7C00 + row * 40
        lda #$00
        sta ptr
        lda #$7C
        sta ptr+1
        ldx row
        beq ra_done
ra:     lda ptr
        clc
        adc #40
        sta ptr
        bcc ra_n
        inc ptr+1
ra_n:   dex
        bne ra
ra_done:
        rts

cell4:                          ; ptr = &5800 + row * 320 + col * 8
        lda #$00
        sta ptr
        lda #$58
        sta ptr+1
        ldx row
        beq c4col
c4r:    lda ptr
        clc
        adc #$40
        sta ptr
        lda ptr+1
        adc #$01
        sta ptr+1
        dex
        bne c4r
c4col:  lda col                 ; col * 8 is up to 312: the carry of the third shift is a page
        asl a
        asl a
        asl a
        bcc c4lo
        inc ptr+1
c4lo:   clc
        adc ptr
        sta ptr
        bcc c4end
        inc ptr+1
c4end:  rts

clear_row:
        lda mode
        bne clear4
        jsr rowaddr7
        lda #$20
        ldy #39
cr7:    sta (ptr),y
        dey
        bpl cr7
        rts
clear4: lda col
        pha
        lda #0
        sta col
        jsr cell4
        pla
        sta col
        lda #0                  ; 320 bytes: 256 + 64
        tay
cr4:    sta (ptr),y
        iny
        bne cr4
        inc ptr+1
cr4b:   sta (ptr),y
        iny
        cpy #64
        bne cr4b
        rts

cls:    lda mode
        bne cls4
        ldx #0
        lda #$20
c7:     sta $7C00,x
        sta $7D00,x
        sta $7E00,x
        sta $7F00,x
        inx
        bne c7
        rts
cls4:   lda #$58
        sta ptr+1
        lda #0
        sta ptr
        tay
c4:     sta (ptr),y
        iny
        bne c4
        inc ptr+1
        bpl c4
        rts

irq:    pha
        txa
        pha
        lda ifr
        and #$40
        beq not_t1
        lda t1cl                ; clear T1; the 100 Hz tick
        inc centis
        bne esc
        inc centis+1
esc:    lda #$03                ; test ESCAPE (key &70) directly, as a MOS's clock tick does
        sta orb
        lda #$7F
        sta ddra
        lda #$70
        sta ora_nh
        lda ora_nh
        and #$80
        sta escape
        lda #$0B
        sta orb
        lda #$01
        sta ifr
        jmp irq_end
not_t1: lda ifr
        and #$02
        beq not_ca1
        sta ifr
        inc fields
        bne irq_end
        inc fields+1
        jmp irq_end
not_ca1:
        lda ifr
        and #$01
        beq irq_end
        sta ifr
        inc keybuf
irq_end:
        pla
        tax
        pla
        rti

nmi:    rti

        .include "bbc_set_mode.inc"

; 32 bytes a MODE: R0-R13, ULA control, C0 | C1 << 1, 16 palette bytes.
modes:
        ; MODE 7 (MOS 1.20 values, Advanced User Guide): start &7C00, cursor blinking
        .byte 63, 40, 51, $24, 30, 2, 25, 27, $93, 18, $72, $13, $28, $00
        .byte $4B, 1
        .byte $F7, $E7, $D7, $C7, $B7, $A7, $97, $87, $77, $67, $57, $47, $37, $27, $17, $07
        ; MODE 4: start &5800, 2 colours, cursor blinking
        .byte 63, 40, 49, $24, 38, 0, 32, 34, $01, 7, $67, $08, $0B, $00
        .byte $88, 3
        .byte $F0, $E0, $D0, $C0, $B0, $A0, $90, $80, $77, $67, $57, $47, $37, $27, $17, $07

        .org $FFFA
        .word nmi, reset, irq
