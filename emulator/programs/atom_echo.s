; Test ROM for the Atom (fitted in the kernel socket at #F000): scans the keyboard through the 8255
; the way a kernel does, waits on the VDG's field sync, and echoes each key.
;   $0200...   key buffer: one ASCII code per key press, $80 holds the count
;   video RAM  each printable code echoed as its 6847 screen code (lower case as inverse)
;   $84/$85    fields counted (one per FS fall)
; Key codes: the matrix position gives a code from KEYTAB; CTRL keeps the low 5 bits, SHIFT turns
; @ A-Z [ \ ] ^ into ` a-z { | } ~ and flips bit 4 of ! - ? (the bit-paired keyboard).

count   = $80
cursor  = $81           ; 2 bytes: offset into the screen
cols    = $83
fields  = $84           ; 2 bytes
mask    = $86
code    = $87
buffer  = $0200

        .include "hardware.inc"

        .org $F000
reset:  sei
        cld
        ldx #$FF
        txs
        lda #$8A                ; mode 0: A out, B in, C upper in, C lower out
        sta control
        lda #0
        sta porta               ; text mode, row 0
        sta portc
        sta count
        sta cursor
        sta cursor+1
        sta fields
        sta fields+1
        ldx #0                  ; clear the text screen to spaces
        lda #$20
clear:  sta screen,x
        sta screen+$100,x
        inx
        bne clear

main:   jsr wait_field
        jsr scan
        bcc main                ; no key down
        jsr convert
        jsr store
release: jsr wait_field         ; wait until every key is up
        jsr scan
        bcs release
        jmp main

; wait for the start of the next flyback: FS high, then low
wait_field:
wf_high: lda portc
        bpl wf_high
wf_low: lda portc
        bmi wf_low
        inc fields
        bne wf_done
        inc fields+1
wf_done: rts

; scan rows 0-9; carry set and Y = row*6+column of the first key down, cols = that row's #B001
scan:   ldx #0
        ldy #0
row:    stx porta
        lda portb
        sta cols
        lda #1
        sta mask
column: lda cols
        and mask
        beq found
        iny
        asl mask
        lda mask
        cmp #$40
        bne column
        inx
        cpx #10
        bne row
        clc
        rts
found:  lda KEYTAB,y
        beq none                ; a matrix position with no key
        sec
        rts
none:   clc
        rts

; Y = key index, cols bit 6 = CTRL (low when down), bit 7 = SHIFT -> code
convert: lda KEYTAB,y
        sta code
        bit cols
        bvs no_ctrl
        and #$1F
        sta code
        rts
no_ctrl: bmi done               ; SHIFT up
        cmp #$40
        bcc not_alpha
        cmp #$5F
        bcs done
        adc #$20                ; carry is clear
        sta code
        rts
not_alpha: cmp #$21
        bcc done
        eor #$10
        sta code
done:   rts

; append code to the buffer; echo printable codes onto the screen
store:  ldx count
        lda code
        sta buffer,x
        inc count
        cmp #$20
        bcc stored
        cmp #$7F
        bcs stored
        cmp #$40
        bcc put                 ; #20-#3F: the same code
        cmp #$60
        bcs lower
        sec
        sbc #$40                ; #40-#5F: @ A-Z ...
        jmp put
lower:  sec
        sbc #$60                ; #60-#7E: inverse
        ora #$80
put:    pha
        clc
        lda cursor+1
        adc #>screen
        sta ptr+1
        lda cursor
        sta ptr
        pla
        ldy #0
        sta (ptr),y
        inc cursor
        bne stored
        inc cursor+1
        lda cursor+1
        and #1
        sta cursor+1
stored: rts

ptr     = $88

KEYTAB: ; row 0 .. row 9, columns 0-5 (0 = no key there)
        .byte $00, '3', '-', 'G', 'Q', $1B
        .byte $00, '2', ',', 'F', 'P', 'Z'
        .byte $0A, '1', ';', 'E', 'O', 'Y'
        .byte $09, '0', ':', 'D', 'N', 'X'
        .byte $0E, $7F, '9', 'C', 'M', 'W'
        .byte '^', $05, '8', 'B', 'L', 'V'
        .byte ']', $0D, '7', 'A', 'K', 'U'
        .byte $5C, $00, '6', '@', 'J', 'T'
        .byte '[', $00, '5', '/', 'I', 'S'
        .byte ' ', $00, '4', '.', 'H', 'R'

        .org $FFFA
        .word reset, reset, reset
