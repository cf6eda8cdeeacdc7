; Our Atom BASIC: one program over #C000-#DFFF (basic.rom and float.rom).  Integer BASIC as
; documented in "Atomic Theory and Practice", as Acorn's behaves where the book leaves it open:
; programs kept as typed (line number in two bytes, then the text, then 13), statements
; separated by ';', variables @ and A-Z (32 bits), word arrays AA-ZZ, ? and ! indirection.
; Clean-room work; see docs/atom_firmware.md for the layout and the error numbers.

        .include "atom.inc"

TEXTSTART   = $2900             ; the documented default start of program text (?18 = #29)
OLDBYTE     = $038D             ; the first byte of the program, kept by NEW for OLD

        .macro error n
        brk
        .byte n
        .endm

; Error numbers: the documented Atom table ("Atomic Theory and Practice", Acorn 1980, ch. 27, as
; transcribed in a public Atom emulator's manual data); the documented meaning after each ";".
; Conditions of ours the table has no entry for take the number whose meaning covers them; the
; reasoning is in docs/atom_firmware.md.  ESCAPE gives no error: it goes back to the prompt.
E_STATEMENT = 94                ; unknown command, invalid statement terminator
E_SYNTAX    = 29                ; unknown or missing function (our unknown or missing factor)
E_ITEM      = 174               ; significant item missing or malformed (')' or TO missing,
                                ;   expression too deep for the stack)
E_LINE      = 127               ; line number not found in GOTO or GOSUB
E_LABEL     = 157               ; label not found
E_RETURN    = 31                ; RETURN without GOSUB
E_NEXT      = 230               ; NEXT without matching FOR
E_UNTIL     = 198               ; UNTIL with no DO
E_GOSUBS    = 2                 ; too many GOSUBs
E_DOS       = 18                ; too many DO statements
E_FORS      = 111               ; missing variable in FOR; too many FOR statements
E_DIVIDE    = 129               ; division by zero
E_SUBSCRIPT = 134               ; array subscript out of range (outside 0-65535, as Acorn's)
E_ASMLABEL  = 76                ; assembler label error
E_PRINTQ    = 159               ; unmatched quotes in PRINT or INPUT
E_STRINGQ   = 200               ; unmatched quotes in string

        .org $C000
        jmp cold
        jmp brk_handler
        jmp nextc               ; B_NEXTC ... for the kernel's statements and the assembler
        jmp expr                ; B_EXPR
        jmp store_target        ; B_LABEL (the assembler's labels)
        jmp expect              ; B_EXPECT
        jmp stmt_end            ; B_STMT_END
        jmp print_dec           ; B_PRINTNUM
        jmp prompt              ; B_PROMPT
        jmp set_top             ; B_SETTOP (the kernel's LOAD)
        jmp match_kw            ; B_MATCH (the kernel's keyword tables)
        jmp string_source       ; B_STRING (file names)
        jmp factor              ; B_FACTOR (file handles)
        jmp set_acc_a           ; B_SETACC
        jmp var_index           ; B_VARINDEX (the utility ROM's DIM)
        jmp inc_acc             ; B_INCACC
        jmp fname               ; B_FNAME ... for the utility ROM's real statements
        jmp times5              ; B_TIMES5
        jmp fsum                ; B_FSUM
        jmp store_ay            ; B_FSTORE
        jmp load_ay             ; B_FLOAD
        jmp fstr                ; B_FSTR

cold:   lda #>TEXTSTART
        sta TEXTPAGE
        jsr at_eight
        sta COUNTV
        jsr do_new              ; BREAK gives an empty program; OLD brings it back
prompt: ldx #$FF
        txs
        cld
        lda #<err_default       ; errors get BASIC's own report again
        sta ERRVEC
        lda #>err_default
        sta ERRVEC+1
        lda #0
        sta CURLINE
        sta CURLINE+1
        sta DOSP
        sta SUBSP
        sta FORSP
        sta HEXFLAG
        sta ASMMODE
        lda #'>'                ; straight after the output, as Acorn's (no new line first)
        jsr outch
        jsr KREADLINE
        lda #0
        sta COUNTV
        bcs prompt
        lda #<INBUF
        sta TXTPTR
        lda #>INBUF
        sta TXTPTR+1
        lda #0
        sta TXTOFF
        jsr nextc
        cmp #'0'
        bcc @direct
        cmp #'9'+1
        bcs @direct
        jsr enter_line
        jmp prompt
@direct:
        jmp exec_stmt

; at_eight: @ (the field width for numbers) = 8, as at start-up and after an error.  A = 0.
at_eight:
        lda #8
        sta VAR0
        lda #0
        sta VAR1
        sta VAR2
        sta VAR3
        rts

        .include "util.s"
        .include "editor.s"
        .include "exec.s"
        .include "flow.s"
        .include "vars.s"
        .include "expr.s"
; BASIC's BRK handler starts at Acorn's BRKV (the kernel's default) and goes on in errors.s:
; terms.s must be in reach of expr.s's branches.
        at BASIC_BRKV
brk_handler:                    ; (at Acorn's BRKV, #C9D8; err_default must follow at #C9E7)
        cld
        tsx
        lda $0102,x             ; the address after the number's byte
        sta PTR3
        lda $0103,x
        sta PTR3+1
        jmp brk_number         ; (errors.s)

        at BASIC_ERRTEXT
err_default:                    ; the text ERRVEC holds by default, at Acorn's address (found with
        .text "END", 13         ; PRINT ?16, ?17 there): run as BASIC, it ends
        .include "terms.s"
        .include "errors.s"
        .include "arith.s"
        .include "factor.s"

        .include "funcs.s"
        .include "io.s"

; The floating-point extension (fp.s and the files it includes) follows BASIC straight on: the
; two fill #C000-#DFFF together (built as basic.rom and float.rom), wherever the boundary between
; them falls (a fixed #D000 for the extension would leave a gap that the 8 KiB cannot spare).
        .include "fp.s"
