; ---- sound (User Guide "SOUND", "ENVELOPE"; AUG OSWORD 7 and 8, the SN76489 on the slow data bus) ---
; Channels 0 (noise) to 3 each have a queue (buffers 4-7) of notes of 4 bytes: amplitude or
; envelope, pitch, duration, and hold (bit 2) / synchronisation (bits 0-1).  Every centisecond each channel counts down its note, steps its
; envelope and starts the next note when the last has finished.  Channel c is the SN76489's
; channel 3 - c (so noise is the chip's noise channel, and pitch 3/7 noise follows channel 1).
; H (hold): the note's amplitude and pitch are ignored and the last note's release goes on for its
; duration.  S (synchronisation, 1-3): the note waits until S other channels have a note with the same
; S at the head of their queues, and they all start together.

; per channel, 16 bytes at &0800 + 16 * channel
SND_STATE  = 0      ; 0 idle, 1 playing, 2 releasing (envelope)
SND_DUR    = 1      ; centiseconds left (2 bytes); &FFFF: until flushed
SND_ENV    = 3      ; envelope 1-16, 0 none
SND_TIMER  = 4      ; centiseconds to the next envelope step
SND_LEVEL  = 5      ; amplitude 0-126
SND_PHASE  = 6      ; 0 attack, 1 decay, 2 sustain
SND_PITCH  = 7
SND_SECTION = 8     ; pitch envelope section 0-2, 3 finished
SND_STEPS  = 9      ; steps left in the section
SND_BASE   = 10     ; the note's pitch
SND_BUSY   = 11     ; OSWORD 7 is adding a note: do not start one
sound_fifth = SOUNDWS+12    ; 4..0: ticks to the next that MOS 1.20 counts durations on
sound_wait  = SOUNDWS+13    ; what this tick waits out after its work (irq.s)

; A byte to the sound chip: slow data bus out, IC32 bit 0 (sound write enable) low, then high.
sound_chip_write:
        php
        sei
        pha
        lda #$FF
        sta SYS_DDRA
        pla
        sta SYS_ORA_NH
        pha
        lda #$00
        sta SYS_ORB
        pha                         ; the chip needs 8 us with its write enable low
        pla
        pha
        pla
        lda #$08
        sta SYS_ORB
        pla
        plp
        rts

; OSWORD 7: SOUND channel, amplitude, pitch, duration (2 bytes each).  Waits while the queue is full.
sound_word:
        lda (os_x),y
        and #3
        sta zp_t0
        lda (os_x),y
        and #$10
        beq @no_flush
        ldx zp_t0
        jsr sound_flush_channel
@no_flush:
        ldy #2
        lda (os_x),y
        sta zp_t1
        ldy #4
        lda (os_x),y
        sta zp_t2
        ldy #6
        lda (os_x),y
        sta zp_t3
        ldy #1                      ; &HS: hold in bit 4 -> 2, synchronisation 0-3
        lda (os_x),y
        and #$13
        sta zp_t4
        and #$10
        beq @no_hold
        lda zp_t4
        eor #$14                    ; bit 2: hold
        sta zp_t4
@no_hold:
        jmp sound_queue_hs
; Queue a note: channel zp_t0, amplitude zp_t1, pitch zp_t2, duration zp_t3 (no hold, no sync).
sound_queue:
        lda #0
        sta zp_t4
; ... with zp_t4 = hold (bit 2) and synchronisation (bits 0-1).
sound_queue_hs:
@wait:  lda zp_t0
        clc
        adc #4
        tax
        sec
        clv
        jsr count_buffer            ; X = free bytes
        cpx #4
        bcs @room
        lda escape_flag
        bmi @done
        cli
        jmp @wait
@room:  php
        sei
        lda zp_t0
        clc
        adc #4
        tax
        lda zp_t1
        jsr insert_buffer
        lda zp_t2
        jsr insert_buffer
        lda zp_t3
        jsr insert_buffer
        lda zp_t4
        jsr insert_buffer
        plp
@done:  rts

; VDU 7: the bell, as *FX211-214 set it (channel, amplitude/envelope, pitch, duration).  Dropped if
; the channel's queue is full.
bell:   lda bell_channel
        and #3
        sta zp_t0
        lda bell_sound              ; bit 7 set: an amplitude (-15: full); else envelope bits 3-6 + 1
        bpl @envelope
        lda #$F1                    ; -15
        bne @amp
@envelope:
        lsr a
        lsr a
        lsr a
        clc
        adc #1
@amp:   sta zp_t1
        lda bell_pitch
        sta zp_t2
        lda bell_duration
        sta zp_t3
        lda zp_t0
        clc
        adc #4
        tax
        sec
        clv
        jsr count_buffer
        cpx #4
        bcc @full
        jmp sound_queue
@full:  rts

; OSWORD 8: ENVELOPE n (1-4 kept, in &08C0-&08FF) and its 13 parameters.
envelope_word:
        lda (os_x),y
        sec
        sbc #1
        and #3
        asl a
        asl a
        asl a
        asl a
        tax
        iny
@copy:  lda (os_x),y
        sta ENVELOPES,x
        inx
        iny
        cpy #14
        bne @copy
        rts

; Stop channel X and empty its queue.
sound_flush_channel:
        php
        sei
        txa
        pha
        clc
        adc #4
        tax
        bit v_flag_byte
        jsr count_buffer            ; purge
        pla
        tax
        jsr sound_stop
        plp
        rts

sound_stop_all:
        php
        sei
        ldx #3
@c:     jsr sound_stop
        dex
        bpl @c
        plp
        rts

; Silence channel X and mark it idle.
sound_stop:
        txa
        asl a
        asl a
        asl a
        asl a
        tay
        lda #0
        sta SOUNDWS+SND_STATE,y
        lda #15
        jmp set_attenuation

; Channel X's attenuation A (0 loudest, 15 off).
set_attenuation:
        sta s_tmp
        txa
        eor #3                      ; the chip's channel
        lsr a
        ror a
        ror a
        ror a
        ora #$90
        ora s_tmp
        jmp sound_chip_write

; Every centisecond, each channel.  sync_waiting+0..3 hold each idle channel's waiting S this tick.
sound_tick:
        lda buffer_read+4+0
        cmp buffer_write+4+0
        bne @queued
        lda buffer_read+4+1
        cmp buffer_write+4+1
        bne @queued
        lda buffer_read+4+2
        cmp buffer_write+4+2
        bne @queued
        lda buffer_read+4+3
        cmp buffer_write+4+3
        bne @queued
        lda SOUNDWS+SND_STATE       ; nothing playing: done at once, so that the centisecond
        ora SOUNDWS+16+SND_STATE    ; interrupt stays short (a program may run the timer far
        ora SOUNDWS+32+SND_STATE    ; faster than 100 Hz); the work above is shorter than MOS
        ora SOUNDWS+48+SND_STATE    ; 1.20's, so it waits here before the tick looks at the ADC
        bne @playing
        ldx #SOUND_IDLE_WAIT
        jsr wait_x
        nop
        nop
        ldx #T1_WAIT                ; X: what the tick waits out after (irq.s)
        rts
@playing:                           ; notes playing, none queued (the usual case, kept short)
        dec sound_fifth             ; MOS 1.20 counts durations every 5 ticks (20 ms): such a
        bpl @four                   ; tick takes it 16 cycles more a note playing
        lda #4
        sta sound_fifth
        bit irq_a
        ldx #T1_WAIT_FIFTH
        bne @count_down
@four:  ldx #T1_WAIT_SOUND
@count_down:
        stx sound_wait
        bit irq_a
        ldx #3
@play:  ldy channel_workspace,x
        lda SOUNDWS+SND_STATE,y
        beq @play_next
        jsr channel_playing
        bit irq_a
        lda sound_wait              ; its work is shorter than MOS 1.20's: the tick waits less
        sec
        sbc #SOUND_CHANNEL_WAIT
        bcc @over
        beq @over
        sta sound_wait
@over:  ldx s_t5
@play_next:
        dex
        bpl @play
        ldx sound_wait
        rts
@queued:
        ldx #3                      ; no idle channel with a note waiting: as above
@scan:  ldy channel_workspace,x
        lda SOUNDWS+SND_STATE,y
        bne @scan_next
        lda buffer_read+4,x
        cmp buffer_write+4,x
        bne @full
@scan_next:
        dex
        bpl @scan
        bmi @playing                ; (each channel with a note queued is playing)
@full:  ldx #3                      ; each idle channel's next note's S (&FF: none waiting)
@ready: jsr next_note_sync
        sta sync_waiting,x
        dex
        bpl @ready
        ldx #3
@ch:    jsr channel_tick
        ldx s_t5
        dex
        bpl @ch
        ldx #1
        rts

channel_workspace: .byte 0, 16, 32, 48    ; each channel's 16 bytes from SOUNDWS

channel_tick:
        stx s_t5                    ; the channel, for envelope_step
        txa
        asl a
        asl a
        asl a
        asl a
        tay                         ; Y = the channel's workspace
        lda SOUNDWS+SND_STATE,y
        bne channel_playing
        ; idle: start the next note if one is queued
        stx s_t5
        txa
        clc
        adc #4
        tax
        clc
        clv
        jsr count_buffer
        cpx #4
        bcs @start
        rts
@start: ldx s_t5
        lda sync_waiting,x            ; synchronised: wait for S other channels with the same S
        beq @go
        ldy #0
        ldx #3
@count: cmp sync_waiting,x
        bne @other
        iny
@other: dex
        bpl @count
        sta s_t0
        dey                         ; the others
        cpy s_t0
        ldx s_t5
        bcs @go
        rts
@go:    jmp start_note

channel_playing:                    ; channel X (workspace Y) is playing
        stx s_t5
        lda SOUNDWS+SND_DUR+1,y
        cmp #$FF
        beq @envelope               ; until flushed
        lda SOUNDWS+SND_DUR,y
        bne @dec
        lda SOUNDWS+SND_DUR+1,y
        bne @dec_hi
        ; the note is over: release with an envelope, else stop
        lda SOUNDWS+SND_ENV,y
        beq @stop
        lda #2
        sta SOUNDWS+SND_STATE,y
        bne @envelope
@dec_hi:
        sec                         ; (A: the high byte)
        sbc #1
        sta SOUNDWS+SND_DUR+1,y
        lda #0                      ; the low byte
@dec:   sec
        sbc #1
        sta SOUNDWS+SND_DUR,y
@envelope:
        lda SOUNDWS+SND_ENV,y
        beq @done
        lda SOUNDWS+SND_TIMER,y
        sec
        sbc #1
        sta SOUNDWS+SND_TIMER,y
        bne @done
        jmp envelope_step
@stop:  jmp sound_stop
@done:  rts

; A = the S of channel X's next note if the channel is idle and has one, else &FF (X kept).
next_note_sync:
        txa
        asl a
        asl a
        asl a
        asl a
        tay
        lda SOUNDWS+SND_STATE,y
        bne @none
        lda buffer_read+4,x
        cmp buffer_write+4,x
        beq @none
        clc                         ; its fourth byte
        adc #3
        and #15
        sta s_t0
        txa
        asl a
        asl a
        asl a
        asl a
        ora s_t0
        tay
        lda SOUNDBUF,y
        and #3
        rts
@none:  lda #$FF
        rts

; Take channel X's next note from its queue and start it.
start_note:
        txa
        asl a
        asl a
        asl a
        asl a
        tay                         ; Y = the channel's workspace
        stx s_t5
        sty s_t4
        txa
        clc
        adc #4
        tax
        jsr remove_buffer           ; amplitude / envelope
        sta s_t0
        jsr remove_buffer           ; pitch
        sta s_t1
        jsr remove_buffer           ; duration
        sta s_t2
        jsr remove_buffer           ; hold and synchronisation
        sta s_hold
        ldy s_t4
        ldx s_t5
        and #4
        beq @not_held
        lda SOUNDWS+SND_ENV,y       ; H: the last note's release goes on (silence without one)
        beq @held_silent
        lda #2
        bne @held_state
@held_silent:
        lda #1
@held_state:
        sta SOUNDWS+SND_STATE,y
        jmp @duration
@not_held:
        lda #1
        sta SOUNDWS+SND_STATE,y
        lda s_t1
        sta SOUNDWS+SND_PITCH,y
        sta SOUNDWS+SND_BASE,y
@duration:                          ; 1/20 s units -> centiseconds; 255 plays until flushed
        lda s_t2
        cmp #255
        bne @timed
        sta SOUNDWS+SND_DUR,y
        sta SOUNDWS+SND_DUR+1,y
        bne @dur_done
@timed: lda #0                      ; * 5
        sta s_t3
        lda s_t2
        asl a
        rol s_t3
        asl a
        rol s_t3
        clc
        adc s_t2
        sta SOUNDWS+SND_DUR,y
        lda s_t3
        adc #0
        sta SOUNDWS+SND_DUR+1,y
@dur_done:
        lda SOUNDWS+SND_STATE,y     ; a held note changes nothing else
        cmp #1
        bne @held_done
        lda s_hold
        and #4
        beq @fresh
@held_done:
        rts
@fresh: lda s_t0
        beq @quiet
        bmi @amplitude
        cmp #17
        bcs @quiet
        sta SOUNDWS+SND_ENV,y       ; an envelope: start the attack from silence
        lda #0
        sta SOUNDWS+SND_LEVEL,y
        sta SOUNDWS+SND_PHASE,y
        sta SOUNDWS+SND_SECTION,y
        lda #1
        sta SOUNDWS+SND_TIMER,y
        jsr envelope_address
        lda ENVELOPES+4,x           ; steps in pitch section 1
        ldx s_t5
        sta SOUNDWS+SND_STEPS,y
        jsr write_pitch
        jmp envelope_step
@amplitude:                         ; -15..-1: level = -amplitude * 8
        eor #$FF
        clc
        adc #1
        asl a
        asl a
        asl a
        jmp @level
@quiet: lda #0
@level: sta SOUNDWS+SND_LEVEL,y
        lda #0
        sta SOUNDWS+SND_ENV,y
        jsr write_pitch
        jmp write_level

; X = the offset of channel (Y/16)'s envelope in &08C0.
envelope_address:
        lda SOUNDWS+SND_ENV,y
        sec
        sbc #1
        and #3
        asl a
        asl a
        asl a
        asl a
        tax
        rts

; One envelope step of the channel with workspace Y (channel s_t5).  Envelope bytes (AUG OSWORD 8):
; 0 T (step length, bit 7 no pitch repeat), 1-3 PI1-3, 4-6 PN1-3, 7 AA, 8 AD, 9 AS, 10 AR, 11 ALA,
; 12 ALD.
envelope_step:
        jsr envelope_address
        lda ENVELOPES+0,x
        and #$7F
        bne @len
        lda #1
@len:   sta SOUNDWS+SND_TIMER,y
        ; amplitude
        lda SOUNDWS+SND_STATE,y
        cmp #2
        beq @release
        lda SOUNDWS+SND_PHASE,y
        beq @attack
        cmp #1
        beq @decay
        lda ENVELOPES+9,x           ; sustain
        jmp @change
@release:
        lda ENVELOPES+10,x
@change:                            ; level + change, kept within 0-126
        clc
        adc SOUNDWS+SND_LEVEL,y
        cmp #127
        bcc @set
        lda #0
        jmp @set
@attack:
        lda ENVELOPES+7,x
        sta s_t0
        lda ENVELOPES+11,x
        jmp @toward
@decay: lda ENVELOPES+8,x
        sta s_t0
        lda ENVELOPES+12,x
@toward:                            ; level moves by s_t0 toward A; there, the next phase
        sta s_t1
        lda SOUNDWS+SND_LEVEL,y
        clc
        adc s_t0
        bit s_t0
        bmi @down
        bcs @reached                ; past 255
        cmp s_t1
        bcs @reached
        bcc @set
@down:  bcc @reached                ; below 0
        cmp s_t1
        beq @reached
        bcc @reached
        bcs @set
@reached:
        lda SOUNDWS+SND_PHASE,y
        clc
        adc #1
        sta SOUNDWS+SND_PHASE,y
        lda s_t1
@set:   cmp #127
        bcc @ok
        lda #126
@ok:    sta SOUNDWS+SND_LEVEL,y
        bne @pitch
        lda SOUNDWS+SND_STATE,y     ; a release that reached silence ends the note
        cmp #2
        bne @pitch
        lda #0
        sta SOUNDWS+SND_STATE,y
@pitch: lda #0
        sta s_t1                   ; repeated once this step
@again: lda SOUNDWS+SND_SECTION,y
        cmp #3
        bcc @in_section
        lda ENVELOPES+0,x           ; all three done: repeat unless bit 7 of T
        bmi @write
        lda s_t1
        bne @write
        inc s_t1
        lda #0
        sta SOUNDWS+SND_SECTION,y
        lda SOUNDWS+SND_BASE,y
        sta SOUNDWS+SND_PITCH,y
        lda ENVELOPES+4,x
        sta SOUNDWS+SND_STEPS,y
@in_section:
        lda SOUNDWS+SND_STEPS,y
        bne @step
        lda SOUNDWS+SND_SECTION,y   ; the next section
        clc
        adc #1
        sta SOUNDWS+SND_SECTION,y
        cmp #3
        bcs @again
        jsr @section_x
        lda ENVELOPES+4,x
        jsr @restore_x
        sta SOUNDWS+SND_STEPS,y
        jmp @in_section
@step:  sec
        sbc #1
        sta SOUNDWS+SND_STEPS,y
        jsr @section_x
        lda ENVELOPES+1,x           ; PI of this section
        jsr @restore_x
        clc
        adc SOUNDWS+SND_PITCH,y
        sta SOUNDWS+SND_PITCH,y
@write: ldx s_t5
        jsr write_pitch
        jmp write_level
@section_x:                         ; X += the section number (X kept in s_t0)
        stx s_t0
        lda SOUNDWS+SND_SECTION,y
        clc
        adc s_t0
        tax
        rts
@restore_x:
        ldx s_t0
        rts

; Channel X (workspace Y): its pitch to the chip.
write_pitch:
        cpx #0
        bne @tone
        lda SOUNDWS+SND_PITCH,y     ; noise: the low 3 bits of the pitch
        and #7
        ora #$E0
        jmp sound_chip_write
@tone:  sty s_t4
        stx s_t3
        lda SOUNDWS+SND_PITCH,y
        ldx #0
@octave:                            ; X = pitch DIV 48 (the octave), A = pitch MOD 48 (the step)
        cmp #48
        bcc @step
        sbc #48
        inx
        bne @octave
@step:  tay
        lda pitch_high,y            ; the step's period in half units, halved X + 1 times
        sta s_tmp
        lda pitch_low,y
@halve: lsr s_tmp
        ror a
        dex
        bpl @halve
        adc #0                      ; rounded: plus the last bit shifted out
        bcc @rounded
        inc s_tmp
@rounded:
        ldy s_tmp
        cpy #4
        bcc @fits
        dec s_tmp                   ; 1024 and over (only pitch 0): 1023
        lda #$FF
@fits:  pha
        lsr s_tmp                   ; the period's high 6 bits (it is at most 1023)
        ror a
        lsr s_tmp
        ror a
        lsr s_tmp
        ror a
        lsr s_tmp
        ror a
        tay
        pla
        and #$0F                    ; its low 4 bits, with the channel, first
        sta s_tmp
        lda s_t3
        eor #3
        lsr a
        ror a
        ror a
        ror a
        ora #$80
        ora s_tmp
        jsr sound_chip_write
        tya
        jsr sound_chip_write
        ldx s_t3
        ldy s_t4
        rts

; Channel X (workspace Y): its level (0-126) to the chip as an attenuation, 15 - level / 8; nothing
; while *FX210 turns sound off.
write_level:
        lda sound_off
        bne @off
        lda SOUNDWS+SND_LEVEL,y
        lsr a
        lsr a
        lsr a
        eor #$0F                    ; 15 - level / 8
        jmp set_attenuation
@off:   lda #15
        jmp set_attenuation

        .include "pitch_table.s"
