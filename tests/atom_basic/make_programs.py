"""Writes the conformance programs tests/atom_basic/NNN_name.bas: the program's lines, "==", then
the rows after >RUN, the prompt's row the last.

The rows recorded are what Acorn's own Atom ROMs show on the same emulated machine (issue 18: Acorn's
ROMs are right).  The rows below come from reading the documented language ("Atomic Theory and
Practice") and are only a new program's first guess: a file that exists keeps the rows recorded in
it when its program is unchanged, and `python tests/reference/update.py` records Acorn's rows for a
new one (it needs the reference folder).  Run this again after adding a case:
    python tests/atom_basic/make_programs.py
"""
import os

OUT = os.path.dirname(os.path.abspath(__file__))

def N(*vals, w=8):
    return "".join(str(v).rjust(w) for v in vals)

def H(*vals, w=8):
    return "".join(format(v & 0xFFFFFFFF, "X").rjust(w) for v in vals)

cases = []
def case(name, lines, expected, note=""):
    cases.append((name, lines if isinstance(lines, list) else lines.split("\n"), expected, note))

s32 = lambda v: ((v + 2**31) % 2**32) - 2**31
def tdiv(a, b):
    q = abs(a) // abs(b)
    return q if (a < 0) == (b < 0) else -q
def tmod(a, b):
    return a - b * tdiv(a, b)

# --- PRINT ---------------------------------------------------------------------------------
case("print_number", "10 PRINT 42", [N(42)])
case("print_negative", "10 PRINT -42", [N(-42)])
case("print_zero", "10 PRINT 0", [N(0)])
case("print_string", '10 PRINT "HELLO"', ["HELLO"])
case("print_string_quote", '10 PRINT "SAY ""HI"""', ['SAY "HI"'])
case("print_two_numbers", "10 PRINT 1,2", [N(1, 2)])
case("print_juxtaposed", '10 PRINT "A"1"B"', ["A" + N(1) + "B"])
case("print_semicolon_suppresses_newline", '10 PRINT "A";PRINT "B"', ["AB"])
case("print_apostrophe_newline", "10 PRINT \"A\"'\"B\"", ["A", "B"])
case("print_blank_line", '10 PRINT\n20 PRINT "X"', ["", "X"])
case("print_hex", "10 PRINT &255", [H(255)])
case("print_hex_then_more", "10 PRINT &255,&4096", [H(255, 4096)])
case("print_hex_negative", "10 PRINT &-1", [H(-1)])
case("print_char", '10 PRINT $65 $66;PRINT $67', ["ABC"])
case("print_char_expression", '10 PRINT $(64+3)', ["C"])
case("print_field_width", "10 @=4;PRINT 1,22,333\n20 @=8", [N(1, 22, 333, w=4)])
case("print_field_zero", "10 @=0;PRINT 1 2 3\n20 @=8", ["123"])
case("print_long_number", "10 PRINT 1234567890", [N(1234567890, w=10)])
case("print_min_int", "10 PRINT -2147483647-1", ["-2147483648"])
case("print_many_items", '10 PRINT "X="5" Y="6', ["X=" + N(5) + " Y=" + N(6)])
case("print_wraps_at_32", '10 PRINT 1,2,3,4,5', [N(1, 2, 3, 4), N(5)])
case("print_string_at_address", '10 DIM A9\n20 $A="WORD"\n30 PRINT $A', ["WORD"])
case("print_empty_string", '10 PRINT ""', [""])
case("print_home_code", '10 PRINT $30"Z";', ["Z"])
case("print_backspace_code", '10 PRINT "AB"$8"C"', ["AC"])

# --- arithmetic -------------------------------------------------------------------------------
arith = [
    ("add", "2+3", 5), ("sub", "2-3", -1), ("mul", "6*7", 42), ("div", "7/2", 3),
    ("div_negative", "-7/2", -3), ("div_negative_divisor", "7/-2", -3), ("mod", "7%3", 1),
    ("mod_negative", "-7%3", -1), ("mod_negative_divisor", "7%-3", 1),
    ("precedence_mul", "2+3*4", 14), ("brackets", "(2+3)*4", 20), ("left_assoc_sub", "10-2-3", 5),
    ("left_assoc_div", "100/10/2", 5), ("sum_of_products", "2*3+4*5", 26),
    ("unary_minus", "-3*-3", 9), ("double_negative", "--5", 5), ("unary_plus", "+5", 5),
    ("nested_brackets", "((1+2)*(3+4))", 21), ("hex_literal", "#FF", 255), ("hex_lower_digits", "#1A+1", 27),
    ("hex_big", "#7FFFFFFF", 2147483647), ("overflow_wraps", "#7FFFFFFF+1", -2147483648),
    ("mul_wraps", "65536*65536", 0), ("mul_negative", "-12*12", -144),
    ("large_mul", "12345*6789", 12345 * 6789), ("div_big", "2000000000/7", 2000000000 // 7),
    ("bitwise_and", "12&10", 8), ("bitwise_or", "12|3", 15), ("exclusive_or", "12:10", 6),
    ("eor_self", "99:99", 0), ("and_negative", "-1&255", 255), ("or_precedence", "1|2*4", 9),
    ("eq_true", "3=3", 1), ("eq_false", "3=4", 0), ("ne", "3<>4", 1), ("lt", "3<4", 1),
    ("gt", "3>4", 0), ("le_equal", "4<=4", 1), ("ge", "5>=4", 1), ("lt_negative", "-5<3", 1),
    ("gt_signed", "-1>1", 0), ("compare_big", "#7FFFFFFF>-1", 1),
    ("and_logic", "1=1 AND 2=2", 1), ("and_logic_false", "1=1 AND 2=3", 0),
    ("or_logic", "1=2 OR 2=2", 1), ("or_logic_false", "1=2 OR 2=3", 0),
    ("relation_sum", "1+1=2", 1), ("spaces", " 1 + 2 * 3 ", 7),
    ("chain", "1+2+3+4+5+6+7+8+9+10", 55), ("deep_brackets", "(((((7)))))", 7),
]
for name, e, v in arith:
    case("expr_" + name, f"10 PRINT {e}", [N(v)])

# --- functions ---------------------------------------------------------------------------------
case("fn_abs", "10 PRINT ABS-5 ABS 5", [N(5, 5)])
case("fn_abs_expression", "10 PRINT ABS(3-10)", [N(7)])
case("fn_ch", '10 PRINT CH"A" CH"0"', [N(65, 48)])
case("fn_ch_arithmetic", '10 PRINT CH"B"-CH"A"', [N(1)])
case("fn_count", '10 PRINT "ABC";X=COUNT;PRINT \'X', ["ABC", N(3)])
case("fn_count_after_newline", "10 PRINT \"AB\"';X=COUNT;PRINT X", ["AB", N(0)])
case("fn_len", '10 DIM A9;$A="HELLO";PRINT LEN A', [N(5)])
case("fn_len_empty", '10 DIM A9;$A="";PRINT LEN A', [N(0)])
# RND's seed (#08-#0C, ATAP ch. 8) is set first: Acorn's BASIC takes it from the power-on RAM
case("fn_rnd_differs", "5 !8=1234567;?12=89\n10 A=RND;B=RND;PRINT A<>B", [N(1)])
case("fn_rnd_mod_range", "10 N=0;FOR I=1 TO 50;R=ABSRND%8;IF R<0 OR R>7 N=N+1\n20 NEXT;PRINT N", [N(0)])
case("fn_rnd_spreads_low_bits", "5 !8=1234567;?12=89\n10 DIM AA7;FOR I=0 TO 7;AAI=0;NEXT\n20 FOR I=1 TO 80;R=ABSRND%8;AAR=AAR+1;NEXT\n"
     "30 N=0;FOR I=0 TO 7;IF AAI>0 N=N+1\n40 NEXT;PRINT N", [N(8)])
case("fn_top_after_program", "10 PRINT TOP>#2900", [N(1)])
case("fn_top_grows", "10 A=TOP\n20 PRINT A=TOP", [N(1)])

# --- variables, arrays, indirection ------------------------------------------------------------
case("var_assign", "10 A=5;PRINT A", [N(5)])
case("var_all_letters", "10 A=1;Z=26;M=13;PRINT A M Z", [N(1, 13, 26)])
case("var_let", "10 LET B=7;PRINT B", [N(7)])
case("var_self_update", "10 C=1;C=C+1;C=C*10;PRINT C", [N(20)])
case("var_32_bits", "10 D=#12345678;PRINT &D", [H(0x12345678)])
case("var_at_is_width", "10 @=3;PRINT @;@=8", [N(3, w=3)])
case("var_documented_address", "10 A=#01020304;PRINT ?#322,?#33D,?#358,?#373", [N(4, 3, 2, 1)])
case("var_documented_z", "10 Z=300;PRINT ?#33B+256*?#356", [N(300)])
case("array_word", "10 DIM AA3;AA0=5;AA3=9;PRINT AA0 AA3", [N(5, 9)])
case("array_subscript_var", "10 DIM BB4;FOR I=0 TO 4;BBI=I*I;NEXT;PRINT BB2 BB4", [N(4, 16)])
case("array_subscript_expr", "10 DIM CC5;CC(2+3)=7;PRINT CC5", [N(7)])
case("array_negative_values", "10 DIM DD1;DD1=-100;PRINT DD1", [N(-100)])
case("array_two_arrays", "10 DIM PP5,TT2;PP1=1;TT1=2;PRINT PP1 TT1", [N(1, 2)])
case("array_in_expression", "10 DIM EE2;EE1=6;PRINT EE1*EE1+1", [N(37)])
case("dim_bytes_address", "10 DIM A3,B3;PRINT B-A", [N(4)])
case("dim_zero_bytes", "5 R=0;S=0\n10 DIM R-1,S-1;PRINT S-R", [N(0)])   # (no power-on RAM in R, S)
case("dim_above_top", "10 DIM A0;PRINT A>=TOP", [N(1)])
case("byte_indirection", "10 DIM A3;?A=65;PRINT ?A", [N(65)])
case("byte_offset_indirection", "10 DIM A3;A?2=7;PRINT A?2,?(A+2)", [N(7, 7)])
case("byte_truncates", "10 DIM A3;?A=257;PRINT ?A", [N(1)])
case("word_indirection", "10 DIM A7;!A=-5;PRINT !A", [N(-5)])
case("word_offset_indirection", "10 DIM A7;A!4=123456;PRINT A!4", [N(123456)])
case("word_bytes_little_endian", "10 DIM A3;!A=#01020304;PRINT ?A A?3", [N(4, 1)])
case("indirection_video", "10 PRINT $12;?#8005=1;PRINT", ["     A"])
case("string_copy", '10 DIM A9,B9;$A="XY";$B=$A;PRINT $B', ["XY"])
case("string_chars", '10 DIM A9;$A="AB";PRINT ?A A?1 A?2', [N(65, 66, 13)])
case("string_equal", '10 DIM A9;$A="YES";IF $A="YES" PRINT "SAME"', ["SAME"])
case("string_not_equal", '10 DIM A9;$A="YES";X=$A="NO";Y=$A<>"NO";PRINT X,Y', [N(0, 1)])
case("string_prefix_differs", '10 DIM A9,B9;$A="AB";$B="ABC";X=$A=$B;Y=$B=$A;PRINT X,Y', [N(0, 0)])
case("string_compare_vars", '10 DIM A9,B9;$A="XY";$B=$A;IF $A=$B PRINT "EQ"', ["EQ"])
case("string_build", '10 DIM A9;$A="HI";A?2=CH"!";A?3=13;PRINT $A', ["HI!"])

# --- control flow ------------------------------------------------------------------------------
case("goto_forward", '10 GOTO 30\n20 PRINT "NO"\n30 PRINT "YES"', ["YES"])
case("goto_backward_loop", '10 A=0\n20 A=A+1;IF A<3 GOTO 20\n30 PRINT A', [N(3)])
case("goto_expression", '10 GOTO 10+20\n20 PRINT "NO"\n30 PRINT "YES"', ["YES"])
case("goto_label", '10 GOTO x\n20 PRINT "NO"\n30xPRINT "YES"', ["YES"])
case("gosub_return", '10 GOSUB 100;PRINT "BACK";END\n100 PRINT "SUB";RETURN', ["SUBBACK"])
case("gosub_label", '10 GOSUB s;GOSUB s;END\n20sPRINT "S";RETURN', ["SS"])
case("gosub_nested", '10 GOSUB a;PRINT "3";END\n20aGOSUB b;PRINT "2";RETURN\n30bPRINT "1";RETURN', ["123"])
case("gosub_recursion", '10 N=5;GOSUB r;END\n20rPRINT N;N=N-1;IF N>0 GOSUB r\n30 RETURN', [N(5, 4, 3, 2), N(1)])
case("return_mid_line", '10 GOSUB 20;PRINT "B";END\n20 PRINT "A";RETURN;PRINT "X"', ["AB"])
case("if_true", '10 IF 1 PRINT "T"', ["T"])
case("if_false", '10 IF 0 PRINT "T"\n20 PRINT "E"', ["E"])
case("if_then", '10 IF 2>1 THEN PRINT "T"', ["T"])
case("if_skips_rest_of_line", '10 IF 0 PRINT "A";PRINT "B"\n20 PRINT "C"', ["C"])
case("if_true_runs_rest", '10 IF 1 PRINT "A";PRINT "B"', ["AB"])
case("if_assignment", "10 A=1;IF A=1 A=2\n20 PRINT A", [N(2)])
case("if_goto", '10 IF 1 GOTO 30\n20 PRINT "NO"\n30 PRINT "YES"', ["YES"])
case("if_and", '10 A=3;IF A>1 AND A<5 PRINT "IN"', ["IN"])
case("if_or", '10 A=9;IF A<1 OR A>5 PRINT "OUT"', ["OUT"])
case("if_nonzero_value", '10 IF 7 PRINT "T"', ["T"])
case("if_negative_true", '10 IF -1 PRINT "T"', ["T"])
case("for_basic", "10 FOR I=1 TO 3;PRINT I;NEXT", [N(1, 2, 3)])
case("for_step", "10 FOR I=0 TO 10 STEP 5;PRINT I;NEXT", [N(0, 5, 10)])
case("for_negative_step", "10 FOR I=3 TO 1 STEP -1;PRINT I;NEXT", [N(3, 2, 1)])
case("for_runs_once", "10 FOR I=5 TO 1;PRINT I;NEXT", [N(5)])
case("for_value_after", "10 FOR I=1 TO 3;NEXT;PRINT I", [N(4)])
case("for_nested", "10 FOR I=1 TO 2;FOR J=1 TO 2;PRINT I*10+J;NEXT;NEXT", [N(11, 12, 21, 22)])
case("for_next_named", "10 FOR I=1 TO 2;FOR J=1 TO 2;NEXT J;PRINT I;NEXT I", [N(1, 2)])
case("for_across_lines", "10 FOR I=1 TO 3\n20 PRINT I;\n30 NEXT", [N(1, 2, 3)])
case("for_sum", "10 S=0;FOR I=1 TO 100;S=S+I;NEXT;PRINT S", [N(5050)])
case("for_step_expression", "10 A=2;FOR I=1 TO 7 STEP A+1;PRINT I;NEXT", [N(1, 4, 7)])
case("for_nospace", "10 FORI=1TO3;PRINTI;NEXT", [N(1, 2, 3)])
case("for_goto_out_and_again", "10 N=0\n20 FOR I=1 TO 5;IF I=2 GOTO 40\n30 NEXT\n40 N=N+1;IF N<3 GOTO 20\n50 PRINT N I", [N(3, 2)])
case("do_until", "10 A=0;DO A=A+1;UNTIL A=5;PRINT A", [N(5)])
case("do_until_runs_once", "10 A=9;DO A=A+1;UNTIL A>0;PRINT A", [N(10)])
case("do_nested", "10 A=0;B=0;DO B=B+1;C=0\n20 DO C=C+1;A=A+1;UNTIL C=3;UNTIL B=2;PRINT A", [N(6)])
case("do_across_lines", "10 A=1\n20 DO A=A*2\n30 UNTIL A>100\n40 PRINT A", [N(128)])
case("do_print_loop", '10 N=0;DO PRINT ".";N=N+1;UNTIL N=5', ["....."])
case("end_stops", '10 PRINT "A";END;PRINT "B"', ["A"])
case("end_of_program", '10 PRINT "A"', ["A"])
case("rem_ignored", '10 REM PRINT "X"\n20 PRINT "Y"', ["Y"])
case("semicolons_between_statements", "10 A=1;B=2;C=A+B;PRINT C", [N(3)])
case("empty_statements", "10 A=1;;PRINT A", [N(1)])
case("lines_out_of_order", '30 PRINT "C"\n10 PRINT "A";\n20 PRINT "B";', ["ABC"])
case("line_replaced", '10 PRINT "OLD"\n10 PRINT "NEW"', ["NEW"])
case("line_deleted", '10 PRINT "A"\n20 PRINT "B"\n20', ["A"])
case("label_and_number", '10 GOTO 20\n20zPRINT "Z"', ["Z"])
case("keyword_abbreviation", '10 P."SHORT"', ["SHORT"])
case("gosub_abbreviation", '10 GOS.s;E.\n20sP."S";R.', ["S"])
case("link_machine_code", "10 DIM P-1;Q=P;[LDA@42;STA#80;RTS;]\n20 PRINT $12;LINK Q;PRINT ?#80", [N(42)])

# --- errors -----------------------------------------------------------------------------------
case("error_division_by_zero", "10 A=0\n20 PRINT 1/A", ["ERROR 129 LINE 20"])
case("error_missing_line", "10 GOTO 99", ["ERROR 127 LINE 10"])
case("error_missing_label", "10 GOSUB q", ["ERROR 157 LINE 10"])
case("error_return", "10 RETURN", ["ERROR 31 LINE 10"])
case("error_next", "10 NEXT", ["ERROR 230 LINE 10"])
case("error_until", "10 UNTIL 1", ["ERROR 198 LINE 10"])
case("error_unknown_statement", "10 A=1\n20 QQQ", ["ERROR 94 LINE 20"])
case("error_missing_to", "10 FOR I=1 STEP 2", ["ERROR 174 LINE 10"])
case("error_gosub_depth", "10 GOSUB 10", ["ERROR 2 LINE 10"])
case("error_for_depth", "10 FORA=1TO2;FORB=1TO2;FORC=1TO2;FORD=1TO2;FORE=1TO2\n20 FORF=1TO2;FORG=1TO2;FORH=1TO2;FORI=1TO2", ["ERROR 111 LINE 20"])
case("error_mod_by_zero", "10 PRINT 5%0", ["ERROR 129 LINE 10"])
case("error_then_output_kept", '10 PRINT "A"\n20 GOTO 5', ["A", "ERROR 127 LINE 20"])
case("error_mid_print", '10 PRINT "A";GOTO 7', ["A", "ERROR 127 LINE 10"])
case("error_bad_factor", "10 A=)", ["ERROR 29 LINE 10"])
case("error_missing_bracket", "10 A=(1+2", ["ERROR 174 LINE 10"])
case("error_mnemonic", "10 DIM P-1;[XYZ]", ["ERROR 208 LINE 10"])
case("error_branch_range", "10 DIM P-1;Q=P;[BNE Q+200;]", ["ERROR 174 LINE 10"])

# --- programs ------------------------------------------------------------------------------------
case("prog_factorial", "10 F=1;FOR I=1 TO 10;F=F*I;NEXT;PRINT F", [N(3628800)])
case("prog_fibonacci", "10 A=0;B=1;FOR I=1 TO 8;C=A+B;A=B;B=C;PRINT A;NEXT", [N(1, 1, 2, 3), N(5, 8, 13, 21)])
case("prog_primes", "10 FOR N=2 TO 30;P=1;FOR D=2 TO N-1;IF N%D=0 P=0\n20 NEXT;IF P @=3;PRINT N;@=8\n30 NEXT",
     ["".join(str(p).rjust(3) for p in (3, 5, 7, 11, 13, 17, 19, 23, 29))])   # FOR D=2 TO 1 runs once, so 2 is not found
case("prog_gcd", "10 A=1071;B=462\n20 DO T=B;B=A%B;A=T;UNTIL B=0;PRINT A", [N(21)])
case("prog_powers_of_two", "10 A=1;FOR I=1 TO 31;A=A*2;NEXT;PRINT A", [N(-2147483648, w=11)])
case("prog_collatz", "10 N=27;S=0;DO IF N%2=0 N=N/2;GOTO 30\n20 N=3*N+1\n30 S=S+1;UNTIL N=1;PRINT S", [N(111)])
case("prog_digits_sum", "10 N=98765;S=0;DO S=S+N%10;N=N/10;UNTIL N=0;PRINT S", [N(35)])
case("prog_bubble_sort", "10 DIM AA4;AA0=5;AA1=3;AA2=4;AA3=1;AA4=2\n20 FOR I=0 TO 3;FOR J=0 TO 3-I\n25 IF AA(J)>AA(J+1) T=AAJ;AAJ=AA(J+1);AA(J+1)=T\n30 NEXT;NEXT\n40 FOR I=0 TO 4;PRINT AAI;NEXT",
     [N(1, 2, 3, 4), N(5)])
case("prog_string_reverse", '10 DIM A9,B9;$A="ABCDE";L=LEN A\n20 FOR I=0 TO L-1;B?I=A?(L-1-I);NEXT;B?L=13;PRINT $B', ["EDCBA"])
case("prog_nim_sum", "10 DIM TT2;TT0=3;TT1=5;TT2=4;S=0\n20 FOR N=0 TO 2;S=S:TTN;NEXT;PRINT S", [N(2)])
case("prog_triangle", '10 FOR I=1 TO 4;FOR J=1 TO I;PRINT "*";NEXT;PRINT\';NEXT', ["*", "**", "***", "****"])
case("prog_hex_table", "10 FOR I=10 TO 15;PRINT &I;NEXT", [H(10, 11, 12, 13), H(14, 15)])
case("prog_count_chars", '10 PRINT "HELLO";C=COUNT;PRINT\'C', ["HELLO", N(5)])
case("prog_multiplication", "10 @=4;FOR I=1 TO 3;FOR J=1 TO 3;PRINT I*J;NEXT;PRINT';NEXT;@=8",
     [N(1, 2, 3, w=4), N(2, 4, 6, w=4), N(3, 6, 9, w=4)])
case("prog_assembler_modes", "10 DIM P-1;Q=P;PRINT $21;[LDA#1234,X;LDA#12,X;LDA(#12),Y\n15 LDA(#12,X);ASL A;JMP(#200);JSR#FFE3;LDX#12,Y;STA#34,Y;]\n20 PRINT $6;FOR I=0 TO P-Q-1;PRINT &Q?I;NEXT",
     [H(0xBD, 0x34, 0x12, 0xB5), H(0x12, 0xB1, 0x12, 0xA1), H(0x12, 0x0A, 0x6C, 0x00),
      H(0x02, 0x20, 0xE3, 0xFF), H(0xB6, 0x12, 0x99, 0x34), H(0)])
case("prog_assembler_labels", "10 DIM AA1,P-1;Q=P;PRINT $21\n20 FOR N=1 TO 2;P=Q\n30[:AA0 LDX@3;:AA1 DEX;BNE AA1;RTS;]\n40 NEXT;PRINT $6;FOR I=0 TO 5;PRINT &Q?I;NEXT",
     [H(0xA2, 0x03, 0xCA, 0xD0), H(0xFD, 0x60)])
case("prog_link_registers", "10 DIM P-1;Q=P;PRINT $21;[STA#80;STX#81;STY#82;RTS;]\n20 PRINT $6;A=1;X=2;Y=3;LINK Q;PRINT ?#80,?#81,?#82", [N(1, 2, 3)])

case("os_oswrch_keeps_registers_oscrlf_gives_13",
     "10 DIM P-1;Q=P;PRINT $21;[LDA@65;LDX@1;LDY@2;JSR#FFF4\n20 STA#80;STX#81;STY#82;JSR#FFED;STA#83;RTS;]\n30 PRINT $6;LINK Q;PRINT ?#80,?#81,?#82,?#83",
     ["A", N(65, 1, 2, 13)])
case("os_osasci_turns_13_into_a_new_line",
     "10 DIM P-1;Q=P;PRINT $21;[LDA@66;JSR#FFE9;LDA@13;JSR#FFE9\n20 LDA@67;JSR#FFE9;RTS;]\n30 PRINT $6;LINK Q;PRINT",
     ["B", "C"])
case("os_vectors_in_page_2", "10 PRINT ?#209=#FF OR ?#209>=#F0, ?#20B>=#F0", [N(1, 1)])

# --- statement dispatch: the table is searched from the statement's first letter -------------
# `N.` for NEXT as in ATAP 4.6.1's example; names of variables and arrays that share a first letter
# with statements (D, E, F, G, I, L, N, P, R, U, W) must still be assignments.
case("stmt_next_abbreviation", "10 FOR I=1 TO 3;PRINT I;N.", [N(1, 2, 3)])
case("stmt_variables_named_like_statement_letters",
     "10 D=4;E=5;F=6;G=7;I=8;L=9\n20 N=2;P=3;R=1;U=2;W=3\n30 PRINT D+E+F+G+I+L+N+P+R+U+W", [N(50)])
case("stmt_arrays_named_like_statement_letters", "10 DIM DD2,RR2;DD1=6;RR1=7;PRINT DD1*RR1", [N(42)])
case("stmt_let_and_rem", "10 LET A=5\n20 REM SKIP ME;A=6\n30 PRINT A", [N(5)])
case("stmt_until_and_wait", "10 A=0;DO A=A+1;WAIT;UNTIL A=3;PRINT A", [N(3)])

# --- errors added with the documented table ---------------------------------------------------
# the documented numbers of the remaining checks (ATAP ch. 27; docs/atom_firmware.md "Errors")
case("error_do_depth", "10 DO;GOTO 10", ["ERROR 18 LINE 10"])
case("error_for_without_variable", "10 FOR 1=1 TO 2", ["ERROR 111 LINE 10"])
case("error_next_of_other_variable", "10 FOR I=1 TO 2;NEXT J", ["ERROR 230 LINE 10"])
case("error_print_unmatched_quote", '10 PRINT "AB', ["AB", "ERROR 159 LINE 10"])  # printed as read
case("error_string_unmatched_quote", '10 DIM A9;$A="AB', ["ERROR 200 LINE 10"])
case("error_illegal_dim", "10 DIM 5", ["ERROR 216 LINE 10"])
case("error_subscript_negative", "10 DIM AA3;AA(-1)=5", ["ERROR 134 LINE 10"])
case("error_subscript_too_big", "10 DIM AA3;PRINT AA(16384)", ["ERROR 134 LINE 10"])
case("error_subscript_in_range", "10 DIM AA3;AA3=7;AA0=2;PRINT AA3*AA0", [N(14)])
case("error_missing_equals", "10 FOR I 1 TO 2", ["ERROR 94 LINE 10"])
case("error_assembler_label", "10 DIM P-1;[:5 NOP;]", ["ERROR 76 LINE 10"])
case("error_star_command", "10 PRINT 1\n20 *CAT\n30 PRINT 2", [N(1), "COM?", "ERROR 48 LINE 20"])

# --- Acorn's BASIC as its ROMs show it (issue 19; the rows are recorded from Acorn's) -------------
case("cond_relations_in_brackets", "10 A=(3<4)+(2=2)*2;B=(1=2);PRINT A,B'", [N(3, 0)])
case("cond_and_or_act_on_all_bits", "10 A=(5 OR 2);B=(6 AND 3);PRINT A,B'", [N(7, 2)])
case("cond_if_then_needs_then_before_t", "10 IF 1=1 T=2", ["ERROR 174 LINE 10"])
case("expr_letter_after_variable", "10 A=1;B=2;PRINT AB", ["ERROR 29 LINE 10"])
case("expr_multiply_keeps_31_bits", "10 PRINT #7FFFFFFF*2,#40000000*2,-3*5'", [N(2147483646, 0, -15)])
case("error_handler_of_the_program",
     '10 E=TOP;$E="P.""ERR""?0\';E."\n15 ?16=E;?17=E/256\n20 A=1/0', ["ERR     129"])
case("dim_sets_two_bytes", "10 A=-1;DIM A0;PRINT A-TOP'", [N(-65536)])
case("dim_past_the_end_of_ram", "10 DIM A 20000", ["ERROR 30 LINE 10"])
case("goto_takes_a_factor", '10 GOTO 10+20\n20 PRINT "NO"\n30 PRINT "YES"', ["ERROR 94 LINE 10"])
case("goto_number_lands_on_the_label", '10 GOTO 20\n20zPRINT "Z"', ["ERROR 94 LINE 20"])
case("string_doubled_quote", '10 DIM A9;$A="A""B";PRINT $A\'', ['A"B'])
case("string_at_an_expression", '10 DIM A9,B9;$A="XY";$B="Q";$A+LEN(A)=$B;PRINT $A\'', ["XYQ"])
case("top_after_the_text", "10 PRINT TOP-#2900'", [N(11)])
case("li_is_link_in_a_program", '10 PRINT "A";LI.;PRINT "B"', ["A", "ERROR 29 LINE 10"])
case("line_after_return_is_the_subroutines", "10 GOSUB 100\n20 A=1/0\n100 P.1\n110 RETURN",
     [N(1), "ERROR 129 LINE 110"])
case("line_in_a_subroutine_by_label", "10 GOSUB a\n15 P.3\n20 A=1/0\n100aA=1/0", ["ERROR 129 LINE 15"])
case("line_after_next_is_nexts", "10 I=0;FOR I=1 TO 2;IF I=2 A=1/0\n20 NEXT", ["ERROR 129 LINE 20"])
case("assembler_lists_line_address_bytes_text",
     "10 DIM P-1\n20[LDA @1\n30 RTS;]\n40 P.\"X\"'\n50[NOP;\n60 LDA @2;];P.\"Y\"", [])
case("assembler_branch_out_of_range", "10 DIM P-1;Q=P;[BNE Q+200;]", [])
case("fn_rnd_from_a_poked_seed", "10 !8=1234567;?12=89;A=RND;B=RND;PRINT &A,B,&!8,?12'", [])
case("assembler_operand_a_is_the_accumulator", "10 DIM P-1;A=#2950\n20[ROL AA1;ASL A;]\n30[LDA A;]", [])
case("dim_leaves_55_at_the_free_pointer", "10 DIM AA3,B(2);PRINT ?B,?(B+3)'",
     [N(85, 85), "", "ERROR 94 LINE      10"])

os.makedirs(OUT, exist_ok=True)
recorded = {}                   # program lines -> the rows recorded in the file (Acorn's)
for f in os.listdir(OUT):
    if f.endswith(".bas"):
        with open(os.path.join(OUT, f)) as old:
            program, rows = old.read().split("\n==\n", 1)
        recorded[(f.split("_", 1)[1], program)] = rows
        os.remove(os.path.join(OUT, f))
n = 0
for name, lines, expected, note in cases:
    for line in lines:          # the Atom's input buffer holds 63 characters and RETURN
        assert len(line) <= 63, f"{name}: line too long to type: {line}"
    n += 1
    program = "\n".join(lines)
    rows = recorded.get((f"{name}.bas", program), "\n".join(expected + [">"]) + "\n")
    with open(os.path.join(OUT, f"{n:03d}_{name}.bas"), "w") as f:
        f.write(program + "\n==\n" + rows)
print(n, "programs")
