; Our Atom utility ROM, 4 KiB at #A000 (the Atom's utility socket): BASIC's inline assembler, which
; the 8 KiB of #C000-#DFFF cannot hold beside BASIC and its floating point.  BASIC reaches it
; through the jump below (UASM in atom.inc); it reaches BASIC through BASIC's jump block at #C000.

        .include "atom.inc"

E_MNEMONIC  = 208               ; unrecognised mnemonic in assembler (ATAP ch. 27)
E_ASMMODE   = 156               ; the accumulator where the instruction has no such mode (Acorn's number)

        .org $A000
        jmp asm_statement       ; UASM: assemble and list one statement

        .include "asm.s"
