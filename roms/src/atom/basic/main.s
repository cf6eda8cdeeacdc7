        .include "atom.inc"
        .org $C000
        jmp cold
        jmp cold
cold:   lda #'>'
        jsr OSWRCH
        jsr KREADLINE
        jmp cold
