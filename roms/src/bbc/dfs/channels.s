; ---- open files: OSFIND, OSBGET, OSBPUT, OSARGS, OSGBPB and EOF (AUG) ----------------------------
; Five channels, handles &11-&15, each with a sector buffer.  OPENOUT makes a file of 64 sectors
; (its catalogue length until it is closed, so that nothing is put after it into that space).

NEW_FILE_SECTORS = 64
w_mode = W + 7                          ; OSFIND: the mode being opened
w_closing = W + $54                     ; close_all / flush_all: bit 7 set to close

; OSFIND: A=0 close handle Y (0: every file); &40 open for reading, &80 for writing (a new file),
; &C0 for both; X/Y the name.  A = the handle, 0 when the file is not there (&40, &C0).
dfs_find:
        stx z_sx
        sty z_sy
        and #$C0
        bne @open
        tya
        beq @all
        jsr channel_of_y
        jsr close_channel
        jmp find_exit
@all:   jsr close_all
        jmp find_exit
@open:  sta w_mode                         ; the mode
        stx z_ptr
        sty z_ptr+1
        ldy #0
        jsr read_name
        ldx #0                          ; a closed channel
@free:  lda CHANNELS_AT+CH_MODE,x
        beq @got
        jsr next_channel
        bcc @free
        jsr error
        .byte $C0
        .text "Too many open files", 0
@got:   stx z_chan
        jsr find_first
        ror zt2                         ; bit 7: not there
        lda w_mode
        cmp #$80
        beq @create
        bit zt2
        bpl @found
        lda #0                          ; not there: handle 0
        jmp find_exit_a
@found: jsr check_not_open
        jsr entry_info
        jsr length_sectors
        lda w_locked                    ; a locked file may be opened for update, not written
        beq @channel
        lda #MODE_LOCKED
        ora w_mode
        sta w_mode
        jmp @channel
@create:
        bit zt2
        bmi @new
        jsr check_unlocked
        jsr check_not_open
        jsr remove_entry
@new:   lda #NEW_FILE_SECTORS
        sta w_sectors
        ldx #0
        stx w_sectors+1
        jsr make_entry
        ldx #14
        lda #0
@zero:  sta w_info,x                    ; load, exec, length 0; unlocked
        dex
        bpl @zero
        lda #NEW_FILE_SECTORS           ; the catalogue's length: all of its space
        sta w_length+1
        lda w_free
        sta w_start
        lda w_free+1
        sta w_start+1
        jsr store_info
        jsr write_catalogue
        lda #0                          ; the channel's extent: nothing yet
        sta w_length+1
@channel:
        ldx z_chan
        lda w_mode
        sta CHANNELS_AT+CH_MODE,x
        lda w_name_drive
        sta CHANNELS_AT+CH_DRIVE,x
        ldy #0
@name:  lda w_name,y
        sta CHANNELS_AT+CH_NAME,x
        inx
        iny
        cpy #8
        bne @name
        ldx z_chan
        lda #0
        sta CHANNELS_AT+CH_PTR,x
        sta CHANNELS_AT+CH_PTR+1,x
        sta CHANNELS_AT+CH_PTR+2,x
        sta CHANNELS_AT+CH_DIRTY,x
        sta CHANNELS_AT+CH_GROWN,x
        lda #$FF
        sta CHANNELS_AT+CH_BUFFERED,x
        sta CHANNELS_AT+CH_BUFFERED+1,x
        lda w_length
        sta CHANNELS_AT+CH_EXT,x
        lda w_length+1
        sta CHANNELS_AT+CH_EXT+1,x
        lda w_length+2
        sta CHANNELS_AT+CH_EXT+2,x
        lda w_start
        sta CHANNELS_AT+CH_START,x
        lda w_start+1
        sta CHANNELS_AT+CH_START+1,x
        lda w_sectors
        sta CHANNELS_AT+CH_SPACE,x
        lda w_sectors+1
        sta CHANNELS_AT+CH_SPACE+1,x
        txa                             ; the handle: &11 + offset / 32
        lsr a
        lsr a
        lsr a
        lsr a
        lsr a
        clc
        adc #FIRST_HANDLE
find_exit_a:
        ldx z_sx
        ldy z_sy
        rts
find_exit:
        lda #0
        beq find_exit_a

; "Open" when the file named in w_name is open already and either that channel or the one being
; opened (w_mode) may write: a file may be open many times for reading only (as Acorn's DFS allows).
check_not_open:
        ldx #0
@each:  stx zt3
        lda CHANNELS_AT+CH_MODE,x
        beq @next
        ora w_mode
        bpl @next                       ; both for reading only
        lda CHANNELS_AT+CH_DRIVE,x
        cmp w_name_drive
        bne @next
        ldy #0
@char:  lda CHANNELS_AT+CH_NAME,x       ; letters in either case
        jsr upper
        sta zt2
        lda w_name,y
        jsr upper
        cmp zt2
        bne @next
        inx
        iny
        cpy #8
        bne @char
        jsr error
        .byte $C2
        .text "Open", 0
@next:  ldx zt3
        jsr next_channel
        bcc @each
        rts

; X on to the next channel's offset: C clear while there is one.
next_channel:
        txa
        clc
        adc #CHANNEL_SIZE
        tax
        cmp #CHANNEL_SIZE * CHANNELS
        rts

; Handle Y's channel: z_chan and X its offset ("Channel" when it is not open).
channel_of_y:
        tya
        sec
        sbc #FIRST_HANDLE
        cmp #CHANNELS
        bcs bad_channel
        asl a
        asl a
        asl a
        asl a
        asl a
        tax
        stx z_chan
        lda CHANNELS_AT+CH_MODE,x
        beq bad_channel
        rts
bad_channel:
        jsr error
        .byte $DE
        .text "Channel", 0

; Every open file closed (its buffer written, its length put in the catalogue), the MOS's *EXEC and
; *SPOOL among them (its handles for them cleared with OSBYTE &C6 and &C7, as Acorn's DFS leaves
; them: a !BOOT that says CLOSE#0 goes on from the keyboard); or (flush_all) just its buffer written.
close_all:
        lda #OSBYTE_EXEC_HANDLE
        jsr forget_mos_handle
        lda #OSBYTE_SPOOL_HANDLE
        jsr forget_mos_handle
        sec
        .byte $24                       ; BIT zp: skip the CLC
flush_all:
        clc
        ror w_closing                   ; bit 7: close
        ldx #0
@each:  stx z_chan
        lda CHANNELS_AT+CH_MODE,x
        beq @next
        bit w_closing
        bpl @flush
        jsr close_channel
        jmp @next
@flush: jsr flush_channel
@next:  ldx z_chan
        jsr next_channel
        bcc @each
        rts

; OSBYTE A (one of the MOS's variables) written with 0: the value becomes (value AND Y) EOR X.
forget_mos_handle:
        ldx #0
        ldy #0
        jmp OSBYTE

; Channel z_chan: its buffer written; a file open for writing gets its extent as its length.
close_channel:
        jsr flush_channel
        ldx z_chan
        lda CHANNELS_AT+CH_MODE,x
        bpl @closed                     ; read only
        lda CHANNELS_AT+CH_DRIVE,x
        sta w_name_drive
        ldy #0
@name:  lda CHANNELS_AT+CH_NAME,x
        sta w_name,y
        inx
        iny
        cpy #8
        bne @name
        jsr find_first
        bcs @closed                     ; gone (another disc): nothing to write
        jsr entry_info
        ldx z_chan
        lda CHANNELS_AT+CH_EXT,x
        sta w_length
        lda CHANNELS_AT+CH_EXT+1,x
        sta w_length+1
        lda CHANNELS_AT+CH_EXT+2,x
        sta w_length+2
        jsr store_info
        jsr write_catalogue
@closed:
        ldx z_chan
        lda #0
        sta CHANNELS_AT+CH_MODE,x
        rts

; Channel z_chan's buffer to the disc if it holds bytes not written yet.
flush_channel:
        ldx z_chan
        lda CHANNELS_AT+CH_DIRTY,x
        beq @clean
        lda #0
        sta CHANNELS_AT+CH_DIRTY,x
        lda #CMD_WRITE
        jsr buffer_transfer
@clean: rts

; The sector holding channel z_chan's PTR into its buffer (the one there written first if need be).
sector_in_buffer:
        ldx z_chan
        lda CHANNELS_AT+CH_PTR+1,x
        clc
        adc CHANNELS_AT+CH_START,x
        sta zt0
        lda CHANNELS_AT+CH_PTR+2,x
        adc CHANNELS_AT+CH_START+1,x
        sta zt1
        lda zt0
        cmp CHANNELS_AT+CH_BUFFERED,x
        bne @other
        lda zt1
        cmp CHANNELS_AT+CH_BUFFERED+1,x
        beq @there
@other: lda zt0
        pha
        lda zt1
        pha
        jsr flush_channel
        ldx z_chan
        pla
        sta CHANNELS_AT+CH_BUFFERED+1,x
        pla
        sta CHANNELS_AT+CH_BUFFERED,x
        lda #CMD_READ
        jsr buffer_transfer
@there: ldx z_chan
        rts

; Channel z_chan's buffered sector in (CMD_READ) or out (CMD_WRITE).
buffer_transfer:
        sta z_command
        jsr buffer_pointer
        lda CHANNELS_AT+CH_DRIVE,x
        sta z_drive
        lda CHANNELS_AT+CH_BUFFERED,x
        sta z_lsec
        lda CHANNELS_AT+CH_BUFFERED+1,x
        sta z_lsec+1
        lda #1
        sta z_count
        jmp transfer

; The buffer's address for channel z_chan in z_addr, X = z_chan and Y = PTR's low byte.
buffer_pointer:
        ldx z_chan
        lda #0
        sta z_addr
        txa
        lsr a
        lsr a
        lsr a
        lsr a
        lsr a
        adc #>BUFFERS
        sta z_addr+1
        ldy CHANNELS_AT+CH_PTR,x
        rts

; C set when channel X's PTR has reached its extent.
at_end:
        lda CHANNELS_AT+CH_PTR,x
        cmp CHANNELS_AT+CH_EXT,x
        lda CHANNELS_AT+CH_PTR+1,x
        sbc CHANNELS_AT+CH_EXT+1,x
        lda CHANNELS_AT+CH_PTR+2,x
        sbc CHANNELS_AT+CH_EXT+2,x
        rts

; PTR of channel X one on.
next_ptr:
        inc CHANNELS_AT+CH_PTR,x
        bne @done
        inc CHANNELS_AT+CH_PTR+1,x
        bne @done
        inc CHANNELS_AT+CH_PTR+2,x
@done:  rts

; OSBGET: the next byte of handle Y in A, C clear; C set and A=&FE at the end of the file.
dfs_bget:
        stx z_sx
        sty z_sy
        jsr channel_of_y
        jsr at_end
        lda #$FE
        bcs @exit
        jsr sector_in_buffer
        jsr buffer_pointer
        lda (z_addr),y
        jsr next_ptr
        clc
@exit:  ldx z_sx
        ldy z_sy
        rts

; OSBPUT: byte A to handle Y, at PTR; the extent grows with it, into the free space after the file
; ("Can't extend" where the next file starts, as with Acorn's DFS).
dfs_bput:
        stx z_sx
        sty z_sy
        pha
        jsr channel_of_y
        lda CHANNELS_AT+CH_MODE,x
        bmi @writable
        jmp read_only
@writable:
        and #MODE_LOCKED
        beq @unlocked
        jmp file_locked
@unlocked:
        jsr ptr_in_space                ; its sector within the file must be in its space
        bcc @room
        jsr extend_space
        jsr ptr_in_space
        bcc @room
        jmp cant_extend
@room:  jsr sector_in_buffer
        jsr buffer_pointer
        pla
        pha
        sta (z_addr),y
        lda #1
        sta CHANNELS_AT+CH_DIRTY,x
        jsr next_ptr
        jsr at_end
        bcc @within
        jsr ext_from_ptr                ; past the end: the extent is PTR
@within:
        pla
        ldx z_sx
        ldy z_sy
        rts

; EOF of handle X (FSCV 1): X = &FF at the end, else 0.
file_eof:
        sty z_sy
        txa
        tay
        jsr channel_of_y
        jsr at_end
        ldx #0
        bcc @not
        dex
@not:   ldy z_sy
        rts

; OSARGS: Y=0: A=0 the filing system's number (4), A=1 the address of the last *RUN's command tail
; (to zero page at X), A=&FF every buffer written.  Y a handle: A=0 read PTR, 1 write PTR, 2 read
; EXT (zero page at X, 4 bytes), &FF its buffer written.
dfs_args:
        stx z_sx
        sty z_sy
        cpy #0
        bne @handle
        cmp #0
        bne @not_number
        lda #FS_NUMBER
        rts
@not_number:
        cmp #1
        bne @flush_all
        lda w_tail
        sta 0,x
        lda w_tail+1
        sta 1,x
        lda #$FF                        ; in the I/O processor
        sta 2,x
        sta 3,x
        lda #1
        rts
@flush_all:
        cmp #$FF
        bne @exit
        pha
        jsr flush_all
        pla
        jmp @exit
@handle:
        pha
        jsr channel_of_y
        pla
        pha
        cmp #$FF
        beq @flush
        ldy z_sx                        ; the zero page block
        cmp #1
        beq @write_ptr
        ldx z_chan
        cmp #0
        beq @read
        cmp #2
        bne @done
        inx                             ; EXT is 3 bytes after PTR
        inx
        inx
@read:  lda CHANNELS_AT+CH_PTR,x
        sta 0,y
        lda CHANNELS_AT+CH_PTR+1,x
        sta 1,y
        lda CHANNELS_AT+CH_PTR+2,x
        sta 2,y
        lda #0
        sta 3,y
        beq @done
@write_ptr:
        ldx z_chan
        lda CHANNELS_AT+CH_EXT,x        ; C clear: past EXT
        cmp 0,y
        lda CHANNELS_AT+CH_EXT+1,x
        sbc 1,y
        lda CHANNELS_AT+CH_EXT+2,x
        sbc 2,y
        lda 0,y
        sta CHANNELS_AT+CH_PTR,x
        lda 1,y
        sta CHANNELS_AT+CH_PTR+1,x
        lda 2,y
        sta CHANNELS_AT+CH_PTR+2,x
        bcs @done
        jsr extend_to_ptr
        jmp @done
@flush: jsr flush_channel
@done:  pla
@exit:  ldx z_sx
        ldy z_sy
        rts

; OSGBPB (AUG): A=1/2 write bytes (1 at the block's PTR), 3/4 read (3 at the block's PTR); the block at
; X/Y: +0 handle, +1 address, +5 count, +9 PTR, brought up to date; C set when a read met the end of
; the file.  5-8 read the catalogue (gbpb_catalogue).  Other calls: C set, nothing changed.
dfs_gbpb:
        stx z_blk
        sty z_blk+1
        sta w_gbpb                      ; the call (X is in z_blk)
        cmp #9
        bcs @refused
        cmp #5
        bcc @file
        jmp gbpb_catalogue
@file:  cmp #1
        bcs @transfer
@refused:
        sec
        lda w_gbpb
        ldx z_blk
        ldy z_blk+1
        rts
@transfer:
        ldy #0
        lda (z_blk),y
        sta w_gbpb+1                    ; the handle
        tay
        jsr channel_of_y
        lda w_gbpb
        cmp #2
        beq @go
        cmp #4
        beq @go
        ldy #9                          ; 1 and 3: from the block's PTR
@ptr:   lda (z_blk),y
        sta CHANNELS_AT+CH_PTR,x
        inx
        iny
        cpy #12
        bne @ptr
@go:    jsr gbpb_count_zero             ; the count, while it is not 0
        clc
        beq @finished
        jsr gbpb_address
        ldy w_gbpb+1
        lda w_gbpb
        cmp #3
        bcs @read
        ldy #0
        lda (zt2),y
        ldy w_gbpb+1
        jsr dfs_bput
        jmp @moved
@read:  jsr dfs_bget
        bcs @finished                   ; the end of the file: C set
        ldy #0
        sta (zt2),y
@moved: ldy #1                          ; address + 1, count - 1
        lda #1
        clc
        adc (z_blk),y
        sta (z_blk),y
        iny
        lda (z_blk),y
        adc #0
        sta (z_blk),y
        jsr gbpb_count_down
        jmp @go
@finished:
        php
        lda w_gbpb+1                        ; the block's PTR from the channel's
        tay
        jsr channel_of_y
        ldy #9
@out:   lda CHANNELS_AT+CH_PTR,x
        sta (z_blk),y
        inx
        iny
        cpy #12
        bne @out
        lda #0
        sta (z_blk),y
        plp
        lda w_gbpb
        ldx z_blk
        ldy z_blk+1
        rts

; The block's data address (+1) to zt2/zt3.
gbpb_address:
        ldy #1
        lda (z_blk),y
        sta zt2
        iny
        lda (z_blk),y
        sta zt3
        rts

; Channel z_chan's EXT set to its PTR.
ext_from_ptr:
        ldx z_chan
        ldy #2
@byte:  lda CHANNELS_AT+CH_PTR,x
        sta CHANNELS_AT+CH_EXT,x
        inx
        dey
        bpl @byte
        rts

; PTR set past EXT (channel z_chan): a file open for reading only is "Read only"; one open for
; writing grows to PTR (into the free space after it, as OSBPUT grows it), or to the end of its
; space and "Can't extend" (Acorn's DFS's errors and extent).
extend_to_ptr:
        ldx z_chan
        lda CHANNELS_AT+CH_MODE,x
        bpl read_only
        jsr ptr_in_space
        bcc ext_from_ptr
        jsr extend_space
        jsr ptr_in_space
        bcc ext_from_ptr
        lda #0                          ; EXT: the end of its space
        sta CHANNELS_AT+CH_EXT,x
        lda CHANNELS_AT+CH_SPACE,x
        sta CHANNELS_AT+CH_EXT+1,x
        lda CHANNELS_AT+CH_SPACE+1,x
        sta CHANNELS_AT+CH_EXT+2,x
cant_extend:
        jsr error
        .byte $BF
        .text "Can't extend", 0
read_only:
        jsr error
        .byte $C1
        .text "Read only", 0

; C clear when channel z_chan's PTR is in a sector of its space.
ptr_in_space:
        ldx z_chan
        lda CHANNELS_AT+CH_PTR+1,x
        cmp CHANNELS_AT+CH_SPACE,x
        lda CHANNELS_AT+CH_PTR+2,x
        sbc CHANNELS_AT+CH_SPACE+1,x
        rts

; Channel z_chan's space up to the first sector of the next file on the disc, or to the disc's end.
extend_space:
        ldx z_chan
        lda CHANNELS_AT+CH_DRIVE,x
        sta z_drive
        jsr read_catalogue
        lda CAT1+7                      ; zt0/zt1: the limit so far, the disc's end
        sta zt0
        lda CAT1+6
        and #3
        sta zt1
        ldy CAT1+5
@file:  beq @limit
        lda CAT1+7,y                    ; zt2/zt3: the file's first sector
        sta zt2
        lda CAT1+6,y
        and #3
        sta zt3
        ldx z_chan
        lda CHANNELS_AT+CH_START,x      ; after ours?
        cmp zt2
        lda CHANNELS_AT+CH_START+1,x
        sbc zt3
        bcs @next
        lda zt2                         ; before the limit?
        cmp zt0
        lda zt3
        sbc zt1
        bcs @next
        lda zt2
        sta zt0
        lda zt3
        sta zt1
@next:  tya
        sec
        sbc #8
        tay
        jmp @file
@limit: ldx z_chan
        lda zt0
        sec
        sbc CHANNELS_AT+CH_START,x
        sta CHANNELS_AT+CH_SPACE,x
        lda zt1
        sbc CHANNELS_AT+CH_START+1,x
        sta CHANNELS_AT+CH_SPACE+1,x
        rts

; Z set when the block's count (+5, 4 bytes) is 0.
gbpb_count_zero:
        ldy #5
        lda (z_blk),y
        iny
        ora (z_blk),y
        iny
        ora (z_blk),y
        iny
        ora (z_blk),y
        rts

; The block's count one less.
gbpb_count_down:
        ldy #4
@byte:  iny
        lda (z_blk),y
        sec
        sbc #1
        sta (z_blk),y
        bcc @byte                       ; it was 0: one from the next byte too
        rts

; OSGBPB 5-8 (AUG), the data at the block's +1: 5 the current drive's title (12, then its 12
; characters), boot option and drive number; 6 the current drive and directory, 7 the library's (1
; and a digit, 1 and a character); 8 the names in the current directory (7 and 7 characters each), at
; most +5 of them, from the catalogue offset at +9: +0 gets the catalogue's sequence number, +1, +5
; and +9 move on, C set when the catalogue ended first.  A is 0 on return (as Acorn's DFS leaves it).
gbpb_catalogue:
        jsr gbpb_address
        lda w_gbpb
        cmp #8
        beq gbpb_names
        cmp #5
        beq @title
        ldx #w_drive - W                ; 6: the current directory, 7: the library
        cmp #6
        beq @directory
        ldx #w_lib_drive - W
@directory:
        ldy #0
        lda #1
        sta (zt2),y
        iny
        lda W,x
        ora #'0'
        sta (zt2),y
        iny
        lda #1
        sta (zt2),y
        iny
        lda W+1,x
        sta (zt2),y
        jmp gbpb_catalogue_done
@title: jsr current_catalogue
        ldy #0
        lda #12
        sta (zt2),y
        ldx #0
@char:  cpx #8
        bcs @second
        lda CAT0,x
        bcc @put
@second:
        lda CAT1-8,x
@put:   iny
        sta (zt2),y
        inx
        cpx #12
        bne @char
        jsr boot_option
        iny
        sta (zt2),y
        lda w_drive
        iny
        sta (zt2),y
gbpb_catalogue_done:
        clc
gbpb_catalogue_exit:
        ldx z_blk
        ldy z_blk+1
        lda #0
        rts

gbpb_names:
        jsr gbpb_count_zero             ; none asked for: nothing at all
        beq gbpb_catalogue_done
        jsr current_catalogue
        ldy #0
        lda CAT1+4
        sta (z_blk),y
        ldy #9
        lda (z_blk),y
        sta z_entry
@next:  lda z_entry
        cmp CAT1+5
        bcs @ended
        adc #8
        sta z_entry
        tax
        lda CAT0+7,x
        and #$7F
        cmp w_dir
        bne @next
        ldy #0
        lda #7
        sta (zt2),y
@name:  lda CAT0,x
        iny
        sta (zt2),y
        inx
        cpy #7
        bne @name
        lda zt2
        clc
        adc #8
        sta zt2
        bcc @same
        inc zt3
@same:  jsr gbpb_count_down
        jsr gbpb_count_zero
        bne @next
        clc
@ended: php
        ldy #9
        lda z_entry
        sta (z_blk),y
        ldy #1
        lda zt2
        sta (z_blk),y
        iny
        lda zt3
        sta (z_blk),y
        plp
        jmp gbpb_catalogue_exit
