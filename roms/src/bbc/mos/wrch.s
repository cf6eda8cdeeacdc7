; ---- OSWRCH's default routine, at MOS 1.20's address: WRCHV holds &E0A4 after every BREAK (AUG,
; "vectors": the default vector values), and programs read it there to call the VDU drivers past their
; own WRCHV handler (the User Guide's double-height listing assembles JSR &E0A4).  main.s places it.

; WRCHV's default: the character goes to the VDU drivers unless *FX3 turned them off (bit 1).
wrch_default:
        pha
        stx tmp_x
        sty tmp_y
        tax
        lda output_stream
        and #$02
        bne @skip
        txa
        jsr vdu_char_entry
@skip:  ldy spool_handle            ; an *SPOOL file gets every character too, unless *FX3 says
        beq @out                    ; not (bit 4)
        lda output_stream
        and #$10
        bne @out
        pla
        pha
        jsr $FFD4                   ; OSBPUT
@out:   ldx tmp_x
        ldy tmp_y
        pla
        rts
