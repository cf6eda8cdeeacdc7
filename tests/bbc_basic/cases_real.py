"""Conformance programs for real numbers (issue 9, part 2a), in the form of cases.py.

The expected outputs come from the documented rules (BBC Microcomputer User Guide: PRINT and @%,
"Accuracy", the keyword pages, "Error messages") worked out by the independent Python model of the
5-byte format in real_model.py, never from running our ROM:
  * a real is rounded to a 32-bit mantissa after each operation (real_model.rnd);
  * PRINT under @% = &90A (the default): G format, 9 significant digits, in a field of 10;
    a number below 0.1 or from 10^9 is printed in E form with its trailing zeros dropped;
  * integers stay integers for + - * (a product past 32 bits becomes a real), / and ^ give reals,
    DIV and MOD truncate reals to integers, assigning a real to an integer variable truncates.
The values printed by the functions are checked to be far enough from a 9-digit rounding point
(real_model.robust) that a last-bit difference cannot decide them.
"""
import math

from .real_model import fmt, rnd, robust

R = rnd
E = "\n{} at line {}\n"     # an error stopping a program


def v(x):
    """A function's value, checked to be decidable at 9 digits."""
    x = R(x)
    assert robust(x), x
    return x


def show(x, at=0x90A):
    """PRINT of one value in its field: a Python int is a BASIC integer, printed whole under a G
    format; a float is a real (and so is an integer under E and F, which print it as a real)."""
    if isinstance(x, int) and (at >> 16) & 0xFF == 0:
        return str(x).rjust(at & 0xFF)
    return fmt(float(x), at)


def p(*values, at=0x90A):
    """The lines PRINT v prints, one PRINT per value."""
    return "".join(show(x, at) + "\n" for x in values)


def lines(name, exprs, values, at=0x90A, pre=""):
    """A program printing each expression on its own line."""
    prog = (f"5 {pre}\n" if pre else "") + "\n".join(f"{10 * (i + 1)} PRINT {e}" for i, e in enumerate(exprs))
    return (name, prog, "", p(*values, at=at))


def div(a, b):
    return R(R(a) / R(b))


ARGS = ["0.3", "0.5", "0.7", "1", "1.5", "2", "2.5", "3", "-0.4", "-1.2", "-2.5", "4", "5", "7", "10", "0.1",
        "0.9", "1.3", "6", "0.05", "0.2", "0.6", "0.8", "1.1", "1.7", "2.2", "3.3", "-0.7", "8", "9", "0.15",
        "0.35", "0.45", "0.55", "0.65", "0.75", "0.85", "0.95"]


def robust_calls(fname, f, n=4, domain=lambda x: True):
    """The first n calls fname(a) over ARGS whose value the model decides at 9 digits."""
    picked = []
    for a in ARGS:
        x = R(float(a))
        if not domain(x):
            continue
        y = R(f(x))
        if robust(y):
            picked.append((f"{fname}({a})", y))
        if len(picked) == n:
            break
    assert len(picked) == n, fname
    return picked


def calls(name, fname, f, n=4, domain=lambda x: True):
    picked = robust_calls(fname, f, n, domain)
    return lines(name, [e for e, _ in picked], [y for _, y in picked])


CASES = [
    # --- reals in program text and PRINT's G9 form (UG PRINT, @%) ---
    lines("real_literal", ["1.5", ".5", "-0.5", "123.456", "2.5E3"], [1.5, 0.5, -0.5, R(123.456), 2500]),
    lines("real_third", ["1/3", "2/3", "1/7"], [div(1, 3), div(2, 3), div(1, 7)]),
    lines("real_division_exact", ["7/2", "10/4", "1/8"], [3.5, 2.5, 0.125]),
    lines("real_e_form_large", ["1E10", "1E9", "1.7E38", "1E38"], [1e10, 1e9, R(1.7e38), R(1e38)]),
    lines("real_e_form_small", ["0.05", "3.5E-5", "1.23456789E-5", "0.001"],
          [R(0.05), R(3.5e-5), R(1.23456789e-5), R(0.001)]),
    lines("real_point_one", ["0.1", "0.1*3", "1/3*3"], [R(0.1), R(R(0.1) * 3), R(div(1, 3) * 3)]),
    lines("real_nine_digits", ["1234567890.0", "123456789.0", "12345678.9"],
          [R(1234567890.0), 123456789, R(12345678.9)]),
    lines("real_two_to_31", ["2^31", "-(2^31)", "2^32"], [2.0 ** 31, -2.0 ** 31, 2.0 ** 32]),
    lines("real_underflow", ["-1E-39", "1E-40"], [0, 0]),
    lines("real_zero", ["0.0", "0*1.5", "1.5-1.5"], [0, 0, 0]),
    lines("real_whole_values", ["1.0", "2*0.5", "2.5*4", "1.5+1.5"], [1, 1, 10, 3]),
    ("real_semicolon_no_field", '10 PRINT ;1.5;"|";-0.25;"|";1E10', "", "1.5|-0.25|1E10\n"),
    ("real_too_long_for_field", "10 PRINT 1/3;\"|\"", "", fmt(div(1, 3)) + "|\n"),

    # --- mixed integer and real arithmetic (UG "Arithmetic operators") ---
    lines("int_times_int_stays_int", ["3*4", "-7*6", "32767*32767"], [12, -42, 32767 * 32767]),
    lines("int_product_overflow_real", ["65536*65536", "100000*100000", "46341*46341"],
          [2.0 ** 32, 1e10, float(R(46341 * 46341))]),
    lines("int_product_large_fits", ["65536*32767", "-65536*32767"], [65536 * 32767, -65536 * 32767]),
    lines("real_minus", ["10-0.5", "0.5-10", "1.25-0.25"], [9.5, -9.5, 1]),
    lines("real_plus_int", ["1+0.5", "0.5+1", "1E10+1"], [1.5, 1.5, R(1e10 + 1)]),
    lines("div_truncates_reals", ["7 DIV 2.9", "-7.9 DIV 2", "7.9 MOD 3", "-7.5 MOD 2"], [3, -3, 1, -1]),
    lines("power_integer", ["2^10", "2^-1", "(-2)^3", "10^-2", "1.5^2"], [1024, 0.5, -8, R(0.01), 2.25]),
    lines("power_real", ["2^0.5", "8^(1/3)", "10^0.5"],
          [v(2 ** 0.5), v(8 ** div(1, 3)), v(10 ** 0.5)]),
    lines("unary_minus_real", ["-(1.5)", "-(-2.5)", "--0.5"], [-1.5, 2.5, 0.5]),
    lines("not_of_real", ["NOT 1.5", "NOT -0.5"], [-2, -1]),
    ("hex_of_real", "10 PRINT ~1.9;\" \";~255.9", "", "         1 FF\n"),

    # --- comparisons of reals (UG "Relational operators") ---
    ("compare_reals_true", "10 PRINT ;1=1.0;2<2.5;3.5>3.4;0.1<0.2;-1.5<=-1.5;2.5>=2", "", "-1-1-1-1-1-1\n"),
    ("compare_reals_false", "10 PRINT ;1.5<>1.5;2.5<=2.4;-0.5>0;1<0.5", "", "0000\n"),
    ("compare_int_real_mixed", "10 A%=3:B=3.0:PRINT ;A%=B;A%<B+0.5;B>A%", "", "-1-10\n"),
    ("if_real_condition", '10 IF 0.5 THEN PRINT "T" ELSE PRINT "F"\n20 IF 0.0 THEN PRINT "T" ELSE PRINT "F"', "",
     "T\nF\n"),

    # --- real variables, arrays, indirection (UG "Variables", "Accuracy") ---
    ("real_variable", "10 A=1.5:B=A*2:PRINT B:PRINT A", "", p(3, 1.5)),
    ("plain_variable_divides", "10 A=7:PRINT A/2", "", p(3.5)),
    ("integer_variable_truncates", "10 A%=3.7:B%=-3.7:PRINT A%:PRINT B%", "", p(3, -3)),
    ("integer_variable_too_big", "10 A%=1E10", "", E.format("Too big", 10)),
    ("real_array", "10 DIM A(3):A(2)=1/4:A(3)=A(2)*3:PRINT A(2):PRINT A(3):PRINT A(0)", "", p(0.25, 0.75, 0)),
    ("real_array_2d", "10 DIM B(2,2):B(1,2)=2.5:B(2,1)=-1E-5:PRINT B(1,2)*2:PRINT B(2,1)", "", p(5, R(-1e-5))),
    ("integer_array_truncates", "10 DIM C%(2):C%(1)=9.99:PRINT C%(1)", "", p(9)),
    ("real_array_elements_five_bytes", "10 DIM A(2):PRINT (A(2)-A(0))", "", p(0)),
    ("pipe_one_bytes", "10 |&900=1:PRINT ;~?&900;\" \";?&901;\" \";?&902;\" \";?&903;\" \";?&904", "",
     "81 0 0 0 0\n"),
    ("pipe_minus_one_bytes", "10 |&900=-1:PRINT ;~?&900;\" \";~?&901;\" \";?&902", "", "81 80 0\n"),
    ("pipe_pi_bytes", "10 |&900=PI:PRINT ;~?&900;\" \";~?&901;\" \";~?&902;\" \";~?&903;\" \";~?&904", "",
     "82 49 F DA A2\n"),
    ("pipe_half_bytes", "10 |&900=0.5:PRINT ;~?&900;\" \";?&901", "", "80 0\n"),
    ("pipe_read_back", "10 |&900=-2.25:PRINT |&900", "", p(-2.25)),
    ("pipe_write_bytes_read_real", "10 ?&900=&82:?&901=&40:?&902=0:?&903=0:?&904=0:PRINT |&900", "", p(3)),
    ("variable_holds_five_bytes", "10 A=1E-3:B=A:PRINT B", "", p(R(0.001))),

    # --- PROC, FN and LOCAL with reals ---
    ("fn_real_argument", "10 PRINT FNh(5)\n20 END\n30 DEF FNh(X)=X/2", "", p(2.5)),
    ("proc_real_argument", "10 PROCp(1.25)\n20 END\n30 DEF PROCp(Y):PRINT Y*2:ENDPROC", "", p(2.5)),
    ("fn_real_result_to_int", "10 A%=FNr:PRINT A%\n20 END\n30 DEF FNr=7.9", "", p(7)),
    ("local_real_restored", "10 Z=3.5:PROCl:PRINT Z\n20 END\n30 DEF PROCl:LOCAL Z:Z=1.5:PRINT Z:ENDPROC", "",
     p(1.5, 3.5)),
    ("local_integer_beside_string", '10 A%=5:S$="XY":PROCq:PRINT A%;S$\n20 END\n30 DEF PROCq:LOCAL A%:S$="AB":ENDPROC',
     "", "         5AB\n"),

    # --- real FOR loops (UG FOR) ---
    ("for_real_step", '10 FOR X=0 TO 1 STEP 0.25:PRINT ;X;" ";:NEXT:PRINT', "", "0 0.25 0.5 0.75 1 \n"),
    ("for_real_down", '10 FOR X=1 TO 0 STEP -0.5:PRINT ;X;" ";:NEXT:PRINT', "", "1 0.5 0 \n"),
    ("for_plain_variable_counts", "10 FOR I=1 TO 3:NEXT:PRINT I", "", p(4)),
    ("for_real_limit_int_var", "10 FOR I%=1 TO 2.5:PRINT ;I%;:NEXT:PRINT", "", "12\n"),
    ("for_real_fraction_limit", '10 FOR X=0.5 TO 2:PRINT ;X;" ";:NEXT:PRINT', "", "0.5 1.5 \n"),

    # --- functions (UG keyword pages) ---
    lines("int_floor", ["INT(2.7)", "INT(-2.7)", "INT(5)", "INT(-0.5)", "INT(1E9+0.5)"], [2, -3, 5, -1, 1000000000]),
    lines("abs_sgn_real", ["ABS(-2.5)", "ABS(3)", "SGN(-0.5)", "SGN(0.0)", "SGN(2.5)"], [2.5, 3, -1, 0, 1]),
    lines("sqr", ["SQR(16)", "SQR(0.25)", "SQR(2)", "SQR(1E10)", "SQR(3)"],
          [4, 0.5, v(math.sqrt(2)), 100000, v(math.sqrt(3))]),
    ("sqr_negative", "10 PRINT SQR(-1)", "", E.format("-ve root", 10)),
    calls("ln", "LN", math.log, domain=lambda x: x > 0),
    lines("ln_one", ["LN(1)", "LN(EXP(2))"], [0, 2]),
    ("ln_of_zero", "10 PRINT LN(0)", "", E.format("Log range", 10)),
    ("log_of_negative", "10 PRINT LOG(-1)", "", E.format("Log range", 10)),
    lines("log_powers_of_ten", ["LOG(1000)", "LOG(0.01)", "LOG(1)"], [3, -2, 0]),
    calls("log", "LOG", math.log10, n=3, domain=lambda x: x > 0),
    calls("exp", "EXP", math.exp),
    lines("exp_zero_one", ["EXP(0)", "EXP(1)", "EXP(10)"], [1, v(math.e), v(math.exp(10))]),
    ("exp_range", "10 PRINT EXP(100)", "", E.format("Exp range", 10)),
    # EXP from 88.03 to 89.5 overflows (Too big), from 89.5 it is out of range (BASIC II: run on it)
    ("exp_too_big_below_range", "10 PRINT EXP(89.49)", "", E.format("Too big", 10)),
    ("exp_range_from_89_5", "10 PRINT EXP(89.5)", "", E.format("Exp range", 10)),
    lines("exp_underflow", ["EXP(-100)"], [0]),
    calls("sin", "SIN", math.sin),
    calls("cos", "COS", math.cos),
    lines("sin_cos_zero", ["SIN(0)", "COS(0)"], [0, 1]),
    lines("sin_special", ["SIN(PI/6)", "COS(PI/3)", "SIN(PI/2)"], [0.5, 0.5, 1]),
    calls("tan", "TAN", math.tan, n=3),
    ("sin_accuracy_lost", "10 PRINT SIN(1E10)", "", E.format("Accuracy lost", 10)),
    calls("atn", "ATN", math.atan),
    lines("atn_large", ["ATN(100)", "ATN(-3)"], [v(math.atan(100)), v(math.atan(-3))]),
    calls("asn", "ASN", math.asin, n=3, domain=lambda x: abs(x) <= 1),
    calls("acs", "ACS", math.acos, n=3, domain=lambda x: abs(x) <= 1),
    lines("asn_acs_ends", ["ASN(1)", "ACS(0)", "ACS(1)"], [v(math.pi / 2), v(math.pi / 2), 0]),
    ("asn_out_of_range", "10 PRINT ASN(2)", "", E.format("-ve root", 10)),
    lines("pi", ["PI", "-PI"], [R(math.pi), R(-math.pi)]),
    lines("rad_deg", ["DEG(PI)", "RAD(90)"], [180, v(math.pi / 2)]),
    calls("deg", "DEG", math.degrees, n=3),
    calls("rad", "RAD", math.radians, n=3),
    ("rnd_one_in_range", "10 FOR I=1 TO 20:X=RND(1):IF X<0 OR X>=1 THEN PRINT \"BAD\"\n20 NEXT:PRINT \"OK\"", "",
     "OK\n"),
    ("rnd_one_is_real", "10 X=RND(1):Y=RND(1):PRINT X<>Y", "", p(-1)),

    # --- VAL, STR$, EVAL, INPUT, READ with reals ---
    lines("val_real", ['VAL("1.5E3")', 'VAL("-2.5")', 'VAL(".25")', 'VAL("  7")', 'VAL("1E-2")', 'VAL("X")'],
          [1500, -2.5, 0.25, 7, R(0.01), 0]),
    ("str_real", '10 PRINT STR$(1/3);"|";STR$(2.5);"|";STR$(-0.001);"|";STR$(1E10)', "",
     "0.333333333|2.5|-1E-3|1E10\n"),
    ("str_follows_at_when_top_byte_set", '10 @%=&102020A:PRINT STR$(PI);"|";STR$(2)', "", "3.14|2\n"),
    ("str_ignores_at_without_top_byte", '10 @%=&2020A:PRINT STR$(PI)', "", "3.14159265\n"),
    ("eval_real", '10 PRINT EVAL("1/4"):PRINT EVAL("2^0.5")', "", p(0.25, v(2 ** 0.5))),
    ("input_real", "10 INPUT A:PRINT ;A*2", "1.25\n", "?1.25\n2.5\n"),
    ("input_real_exponent", "10 INPUT A,B:PRINT ;A+B", "1E2,-0.5\n", "?1E2,-0.5\n99.5\n"),
    ("read_reals", '10 READ A,B,C:PRINT ;A;" ";B;" ";C\n20 DATA 1.5,-2.25,3E2', "", "1.5 -2.25 300\n"),
    ("read_real_into_integer", "10 READ A%:PRINT ;A%\n20 DATA 7.75", "", "7\n"),

    # --- @% (UG PRINT, @%: &SSFFNNWW: STR$ flag, format 0 G 1 E 2 F, digits, field width) ---
    lines("at_fixed_two_places", ["PI", "2", "-2.5", "1234.5678"], [math.pi, 2, -2.5, R(1234.5678)], at=0x2020A,
          pre="@%=&2020A"),
    lines("at_exponent_four_digits", ["1234.5", "0.001", "-2", "1"], [1234.5, R(0.001), -2, 1], at=0x1040A,
          pre="@%=&1040A"),
    lines("at_general_three_digits", ["1/3", "12345.6", "2.5", "1000"], [div(1, 3), R(12345.6), 2.5, 1000],
          at=0x30A, pre="@%=&30A"),
    lines("at_general_ten_digits", ["1/3", "2^31"], [div(1, 3), 2.0 ** 31], at=0xA0A, pre="@%=&A0A"),
    lines("at_width_fifteen", ["1/3", "1.5"], [div(1, 3), 1.5], at=0x90F, pre="@%=&90F"),
    lines("at_fixed_zero_places", ["2.4", "7.6", "-1.4"], [2.4, 7.6, -1.4], at=0x2000A, pre="@%=&2000A"),
    lines("at_fixed_small_value", ["0.004", "0.006", "1E-10"], [R(0.004), R(0.006), R(1e-10)], at=0x2020A,
          pre="@%=&2020A"),
    # F with more than 10 digits to print: G10 instead (Acorn's BASIC II, run on it)
    ("at_fixed_too_many_digits", '10 @%=&2030A:PRINT 1E10:@%=&2090A:PRINT 123.456:@%=&2050A:PRINT 123456.5',
     "", "      1E10\n   123.456\n  123456.5\n"),
    # digits past what the reader keeps: the first one dropped rounds the rest (Acorn's BASIC II, run
    # on it: 99999999999 is 1E11, and -99999999.99 the real -1E8)
    ("number_reading_rounds", '10 PRINT 99999999999:@%=&2020A:PRINT -99999999.99', "", "      1E11\n-100000000\n"),
    lines("at_exponent_negative", ["-0.000125", "6.02E23"], [R(-0.000125), R(6.02e23)], at=0x1030A,
          pre="@%=&1030A"),

    # --- errors (UG "Error messages": 18 Division by zero, 20 Too big, 21 -ve root, 22 Log range,
    #     23 Accuracy lost, 24 Exp range) ---
    ("too_big_multiply", "10 PRINT 1E38*10", "", E.format("Too big", 10)),
    ("too_big_literal", "10 A=1E39", "", E.format("Too big", 10)),
    ("division_by_zero_real", "10 PRINT 1.5/0", "", E.format("Division by zero", 10)),
    ("division_by_zero_int_slash", "10 PRINT 1/0", "", E.format("Division by zero", 10)),
    ("real_errors_numbers", '10 ON ERROR PRINT ;ERR:END\n20 PRINT SQR(-2)', "", "21\n"),
    ("real_error_numbers_log", '10 ON ERROR PRINT ;ERR:END\n20 PRINT LN(-2)', "", "22\n"),
    ("real_error_numbers_exp", '10 ON ERROR PRINT ;ERR:END\n20 PRINT EXP(90)', "", "24\n"),
    ("real_error_numbers_accuracy", '10 ON ERROR PRINT ;ERR:END\n20 PRINT COS(1E9)', "", "23\n"),
    ("real_error_numbers_too_big", '10 ON ERROR PRINT ;ERR:END\n20 A%=-3E9', "", "20\n"),
    ("string_plus_real", '10 PRINT "A"+1.5', "", E.format("Type mismatch", 10)),
]
