; The workload of `acorn bench cpu`: a mix of what 6502 programs spend their time on -- a block copy
; with a running checksum through (zp),Y pointers, a BCD counter in decimal mode, a 16x16-bit
; shift-and-add multiply called through JSR, and a bubble sort of 64 bytes made by a shift-register
; generator.  The 16-bit iteration count is at `count`; the program ends by trapping (JMP to itself).

count   = $00           ; 16-bit: iterations left
src     = $02           ; 16-bit pointer
dst     = $04           ; 16-bit pointer
bcd     = $06           ; 4 bytes of BCD counter
mcand   = $0A           ; 16-bit multiplicand
mplier  = $0C           ; 16-bit multiplier
product = $0E           ; 32-bit product
sum     = $12           ; checksum
sortbuf = $0800         ; 64 bytes to sort
results = $0900         ; products
copysrc = $1000         ; 1 KiB copied...
copydst = $2000         ; ...to here

        .org $0400
start:
        ldx #$FF
        txs
        cld
outer:
        lda count
        ora count+1
        beq done
        jsr copy_block
        jsr bcd_count
        jsr multiply_table
        jsr sort_bytes
        lda count
        bne count_low
        dec count+1
count_low:
        dec count
        jmp outer
done:
        jmp done

copy_block:
        lda #<copysrc
        sta src
        lda #>copysrc
        sta src+1
        lda #<copydst
        sta dst
        lda #>copydst
        sta dst+1
        ldx #4                  ; pages to copy
        ldy #0
        clc
copy_loop:
        lda (src),y
        sta (dst),y
        adc sum
        sta sum
        iny
        bne copy_loop
        inc src+1
        inc dst+1
        dex
        bne copy_loop
        rts

bcd_count:
        sed
        ldx #200
bcd_loop:
        clc
        lda bcd
        adc #$01
        sta bcd
        lda bcd+1
        adc #$00
        sta bcd+1
        lda bcd+2
        adc #$00
        sta bcd+2
        sec
        lda bcd+3
        sbc #$01
        sta bcd+3
        dex
        bne bcd_loop
        cld
        rts

multiply_table:
        ldx #31
table_loop:
        stx mcand
        lda #$5A
        sta mcand+1
        txa
        eor #$A5
        sta mplier
        lda #$13
        sta mplier+1
        jsr multiply
        lda product+1
        sta results,x
        dex
        bpl table_loop
        rts

; product = mcand * mplier: each step shifts the multiplier right and, when its low bit was set, adds
; the multiplicand into the top half before shifting the 32-bit product right.
multiply:
        lda #0
        sta product+2
        sta product+3
        ldy #16
multiply_bit:
        lsr mplier+1
        ror mplier
        bcc multiply_shift
        clc
        lda product+2
        adc mcand
        sta product+2
        lda product+3
        adc mcand+1
        sta product+3
multiply_shift:
        ror product+3
        ror product+2
        ror product+1
        ror product
        dey
        bne multiply_bit
        rts

sort_bytes:
        ldx #63
        lda sum
        ora #1
fill_loop:
        asl
        bcc fill_store
        eor #$1D
fill_store:
        sta sortbuf,x
        dex
        bpl fill_loop
        ldy #63                 ; passes
sort_pass:
        ldx #0
sort_compare:
        lda sortbuf,x
        cmp sortbuf+1,x
        bcc sort_next
        beq sort_next
        pha
        lda sortbuf+1,x
        sta sortbuf,x
        pla
        sta sortbuf+1,x
sort_next:
        inx
        cpx #63
        bne sort_compare
        dey
        bne sort_pass
        rts
