; Our own disc filing system for the BBC Micro: a 16 KiB sideways ROM (slot 14) driving the Intel 8271
; at &FE80 (docs/discs.md), from the documented DFS commands and disc format (Acorn DFS User Guide:
; the catalogue in sectors 0 and 1, the *commands; Advanced User Guide: service calls, the filing
; system vectors and calls, extended vectors).  It is not Acorn's code.
;
; The catalogue (sectors 0 and 1 of each side): sector 0 holds the title's first 8 characters, then
; each file's name (7 characters) and directory (bit 7: locked); sector 1 the title's last 4
; characters, the catalogue's sequence number (BCD), the file count * 8, the boot option (bits 4-5)
; and the disc's sector count (10 bits), then each file's load and execution addresses and length
; (low 16 bits), a byte of their bits 16-17 and the start sector's bits 8-9, and the start sector.
; Files are kept in descending order of start sector.  A track holds 10 sectors of 256 bytes.
;
; docs/discs.md lists what this DFS does and does not do.

        .include "defs.s"

        .org $8000
        .byte 0, 0, 0                   ; no language entry
        jmp service
        .byte $82                       ; a service entry; 6502 code
        .byte copyright - $8000
        .byte $01                       ; version
title:  .text "DFS", 0
        .text "1.00 (our own)"
copyright:
        .byte 0
        .text "(C)the project", 0

; ---- service calls (AUG "paged ROMs"): A the call, X our slot, Y its parameter --------------------
service:
        cmp #1
        beq service_workspace
        cmp #3
        beq service_boot
        cmp #4
        bne @not_command
        jmp service_command
@not_command:
        cmp #8
        bne @not_osword
        jmp service_osword
@not_osword:
        cmp #9
        bne @not_help
        jmp service_help
@not_help:
        cmp #$12
        bne @not_select
        jmp service_select
@not_select:
        rts

; 1: absolute workspace: the catalogue, our variables, the channels and their buffers (&0E00-&18FF).
service_workspace:
        cpy #WORKSPACE_END
        bcs @enough
        ldy #WORKSPACE_END
@enough:
        rts

; 3: at BREAK the discs become the filing system, our line goes under the MOS's banner (as Acorn's
; DFS puts its name there), and the call is claimed (MOS 1.20 gives the tape filing system the
; vectors when nobody claims it); with SHIFT (Y=0) drive 0's !BOOT is used as its boot option says.
service_boot:
        tya
        pha
        jsr print_inline
        .text "DFS (our own)\r\r", 0
        lda #OSBYTE_LAST_BREAK          ; *OPT 1 is kept over a soft BREAK (as Acorn's DFS keeps it)
        ldx #0
        ldy #$FF
        jsr OSBYTE
        txa
        beq @soft
        lda #0
        sta w_opt1
@soft:  jsr take_over
        pla
        bne @no_boot
        jsr boot_drive_0
@no_boot:
        ldx rom_current
        lda #0
        rts

; 4: *DISC and *DISK, (&F2),Y the command.
service_command:
        pha
        tya
        pha
        ldx #0
@letter:
        lda (text_ptr),y
        cmp #'.'
        beq @match                      ; *D. *DI. *DIS. *DISC.
        and #$DF
        cmp disc_word,x
        bne @other_k
        iny
        inx
        cpx #4
        bne @letter
        beq @end
@other_k:
        cpx #3                          ; DISK
        bne @not_ours
        cmp #'K'
        bne @not_ours
        iny
@end:   lda (text_ptr),y                ; the name must end there
        and #$DF
        cmp #'A'
        bcc @match
        cmp #'Z'+1
        bcc @not_ours
@match: cpx #1                          ; at least "D" (*D. is *DISC, as with Acorn's DFS)
        bcc @not_ours
        jsr take_over
        pla
        pla
        ldx rom_current
        lda #0
        rts
@not_ours:
        pla
        tay
        ldx rom_current
        pla
        rts
disc_word:
        .text "DISC"

; 9: *HELP names us and our keywords; *HELP DFS (or D.) and *HELP UTILS (or U.) list the commands;
; (&F2),Y the keywords.
service_help:
        pha
        tya
        pha
        lda (text_ptr),y
        cmp #' '+1
        bcs @keywords
        jsr help_title
        jsr print_inline
        .text "  DFS\r  UTILS\r", 0
        jmp @done
@keywords:
        ldx #0                          ; help_keywords,X: the keyword being tried
@keyword:
        sty z_sy
@letter:
        lda (text_ptr),y
        cmp #'.'
        beq @abbreviated
        and #$DF
        cmp help_keywords,x
        bne @next_keyword
        iny
        inx
        lda help_keywords,x
        bne @letter
        lda (text_ptr),y                ; the whole keyword: the word must end there
        cmp #' '+1
        bcc @ours
        bcs @next_keyword
@abbreviated:
        cpy z_sy                        ; D. DF. U. UT. ...: at least a letter
        beq @next_keyword
        iny
@to_end:
        lda help_keywords,x
        beq @ours
        inx
        bne @to_end
@ours:  tya
        pha
        jsr help_title
        lda help_keywords+1,x           ; the keyword's table
        pha
        lda help_keywords+2,x
        tax
        pla
        jsr list_commands
        pla
        tay
        jmp @space
@next_keyword:
        ldy z_sy
@skip:  lda help_keywords,x             ; past this keyword's name and table
        inx
        cmp #0
        bne @skip
        inx
        inx
        lda help_keywords,x
        bne @keyword
@other: lda (text_ptr),y                ; no keyword of ours: the rest of the word
        cmp #' '+1
        bcc @space
        iny
        bne @other
@space: lda (text_ptr),y
        cmp #' '
        bne @word
        iny
        bne @space
@word:  cmp #' '+1
        bcs @keywords
@done:  pla
        tay
        ldx rom_current
        pla
        rts
help_keywords:
        .text "DFS", 0
        .word dfs_commands
        .text "UTILS", 0
        .word utils_commands
        .byte 0
help_title:
        jsr print_inline
        .text "\rDFS 1.00 (our own)\r", 0
        rts

; &12: select filing system Y (4 is the disc filing system).
service_select:
        cpy #FS_NUMBER
        bne @not_ours
        jsr take_over
        ldx rom_current
        ldy #FS_NUMBER
        lda #0
@not_ours:
        rts

; ---- taking over: the filing system in use is told (FSCV 6), and our routines take FILEV-FSCV through
; the extended vectors (&FF1B + 3n, the ROM table at &0D9F + 3n: AUG "extended vectors").
take_over:
        lda #6
        jsr @fscv
        ldx #0
        ldy #EXT_FILEV - EXT_TABLE
@vector:
        lda fs_routines,x
        sta EXT_TABLE,y
        lda fs_routines+1,x
        sta EXT_TABLE+1,y
        lda rom_current
        sta EXT_TABLE+2,y
        txa
        lsr a
        sta zt0                         ; n - 9 for FILEV + 2 * (n - 9)
        asl a
        adc zt0
        adc #<(EXTENDED + 3 * 9)        ; FILEV is vector 9
        sta FILEV,x
        lda #>EXTENDED
        sta FILEV+1,x
        iny
        iny
        iny
        inx
        inx
        cpx #14
        bne @vector
        lda #0
        sta w_drive
        sta w_lib_drive
        sta w_fdc_ready
        lda #'$'
        sta w_dir
        sta w_lib_dir
        ldx #CHANNEL_SIZE * CHANNELS - CHANNEL_SIZE
@close: lda #0                          ; every channel closed
        sta CHANNELS_AT,x
        txa
        sec
        sbc #CHANNEL_SIZE
        tax
        bcs @close
        rts
@fscv:  jmp (FSCV)

fs_routines:
        .word dfs_file, dfs_args, dfs_bget, dfs_bput, dfs_gbpb, dfs_find, dfs_fscv

; SHIFT-BREAK: drive 0's boot option: 1 *LOAD !BOOT, 2 *RUN !BOOT, 3 *EXEC !BOOT.
boot_drive_0:
        lda #0
        sta z_drive
        jsr read_catalogue
        jsr boot_option
        beq @none
        tay
        ldx boot_commands_low-1,y
        lda boot_commands_high-1,y
        tay
        jmp OSCLI
@none:  rts
boot_commands_low:
        .byte <boot_load, <boot_run, <boot_exec
boot_commands_high:
        .byte >boot_load, >boot_run, >boot_exec
boot_load:
        .text "L.!BOOT", 13
boot_run:
        .text "R.!BOOT", 13
boot_exec:
        .text "E.!BOOT", 13

        .include "disc.s"
        .include "osword.s"
        .include "catalogue.s"
        .include "files.s"
        .include "channels.s"
        .include "commands.s"
        .include "many_files.s"         ; *ENABLE *DESTROY *WIPE *COMPACT *COPY *BACKUP
        .include "help_utils.s"         ; *HELP UTILS: *BUILD *DUMP *LIST *TYPE

dfs_end:
