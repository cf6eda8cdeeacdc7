"""Conformance programs for the inline assembler, CALL and USR (issue 9).

Sources: the BBC Microcomputer User Guide (1982), "Assembly language" chapter (the [ ] brackets, OPT,
labels, P%, comments) and the keywords CALL, USR and OPT; BBC BASIC II's OPT 4-7 (O%) and EQUB,
EQUW, EQUD, EQUS; error numbers and messages from the User Guide's "Error messages": 1 "Out of
range", 2 "Byte", 3 "Index", 4 "Mistake".  The CALL parameter block is described on beebwiki
(beebwiki.mdfs.net/CALL): &600 the count, then each parameter's address (2 bytes) and type (0 byte,
4 integer, 128 string at an address, 129 string variable).  USR gives P, Y, X, A as &PPYYXXAA.

The expected bytes of each instruction are the NMOS 6502's documented opcodes (MOS Technology
programming manual; the same table emulator/asm takes from py65).  &900-&AFF is free RAM under both
the test harness and our MOS.
"""

DUMP = "\n30 ]:FOR I%=&900 TO P%-1:PRINT ;~?I%;\" \";:NEXT:PRINT"


def dump(name, source, expected_bytes):
    """Assemble `source` at &900 and print the bytes it made in hexadecimal."""
    return (name, "10 P%=&900:[OPT 0\n20 " + source + DUMP, "", expected_bytes + "\n")


def err(message, line):
    return "\n{} at line {}\n".format(message, line)


CASES = [
    dump("asm_implied_a", 'BRK:CLC:CLD:CLI:CLV:DEX:DEY:INX:INY:NOP:PHA:PHP:PLA', "0 18 D8 58 B8 CA 88 E8 C8 EA 48 8 68 "),
    dump("asm_implied_b", 'PLP:RTI:RTS:SEC:SED:SEI:TAX:TAY:TSX:TXA:TXS:TYA', "28 40 60 38 F8 78 AA A8 BA 8A 9A 98 "),
    dump("asm_lda_all_modes", 'LDA #1:LDA &12:LDA &12,X:LDA &1234:LDA &1234,X:LDA &1234,Y:LDA (&12,X):LDA (&12),Y', "A9 1 A5 12 B5 12 AD 34 12 BD 34 12 B9 34 12 A1 12 B1 12 "),
    dump("asm_lda_zp_y_is_absolute", 'LDA &12,Y', "B9 12 0 "),
    dump("asm_sta_modes", 'STA &12:STA &12,X:STA &1234:STA &1234,X:STA &1234,Y:STA (&12,X):STA (&12),Y', "85 12 95 12 8D 34 12 9D 34 12 99 34 12 81 12 91 12 "),
    dump("asm_adc_sbc_cmp", 'ADC #2:ADC &12,X:SBC &1234,Y:SBC (&12),Y:CMP #3:CMP (&12,X)', "69 2 75 12 F9 34 12 F1 12 C9 3 C1 12 "),
    dump("asm_and_eor_ora_tokens", 'AND #&F0:AND &12:EOR (&12),Y:EOR &1234,X:ORA #1:ORA &12,X:ORA (&12,X)', "29 F0 25 12 51 12 5D 34 12 9 1 15 12 1 12 "),
    dump("asm_shifts", 'ASL A:ASL:LSR &12:ROL &12,X:ROR &1234:ASL &1234,X:ROL A:ROR A:LSR A', "A A 46 12 36 12 6E 34 12 1E 34 12 2A 6A 4A "),
    dump("asm_inc_dec", 'INC &12:INC &12,X:INC &1234:INC &1234,X:DEC &12:DEC &12,X:DEC &1234:DEC &1234,X', "E6 12 F6 12 EE 34 12 FE 34 12 C6 12 D6 12 CE 34 12 DE 34 12 "),
    dump("asm_ldx_stx", 'LDX #5:LDX &12:LDX &12,Y:LDX &1234:LDX &1234,Y:STX &12:STX &12,Y:STX &1234', "A2 5 A6 12 B6 12 AE 34 12 BE 34 12 86 12 96 12 8E 34 12 "),
    dump("asm_ldy_sty", 'LDY #5:LDY &12:LDY &12,X:LDY &1234:LDY &1234,X:STY &12:STY &12,X:STY &1234', "A0 5 A4 12 B4 12 AC 34 12 BC 34 12 84 12 94 12 8C 34 12 "),
    dump("asm_cpx_cpy_bit", 'CPX #1:CPX &12:CPX &1234:CPY #1:CPY &12:CPY &1234:BIT &12:BIT &1234', "E0 1 E4 12 EC 34 12 C0 1 C4 12 CC 34 12 24 12 2C 34 12 "),
    dump("asm_jmp_jsr", 'JMP &1234:JMP (&FFFC):JSR &FFEE:JMP &12', "4C 34 12 6C FC FF 20 EE FF 4C 12 0 "),
    dump("asm_branches", 'BPL P%:BMI P%+2:BVC P%+129:BVS P%-126:BCC P%:BCS P%:BNE P%:BEQ P%', "10 FE 30 0 50 7F 70 80 90 FE B0 FE D0 FE F0 FE "),
    dump("asm_expressions", 'LDA #ASC"A":LDX #300 MOD 256:LDY #(&1234 DIV 256):LDA &70+2*3,X:JMP &FF00 OR &EE', "A9 41 A2 2C A0 12 B5 76 4C EE FF "),

    # --- labels, comments, P% (UG "Assembly language") ---
    ("asm_label_takes_p", "10 P%=&900:[OPT 0:.start NOP:.here RTS:]\n20 PRINT ~start;\" \";~here;\" \";~P%",
     "", "       900 901 902\n"),
    ("asm_backward_branch", "10 P%=&900:[OPT 0:LDX #3:.loop DEX:BNE loop:RTS:]\n20 PRINT ;~?&903;\" \";~?&904",
     "", "D0 FD\n"),
    ("asm_comments", "10 P%=&900:[OPT 0:NOP \\ a comment\n20 INX ; another\n30 \\ only a comment\n40 RTS:]\n"
     "50 PRINT ;~?&900;\" \";~?&901;\" \";~?&902;\" \";~P%", "", "EA E8 60 903\n"),
    ("asm_comment_ends_at_colon", "10 P%=&900:[OPT 0:NOP \\ skip this:INX:]\n20 PRINT ;~?&901", "", "E8\n"),
    ("asm_spans_lines_and_back_to_basic", "10 P%=&900\n20 [OPT 0\n30 LDA #1\n40 RTS\n50 ]\n60 PRINT \"back\";~P%",
     "", "back903\n"),
    ("asm_bracket_then_statement", "10 P%=&900:[OPT 0:RTS:]:PRINT \"ok\"", "", "ok\n"),

    # --- two passes with forward references (UG: FOR pass loop, OPT 0 then OPT 3 / 2) ---
    ("asm_forward_reference_two_passes",
     "10 FOR pass%=0 TO 2 STEP 2\n20 P%=&900\n30 [OPT pass%\n40 BEQ skip\n50 JMP far\n60 .skip RTS\n"
     "70 .far NOP\n80 ]\n90 NEXT\n100 PRINT ;~?&900;\" \";~?&901;\" \";~?&903;\" \";~?&904",
     "", "F0 3 6 9\n"),
    ("asm_forward_reference_first_pass_uses_p",
     "10 P%=&900:[OPT 0:JMP later:]\n20 PRINT ;~?&901;\" \";~?&902", "", "0 9\n"),
    ("asm_undefined_label_with_errors_on", "10 P%=&900:[OPT 2:JMP nowhere:]", "",
     err("No such variable", 10)),

    # --- listing (OPT bit 0): address, the bytes, the statement as written ---
    ("asm_listing",
     "10 P%=&900\n20 [OPT 3\n30 .go LDA #&2A:JSR &FFEE\n40 RTS\n50 ]",
     "", "0900           OPT 3\n0900 A9 2A     .go LDA #&2A\n0902 20 EE FF  JSR &FFEE\n0905 60        RTS\n"),
    ("asm_listing_tokens_in_full", "10 P%=&900:[OPT 1:ORA #1:AND #2:EOR #3:]", "",
     "0900           OPT 1\n0900 09 01     ORA #1\n0902 29 02     AND #2\n0904 49 03     EOR #3\n"),
    ("asm_listing_long_equs", "10 P%=&900:[OPT 1:EQUS \"ABCDE\":]", "",
     "0900           OPT 1\n0900 41 42 43  EQUS \"ABCDE\"\n     44 45\n"),
    ("asm_no_listing_opt_2", "10 P%=&900:[OPT 2:NOP:]:PRINT \"quiet\"", "", "quiet\n"),
    ("asm_listing_opt_7_shows_p", "10 P%=&2000:O%=&900:[OPT 7:NOP:]", "",
     "2000           OPT 7\n2000 EA        NOP\n"),

    # --- OPT 4-7: code at O%, addresses from P% (BBC BASIC II) ---
    ("asm_opt4_assembles_at_o",
     "10 P%=&3000:O%=&900:[OPT 4:.top JMP top:]\n20 PRINT ;~?&900;\" \";~?&901;\" \";~?&902;\" \";~P%;\" \";~O%",
     "", "4C 0 30 3003 903\n"),
    ("asm_opt6_branch_from_p",
     "10 P%=&3000:O%=&900:[OPT 6:.l BNE l:]\n20 PRINT ;~?&900;\" \";~?&901", "", "D0 FE\n"),

    # a label not yet defined, with OPT bit 1 clear, stands for P% inside any expression (as BASIC II:
    # run on it), so LDA #later MOD 256 assembles in the first pass; a missing operand stays an error
    ("asm_forward_label_in_expression",
     "10 P%=&1234:[OPT 0:LDX #(zz AND 255):LDY #zz DIV 256:LDA zz:LDA #(zz+5) MOD 256:]\n"
     "20 FOR I=&1234 TO P%-1:PRINT ;~?I;\" \";:NEXT:PRINT\n30 P%=&1234:[OPT 0:LDA (zz),Y:]", "",
     "A2 34 A0 12 AD 38 12 A9 40 \n" + err("Byte", 30)),
    ("asm_forward_label_two_passes",
     "10 FOR pass%=0 TO 2 STEP 2:P%=&900:[OPT pass%:LDA #end MOD 256:LDX #end DIV 256:.end RTS:]:NEXT\n"
     "20 PRINT ;~?&901;\" \";~?&903", "", "4 9\n"),

    # --- EQUB, EQUW, EQUD, EQUS ---
    dump("asm_equ_directives", 'EQUB 65:EQUW &1234:EQUD &89ABCDEF:EQUS "HI"+CHR$13',
         "41 34 12 EF CD AB 89 48 49 D "),

    # --- errors (UG "Error messages") ---
    ("asm_branch_out_of_range", "10 P%=&900:[OPT 2:BNE P%+200:]", "", err("Out of range", 10)),
    ("asm_branch_out_of_range_backwards", "10 P%=&900:[OPT 2:BEQ P%-127:]", "", err("Out of range", 10)),
    ("asm_out_of_range_ignored_opt_0", "10 P%=&900:[OPT 0:BNE P%+200:]:PRINT ;~?&901", "", "C6\n"),
    ("asm_immediate_byte", "10 P%=&900:[OPT 2:LDA #256:]", "", err("Byte", 10)),
    ("asm_indirect_byte", "10 P%=&900:[OPT 2:LDA (&1234),Y:]", "", err("Byte", 10)),
    ("asm_zero_page_only_index", "10 P%=&900:[OPT 2:STX &1234,Y:]", "", err("Index", 10)),
    ("asm_zero_page_only_fits", "10 P%=&900:[OPT 0:STX &12,Y:]:PRINT ;~?&900;\" \";~?&901", "", "96 12\n"),
    ("asm_bad_index_register", "10 P%=&900:[OPT 2:LDA &70,Z:]", "", err("Index", 10)),
    ("asm_index_mode_missing", "10 P%=&900:[OPT 2:LDX &70,X:]", "", err("Index", 10)),
    ("asm_unknown_mnemonic", "10 P%=&900:[OPT 2:LDZ #1:]", "", err("Mistake", 10)),
    ("asm_no_immediate_store", "10 P%=&900:[OPT 2:STA #1:]", "", err("Mistake", 10)),
    ("asm_junk_after_instruction", "10 P%=&900:[OPT 2:NOP NOP:]", "", err("Syntax error", 10)),
    ("asm_error_trapped", "10 ON ERROR PRINT ERR;\" \";:REPORT:PRINT:END\n20 P%=&900:[OPT 2:LDA #300:]",
     "", "         2 \nByte\n"),

    # --- CALL and USR (UG CALL, USR) ---
    ("call_registers_from_resident_integers",
     "10 P%=&900:[OPT 0:STA &70:STX &71:STY &72:PHP:PLA:AND #1:STA &73:RTS:]\n"
     "20 A%=&141:X%=&22:Y%=&33:C%=1:CALL &900\n30 PRINT ;~?&70;\" \";~?&71;\" \";~?&72;\" \";?&73\n"
     "40 C%=2:CALL &900:PRINT ;?&73", "", "41 22 33 1\n0\n"),
    ("call_prints_through_oswrch",
     "10 P%=&900:[OPT 0:LDA #ASC\"O\":JSR &FFEE:LDA #ASC\"K\":JMP &FFEE:]\n20 CALL &900:PRINT", "", "OK\n"),
    ("call_parameter_block",
     "10 P%=&900:[OPT 0:RTS:]\n20 B%=7:N$=\"XY\":CALL &900,B%,?&70,N$,$&A00\n"
     "30 PRINT ;?&600;\" \";?&603;\" \";?&606;\" \";?&609;\" \";?&60C;\" \";(!&601 AND &FFFF)=&408;\" \";?&604=&70",
     "", "4 4 0 129 128 -1 -1\n"),
    # the block itself, copied before anything prints (PRINT builds its text at &600 too): the
    # same bytes as BASIC II's (run on it), N$'s descriptor among them
    ("call_parameter_block_copied",
     "5 DIM M% 20\n10 P%=&900:[OPT 0:RTS:]\n20 B%=7:N$=\"XY\":CALL &900,B%,?&70,N$,$&A00:"
     "!M%=!&600:M%!4=!&604:M%!8=!&608:M%!12=!&60C\n30 FOR I%=0 TO 12:IF I%<7 OR I%>8 PRINT ;~M%?I%;\" \";\n"
     "35 NEXT:PRINT ;(M%!7 AND &FFFF)-LOMEM", "", "4 8 4 4 70 0 0 81 0 A 80 25\n"),
    ("call_parameter_changes_variable",
     "10 P%=&900:[OPT 0:LDA &601:STA &70:LDA &602:STA &71:LDY #0:LDA #99:STA (&70),Y:RTS:]\n"
     "20 V%=5:CALL &900,V%:PRINT ;V%", "", "99\n"),
    ("usr_packs_p_y_x_a",
     "10 P%=&900:[OPT 0:LDA #&12:LDX #&34:LDY #&56:SEC:RTS:]\n20 R%=USR(&900)\n"
     "30 PRINT ;~R% AND &FFFFFF;\" \";(R% AND &1000000)<>0", "", "563412 -1\n"),
    ("usr_registers_in", "10 P%=&900:[OPT 0:RTS:]\n20 A%=1:X%=2:Y%=3:C%=0:PRINT ;~USR(&900) AND &FFFFFF",
     "", "30201\n"),
    ("usr_in_expression_with_routine_sum",
     "10 DIM code% 20:P%=code%:[OPT 0:STX &70:CLC:ADC &70:RTS:]\n20 A%=20:X%=22:PRINT ;USR(code%) AND &FF",
     "", "42\n"),

    # --- a period-style listing: a routine assembled in a FOR pass loop, then CALLed ---
    ("asm_period_listing_print_routine",
     "10 DIM code% 50\n20 FOR pass%=0 TO 2 STEP 2\n30 P%=code%\n40 [OPT pass%\n50 .print LDX #0\n"
     "60 .next LDA text,X\n70 BEQ done\n80 JSR &FFEE\n90 INX\n100 BNE next\n110 .done RTS\n"
     "120 .text EQUS \"HELLO\":EQUB 0\n130 ]\n140 NEXT pass%\n160 CALL print:PRINT\n170 PRINT ;done-print",
     "", "HELLO\n13\n"),
]
