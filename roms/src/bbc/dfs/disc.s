; ---- the 8271: sectors in and out, a track at a time, each byte moved by an NMI routine at &0D00 ---
; The 8271 runs in non-DMA mode (mode register bit 0): every byte of a sector is an interrupt with
; the data request status bit set, and the end of the command an interrupt with its result.  The
; BBC wires the chip's interrupt to the 6502's NMI.

; z_count sectors from logical sector z_lsec of drive z_drive to or from z_addr (z_command: CMD_READ
; or CMD_WRITE).  A command that fails is given again, RETRIES times, then it is a BRK error.  At
; transfer_bytes, nmi_left (set by the caller) bytes of them go to memory, the rest of the last
; sector read is dropped.
transfer:
        lda #0
        sta nmi_left
        lda z_count
        sta nmi_left+1
transfer_bytes:
        jsr fdc_ready
        lda z_command                   ; sectors written over the catalogue (*BACKUP): the copy
        cmp #CMD_WRITE                  ; kept is not the disc's
        bne @track
        lda z_lsec+1
        bne @track
        lda z_lsec
        cmp #2
        bcs @track
        jsr forget_catalogue
@track: lda z_count
        beq @done
        jsr split_sector
        lda #SECTORS_PER_TRACK          ; as many as are left on this track
        sec
        sbc z_sector
        cmp z_count
        bcc @some
        lda z_count
@some:  sta zt0
        lda #RETRIES
        sta w_retries
        lda nmi_left                    ; each try moves the same bytes
        sta w_left
        lda nmi_left+1
        sta w_left+1
@try:   jsr install_nmi
        jsr select_side
        lda z_drive                     ; the command, with the drive's SELECT bit
        and #1
        tax
        lda z_command
        ora select_bits,x
        jsr fdc_command
        lda z_track
        jsr fdc_parameter
        lda z_sector
        jsr fdc_parameter
        lda zt0
        ora #RECORDS_256
        jsr fdc_parameter
@wait:  lda nmi_done
        beq @wait
        lda nmi_result
        beq @moved
        dec w_retries
        bmi disc_error
        lda w_left
        sta nmi_left
        lda w_left+1
        sta nmi_left+1
        jmp @try
@moved: lda nmi_ptr                     ; on from where the NMI routine stopped
        sta z_addr
        lda nmi_ptr+1
        sta z_addr+1
        lda z_lsec
        clc
        adc zt0
        sta z_lsec
        bcc @same
        inc z_lsec+1
@same:  lda z_count
        sec
        sbc zt0
        sta z_count
        jmp @track
@done:  rts

select_bits:
        .byte $40, $80

disc_error:
        tay
        jsr forget_catalogue
        tya
        cmp #$12
        bne @fault
        jsr error
        .byte $C9
        .text "Disk read only", 0            ; (Acorn's DFS's spelling)
@fault: cmp #$10
        bne @other
        jsr error
        .byte $C5
        .text "Drive fault", 0
@other: pha                             ; "Disk fault RR at TT/SS": the result, the command's
        ldx #0                          ; track and sector (Acorn's DFS's words)
@intro: lda disc_fault,x
        sta ERROR_BLOCK,x
        inx
        cpx #disc_fault_at - disc_fault
        bne @intro
        pla
        jsr put_hex
        ldy #0
@at:    lda disc_fault_at,y
        sta ERROR_BLOCK,x
        inx
        iny
        cpy #4
        bne @at
        lda z_track
        jsr put_hex
        lda #'/'
        sta ERROR_BLOCK,x
        inx
        lda z_sector
        jsr put_hex
        lda #0
        sta ERROR_BLOCK,x
        jmp ERROR_BLOCK
disc_fault:
        .byte 0, $C7                    ; BRK, the error number
        .text "Disk fault "
disc_fault_at:
        .text " at "

; z_lsec -> z_track, z_sector (10 sectors a track).
split_sector:
        lda z_lsec
        sta z_sector
        lda z_lsec+1
        sta zt1
        ldx #0
@ten:   lda z_sector
        sec
        sbc #SECTORS_PER_TRACK
        tay
        lda zt1
        sbc #0
        bcc @done
        sta zt1
        sty z_sector
        inx
        bne @ten
@done:  stx z_track
        rts

; The side: drive 2 and 3 are the second sides of drives 0 and 1 (bit 5 of the drive control output,
; special register &23, with the drive's SELECT bit).
select_side:
        lda z_drive
        and #1
        tax
        lda z_drive
        and #2
        asl a
        asl a
        asl a
        asl a                           ; &20 for side 1
        ora select_bits,x
        cmp w_output                    ; written already (Acorn's DFS writes it once, not per command)
        beq @same
        sta w_output
        pha
        lda #CMD_WRITE_SPECIAL
        jsr fdc_command
        lda #$23
        jsr fdc_parameter
        pla
        jmp fdc_parameter
@same:  rts

; The catalogue kept and the drive control output are no longer known to be the disc's and the chip's.
forget_catalogue:
        lda #$FF
        sta w_cat_drive
        sta w_output
        rts

; Until drive z_drive is ready: with no disc in it Acorn's DFS asks the 8271 for the drive's status
; over and over until one goes in or ESCAPE is pressed (measured), and reads the catalogue again then.
wait_ready:
        jsr fdc_ready
@ask:   lda z_drive
        and #1
        tax
        lda #CMD_DRIVE_STATUS
        ora select_bits,x
        jsr fdc_command
@busy:  lda FDC_STATUS
        bmi @busy
        lda FDC_RESULT
        and ready_bits,x
        bne @ready
        jsr forget_catalogue
        bit ESCAPE_FLAG                 ; (only while it waits: a transfer ignores ESCAPE)
        bpl @ask
        jmp escape_error
@ready: rts
ready_bits:
        .byte DRIVE_RDY0, DRIVE_RDY1

; Before the first command after BREAK: step rate, head settling and load times, no bad tracks on
; either surface, and non-DMA mode.
fdc_ready:
        lda w_fdc_ready
        bne @ready
        ldx #0
@param: lda specify_table,x
        cmp #$FF
        beq @set
        jsr fdc_command
        ldy #4
@four:  inx
        lda specify_table,x
        jsr fdc_parameter
        dey
        bne @four
        inx
        bne @param
@set:   lda #CMD_WRITE_SPECIAL          ; the mode register: non-DMA
        jsr fdc_command
        lda #$17
        jsr fdc_parameter
        lda #$C1
        jsr fdc_parameter
        inc w_fdc_ready
        jsr forget_catalogue
@ready: rts

specify_table:
        .byte CMD_SPECIFY, $0D, 12, 10, $F4     ; step 12, settle 10, unload after 15 turns, load 4
        .byte CMD_SPECIFY, $10, $FF, $FF, 0     ; surface 0: no bad tracks, at track 0
        .byte CMD_SPECIFY, $18, $FF, $FF, 0     ; surface 1
        .byte $FF

; Command A, once the last one has finished.
fdc_command:
        pha
@busy:  lda FDC_STATUS
        bmi @busy
        pla
        sta FDC_STATUS
        rts

; Parameter A, once the chip has taken the last.
fdc_parameter:
        pha
@full:  lda FDC_STATUS
        and #FDC_PARAMETER_FULL
        bne @full
        pla
        sta FDC_RESULT
        rts

; The NMI routine to &0D00, moving bytes from the 8271 to z_addr onwards (CMD_READ) or back.
install_nmi:
        ldx #nmi_routine_end - nmi_routine - 1
@copy:  lda nmi_routine,x
        sta NMI_CODE,x
        dex
        bpl @copy
        lda z_command
        cmp #CMD_WRITE
        bne @read
        ldx #4
@write: lda nmi_write_move,x
        sta NMI_CODE + nmi_routine@move - nmi_routine,x
        dex
        bpl @write
@read:  lda z_addr
        sta nmi_ptr
        lda z_addr+1
        sta nmi_ptr+1
        lda #0
        sta nmi_done
        rts

; Copied to &0D00, so only relative branches.  It begins with PHA (bit 6 set), which our MOS's NMI
; entry checks for before it jumps to &0D00.
nmi_routine:
        pha
        lda FDC_STATUS
        and #FDC_DATA_REQUEST
        beq @end
        lda nmi_left
        ora nmi_left+1
        beq @drop                       ; past the end of the file: not stored
        sty nmi_y
        ldy #0
@move:  lda FDC_DATA                    ; (writing: LDA (nmi_ptr),Y / STA FDC_DATA)
        sta (nmi_ptr),y
        inc nmi_ptr
        bne @same
        inc nmi_ptr+1
@same:  lda nmi_left
        bne @low
        dec nmi_left+1
@low:   dec nmi_left
        ldy nmi_y
        pla
        rti
@drop:  lda FDC_DATA                    ; (reads only: a write always has its bytes)
        pla
        rti
@end:   lda FDC_RESULT                  ; the command is over
        sta nmi_result
        lda #1
        sta nmi_done
        pla
        rti
nmi_routine_end:
        .assert nmi_routine_end - nmi_routine <= $9F, "the NMI routine fits &0D00-&0D9E"
nmi_write_move:
        lda (nmi_ptr),y
        sta FDC_DATA
