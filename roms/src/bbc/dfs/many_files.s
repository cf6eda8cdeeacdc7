; ---- the commands that copy, move and remove many files: *ENABLE, *DESTROY, *WIPE, *COMPACT, *COPY,
; *BACKUP (Acorn DFS User Guide; their prompts and messages are the words Acorn's DFS prints).
; *BACKUP, *COPY and *COMPACT carry the sectors through the memory free for programs (OSHWM to
; HIMEM), as the guide warns: a program in memory is lost.

; *ENABLE: the next command does not ask "Go (Y/N) ?" first.
star_enable:
        lda #1
        sta w_enable
        rts

; *DESTROY afsp: the unlocked files that match are listed, and deleted on a second "Go".
star_destroy:
        sty z_sy
        jsr go_unless_enabled
        ldy z_sy
        jsr need_argument
        jsr read_name
        jsr find_first
        bcc @list
        jmp file_not_found
@list:  ldx z_entry
        lda CAT0+7,x
        bmi @locked
        jsr print_dir_name
        jsr OSNEWL
@locked:
        jsr find_next
        bcc @list
        jsr ask_go
        jsr find_first
@delete:
        bcs @deleted
        ldx z_entry
        lda CAT0+7,x
        bmi @keep
        jsr remove_entry_in_place
@keep:  jsr find_next
        jmp @delete
@deleted:
        jsr write_catalogue
        jsr print_inline
        .text "Deleted\r", 0
        rts

; *WIPE afsp: each unlocked file that matches is offered ("D.NAME  : "), deleted on Y.
star_wipe:
        jsr need_argument
        jsr read_name
        jsr find_first
        bcc @each
        jmp file_not_found
@each:  ldx z_entry
        lda CAT0+7,x
        bmi @next
        jsr print_info_name
        jsr print_inline
        .text ": ", 0
        jsr flush_input                 ; (Acorn's DFS takes no key typed before the question)
        jsr read_yes
        bne @next
        jsr remove_entry_in_place
        jsr write_catalogue
@next:  jsr find_next
        bcc @each
        rts

; Entry z_entry out of the catalogue, z_entry back one so that find_next finds the entry that moved
; into its place.
remove_entry_in_place:
        jsr remove_entry
        lda z_entry
        sec
        sbc #8
        sta z_entry
        rts

; *COMPACT [drive]: the files moved down to leave the free space in one piece at the end, each listed
; as *INFO lists it (at its new place), then the free sectors (hexadecimal).
star_compact:
        lda w_drive
        sta w_src
        lda (z_ptr),y
        cmp #' '+1
        bcc @drive
        jsr drive_digit
        sta w_src
@drive: lda w_src
        sta w_dst
        lda #0
        sta w_swap
        jsr no_hook
        jsr print_inline
        .text "Compacting :", 0
        lda w_src
        sta z_drive
        jsr print_digit
        jsr OSNEWL
        jsr read_catalogue
        lda #2                          ; after the catalogue
        sta w_copy_to
        lda #0
        sta w_copy_to+1
        lda CAT1+5                      ; the lowest file first
        sta z_entry
@each:  lda z_entry
        beq @free
        jsr entry_info
        jsr length_sectors
        lda w_start
        cmp w_copy_to
        bne @move
        lda w_start+1
        cmp w_copy_to+1
        beq @listed
@move:  lda w_start
        sta w_copy_from
        lda w_start+1
        sta w_copy_from+1
        lda w_copy_to
        sta w_start
        lda w_copy_to+1
        sta w_start+1
        lda w_sectors
        sta w_copy_left
        lda w_sectors+1
        sta w_copy_left+1
        jsr copy_sectors                ; w_copy_to moves on past the file
        jsr store_info
        lda w_src
        sta z_drive
        jsr write_catalogue
        jmp @next
@listed:
        jsr advance_copy_to
@next:  jsr print_info_line
        lda z_entry
        sec
        sbc #8
        sta z_entry
        jmp @each
@free:  lda CAT1+7                      ; the disc's sectors less those used
        sec
        sbc w_copy_to
        tax
        lda CAT1+6
        and #3
        sbc w_copy_to+1
        jsr print_sector_number
        jsr print_inline
        .text " free sectors\r", 0
        rts

; w_copy_to on by w_sectors.
advance_copy_to:
        lda w_copy_to
        clc
        adc w_sectors
        sta w_copy_to
        lda w_copy_to+1
        adc w_sectors+1
        sta w_copy_to+1
        rts

; *BACKUP source dest: every sector of the source disc (its catalogue's count) to the destination
; disc, which must be as big ("Disk full").
star_backup:
        jsr read_two_drives
        jsr go_unless_enabled
        jsr need_source
        lda w_src
        sta z_drive
        jsr read_catalogue
        lda CAT1+7
        sta w_copy_left
        lda CAT1+6
        and #3
        sta w_copy_left+1
        jsr need_destination
        lda w_dst
        sta z_drive
        jsr read_catalogue
        lda CAT1+7
        cmp w_copy_left
        lda CAT1+6
        and #3
        sbc w_copy_left+1
        bcs @fits
        jmp disc_full
@fits:  lda #0
        sta w_copy_from
        sta w_copy_from+1
        sta w_copy_to
        sta w_copy_to+1
        jsr no_hook
        jmp copy_sectors

; *COPY source dest afsp: each file that matches, in catalogue order, listed as *INFO lists it and
; written to the destination disc (over an unlocked file of its name), with its addresses and lock.
star_copy:
        jsr read_two_drives
        jsr need_argument
        jsr read_name
        ldx #7
@keep:  lda w_name,x
        sta w_pattern,x
        dex
        bpl @keep
        lda #<copy_allocate
        sta w_hook
        lda #>copy_allocate
        sta w_hook+1
        lda #0
        sta w_copy_entry
        sta w_found
@file:  jsr need_source
        ldx #7
@name:  lda w_pattern,x
        sta w_name,x
        dex
        bpl @name
        lda w_src
        sta w_name_drive
        jsr find_first
        lda w_copy_entry
        beq @first
        sta z_entry
        jsr find_next
@first: bcc @copy
        lda w_found
        bne @done
        jmp file_not_found
@done:  rts
@copy:  lda #1
        sta w_found
        lda z_entry
        sta w_copy_entry
        jsr entry_info
        jsr print_info_line
        ldx z_entry                     ; the file's own name to look for on the destination
        ldy #0
@own:   lda CAT0,x
        sta w_name,y
        inx
        iny
        cpy #8
        bne @own
        lda w_name_dir
        and #$7F
        sta w_name_dir
        jsr length_sectors
        lda w_start
        sta w_copy_from
        lda w_start+1
        sta w_copy_from+1
        lda w_sectors
        sta w_copy_left
        lda w_sectors+1
        sta w_copy_left+1
        jsr copy_sectors
        lda w_dst
        sta z_drive
        jsr write_catalogue
        jmp @file

; copy_sectors's hook for *COPY, with the destination disc in: the file's entry in its catalogue
; (the information of the source's entry, w_info), and where its sectors go.
copy_allocate:
        lda w_dst
        sta w_name_drive
        jsr find_first
        bcs @new
        jsr check_unlocked
        jsr remove_entry
@new:   jsr make_entry
        lda w_free
        sta w_start
        sta w_copy_to
        lda w_free+1
        sta w_start+1
        sta w_copy_to+1
        jmp store_info

; "<source> <dest.>": two drive numbers to w_src and w_dst ("Syntax:" without them), w_swap set
; when they are the same, then "Copying from :s to :d".
read_two_drives:
        jsr need_argument
        jsr drive_digit
        sta w_src
        iny
        jsr need_argument
        jsr drive_digit
        sta w_dst
        iny
        ldx #0
        cmp w_src
        bne @two
        ldx #$80
@two:   stx w_swap
        lda #$FF                        ; neither disc is in yet
        sta w_disc_in
        sty z_sy
        jsr print_inline
        .text "Copying from :", 0
        lda w_src
        jsr print_digit
        jsr print_inline
        .text " to :", 0
        lda w_dst
        jsr print_digit
        jsr OSNEWL
        ldy z_sy
        rts

; ---- moving sectors through memory ----

; w_copy_left sectors from w_src's sector w_copy_from to w_dst's sector w_copy_to (both moved on),
; a bufferful at a time; with one drive the user swaps the discs between.  w_hook is called once,
; when the destination disc is first in, before anything is written.
copy_sectors:
        lda #OSBYTE_OSHWM               ; the first whole page at or after OSHWM
        jsr OSBYTE
        txa
        beq @whole
        iny
@whole: sty w_buffer
        lda #OSBYTE_HIMEM               ; up to HIMEM's page
        jsr OSBYTE
        tya
        sec
        sbc w_buffer
        sta w_buffer_pages
        lda #1
        sta w_first
@chunk: lda w_copy_left+1               ; as much as the buffer holds
        bne @full
        lda w_copy_left
        cmp w_buffer_pages
        bcc @some
@full:  lda w_buffer_pages
@some:  sta w_chunk
        tax                             ; Z: nothing left to read
        beq @read
        jsr need_source
        lda w_src
        ldx #CMD_READ
        ldy #w_copy_from - W
        jsr memory_transfer
@read:  jsr need_destination
        lda w_first
        beq @write
        dec w_first
        jsr @hook
@write: lda w_chunk
        beq @done
        lda w_dst
        ldx #CMD_WRITE
        ldy #w_copy_to - W
        jsr memory_transfer
        lda w_copy_left
        sec
        sbc w_chunk
        sta w_copy_left
        bcs @chunk
        dec w_copy_left+1
        jmp @chunk
@done:  rts
@hook:  jmp (w_hook)

no_hook:
        lda #<@none
        sta w_hook
        lda #>@none
        sta w_hook+1
@none:  rts

; w_chunk sectors between the copy buffer and drive A from the sector at W+Y (moved on past them);
; X the command.
memory_transfer:
        sta z_drive
        stx z_command
        lda W,y
        sta z_lsec
        clc
        adc w_chunk
        sta W,y
        lda W+1,y
        sta z_lsec+1
        adc #0
        sta W+1,y
        lda #0
        sta z_addr
        lda w_buffer
        sta z_addr+1
        lda w_chunk
        sta z_count
        jmp transfer

; ---- the user: the discs to swap, Y or N ----

need_source:
        lda #0
        beq need_disc
need_destination:
        lda #1
; With one drive for both: unless the disc (0 source, 1 destination) is in already, ask for it.
need_disc:
        bit w_swap
        bpl @in
        cmp w_disc_in
        beq @in
        sta w_disc_in
        pha
        jsr print_inline
        .text "Insert ", 0
        pla
        bne @destination
        jsr print_inline
        .text "source", 0
        jmp @key
@destination:
        jsr print_inline
        .text "destination", 0
@key:   jsr print_inline
        .text " disk and hit a key", 0
        jsr flush_input
        jsr read_key
        jsr forget_catalogue            ; another disc
        jmp OSNEWL
@in:    rts

; "Go (Y/N) ? " unless *ENABLE came just before; the command is abandoned unless the answer is Y.
go_unless_enabled:
        lda w_enabled
        bne enabled
ask_go: jsr print_inline
        .text "Go (Y/N) ? ", 0
        jsr read_yes
        beq enabled
        ldx w_stack                     ; abandoned: back to FSCV's caller
        txs
enabled:
        rts

; A key: Y or y is echoed "Y" and Z set, anything else "N"; then a new line.
read_yes:
        jsr read_key
        and #$DF
        cmp #'Y'
        beq @echo
        lda #'N'
@echo:  pha
        jsr OSWRCH
        jsr OSNEWL
        pla
        cmp #'Y'
        rts

; The keys typed so far forgotten (OSBYTE 15, X=1: the input buffer).
flush_input:
        lda #OSBYTE_FLUSH
        ldx #1
        jmp OSBYTE

; A key from OSRDCH; Escape is acknowledged and is error 17 "Escape".
read_key:
        jsr OSRDCH
        bcs escape_error
        rts
escape_error:
        lda #OSBYTE_ACKNOWLEDGE_ESCAPE
        jsr OSBYTE
        jsr error
        .byte $11
        .text "Escape", 0
