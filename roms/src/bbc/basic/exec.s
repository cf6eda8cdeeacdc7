; Running statements.

; (the frame routines here, in front of exec_stmt, so that stmt_table's index crosses no page: a
; cycle each read)

; BSP = FRAME: the frames above it are dropped
bsp_at_frame:
        lda FRAME
        sta BSP
        lda FRAME+1
        sta BSP+1
        rts

; FRAME = BSP, the innermost frame
frame_at_bsp:
        lda BSP
        sta FRAME
        lda BSP+1
        sta FRAME+1
        rts

; FRAME += size of the LOCAL frame there (its tag holds it, zp.inc; no frame is skipped past a
; PROC or FN frame)
frame_skip:
        ldy #0
        lda (FRAME),y
        and #$0F
frame_add:                      ; FRAME += A
        clc
        adc FRAME
        sta FRAME
        bcc @d
        inc FRAME+1
@d:     rts

; after a statement: ':' , the end of the line, or ELSE (which ends the THEN part)
next_stmt:
        skip_spaces
next_stmt_at:                   ; (A = the character at TP, spaces skipped, Y = 0)
        cmp #':'
        beq exec_colon
        cmp #13
        beq end_of_line
        cmp #$8B
        beq skip_line
        jmp e_syntax

; the rest of the line is not run (REM, DATA, DEF, ELSE ...)
skip_line:
        ldy #0
@l:     lda (TP),y
        cmp #13
        beq end_of_line
        jsr inctp
        bne @l

eol_end:
        jmp prompt              ; the end of the program
; TP at the CR that ends a line (Y = 0 from every caller); the immediate line's is followed by an
; end marker, as the program's last is (editor.s, prompt)
end_of_line:
        inc TP                  ; (inctp in line, for speed)
        bne @y
        inc TP+1
@y:     lda (TP),y
        bmi eol_end             ; (on into run_line: a cycle less than a branch to it)
; run the line at TP (its first byte)
run_line:
        lda TP+1
        sta CURLN+1
        lda TP
        sta CURLN
        lda TRACEON
        beq run_line_q
        jsr trace_line
run_line_q:                     ; (CURLN set: NEXT comes in here, untraced, as BASIC II)
        ldy #3                  ; TP past the line number and length, and past a space after them
        lda (TP),y              ; (as a line typed "10 PRINT" keeps it), for speed
        cmp #' '
        bne @n
        iny
@n:     tya
        clc
        adc TP
        sta TP
        bcc @go
        inc TP+1
@go:                            ; (on into exec_stmt)

; TP at the start of a statement
exec_stmt:
        bit ESCFLAG
        bpl @noesc
        jmp escape
@noesc: skip_spaces
        cmp #$C6                ; a statement keyword: the common case first
        bcs exec_token
        cmp #':'
        bne exec_nc
exec_colon:                     ; (past a ':': inctp in line, for speed)
        inc TP
        bne exec_stmt
        inc TP+1
        bne exec_stmt           ; (always)
exec_nc: cmp #13
        beq end_of_line
        cmp #'*'
        bne @nstar
        jmp st_star
@nstar: cmp #'='
        bne @neq
        jmp st_fnreturn
@neq:   cmp #$8B                ; ELSE after the THEN part ran: the rest of the line is skipped
        bne @nelse
        jmp skip_line
@nelse: cmp #'['                ; the assembler (asm.s)
        bne @nasm
        jmp st_asm
@nasm:  jmp st_let_at
exec_token: inc TP                  ; (inctp in line, for speed)
        bne @i
        inc TP+1
@i:     asl a                   ; X = 2 * (token - &C6) + &8C
        tax
        lda stmt_table-$8B,x    ; the routine's address less 1, then RTS: faster than JMP ()
        pha
        lda stmt_table-$8C,x
        pha
        rts

fn_lomem:                       ; (here and COUNT, where stmt_table leaves room before &xx8D)
        lda LOMEM
        ldx LOMEM+1
        jmp set_iacc_ax
fn_count:
        lda COUNT
        jmp set_iacc_a
        .assert (($8D - *) & $FF) < 16, "stmt_table: the code before it grew past &xx8D"
        .fill ($8D - *) & $FF   ; (room, when the code before has shrunk)
stmt_table:                     ; (at &xx8D, so stmt_table-$8C,X crosses no page, -$8B only for OSCLI)
        .assert ((stmt_table - $8C) & $FF) < 2, "stmt_table: its reads would cross a page"
        .word st_auto-1         ; C6 AUTO
        .word st_delete-1       ; C7 DELETE
        .word st_load-1         ; C8 LOAD
        .word st_list-1         ; C9 LIST
        .word st_new-1          ; CA NEW
        .word st_old-1          ; CB OLD
        .word st_renumber-1     ; CC RENUMBER
        .word st_save-1         ; CD SAVE
        .word st_mistake-1      ; CE
        .word st_ptr-1          ; CF PTR=
        .word st_page-1         ; D0 PAGE=
        .word st_time-1         ; D1 TIME=
        .word st_lomem-1        ; D2 LOMEM=
        .word st_himem-1        ; D3 HIMEM=
        .word st_sound-1        ; D4 SOUND
        .word st_bput-1         ; D5 BPUT
        .word st_call-1         ; D6 CALL
        .word st_chain-1        ; D7 CHAIN
        .word st_clear-1        ; D8 CLEAR
        .word st_close-1        ; D9 CLOSE
        .word st_clg-1          ; DA CLG
        .word st_cls-1          ; DB CLS
        .word skip_line-1       ; DC DATA
        .word skip_line-1       ; DD DEF
        .word st_dim-1          ; DE DIM
        .word st_draw-1         ; DF DRAW
        .word st_end-1          ; E0 END
        .word st_endproc-1      ; E1 ENDPROC
        .word st_envelope-1     ; E2 ENVELOPE
        .word st_for-1          ; E3 FOR
        .word st_gosub-1        ; E4 GOSUB
        .word st_goto-1         ; E5 GOTO
        .word st_gcol-1         ; E6 GCOL
        .word st_if-1           ; E7 IF
        .word st_input-1        ; E8 INPUT
        .word st_let-1          ; E9 LET
        .word st_local-1        ; EA LOCAL
        .word st_mode-1         ; EB MODE
        .word st_move-1         ; EC MOVE
        .word st_next-1         ; ED NEXT
        .word st_on-1           ; EE ON
        .word st_vdu-1          ; EF VDU
        .word st_plot-1         ; F0 PLOT
        .word st_print-1        ; F1 PRINT
        .word st_proc-1         ; F2 PROC
        .word st_read-1         ; F3 READ
        .word skip_line-1       ; F4 REM
        .word st_repeat-1       ; F5 REPEAT
        .word st_report-1       ; F6 REPORT
        .word st_restore-1      ; F7 RESTORE
        .word st_return-1       ; F8 RETURN
        .word st_run-1          ; F9 RUN
        .word st_stop-1         ; FA STOP
        .word st_colour-1       ; FB COLOUR
        .word st_trace-1        ; FC TRACE
        .word st_until-1        ; FD UNTIL
        .word st_width-1        ; FE WIDTH
        .word st_oscli-1        ; FF OSCLI

st_mistake = e_mistake          ; the statements not there are a Mistake

; GOTO's and GOSUB's line: the statement ends after it (GOTO 30+1 is a Syntax error, as BASIC II)
line_target_end:
        jsr line_target
        jsr skipsp
        jsr is_stmt_end
        beq @d
        jmp e_syntax
@d:     rts

; WIDTH n: BASIC's output starts a new line after n characters (0: never; User Guide, WIDTH).  It
; outlives NEW and RUN, as on BASIC II (run on it)
st_width:
        jsr expr_int
        ldx IACC                ; kept as n-1 (0: &FF, never)
        dex
        stx WIDTHV
        jmp next_stmt


; CURLN when NEXT, UNTIL or RETURN has lost it (CURLN_LOST, zp.inc): 0 in the immediate line
; (INBUF), else the program's line that holds TP, found from PAGE (BASIC II's stacks keep no line
; either: a slow path, for errors, TRACE and the commands' test)
current_line:
        lda CURLN+1
        cmp #CURLN_LOST
        bne @d
        lda #0
        sta CURLN+1
        lda TP+1
        cmp #>INBUF
        beq @d
        lda #1                  ; the first line, at PAGE+1
        ldx PAGEHI
@l:     sta CURLN
        stx CURLN+1
        ldy #2                  ; X, A = the next line's address
        clc
        adc (CURLN),y
        bcc @n
        inx
@n:     cpx TP+1                ; on while it is not above TP
        bne @c
        cmp TP
        beq @l
@c:     bcc @l
@d:     rts

; LNUM = the number of the current line, 0 when immediate
current_line_number:
        jsr current_line
        lda #0
        sta LNUM
        sta LNUM+1
        lda CURLN+1
        beq @d
        ldy #0
        lda (CURLN),y
        sta LNUM+1
        iny
        lda (CURLN),y
        sta LNUM
@d:     rts

; TRACE: print [n] for each line
trace_line:
        jsr current_line_number
        lda LNUM+1
        cmp TRLIMIT+1
        bcc @show
        bne @d
        lda LNUM                ; lines below the limit only (TRACE 30 shows 20, not 30: BASIC II)
        cmp TRLIMIT
        bcs @d
@show:  lda #'['                ; [n] and a space, as BASIC II (run on it)
        jsr outch
        jsr print_lnum
        lda #']'
        jsr outch
        jmp space
@d:     rts

st_trace:
        jsr skipsp
        cmp #$87                ; OFF
        bne @on
        jsr inctp
        lda #0
        beq @st
@on:    cmp #$EE                ; ON
        bne @lim
        jsr inctp
        lda #$FF
        sta TRLIMIT
        sta TRLIMIT+1
        bne @set
@lim:   jsr line_target
        lda LNUM
        sta TRLIMIT
        lda LNUM+1
        sta TRLIMIT+1
@set:   lda #1
@st:    sta TRACEON
        jmp next_stmt

; RUN: clear the variables and start at the first line
st_run: jsr clear_vars
        lda #0
        sta TP
        lda PAGEHI
        sta TP+1
        lda #1                  ; end_of_line starts the line after this CR
        sta CURLN+1
        jmp end_of_line

st_end = prompt
st_stop = e_stop

st_clear:
        jsr clear_vars
        jmp next_stmt

; a line number: &8D and its 3 bytes, or an expression
line_target:
        jsr skipsp
        cmp #$8D
        bne line_expr
line_token:                     ; (a line number token: parse_tp_number shares this)
        jsr inctp
        jmp decode_lnum
line_expr:
        jsr expr_int
        lda IACC
        sta LNUM
        lda IACC+1
        sta LNUM+1
        rts

e_noline:                       ; (No such line's error block here, by GOTO's search: room)
        brk
        .byte 41, W_NOSUCH, "line", 0
st_goto:
        jsr line_target_end
; go to line LNUM
goto_lnum:
        lda CURLN+1             ; running: a line after this one is looked for from here, for
        beq @top                ; speed (from the top in immediate mode, or for one before it,
        bmi @top                ; or when the line is lost: CURLN_LOST)
        sta PTR1+1
        lda CURLN
        sta PTR1
        ldy #1
        lda (PTR1),y
        cmp LNUM
        dey
        lda (PTR1),y
        sbc LNUM+1              ; C clear: this line's number is below LNUM
        bcs @top
        lda (PTR1),y            ; (Y = 0: what find_line_on takes)
        jsr find_line_on
        bcs @found
@top:   jsr find_line           ; (also after a search from here fails: No such line either way)
        bcc e_noline
@found: lda PTR1
        sta TP
        lda PTR1+1
        sta TP+1
        jmp run_line

; TP and CURLN from the frame at BSP, from its byte Y on
        .macro resume_at_y
        lda (BSP),y
        sta TP
        iny
        lda (BSP),y
        sta TP+1
        iny
        lda (BSP),y
        sta CURLN
        iny
        lda (BSP),y
        sta CURLN+1
        .endm
resume_frame:
        ldy #1
        resume_at_y
        rts

; back from ENDPROC or = (funcs.s): the 6502 stack is empty and BSP at the call frame.  The
; caller's stack is pushed back (the last byte first) and the routine returns to it.  (Here with
; the frame routines, where it also keeps the hot code after exec.s at its page offsets.)
routine_return:
        ldy #5
        lda (BSP),y
        sta PTR3
        iny
        lda (BSP),y
        sta PTR3+1
        jsr resume_frame        ; back in the caller
        ldy #0
        lda (PTR3),y
        tay
@back:  lda (PTR3),y
        pha
        dey
        bne @back               ; (kept in one page: a branch across one costs a cycle a byte)
        lda (PTR3),y            ; BSP past the copy
        sec
        adc PTR3
        sta BSP
        lda PTR3+1
        adc #0
        sta BSP+1
        rts

st_gosub:
        jsr line_target_end
        jsr push_gosub
        jmp goto_lnum

; GOSUB's return TP onto the GOSUB stack (page 5), within the documented 26 levels
push_gosub:
        ldx GOSUBN
        cpx #MAXGOSUB
        bcc @room
        brk                     ; manygosubs: its error block in line (room)
        .byte 37, W_TOOMANY, T_GOSUB, "s", 0
@room:  lda TP
        sta GOSUBLO,x
        lda TP+1
        sta GOSUBHI,x
        inc GOSUBN
        rts

; RETURN: back to the last GOSUB (loops opened in the subroutine stay open, as on BASIC II)
st_return:
        ldx GOSUBN
        bne @found
        brk                     ; nogosub: its error block in line (room)
        .byte 38, W_NO, T_GOSUB, 0
@found: dex
        stx GOSUBN
        lda GOSUBLO,x           ; back after the GOSUB (the line is found from TP when wanted)
        sta TP
        lda GOSUBHI,x
        sta TP+1
        ldy #CURLN_LOST
        sty CURLN+1
        jmp next_stmt

; REPEAT: its TP onto the REPEAT stack (page 5), within the documented 20 levels
st_repeat:
        ldx REPEATN
        cpx #MAXREPEAT
        bcc @room
        brk                     ; manyrepeats: its error block in line (room)
        .byte 44, W_TOOMANY, T_REPEAT, "s", 0
@room:  lda TP
        sta REPEATLO,x
        lda TP+1
        sta REPEATHI,x
        inc REPEATN
        jmp exec_stmt

st_until:
        jsr expr_int
        ldx REPEATN
        bne @ok
        brk                     ; norepeat: its error block in line (room)
        .byte 43, W_NO, T_REPEAT, 0
@ok:    lda IACC
        ora IACC+1
        ora IACC+2
        ora IACC+3
        bne @done
        lda REPEATLO-1,x        ; back after the REPEAT
        sta TP
        lda REPEATHI-1,x
        jmp resume_lost
@done:  dec REPEATN
        jmp next_stmt

; IF cond [THEN] part [ELSE part]: any number but 0 is true
st_if:  jsr expr_int             ; a real is truncated first (IF 0.5 is false, IF 1E10 Too big:
        lda IACC                ; BASIC II, run on it)
        ora IACC+1
        ora IACC+2
        ora IACC+3
        pha
        lda #$8C
        jsr accept
        pla
        beq @false
@part:  skip_spaces
        cmp #$8D
        bne @stmt
        jsr line_token          ; THEN line: straight to it (st_goto would look again)
        jmp goto_lnum
@stmt:  jmp exec_stmt
@false: sty QUOTE                ; look for ELSE on this line, outside strings (Y is 0 after
                                ; accept's skipsp)
@l:     lda (TP),y
        cmp #13
        bne @n
        jmp end_of_line
@n:     jsr inctp
        cmp #$22
        bne @nq
        lda QUOTE
        eor #1
        sta QUOTE
        bcs @l                  ; (CMP left C set)
@nq:    cmp #$8B
        bne @l
        ldx QUOTE
        bne @l
        beq @part

; FOR var = start TO limit [STEP step]
; a frame at FORSTK+X: 0-1 the variable, 2 its kind (4 integer, 5 real), 3-7 limit, 8-12 step
; (integers in the first 4 bytes, reals in the 5-byte form), 13-14 TP (FORSIZE)
F_KIND  = FORSTK+2
F_LIMIT = FORSTK+3
F_STEP  = FORSTK+8
F_TP    = FORSTK+13
st_for: lda #1                  ; (a loop open on the same variable stays: BASIC II replaces none)
        jsr get_lvalue
        lda VKIND               ; 4 integer, 5 real
        lsr a
        cmp #2
        beq @ok
        brk                     ; forvar: its error block in line (room)
        .byte 34, T_FOR, " variable", 0
@ok:    jsr assign
        lda FORX                ; within the documented 10 levels
        sec
        sbc #FORSIZE
        tax
        bcs @room
        brk                     ; manyfors: its error block in line (room)
        .byte 35, W_TOOMANY, T_FOR, "s", 0
@room:  stx FORX                ; the frame is taken now and filled in as the values come (an FN
        txa                     ; in them may open loops of its own); its offset for for_value
        pha
        jsr for_frame
        ldy #2
        .assert VKIND == VADDR + 2, "FOR: the lvalue's three bytes in a row"
@lv:    lda VADDR,y             ; the variable and its kind
        sta (FRAME),y
        dey
        bpl @lv
        lda #$B8
        jsr accept
        beq @to
        brk                     ; noto: its error block in line (room)
        .byte 36, W_NO, T_TO, 0
@to:    jsr expr
        ldy #3
        jsr for_value
        lda #$88
        jsr accept
        beq @step
        lda #1                  ; STEP 1
        ldx #0
        jsr set_iacc_ax
        beq @st                 ; (set_iacc_ax ends with Z set)
@step:  jsr expr
@st:    ldy #8
        jsr for_value
        pla
        jsr for_frame
        jsr skipsp              ; the loop resumes at the end of this statement (A, Y = 0)
        cmp #13                 ; at the end of a program's line, not its last (the program's
        bne @res                ; and the immediate line's end marker follow them), NEXT goes
        iny                     ; on at the next line's start without tracing it, as BASIC II
        lda (TP),y              ; (run on it): flagged by the kind's bit 7
        bmi @res
        lda #$80
        ldy #2
        ora (FRAME),y
        sta (FRAME),y
@res:   ldx TP+1                ; the TP NEXT goes on from: past a ':', so that it goes straight
        ldy TP                  ; into exec_stmt (which takes a CR or ELSE as next_stmt does)
        cmp #':'
        bne @tp
        iny
        bne @tp
        inx
@tp:    tya
        ldy #13
        sta (FRAME),y
        iny
        txa
        sta (FRAME),y
        jmp next_stmt

; FRAME = the FOR frame at offset A
for_frame:
        clc                     ; (in page 5)
        adc #<FORSTK
        sta FRAME
        lda #>FORSTK
        sta FRAME+1
        rts

; the value into byte Y of the FOR frame whose offset is under for_value's return address, as the
; loop's kind (frame byte 2) wants it: stored as into a variable of that kind there
for_value:
        tsx
        lda $0103,x
        tax
        lda F_KIND,x
        sta VKIND
        txa
        sty VADDR
        clc
        adc VADDR
        adc #<FORSTK            ; (in page 5: no carry)
        sta VADDR
        lda #>FORSTK
        sta VADDR+1
        jmp store_lvalue

; byte i of an integer NEXT's addition: var += step, and into ACC2 (the carry runs on)
        .macro next_add i
        lda F_STEP+i,x
        adc (VADDR),y
        sta (VADDR),y
        sta ACC2+i
        .endm

; NEXT [var[,var...]]
st_next:
        lda #$80                ; a name that is not there: vars.s, get_lvalue_after_name
        sta CREATE
        skip_spaces
        cmp #'A'                ; a capital begins a name: no is_idchar call, for speed
        bcc @idch
        cmp #'Z'+1
        bcs @idch
        jsr lvalue_letter       ; (get_lvalue past its skipsp and tests: A and Y as it leaves them)
@find:  ldx FORX                ; the innermost open loop
        cpx #FOR_EMPTY
        bne @f
                                ; (No FOR's and Can't Match FOR's error blocks in line: room)
        brk
        .byte 32, W_NO, T_FOR, 0
@idch:  jsr is_idchar            ; any other name (out of line: the capital's path runs on)
        bcs @name
        lda #$FF                ; no variable: VADDR+1 = &FF (no variable's page: I%!0's can be 0)
        sta VADDR+1
        bne @find               ; (always)
@name:  jsr get_lvalue_at
        jmp @find
@inner: txa                     ; an inner loop is closed by NEXT of an outer one
        clc
        adc #FORSIZE
        tax
        stx FORX
        cpx #FOR_EMPTY
        bne @f
        brk
        .byte 33, "Can't Match ", T_FOR, 0
@f:     lda FORSTK+1,x          ; the loop's variable (the high byte first: a NEXT without a
        cmp VADDR+1             ; variable has &FF there)
        bne @other
        lda FORSTK,x
        cmp VADDR
        bne @inner
@match: lda F_KIND,x            ; 4 integer, 5 real
        lsr a
        bcc @intf
        jmp next_real
@other: ldy VADDR+1
        iny
        bne @inner
        sta VADDR+1             ; NEXT without a variable: the innermost loop's
        lda FORSTK,x
        sta VADDR
        jmp @match
@intf:  ldy #0                  ; var += the step (frame bytes 8-11), ACC2 = the new value:
        next_add 0              ; unrolled, for speed (C clear)
        iny
        next_add 1
        iny
        next_add 2
        iny
        next_add 3
        lda F_STEP+3,x          ; the sign of the step: going up, carry on while var - limit - 1
        asl a                   ; < 0; going down, while var - limit >= 0: C = the sign
        lda ACC2                ; (unrolled, for speed: only the carry and the top byte count)
        sbc F_LIMIT,x
        lda ACC2+1
        sbc F_LIMIT+1,x
        lda ACC2+2
        sbc F_LIMIT+2,x
        lda ACC2+3
        sbc F_LIMIT+3,x
        bvc @nv
        eor #$80                ; N: the sign of var - limit (- 1)
@nv:    eor F_STEP+3,x
        bmi next_again          ; carry on while that sign is not the step's
        bpl next_ended

; NEXT of a real loop (X = its frame): var += step, then the comparison with the limit as for
; integers
next_real:
        lda VADDR
        ldy VADDR+1
        jsr fload_ay
        lda FORX
        clc                     ; (the frames are in page 5)
        adc #<F_STEP
        ldy #>F_STEP
        jsr farg_ay
        jsr fadd
        lda VADDR
        ldy VADDR+1
        jsr fstore_ay           ; (FACC is still the variable)
        lda FORX
        clc
        adc #<F_LIMIT
        ldy #>F_LIMIT
        jsr farg_ay             ; FARG = the limit: no swap, for speed
        jsr fcmp                ; the limit against the variable
        beq @p
        rol a                   ; unequal (A = 1): the carry the other way round, Z still clear,
        eor #1                  ; as for the variable against the limit
        lsr a
@p:     php
        ldx FORX
        lda F_STEP+1,x          ; the sign of the step
; the loop goes on or ends: the comparison of the variable with the limit in P (pushed), the
; sign of the step in A, X the frame
next_decide:
        bmi @down
        plp                     ; going up: carry on while var <= limit
        beq next_again
        bcc next_again
        bcs next_ended
@down:  plp                     ; going down: carry on while var >= limit
        bcs next_again
next_ended:
        txa                     ; the loop is closed
        clc
        adc #FORSIZE
        sta FORX
        jsr accept_comma
        bne @out
        jmp st_next             ; NEXT X,Y: on to the next variable
@out:   jmp next_stmt
next_again:
        lda F_KIND,x
        bmi next_line_start
        lda F_TP,x              ; (in line, for speed)
        sta TP
        lda F_TP+1,x            ; (FOR kept TP past the spaces and a ':' after it)
resume_lost:                    ; (UNTIL too) TP+1 = A, on at TP; the line is found from TP when
        sta TP+1                ; wanted (current_line)
        ldy #CURLN_LOST
        sty CURLN+1
        jmp exec_stmt
next_line_start:                ; the start of the line after the FOR's CR
        lda F_TP,x
        clc
        adc #1
        sta TP
        sta CURLN
        lda F_TP+1,x
        adc #0
        sta TP+1
        sta CURLN+1
        jmp run_line_q

; PRINT
st_print:
        jsr print_if_hash       ; PRINT# (io.s)
        lda #1
        sta FMTFLAG
        lda #0
        sta PRNONL                ; nonzero: no newline at the end
        sta HEXOUT
pr_loop:
        jsr skipsp
        jsr is_stmt_end
        bne *+5
        jmp pr_end
        jsr inctp
        cmp #';'
        bne @nsemi
        lda #0
        sta HEXOUT
        sta FMTFLAG
        lda #1
        sta PRNONL
        bne pr_loop
@nsemi: cmp #','                ; (a ',' last still ends the line: BASIC II, run on it)
        bne @ncomma
        jsr pr_tab_field
        lda #0
        sta HEXOUT
        sta PRNONL
        lda #1
        sta FMTFLAG
        bne pr_loop
@ncomma:
        ldx #0
        stx PRNONL
        cmp #$27
        bne @napos
        jsr newline
        beq pr_loop             ; (Z set after a newline)
@napos: cmp #'~'
        bne @nhex
        lda #1
        sta HEXOUT
        bne pr_loop
@nhex:  cmp #$8A
        bne @ntab
        jsr pr_tab
        jmp pr_loop
@ntab:  cmp #$89
        bne @nspc
        jsr factor_int
        lda IACC
        beq pr_loop
@sp:    jsr space
        dec IACC
        bne @sp
        beq pr_loop
@nspc:  jsr backtp
        lda FMTFLAG             ; an FN in the item may PRINT too
        pha
        lda HEXOUT
        pha
        jsr expr
        pla
        sta HEXOUT
        pla
        sta FMTFLAG
        lda #0
        sta PRNONL
        lda VTYPE
        bpl @num
        jsr print_sbuf
        jmp pr_loop
@num:   lda #0                  ; the field: @%'s width, or none after ';'
        ldx FMTFLAG
        beq @w
        lda VAR_AT
@w:     ldx HEXOUT
        beq @dec
        pha                     ; PRINT ~: the integer in hexadecimal
        jsr need_int
        jsr hex_sbuf
        pla
        jsr print_padded
        jmp pr_loop
@dec:   jsr print_num
        jmp pr_loop
pr_end: lda PRNONL
        bne @d
        jsr newline
@d:     jmp next_stmt

; Z set when A ends a statement: ':', CR or ELSE
is_stmt_end:
        cmp #':'
        beq @d
        cmp #13
        beq @d
        cmp #$8B
@d:     rts

backtp: lda TP
        bne @n
        dec TP+1
@n:     dec TP
        rts

; ',' : spaces to the next multiple of the field width
pr_tab_field:
        lda VAR_AT
        beq @d
        sta CNT
        lda COUNT
@m:     cmp CNT
        bcc @r
        sbc CNT
        bcs @m
@r:     cmp #0
        beq @d
        sta TMP
        lda CNT
        sec
        sbc TMP
        jmp spaces
@d:     rts

; TAB(x) or TAB(x,y)
pr_tab: jsr expr_int
        jsr accept_comma
        bne @one
        lda IACC
        pha
        jsr expr_int
        jsr closeb
        lda #31
        jsr OSWRCH
        pla
        sta COUNT
        jsr OSWRCH
        lda IACC
        jmp OSWRCH
@one:   jsr closeb
        lda IACC
        cmp COUNT
        beq @d
        bcs @sp
        pha
        jsr newline
        pla
        beq @d
@sp:    sbc COUNT               ; (C set) as many spaces as the column is short of it, counted
        jmp spaces              ; once (under WIDTH the column starts again: BASIC II does so)
@d:     rts

print_sbuf:
        ldx #0
@l:     cpx SLEN
        beq @d
        lda SBUF,x
        jsr outch               ; (X kept: OSWRCH and OSNEWL keep it, User Guide "OSWRCH")
        inx
        bne @l
@d:     rts

; * command: the rest of the line goes to OSCLI where it stands (it ends with the line's CR; OSCLI
; passes over the '*': AUG, "OSCLI")
st_star:
        ldx TP
        ldy TP+1
        jsr OSCLI
        jmp skip_line

; OSCLI string
st_oscli:
        jsr expr_str
        jsr name_cr
        jsr OSCLI
        jmp next_stmt

st_report:
        jsr report
        jmp next_stmt

; MODE n, as BASIC II's (run on it): "Bad MODE" unless the BASIC stack is empty (in a PROC or FN;
; FOR, GOSUB and REPEAT keep theirs elsewhere) and the new screen starts at or above VARTOP, else
; HIMEM becomes the new MODE's screen start
; (OSBYTE &85, AUG) and the stack starts again below it; then COUNT is 0 and VDU 22,n
st_mode:
        jsr expr_int
        ldy #0
        lda (BSP),y             ; the stack's top: 0 only at its bottom marker (reset_bsp)
        bne e_badmode
        lda #$85
        ldx IACC
        jsr OSBYTE
        cpx VARTOP              ; a screen that would start below the heap's top: Bad MODE too
        tya
        sbc VARTOP+1
        bcc e_badmode
        stx HIMEM
        sty HIMEM+1
        jsr reset_bsp           ; (A = 0 after)
        sta COUNT
        lda #22
        bne vdu_a_iacc          ; (always)
st_cls: lda #12
        jsr OSWRCH
        lda #0
        sta COUNT
        jmp next_stmt
e_badmode:
        brk                     ; its error block here (room)
        .byte 25, "Bad ", T_MODE, 0

st_colour:
        jsr expr_int
        lda #17
vdu_a_iacc:                     ; VDU A, then IACC's low byte
        jsr OSWRCH
        lda IACC
        jmp wrch_next

st_page:
        jsr want_eq
        lda IACC+1
        sta PAGEHI
        jmp next_stmt
st_himem:
        jsr want_eq
        lda IACC
        sta HIMEM
        lda IACC+1
        sta HIMEM+1
        jsr reset_bsp           ; the stack starts again below the new HIMEM (FOR loops stay)
        jmp next_stmt
st_lomem:
        jsr want_eq
        lda IACC
        ldx IACC+1
        jsr clear_heap
        jmp next_stmt

; no variables: LOMEM = VARTOP = X:A and every list empty (A = 0 after)
clear_heap:
        sta LOMEM
        stx LOMEM+1
        sta VARTOP
        stx VARTOP+1
        lda #0
        ldx #$7F
@z:     sta VARLISTS+$80,x
        dex
        bpl @z
        rts
; TIME=: OSWORD 2 writes the 5-byte system clock
st_time:
        jsr want_eq
        ldx #<IACC
        ldy #>IACC              ; (0: IACC is in zero page)
        sty IACC+4              ; the fifth byte of the clock
        lda #2
        jsr OSWORD
        jmp next_stmt

want_eq:
        lda #'='
        jsr accept
        beq @ok
        jmp e_mistake
@ok:    jmp expr_int

; ON expr GOTO/GOSUB l1,l2,... [ELSE ...]; ON ERROR ...
st_on:  jsr skipsp
        cmp #$85                ; ERROR
        beq st_onerror
        jsr expr_int
        jsr skipsp
        sta CNT2
        cmp #$E5
        beq @ok
        cmp #$E4
        beq @ok
        brk                     ; onsyntax: its error block in line (room)
        .byte 39, T_ON, " syntax", 0
@ok:    jsr inctp
        lda CNT2
        pha
        lda IACC+1              ; which target, 1-based
        ora IACC+2
        ora IACC+3
        bne @range
        lda IACC
        sta ELEM
        beq @range
@pick:  dec ELEM
        beq @this
        jsr line_target
        jsr accept_comma
        beq @pick
@range: pla
        jsr skipsp              ; ON ... ELSE statement
@fe:    ldy #0
        lda (TP),y
        cmp #13
        beq @bad
        jsr inctp
        cmp #$8B
        bne @fe
        jmp exec_stmt
@bad:   brk                     ; onrange: its error block in line (room)
        .byte 40, T_ON, W_RANGE, 0
@this:  jsr line_target
        lda LNUM
        pha
        lda LNUM+1
        pha
@skip:  ldy #0                  ; the return point is after the whole list
        lda (TP),y
        jsr is_stmt_end
        beq @end
        jsr inctp
        bne @skip
@end:   pla
        sta LNUM+1
        pla
        sta LNUM
        pla
        cmp #$E4
        bne @goto
        jsr push_gosub
@goto:  jmp goto_lnum

; ON ERROR statements / ON ERROR OFF
st_onerror:
        jsr inctp
        jsr skipsp
        cmp #$87
        bne @set
        jsr inctp
        lda #0
        sta ONERR+1
        jmp next_stmt
@set:   lda TP
        sta ONERR
        lda TP+1
        sta ONERR+1
        lda CURLN
        sta ONERRLN
        lda CURLN+1
        sta ONERRLN+1
        jmp skip_line

; DIM name(d1,d2...) / DIM name size, ...
st_dim: jsr dim_one
        jsr accept_comma
        beq st_dim
        jmp next_stmt

; LOCAL var, var ... : only inside a PROC or FN, else "Not LOCAL" (as BASIC II: a PROC or FN frame
; below on the BASIC stack; GOSUB and loop frames may be above it)
st_local:
        jsr frame_at_bsp
@f:     ldy #0
        lda (FRAME),y
        beq @not                ; the bottom of the stack
        cmp #F_PROC
        beq st_local_vars
        cmp #F_FN
        beq st_local_vars
        jsr frame_skip
        jmp @f
@not:   brk                     ; notlocal: its error block in line (room)
        .byte 12, "Not ", T_LOCAL, 0
st_local_vars:
        lda #1
        jsr get_lvalue
        jsr push_local
        jsr accept_comma
        beq st_local_vars
        jmp next_stmt

; READ var, ...  (the line found first: TP goes to the DATA while an item is read, and an error
; there is the READ's line's)
st_read:
        jsr current_line
        lda #1
        jsr get_lvalue
        jsr next_data_item
        jsr accept_comma
        beq st_read
        jmp next_stmt

st_restore:
        jsr skipsp
        cmp #$8D
        beq @line
        jsr is_digit
        bcs @line
        lda #0
        sta DATAP
        lda PAGEHI
        sta DATAP+1
        jmp next_stmt
@line:  jsr line_target
        jsr find_line
        bcs @f
        jmp e_noline
@f:     sec                     ; the CR before the line
        lda PTR1
        sbc #1
        sta DATAP
        lda PTR1+1
        sbc #0
        sta DATAP+1
        jmp next_stmt
