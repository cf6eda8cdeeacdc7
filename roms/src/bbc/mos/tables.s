; ---- tables ---------------------------------------------------------------------------------------

v_flag_byte:
        .byte $40                   ; BIT this to set V

banner_text:                        ; a blank first row, as MOS 1.20's start-up screen
        .text 10, "BBC Computer ", 0
banner_size_text:                   ; after power-on or a hard BREAK only, with a bell
        .text "32K", 7, 0
help_text:
        .text "\rOS 1.20 (our own)\r", 0

; The vectors' defaults, copied to &0200 on every BREAK (&FFB7 points here, AUG).
vector_defaults:
        .word bad_command           ; USERV
        .word default_brk           ; BRKV
        .word irq1_default          ; IRQ1V
        .word irq2_default          ; IRQ2V
        .word cli_default           ; CLIV
        .word osbyte_default        ; BYTEV
        .word osword_default        ; WORDV
        .word wrch_default          ; WRCHV
        .word rdch_default          ; RDCHV
        .word no_fs_error           ; FILEV
        .word fs_args               ; ARGSV
        .word no_fs_error           ; BGETV
        .word no_fs_error           ; BPUTV
        .word no_fs_error           ; GBPBV
        .word fs_find               ; FINDV
        .word fs_fsc                ; FSCV
        .word null_routine          ; EVNTV
        .word null_routine          ; UPTV
        .word null_routine          ; NETV
        .word null_routine          ; VDUV
        .word keyv_default          ; KEYV
        .word insv_default          ; INSV
        .word remv_default          ; REMV
        .word cnpv_default          ; CNPV
        .word null_routine          ; IND1V
        .word null_routine          ; IND2V
        .word null_routine          ; IND3V
vector_defaults_end:

; OS variables &0236-&028F at power-on / CTRL-BREAK (AUG, OSBYTE &A6-&FF).
os_var_defaults:
        .word OSVARS                ; &A6 the OS variables
        .word $0D9F                 ; &A8 the extended vector ROM table
        .word rom_types             ; &AA the ROM information table
        .word key_table             ; &AC the key translation table
        .word VDUVARS               ; &AE the VDU variables
        .byte 0                     ; &B0 field counter
        .byte 0                     ; &B1 input stream: keyboard
        .byte 0                     ; &B2 keyboard semaphore (MOS 1.20's value at rest)
        .byte $0E, $0E              ; &B3, &B4 OSHWM
        .byte 1                     ; &B5 RS423 mode
        .byte 0                     ; &B6 character definitions: imploded
        .byte 0                     ; &B7 cassette/ROM switch
        .byte 0, 0                  ; &B8, &B9 video ULA copies
        .byte 0                     ; &BA ROM at the last BRK
        .byte $FF                   ; &BB BASIC's ROM (none yet)
        .byte 4, 4, 0               ; &BC-&BE ADC
        .byte $FF                   ; &BF RS423 in use
        .byte 0                     ; &C0 ACIA control copy
        .byte 25, 25, 25            ; &C1-&C3 flash counter, mark and space (fields)
        .byte 50, 8                 ; &C4, &C5 auto-repeat delay and period (cs), MOS 1.20's
        .byte 0, 0                  ; &C6, &C7 *EXEC, *SPOOL
        .byte 0                     ; &C8 ESCAPE and BREAK effect
        .byte 0                     ; &C9 keyboard enabled
        .byte $20                   ; &CA keyboard status: CAPS LOCK on
        .byte 9, 0, 0               ; &CB-&CD RS423
        .byte 0, 0, 0               ; &CE-&D0 Econet intercepts
        .byte $50                   ; &D1 speech
        .byte 0                     ; &D2 sound on
        .byte 3, $90, 100, 6        ; &D3-&D6 the bell: channel, amplitude, pitch, duration
        .byte $81                   ; &D7 start-up message and !BOOT options (MOS 1.20's)
        .byte 0, 0, 0               ; &D8-&DA soft key length, paged lines, VDU queue
        .byte 9                     ; &DB TAB
        .byte $1B                   ; &DC ESCAPE character
        .byte 1, $D0, $E0, $F0      ; &DD-&E0 codes &C0-&FF
        .byte 1, $80, $90, 0        ; &E1-&E4 codes &80-&BF: soft keys, SHIFT, CTRL, SHIFT-CTRL
        .byte 0, 0                  ; &E5 ESCAPE action, &E6 ESCAPE effects
        .byte $FF, $FF, $FF         ; &E7-&E9 IRQ masks
        .byte 0, 0                  ; &EA Tube, &EB speech
        .byte 0                     ; &EC output streams
        .byte 0                     ; &ED cursor keys: editing
        .byte 0, 0, 0               ; &EE-&F0
        .byte 0                     ; &F1 user flag
        .byte $64                   ; &F2 serial ULA copy
        .byte 0                     ; &F3 timer switch
        .byte 0                     ; &F4 soft key consistency (MOS 1.20: 0)
        .byte 1, $0A                ; &F5 printer (1: parallel, MOS 1.20's), &F6 printer ignore
        .byte 0, 0, 0               ; &F7-&F9 BREAK intercept (none)
        .byte 0, 0                  ; &FA, &FB
        .byte 0                     ; &FC language ROM
        .byte 0                     ; &FD last BREAK
        .byte $80                   ; &FE 32K
        .byte 0                     ; &FF start-up options (set from the links)
os_var_defaults_end:
        .assert os_var_defaults_end - os_var_defaults == $0290 - $0236, "the OS variables run &0236-&028F"

; Key number (&10-&7F) -> character (User Guide, keyboard; the matrix in emulator/chips/bbc_keyboard.py):
; letters as capitals, symbols unshifted, &80+n the function keys, &8B COPY, &8C-&8F the arrows
; (left, right, down, up), 0 nothing (CAPS LOCK and SHIFT LOCK are handled by number).  A row is 16
; bytes (OSBYTE &AC gives its address) but the matrix has 10 columns: the 6 bytes after each row's
; 10 hold OSBYTE &92-&97 (FRED, JIM and SHEILA read into Y and written from Y, 5 bytes each).
key_table:
        .byte 'Q', '3', '4', '5', $84, '8', $87, '-', '^', $8C
byte146:
        lda $FC00,x
        tay
        rts
        .byte 0
        .byte $80, 'W', 'E', 'T', '7', 'I', '9', '0', '_', $8E
byte147:
        tya
        sta $FC00,x
        rts
        .byte 0
        .byte '1', '2', 'D', 'R', '6', 'U', 'O', 'P', '[', $8F
byte148:
        lda $FD00,x
        tay
        rts
        .byte 0
        .byte 0, 'A', 'X', 'F', 'Y', 'J', 'K', '@', ':', 13
byte149:
        tya
        sta $FD00,x
        rts
        .byte 0
        .byte 0, 'S', 'C', 'G', 'H', 'N', 'L', ';', ']', $7F
byte150:
        lda $FE00,x
        tay
        rts
        .byte 0
        .byte 9, 'Z', ' ', 'V', 'B', 'M', ',', '.', '/', $8B
byte151:
        tya
        sta $FE00,x
        rts
        .byte 0
        .byte $1B, $81, $82, $83, $85, $86, $88, $89, '\\', $8D
        .assert * == key_table + 6 * 16 + 10, "the key table's rows are 16 bytes apart"

; The font imploded (every BREAK): &20-&7F in the ROM, &80-&FF sharing &0C00 (OSBYTE 20).
font_pages_default:
        ldx #6
@p:     lda font_pages_imploded,x
        sta font_pages,x
        dex
        bpl @p
        lda #0
        sta font_explosion
        rts
font_pages_imploded:
        .byte >$C000, >$C100, >$C200, >USERCHARS, >USERCHARS, >USERCHARS, >USERCHARS
