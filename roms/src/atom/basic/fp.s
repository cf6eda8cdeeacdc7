; The floating-point extension, straight after BASIC's files (mostly in float.rom, #D000): include its
; files here, in address order.
        .include "fmath.s"
        .include "fnum.s"
        .include "fbasic.s"
        .include "ffuncs.s"
