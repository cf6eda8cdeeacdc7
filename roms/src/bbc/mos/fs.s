; ---- our filing system: the host filing card at &FCC0 (docs/hostfs.md) -----------------------------
; At reset, when the card answers its ID register, its routines take the filing-system vectors
; FILEV-FSCV (&0212-&021F, AUG "vectors"); without a card the vectors keep "No filing system".
; The card does the filing; this code turns the documented calls (AUG: OSFILE, OSFIND, OSARGS,
; OSBGET, OSBPUT, OSGBPB, FSCV) and the star commands into card commands: RESET, the parameter bytes
; to DATA, the command number to COMMAND, then STATUS and the result from DATA.  A command that fails
; leaves its DFS error number in STATUS and its message in DATA, which become a BRK error block at
; &0100 (the bottom of the stack page, where filing systems build their errors).

FS_STATUS = $FCC0               ; read: STATUS   write: COMMAND
FS_DATA   = $FCC1
FS_RESET  = $FCC2               ; read: ID ("H")  write: RESET
FS_ID     = $FCC2

CMD_OPEN = 1
CMD_CLOSE = 2
CMD_BGET = 3
CMD_BPUT = 4
CMD_ARGS = 5
CMD_LOAD = 6
CMD_SAVE = 7
CMD_INFO = 8
CMD_SETINFO = 9
CMD_DELETE = 10
CMD_CAT = 11
CMD_INFOTEXT = 12
CMD_DRIVE = 13
CMD_NAMES = 14
CMD_RENAME = 15
CMD_DIRINFO = 16
CMD_SETDIR = 17
CMD_RUNLOAD = 18                ; LOAD, looking in the library too (for *RUN)

FS_NUMBER = 4                   ; OSARGS A=0 Y=0: we answer as DFS does (AUG, OSARGS: 4 = disc)

; zero page: &A8-&AF OS commands' workspace, &B0-&CF the filing system's (AUG, "zero page")
fs_block  = $A8                 ; 18 bytes: the star commands' OSFILE block (&A8-&B9)
fs_tail   = $A8                 ; *RUN: the command line after the name (OSARGS A=1 Y=0)
fs_blk    = $BA                 ; the caller's control block
fs_addr   = $BC                 ; memory being transferred
fs_count  = $BE                 ; bytes left to transfer
fs_op     = $C0                 ; the call's A
fs_sx     = $C1
fs_sy     = $C2
fs_info   = $C3                 ; 13 bytes: load, exec, length (4 each), attributes
fs_num    = $C3                 ; a hexadecimal number from a command line (4 bytes)
fs_flag   = $CF                 ; bit 7: an unrecognised command is being run as a file

fs_init:
        lda FS_ID
        cmp #'H'
        bne @none
        ldx #fs_vectors_end - fs_vectors - 1
@copy:  lda fs_vectors,x
        sta FILEV,x
        dex
        bpl @copy
@none:  rts

fs_vectors:
        .word hfs_file, hfs_args, hfs_bget, hfs_bput, hfs_gbpb, hfs_find, hfs_fscv
fs_vectors_end:

; ---- talking to the card ----

; Run command A; a failure becomes a BRK error with the card's number and message.
fs_command:
        sta FS_STATUS
        lda FS_STATUS
        bne fs_error
        rts
fs_error:                           ; A: the card's STATUS
        sta $0101
        lda #0                      ; BRK
        sta $0100
        ldx #0
@msg:   lda FS_DATA
        sta $0102,x
        beq @go
        inx
        bne @msg
@go:    jmp $0100

; The name at X/Y (leading spaces, quotes and |-codes as GSREAD reads them) to the card, ending CR.
fs_put_name:
        stx text_ptr
        sty text_ptr+1
        ldy #0
; ... or the name at (text_ptr),Y; on exit Y is past it.
fs_put_name_y:
        clc                         ; a space ends the name
        jsr gsinit
@char:  jsr gsread
        bcs @end
        sta FS_DATA
        bcc @char
@end:   lda #13
        sta FS_DATA
        rts

; X bytes of the control block from offset Y to the card.
fs_put_block:
        lda (fs_blk),y
        sta FS_DATA
        iny
        dex
        bne fs_put_block
        rts

; X bytes of the result into the control block from offset Y.
fs_get_block:
        lda FS_DATA
        sta (fs_blk),y
        iny
        dex
        bne fs_get_block
        rts

; RESET, then the control block's name (its address is the block's first two bytes).
fs_reset_block_name:
        sta FS_RESET
fs_block_name:
        ldy #0
        lda (fs_blk),y
        tax
        iny
        lda (fs_blk),y
        tay
        jmp fs_put_name

; fs_count bytes between the card's DATA and memory at fs_addr: in (C clear) or out (C set).
fs_transfer:
        ldy #0
        ldx fs_count+1
        beq @part
@page:  jsr @byte
        bne @page
        inc fs_addr+1
        dex
        bne @page
@part:  ldx fs_count
        beq @done
@last:  jsr @byte
        dex
        bne @last
@done:  rts
@byte:  bcs @out
        lda FS_DATA
        sta (fs_addr),y
        iny
        rts
@out:   lda (fs_addr),y
        sta FS_DATA
        iny
        rts

; The 13 bytes of a file's information (after LOAD or INFO) into fs_info.
fs_get_info:
        ldx #0
@b:     lda FS_DATA
        sta fs_info,x
        inx
        cpx #13
        bne @b
        rts

; ---- OSFILE (AUG): A = the action, X/Y the control block -------------------------------------------
hfs_file:
        stx fs_blk
        sty fs_blk+1
        sta fs_op
        cmp #0
        beq file_save
        cmp #5
        beq file_info
        bcc file_setinfo
        cmp #6
        bne @not_delete
        jmp file_delete
@not_delete:
        cmp #$FF
        bne file_exit
        jmp file_load
file_exit:
        ldx fs_blk
        ldy fs_blk+1
        rts

; A=0: save memory from the start address (+10) to the end (+14), with load (+2) and exec (+6).
file_save:
        jsr fs_reset_block_name
        ldy #2
        ldx #8
        jsr fs_put_block            ; load, exec
        ldy #10
        lda (fs_blk),y
        sta fs_addr
        ldy #14
        sec
        sbc (fs_blk),y
        eor #$FF                    ; end - start = -(start - end) = (start - end) EOR &FF + 1
        sta fs_count
        ldy #11
        lda (fs_blk),y
        sta fs_addr+1
        ldy #15
        sbc (fs_blk),y
        eor #$FF
        sta fs_count+1
        inc fs_count
        bne @n
        inc fs_count+1
@n:     sec
        jsr fs_transfer
        lda #CMD_SAVE
        jsr fs_command
        lda #1
        bne file_exit

; A=1-4: write the catalogue information (1 all, 2 load, 3 exec, 4 attributes).
file_setinfo:
        sta FS_RESET
        sta FS_DATA
        jsr fs_block_name
        ldy #2
        ldx #8
        jsr fs_put_block
        ldy #14
        ldx #1
        jsr fs_put_block
        lda #CMD_SETINFO
        jsr fs_command
        lda FS_DATA
        jmp file_exit

; A=5: read the catalogue information into the block; A = 1 file, 0 nothing there.
file_info:
        jsr file_read_info
        jmp file_exit
file_read_info:
        jsr fs_reset_block_name
        lda #CMD_INFO
        jsr fs_command
        lda FS_DATA
        pha
        ldy #2
        ldx #13
        jsr fs_get_block
        lda #0
        sta (fs_blk),y              ; +15..+17: the attributes' high bytes
        iny
        sta (fs_blk),y
        iny
        sta (fs_blk),y
        pla
        rts

; A=6: delete, with the file's information in the block.
file_delete:
        jsr file_read_info
        bne @there
        jmp file_exit
@there:
        jsr fs_reset_block_name
        lda #CMD_DELETE
        jsr fs_command
        lda FS_DATA
        jmp file_exit

; A=&FF: load, at the block's address (+2) when +6 is 0, else at the file's own.
file_load:
        jsr fs_reset_block_name
        lda #CMD_LOAD
        jsr fs_command
        jsr fs_get_info
        ldy #6
        lda (fs_blk),y
        bne @own
        ldy #2
        lda (fs_blk),y
        sta fs_addr
        iny
        lda (fs_blk),y
        sta fs_addr+1
        jmp @go
@own:   lda fs_info
        sta fs_addr
        lda fs_info+1
        sta fs_addr+1
@go:    jsr fs_load_data
        ldy #2                      ; the file's information into the block
        ldx #0
@info:  lda fs_info,x
        sta (fs_blk),y
        iny
        inx
        cpx #13
        bne @info
        lda #1
        jmp file_exit

; The loaded file's bytes (length fs_info+8) to fs_addr.
fs_load_data:
        lda fs_info+8
        sta fs_count
        lda fs_info+9
        sta fs_count+1
        clc
        jmp fs_transfer

; ---- OSFIND: A=0 close handle Y (0: all); A=&40/&80/&C0 open the name at X/Y ----------------------
hfs_find:
        stx fs_sx
        sty fs_sy
        sta FS_RESET
        cmp #0
        bne @open
        sty FS_DATA
        lda #CMD_CLOSE
        jsr fs_command
        lda #0
        beq fs_restore_xy
@open:  sta FS_DATA
        jsr fs_put_name
        lda #CMD_OPEN
        jsr fs_command
        lda FS_DATA                 ; the handle, 0 when not found
fs_restore_xy:
        ldx fs_sx
        ldy fs_sy
        rts

; ---- OSBGET: the byte of handle Y in A, C set at the end of the file (A = &FE) ---------------------
hfs_bget:
        sta FS_RESET
        sty FS_DATA
        lda #CMD_BGET
        jsr fs_command
        lda FS_DATA
        pha
        lda FS_DATA                 ; &FF: already at the end
        cmp #1
        pla
        bcc @ok
        lda #$FE
@ok:    rts

; ---- OSBPUT: byte A to handle Y -------------------------------------------------------------------
hfs_bput:
        sta FS_RESET
        sty FS_DATA
        sta FS_DATA
        pha
        lda #CMD_BPUT
        jsr fs_command
        pla
        rts

; ---- OSARGS: Y=0: A=0 the filing system, A=1 the command line's tail; else handle Y with the
; 4 bytes at X: A=0 read PTR, 1 write PTR, 2 read EXT, 3 write EXT (&FF: nothing to flush) --------
hfs_args:
        cpy #0
        bne @file
        cmp #1
        bcc @number
        bne @done
        lda fs_tail
        sta 0,x
        lda fs_tail+1
        sta 1,x
        lda #$FF
        sta 2,x
        sta 3,x
        lda #1
@done:  rts
@number:
        lda #FS_NUMBER
        rts
@file:  cmp #4
        bcs @done
        sta fs_op
        stx fs_sx
        sty fs_sy
        sta FS_RESET
        sty FS_DATA
        sta FS_DATA
        ldy #4
@out:   lda 0,x
        sta FS_DATA
        inx
        dey
        bne @out
        lda #CMD_ARGS
        jsr fs_command
        ldx fs_sx
        ldy #4
@in:    lda FS_DATA
        sta 0,x
        inx
        dey
        bne @in
        lda fs_op
        jmp fs_restore_xy

; ---- OSGBPB (AUG): A=1/2 write, 3/4 read (1 and 3 at the block's PTR), 5-7 read the title, the
; current directory, the library; 8 read names ----------------------------------------------------
; Block: +0 handle, +1 address, +5 count, +9 PTR.  On exit address, count and PTR are brought up to
; date and C is set when not everything was transferred.
hfs_gbpb:
        stx fs_blk
        sty fs_blk+1
        sta fs_op
        cmp #8
        bne @not_names
        jmp gbpb_names
@not_names:
        cmp #5
        bcc @bytes
        cmp #8
        bcs @none
        jmp gbpb_info
@none:  jmp file_exit
@bytes: ldy #1
        jsr gbpb_pointers
        lda fs_op
        lsr a
        bcc @loop                   ; 2 and 4 use the current PTR
        lda #1
        jsr gbpb_args               ; PTR from the block
@loop:  lda fs_count
        ora fs_count+1
        beq @end
        ldy #0
        sta FS_RESET
        lda (fs_blk),y
        sta FS_DATA
        lda fs_op
        cmp #3
        bcs @read
        lda (fs_addr),y
        sta FS_DATA
        lda #CMD_BPUT
        jsr fs_command
        jmp @next
@read:  lda #CMD_BGET
        jsr fs_command
        lda FS_DATA
        ldx FS_DATA
        bne @end                    ; at the end of the file
        sta (fs_addr),y
@next:  jsr gbpb_step
        jmp @loop
@end:   lda #0
        jsr gbpb_args               ; PTR into the block
gbpb_done:
        ldy #1
        lda fs_addr
        sta (fs_blk),y
        iny
        lda fs_addr+1
        sta (fs_blk),y
        ldy #5
        lda fs_count
        sta (fs_blk),y
        iny
        lda fs_count+1
        sta (fs_blk),y
        ora fs_count
        cmp #1                      ; C set when bytes are left
        lda #0
        jmp file_exit

; fs_addr and fs_count from the block (+1, +5).
gbpb_pointers:
        lda (fs_blk),y
        sta fs_addr
        iny
        lda (fs_blk),y
        sta fs_addr+1
        ldy #5
        lda (fs_blk),y
        sta fs_count
        iny
        lda (fs_blk),y
        sta fs_count+1
        rts

gbpb_step:
        inc fs_addr
        bne gbpb_count_down
        inc fs_addr+1
gbpb_count_down:
        lda fs_count
        bne @c
        dec fs_count+1
@c:     dec fs_count
        rts

; ARGS op A (0 read PTR, 1 write PTR) between the card and the block's PTR (+9).
gbpb_args:
        pha
        sta FS_RESET
        ldy #0
        lda (fs_blk),y
        sta FS_DATA
        pla
        sta FS_DATA
        ldy #9
        ldx #4
        jsr fs_put_block
        lda #CMD_ARGS
        jsr fs_command
        ldy #9
        ldx #4
        jmp fs_get_block

; A=5: title length, title, boot option, drive; 6 and 7: the current directory's / the library's
; drive and directory, each a length and its characters (AUG, OSGBPB), at the block's address (+1).
gbpb_info:
        sta FS_RESET
        sta FS_DATA
        lda #CMD_DIRINFO
        jsr fs_command
        ldy #1
        jsr gbpb_pointers
        ldy #0
        jsr @string
        lda fs_op
        cmp #5
        bne @second
        ldx #2                      ; the boot option and the drive
        jsr @bytes
        beq @done
@second:
        jsr @string                 ; the directory
@done:  clc
        lda #0
        jmp file_exit
@string:
        lda FS_DATA
        sta (fs_addr),y
        iny
        tax
        beq @end
@bytes: lda FS_DATA
        sta (fs_addr),y
        iny
        dex
        bne @bytes
@end:   rts

; A=8: names from the current directory, +9 counting them (the card's NAMES index).
gbpb_names:
        ldy #1
        jsr gbpb_pointers
@name:  lda fs_count
        ora fs_count+1
        beq @finish
        sta FS_RESET
        ldy #9
        lda (fs_blk),y
        sta FS_DATA
        lda #CMD_NAMES
        jsr fs_command
        ldx FS_DATA
        beq @finish
        ldy #0
        txa
@char:  sta (fs_addr),y
        iny
        lda FS_DATA
        dex
        bpl @char
        tya
        clc
        adc fs_addr
        sta fs_addr
        bcc @n
        inc fs_addr+1
@n:     ldy #9
        lda (fs_blk),y
        clc
        adc #1
        sta (fs_blk),y
        jsr gbpb_count_down
        jmp @name
@finish:
        jmp gbpb_done

; ---- FSCV (AUG): 0 *OPT, 1 EOF of handle X, 2 */, 3 an unrecognised *command, 4 *RUN, 5 *CAT,
; 7 the range of handles; X/Y the command line's text where there is one ------------------------
hfs_fscv:
        cmp #1
        beq fsc_eof
        cmp #7
        beq @handles
        cmp #6
        bcs @done                   ; 6 (another filing system), 8 (*command coming): nothing to do
        cmp #2
        bcc @done                   ; *OPT: no options
        stx text_ptr
        sty text_ptr+1
        ldy #0
        sty fs_flag
        cmp #3
        beq fs_star
        cmp #5
        bne @run
        jmp hfs_cat
@run:   jmp star_run                ; 2 and 4
@handles:
        ldx #$11                    ; the card's handles &11-&15, as DFS's
        ldy #$15
@done:  rts

; X = &FF at the end of file X, else 0.
fsc_eof:
        sty fs_sy
        sta FS_RESET
        stx FS_DATA
        lda #4
        sta FS_DATA
        ldy #4
@z:     sta FS_DATA                 ; (the value is not used)
        dey
        bne @z
        lda #CMD_ARGS
        jsr fs_command
        ldx FS_DATA
        ldy fs_sy
        rts

; An unrecognised command at (text_ptr): one of ours, else a file to run ("Bad command" if there is
; no such file), as DFS does.  */name runs the name.
fs_star:
        ldx #0
@command:
        ldy #0
        lda fs_commands,x
        beq @not_ours
@letter:
        lda fs_commands,x
        beq @whole
        lda (text_ptr),y
        cmp #'.'
        beq @abbreviated
        and #$DF
        cmp fs_commands,x
        bne @skip
        inx
        iny
        bne @letter
@abbreviated:
        iny
@to_end:
        lda fs_commands,x
        beq @found
        inx
        bne @to_end
@whole: lda (text_ptr),y            ; a letter after the name: another word
        and #$DF
        cmp #'A'
        bcc @found
        cmp #'Z'+1
        bcc @next
@found: lda fs_commands+2,x
        pha
        lda fs_commands+1,x
        pha
        jmp skip_spaces
@skip:  lda fs_commands,x
        beq @next
        inx
        bne @skip
@next:  inx
        inx
        inx
        bne @command
@not_ours:
        dec fs_flag                 ; &FF: not found is "Bad command"
        lda (text_ptr),y
        cmp #'/'
        bne @run
        iny
@run:   jmp star_run

fs_commands:                        ; (*CAT, *LOAD, *SAVE, *RUN are the MOS's: oscli.s)
        .text "ACCESS", 0
        .word star_access-1
        .text "DELETE", 0
        .word star_delete-1
        .text "DIR", 0
        .word star_dir-1
        .text "DRIVE", 0
        .word star_drive-1
        .text "INFO", 0
        .word star_info-1
        .text "LIB", 0
        .word star_lib-1
        .text "RENAME", 0
        .word star_rename-1
        .byte 0

; *DIR [[:drive.]dir], *LIB [[:drive.]dir]: which (0 / 1), then the rest of the line, to the card.
star_dir:
        lda #0
        .byte $2C                   ; BIT abs: skip the next LDA
star_lib:
        lda #1
        sta FS_RESET
        sta FS_DATA
        lda #CMD_SETDIR
        bne fs_line_command

; *CAT [drive] (FSCV 5), *DRIVE drive: the rest of the line to the card.
hfs_cat:
        lda #CMD_CAT
        .byte $2C                   ; BIT abs: skip the next LDA
star_drive:
        lda #CMD_DRIVE
        sta FS_RESET
fs_line_command:
        pha
        jsr skip_spaces
@copy:  lda (text_ptr),y
        sta FS_DATA
        iny
        cmp #13
        bne @copy
        pla
fs_command_print:
        jsr fs_command
@print: lda FS_DATA
        beq @done
        jsr osasci
        jmp @print
@done:  rts

; *INFO name (wild cards allowed)
star_info:
        sta FS_RESET
        jsr fs_put_name_y
        lda #CMD_INFOTEXT
        bne fs_command_print

; *RENAME old new: both names to the card.
star_rename:
        sta FS_RESET
        jsr fs_put_name_y
        jsr fs_put_name_y
        lda #CMD_RENAME
        jmp fs_command

; *ACCESS name [L]: lock (L) or unlock the file, through OSFILE 4 (the attributes at +14).
star_access:
        jsr star_block_name
        jsr skip_spaces
        and #$DF
        ldx #0
        cmp #'L'
        bne @set
        ldx #8                      ; attribute bit 3: locked
@set:   stx fs_block+14
        lda #4
        bne star_must_exist

; *DELETE name
star_delete:
        jsr star_block_name
        lda #6
star_must_exist:                    ; OSFILE A; "File not found" when it answers 0
        jsr star_osfile
        cmp #0
        bne star_done
file_not_found:
        brk
        .byte $D6
        .text "File not found"
        .byte 0
star_done:
        rts

; *LOAD name [address]
star_load:
        jsr star_block_name
        jsr fs_read_hex
        lda #$FF
        bcs @own
        ldx #2
        jsr star_put_number
        lda #0
@own:   sta fs_block+6
        lda #$FF
star_osfile:
        ldx #<fs_block
        ldy #>fs_block
        jmp (FILEV)

; *SAVE name start end|+length [exec [reload]]
star_save:
        jsr star_block_name
        jsr fs_read_hex
        bcs @bad
        ldx #10
        jsr star_put_number         ; start
        ldx #2
        jsr star_put_number         ; reload: the start unless given
        ldx #6
        jsr star_put_number         ; exec: the start unless given
        jsr skip_spaces
        cmp #'+'
        php
        bne @end
        iny
@end:   jsr fs_read_hex
        bcs @bad
        plp
        bne @got_end
        ldx #0                      ; end = start + length
        clc
@add:   lda fs_num,x
        adc fs_block+10,x
        sta fs_num,x
        inx
        txa
        eor #4
        bne @add
@got_end:
        ldx #14
        jsr star_put_number
        jsr fs_read_hex
        bcs @save
        ldx #6
        jsr star_put_number
        jsr fs_read_hex
        bcs @save
        ldx #2
        jsr star_put_number
@save:  lda #0
        beq star_osfile
@bad:   jmp bad_command

; The name at (text_ptr),Y into the command block; Y past it.
star_block_name:
        tya
        clc
        adc text_ptr
        sta fs_block
        lda text_ptr+1
        adc #0
        sta fs_block+1
        clc
        jsr gsinit
@skip:  jsr gsread
        bcc @skip
        rts

; fs_num to the command block at +X.
star_put_number:
        sty fs_sx
        ldy #0
@b:     lda fs_num,y
        sta fs_block,x
        inx
        iny
        cpy #4
        bne @b
        ldy fs_sx
        rts

; A hexadecimal number at (text_ptr),Y into fs_num; C set when there is none.
fs_read_hex:
        jsr skip_spaces
        ldx #3
        lda #0
@clear: sta fs_num,x
        dex
        bpl @clear
        sec                         ; none yet
        php
@digit: lda (text_ptr),y
        cmp #'0'
        bcc @end
        cmp #'9'+1
        bcc @value
        and #$DF
        cmp #'A'
        bcc @end
        cmp #'F'+1
        bcs @end
        sbc #'A'-'9'-2              ; (carry clear) 'A' -> '9'+1
@value: and #$0F
        ldx #4                      ; fs_num = fs_num * 16 + digit
@shift: asl fs_num
        rol fs_num+1
        rol fs_num+2
        rol fs_num+3
        dex
        bne @shift
        ora fs_num
        sta fs_num
        plp
        clc
        php
        iny
        bne @digit
@end:   plp
        rts

; *RUN name [tail], */name, and an unrecognised command: load the file at its own address and
; jump to its execution address.
star_run:
        sta FS_RESET
        jsr fs_put_name_y
        jsr skip_spaces
        tya
        clc
        adc text_ptr
        sta fs_tail
        lda text_ptr+1
        adc #0
        sta fs_tail+1
        lda #CMD_RUNLOAD
        sta FS_STATUS
        lda FS_STATUS
        beq @found
        bit fs_flag
        bpl @error
        cmp #$D6
        bne @error
        jmp bad_command
@error: jmp fs_error
@found: jsr fs_get_info
        lda fs_info+4               ; no execution address (&FFFFFFFF: a file with no .inf)
        and fs_info+5
        and fs_info+6
        and fs_info+7
        cmp #$FF
        bne @run
        brk
        .byte $93                   ; DFS's "Won't" (&93 as we know it: not found in the reference corpus)
        .text "Won't"
        .byte 0
@run:   lda fs_info
        sta fs_addr
        lda fs_info+1
        sta fs_addr+1
        jsr fs_load_data
        jmp (fs_info+4)
