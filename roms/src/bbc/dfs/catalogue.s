; ---- the catalogue: reading and writing it, names, finding files, their information --------------

; Drive z_drive's catalogue (sectors 0 and 1) into CAT0 and CAT1, or back to the disc with its
; sequence number one more (BCD).  Once the drive is ready (wait_ready); the catalogue read last is
; kept until the drive is seen not ready, *DRIVE, *DISC, BREAK or an error, as Acorn's DFS 1.20 keeps
; it (measured: one drive status command, and no catalogue read, before each further load).
read_catalogue:
        jsr wait_ready
        lda z_drive
        cmp w_cat_drive
        beq kept
        lda #CMD_READ
catalogue_transfer:
        sta z_command
        jsr forget_catalogue            ; until it is all there (a fault may stop it half way)
        jsr catalogue_sectors
        lda z_drive
        sta w_cat_drive
kept:   rts
catalogue_sectors:
        lda #0
        sta z_lsec
        sta z_lsec+1
        sta z_addr
        lda #>CAT0
        sta z_addr+1
        lda #2
        sta z_count
        jmp transfer
write_catalogue:
        php
        sei                             ; no interrupt code runs in decimal mode
        sed
        lda CAT1+4
        clc
        adc #1
        sta CAT1+4
        cld
        plp
        lda #CMD_WRITE
        bne catalogue_transfer

; ---- names: [:drive.][directory.]name, up to 7 characters; "# and *" wild when z_wild is set ----

; The name at (z_ptr),Y into w_name (padded with spaces), w_name_dir and w_name_drive; Y past it.
read_name:
        lda #' '
        ldx #6
@pad:   sta w_name,x
        dex
        bpl @pad
        lda w_dir
        sta w_name_dir
        lda w_drive
        sta w_name_drive
        jsr skip_spaces
        ldx #0
        stx zt1                         ; in quotes
        cmp #'"'
        bne @drive
        dec zt1
        iny
@drive: jsr read_drive_prefix
        iny                             ; a directory: one character and "."
        lda (z_ptr),y
        dey
        cmp #'.'
        bne @name
        lda (z_ptr),y
        sta w_name_dir
        iny
        iny
@name:  lda (z_ptr),y
        cmp #' '+1
        bcc @end
        cmp #'"'
        beq @quote
        cpx #7
        bcs bad_name
        cmp #'.'
        beq bad_name
        sta w_name,x
        inx
        iny
        bne @name
@quote: iny
@end:   cpx #0
        beq bad_name
        rts
bad_name:
        jsr error
        .byte $CC
        .text "Bad name", 0

; ":d." at (z_ptr),Y: drive d to w_name_drive, Y past it.
read_drive_prefix:
        lda (z_ptr),y
        cmp #':'
        bne @none
        iny
        lda (z_ptr),y
        jsr drive_digit
        sta w_name_drive
        iny
        lda (z_ptr),y
        cmp #'.'
        bne @none
        iny
@none:  rts

; A = a drive number from its digit ("Bad drive" unless 0-3).
drive_digit:
        sec
        sbc #'0'
        cmp #4
        bcs bad_drive
        rts
bad_drive:
        jsr error
        .byte $CD
        .text "Bad drive", 0

; Y past spaces at (z_ptr),Y; A the character there.
skip_spaces:
        lda (z_ptr),y
        cmp #' '
        bne @done
        iny
        bne skip_spaces
@done:  rts

; ---- finding files ----

; The catalogue of w_name_drive, and the first file matching the name: z_entry, C clear; C set when
; there is none.
find_first:
        lda w_name_drive
        sta z_drive
        jsr read_catalogue
        lda #0
        sta z_entry
; The next matching file after z_entry.
find_next:
        lda z_entry
        clc
        adc #8
        bcs @none                       ; past the 31st entry
        sta z_entry
        lda CAT1+5                      ; the last entry's offset is the file count * 8
        cmp z_entry
        bcc @none
        jsr match_entry
        bne find_next
        clc
        rts
@none:  sec
        rts

; The named file (no wild cards): z_entry, or "File not found".
find_file:
        jsr find_first
        bcs file_not_found
        rts
file_not_found:
        jsr error
        .byte $D6
        .text "Not found", 0            ; (Acorn's DFS's words, as its screens show)

; Z set when entry z_entry matches w_name and w_name_dir ("#" one character, "*" the rest).
match_entry:
        ldx z_entry
        lda CAT0+7,x
        and #$7F
        ldy w_name_dir
        jsr match_character
        bne @done
        stx zt3                         ; the entry's next character
        ldx #0
@char:  lda w_name,x
        cmp #'*'
        beq @done                       ; Z set: the rest matches
        tay
        stx zt0
        ldx zt3
        lda CAT0,x
        jsr match_character
        bne @done
        inc zt3
        ldx zt0
        inx
        cpx #7
        bne @char
        lda #0
@done:  rts

; Z set when catalogue character A matches name character Y (letters in either case).
match_character:
        cpy #'#'
        beq @any
        cpy #'*'
        beq @any
        jsr upper
        sta zt2
        tya
        jsr upper
        cmp zt2
        rts
@any:   cmp #' '                        ; "#" is one character, not the end of the name
        beq @no
        lda #0
        rts
@no:    lda #1
        rts

upper:  cmp #'a'
        bcc @done
        cmp #'z'+1
        bcs @done
        and #$DF
@done:  rts

; ---- a file's information: w_load, w_exec, w_length (4 bytes each), w_start (2), w_locked --------
; Bits 16-17 of each address are in one byte (+6 of the entry's second half); 3 there means the I/O
; processor's &FFFFxxxx.

entry_info:
        ldx z_entry
        lda CAT0+7,x
        and #$80
        sta w_locked
        lda CAT1+0,x
        sta w_load
        lda CAT1+1,x
        sta w_load+1
        lda CAT1+2,x
        sta w_exec
        lda CAT1+3,x
        sta w_exec+1
        lda CAT1+4,x
        sta w_length
        lda CAT1+5,x
        sta w_length+1
        lda CAT1+7,x
        sta w_start
        lda CAT1+6,x
        pha
        and #3
        sta w_start+1
        pla
        lsr a
        lsr a
        pha
        ldx #w_load + 2 - w_info
        jsr high_bits
        pla
        lsr a
        lsr a
        pha
        and #3
        sta w_length+2
        lda #0
        sta w_length+3
        pla
        lsr a
        lsr a
        ldx #w_exec + 2 - w_info
; Bits 16-17 (A AND 3) to w_info+X and +X+1.
high_bits:
        and #3
        cmp #3
        bne @low
        lda #$FF
@low:   sta w_info,x
        cmp #$FF
        beq @high
        lda #0
@high:  sta w_info+1,x
        rts

; w_info back into entry z_entry (the name is not changed).
store_info:
        ldx z_entry
        lda w_load
        sta CAT1+0,x
        lda w_load+1
        sta CAT1+1,x
        lda w_exec
        sta CAT1+2,x
        lda w_exec+1
        sta CAT1+3,x
        lda w_length
        sta CAT1+4,x
        lda w_length+1
        sta CAT1+5,x
        lda w_start
        sta CAT1+7,x
        lda w_exec+2                    ; bits 7-6 exec, 5-4 length, 3-2 load, 1-0 start sector
        and #3
        sta zt0
        lda w_length+2
        jsr @two
        lda w_load+2
        jsr @two
        lda w_start+1
        jsr @two
        sta CAT1+6,x
        lda CAT0+7,x
        and #$7F
        ora w_locked
        sta CAT0+7,x
        rts
@two:   and #3
        asl zt0
        asl zt0
        ora zt0
        sta zt0
        rts

; A = the catalogue's boot option (bits 5-4 of sector 1's byte 6), Z set for 0.
boot_option:
        lda CAT1+6
        lsr a
        lsr a
        lsr a
        lsr a
        and #3
        rts

; The file's sectors: its length rounded up to 256 bytes, in w_sectors.
length_sectors:
        lda w_length+1
        sta w_sectors
        lda w_length+2
        sta w_sectors+1
        lda w_length
        beq @whole
        inc w_sectors
        bne @whole
        inc w_sectors+1
@whole: rts

; ---- changing the catalogue ----

; Entry z_entry out of the catalogue (the ones after it move up).
remove_entry:
        ldx z_entry
@move:  cpx CAT1+5
        bcs @last
        lda CAT0+8,x
        sta CAT0,x
        lda CAT1+8,x
        sta CAT1,x
        inx
        bne @move
@last:  lda CAT1+5
        sec
        sbc #8
        sta CAT1+5
        rts

; A new entry for w_name (7 characters and the directory) of w_sectors sectors, in the first space
; that holds it counting from the catalogue up, as Acorn's DFS places files (a deleted file's space
; is used again): w_free its first sector, z_entry its offset (kept in descending order of start
; sector; its information is for the caller to store).  "Cat full" with 31 files already, "Disk
; full" when no space is big enough.
make_entry:
        lda CAT1+5
        cmp #31 * 8
        bcc @room
        jsr error
        .byte $BE
        .text "Cat full", 0             ; (Acorn's DFS's words)
@room:  sta z_entry                     ; the lowest file first
        lda #2                          ; the space from w_free on: after the catalogue, then
        sta w_free                      ; after each file in turn
        lda #0
        sta w_free+1
@space: lda w_free                      ; zt0/zt1: where the new file would end
        clc
        adc w_sectors
        sta zt0
        lda w_free+1
        adc w_sectors+1
        sta zt1
        ldx z_entry
        beq @top                        ; above the highest file: up to the disc's end
        lda CAT1+6,x                    ; zt2/zt3: the next file's start sector
        and #3
        sta zt3
        lda CAT1+7,x
        sta zt2
        jsr @fits
        bcs @insert
        lda CAT1+6,x                    ; w_free past that file (bits 5-4: its length's 17-16)
        lsr a
        lsr a
        lsr a
        lsr a
        and #3
        sta zt1
        lda CAT1+4,x                    ; C set when the length has a part sector
        cmp #1
        lda CAT1+5,x
        adc zt2
        sta w_free
        lda zt1
        adc zt3
        sta w_free+1
        txa
        sec
        sbc #8
        sta z_entry
        jmp @space
@top:   lda CAT1+7                      ; the disc's sectors
        sta zt2
        lda CAT1+6
        and #3
        sta zt3
        jsr @fits
        bcs @insert
        jmp disc_full
@insert:                                ; at z_entry + 8: the entries from there move down by 8
        lda z_entry
        clc
        adc #8
        sta zt0
        lda CAT1+5
        adc #7
        tax                             ; the last byte of the last entry
@move:  cpx zt0
        bcc @placed
        lda CAT0,x
        sta CAT0+8,x
        lda CAT1,x
        sta CAT1+8,x
        dex
        bne @move
@placed:
        lda CAT1+5
        clc
        adc #8
        sta CAT1+5
        ldx zt0
        stx z_entry
        ldy #0
@name:  lda w_name,y                    ; the name, its directory
        sta CAT0,x
        inx
        iny
        cpy #8
        bne @name
        rts
@fits:  lda zt2                         ; C set when zt0/zt1 <= zt2/zt3
        cmp zt0
        lda zt3
        sbc zt1
        rts

disc_full:
        jsr error
        .byte $C6
        .text "Disk full", 0

; ---- errors and text ----

; A BRK error from the bytes after the JSR (number, message, 0), copied to &0100 for the language
; to read with its own ROM paged in.
error:  jsr forget_catalogue            ; it may have been changed and not written
        pla
        sta z_ptr
        pla
        sta z_ptr+1
        ldy #0
        sty ERROR_BLOCK                 ; BRK
@copy:  iny
        lda (z_ptr),y
        sta ERROR_BLOCK,y
        bne @copy
        jmp ERROR_BLOCK

; The text after the JSR, to its 0, through OSASCI.
print_inline:
        pla
        sta zt2
        pla
        sta zt3
        ldy #0
@next:  inc zt2
        bne @same
        inc zt3
@same:  lda (zt2),y
        beq @end
        jsr OSASCI
        jmp @next
@end:   lda zt3
        pha
        lda zt2
        pha
        rts

; A as two hexadecimal digits (X and Y kept).
print_hex:
        jsr hex_pair
        jsr OSWRCH
        lda w_hex_low
        jmp OSWRCH

; A as two hexadecimal digits into ERROR_BLOCK,X on (X moves past them).
put_hex:
        jsr hex_pair
        sta ERROR_BLOCK,x
        inx
        lda w_hex_low
        sta ERROR_BLOCK,x
        inx
        rts

; A's two hexadecimal digits: the first in A, the second in w_hex_low.
hex_pair:
        pha
        jsr hex_digit
        sta w_hex_low
        pla
        lsr a
        lsr a
        lsr a
        lsr a
; The low four bits of A as a hexadecimal digit.
hex_digit:
        and #$0F
        cmp #10
        bcc @number
        adc #'A'-'9'-2
@number:
        adc #'0'
        rts

print_space:
        lda #' '
        jmp OSWRCH
