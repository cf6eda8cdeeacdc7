; ---- OSFILE (FILEV): A the call, X/Y the control block (AUG "OSFILE"): +0 the name's address, +2
; load, +6 exec, +10 start (or length), +14 end (or attributes), 4 bytes each --------------------
dfs_file:
        stx z_blk
        sty z_blk+1
        pha
        ldy #17
@copy:  lda (z_blk),y
        sta w_block,y
        dey
        bpl @copy
        lda w_block
        sta z_ptr
        lda w_block+1
        sta z_ptr+1
        ldy #0
        jsr read_name
        pla
        sta z_sy                        ; the call
        cmp #$FF
        bne @not_load
        jmp file_load
@not_load:
        cmp #0
        bne @not_save
        jmp file_save
@not_save:
        cmp #7
        bcs file_exit                   ; not ours: A as it came
        jsr find_first
        bcc @found
        lda #0                          ; 1-6 of a file that is not there: A = 0
        beq file_exit
@found: lda z_sy
        cmp #5
        beq file_read_info
        cmp #6
        beq file_delete
        jsr entry_info                  ; 1-4: write load, exec and/or attributes
        lda z_sy
        cmp #3
        beq @exec
        cmp #4
        beq @attributes
        ldx #3                          ; 1 and 2: the load address
@load:  lda w_block+2,x
        sta w_load,x
        dex
        bpl @load
        lda z_sy
        cmp #2
        beq @write
@exec:  ldx #3
@e:     lda w_block+6,x
        sta w_exec,x
        dex
        bpl @e
        lda z_sy
        cmp #3
        beq @write
@attributes:
        lda w_block+14                  ; bit 3: locked (AUG, OSFILE attributes)
        and #$08
        beq @lock
        lda #$80
@lock:  sta w_locked
@write: jsr store_info
        jsr write_catalogue
        lda #1
        jmp file_exit

; 5: the file's information to the block.
file_read_info:
        jsr entry_info
        jsr info_to_block
        lda #1
file_exit:
        ldx z_blk
        ldy z_blk+1
        rts

; 6: delete it (its information to the block first).
file_delete:
        jsr check_unlocked
        jsr entry_info
        jsr info_to_block
        jsr remove_entry
        jsr write_catalogue
        lda #1
        jmp file_exit

; &FF: load it, at +2 when the byte at +6 is 0, else at its own load address.
file_load:
        jsr find_file
        jsr entry_info
        jsr report_file
        lda w_load
        ldx w_load+1
        ldy w_block+6
        bne @own
        lda w_block+2
        ldx w_block+3
@own:   sta z_addr
        stx z_addr+1
        jsr load_data
        jsr info_to_block
        lda #1
        jmp file_exit

; 0: save memory from +10 to +14 with load +2 and exec +6, over any unlocked file of that name.
file_save:
        sec
        ldx #0
@length:
        lda w_block+14,x
        sbc w_block+10,x
        sta w_length,x
        inx
        txa
        eor #4
        bne @length
        jsr find_first
        bcs @new
        jsr check_unlocked
        jsr remove_entry
@new:   jsr length_sectors
        jsr make_entry
        ldx #7
@info:  lda w_block+2,x                 ; load and exec
        sta w_info,x
        dex
        bpl @info
        lda w_free
        sta w_start
        sta z_lsec
        lda w_free+1
        sta w_start+1
        sta z_lsec+1
        lda #0
        sta w_locked
        jsr store_info
        jsr report_file
        lda w_block+10
        sta z_addr
        lda w_block+11
        sta z_addr+1
        lda #CMD_WRITE
        sta z_command
        lda w_sectors
        ldx w_sectors+1
        beq @count
        lda #255                        ; 64 KiB: 256 sectors, in two commands
        sta z_count
        jsr transfer
        lda #1
@count: sta z_count
        jsr transfer
        jsr write_catalogue
        jsr info_to_block
        lda #1
        jmp file_exit

; "File locked" when entry z_entry is.
check_unlocked:
        ldx z_entry
        lda CAT0+7,x
        bmi file_locked
        rts
file_locked:
        jsr error
        .byte $C3
        .text "Locked", 0

; The file (w_start, w_length, the drive in z_drive) into memory at z_addr, in one command a track:
; the NMI routine stores its bytes and drops the rest of the last sector, so nothing after the file
; is touched (and no buffer of ours is, which programs loading over our workspace rely on).
load_data:
        lda w_start
        sta z_lsec
        lda w_start+1
        sta z_lsec+1
        lda w_length
        sta nmi_left
        cmp #1                          ; a part sector: one more
        lda w_length+1
        sta nmi_left+1
        adc #0
        sta z_count
        lda #CMD_READ
        sta z_command
        bcc @one                        ; &FF01-&FFFF bytes: 256 sectors, in two commands
        lda #255
        sta z_count
        jsr transfer_bytes
        lda #1
        sta z_count
@one:   jmp transfer_bytes

; w_info to the block: load, exec, length, and the attributes (&08 when locked).
info_to_block:
        ldy #2
@copy:  lda w_info-2,y
        sta (z_blk),y
        iny
        cpy #14
        bne @copy
        lda w_locked
        beq @attributes
        lda #$08
@attributes:
        sta (z_blk),y
        lda #0
@zero:  iny
        sta (z_blk),y
        cpy #17
        bne @zero
        rts
