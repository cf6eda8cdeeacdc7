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

        .include "reset.s"
        .include "irq.s"
        .include "vdu.s"
        .include "graphics.s"
        .include "keyboard.s"
        .include "osbyte.s"
        .include "osword.s"
        .include "oscli.s"
        .include "fs.s"
        .include "sound.s"
        .include "tables.s"

mos_end:
        .assert mos_end <= $FF00, "the MOS code overruns the entry points"

; ---- documented entry points (AUG, "operating system calls") ---------------------------------------
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
