; Errors: the BRK handler (its start at Acorn's BRKV, #C9D8, in main.s) and its report (ERROR n LINE m).

; Errors: BRK n.  In our ROMs (and in page 0, where the kernel raises the filing system's errors)
; the error number is the byte after the BRK.  Elsewhere (a program's machine code in RAM,
; Acorn's DOS at #E000) it is the low byte of the address after that byte, as Acorn's BASIC takes
; every error number (its BRKs sit where that byte is the number: found by running BRKs at
; various addresses on Acorn's ROMs, #2A00 gives ERROR 2, #2AFE ERROR 0).

; As on Acorn's, ?0 = the error number, the FOR, GOSUB and DO stacks are emptied and BASIC runs
; the text at ?16/?17 (ERRVEC): a program may point it at statements of its own (the line
; number stays in ?1/?2).  The prompt points it back at err_default, whose report is ours.
brk_number:                     ; (brk_handler, main.s, comes here: A = PTR3+1)
        ldy #0
        tax
        beq @byte               ; page 0: the kernel's filing errors (files.s: BRK n at #F0)
        cmp #>UIRQ              ; below our utility ROM (#A000): RAM
        bcc @low
        and #$F0
        cmp #$E0                ; #E000-#EFFF: Acorn's DOS
        beq @low
@byte:  dec PTR3+1              ; the byte after the BRK: (PTR3 - 256) + 255
        dey
        lda (PTR3),y
        iny
        beq @num                ; (always: Y is 0 again)
@low:   lda PTR3
@num:   sta ERRNUM
        ldx #$FF
        txs
        cli
        sty DOSP
        sty SUBSP
        sty FORSP
        sty ASMMODE
        lda ERRVEC
        cmp #<err_default
        bne @text
        lda ERRVEC+1
        cmp #>err_default
        beq @report
@text:  lda ERRVEC              ; a program's own handler
        sta TXTPTR
        lda ERRVEC+1
        sta TXTPTR+1
        sty TXTOFF
        jmp exec_stmt
@report:
        jmp UREPORT             ; BASIC's own report (the utility ROM, for room)
