; ---- reset (AUG, "what happens on BREAK") -------------------------------------------------------

reset_entry:
        sei
        cld
        ldx #$FF
        txs
        ; The system VIA is reset only at power-on, so an interrupt enable register still holding our
        ; settings means BREAK; all clear means the power has just come on.
        lda SYS_IER
        and #$7F
        bne @was_running
        lda #1                      ; power on
        sta zp_t0
        bne @clear_memory
@was_running:
        lda #0                      ; soft BREAK, unless CTRL is held (below)
        sta zp_t0
        jsr read_links_and_modifiers
        lda zp_t2                   ; CTRL held: a hard BREAK
        beq @keep_memory
        lda #2
        sta zp_t0
        bne @fresh_variables
@clear_memory:                      ; power-on: RAM to zero where MOS 1.20 clears it (measured with
        lda #0                      ; two power-on patterns): not the language's zero page (&00-&8F:
        sta zp_ptr                  ; BASIC II's RND starts from &0D-&11), nor &90-&DF, the stack,
        ldx #$7F                    ; &037F-&03FF (the cassette workspace and the keyboard buffer)
@page:  stx zp_ptr+1                ; or the first byte of each page from &0400
        ldy #$FF
@byte:  sta (zp_ptr),y              ; bytes &FF-&01 of pages &7F down to &04
        dey
        bne @byte
        dex
        cpx #3
        bne @page
@low:   sta $0200,x                 ; X = 3 .. 255, 0 .. 2: &0200-&02FF and &0300-&037E
        cpx #$7F
        bcs @kept
        sta $0300,x
@kept:  inx
        cpx #3
        bne @low
        ldx #$E0                    ; and the MOS's zero page from &E0
@zp:    sta $00,x
        inx
        bne @zp
        lda #1
        sta zp_t0
@fresh_variables:
        jsr read_links_and_modifiers
        ; OS variables &0236-&02FF to their documented defaults
        ldx #0
@vars:  lda os_var_defaults,x
        sta $0236,x
        inx
        cpx #os_var_defaults_end - os_var_defaults
        bne @vars
        lda #0
@zero:  sta $0236,x
        inx
        cpx #$100 - $36
        bne @zero
        lda zp_t1                   ; the start-up option links (made link = set bit), stored inverted
        eor #$FF
        sta startup_options
        jsr byte18                  ; soft keys: all empty
@keep_memory:
        lda #$40                    ; RTI: NMIs do nothing until a filing system claims them (MOS
        sta $0D00                   ; 1.20 puts it there on every BREAK)
        lda zp_t3
        sta boot_shift
        lda zp_t0
        sta break_type
        ; vectors, every BREAK
        ldx #vector_defaults_end - vector_defaults - 1
@vec:   lda vector_defaults,x
        sta $0200,x
        dex
        bpl @vec
        jsr fs_init                 ; the host filing card's vectors, when it is fitted (fs.s)
        lda #0
        sta escape_flag
        sta vdu_status
        sta softkey_length
        sta key_held
        sta key_active
        sta vdu_queue_count
        ldx #8
@buf:   sta buffer_read,x
        sta buffer_write,x
        dex
        bpl @buf
        lda #$80
        sta memory_size             ; 32K
        jsr hardware_init
        ; sideways ROMs: which slots hold a ROM, and its type (AUG, "paged ROM header")
        jsr scan_roms
        ; workspace claims: absolute (1) then private (2), starting at &0E00
        lda #$0E
        sta oshwm_primary
        tay
        ldx #1
        jsr service_call_a_x        ; A=1: absolute workspace; Y = the highest page wanted
        ldx #2
        jsr service_call_a_x        ; A=2: private workspace; Y = next free page on exit
        sty oshwm_primary
        sty oshwm
        jsr font_pages_default      ; the font imploded at OSHWM
        ; the screen, in the default MODE (the links' bits 0-2, AUG *FX255)
        lda startup_options
        and #7
        jsr set_mode
        ; the banner: the memory size and a bell only after power-on or a hard BREAK (MOS 1.20)
        ldx #0
        jsr print_text
        lda break_type
        beq @soft
        ldx #banner_size_text-banner_text
        jsr print_text
@soft:
        jsr osnewl
        jsr osnewl
        ; auto-boot offer (service 3); Y=0 when SHIFT-BREAK asks for a boot
        ldy #1
        lda boot_shift
        eor startup_options         ; link 3 reverses the sense of SHIFT
        and #$08
        bne @no_boot_shift
        ldy #0
@no_boot_shift:
        ldx #3
        jsr service_call_a_x
        ; the language: the one in use before a soft BREAK, else the highest language ROM
        ldx language_rom
        lda break_type
        bne @find_language
        lda rom_types,x
        and #$40
        bne @enter
@find_language:
        ldx #15
@lang:  lda rom_types,x
        and #$40
        bne @enter
        dex
        bpl @lang
        ; no language: say so and wait (AUG: "Language?")
        brk
        .byte $F9
        .text "Language?"
        .byte 0
@enter: cli
        lda #142
        jmp osbyte                  ; enter the language (never returns)

; Read the start-up links and SHIFT/CTRL by direct keyboard testing (AUG 23.3).
; zp_t1 = links (bit 0 from column 9 up to bit 7 from column 2, set = made), zp_t2 = CTRL, zp_t3 = SHIFT
; (&08 when held).
read_links_and_modifiers:
        lda #$0F
        sta SYS_DDRB
        lda #$03                    ; IC32 bit 3 low: direct testing
        sta SYS_ORB
        lda #$7F
        sta SYS_DDRA
        lda #0
        sta zp_t1
        ldx #9
@link:  stx SYS_ORA_NH
        lda SYS_ORA_NH
        asl a
        ror zp_t1
        dex
        cpx #1
        bne @link
        lda #$01
        sta SYS_ORA_NH
        lda SYS_ORA_NH
        and #$80
        sta zp_t2
        lda #$00
        sta SYS_ORA_NH
        lda SYS_ORA_NH
        and #$80
        lsr a
        lsr a
        lsr a
        lsr a
        sta zp_t3
        lda #$0B                    ; auto-scan again
        sta SYS_ORB
        rts

; The chips: IC32, sound off, the system VIA's 100 Hz timer and interrupts, the user VIA.
hardware_init:
        lda #$0F
        sta SYS_DDRB
        ldx #$0F                    ; IC32 bits 7..0 all high (sound write off, auto-scan, LEDs off)
@latch: stx SYS_ORB
        dex
        cpx #$07
        bne @latch
        lda #$9F                    ; silence the four sound channels (attenuation 15)
        jsr sound_chip_write
        lda #$BF
        jsr sound_chip_write
        lda #$DF
        jsr sound_chip_write
        lda #$FF
        jsr sound_chip_write
        lda #$7F
        sta SYS_IER                 ; all interrupts off, flags clear
        sta SYS_IFR
        sta USR_IER
        sta USR_IFR
        lda #$40                    ; T1 free-running: the 100 Hz clock
        sta SYS_ACR
        lda #$04                    ; CA1 (VSYNC) on its falling edge (the end of the sync pulse),
                                    ; CA2 (keyboard) on its rising edge, CB1 (ADC) falling, as
                                    ; MOS 1.20 sets it (measured)
        sta SYS_PCR
        lda #<9998                  ; 10000 us a period (latch + 2)
        sta SYS_T1CL
        lda #>9998
        sta SYS_T1CH
        lda #$D3                    ; enable T1, CA1, CA2, CB1
        sta SYS_IER
        ldx #4                      ; the four ADC channels, from channel 4
        stx adc_channels
        jsr adc_start
        lda #$FF                    ; user VIA port B: inputs; printer port A outputs
        sta USR_DDRA
        lda #0
        sta USR_DDRB
        jsr update_leds
        rts

; Which slots hold a valid ROM (copyright string "\0(C)" at the offset in byte 7), and their types.
scan_roms:
        ldx #15
@slot:  jsr select_rom_x
        lda #0
        sta rom_types,x
        ldy ROM_COPYRIGHT
        lda $8000,y
        bne @next
        lda $8001,y
        cmp #'('
        bne @next
        lda $8002,y
        cmp #'C'
        bne @next
        lda $8003,y
        cmp #')'
        bne @next
        lda ROM_TYPE
        sta rom_types,x
        and #$80                    ; a language with no service entry is taken to be BASIC
        bne @next
        stx basic_rom
@next:  dex
        bpl @slot
        rts

; Page in ROM X (remembered in &F4, AUG).
select_rom_x:
        stx rom_current
        stx ROMSEL
        rts

; Offer service call A=X to every ROM with a service entry, 15 down to 0 (AUG, "service calls"):
; a ROM claims it by returning A=0.  In: X = the call, Y = its parameter.  Out: A = 0 if claimed,
; X = the claiming ROM, Y as the ROMs left it.
service_call_a_x:
        txa
service_call:
        sta svc_call
        lda rom_current
        pha
        ldx #15
@rom:   lda rom_types,x
        bpl @skip                   ; bit 7: has a service entry
        jsr select_rom_x
        lda svc_call
        jsr ROM_SERVICE
        ldx rom_current
        cmp #0
        beq @claimed
@skip:  dex
        bpl @rom
        lda svc_call
@claimed:
        stx zp_tmp+1
        tax
        pla
        sta rom_current
        sta ROMSEL
        txa
        ldx zp_tmp+1
        cmp #0
        rts

; OSRDRM: the byte at (&F6) in ROM Y.
osrdrm: ldx rom_current
        sty rom_current
        sty ROMSEL
        ldy #0
        lda (rdrm_ptr),y
        stx rom_current
        stx ROMSEL
        rts

; OSEVEN: raise event Y if it is enabled (AUG, "events"): EVNTV is entered with A = the event
; number.  C set if the event is disabled.
oseven: pha
        lda event_enables,y
        beq @off
        pla
        tya
        jmp (EVNTV)
@off:   pla
        sec
        rts

; Enter the language in ROM X (OSBYTE 142): print its title, then JMP &8000 with A=1.
enter_language:
        stx language_rom
        jsr select_rom_x
        ldx #0
@title: lda ROM_TITLE,x
        beq @titled
        jsr oswrch
        inx
        bne @title
@titled:
        jsr osnewl
        jsr osnewl
        ldx #$FF
        txs
        lda #0
        sta escape_flag
        lda #1
        cli
        jmp ROM_LANGUAGE

; ---- BRK (AUG, "BRK handling"): &FD/&FE point to the error number, the language ROM paged in ----
brk_handler:
        txa
        pha
        tsx
        lda $0103,x                 ; the return address the BRK pushed is two bytes on
        sec
        sbc #1
        sta error_ptr
        lda $0104,x
        sbc #0
        sta error_ptr+1
        lda rom_current
        sta brk_rom
        stx zp_tmp
        ldx #6                      ; service call 6: a BRK happened
        jsr service_call_a_x
        ldx language_rom
        jsr select_rom_x
        pla
        tax
        lda irq_a
        cli
        jmp (BRKV)

; The default BRK handler, used until a language sets its own: print the message and wait.
default_brk:
        jsr osnewl
        ldy #1
@msg:   lda (error_ptr),y
        beq @done
        jsr oswrch
        iny
        bne @msg
@done:  jsr osnewl
@halt:  jmp @halt

; The default for vectors nobody has claimed.
null_routine:
        rts

; NMI: nothing of ours generates one (no disc or Econet); the NMI area at &0D00 may hold a handler.
nmi_entry:
        bit $0D00                   ; &0D00 holds RTI (&40) until a filing system claims NMIs
        bvc @ours
        jmp $0D00
@ours:  rti

; ---- the filing-system vectors with no filing system ---------------------------------------------
; OSARGS A=0 Y=0 reads the filing system number: 0, "no filing system" (AUG, OSARGS).  OSFIND A=0
; (close) and OSARGS/OSBGET/OSBPUT on handle 0 have nothing to act on; everything else is an error.
fs_args:
        cmp #0
        bne no_fs_error
        cpy #0
        bne no_fs_error
        lda #0
        rts
fs_find:
        cmp #0
        bne no_fs_error
        rts
fs_fsc: cmp #2                      ; */, an unrecognised *command, *RUN, *CAT: "Bad command"
        bcc @done                   ; (AUG, FSCV A=2-5)
        cmp #6
        bcc bad_command
@done:  rts
no_fs_error:
        brk
        .byte $D6
        .text "No filing system"
        .byte 0
bad_command:
        brk
        .byte $FE
        .text "Bad command"
        .byte 0
