; Our own MOS for the BBC Micro Model B, 16 KiB at &C000.
;
; Written from the documented behaviour of Acorn's MOS 1.20 (BBC Microcomputer User Guide, Advanced
; User Guide "AUG", BeebWiki), keeping its documented addresses: the vectors at &0200-&0235, the OS
; variables that OSBYTE &A6-&FF read and write at &0236-&028F, the ROM type table at &02A1, the VDU
; variables at &0300, the keyboard buffer at &03E0, the entry points at &FFB9-&FFF7, and the OS's
; zero page (&D0-&FF).  The language's zero page (&00-&8F) is never touched after reset.
; docs/bbc_mos.md describes what is implemented and the OSBYTE/OSWORD table.

        .include "defs.s"

        .org $C000
        .include "font.s"           ; characters &20-&7F, 8 bytes each (AUG: the font is at &C000)
        ; The font ends on a page boundary (&C300), so the interrupt paths, whose cycles are MOS
        ; 1.20's (irq.s), start there: where their branches cross pages cannot move with other code.
        .assert * == $C300, "the font no longer ends at &C300: irq.s's page crossings would move"
        .include "irq.s"
        .include "reset.s"
        .include "vdu.s"
        .include "fs.s"             ; these three fill the space below &E0A4
        .include "oscli.s"
        .include "osword.s"
wrch_gap:                           ; free space (counted with the free bytes at the end)
        .assert * <= $E0A4, "the code below OSWRCH's routine runs past &E0A4"
        .fill $E0A4 - *, $FF
        .include "wrch.s"           ; at &E0A4, MOS 1.20's WRCHV default
        .include "graphics.s"
        .include "keyboard.s"
        .include "osbyte.s"
        .include "sound.s"
        .include "tables.s"

mos_end:
        .assert mos_end <= $FC00, "the MOS code runs into the I/O pages (FRED, JIM, SHEILA: &FC00-&FEFF)"

; ---- extended vectors (AUG, "extended vectors"): a sideways ROM points vector n (&0200 + 2n) at
; &FF00 + 3n and puts the routine's address and its ROM number at &0D9F + 3n.  The entry pages that
; ROM in and enters the routine with A, X, Y and the flags as they came; its RTS comes back here,
; where the ROM paged in before is paged in again.
        .org $FF00
ext_entries:
        jsr ext_vector              ; &FF00: vector &0200
        jsr ext_vector              ; &FF03: vector &0202
        jsr ext_vector              ; &FF06: vector &0204
        jsr ext_vector              ; &FF09: vector &0206
        jsr ext_vector              ; &FF0C: vector &0208
        jsr ext_vector              ; &FF0F: vector &020A
        jsr ext_vector              ; &FF12: vector &020C
        jsr ext_vector              ; &FF15: vector &020E
        jsr ext_vector              ; &FF18: vector &0210
        jsr ext_vector              ; &FF1B: vector &0212
        jsr ext_vector              ; &FF1E: vector &0214
        jsr ext_vector              ; &FF21: vector &0216
        jsr ext_vector              ; &FF24: vector &0218
        jsr ext_vector              ; &FF27: vector &021A
        jsr ext_vector              ; &FF2A: vector &021C
        jsr ext_vector              ; &FF2D: vector &021E
        jsr ext_vector              ; &FF30: vector &0220
        jsr ext_vector              ; &FF33: vector &0222
        jsr ext_vector              ; &FF36: vector &0224
        jsr ext_vector              ; &FF39: vector &0226
        jsr ext_vector              ; &FF3C: vector &0228
        jsr ext_vector              ; &FF3F: vector &022A
        jsr ext_vector              ; &FF42: vector &022C
        jsr ext_vector              ; &FF45: vector &022E
        jsr ext_vector              ; &FF48: vector &0230
        jsr ext_vector              ; &FF4B: vector &0232
        jsr ext_vector              ; &FF4E: vector &0234
        .assert * == $FF51, "the extended vector entries end at &FF51"
ext_vector:                         ; the stack: the entry's return address (&FF00 + 3n + 2)
        pha                         ; three places for the routine's address and our return
        pha
        pha
        php
        pha
        txa
        pha
        tya
        pha
        tsx                         ; &0101+X: Y, X, A, P, -, -, -, 3n+2, &FF
        lda $0108,x
        tay
        lda $0D9D,y                 ; the routine, for RTI with the flags it came with
        sta $0105,x
        lda $0D9E,y
        sta $0106,x
        lda #<(ext_return-1)        ; its RTS comes back to ext_return
        sta $0107,x
        lda #>(ext_return-1)
        sta $0108,x
        lda rom_current             ; which ROM to page in again
        sta $0109,x
        lda $0D9F,y
        sta rom_current
        sta ROMSEL
        pla
        tay
        pla
        tax
        pla
        rti
ext_return:
        php
        pha
        txa
        pha
        tsx                         ; &0101+X: X, A, P, the ROM
        lda $0104,x
        sta rom_current
        sta ROMSEL
        lda $0103,x                 ; X, A, P one place down over it
        sta $0104,x
        lda $0102,x
        sta $0103,x
        lda $0101,x
        sta $0102,x
        pla
        pla
        tax
        pla
        plp
        rts

; ---- documented entry points (AUG, "operating system calls") ---------------------------------------
        .assert * <= $FFB6, "the extended vector code overruns the entry points"
        .org $FFB6
        .byte vector_defaults_end - vector_defaults     ; &FFB6: length of the default vector table
        .word vector_defaults                           ; &FFB7: its address
        jmp osrdrm                  ; &FFB9 OSRDRM
        jmp vdu_char_entry          ; &FFBC VDUCHR
        jmp oseven                  ; &FFBF OSEVEN
        jmp gsinit                  ; &FFC2 GSINIT
        jmp gsread                  ; &FFC5 GSREAD
        jmp rdch_default            ; &FFC8 NVRDCH
        jmp wrch_default            ; &FFCB NVWRCH
        jmp (FINDV)                 ; &FFCE OSFIND
        jmp (GBPBV)                 ; &FFD1 OSGBPB
        jmp (BPUTV)                 ; &FFD4 OSBPUT
        jmp (BGETV)                 ; &FFD7 OSBGET
        jmp (ARGSV)                 ; &FFDA OSARGS
        jmp (FILEV)                 ; &FFDD OSFILE
osrdch: jmp (RDCHV)                 ; &FFE0 OSRDCH
osasci: cmp #13                     ; &FFE3 OSASCI: CR becomes a newline
        bne oswrch
osnewl: lda #10                     ; &FFE7 OSNEWL
        jsr oswrch
        lda #13                     ; &FFEC
oswrch: jmp (WRCHV)                 ; &FFEE OSWRCH
osword: jmp (WORDV)                 ; &FFF1 OSWORD
osbyte: jmp (BYTEV)                 ; &FFF4 OSBYTE
oscli:  jmp (CLIV)                  ; &FFF7 OSCLI
        .word nmi_entry, reset_entry, irq_entry
