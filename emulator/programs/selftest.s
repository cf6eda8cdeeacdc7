; A self-checking 6502 program: flags, binary and decimal arithmetic, the stack, JSR/RTS, BRK/RTI, IRQ
; (masking and the one-instruction delay after CLI) and NMI.  Run it with
;     acorn exec selftest.bin --load 0x0400 --pc 0x0400 --interrupt-port 0xBFFF
; It traps (JMP to itself) at `success`; on a failure it executes a JAM opcode at `fail` with the number
; of the failing check in `check` (and in A), so `acorn exec` exits 4.
; The interrupt port: writing bit 0 asserts IRQ while it stays set; setting bit 1 gives one NMI edge.

port    = $BFFF
check   = $00           ; number of the check under way
irqs    = $01           ; IRQs taken
nmis    = $02           ; NMIs taken
saved_p = $03
saved_s = $04
brk_p   = $05           ; P as BRK pushed it
brk_ret = $06           ; 16-bit return address BRK pushed
seen_x  = $08           ; X when the IRQ handler ran

        .org $0400
start:
        sei
        cld
        ldx #$FF
        txs
        lda #0
        sta port
        sta irqs
        sta nmis
        ; the vectors live in RAM on this bare machine
        lda #<nmi_handler
        sta $FFFA
        lda #>nmi_handler
        sta $FFFB
        lda #<irq_handler
        sta $FFFE
        lda #>irq_handler
        sta $FFFF

; 1: load flags
        lda #1
        sta check
        lda #0
        bne fail_near
        bmi fail_near
        lda #$80
        beq fail_near
        bpl fail_near
; 2: binary ADC: $50+$50 = $A0 with V and N set, C clear
        inc check
        clc
        lda #$50
        adc #$50
        php
        cmp #$A0
        bne fail_near
        pla
        and #$C3
        cmp #$C0
        bne fail_near
; 3: binary ADC: $D0+$90 = $60, V and C set
        inc check
        clc
        lda #$D0
        adc #$90
        php
        cmp #$60
        bne fail_near
        pla
        and #$C3
        cmp #$41
        bne fail_near
; 4: binary SBC: $50-$B0 = $A0, V set, borrow (C clear)
        inc check
        sec
        lda #$50
        sbc #$B0
        php
        cmp #$A0
        bne fail_near
        pla
        and #$C3
        cmp #$C0
        bne fail_near
; 5: compare sets C and Z as documented
        inc check
        lda #$40
        cmp #$40
        bne fail_near
        bcc fail_near
        cmp #$41
        bcs fail_near
        jmp decimal_checks
fail_near:
        jmp fail

decimal_checks:
; 6: decimal ADC: 19+28 = 47, no carry
        inc check
        sed
        clc
        lda #$19
        adc #$28
        bcs fail_dec
        cmp #$47
        bne fail_dec
; 7: decimal ADC: 99+01 = 00 with carry
        inc check
        clc
        lda #$99
        adc #$01
        bcc fail_dec
        cld
        cmp #$00
        bne fail_dec
        sed
; 8: decimal SBC: 00-01 = 99 with borrow
        inc check
        sec
        lda #$00
        sbc #$01
        bcs fail_dec
        cmp #$99
        bne fail_dec
; 9: decimal SBC: 46-12 = 34, no borrow
        inc check
        sec
        lda #$46
        sbc #$12
        bcc fail_dec
        cmp #$34
        bne fail_dec
        cld
        jmp stack_checks
fail_dec:
        cld
        jmp fail

stack_checks:
; 10: pushes and pulls come back in reverse order; S moves by one per byte
        inc check
        tsx
        stx saved_s
        lda #$11
        pha
        lda #$22
        pha
        tsx
        inx
        inx
        cpx saved_s
        bne fail_stack
        pla
        cmp #$22
        bne fail_stack
        pla
        cmp #$11
        bne fail_stack
; 11: JSR pushes the address of its last byte; RTS returns after it
        inc check
        jsr probe_return
return_point:
        cpx #<(return_point - 1)
        bne fail_stack
        cpy #>(return_point - 1)
        bne fail_stack
; 12: PHP/PLP round trip of every flag (B and bit 5 read 1 when pushed)
        inc check
        lda #$CF
        pha
        plp
        php
        pla
        cmp #$FF
        bne fail_stack
        lda #$00
        pha
        plp
        php
        pla
        cmp #$30
        bne fail_stack
        jmp brk_checks
fail_stack:
        jmp fail

probe_return:
        tsx
        lda $0101,x
        pha
        lda $0102,x
        tay
        pla
        tax
        rts

brk_checks:
; 13: BRK pushes PC+2 and P with B set, sets I; RTI resumes after the padding byte
        inc check
        sei
        lda #0
        sta brk_p
brk_site:
        brk
        .byte $EA               ; the padding byte BRK skips
        lda brk_p
        and #$10
        beq fail_brk
        lda brk_ret
        cmp #<(brk_site + 2)
        bne fail_brk
        lda brk_ret+1
        cmp #>(brk_site + 2)
        bne fail_brk
        jmp irq_checks
fail_brk:
        jmp fail

irq_checks:
; 14: an IRQ held while I is set waits; after CLI exactly one more instruction runs first
        inc check
        ldx #0
        lda #1
        sta port                ; IRQ asserted, but masked
        nop
        nop
        lda irqs
        bne fail_irq
        cli
        inx                     ; runs before the IRQ is taken
        inx                     ; runs after the handler
        sei
        lda irqs
        cmp #1
        bne fail_irq
        lda seen_x
        cmp #1
        bne fail_irq
        cpx #2
        bne fail_irq
; 15: the IRQ pushed P with B clear
        inc check
        lda saved_p
        and #$10
        bne fail_irq
; 16: NMI is taken even with I set, once per edge
        inc check
        sei
        lda #2
        sta port                ; edge: one NMI
        nop
        lda nmis
        cmp #1
        bne fail_irq
        lda #2
        sta port                ; still high: no new edge
        nop
        lda nmis
        cmp #1
        bne fail_irq
        lda #0
        sta port
        lda #2
        sta port                ; a new edge
        nop
        lda nmis
        cmp #2
        bne fail_irq
        lda #0
        sta port

success:
        jmp success

fail_irq:
        jmp fail

fail:
        lda check
        .byte $02               ; JAM: the failing check is in A

; The IRQ/BRK handler tells BRK from IRQ by the B bit of the pushed P.
irq_handler:
        pha
        txa
        pha
        tsx
        lda $0103,x             ; pushed P
        and #$10
        bne handle_brk
        lda $0103,x
        sta saved_p
        pla
        pha
        sta seen_x
        inc irqs
        lda #0
        sta port                ; release the IRQ line
        pla
        tax
        pla
        rti
handle_brk:
        lda $0103,x
        sta brk_p
        lda $0104,x
        sta brk_ret
        lda $0105,x
        sta brk_ret+1
        pla
        tax
        pla
        rti

nmi_handler:
        inc nmis
        rti
