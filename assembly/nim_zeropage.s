; nim_zeropage.s -- the zero-page bytes the Nim routines share, and where they assemble.
;
; Every routine keeps to $70-$8F: the 32 bytes the BBC Micro's MOS and BASIC leave to user code
; ("&70-&8F guaranteed unused with BASIC": https://area51.dev/bbc/bbcmos/memorymap/00/), which
; our Atom firmware also leaves free (roms/src/atom/atom.inc: BASIC below $70, the kernel from $B0).
;
;   $70-$7F  nim_heaps      input: heap 0..15 (the low bytes, for nim_sum16)
;   $70-$74  sd_coins       input of silver_dollar_move: squares of coins A..E (= nim_heaps 0-4)
;   $80-$8F  nim_heaps_hi   input of nim_sum16 only: the high bytes of heap 0..15; the other
;                           routines use the same bytes as their workspace, named below
;   $80      nim_count      bouton_move, misere_move: the number of heaps
;   $81      nim_leave      output of bouton_move, misere_move: what the chosen heap keeps
;   $82      nim_where      workspace
;   $83      nim_take       workspace (misere_move)
;   $84      (free)
;   $85-$86  sd_gaps        workspace (silver_dollar_move)
;   $87      (free)
;   $88-$8F  moore_counts   output of moore_is_safe: the ones in each bit column, bit 0 first
;
; A routine assembled on its own (acorn asm assembly/nim_sum.s ...) starts at $2000.  A program
; that includes the routines defines NIM_PROGRAM and sets its own .org before including them.

        .ifndef NIM_ZEROPAGE
NIM_ZEROPAGE = 1

nim_heaps    = $70
sd_coins     = $70
nim_heaps_hi = $80
nim_count    = $80
nim_leave    = $81
nim_where    = $82
nim_take     = $83
sd_gaps      = $85
moore_counts = $88

MAX_HEAPS    = 16

        .ifndef NIM_PROGRAM
NIM_PROGRAM = 0
        .org $2000
        .endif

        .endif
