"""DIM that does not fit (issue 9): programs and the output the documented language gives.

Each case: (name, program, keyboard input, expected output of RUN), as in cases.py.  UG "Error
messages": 10 "Bad DIM" (a negative size), 11 "DIM space" (the array or block does not fit in the
room left), 0 "No room" (no room for a variable or a string: error 0 cannot be trapped).  A failed
DIM changes nothing, so a program can trap it and go on (UG ON ERROR).  DIM X% 0 reserves one byte
at the top of the variables, so X% shows where the next block will go.
The stand-in MOS gives HIMEM &7C00 and PAGE &E00: about 28K bytes of room.
"""

E = "\n{} at line {}\n"


def err(message, line):
    return E.format(message, line)


# ON ERROR prints ERR and goes on at line 100 (a GOTO from ON ERROR resets nothing else)
TRAP = "5 ON ERROR GOTO 100\n"

CASES = [
    # the programs: too big, not wrapped round (80,004 bytes) nor hanging
    ("dim_int_array_80k", "10 DIM A%(20000)\n20 PRINT 1", "", err("DIM space", 10)),
    ("dim_int_array_32k", "10 DIM A%(8000)\n20 PRINT 1", "", err("DIM space", 10)),
    ("dim_real_array_50k", "10 DIM A(10000)\n20 PRINT 1", "", err("DIM space", 10)),
    ("dim_2d_array_40k", "10 DIM A%(100,100)\n20 PRINT 1", "", err("DIM space", 10)),
    ("dim_string_array_big", "10 DIM A$(10000)\n20 PRINT 1", "", err("DIM space", 10)),
    ("dim_block_100000", "10 DIM X% 100000\n20 PRINT 1", "", err("DIM space", 10)),
    ("dim_block_40000", "10 DIM X% 40000\n20 PRINT 1", "", err("DIM space", 10)),
    ("dim_named_block_40000", "10 DIM FRED 40000\n20 PRINT 1", "", err("DIM space", 10)),
    # sizes whose element count passes 16 bits
    ("dim_subscript_65535", "10 DIM A%(65535)", "", err("DIM space", 10)),
    ("dim_subscript_65536", "10 DIM A%(65536)", "", err("DIM space", 10)),
    ("dim_count_exactly_64k", "10 DIM A%(255,255)", "", err("DIM space", 10)),
    ("dim_count_3d_64k", "10 DIM A%(1,1,16383)", "", err("DIM space", 10)),
    ("dim_count_product_wraps", "10 DIM A%(2,40000)", "", err("DIM space", 10)),
    ("dim_count_wraps_to_small", "10 DIM A%(256,255)", "", err("DIM space", 10)),
    # the product overflows as BASIC II's multiply finds it (run on it): Bad DIM, not a wrapped count
    ("dim_count_overflow_six_dims", "10 DIM A%(8,8,8,8,8,8)", "", err("Bad DIM", 10)),
    # BASIC II multiplies the sizes first to last (run on it): the same sizes the other way round
    # find the overflow (Bad DIM) or wrap round (DIM space) differently
    ("dim_count_overflow_first_size_first", "10 DIM A%(2,3,4,5,6,7,8,9)", "", err("DIM space", 10)),
    ("dim_count_overflow_last_size_first", "10 DIM A(9,8,7,6,5,4,3,2)", "", err("Bad DIM", 10)),
    ("dim_count_wraps_string_array", "10 DIM A$(2,3,4,5,6,7,8,9)", "", err("DIM space", 10)),
    ("dim_count_overflow_64_dims", "10 DIM A(" + ",".join(str(n) for n in range(1, 65)) + ")", "",
     err("Bad DIM", 10)),
    # as BASIC II (run on it): a subscript of &4000 or more is Bad DIM; the element count's bytes
    # wrap round (DIM space, or a smaller array than asked for), and a real's last addition carrying
    # (5 bytes an element) is Bad DIM
    ("dim_count_bytes_wrap_to_dim_space", "10 DIM A%(300,300)", "", err("DIM space", 10)),
    ("dim_real_count_bytes_wrap_to_dim_space", "10 DIM A(300,300)", "", err("DIM space", 10)),
    ("dim_count_bytes_wrap_small", '10 DIM A%(5000,3):PRINT "OK"', "", "OK\n"),
    ("dim_subscript_4000", "10 DIM A%(1,16384)", "", err("Bad DIM", 10)),
    ("dim_real_bytes_carry", "10 DIM A(13107)", "", err("Bad DIM", 10)),
    # subscripts with names, arrays and functions in them (they use the name buffer too)
    ("dim_subscript_variable", "10 N=3:DIM A(N):A(3)=2:PRINT ;A(3)", "", "2\n"),
    ("dim_subscripts_variables", "10 N%=3:M=2:DIM B%(N%,M):B%(3,2)=7:PRINT ;B%(3,2)", "", "7\n"),
    ("dim_subscript_array", "10 DIM S%(1):S%(1)=3:DIM A%(S%(1),2):A%(3,2)=5:PRINT ;A%(3,2)", "",
     "5\n"),
    ("dim_second_subscript_array", "10 DIM S%(1):S%(1)=3:DIM A%(2,S%(1)):A%(2,3)=5:PRINT ;A%(2,3)",
     "", "5\n"),
    # As BASIC II (run on it), DIM makes the array's entry before it reads the subscripts, so the
    # FN's own entry and Q land where the array's header would be: A$(4) then reads the FN entry's
    # link as the header, whose low byte a new entry leaves as memory held it (line 5 fills it)
    ("dim_subscript_fn", "5 FOR I%=TOP TO TOP+99:?I%=255:NEXT\n"
     "10 DIM A$(FNN):A$(4)=\"Z\":PRINT A$(4)\n20 END\n30 DEF FNN:Q=1:=4", "", err("Array", 10)),
    ("dim_subscript_fn_header_zero", "5 FOR I%=TOP TO TOP+99:?I%=0:NEXT\n"
     "10 DIM A$(FNN):A$(4)=\"Z\":PRINT A$(4)\n20 END\n30 DEF FNN:Q=1:=4", "", "Z\n"),
    # an array's last byte is its own: the next block starts after it
    ("dim_next_block_after_array", "10 DIM A%(1):A%(1)=-1:DIM X% 0:?X%=0:PRINT ;A%(1)", "", "-1\n"),
    ("dim_next_block_after_real_array", "10 DIM LONGNAME(1,1):LONGNAME(1,1)=-1:DIM X% 0:?X%=0:"
     "PRINT ;LONGNAME(1,1)", "", "-1\n"),
    ("dim_next_block_after_block", "10 DIM A% 3:A%!0=-1:DIM X% 0:?X%=0:PRINT ;!A%", "", "-1\n"),
    # an array element inside a subscript (the outer access's state is kept on the 6502 stack)
    ("subscript_array_1d", "10 DIM A(5),B(5):B(1)=2:A(2)=9:PRINT ;A(B(1))", "", "9\n"),
    ("subscript_array_int", "10 DIM A%(5),B%(5):B%(1)=2:A%(2)=9:PRINT ;A%(B%(1))", "", "9\n"),
    ("subscript_array_2d_second", "10 DIM A%(2,2),B%(1):A%(1,2)=7:B%(0)=2:PRINT ;A%(1,B%(0))", "",
     "7\n"),
    ("subscript_array_2d_first", "10 DIM A%(3,2),B%(3,3):A%(2,1)=6:B%(3,3)=2:PRINT ;A%(B%(3,3),1)",
     "", "6\n"),
    ("subscript_array_store", "10 DIM A(3,3),B(1):B(1)=3:A(B(1),B(1)-1)=8:PRINT ;A(3,2)", "", "8\n"),
    ("subscript_fn_with_array", "10 DIM A$(2,2),B%(2):A$(2,1)=\"Q\":PRINT A$(FNI,1)\n20 END\n"
     "30 DEF FNI:B%(2)=2:=B%(2)", "", "Q\n"),
    ("subscript_nested_bad", "10 DIM A(2),B(2):B(0)=5:PRINT A(B(0))", "", err("Subscript", 10)),
    # up to 63 dimensions
    ("dim_63_dimensions", "10 DIM A(" + "0," * 62 + "2)\n20 A(" + "0," * 62 + "2)=5\n30 PRINT ;A("
     + "0," * 62 + "2);\n40 PRINT ;A(" + "0," * 62 + "1)", "", "50\n"),
    ("dim_64_dimensions", "10 DIM A(" + ",".join(["0"] * 64) + ")", "", err("Bad DIM", 10)),
    # BASIC II takes 100 dimensions (run on it; 105 too), ours up to 100
    ("dim_100_dimensions", "10 DIM A(" + "0," * 99 + "1)\n20 A(" + "0," * 99 + "1)=5\n30 PRINT ;A("
     + "0," * 99 + "1);\n40 PRINT ;A(" + "0," * 99 + "0)", "", "50\n"),
    # no closing bracket: Bad DIM, as BASIC II (run on it)
    ("dim_no_closing_bracket", "10 DIM A(3", "", err("Bad DIM", 10)),
    # negative sizes stay Bad DIM
    ("dim_negative_subscript", "10 DIM A(-1)", "", err("Bad DIM", 10)),
    ("dim_negative_second", "10 DIM A(2,-3)", "", err("Bad DIM", 10)),
    ("dim_negative_block", "10 DIM X% -2", "", err("Bad DIM", 10)),
    # trapped, with nothing changed: the same name can be DIMmed smaller, VARTOP is where it was
    ("dim_space_trapped", TRAP + "10 DIM A%(20000)\n20 END\n100 PRINT ;ERR", "", "11\n"),
    ("dim_space_then_smaller", TRAP + "10 DIM A%(8000)\n20 END\n"
     "100 DIM A%(10):A%(10)=5:PRINT ;ERR;\" \";A%(10)", "", "11 5\n"),
    ("dim_space_vartop_kept", "1 DIM X% 0\n" + TRAP + "10 DIM A(10000)\n20 END\n"
     "100 DIM Y% 0:PRINT ;Y%-X%", "", "1\n"),
    ("dim_space_2d_vartop_kept", "1 DIM X% 0\n" + TRAP + "10 DIM B%(255,255)\n20 END\n"
     "100 DIM Y% 0:PRINT ;Y%-X%", "", "1\n"),
    ("dim_block_space_vartop_kept", "1 DIM X% 0\n" + TRAP + "10 DIM Z% 40000\n20 END\n"
     "100 DIM Y% 0:PRINT ;Y%-X%;\" \";Z%", "", "1 0\n"),
    ("dim_space_variables_kept", "1 P=7:Q%=8:R$=\"R\"\n" + TRAP + "10 DIM A%(9000)\n20 END\n"
     "100 S=9:PRINT ;P;Q%;R$;S", "", "78R9\n"),
    ("dim_space_in_list_keeps_first", TRAP + "10 DIM B%(3),A%(9000)\n20 END\n"
     "100 B%(3)=4:PRINT ;B%(3)", "", "4\n"),
    # what just fits is made, what is one element more is not
    ("dim_fills_the_room", "10 DIM X% 0:N%=(HIMEM-X%-200) DIV 4:DIM A%(N%):A%(N%)=3:PRINT ;A%(N%)",
     "", "3\n"),
    ("dim_block_fills_the_room", "10 DIM X% 0:DIM Y% HIMEM-X%-300:?(Y%+HIMEM-X%-300)=1:PRINT \"OK\"",
     "", "OK\n"),
    ("dim_block_one_past_the_room", TRAP + "10 DIM X% 0:DIM Y% HIMEM-X%\n20 END\n100 PRINT ;ERR",
     "", "11\n"),
    # other heap growth with no room left: "No room" (error 0, not trapped), and no hang
    ("string_no_room", "10 DIM X% 0:DIM Y% HIMEM-X%-150\n20 A$=STRING$(200,\"S\")\n30 PRINT 1", "",
     err("No room", 20)),
    ("string_no_room_untrapped", TRAP + "10 DIM X% 0:DIM Y% HIMEM-X%-150\n"
     "20 A$=STRING$(200,\"S\")\n30 END\n100 PRINT \"TRAPPED\"", "", err("No room", 20)),
    ("variable_no_room", "10 DIM X% 0:DIM Y% HIMEM-X%-20\n20 ALONGNAMEDVARIABLE=1", "",
     err("No room", 20)),
    ("local_no_room", "10 DIM X% 0:DIM Y% HIMEM-X%-40\n20 PROCA(1)\n30 END\n"
     "40 DEF PROCA(N):LOCAL I,J,K,L:PROCA(N+1)", "", err("No room", 40)),
    # dynamic variables laid out as BASIC II lays them out (run on it; Plumbley, "BASIC ROM User
    # Guide", 3.1): one list per first character, its head at &400 + 2 * the character; an entry
    # is link (2), the name without its first character, 0, the value; new entries at the end
    ("vars_lists_as_basic2", "10 DIM X% 0:AB=1:AC%=2\n"
     "20 PRINT ;(!&482 AND &FFFF)-X%;\" \";X%?3;\" \";X%?4;\" \";(X%!1 AND &FFFF)-X%;\" \";X%?12", "",
     "1 66 0 10 67\n"),
    ("vars_lists_lower_case_and_underline", "10 DIM X% 0:zz=1:_Q=2:PRINT ;(!&4F4 AND &FFFF)-X%;\" \";"
     "(!&4BE AND &FFFF)-X%", "", "1 10\n"),
    ("vars_proc_fn_lists", "10 PROCA:PRINT ;(!&4F6 AND &FFFF)>0;(!&4F8 AND &FFFF)>0\n20 END\n"
     "30 DEF PROCA:ENDPROC", "", "-10\n"),
    # a new entry's link: only its high byte is written (0: the list ends there)
    ("vars_new_link_low_byte_kept", "5 FOR I%=TOP TO TOP+20:?I%=&77:NEXT\n"
     "10 AB=1:PRINT ;?LOMEM;\" \";?(LOMEM+1);\" \";?(LOMEM+2)", "", "119 0 66\n"),
    # an array's header: the elements' offset 2 * dims + 1, then each size; fewer subscripts than
    # dimensions is "Array"; the elements follow the sizes read, whatever the first byte says
    ("dim_header_offset_byte", "10 DIM X% 0:DIM A%(3,2):PRINT ;X%?6;\" \";X%?7;\" \";X%?9", "",
     "5 4 3\n"),
    ("subscripts_too_few", "10 DIM A(3,3):PRINT A(1)", "", err("Array", 10)),
    ("subscripts_after_header_changed", "10 DIM X% 0:DIM A%(3,3):?(X%+6)=3:A%(1)=&11223344:"
     "PRINT ~X%!13", "", "  11223344\n"),
    # a string's room as BASIC II gives it (run on it): its length, and from 8 characters 8 more (up
    # to 255); a string that outgrows its room at the top of the heap grows where it is
    ("strings_room", "10 DIM X% 0:S$=\"HI\":T$=STRING$(9,\"A\"):PRINT ;X%?7;\" \";X%?8;\" \";X%?17;\" \";"
     "X%?18", "", "2 2 17 9\n"),
    ("strings_room_at_most_255", "10 DIM X% 0:S$=STRING$(250,\"A\"):PRINT ;X%?7", "", "255\n"),
    ("strings_grow_at_the_top", "10 DIM X% 0:S$=\"HI\":S$=STRING$(10,\"A\"):PRINT ;(X%!5 AND &FFFF)-X%;"
     "\" \";X%?7;\" \";X%?8", "", "9 18 10\n"),
    ("strings_move_when_not_at_the_top", "10 DIM X% 0:S$=\"HI\":T=1:S$=\"HELLO\":PRINT ;(X%!5 AND &FFFF)-X%;"
     "\" \";X%?7", "", "19 5\n"),
]
