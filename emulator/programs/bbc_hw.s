; Test MOS for the BBC Micro machine: drives each chip the way a MOS does.
;
; At reset: counts resets, reads the start-up option links and SHIFT/CTRL by direct keyboard testing,
; sets every IC32 bit, programs the 6845 and video ULA for the MODE in `mode` (0: MODE 7, 1: MODE 1,
; 2: MODE 4; set by the test before the first instruction), fills the screen, starts system VIA T1 as
; the 100 Hz clock (free run, latch 9998: period 10000 us), enables the T1, CA1 (VSYNC, rising edge)
; and CA2 (keyboard, rising edge) interrupts and waits for commands in `cmd`:
;   1  write `count` bytes from `buffer` to the SN76489 through the slow data bus
;   2  test key number `param` directly; `result` = PA7 (bit 7 set: down)
;   3  page in sideways slot `param` through ROMSEL; `result` = the byte at &8000
; The IRQ handler counts T1 (`centis`), CA1 (`vsyncs`) and CA2 (`keyints`) interrupts.
; `timing` is a block of loads for the cycle-count test (entered by the test with PC set).

resets  = $70
links   = $71
shift0  = $72
ctrl0   = $73
centis  = $74           ; 16 bits
vsyncs  = $76           ; 16 bits
keyints = $78
others  = $79
ptr     = $80           ; 16 bits
src     = $82           ; 16 bits
column  = $84
cmd     = $8E
param   = $8D
result  = $8C
count   = $8B
mode    = $8F
buffer  = $0300
message_row = $0400


        .include "hardware.inc"

        .org $C000
; Our own test glyphs for the characters the test prints (8 bytes each, top line first); every other
; character of &20-&7F is blank.
        .fill ($42 - $20) * 8, 0
        .byte $FC, $66, $66, $7C, $66, $66, $FC, $00          ; B
        .byte $3C, $66, $C0, $C0, $C0, $66, $3C, $00          ; C
        .fill 8, 0
        .byte $FE, $62, $68, $78, $68, $62, $FE, $00          ; E
        .fill 2 * 8, 0
        .byte $66, $66, $66, $7E, $66, $66, $66, $00          ; H
        .fill 3 * 8, 0
        .byte $F0, $60, $60, $60, $62, $66, $FE, $00          ; L
        .fill 2 * 8, 0
        .byte $38, $6C, $C6, $C6, $C6, $6C, $38, $00          ; O
        .fill ($80 - $50) * 8, 0

reset:  sei
        cld
        ldx #$FF
        txs
        lda ier                 ; only power-on resets the system VIA: IER holds no enables then,
        and #$7F                ; and RAM holds whatever it powered up with
        bne warm
        ldx #mode - resets - 1  ; so clear the counters and the command block (not `mode`: the
        lda #0                  ; test sets it before the first instruction)
clear:  sta resets,x
        dex
        bpl clear
        lda mode                ; a `mode` no test set is MODE 7
        cmp #3
        bcc warm
        lda #0
        sta mode
warm:   inc resets
        lda #$0F                ; PB0-3 drive IC32
        sta ddrb
        ldx #$0F                ; set IC32 bits 7..0 (PB3 = 1, address 7..0)
setl:   stx orb
        dex
        cpx #$07
        bne setl
        ; direct keyboard testing: IC32 bit 3 low, PA0-6 out, PA7 in
        lda #$03
        sta orb
        lda #$7F
        sta ddra
        lda #0
        sta links
        ldx #9                  ; link columns 9..2: bit 0 from column 9 up to bit 7 from column 2
lnk:    stx ora_nh
        lda ora_nh
        asl a                   ; PA7 -> carry
        ror links               ; ...into bit 7, moving earlier links down
        dex
        cpx #1
        bne lnk
        lda #$00                ; SHIFT is key &00
        sta ora_nh
        lda ora_nh
        and #$80
        sta shift0
        lda #$01                ; CTRL is key &01
        sta ora_nh
        lda ora_nh
        and #$80
        sta ctrl0
        lda #$0B                ; IC32 bit 3 high: auto-scan
        sta orb

        ; the 6845, the video ULA and C0/C1 for the MODE
        lda mode
        asl a
        asl a
        asl a
        asl a
        asl a                   ; 32 bytes a MODE
        tay
        jsr set_mode

        jsr draw_screen

        ; system VIA: T1 free run at 100 Hz, CA1 and CA2 on rising edges
        lda #$40
        sta acr
        lda #$05
        sta pcr
        lda #$7F
        sta ier
        sta ifr
        lda #<9998
        sta t1cl
        lda #>9998
        sta t1ch
        lda #$C3                ; enable T1, CA1, CA2
        sta ier
        cli

main:   lda cmd
        beq main
        cmp #1
        beq do_sound
        cmp #2
        beq do_key
        cmp #3
        beq do_rom
done:   lda #0
        sta cmd
        jmp main

do_sound:
        ldx #0
snd:    cpx count
        beq done
        lda buffer,x
        jsr sound_write
        inx
        jmp snd

do_key: sei
        lda #$03                ; auto-scan off
        sta orb
        lda #$7F
        sta ddra
        lda param
        sta ora_nh
        lda ora_nh
        and #$80
        sta result
        lda #$0B                ; auto-scan on
        sta orb
        lda #$01                ; the keyboard lines moved under us: forget CA2
        sta ifr
        cli
        jmp done

do_rom: lda param
        sta romsel
        lda $8000
        sta result
        jmp done

; A byte to the sound chip: slow data bus out, sound write enable (IC32 bit 0) low, then high.
sound_write:
        php
        sei
        ldy #$FF
        sty ddra
        sta ora_nh
        ldy #$00
        sty orb
        ldy #2
wait:   dey
        bne wait
        ldy #$08
        sty orb
        plp
        rts

; Fill the screen for the MODE.
draw_screen: lda mode
        beq teletext
        cmp #1
        beq pattern
        ; MODE 4: clear &5800-&7FFF, print the message on the top row through the font
        lda #$58
        ldx #0
        jsr fill
        lda #$00
        sta ptr
        lda #$58
        sta ptr+1
        ldx #0
prt:    lda message,x
        beq prtend
        sec
        sbc #$20
        sta src
        lda #0
        asl src                 ; (code - &20) * 8
        rol a
        asl src
        rol a
        asl src
        rol a
        adc #$C0
        sta src+1
        ldy #7
glyph:  lda (src),y
        sta (ptr),y
        dey
        bpl glyph
        lda ptr
        clc
        adc #8
        sta ptr
        bcc nxt
        inc ptr+1
nxt:    inx
        jmp prt
prtend: rts

teletext:                       ; spaces over &7C00-&7FFF, the message at &7C00
        lda #$7C
        ldx #$20
        jsr fill
        ldx #0
tt:     lda message,x
        beq ttend
        sta $7C00,x
        inx
        jmp tt
ttend:  rts

pattern:                        ; MODE 1: the byte at &3000-&7FFF is (low EOR high byte of its address)
        lda #$00
        sta ptr
        lda #$30
        sta ptr+1
pp:     ldy #0
pb:     tya
        eor ptr+1
        sta (ptr),y
        iny
        bne pb
        inc ptr+1
        bpl pp
        rts

; Fill from page A to &7FFF with X.
fill:   sta ptr+1
        lda #0
        sta ptr
        txa
        ldy #0
fl:     sta (ptr),y
        iny
        bne fl
        inc ptr+1
        bpl fl
        rts

irq:    pha
        lda ifr
        and #$40
        beq not_t1
        lda t1cl                ; clears the T1 flag
        inc centis
        bne irqend
        inc centis+1
        jmp irqend
not_t1: lda ifr
        and #$02
        beq not_ca1
        lda #$02
        sta ifr
        inc vsyncs
        bne irqend
        inc vsyncs+1
        jmp irqend
not_ca1:
        lda ifr
        and #$01
        beq not_ca2
        lda #$01
        sta ifr
        inc keyints
        jmp irqend
not_ca2:
        inc others
irqend: pla
        rti

nmi:    rti

timing: lda $1000               ; 4 cycles, RAM
        lda $FE4F               ; system VIA: stretched to the 1 MHz bus
        lda $FE4F
        nop
        lda $FE4F
        lda $FC00               ; FRED: stretched too, nothing there
        sta $FE30               ; ROMSEL write (slot &FC AND 15 = 12)
        jmp timing

message:
        .text "HELLO BBC"
        .byte 0

        .include "bbc_set_mode.inc"

; MODE table, 32 bytes each: R0-R13, ULA control, C0 | C1 << 1, 16 palette bytes.
; CRTC and ULA values as MOS 1.20 sets them (Advanced User Guide, 18.x and 19.1 tables).
modes:
        ; MODE 7: start &7C00 (R12/R13 = &2800), interlace sync and video
        .byte 63, 40, 51, $24, 30, 2, 25, 27, $93, 18, $72, $13, $28, $00
        .byte $4B, 1
        .byte $07, $17, $27, $37, $47, $57, $67, $77, $87, $97, $A7, $B7, $C7, $D7, $E7, $F7
        ; MODE 1: start &3000 (&0600), 2 MHz CRTC, 4 colours: black red yellow white
        .byte 127, 80, 98, $28, 38, 0, 32, 34, $01, 7, $67, $08, $06, $00
        .byte $D8, 2
        .byte $07, $17, $26, $36, $47, $57, $66, $76, $84, $94, $A0, $B0, $C4, $D4, $E0, $F0
        ; MODE 4: start &5800 (&0B00), 1 MHz CRTC, 2 colours: black, white
        .byte 63, 40, 49, $24, 38, 0, 32, 34, $01, 7, $67, $08, $0B, $00
        .byte $88, 3
        .byte $07, $17, $27, $37, $47, $57, $67, $77, $80, $90, $A0, $B0, $C0, $D0, $E0, $F0

        .org $FFFA
        .word nmi, reset, irq
