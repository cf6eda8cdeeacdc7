; ---- FSCV (AUG): 0 *OPT, 1 EOF, 2 */, 3 an unrecognised command, 4 *RUN, 5 *CAT, 6 another filing
; system takes over, 7 our handles; X/Y the command line for 2-5 -----------------------------------
w_best = W + $56                        ; *CAT: the entry to list next
w_group = W + $57                       ; *CAT: 0 the current directory's files, &FF / &80 the others
                                        ; (&FF until the first is listed)
w_column = W + $58                      ; *CAT: 1 after a line's first file
w_listed = W + $60                      ; *CAT: 32 flags, one an entry: listed already

dfs_fscv:
        cmp #7
        bne @not_handles
        ldx #FIRST_HANDLE
        ldy #FIRST_HANDLE + CHANNELS - 1
        rts
@not_handles:
        cmp #1
        bne @not_eof
        jmp file_eof
@not_eof:
        cmp #6
        bne @not_leaving
        jmp close_all
@not_leaving:
        bcs @done                       ; 8 and above: nothing to do
        cmp #0
        beq star_opt
        stx z_ptr
        sty z_ptr+1
        tsx                             ; for abandon
        stx w_stack
        ldx w_enable                    ; *ENABLE lets the next command only through
        stx w_enabled
        ldy #0
        sty w_enable
        cmp #3
        bne @not_command
        jmp star_command
@not_command:
        cmp #5
        bne star_run
        jmp star_cat
@done:  rts

; *OPT 0 and *OPT 1,n: each file loaded, run or saved listed as *INFO lists it (n not 0) or not;
; *OPT 4,n: the current drive's boot option; others "Bad option" (as Acorn's DFS).
star_opt:
        cpx #2
        bcs @not_messages
        tya
        dex
        beq @messages
        lda #0                          ; *OPT 0: quiet
@messages:
        sta w_opt1
        rts
@not_messages:
        cpx #4
        beq @boot
        jsr error
        .byte $CB
        .text "Bad option", 0
@boot:  tya
        and #3
        asl a
        asl a
        asl a
        asl a
        pha
        jsr current_catalogue
        lda CAT1+6
        and #$CF
        sta CAT1+6
        pla
        ora CAT1+6
        sta CAT1+6
        jmp write_catalogue

; *OPT 1 on: entry z_entry listed as *INFO lists it (w_info its information).
report_file:
        lda w_opt1
        beq @quiet
        jmp print_info_line
@quiet: rts

current_catalogue:
        lda w_drive
        sta z_drive
        jmp read_catalogue

; *RUN name [tail], */name, and a command nobody knows: the file (from the library when the current
; directory has none) loaded at its own address and entered at its execution address; OSARGS 1
; gives the tail.  No such file is "Bad command" for each, as with Acorn's DFS.
star_run:
        jsr read_name
        jsr skip_spaces
        tya
        clc
        adc z_ptr
        sta w_tail
        lda z_ptr+1
        adc #0
        sta w_tail+1
        jsr find_first
        bcc @found
        lda w_lib_dir
        sta w_name_dir
        lda w_lib_drive
        sta w_name_drive
        jsr find_first
        bcc @found
        jsr error
        .byte $FE
        .text "Bad command", 0
@found: jsr entry_info
        jsr report_file
        lda w_load
        sta z_addr
        lda w_load+1
        sta z_addr+1
        jsr load_data
        jmp (w_exec)

; *CAT [drive]
star_cat:
        jsr skip_spaces
        lda w_drive
        sta z_drive
        lda (z_ptr),y
        cmp #' '+1
        bcc @drive
        jsr drive_digit
        sta z_drive
@drive: jsr forget_catalogue            ; the disc's own, whatever was kept (a disc swapped in
        jsr read_catalogue              ; the emulator's drive never shows it not ready)
        ldx #0                          ; the title: 8 characters in sector 0, 4 in sector 1
@title: cpx #8
        bcs @second
        lda CAT0,x
        bcc @char
@second:
        lda CAT1-8,x
@char:  beq @titled
        jsr OSWRCH
        inx
        cpx #12
        bne @title
@titled:
        jsr print_inline
        .text " (", 0
        lda CAT1+4
        jsr print_hex
        jsr print_inline
        .text ")\rDrive ", 0
        lda z_drive
        jsr print_digit
        jsr print_inline
        .text "             Option ", 0
        jsr boot_option
        pha
        jsr print_digit
        jsr print_inline
        .text " (", 0
        pla
        asl a
        asl a
        tax
        ldy #4
@option:
        lda option_names,x
        cmp #' '
        beq @named
        jsr OSWRCH
        inx
        dey
        bne @option
@named:
        jsr print_inline
        .text ")\rDir. :", 0
        lda w_drive
        ldx w_dir
        jsr print_drive_dir
        jsr print_inline
        .text "           Lib. :", 0
        lda w_lib_drive
        ldx w_lib_dir
        jsr print_drive_dir
        jsr print_inline
        .text "\r\r", 0
        ldx #31                         ; the files: the current directory's first, then the
        lda #0                          ; others, each sorted by directory and name (as Acorn's
@clear: sta w_listed,x                  ; DFS lists them), two a line
        dex
        bpl @clear
        sta w_column
        sta w_group
@pick:  lda #0                          ; the first in order of the group's files not listed yet
        sta w_best
        lda #8
        sta z_entry
@candidate:
        lda CAT1+5
        cmp z_entry
        bcc @picked
        lda z_entry
        lsr a
        lsr a
        lsr a
        tax
        lda w_listed,x
        bne @skip
        ldx z_entry
        lda CAT0+7,x
        and #$7F
        cmp w_dir
        beq @current
        lda w_group                     ; another directory's: in the second group
        beq @skip
        bne @consider
@current:
        lda w_group
        bne @skip
@consider:
        lda w_best
        beq @better
        jsr sorts_before_best
        bcc @skip
@better:
        lda z_entry
        sta w_best
@skip:  lda z_entry
        clc
        adc #8
        sta z_entry
        jmp @candidate
@picked:
        lda w_best
        bne @print
        lda w_group                     ; the group is done
        beq @others
        jmp @listed
@others:
        dec w_group
        lda w_column                    ; the other directories start a line
        beq @pick
        jsr OSNEWL
        lda #0
        sta w_column
        beq @pick
@print: sta z_entry
        bit w_group                     ; &FF: the first of the other directories' files comes
        bvc @first                      ; after a blank line
        jsr OSNEWL
        lda #$80
        sta w_group
@first: lda z_entry
        lsr a
        lsr a
        lsr a
        tax
        inc w_listed,x
        jsr print_inline
        .text "  ", 0
        ldx z_entry
        lda CAT0+7,x
        and #$7F
        cmp w_dir
        bne @other_dir
        jsr print_inline
        .text "  ", 0
        jmp @name
@other_dir:
        jsr OSWRCH
        lda #'.'
        jsr OSWRCH
@name:  jsr print_entry_name
        ldx z_entry
        lda CAT0+7,x
        bpl @unlocked
        jsr print_inline
        .text "  L", 0
        jmp @column
@unlocked:
        jsr print_inline
        .text "   ", 0
@column:
        lda w_column
        eor #1
        sta w_column
        beq @new_line
        jsr print_inline
        .text "      ", 0
        jmp @pick
@new_line:
        jsr OSNEWL
        jmp @pick
@listed:
        lda w_column
        beq @done
        jsr OSNEWL
@done:  rts

; C set when entry z_entry sorts before entry w_best (directory, then name; letters in either case).
sorts_before_best:
        ldx z_entry
        ldy w_best
        lda CAT0+7,y
        and #$7F
        jsr upper
        sta zt0
        lda CAT0+7,x
        and #$7F
        jsr upper
        cmp zt0                         ; the directories
        bne @decided
        lda #7
        sta zt1
@char:  lda CAT0,y                      ; then the names
        jsr upper
        sta zt0
        lda CAT0,x
        jsr upper
        cmp zt0
        bne @decided
        inx
        iny
        dec zt1
        bne @char
        clc                             ; the same: not before
        rts
@decided:                               ; C clear: entry z_entry's is lower
        bcc @before
        clc
        rts
@before:
        sec
        rts

option_names:
        .text "off LOADRUN EXEC"

; Drive A, directory X as ":d.D".
print_drive_dir:
        jsr print_digit
        lda #'.'
        jsr OSWRCH
        txa
        jmp OSWRCH

print_digit:
        ora #'0'
        jmp OSWRCH

; Entry z_entry's 7 characters.
print_entry_name:
        ldx z_entry
        ldy #7
@char:  lda CAT0,x
        jsr OSWRCH
        inx
        dey
        bne @char
        rts

; ---- the commands of ours, from FSCV 3 (the MOS has looked in its own table and asked the ROMs) ---
; The tables: each command's name, 0, its routine - 1, and its arguments as *HELP and "Syntax:" show
; them, 0; a 0 ends each table (Acorn's DFS's command set and words, as its *HELP DFS and *HELP
; UTILS list them).
star_command:
        lda #<dfs_commands
        sta z_table
        lda #>dfs_commands
        sta z_table+1
@command:
        ldy #0
        lda (z_table),y
        bne @letter
        lda z_table                     ; the end of a table: the utilities' next
        cmp #<(utils_commands - 1)
        bne @not_ours
        lda z_table+1
        cmp #>(utils_commands - 1)
        bne @not_ours
        inc z_table
        bne @command
        inc z_table+1
        bne @command
@letter:
        lda (z_table),y
        beq @whole
        lda (z_ptr),y
        cmp #'.'
        beq @abbreviated
        and #$DF
        cmp (z_table),y
        bne @next
        iny
        bne @letter
@abbreviated:
        iny
        sty z_sy                        ; the line goes on after the "."
        dey
@to_end:
        lda (z_table),y
        beq @found
        iny
        bne @to_end
@whole: lda (z_ptr),y                   ; a letter after the name: another word
        and #$DF
        cmp #'A'
        bcc @whole_word
        cmp #'Z'+1
        bcc @next
@whole_word:
        sty z_sy
@found: lda z_table                     ; kept for "Syntax:"
        sta w_command
        lda z_table+1
        sta w_command+1
        iny
        iny
        lda (z_table),y
        pha
        dey
        lda (z_table),y
        pha
        ldy z_sy
        jmp skip_spaces
@next:  jsr next_command
        jmp @command
@not_ours:
        jmp star_run

; z_table on to the next command of the table (its text left at ERROR_BLOCK+2 by describe_command).
next_command:
        ldx #2
        jsr describe_command
        tya
        clc
        adc z_table
        sta z_table
        bcc @same
        inc z_table+1
@same:  rts

; The command at z_table as "NAME <arguments>" into ERROR_BLOCK from X on, ending with a 0; Y the
; length of its table entry.
describe_command:
        ldy #0
@name:  lda (z_table),y
        beq @named
        sta ERROR_BLOCK,x
        inx
        iny
        bne @name
@named: iny                             ; past the 0 and the routine
        iny
        iny
        lda (z_table),y
        beq @end                        ; no arguments
        lda #' '
        sta ERROR_BLOCK,x
        inx
@text:  lda (z_table),y
        sta ERROR_BLOCK,x
        beq @end
        inx
        iny
        bne @text
@end:   sta ERROR_BLOCK,x
        iny
        rts

; *HELP DFS, *HELP UTILS: each command of the table at A (low), X (high) as "  NAME <arguments>".
list_commands:
        sta z_table
        stx z_table+1
@each:  ldy #0
        lda (z_table),y
        beq @done
        jsr print_inline
        .text "  ", 0
        jsr next_command
        ldx #2
@char:  lda ERROR_BLOCK,x
        beq @line
        jsr OSWRCH
        inx
        bne @char
@line:  jsr OSNEWL
        jmp @each
@done:  rts

; The command's arguments must be there: "Syntax: NAME <arguments>" (error &DC) when they are not.
need_argument:
        jsr skip_spaces
        cmp #' '+1
        bcc syntax_error
        rts
syntax_error:
        lda w_command
        sta z_table
        lda w_command+1
        sta z_table+1
        ldx #9
@intro: lda syntax_intro,x
        sta ERROR_BLOCK,x
        dex
        bpl @intro
        ldx #10
        jsr describe_command
        jmp ERROR_BLOCK
syntax_intro:
        .byte 0, $DC                    ; BRK, the error number
        .text "Syntax: "

dfs_commands:
        .text "ACCESS", 0
        .word star_access-1
        .text "<afsp> (L)", 0
        .text "BACKUP", 0
        .word star_backup-1
        .text "<source> <dest.>", 0
        .text "COMPACT", 0
        .word star_compact-1
        .text "(<drive>)", 0
        .text "COPY", 0
        .word star_copy-1
        .text "<source> <dest.> <afsp>", 0
        .text "DELETE", 0
        .word star_delete-1
        .text "<fsp>", 0
        .text "DESTROY", 0
        .word star_destroy-1
        .text "<afsp>", 0
        .text "DIR", 0
        .word star_dir-1
        .text "(<dir>)", 0
        .text "DRIVE", 0
        .word star_drive-1
        .text "<drive>", 0
        .text "ENABLE", 0
        .word star_enable-1
        .byte 0
        .text "INFO", 0
        .word star_info-1
        .text "<afsp>", 0
        .text "LIB", 0
        .word star_lib-1
        .text "(<dir>)", 0
        .text "RENAME", 0
        .word star_rename-1
        .text "<old fsp> <new fsp>", 0
        .text "TITLE", 0
        .word star_title-1
        .text "<title>", 0
        .text "WIPE", 0
        .word star_wipe-1
        .text "<afsp>", 0
        .byte 0
utils_commands:
        .text "BUILD", 0
        .word star_build-1
        .text "<fsp>", 0
        .text "DISC", 0
        .word star_disc-1
        .byte 0
        .text "DUMP", 0
        .word star_dump-1
        .text "<fsp>", 0
        .text "LIST", 0
        .word star_list-1
        .text "<fsp>", 0
        .text "TYPE", 0
        .word star_type-1
        .text "<fsp>", 0
        .byte 0

; *DRIVE d
star_drive:
        jsr need_argument
        jsr drive_digit
        sta w_drive
        jmp forget_catalogue            ; (Acorn's DFS reads the catalogue again after *DRIVE)

; *DIR [[:d.]D], *LIB [[:d.]D] ("$" when no directory is given).
star_dir:
        jsr read_directory
        lda w_name_drive
        sta w_drive
        stx w_dir
        rts
star_lib:
        jsr read_directory
        lda w_name_drive
        sta w_lib_drive
        stx w_lib_dir
        rts
read_directory:
        lda w_drive
        sta w_name_drive
        jsr read_drive_prefix
        lda (z_ptr),y
        tax
        cmp #' '+1
        bcs @given
        ldx #'$'
        rts
@given: iny                             ; one character, then the end of the name
        lda (z_ptr),y
        cmp #' '+1
        bcs @bad
        rts
@bad:   jsr error
        .byte $CE
        .text "Bad dir", 0

; *INFO afsp: each file that matches: directory, name, L, load, exec, length, start sector.
star_info:
        jsr need_argument
        jsr read_name
        jsr find_first
        bcc @each
        jmp file_not_found
@each:  jsr entry_info
        jsr print_info_line
        jsr find_next
        bcc @each
        rts

; Entry z_entry as *INFO lists it, w_info its information.
print_info_line:
        jsr print_info_name
        ldx #w_load + 2 - w_info
        jsr print_three
        ldx #w_exec + 2 - w_info
        jsr print_three
        ldx #w_length + 2 - w_info
        jsr print_three
        lda w_start+1
        ldx w_start
        jsr print_sector_number
        jmp OSNEWL

; Entry z_entry's "D.NAME     L  " (*INFO's columns before the addresses).
print_info_name:
        jsr print_dir_name
        jsr print_inline
        .text "  ", 0
        ldx z_entry
        lda CAT0+7,x
        asl a                           ; C: locked
        lda #' '
        bcc @lock
        lda #'L'
@lock:  jsr OSWRCH
        jsr print_inline
        .text "  ", 0
        rts

; Entry z_entry's "D.NAME" (the name padded to 7 characters).
print_dir_name:
        ldx z_entry
        lda CAT0+7,x
        and #$7F
        jsr OSWRCH
        lda #'.'
        jsr OSWRCH
        jmp print_entry_name

; Sector A*256+X as three hexadecimal digits.
print_sector_number:
        jsr print_digit
        txa
        jmp print_hex

; w_info+X, X-1, X-2 in hexadecimal, then a space.
print_three:
        ldy #3
@byte:  lda w_info,x
        jsr print_hex
        dex
        dey
        bne @byte
        jmp print_space

; *ACCESS afsp [L]: each file that matches locked (L) or unlocked.
star_access:
        jsr need_argument
        jsr read_name
        jsr skip_spaces
        and #$DF
        cmp #'L'
        bne @unlock
        lda #$80
        .byte $2C                       ; BIT abs: skip the next LDA
@unlock:
        lda #0
        sta w_locked
        jsr find_first
        bcc @each
        jmp file_not_found
@each:  ldx z_entry
        lda CAT0+7,x
        and #$7F
        ora w_locked
        sta CAT0+7,x
        jsr find_next
        bcc @each
        jmp write_catalogue

; *DELETE name
star_delete:
        jsr need_argument
        jsr read_name
        jsr find_file
        jsr check_unlocked
        jsr remove_entry
        jmp write_catalogue

; *RENAME old new ("Exists" when new is there already; the lock stays with the file).
star_rename:
        jsr need_argument
        jsr read_name
        sty z_sy
        jsr find_file
        jsr check_unlocked
        lda z_entry
        pha
        ldy z_sy
        jsr need_argument
        jsr read_name
        lda #0
        sta z_entry
        jsr find_next
        bcs @free
        jsr error
        .byte $C4
        .text "Exists", 0
@free:  pla
        sta z_entry
        tax
        ldy #0
@copy:  lda w_name,y
        sta CAT0,x
        inx
        iny
        cpy #7
        bne @copy
        lda CAT0,x                      ; the directory, keeping the lock
        and #$80
        ora w_name_dir
        sta CAT0,x
        jmp write_catalogue

; *TITLE text: up to 12 characters (quotes allowed), the rest of the title zeros.
star_title:
        jsr need_argument
        sty z_sy
        jsr current_catalogue
        ldy z_sy
        lda (z_ptr),y
        cmp #'"'
        bne @start
        iny
@start: ldx #0
@char:  lda (z_ptr),y
        cmp #' '
        bcc @pad
        cmp #'"'
        beq @pad
        iny
        bne @store
@pad:   lda #0
@store: cpx #8
        bcs @second
        sta CAT0,x
        bcc @stored
@second:
        sta CAT1-8,x
@stored:
        inx
        cpx #12
        bne @char
        jmp write_catalogue
