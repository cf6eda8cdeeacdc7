"""Conformance programs for our BBC BASIC, with the output the documented language gives.

Each case: (name, program, keyboard input, expected output of RUN).  Sources: the BBC Microcomputer
User Guide (1982), chapters on each keyword (cited as "UG <keyword>"), and its error-message list
(UG "Error messages", numbers and texts).  Rules used throughout (UG PRINT):
  * a number is printed right-justified in a field of @% characters (10 by default) unless the
    item follows a ';' (then no padding, until a ',' comes); strings are printed as they are;
  * ',' moves on to the next multiple of the field width; a final ';' suppresses the new line;
  * "'" starts a new line.
  * An error stops the program with a new line, the message and " at line N" (the default error
    handler is documented as REPORT:IF ERL PRINT" at line ";ERL:END ELSE PRINT:END, and REPORT
    starts a new line).
"""

E = "\n{} at line {}\n"     # an error stopping a program


def err(message, line):
    return E.format(message, line)


# ten FOR loops open at once (the documented limit), closed by one NEXT
TEN_FORS = ("10 FOR A=1 TO 1:FOR B=1 TO 1:FOR C=1 TO 1:FOR D=1 TO 1:FOR E=1 TO 1\n"
            "20 FOR F=1 TO 1:FOR G=1 TO 1:FOR H=1 TO 1:FOR I=1 TO 1:FOR J=1 TO 2\n"
            "30 PRINT ;J;:NEXT J,I,H,G,F,E,D,C,B,A:PRINT")


def sbuf_after(statement):
    """A program that runs `statement` (a PRINT) and then shows in hexadecimal the first 13 bytes of
    the string buffer at &600, filled with &EE before: what PRINT leaves there."""
    return ("10 DIM M% 12:FOR I%=0 TO 12:I%?&600=&EE:NEXT\n"
            f"20 {statement}:!M%=!&600:M%!4=!&604:M%!8=!&608:M%?12=?&60C\n"
            '30 FOR I%=0 TO 12:PRINT " ";~M%?I%;:NEXT:PRINT')

CASES = [
    # --- arithmetic and priority (UG "Arithmetic operators", "Order of precedence") ---
    ("add_mul_priority", "10 PRINT 2+3*4", "", "        14\n"),
    ("brackets", "10 PRINT (2+3)*4", "", "        20\n"),
    ("left_to_right_minus", "10 PRINT ;10-2-3", "", "5\n"),
    ("unary_minus", "10 PRINT ;-2*3", "", "-6\n"),
    ("double_negative", "10 PRINT ;--4", "", "4\n"),
    ("unary_plus", "10 PRINT ;+7", "", "7\n"),
    ("unary_sign_of_a_string", '10 PRINT -"A"', "", err("No such variable", 10)),   # BASIC II: run on it
    ("div", "10 PRINT ;7 DIV 2", "", "3\n"),
    ("mod", "10 PRINT ;7 MOD 3", "", "1\n"),
    ("div_negative_truncates", "10 PRINT ;-7 DIV 2", "", "-3\n"),        # UG DIV: integer part
    ("mod_negative_dividend", "10 PRINT ;-7 MOD 2", "", "-1\n"),       # UG MOD: sign of dividend
    ("div_mul_same_level", "10 PRINT ;100 DIV 7*7", "", "98\n"),
    ("mul_chain", "10 PRINT ;2*3*4*5", "", "120\n"),
    ("big_multiply", "10 PRINT ;30000*30000", "", "900000000\n"),
    # integer + and - wrap round past 32 bits on Acorn's BASIC II (run on it; a product goes on as
    # a real): the results print as reals only because they have ten digits
    ("integer_add_wraps", '10 A%=2147483647:PRINT ;A%+1;" ";-A%-2;" ";2147483647+1;" ";A%*2', "",
     "-2.14748365E9 2.14748365E9 -2.14748365E9 4.29496729E9\n"),
    ("negative_multiply", "10 PRINT ;-12*12", "", "-144\n"),
    ("division_by_zero", "10 PRINT 1 DIV 0", "", err("Division by zero", 10)),
    ("mod_by_zero", "10 PRINT 1 MOD 0", "", err("Division by zero", 10)),
    ("hex_constant", "10 PRINT ;&FF", "", "255\n"),
    ("hex_constant_big", "10 PRINT ;&7FFFFFFF", "", "2147483647\n"),
    ("hex_negative", "10 PRINT ;&FFFFFFFF", "", "-1\n"),
    ("print_hex", "10 PRINT ~255", "", "        FF\n"),
    ("print_hex_unpadded", "10 PRINT ;~4096", "", "1000\n"),
    ("and_or_eor", '10 PRINT ;5 AND 3;" ";5 OR 3;" ";5 EOR 3', "", "1 7 6\n"),
    ("not", '10 PRINT ;NOT 0;" ";NOT -1;" ";NOT 5', "", "-1 0 -6\n"),
    ("comparisons_numbers", '10 PRINT ;1=1;" ";1=2;" ";2>1;" ";1<2;" ";1<>1;" ";2>=2;" ";2<=1',
     "", "-1 0 -1 -1 0 -1 0\n"),
    ("comparisons_negative", '10 PRINT ;-1<1;" ";-5>-6;" ";-2147483647<2147483647', "", "-1 -1 -1\n"),
    ("comparisons_strings", '10 PRINT ;"A"<"B";" ";"ABC"="ABC";" ";"AB"<"ABC";" ";"B">"ABC";" ";"a">"Z"',
     "", "-1 -1 -1 -1 -1\n"),
    ("string_not_equal", '10 PRINT ;"X"<>"Y";" ";"X"<>"X"', "", "-1 0\n"),
    ("true_false", '10 PRINT ;TRUE;" ";FALSE', "", "-1 0\n"),
    ("comparison_below_plus", "10 PRINT ;1+1=2", "", "-1\n"),
    # one comparison a level: 1<2=-1 does not chain (Acorn's BASIC II, run on it: the '=' then starts
    # PRINT's next item, which is no variable)
    ("comparisons_do_not_chain", '10 PRINT ;(1<2)=-1:PRINT 1<2=-1', "", "-1\n        -1" + err("No such variable", 10)),
    ("and_below_comparison", "10 PRINT ;1=1 AND 2=2", "", "-1\n"),
    ("or_below_and", "10 PRINT ;1 OR 2 AND 0", "", "1\n"),
    ("eor_same_level_as_or", "10 PRINT ;1 OR 2 EOR 3", "", "0\n"),
    ("abs_sgn", '10 PRINT ;ABS(-5);" ";ABS(5);" ";SGN(-3);" ";SGN(0);" ";SGN(9)', "", "5 5 -1 0 1\n"),
    ("int_of_integer", "10 PRINT ;INT(7)", "", "7\n"),
    ("type_mismatch_plus", '10 PRINT 1+"A"', "", err("Type mismatch", 10)),
    ("type_mismatch_string_minus", '10 PRINT "A"-"B"', "", err("Type mismatch", 10)),
    ("missing_bracket", "10 PRINT (1+2", "", err("Missing )", 10)),

    # --- variables (UG "Variables") ---
    ("resident_integers", '10 A%=5:B%=A%*2:PRINT ;A%;" ";B%', "", "5 10\n"),
    ("long_integer_names", "10 count%=3:total%=count%+4:PRINT ;total%", "", "7\n"),
    ("plain_numeric_names", "10 apples=3:pears=4:PRINT ;apples*pears", "", "12\n"),
    ("names_differ_by_suffix", '10 A=1:A%=2:A$="3":PRINT ;A;A%;A$', "", "123\n"),
    ("long_name_prefixes", "10 AB=1:ABC=2:ABCD=3:PRINT ;AB;ABC;ABCD", "", "123\n"),
    ("lower_case_names", "10 x=4:X=5:PRINT ;x;X", "", "45\n"),
    ("underscore_names", "10 my_var=8:PRINT ;my_var", "", "8\n"),
    ("let_keyword", "10 LET A=5:PRINT ;A", "", "5\n"),
    ("no_such_variable", "10 PRINT X", "", err("No such variable", 10)),
    ("no_such_variable_string", "10 PRINT Z$", "", err("No such variable", 10)),
    ("string_variables", '10 A$="AB":A$=A$+"CD":PRINT A$', "", "ABCD\n"),
    ("string_grow_and_shrink", '10 A$="A":A$=A$+"BCDEFGHIJ":A$="Z":PRINT A$;LEN(A$)', "", "Z1\n"),
    ("empty_string", '10 A$="":PRINT ;LEN(A$)', "", "0\n"),
    ("quote_in_string", '10 PRINT "SAY ""HI"""', "", 'SAY "HI"\n'),
    ("type_mismatch_assign", '10 A="X"', "", err("Type mismatch", 10)),
    ("type_mismatch_assign_string", "10 A$=1", "", err("Type mismatch", 10)),
    ("at_percent_width", "10 @%=5:PRINT 1;2", "", "    12\n"),
    # WIDTH n: a new line before a character once n are on the line (UG WIDTH; the spaces of a
    # ',' or TAB are counted once, as on Acorn's BASIC II: run on it).  WIDTH outlives the program
    # TRACE: each line as [n] and a space; TRACE n the lines below n (Acorn's BASIC II, run on it)
    ("trace_on_and_limit", '10 TRACE 30\n20 PRINT "S"\n30 PRINT "A":TRACE OFF', "", "[20] S\nA\n"),
    # the line a loop goes on into after a FOR that ends its line is not traced again; after a FOR in
    # mid-line, or a REPEAT, the next line is (BASIC II, run on it)
    ("trace_loop_after_for_ending_a_line", '10 TRACE ON\n20 FOR I=1 TO 2\n30 PRINT "B";\n40 NEXT\n50 TRACE OFF',
     "", "[20] [30] B[40] B[40] [50] "),
    ("trace_loop_after_for_in_mid_line", '10 TRACE ON\n20 FOR I=1 TO 2:PRINT "A";\n30 NEXT\n40 TRACE OFF', "",
     "[20] A[30] A[30] [40] "),
    ("trace_loop_after_repeat", "10 TRACE ON\n20 REPEAT\n30 I=I+1\n40 UNTIL I=2\n50 TRACE OFF", "",
     "[20] [30] [40] [30] [40] [50] "),
    ("width_breaks_lines", '10 WIDTH 5:PRINT "ABCDEFGHIJKL";:PRINT "XY":PRINT 123456;"Q":WIDTH 0', "",
     "ABCDE\nFGHIJ\nKLXY\n    1\n23456\nQ\n"),
    ("width_tab_counts_once", '10 WIDTH 3:PRINT "AB","C":PRINT TAB(6);"Z":WIDTH 0', "",
     "AB \n   \n   \n C\n   \n   \nZ\n"),
    ("at_percent_comma", "10 @%=3:PRINT 1,2", "", "  1  2\n"),
    ("variables_kept_by_goto", "10 A=1\n20 A=A+1:IF A<5 GOTO 20\n30 PRINT ;A", "", "5\n"),
    ("mistake", "10 FRED", "", err("Mistake", 10)),
    ("assign_missing_equals", "10 A 5", "", err("Mistake", 10)),

    # --- indirection (UG "Indirection operators") ---
    ("byte_indirection", '10 DIM B% 10:?B%=65:B%?1=66:PRINT ;?B%;" ";B%?1', "", "65 66\n"),
    ("byte_indirection_truncates", "10 DIM B% 3:?B%=257:PRINT ;?B%", "", "1\n"),
    ("word_indirection", '10 DIM M% 8:!M%=&12345678:PRINT ;~?M%;" ";~M%?3;" ";~!M%', "", "78 12 12345678\n"),
    ("word_indirection_offset", "10 DIM M% 8:M%!4=-2:PRINT ;M%!4", "", "-2\n"),
    # a real variable or an array element as the left operand: its value (a real's truncated) is
    # the base address; A$?1 is A$ and then ?1 (what Acorn's BASIC II prints, run on its ROMs)
    ("real_variable_byte_indirection", '10 R=12288.7:R?1=&A5:R!2=-2:PRINT ;~?&3001;" ";R?1;" ";R!2', "",
     "A5 165 -2\n"),
    ("array_element_indirection", '10 DIM A(1),B%(1):A(1)=&3000:B%(1)=&3000:A(1)?2=9:B%(1)!4=7\n'
     '20 PRINT ;?&3002;" ";B%(1)?2;" ";A(1)!4', "", "9 9 7\n"),
    ("string_variable_then_byte_indirection", '10 A$="X":?&3001=7:PRINT A$?&3001', "", "X         7\n"),
    ("string_indirection", "10 DIM S% 20:$S%=\"HI\":PRINT $S%;LEN($S%);S%?2", "", "HI213\n"),
    ("dim_bytes_distinct", "10 DIM A% 4,B% 4:PRINT ;B%-A%", "", "5\n"),    # UG DIM: n+1 bytes
    ("resident_variables_are_memory", "10 A%=&41424344:PRINT ;~?&404", "", "44\n"),   # A% at &404

    # --- arrays (UG DIM) ---
    ("array_1d", "10 DIM A(5):FOR I=0 TO 5:A(I)=I*I:NEXT:PRINT ;A(5);\" \";A(3)", "", "25 9\n"),
    ("array_2d", "10 DIM A(2,3):A(1,2)=7:A(2,3)=9:PRINT ;A(1,2)+A(2,3);\" \";A(0,0)", "", "16 0\n"),
    ("array_3d", "10 DIM C%(2,2,2):C%(1,2,1)=5:C%(2,1,2)=6:PRINT ;C%(1,2,1);C%(2,1,2);C%(2,2,2)", "",
     "560\n"),
    ("array_strings", '10 DIM N$(2):N$(0)="X":N$(2)="Z":PRINT N$(0);N$(1);N$(2)', "", "XZ\n"),
    ("array_integer_suffix", "10 DIM P%(3):P%(3)=-9:PRINT ;P%(3)", "", "-9\n"),
    ("array_subscript_expression", "10 DIM A(10):N=3:A(N*2+1)=4:PRINT ;A(7)", "", "4\n"),
    ("array_subscript_too_big", "10 DIM A(2):A(3)=1", "", err("Subscript", 10)),
    ("array_subscript_negative", "10 DIM A(2):PRINT A(-1)", "", err("Subscript", 10)),
    ("array_redim", "10 DIM A(2)\n20 DIM A(3)", "", err("Bad DIM", 20)),
    ("array_and_variable_differ", "10 DIM A(2):A=5:A(1)=6:PRINT ;A;A(1)", "", "56\n"),

    # --- PRINT (UG PRINT, TAB, SPC) ---
    ("print_number_field", "10 PRINT 1", "", "         1\n"),
    ("print_negative_field", "10 PRINT -5", "", "        -5\n"),
    ("print_ten_digits", "10 PRINT 1234567890", "", "1234567890\n"),
    ("print_comma_numbers", "10 PRINT 1,2", "", "         1         2\n"),
    ("print_comma_strings", '10 PRINT "A","B"', "", "A         B\n"),
    ("print_comma_after_long", '10 PRINT "ABCDEFGHIJK","L"', "", "ABCDEFGHIJK         L\n"),
    ("print_semicolon_numbers", "10 PRINT 1;2;3", "", "         123\n"),
    ("print_no_separator", '10 PRINT "X"1', "", "X         1\n"),
    ("print_adjacent_strings", '10 PRINT "A""B"', "", 'A"B\n'),
    ("print_adjacent_string_items", '10 A$="P":PRINT A$"Q"A$', "", "PQP\n"),
    ("print_trailing_semicolon", '10 PRINT "A";\n20 PRINT "B"', "", "AB\n"),
    # a ',' last tabs and still ends the line (Acorn's BASIC II, run on it: under WIDTH 3 the tab's
    # spaces show as rows)
    ("print_trailing_comma", '10 PRINT "A",\n20 PRINT "B"', "", "A         \nB\n"),
    ("print_apostrophe", '10 PRINT "A"\'"B"', "", "A\nB\n"),
    ("print_apostrophe_first", "10 PRINT '\"A\"", "", "\nA\n"),
    ("print_empty", '10 PRINT\n20 PRINT "X"', "", "\nX\n"),
    ("print_tab", '10 PRINT TAB(5);"X"', "", "     X\n"),
    ("print_tab_back", '10 PRINT "ABCDEF";TAB(2);"X"', "", "ABCDEF\n  X\n"),
    ("print_tab_same", '10 PRINT "AB";TAB(2);"X"', "", "ABX\n"),
    ("print_spc", '10 PRINT "AB";SPC(3);"C"', "", "AB   C\n"),
    ("print_spc_zero", '10 PRINT "A";SPC(0);"B"', "", "AB\n"),
    ("print_semicolon_then_comma", "10 PRINT ;1,2", "", "1" + " " * 18 + "2\n"),
    ("print_string_expression", '10 PRINT "A"+"B"', "", "AB\n"),
    ("print_in_loop_columns", "10 FOR I=1 TO 3:PRINT I;:NEXT:PRINT", "", "         1         2         3\n"),
    ("print_chr", "10 PRINT CHR$(72);CHR$(73)", "", "HI\n"),
    # PRINT builds its text in the string buffer at &600, and a program that reads it after sees
    # what is left (Acorn's BASIC II, run on it; the User Guide is silent): a number written to its
    # @% digits with the point and zeros after it (only 0 alone), an E form's exponent over them, a
    # string literal with its closing quote
    ("print_leaves_sbuf_int", sbuf_after('PRINT 4'), "",
     '         4\n 34 2E 30 30 30 30 30 30 30 30 EE EE EE\n'),
    ("print_leaves_sbuf_negative", sbuf_after('PRINT -7'), "",
     '        -7\n 2D 37 2E 30 30 30 30 30 30 30 30 EE EE\n'),
    ("print_leaves_sbuf_zero", sbuf_after('PRINT 0'), "",
     '         0\n 30 EE EE EE EE EE EE EE EE EE EE EE EE\n'),
    ("print_leaves_sbuf_real_zero", sbuf_after('PRINT 0.0'), "",
     '         0\n 30 EE EE EE EE EE EE EE EE EE EE EE EE\n'),
    ("print_leaves_sbuf_nine_digits", sbuf_after('PRINT 123456789'), "",
     ' 123456789\n 31 32 33 34 35 36 37 38 39 2E EE EE EE\n'),
    ("print_leaves_sbuf_real", sbuf_after('PRINT 1.5'), "",
     '       1.5\n 31 2E 35 30 30 30 30 30 30 30 EE EE EE\n'),
    ("print_leaves_sbuf_fraction", sbuf_after('PRINT -0.5'), "",
     '      -0.5\n 2D 30 2E 35 30 30 30 30 30 30 30 30 EE\n'),
    ("print_leaves_sbuf_third", sbuf_after('PRINT 1/3'), "",
     '0.333333333\n 30 2E 33 33 33 33 33 33 33 33 33 EE EE\n'),
    ("print_leaves_sbuf_small_e", sbuf_after('PRINT 0.001'), "",
     '      1E-3\n 31 45 2D 33 30 30 30 30 30 30 EE EE EE\n'),
    ("print_leaves_sbuf_big_e", sbuf_after('PRINT 1E10'), "",
     '      1E10\n 31 45 31 30 30 30 30 30 30 30 EE EE EE\n'),
    ("print_leaves_sbuf_str", sbuf_after('PRINT STR$4'), "", '4\n 34 2E 30 30 30 30 30 30 30 30 30 EE EE\n'),
    ("print_leaves_sbuf_str_negative", sbuf_after('PRINT STR$-7'), "",
     '-7\n 2D 37 2E 30 30 30 30 30 30 30 30 30 EE\n'),
    ("print_leaves_sbuf_str_third", sbuf_after('PRINT STR$(1/3)'), "",
     '0.3333333334\n 30 2E 33 33 33 33 33 33 33 33 33 34 EE\n'),
    ("print_leaves_sbuf_str_e", sbuf_after('PRINT STR$1E10'), "",
     '1E10\n 31 45 31 30 30 30 30 30 30 30 30 EE EE\n'),
    ("print_leaves_sbuf_literal", sbuf_after('PRINT "AB"'), "",
     'AB\n 41 42 22 EE EE EE EE EE EE EE EE EE EE\n'),
    ("print_leaves_sbuf_concatenated", sbuf_after('PRINT "A"+"B"'), "",
     'AB\n 41 42 EE EE EE EE EE EE EE EE EE EE EE\n'),
    ("print_leaves_sbuf_g5", sbuf_after('@%=&50A:PRINT 4'), "",
     '         4\n 34 2E 30 30 30 30 EE EE EE EE EE EE EE\n'),
    ("print_leaves_sbuf_g5_e", sbuf_after('@%=&50A:PRINT 123456'), "",
     '  1.2346E5\n 31 2E 32 33 34 36 45 35 EE EE EE EE EE\n'),
    ("print_leaves_sbuf_f2", sbuf_after('@%=&2020A:PRINT 1.5'), "",
     '      1.50\n 31 2E 35 30 EE EE EE EE EE EE EE EE EE\n'),
    ("print_leaves_sbuf_e5", sbuf_after('@%=&1050A:PRINT 4'), "",
     '4.0000E0  \n 34 2E 30 30 30 30 45 30 20 20 EE EE EE\n'),
    ("print_leaves_sbuf_g2_negative", sbuf_after('@%=&20A:PRINT -7'), "",
     '        -7\n 2D 37 2E 30 EE EE EE EE EE EE EE EE EE\n'),
    ("print_leaves_sbuf_at_zero", sbuf_after('@%=0:PRINT 4'), "",
     '4\n 34 2E 30 30 30 30 30 30 30 30 30 EE EE\n'),

    # --- FOR ... NEXT (UG FOR, NEXT) ---
    ("for_basic", '10 FOR I=1 TO 3:PRINT ;I;" ";:NEXT', "", "1 2 3 "),
    ("for_step_negative", '10 FOR I=10 TO 1 STEP -3:PRINT ;I;" ";:NEXT', "", "10 7 4 1 "),
    ("for_step_two", '10 FOR I=0 TO 9 STEP 2:PRINT ;I;:NEXT', "", "02468"),
    ("for_runs_once", "10 FOR I=5 TO 1:PRINT ;I:NEXT", "", "5\n"),     # UG FOR: always once
    ("for_value_after", "10 FOR I=1 TO 3:NEXT:PRINT ;I", "", "4\n"),
    ("for_nested_next_list", '10 FOR I=1 TO 2:FOR J=1 TO 2:PRINT ;I;J;" ";:NEXT J,I', "", "11 12 21 22 "),
    ("for_nested_plain_next", '10 FOR I=1 TO 2:FOR J=1 TO 2:PRINT ;I;J;" ";:NEXT:NEXT', "", "11 12 21 22 "),
    ("for_over_lines", "10 FOR I=1 TO 3\n20 PRINT ;I;\n30 NEXT I", "", "123"),
    ("for_big_count", "10 S=0:FOR I=1 TO 1000:S=S+I:NEXT:PRINT ;S", "", "500500\n"),
    ("for_negative_range", "10 FOR I=-3 TO -1:PRINT ;I;:NEXT", "", "-3-2-1"),
    ("for_integer_variable", "10 FOR I%=1 TO 4:NEXT:PRINT ;I%", "", "5\n"),
    ("next_lower_case_integer", "10 FOR k%=1 TO 3:PRINT ;k%;:NEXT k%:PRINT ;k%", "", "1234\n"),
    ("next_underline_integer", "10 FOR _%=1 TO 2:NEXT _%:PRINT ;_%", "", "3\n"),
    ("for_array_bounds_expression", "10 N=2:FOR I=N*2 TO N*3:PRINT ;I;:NEXT", "", "456"),
    ("for_jump_out_and_restart", "10 FOR I=1 TO 3:FOR J=1 TO 9:IF J=2 GOTO 30\n20 NEXT J\n30 NEXT I:PRINT ;I;J",
     "", "42\n"),
    ("next_without_for", "10 NEXT", "", err("No FOR", 10)),
    ("next_wrong_variable", "10 J=0:FOR I=1 TO 2:NEXT J", "", err("Can't match FOR", 10)),
    ("for_without_to", "10 FOR I=1", "", err("No TO", 10)),
    ("for_string_variable", '10 FOR A$="A" TO "B"', "", err("FOR variable", 10)),

    # --- REPEAT ... UNTIL (UG REPEAT, UNTIL) ---
    ("repeat_count", "10 N=0:REPEAT N=N+1:UNTIL N=5:PRINT ;N", "", "5\n"),
    ("repeat_runs_once", '10 REPEAT PRINT "X";:UNTIL TRUE', "", "X"),
    ("repeat_nested", '10 I=0:REPEAT I=I+1:J=0:REPEAT J=J+1:PRINT ;I*J;" ";:UNTIL J=2:UNTIL I=2', "",
     "1 2 2 4 "),
    ("repeat_over_lines", "10 N=1\n20 REPEAT\n30 N=N*2\n40 UNTIL N>100\n50 PRINT ;N", "", "128\n"),
    ("until_without_repeat", "10 UNTIL 1", "", err("No REPEAT", 10)),
    ("repeat_until_string", '10 REPEAT UNTIL "A"', "", err("Type mismatch", 10)),

    # --- GOTO, GOSUB, RETURN, ON (UG GOTO, GOSUB, ON) ---
    ("goto_forward", '10 GOTO 30\n20 PRINT "NO"\n30 PRINT "YES"', "", "YES\n"),
    ("goto_computed", '10 GOTO (10+20)\n20 PRINT "NO"\n30 PRINT "YES"', "", "YES\n"),
    ("goto_missing_line", "10 GOTO 100", "", err("No such line", 10)),
    # a line after the current one is looked for from it, one before (or itself) from the top
    ("goto_back_forward_and_self", '10 N=0\n20 N=N+1:IF N=3 GOTO 40\n30 GOTO 20\n40 IF N<5 N=N+1:GOTO 40\n'
     '50 GOSUB 70:PRINT ;N:END\n60 PRINT "NO"\n70 PRINT "S";:RETURN', "", "S5\n"),
    ("goto_missing_line_between", "10 GOTO 25\n20 END\n30 END", "", err("No such line", 10)),
    ("goto_missing_line_before", "10 GOTO 20\n20 GOTO 15", "", err("No such line", 20)),
    ("gosub_return", '10 GOSUB 100:PRINT "BACK":END\n100 PRINT "SUB":RETURN', "", "SUB\nBACK\n"),
    ("gosub_nested", '10 GOSUB 100:PRINT "C":END\n100 PRINT "A";:GOSUB 200:RETURN\n200 PRINT "B";:RETURN',
     "", "ABC\n"),
    ("gosub_recursive_depth", "10 N=0:GOSUB 100:PRINT ;N:END\n100 N=N+1:IF N<20 GOSUB 100\n110 RETURN", "",
     "20\n"),
    ("return_without_gosub", "10 RETURN", "", err("No GOSUB", 10)),
    ("on_goto", '10 ON 2 GOTO 20,30\n20 PRINT "A":END\n30 PRINT "B"', "", "B\n"),
    ("on_goto_first", '10 ON 1 GOTO 20,30\n20 PRINT "A":END\n30 PRINT "B"', "", "A\n"),
    ("on_gosub", '10 ON 2 GOSUB 100,200:PRINT "END":END\n100 PRINT "ONE":RETURN\n200 PRINT "TWO":RETURN',
     "", "TWO\nEND\n"),
    ("on_range", "10 ON 3 GOTO 20,30\n20 END\n30 END", "", err("ON range", 10)),
    ("on_zero_range", "10 ON 0 GOTO 20\n20 END", "", err("ON range", 10)),
    ("on_else", '10 ON 5 GOTO 20 ELSE PRINT "E"\n20 END', "", "E\n"),
    ("end_stops", '10 PRINT "A":END:PRINT "B"', "", "A\n"),
    ("end_of_program", '10 PRINT "A"', "", "A\n"),
    ("stop", "10 STOP", "", err("STOP", 10)),
    ("stop_later_line", '10 PRINT "A"\n20 STOP', "", "A\n" + err("STOP", 20)),

    # --- IF (UG IF, THEN, ELSE) ---
    ("if_then_else_true", '10 X=5:IF X>3 THEN PRINT "BIG" ELSE PRINT "SMALL"', "", "BIG\n"),
    ("if_then_else_false", '10 X=1:IF X>3 THEN PRINT "BIG" ELSE PRINT "SMALL"', "", "SMALL\n"),
    ("if_without_then", '10 IF 2>1 PRINT "Y"', "", "Y\n"),
    ("if_false_skips_line", '10 IF 0 THEN PRINT "A":PRINT "B"\n20 PRINT "C"', "", "C\n"),
    ("if_true_runs_rest", '10 IF 1 THEN PRINT "A";:PRINT "B"', "", "AB\n"),
    ("if_then_line", '10 IF 1 THEN 30 ELSE 40\n20 PRINT "X"\n30 PRINT "A":END\n40 PRINT "B"', "", "A\n"),
    ("if_else_line", '10 IF 0 THEN 30 ELSE 40\n20 PRINT "X"\n30 PRINT "A":END\n40 PRINT "B"', "", "B\n"),
    ("if_then_goto", '10 IF 1 THEN GOTO 30\n20 PRINT "X"\n30 PRINT "A"', "", "A\n"),
    ("if_goto_without_then", '10 IF 1 GOTO 30\n20 PRINT "X"\n30 PRINT "A"', "", "A\n"),
    ("if_nonzero_is_true", '10 IF 7 PRINT "T"', "", "T\n"),
    ("if_string_condition", '10 IF "A" PRINT "T"', "", err("Type mismatch", 10)),
    ("if_else_in_string_ignored", '10 IF 0 PRINT "ELSE" ELSE PRINT "OK"', "", "OK\n"),
    ("if_compound_condition", '10 A=3:IF A>1 AND A<5 PRINT "IN"', "", "IN\n"),
    ("if_nested", '10 A=1:B=0:IF A THEN IF B THEN PRINT "AB" ELSE PRINT "A"', "", "A\n"),

    # --- PROC and FN (UG DEF, PROC, FN, LOCAL, ENDPROC) ---
    ("proc_simple", '10 PROCHI:PROCHI\n20 END\n30 DEF PROCHI:PRINT "HI":ENDPROC', "", "HI\nHI\n"),
    ("proc_params_restored", "10 A=1:PROCP(5):PRINT ;A\n20 END\n30 DEF PROCP(A):PRINT ;A:ENDPROC", "", "5\n1\n"),
    ("proc_local", "10 X=1:PROCQ:PRINT ;X\n20 END\n30 DEF PROCQ:LOCAL X:X=9:PRINT ;X:ENDPROC", "", "9\n1\n"),
    ("local_outside_proc", "10 LOCAL A", "", err("Not LOCAL", 10)),                # UG error 12
    ("local_in_gosub_outside_proc", "10 GOSUB 20:END\n20 LOCAL A:RETURN", "", err("Not LOCAL", 20)),
    ("proc_local_string", '10 S$="OUT":PROCQ:PRINT S$\n20 END\n30 DEF PROCQ:LOCAL S$:S$="IN":PRINT S$:ENDPROC',
     "", "IN\nOUT\n"),
    ("proc_string_param", '10 PROCX(3,"AB")\n20 END\n30 DEF PROCX(N,B$):LOCAL I:FOR I=1 TO N:PRINT B$;:NEXT:PRINT:ENDPROC',
     "", "ABABAB\n"),
    ("proc_globals_visible", "10 G=7:PROCS:PRINT ;G\n20 END\n30 DEF PROCS:G=G*2:ENDPROC", "", "14\n"),
    ("proc_body_after_name", "10 PROCZ\n20 END\n30 DEF PROCZ PRINT \"Z\":ENDPROC", "", "Z\n"),
    ("proc_nested", '10 PROCA\n20 END\n30 DEF PROCA:PRINT "A";:PROCB:PRINT "C":ENDPROC\n40 DEF PROCB:PRINT "B";:ENDPROC',
     "", "ABC\n"),
    ("proc_recursive", "10 PROCR(3)\n20 END\n30 DEF PROCR(N):IF N=0 ENDPROC\n40 PRINT ;N;:PROCR(N-1):PRINT ;N;:ENDPROC",
     "", "321123"),
    ("fn_recursion_deep", "10 PRINT ;FNS(60)\n20 END\n30 DEF FNS(N):IF N=0 THEN =0 ELSE =N+FNS(N-1)", "", "1830\n"),
    ("proc_recursion_deep", "10 C=0:PROCR(60):PRINT ;C\n20 END\n30 DEF PROCR(N):C=C+1:IF N>0 PROCR(N-1)\n40 ENDPROC",
     "", "61\n"),
    ("fn_recursion_with_strings", '10 PRINT FNREV("ABCDEF")\n20 END\n30 DEF FNREV(S$):IF LEN(S$)<2 THEN =S$ ELSE =FNREV(MID$(S$,2))+LEFT$(S$,1)',
     "", "FEDCBA\n"),
    ("proc_missing", "10 PROCNONE", "", err("No such FN/PROC", 10)),
    ("fn_single_line", "10 PRINT ;FNSQ(7)\n20 END\n30 DEF FNSQ(N)=N*N", "", "49\n"),
    ("fn_factorial", "10 PRINT FNF(10)\n20 END\n30 DEF FNF(N):IF N<2 THEN =1 ELSE =N*FNF(N-1)", "", "   3628800\n"),
    ("fn_gcd_two_params", "10 PRINT ;FNG(48,18)\n20 END\n30 DEF FNG(A,B):IF B=0 THEN =A ELSE =FNG(B,A MOD B)",
     "", "6\n"),
    ("fn_string", '10 PRINT FNR("AB")\n20 END\n30 DEF FNR(S$)=S$+S$', "", "ABAB\n"),
    ("fn_no_params", "10 PRINT ;FNSEVEN+1\n20 END\n30 DEF FNSEVEN=7", "", "8\n"),
    ("fn_in_expression", "10 PRINT ;FNA(1)+FNA(2)*FNA(3)\n20 END\n30 DEF FNA(X)=X+1", "", "14\n"),
    ("fn_multiline", "10 PRINT ;FNSUM(4)\n20 END\n30 DEF FNSUM(N):LOCAL I,S:S=0\n40 FOR I=1 TO N:S=S+I:NEXT\n50 =S",
     "", "10\n"),
    ("fn_missing", "10 PRINT FNNONE", "", err("No such FN/PROC", 10)),
    ("fn_prints_in_print", '10 PRINT "A";FNB;"C"\n20 END\n30 DEF FNB:PRINT "X";:="B"', "", "AXBC\n"),
    ("proc_wrong_argument_count", "10 PROCP(1,2)\n20 END\n30 DEF PROCP(A):ENDPROC", "", err("Arguments", 30)),
    ("def_skipped_when_reached", '10 PRINT "A"\n20 DEF PROCX:PRINT "X":ENDPROC\n30 PRINT "B"', "", "A\nB\n"),
    ("endproc_outside_proc", "10 ENDPROC", "", err("No PROC", 10)),
    ("fn_return_outside_fn", "10 =1", "", err("No FN", 10)),
    ("fn_params_evaluated_first", "10 A=1:B=2:PRINT ;FNS(B,A)\n20 END\n30 DEF FNS(A,B)=A*10+B", "", "21\n"),
    # a PROC/FN is found by its name in the variable list after its first call: a name that is the
    # start of another's, and a PROC and an FN of one name, are each their own
    ("proc_names_share_a_prefix", '10 PROCAB:PROCA:PROCAB:PROCA:PRINT\n20 END\n30 DEF PROCA:PRINT "A";:ENDPROC\n'
     '40 DEF PROCAB:PRINT "B";:ENDPROC', "", "BABA\n"),
    ("proc_and_fn_share_a_name", '10 PROCX:PRINT ;FNX:PROCX:PRINT ;FNX\n20 END\n30 DEF PROCX:PRINT "P";:ENDPROC\n'
     "40 DEF FNX=7", "", "P7\nP7\n"),
    # parameters bound from arguments of their own kind (copied as they are) and of the other kind
    # (converted: 2.7 to an integer is 2), each variable given back its value after
    ("proc_parameter_kinds_mixed", '10 A%=7:B=1:PROCX(2.7,3):PRINT ;A%;" ";B\n20 END\n'
     '30 DEF PROCX(A%,B):PRINT ;A%;" ";B/2:ENDPROC', "", "2 1.5\n7 1\n"),
    ("fn_parameter_kinds_same", '10 A=7:B%=1:PRINT ;FNX(2.5,B%+1);" ";A;" ";B%\n20 END\n30 DEF FNX(A,B%)=A*B%',
     "", "5 7 1\n"),
    # FN calls nested in arguments 41 deep (BASIC II, run on it, prints 42): each call keeps the 6502
    # stack its caller used on the BASIC stack, so the arguments' calls do not fill it
    ("fn_in_arguments_nests_41_deep", "10 PRINT ;FNA(" + "FNA(" * 40 + "1" + ")" * 41 + "\n20 END\n30 DEF FNA(X)=X+1",
     "", "42\n"),

    # --- string functions (UG each keyword) ---
    ("left", '10 PRINT LEFT$("ABCDEF",2)', "", "AB\n"),
    ("left_too_long", '10 PRINT LEFT$("HI",5)', "", "HI\n"),
    ("right", '10 PRINT RIGHT$("ABCDEF",3)', "", "DEF\n"),
    ("right_too_long", '10 PRINT RIGHT$("HI",5)', "", "HI\n"),
    ("mid_two_args", '10 PRINT MID$("HELLO",2)', "", "ELLO\n"),
    ("mid_three_args", '10 PRINT MID$("HELLO",2,3)', "", "ELL\n"),
    ("mid_past_end", '10 PRINT MID$("HELLO",9,2);"|"', "", "|\n"),
    # a negative count is all of the string (BASIC II, run on it: the count is taken unsigned)
    ("left_right_mid_negative_count", '10 PRINT LEFT$("HELLO",-1);"|";RIGHT$("HELLO",-1);"|";MID$("HELLO",2,-1)',
     "", "HELLO|HELLO|ELLO\n"),
    ("chr_asc", '10 PRINT CHR$(65);ASC("B")', "", "A66\n"),
    ("asc_empty", '10 PRINT ;ASC("")', "", "-1\n"),                 # UG ASC: -1 for ""
    ("len", '10 PRINT ;LEN("HELLO");LEN("")', "", "50\n"),
    ("str", '10 A$=STR$(42):PRINT A$;LEN(A$)', "", "422\n"),
    ("str_negative", "10 PRINT STR$(-17)", "", "-17\n"),
    ("str_hex", "10 PRINT STR$~255", "", "FF\n"),
    ("val", '10 PRINT ;VAL("-17")+1', "", "-16\n"),
    ("val_stops_at_letters", '10 PRINT ;VAL("12ABC")', "", "12\n"),
    ("val_not_a_number", '10 PRINT ;VAL("ABC")', "", "0\n"),
    ("string_repeat", '10 PRINT STRING$(3,"AB")', "", "ABABAB\n"),
    ("string_repeat_zero", '10 PRINT STRING$(0,"AB");"|"', "", "|\n"),
    ("instr", '10 PRINT ;INSTR("HELLO","LL")', "", "3\n"),
    ("instr_not_found", '10 PRINT ;INSTR("HELLO","Z")', "", "0\n"),
    ("instr_start", '10 PRINT ;INSTR("ABCABC","C",4)', "", "6\n"),
    ("string_too_long", '10 A$=STRING$(200,"A")+STRING$(100,"B")', "", err("String too long", 10)),
    ("string_255", '10 A$=STRING$(255,"A"):PRINT ;LEN(A$)', "", "255\n"),
    # the count is taken as its low byte (Acorn's BASIC II, run on it)
    ("string_count_low_byte", '10 PRINT ;LEN(STRING$(300,"A"));" ";LEN(STRING$(-1,"A"));" ";LEN(STRING$(256,"AB"))',
     "", "44 255 0\n"),
    ("string_functions_nested", '10 PRINT LEFT$(RIGHT$("ABCDEF",4),2)', "", "CD\n"),
    ("concat_chain", '10 A$="A":B$="B":PRINT A$+B$+A$', "", "ABA\n"),
    ("left_missing_comma", '10 PRINT LEFT$("A" 1)', "", err("Missing ,", 10)),

    # --- DATA, READ, RESTORE (UG) ---
    ("read_numbers", '10 READ A,B:PRINT ;A+B\n20 DATA 12,30', "", "42\n"),
    ("read_strings", '10 READ A$,B$:PRINT A$;B$\n20 DATA FOO,"BAR"', "", "FOOBAR\n"),
    ("read_across_lines", '10 FOR I=1 TO 4:READ A:PRINT ;A;:NEXT\n20 DATA 1,2\n30 DATA 3,4', "", "1234"),
    ("restore", '10 READ A:RESTORE:READ B:PRINT ;A;B\n20 DATA 7,8', "", "77\n"),
    ("restore_line", '10 RESTORE 30:READ A:PRINT ;A\n20 DATA 1\n30 DATA 2', "", "2\n"),
    ("out_of_data", '10 READ A,B\n20 DATA 1', "", err("Out of DATA", 10)),
    ("read_negative", '10 READ A:PRINT ;A\n20 DATA -5', "", "-5\n"),
    # (as Acorn's BASIC II: run on it) DATA counts only at the start of a line; a number is read as an
    # expression, so a string for a number is a Type mismatch
    ("read_data_only_at_line_start", '10 READ A:PRINT ;A:DATA 1\n20   DATA 2', "", "2\n"),
    ("read_number_expression", '10 X=5:READ A,B,C%:PRINT ;A;" ";B;" ";C%\n20 DATA 1+2,X*2, &10', "",
     "3 10 16\n"),
    ("read_string_into_number", '10 READ A\n20 DATA "Q"', "", err("Type mismatch", 10)),

    # --- errors and ON ERROR (UG ON ERROR, ERR, ERL, REPORT) ---
    ("on_error_err_erl", '10 ON ERROR PRINT "ERR";ERR;" ";ERL:END\n20 PRINT 1 DIV 0', "", "ERR18 20\n"),
    ("on_error_goto", '10 ON ERROR GOTO 100\n20 X=Y\n30 END\n100 PRINT ;ERR:END', "", "26\n"),
    ("report", '10 ON ERROR REPORT:PRINT:END\n20 PRINT 1 DIV 0', "", "\nDivision by zero\n"),
    ("on_error_off", '10 ON ERROR PRINT "T":END\n20 ON ERROR OFF\n30 STOP', "", err("STOP", 30)),
    ("stop_not_trapped", '10 ON ERROR PRINT "T":END\n20 STOP', "", err("STOP", 20)),   # UG: error 0 is fatal
    ("error_in_proc_line", "10 PROCX\n20 END\n30 DEF PROCX\n40 PRINT Q", "", err("No such variable", 40)),
    ("error_number_mistake", '10 ON ERROR PRINT ;ERR:END\n20 FRED', "", "4\n"),
    ("error_number_missing_bracket", '10 ON ERROR PRINT ;ERR:END\n20 PRINT (1', "", "27\n"),
    ("print_items_juxtaposed", "10 PRINT 1 2", "", "         1         2\n"),
    ("goto_line_then_plus", '10 GOTO 30+1\n20 PRINT "NO"\n30 PRINT "YES"', "", "YES\n"),   # 30 is a line number
    ("error_number_subscript", '10 ON ERROR PRINT ;ERR:END\n20 DIM A(1):A(2)=0', "", "15\n"),
    ("error_number_no_gosub", '10 ON ERROR PRINT ;ERR:END\n20 RETURN', "", "38\n"),
    ("error_number_type", '10 ON ERROR PRINT ;ERR:END\n20 A$=1', "", "6\n"),

    # --- nesting limits (UG "Error messages": 35 Too many FORs, 10 loops; 37 Too many GOSUBs, 26
    # levels; 44 Too many REPEATs, 20 loops) and the errors of closing what is not open ---
    ("for_nest_ten", TEN_FORS, "", "12\n"),
    # brackets 16 deep, each after an operator: what the 6502 stack holds of an expression (BASIC II,
    # run on it, prints 17; at 18 it stops with an error): speed work must not spend that room
    ("brackets_nest_sixteen", "10 PRINT ;" + "1+(" * 16 + "1" + ")" * 16, "", "17\n"),
    ("for_nest_eleven", TEN_FORS + "\n25 FOR K=1 TO 1", "", err("Too many FORs", 25)),
    ("for_nest_eleven_trapped", '5 ON ERROR PRINT ;ERR;" ";ERL:END\n' + TEN_FORS + "\n25 FOR K=1 TO 1", "",
     "35 25\n"),
    ("for_closed_by_outer_next", '10 FOR I=1 TO 20:FOR J=1 TO 9:FOR K=1 TO 9:NEXT I:PRINT "OK"', "", "OK\n"),
    ("for_reopened_replaces", "10 C=0\n20 FOR I=1 TO 5:FOR J=1 TO 5\n30 C=C+1:IF C<50 GOTO 20\n40 PRINT ;C",
     "", "50\n"),
    ("gosub_nest_26", "10 N=0:GOSUB 100:PRINT ;N:END\n100 N=N+1:IF N<26 GOSUB 100\n110 RETURN", "", "26\n"),
    ("gosub_nest_27", "10 N=0:GOSUB 100:PRINT ;N:END\n100 N=N+1:IF N<27 GOSUB 100\n110 RETURN", "",
     err("Too many GOSUBs", 100)),
    ("on_gosub_nest_27_trapped", '10 ON ERROR PRINT ;ERR;" ";ERL;" ";N:END\n20 N=0:GOSUB 100\n'
     "100 N=N+1:ON 1 GOSUB 100", "", "37 100 26\n"),   # the 27th GOSUB, from N=26
    ("return_closes_loops", '10 FOR N=1 TO 30:GOSUB 100:NEXT:PRINT "OK":END\n100 FOR I=1 TO 9:REPEAT:RETURN',
     "", "OK\n"),
    ("repeat_nest_20", "10 N=0\n20 REPEAT:N=N+1:IF N<20 GOTO 20\n30 PRINT ;N", "", "20\n"),
    ("repeat_nest_21", "10 N=0\n20 REPEAT:N=N+1:IF N<21 GOTO 20\n30 PRINT ;N", "", err("Too many REPEATs", 20)),
    ("repeat_nest_21_trapped_then_again", "10 ON ERROR GOTO 100\n20 N=0\n30 N=N+1:REPEAT:GOTO 30\n"
     '100 PRINT ;ERR;" ";N:M=0\n110 M=M+1:REPEAT:IF M<20 GOTO 110\n120 PRINT ;M', "", "44 21\n20\n"),
    ("repeat_closed_by_until", '10 FOR N=1 TO 50:REPEAT:UNTIL TRUE:NEXT:PRINT "OK"', "", "OK\n"),
    ("endproc_closes_loops", '10 FOR N=1 TO 30:PROCP:NEXT:PRINT "OK":END\n20 DEF PROCP:FOR I=1 TO 9:REPEAT:'
     "GOSUB 30\n30 ENDPROC", "", "OK\n"),
    ("repeat_limit_counts_across_calls", "10 N=0:PROCR\n20 DEF PROCR:N=N+1:REPEAT:PROCR", "",
     err("Too many REPEATs", 20)),
    ("next_variable_nothing_open", "10 I=1:NEXT I", "", err("No FOR", 10)),
    ("error_number_no_for", "10 ON ERROR PRINT ;ERR:END\n20 NEXT", "", "32\n"),
    ("error_number_cant_match_for", "10 ON ERROR PRINT ;ERR:END\n20 J=0:FOR I=1 TO 2:NEXT J", "", "33\n"),
    ("error_number_no_repeat", "10 ON ERROR PRINT ;ERR:END\n20 UNTIL TRUE", "", "43\n"),
    # BASIC II keeps FOR, REPEAT and GOSUB frames on three stacks of their own (Advanced User Guide's
    # memory map: page 5), apart from PROC and FN calls: what each statement does to them, as BASIC II
    # does it (run on it)
    ("return_keeps_repeat_open", '10 GOSUB 100:UNTIL TRUE:PRINT "OK"\n20 END\n100 REPEAT:RETURN', "", "OK\n"),
    ("endproc_keeps_gosub_open", '10 PROCA:PRINT "X":RETURN\n20 DEF PROCA:GOSUB 30:PRINT "Y":END\n30 ENDPROC',
     "", "X\nY\n"),
    ("endproc_keeps_for_open", "10 FOR K=1 TO 3:PROCA:PRINT ;K;:NEXT K:PRINT\n20 DEF PROCA:FOR J=1 TO 2:ENDPROC",
     "", "123\n"),
    ("endproc_keeps_repeats_open", '10 FOR K=1 TO 30:PROCA:NEXT K:PRINT "OK"\n'
     "20 DEF PROCA:FOR J=1 TO 2:GOSUB 40:REPEAT:ENDPROC\n40 RETURN", "", err("Too many REPEATs", 20)),
    ("fn_keeps_for_open", "10 FOR I=1 TO 2:X=FNF:PRINT ;X;:NEXT:PRINT\n20 DEF FNF:FOR J=1 TO 3:=J", "",
     "1" + err("No FN", 20)),
    ("for_local_variable_in_recursion", '10 PROCR(1):PRINT "END"\n20 DEF PROCR(N):LOCAL I\n'
     '30 FOR I=1 TO 2:PRINT ;N;I;" ";:IF N>0 PROCR(N-1)\n40 NEXT I:ENDPROC', "",
     "11 01 02 12 01 02 END\n01 02 " + err("No PROC", 40)),
    ("for_limit_counts_across_calls", '10 N=0:PROCR\n20 DEF PROCR:N=N+1:FOR I=1 TO 2:PRINT ;N;" ";:PROCR', "",
     "1 2 3 4 5 6 7 8 9 10 " + err("Too many FORs", 20)),
    ("gosub_limit_counts_across_calls", "10 ON ERROR PRINT ;ERR;\" \";N:END\n20 N=0:PROCR\n"
     "30 DEF PROCR:N=N+1:GOSUB 40\n40 PROCR", "", "37 27\n"),
    ("next_in_subroutine_finds_callers_loop", '10 FOR I=1 TO 2:PRINT ;I;:GOSUB 100:NEXT:PRINT "X"\n20 END\n'
     "100 NEXT:RETURN", "", "12" + err("No FOR", 10)),
    ("next_with_gosub_and_repeat_open", '10 FOR I=1 TO 2:REPEAT:GOSUB 100:NEXT:UNTIL TRUE:PRINT "R"\n'
     '20 RETURN\n100 REPEAT:PRINT "G";:RETURN', "", "GGR\n" + err("No GOSUB", 20)),
    ("next_of_outer_loop_leaves_no_inner", '10 FOR I=1 TO 2:FOR J=1 TO 3:PRINT ;I;J;" ";:NEXT I:PRINT "D"\n'
     "20 NEXT J", "", "11 21 D\n" + err("No FOR", 20)),
    ("next_indirect_variable", '10 FOR I%=1 TO 2:PRINT ;I%;:NEXT I%!0:PRINT "P"', "",
     "1" + err("Can't Match FOR", 10)),
    ("error_empties_for_stack", '10 ON ERROR GOTO 30\n20 FOR I=1 TO 3:X=1/0\n30 ON ERROR OFF:PRINT "E":NEXT',
     "", "E\n" + err("No FOR", 30)),
    ("error_empties_repeat_stack", '10 ON ERROR GOTO 30\n20 REPEAT:X=1/0\n30 ON ERROR OFF:PRINT "E":UNTIL TRUE',
     "", "E\n" + err("No REPEAT", 30)),
    ("error_empties_gosub_stack", '10 ON ERROR GOTO 30\n20 GOSUB 40\n30 ON ERROR OFF:PRINT "E":RETURN\n'
     "40 X=1/0", "", "E\n" + err("No GOSUB", 30)),
    ("clear_empties_for_stack", "10 FOR I%=1 TO 3:PRINT ;I%;:CLEAR:NEXT:PRINT", "", "1" + err("No FOR", 10)),
    ("clear_empties_gosub_stack", '10 GOSUB 20:PRINT "B":END\n20 CLEAR:RETURN', "", err("No GOSUB", 20)),
    ("clear_empties_repeat_stack", '10 REPEAT:CLEAR:UNTIL TRUE:PRINT "C"', "", err("No REPEAT", 10)),
    # NEXT of a variable that is not there (BASIC II, run on it): No FOR with no loop open, else
    # Syntax error (a string's name too)
    ("next_unknown_variable_no_loop", "10 NEXT Q", "", err("No FOR", 10)),
    ("next_unknown_variable_in_a_loop", "10 FOR I=1 TO 2:PRINT ;I:NEXT Q", "", "1\n" + err("Syntax error", 10)),
    ("next_unknown_string_in_a_loop", "10 FOR I=1 TO 2:NEXT Q$", "", err("Syntax error", 10)),
    # NEXT of a string variable that is there: Syntax error, loop open or not (BASIC II, run on it)
    ("next_string_variable_in_a_loop", '10 Q$="A":FOR I=1 TO 2:NEXT Q$', "", err("Syntax error", 10)),
    ("next_string_variable_no_loop", '10 Q$="A":NEXT Q$', "", err("Syntax error", 10)),
    ("next_string_array_element", "10 DIM Q$(2):FOR I=1 TO 2:NEXT Q$(1)", "", err("Syntax error", 10)),
    ("next_loop_then_string_variable", '10 Q$="A":FOR I=1 TO 2:NEXT I,Q$', "", err("Syntax error", 10)),
    ("himem_keeps_for_loops", '10 FOR I%=1 TO 2:PRINT ;I%;:HIMEM=HIMEM:NEXT:PRINT "H"', "", "12H\n"),
    ("himem_keeps_gosubs", '10 GOSUB 20:PRINT "B":END\n20 HIMEM=HIMEM:RETURN', "", "B\n"),
    ("himem_keeps_repeats", '10 REPEAT:HIMEM=HIMEM:I=I+1:UNTIL I=3:PRINT ;I', "", "3\n"),
    ("gosubs_and_repeats_interleaved", "10 FOR I=1 TO 10:GOSUB 100:NEXT:PRINT\n"
     "20 REPEAT:I=I-1:GOSUB 100:UNTIL I=0:PRINT\n30 END\n100 PRINT ;I;:RETURN", "", "12345678910\n109876543210\n"),
    ("return_from_subroutine_in_a_proc", '10 PROCA:PRINT "B"\n20 END\n30 DEF PROCA:GOSUB 50:PRINT "A";:ENDPROC\n'
     '50 PRINT "S";:RETURN', "", "SAB\n"),
    # the stacks keep no line (BASIC II's keep the return's text pointer only): an error, ERL and
    # TRACE after RETURN, UNTIL or NEXT still name the line they went back to, and a GOTO from there
    # finds its line
    ("error_line_after_return", '10 GOSUB 100:PRINT "BACK":X=1/0\n100 PRINT "SUB":RETURN', "",
     "SUB\nBACK\n" + err("Division by zero", 10)),
    ("error_line_after_until", "10 REPEAT\n20 I=I+1\n30 UNTIL I=3:PRINT 1/0", "", err("Division by zero", 30)),
    ("error_line_after_next", "10 FOR I=1 TO 2:IF I=2 THEN PRINT Q\n20 NEXT", "", err("No such variable", 10)),
    ("erl_after_return", '10 ON ERROR PRINT "E";ERL:END\n20 GOSUB 100:X=1/0\n100 RETURN', "", "E20\n"),
    ("error_line_after_until_in_a_proc", "10 PROCA\n20 END\n30 DEF PROCA\n40 REPEAT:I=I+1:UNTIL I=2:X=1/0", "",
     err("Division by zero", 40)),
    ("error_line_in_eval_after_until", '10 REPEAT:I=I+1:UNTIL I=2:X=EVAL("1/0")', "", err("Division by zero", 10)),
    ("error_line_in_eval_after_return", '10 GOSUB 20:X=EVAL("1/0")\n20 RETURN', "", err("Division by zero", 10)),
    ("error_line_in_read_after_until", "10 REPEAT:I=I+1:UNTIL I=2:READ A\n20 DATA 1/0", "",
     err("Division by zero", 10)),
    ("error_line_in_val_after_until", '10 PRINT\n20 REPEAT:I=I+1:UNTIL I=2:PRINT VAL("1E99")', "",
     "\n" + err("Too big", 20)),
    ("goto_forward_after_return", '10 GOSUB 100:GOTO 30\n20 PRINT "NO"\n30 PRINT "YES":GOTO 50\n'
     '40 PRINT "NO"\n50 END\n100 RETURN', "", "YES\n"),
    ("trace_after_return_until_and_next", '10 TRACE ON\n20 GOSUB 100:PRINT "A"\n30 REPEAT:I=I+1\n40 UNTIL I=2\n'
     "50 FOR J=1 TO 2:PRINT ;J\n60 NEXT\n70 TRACE OFF:END\n100 PRINT \"S\"\n110 RETURN", "",
     "[20] [100] S\n[110] A\n[30] [40] [40] [50] 1\n[60] 2\n[60] [70] "),
    # (RUN keeps N% and ?&71: &A5 there marks the runs after the first)
    ("run_empties_stacks", "10 IF ?&71<>&A5 THEN ?&71=&A5:N%=0\n20 N%=N%+1:FOR I=1 TO 2:REPEAT:GOSUB 40\n"
     "30 ?&71=0:PRINT ;N%:END\n40 IF N%<30 RUN\n50 RETURN", "", "30\n"),

    # --- input and keys (UG INPUT, GET, INKEY) ---
    ("get", "10 A=GET:PRINT ;A", "Z", "90\n"),
    ("get_string", "10 A$=GET$:PRINT A$;A$", "Q", "QQ\n"),
    ("inkey_key_waiting", "10 A=INKEY(500):PRINT ;A", "A", "65\n"),
    ("inkey_string", "10 A$=INKEY$(500):PRINT A$", "K", "K\n"),
    ("input_number", "10 INPUT A:PRINT ;A*2", "21\n", "?21\n42\n"),
    ("input_prompt_comma", '10 INPUT "NAME",N$:PRINT "HI ";N$', "BOB\n", "NAME?BOB\nHI BOB\n"),
    ("input_prompt_no_question", '10 INPUT "AGE "A:PRINT ;A+1', "9\n", "AGE 9\n10\n"),
    # a ';' after a prompt gives the "?" as a ',' does; ' is a new line and a prompt of its own (as
    # Acorn's BASIC II: run on it)
    ("input_prompt_separators", '10 INPUT "AB";X,"CD",Y,"EF" Z\n20 INPUT \'"GH"\'W\n30 PRINT X;Y;Z;W',
     "1\n2\n3\n4\n", "AB?1\nCD?2\nEF3\n\nGH\n4\n         1234\n"),
    ("input_two_values_one_line", "10 INPUT A,B:PRINT ;A+B", "3,4\n", "?3,4\n7\n"),
    ("input_two_values_two_lines", "10 INPUT A,B:PRINT ;A+B", "3\n4\n", "?3\n?4\n7\n"),
    ("input_line", '10 INPUT LINE A$:PRINT A$', "A, B\n", "?A, B\nA, B\n"),
    # a field in quotes: one string, commas and all, "" a quote, the rest up to its comma dropped;
    # no closing quote is 'Missing "' (BASIC II, run on it); INPUT LINE keeps the quotes
    ("input_quoted_field", '10 INPUT A$,B$:PRINT A$;"/";B$', '"x,y", z\n', '?"x,y", z\nx,y/z\n'),
    ("input_quoted_doubled_quote", '10 INPUT A$,B$:PRINT A$;"/";B$', '"a""b"c,d\n', '?"a""b"c,d\na"b/d\n'),
    ("input_quoted_number", '10 INPUT N,M:PRINT ;N+M', '"12",3\n', '?"12",3\n15\n'),
    ("input_quoted_unclosed", '10 INPUT A$', '"abc\n', '?"abc\n\nMissing " at line 10\n'),
    ("input_line_keeps_quotes", '10 INPUT LINE A$:PRINT A$', '"a,b"\n', '?"a,b"\n"a,b"\n'),
    ("input_line_keeps_leading_spaces", '10 INPUT LINE A$:PRINT A$;"|"', '  "Q" \n', '?  "Q" \n  "Q" |\n'),  # BASIC II
    ("input_string_strips_spaces", '10 INPUT A$:PRINT "[";A$;"]"', "  X\n", "?  X\n[X]\n"),

    # --- other statements and functions ---
    ("vdu_characters", "10 VDU 65,66,67", "", "ABC"),
    ("vdu_semicolon_word", "10 VDU &4241;", "", "AB"),
    ("pos_count", '10 PRINT "ABC";POS;COUNT', "", "ABC34\n"),   # COUNT after POS's digit
    ("rnd_range", '10 F=0:FOR I=1 TO 200:R=RND(6):IF R<1 OR R>6 F=1\n20 NEXT:PRINT ;F', "", "0\n"),
    ("rnd_covers_range", "10 DIM C(6):FOR I=1 TO 300:C(RND(6))=1:NEXT:S=0:FOR I=1 TO 6:S=S+C(I):NEXT:PRINT ;S",
     "", "6\n"),
    ("rnd_negative_seed_returns_it", "10 PRINT ;RND(-5)", "", "-5\n"),
    ("rnd_seed_repeats", "10 A=RND(-1):X=RND(1000):A=RND(-1):Y=RND(1000):PRINT ;X=Y", "", "-1\n"),
    ("rnd_zero_repeats_last", "10 X=RND:PRINT ;RND(0)=X", "", "-1\n"),
    ("time_set_and_read", "10 TIME=0:T=TIME:PRINT ;T>=0 AND T<100", "", "-1\n"),
    ("usr_returns_a", "10 DIM C% 10:?C%=&A9:C%?1=42:C%?2=&60:PRINT ;USR(C%) AND &FF", "", "42\n"),
    ("call_routine", '10 DIM C% 10:?C%=&60:CALL C%:PRINT "OK"', "", "OK\n"),
    ("call_sets_registers", "10 DIM C% 10:?C%=&8D:C%?1=&70:C%?2=0:C%?3=&60:A%=99:CALL C%:PRINT ;?&70", "",
     "99\n"),
    ("top_after_program", "10 PRINT ;TOP>PAGE", "", "-1\n"),
    ("himem_above_lomem", "10 PRINT ;HIMEM>LOMEM", "", "-1\n"),
    ("rem_ignored", '10 REM PRINT "X":PRINT "Y"\n20 PRINT "Z"', "", "Z\n"),
    ("colon_separated", '10 PRINT "A";:PRINT "B";:PRINT "C"', "", "ABC\n"),
    ("clear_forgets", "10 A=1:CLEAR:PRINT A", "", err("No such variable", 10)),
    ("keyword_abbreviation", '10 P."HI"', "", "HI\n"),
    ("eval_expression", '10 A=6:PRINT ;EVAL("A*7")', "", "42\n"),
    ("eval_functions", '10 PRINT ;EVAL("LEN(""AB"")+ABS(-3)")', "", "5\n"),
    ("eval_string", '10 B$="XY":PRINT EVAL("B$+B$")', "", "XYXY\n"),
    ("top_keyword", "10 PRINT ;TOP-PAGE>0", "", "-1\n"),
]


def _cases_beside():
    """Part 2's programs: one module per area, tests/bbc_basic/cases_<area>.py, each with a CASES list."""
    import importlib
    from pathlib import Path
    for path in sorted(Path(__file__).parent.glob("cases_*.py")):
        CASES.extend(importlib.import_module(f"bbc_basic.{path.stem}").CASES)


_cases_beside()

# The cases as worked out from the User Guide; CASES has Acorn's output where Acorn's BASIC II gives
# another (acorn_outputs.py, recorded from Acorn's ROMs: they are right, issue 18).
MANUAL_CASES = list(CASES)


def _acorn_outputs():
    from .acorn_outputs import ACORN_OUTPUTS
    CASES[:] = [(name, program, inputs, ACORN_OUTPUTS.get(name, expected))
                for name, program, inputs, expected in CASES]


_acorn_outputs()
