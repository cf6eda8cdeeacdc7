; SN76489 tone periods for SOUND pitches (User Guide, SOUND): pitch 89 is 440 Hz, 48 steps an octave,
; period = round(4 MHz / (32 * frequency)), at most 1023.  One octave is kept, in half units: the
; period of pitch 48 * octave + step is pitch_high/low[step] / 2^(octave + 1), rounded (write_pitch).
; Each entry is the value nearest the exact one for which that rounding gives the formula's period in
; every octave 0-5 (tests/firmware/test_bbc_mos.py checks all 256 pitches).  Computed by us.
pitch_low:
        .byte 6, 232, 203, 175, 146, 119, 91, 64, 38, 11, 242, 216, 191, 166, 142, 118
        .byte 94, 71, 48, 25, 2, 236, 215, 193, 172, 151, 131, 110, 91, 71, 51, 32
        .byte 14, 251, 233, 215, 197, 179, 162, 145, 128, 112, 96, 80, 64, 48, 33, 18
pitch_high:
        .byte 8, 7, 7, 7, 7, 7, 7, 7, 7, 7, 6, 6, 6, 6, 6, 6
        .byte 6, 6, 6, 6, 6, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5
        .byte 5, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4
