"""Conformance programs for graphics, sound and the file statements (part 2c), in the form of cases.py:
(name, program, keyboard input, expected output of RUN).

Sources: BBC Microcomputer User Guide (1982), the keyword chapters (VDU, GCOL, PLOT, MOVE, DRAW, CLG,
SOUND, ENVELOPE, ADVAL, OPENIN, BGET#, ...) and its list of VDU codes (18 GCOL, 25 PLOT, 16 CLG); the
error list ("Missing ," 5, "Type mismatch" 6, "Missing #" 45).  The programs whose output has VDU
control codes are checked on the bare CPU only; the rest also on the whole machine under our MOS
(tests/firmware/test_bbc_basic_machine.py), so no program here calls the filing system: those are in
tests/firmware/test_bbc_basic_io.py, which gives the stand-in MOS a test filing system.
"""

from .cases import err

NINE_ZEROS = "\0" * 9

CASES = [
    # --- VDU: ',' one byte, ';' two bytes low first (UG VDU); '|' (nine zero bytes) is a later
    # BASIC's: BASIC II has none and stops with 'No such variable' (run on Acorn's) ---
    ("io_vdu_bytes", "10 VDU 7,8,65", "", "\x07\x08A"),
    ("io_vdu_word", "10 VDU 25,4,1000;&123;", "", "\x19\x04\xe8\x03\x23\x01"),
    ("io_vdu_negative_word", "10 VDU 31,-1;", "", "\x1f\xff\xff"),
    ("io_vdu_bar_nine_zeros", "10 VDU 65|", "", "A" + NINE_ZEROS),
    ("io_vdu_bar_then_more", '10 VDU 65|66:PRINT "!"', "", "A" + NINE_ZEROS + "B!\n"),
    ("io_vdu_low_byte_only", "10 VDU 256+66", "", "B"),
    ("io_vdu_expressions", "10 A%=3:VDU A%*22,A%+62", "", "\x42\x41"),
    # --- graphics statements are VDU sequences (UG GCOL, PLOT, MOVE, DRAW, CLG) ---
    ("io_gcol", "10 GCOL 3,129", "", "\x12\x03\x81"),
    ("io_plot", "10 PLOT 85,640,-4", "", "\x19\x55\x80\x02\xfc\xff"),
    ("io_move", "10 MOVE 100,200", "", "\x19\x04\x64\x00\xc8\x00"),
    ("io_draw", "10 DRAW 1279,1023", "", "\x19\x05\xff\x04\xff\x03"),
    ("io_clg", "10 CLG", "", "\x10"),
    ("io_plot_expressions", "10 X%=10:PLOT 64+5,X%*2,X%+1", "", "\x19\x45\x14\x00\x0b\x00"),
    ("io_gcol_missing_comma", "10 GCOL 1", "", err("Missing ,", 10)),
    ("io_plot_missing_comma", "10 PLOT 69,1", "", err("Missing ,", 10)),
    ("io_draw_missing_comma", "10 DRAW 1", "", err("Missing ,", 10)),
    ("io_move_string", '10 MOVE "A",1', "", err("Type mismatch", 10)),
    # --- sound: OSWORD 7 and 8 (the stand-in takes the block; the machine plays it) ---
    ("io_sound_runs_on", '10 SOUND 1,-15,53,1:PRINT "OK"', "", "OK\n"),
    ("io_envelope_runs_on", '10 ENVELOPE 1,1,0,0,0,0,0,0,63,0,0,-63,126,0:PRINT "OK"', "", "OK\n"),
    ("io_sound_missing_comma", "10 SOUND 1,-15,53", "", err("Missing ,", 10)),
    ("io_envelope_thirteen", "10 ENVELOPE 1,2,3,4,5,6,7,8,9,10,11,12,13", "", err("Missing ,", 10)),
    # ADVAL(0)'s low byte: the fire buttons (the high byte, the ADC channel converted last, depends
    # on the moment: tests/firmware/test_bbc_mos.py follows it)
    ("io_adval_fire_buttons", "10 PRINT ADVAL(0) AND 255", "", "         0\n"),
    # --- the '#' and the name a file statement needs (UG "Missing #", "Type mismatch") ---
    ("io_bget_missing_hash", "10 X=BGET 1", "", err("Missing #", 10)),
    ("io_bput_missing_hash", "10 BPUT 1,2", "", err("Missing #", 10)),
    ("io_close_missing_hash", "10 CLOSE 1", "", err("Missing #", 10)),
    ("io_ext_missing_hash", "10 PRINT EXT 1", "", err("Missing #", 10)),
    ("io_eof_missing_hash", "10 PRINT EOF 1", "", err("Missing #", 10)),
    ("io_ptr_missing_hash", "10 PRINT PTR 1", "", err("Missing #", 10)),
    ("io_ptr_set_missing_hash", "10 PTR 1=0", "", err("Missing #", 10)),
    ("io_missing_hash_trapped", '10 ON ERROR PRINT ERR:END\n20 CLOSE 3', "", "        45\n"),
    ("io_openin_number", "10 F=OPENIN 5", "", err("Type mismatch", 10)),
    ("io_openout_number", "10 F=OPENOUT 5", "", err("Type mismatch", 10)),
    ("io_save_number", "10 SAVE 5", "", err("Type mismatch", 10)),
    ("io_load_number", "10 LOAD 5", "", err("Type mismatch", 10)),
    ("io_chain_number", "10 CHAIN 5", "", err("Type mismatch", 10)),
]
