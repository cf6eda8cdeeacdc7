; Nested subroutine calls for the debugger tests: step over (next) and step out (finish).
        .org $2000
start:  ldx #3
        jsr outer
        sta $0300
done:   jmp done
outer:  lda #1
        jsr inner
        jsr inner
        rts
inner:  clc
        adc #2
        jsr leaf
        rts
leaf:   inx
        stx $0301
        rts
