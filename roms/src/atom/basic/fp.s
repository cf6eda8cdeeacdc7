; The floating-point extension, from #D000 (float.rom): include its files here, in address order.
        .include "fmath.s"
        .include "fnum.s"
        .include "fbasic.s"
        .include "ffuncs.s"
