; Our Atom utility ROM, 4 KiB at #A000 (the Atom's utility socket): BASIC's inline assembler, a few
; of its statements and its error report, which the 8 KiB of #C000-#DFFF cannot hold beside BASIC
; and its floating point.  BASIC reaches them through the jumps below (UASM ... in atom.inc); they
; reach BASIC through BASIC's jump block at #C000.

        .include "atom.inc"

E_MNEMONIC  = 208               ; unrecognised mnemonic in assembler (ATAP ch. 27)
E_ASMMODE   = 156               ; the accumulator where the instruction has no such mode (Acorn's number)
E_DIM       = 216               ; illegal DIM statement
E_DIMRAM    = 30                ; DIM past the end of RAM (Acorn's number for it)
E_STATEMENT = 94                ; invalid statement terminator (ATAP ch. 27)

        .org $A000
        .assert * == UIRQ
        lda IRQSAVE             ; IRQVEC's default (#A000 on Acorn's kernel too): A back, as the
        rti                     ; kernel's IRQ entry saved it, and return
        .assert * == UASM
        jmp asm_statement       ; UASM: assemble and list one statement
        jmp st_dim              ; UDIM
        jmp st_link             ; ULINK
        jmp st_star             ; USTAR
        jmp fn_rnd              ; URND
        jmp report              ; UREPORT

        .include "asm.s"
        .include "stmts.s"
        .include "report.s"
        .include "float.s"
