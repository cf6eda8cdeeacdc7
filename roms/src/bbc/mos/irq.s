; ---- interrupts (AUG, "interrupts"): BRK is told apart by the B flag the 6502 pushed -------------

irq_entry:
        sta irq_a
        pla
        pha
        and #$10
        bne @brk                    ; not taken on the IRQ path: IRQ1V 19 cycles after the IRQ
        jmp (IRQ1V)
@brk:   jmp brk_handler

; Each system VIA interrupt takes MOS 1.20's cycles, IRQ to RTI, when no sound plays and no key is
; down, and starts the next ADC conversion at MOS 1.20's cycle: programs measure both (Irq-Timing
; times a loop under a 418 us T1 and prints how many ticks it took; the 10 ms conversions drift
; through the ticks).  Measured on our machine from the IRQ to the foreground's next instruction
; (docs/bbc_mos.md has the figures and how): our work is shorter, and each path waits out the rest.
; The waits are counts for wait_x (5 cycles each); a NOP or BIT beside one makes up the odd cycles.
; Plain notes playing take MOS 1.20's cycles too: sound_tick returns the wait that is left (X).
; An envelope, a key held down, the interval timer carrying make a tick longer, as on MOS 1.20.
T1_CB1_WAIT     = 6         ; a conversion that finished during the tick's work: 787-794 in all,
T1_CB1_PAD      = 16        ;   starting the next 502-509 cycles in
T1_WAIT         = 20        ; one that finished later, before the tick's end: 641-648, starting the
T1_EOC_PAD      = 1         ;   next 49 cycles before the end
T1_LATE         = 1         ; neither: 512-513 (MOS 1.20 511-514)
CB1_WAIT        = 3         ; CB1: 275-280, the next conversion starting 226-231 cycles in
CB1_PAD         = 1
SOUND_IDLE_WAIT = 8         ; sound_tick with nothing to do waits out what it saved
T1_WAIT_SOUND   = 14        ; plain notes playing: what is left, less each playing channel's
SOUND_CHANNEL_WAIT = 4      ;   share: 559-562 one, 655-658 three (as MOS 1.20; four go over)
T1_WAIT_FIFTH   = T1_WAIT_SOUND+1   ; MOS 1.20 counting durations (every fifth tick): 16 more
VSYNC_WAIT      = 5         ; VSYNC: 205-206
FLASH_WAIT      = 1         ;   the flashing colours changing over: 261-262 to the second, 265-266
                            ;   to the first

; IRQ1V's default: the system VIA's 100 Hz timer, VSYNC, ADC (CB1) and keyboard; anything else goes
; to IRQ2V.  T1 comes before CB1 when both are flagged, as on MOS 1.20.
irq1_default:
        txa
        pha
        tya
        pha
        lda SYS_IER                 ; ours: T1, CA1, CA2 and CB1, when enabled and flagged
        and SYS_IFR
        and #$53
        bne @system
@not_system:
        pla
        tay
        pla
        tax
        lda irq_a
        jmp (IRQ2V)
@system:
        sta zp_irq
        and #$40
        beq @not_timer
        lda SYS_T1CL                ; clears the T1 flag
        jsr centisecond
        txa                         ; what is left to wait out (sound_tick)
        pha
        lda SYS_IFR                 ; a conversion that finished during that: taken here
        and #$10
        beq @t1_wait
        sta SYS_IFR
        ldx #T1_CB1_WAIT
        jsr wait_x
        nop
        jsr adc_finished
        ldx #T1_CB1_PAD
        jsr wait_x
        nop
        nop
        nop
        nop
        nop
@t1_wait:
        pla
        tax
        jsr wait_x
        nop
        lda adc_channels            ; one that finished since, taken here (no CB1 interrupt for it)
        beq @t1_late
        lda ADC_CONTROL
        bmi @t1_late
        lda #$10
        sta SYS_IFR
        jsr adc_finished
        ldx #T1_EOC_PAD
        jsr wait_x
        jmp @done
@t1_late:
        ldx #T1_LATE
        jsr wait_x
        jmp @done
@not_timer:
        lda zp_irq
        and #$02
        beq @not_vsync
        sta SYS_IFR
        jsr vertical_sync
        nop
        bit irq_a
        ldx #VSYNC_WAIT
        jsr wait_x
        jmp @done
@not_vsync:
        lda zp_irq
        and #$10
        beq @key
        sta SYS_IFR
        ldx #CB1_WAIT
        jsr wait_x
        jsr adc_finished
        ldx #CB1_PAD
        jsr wait_x
        jmp @done
@key:   jsr keyv_interrupt          ; CA2: a key went down while auto-scanning
@done:  pla
        tay
        pla
        tax
        lda irq_a
        rti

; IRQ2V's default: offer the interrupt to the ROMs (service 5), then ignore it.
irq2_default:
        txa
        pha
        tya
        pha
        ldx #5
        jsr service_call_a_x
        beq @claimed
        lda USR_IFR                 ; nobody wanted it: stop the user VIA repeating it
        and #$7F
        sta USR_IER
@claimed:
        pla
        tay
        pla
        tax
        lda irq_a
        rti

; Wait 5X + 11 cycles (X > 0) with the JSR: X = 0.
wait_x: dex
        bne wait_x
        rts

; Every centisecond: TIME, the interval timer (event 5), INKEY's count, the keyboard, sound.
centisecond:
        sec                         ; TIME + 1 in the same cycles whether it carries or not, as on
        lda clock_a+0               ; MOS 1.20 (its interval timer's carry costs it 15 more, ours 16)
        adc #0
        sta clock_a+0
        lda clock_a+1
        adc #0
        sta clock_a+1
        lda clock_a+2
        adc #0
        sta clock_a+2
        lda clock_a+3
        adc #0
        sta clock_a+3
        lda clock_a+4
        adc #0
        sta clock_a+4
        ldx #0
@timer: inc interval_timer,x
        bne @timer_done
        inx
        cpx #5
        bne @timer
        ldy #5                      ; the interval timer reached zero
        jsr oseven
@timer_done:
        lda inkey_timer
        ora inkey_timer+1
        beq @no_inkey
        lda inkey_timer
        bne @low
        dec inkey_timer+1
@low:   dec inkey_timer
@no_inkey:
        jsr keyv_poll
        jsr sound_tick
        rts

; The uPD7002 finished a conversion (CB1): keep the result, note the channel (ADVAL(0)'s Y), raise
; event 3 and convert the next channel down, from the highest selected after channel 1 (AUG, "the
; analogue to digital converter", OSBYTE 16/17).  The T1 interrupt looks too: any write to the
; VIA's port B (the sound and keyboard latch) clears a CB1 flag not yet taken.
adc_finished:
        lda ADC_CONTROL             ; the status: bits 0-1 the channel, bit 7 /EOC
        bmi adc_done                ; still converting
        and #3
        tax
        lda ADC_LOW
        sta adc_low,x
        lda ADC_HIGH
        sta adc_high,x
        inx
        stx adc_last
        txa
        pha
        ldy #3
        jsr oseven
        pla
        tax
        dex
        bne adc_next                ; (MOS 1.20's cycles: 4 more after channel 1 than after the others)
        ldx adc_channels
        bne adc_start
adc_done:
        rts
adc_next:
        nop

; Start converting channel X (1-4), 8 or 12 bits as OSBYTE 190 says.
adc_start:
        stx adc_channel
        dex
        txa
        ldx adc_type
        cpx #8
        beq @eight
        ora #$08                    ; 12 bits
@eight: sta ADC_CONTROL
        rts

; Every field: the field counter, flashing colours (AUG OSBYTE 9/10), event 4.
vertical_sync:
        dec vsync_count
        lda flash_counter
        beq @no_flash               ; a period of 0 stops flashing
        dec flash_counter
        bne @no_flash
        lda flash_state
        eor #1
        sta flash_state
        tax
        lda flash_mark,x            ; the next period
        sta flash_counter
        lda ula_copy
        eor #1
        sta ula_copy
        sta ULA_CTRL
        lsr a                       ; MOS 1.20 takes 4 cycles more going to the first colours
        bcs @marked
        nop
        bit irq_a
@marked:
        ldx #FLASH_WAIT
        jsr wait_x
@no_flash:
        ldy #4
        jsr oseven
        rts

; ---- buffers (AUG, "buffers"): 0 keyboard, 3 printer, 4-7 sound channels 0-3 ----------------------
; Each buffer is a ring with a read and a write index (&02D8+X, &02E1+X); it is full when one more
; byte would make the indices equal.

; INSV: put A in buffer X.  C set (and nothing stored) if the buffer is full.
insv_default:
        php
        sei
        pha
        lda buffer_write,x
        clc
        adc #1
        and buffer_masks,x
        cmp buffer_read,x
        beq @full
        pha
        lda buffer_write,x
        jsr buffer_address
        pla
        sta buffer_write,x
        pla
        sta (buf_ptr),y
        plp
        clc
        rts
@full:  pla
        plp
        sec
        rts

; buf_ptr + Y = buffer X's byte at index A.
buffer_address:
        tay
        lda buffer_base_lo,x
        sta buf_ptr
        lda buffer_base_hi,x
        sta buf_ptr+1
        rts

; REMV: V clear: take the next byte from buffer X into A and Y; V set: look at it without taking it.
; C set if the buffer is empty.
remv_default:
        php
        sei
        lda buffer_read,x
        cmp buffer_write,x
        beq @empty
        jsr buffer_address
        lda (buf_ptr),y
        plp
        php
        bvs @look
        pha
        lda buffer_read,x
        clc
        adc #1
        and buffer_masks,x
        sta buffer_read,x
        pla
@look:  tay
        plp
        clc
        rts
@empty: plp
        sec
        rts

; CNPV: V set: empty buffer X.  V clear: C clear counts the bytes in it, C set the free space; the
; count is in X (Y = 0).
cnpv_default:
        php
        sei
        bvc @count
        lda buffer_write,x
        sta buffer_read,x
        plp
        rts
@count: bcs @free
        lda buffer_write,x
        sec
        sbc buffer_read,x
        and buffer_masks,x
        tax
        ldy #0
        plp
        rts
@free:  lda buffer_read,x
        clc
        sbc buffer_write,x
        and buffer_masks,x
        tax
        ldy #0
        plp
        rts

buffer_masks:   .byte 31, 0, 0, 63, 15, 15, 15, 15, 0
buffer_base_lo: .byte <KEYBUF, 0, 0, <$0880, <SOUNDBUF, <(SOUNDBUF+16), <(SOUNDBUF+32), <(SOUNDBUF+48), 0
buffer_base_hi: .byte >KEYBUF, $0A, $09, >$0880, >SOUNDBUF, >(SOUNDBUF+16), >(SOUNDBUF+32), >(SOUNDBUF+48), $0A

; Insert A into buffer X through INSV.
insert_buffer:
        jmp (INSV)
remove_buffer:
        clv
        jmp (REMV)
count_buffer:
        jmp (CNPV)
