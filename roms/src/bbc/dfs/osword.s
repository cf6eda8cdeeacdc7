; ---- OSWORD &7D-&7F, offered as service 8 (Acorn DFS User Guide, "OSWORD calls") -----------------
; &7D: the current drive's catalogue sequence number at +0.  &7E: its size in bytes at +0 (4 bytes).
; &7F: an 8271 command: +0 drive (&FF the current one), +1 the data's address (4 bytes), +5 the
; number of parameters n, +6 the command (its drive select bits are the drive's), +7 the
; parameters; the result goes to +7+n.
service_osword:
        pha
        lda os_a
        cmp #$7D
        bcc @not_ours
        sty z_sy
        stx z_sx
        cmp #$7F
        beq osword_7f
        jsr current_catalogue
        ldy #0
        lda os_a
        cmp #$7D
        bne @size
        lda CAT1+4
        sta (os_block),y
        jmp osword_done
@size:  tya                             ; &7E: sectors * 256
        sta (os_block),y
        iny
        lda CAT1+7
        sta (os_block),y
        iny
        lda CAT1+6
        and #3
        sta (os_block),y
        iny
        lda #0
        sta (os_block),y
        jmp osword_done
@not_ours:
        pla
        rts

osword_7f:
        ldy #0
        lda (os_block),y
        cmp #$FF
        bne @drive
        lda w_drive
@drive: and #3
        sta z_drive
        iny
        lda (os_block),y
        sta z_addr
        iny
        lda (os_block),y
        sta z_addr+1
        ldy #6                          ; the command: a write moves bytes to the chip
        lda (os_block),y
        and #$3F
        ldx #CMD_READ
        cmp #$23                        ; format
        beq @writes
        and #$38
        cmp #$08                        ; &0A, &0B, &0E, &0F: write data (deleted or not)
        bne @reads
@writes:
        ldx #CMD_WRITE
@reads: stx z_command
        jsr fdc_ready
        lda #$FF                        ; every byte the command moves
        sta nmi_left
        sta nmi_left+1
        jsr install_nmi
        jsr select_side
        lda z_drive
        and #1
        tax
        ldy #6
        lda (os_block),y
        and #$3F
        ora select_bits,x
        jsr fdc_command
        ldy #5
        lda (os_block),y
        sta zt0                         ; n
        ldx #0
@param: cpx zt0                         ; the parameters at +7 .. +6+n
        beq @wait
        txa
        clc
        adc #7
        tay
        lda (os_block),y
        jsr fdc_parameter
        inx
        bne @param
@wait:  lda nmi_done                    ; ended by an interrupt (its result read by the NMI routine)
        bne @interrupt
        lda FDC_STATUS
        bmi @wait
        lda nmi_done                    ; (the interrupt may have come between)
        bne @interrupt
        lda FDC_STATUS                  ; ended without one: a result if the command gives one
        and #FDC_RESULT_FULL
        beq @store
        lda FDC_RESULT
        jmp @store
@interrupt:
        lda nmi_result
@store: pha
        lda zt0
        clc
        adc #7
        tay
        pla
        sta (os_block),y
        jsr forget_catalogue            ; the program's command may change the disc or the chip
osword_done:
        ldx z_sx
        ldy z_sy
        pla
        lda #0                          ; claimed
        rts
