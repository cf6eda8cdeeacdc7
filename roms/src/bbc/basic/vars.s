; Variables, arrays, indirection, LOCAL, DATA.
; A dynamic variable, as BASIC II keeps one (find_var): link (2), its name after the first
; character with its % $ or ( suffix, 0, then its value: integer (% suffix) 4 bytes, real (no
; suffix) 5 bytes in the documented form (fp.s), string descriptor (address 2, allocated length,
; length), or for an array the elements' offset (2 * dimensions + 1), each dimension's size (2
; bytes), then the elements (4, 5 or 4 bytes each).
; Lvalue kinds (VKIND): 4 integer, 5 real, 1 byte, $81 string variable, $80 $-indirection.

; reset the BASIC stack (a 0 byte below HIMEM marks its bottom) and the FOR stack: no loops or
; GOSUBs are open (HIMEM= comes in at reset_bsp: BASIC II keeps its loops and GOSUBs, run on it)
reset_stack:
        lda #FOR_EMPTY
        sta FORX
        lda #0
        sta GOSUBN
        sta REPEATN
reset_bsp:
        lda HIMEM               ; BSP = HIMEM - 1, unchecked: this must not fail (it runs on
        sec                     ; every error, and the heap may have been set above HIMEM)
        sbc #1
        sta BSP
        lda HIMEM+1
        sbc #0
        sta BSP+1
        lda #0
        tay
        sta (BSP),y
        rts

; read a name at TP (suffix % or $ and a following ( included): NLEN its length, NAMEP the address
; before it, so that (NAMEP),Y for Y = 1..NLEN are its characters (a name is read where it stands
; in the text, and compared with a variable's entry with one index).  C clear if there is no name
name_lower:                     ; (parse_name_at's small letters and _, out of its way)
        cmp #'_'
        bcc no_name
        cmp #'z'+1
        bcc name_first
no_name:
        clc
        rts
parse_name:
        jsr skipsp
parse_name_at:                  ; (A = the character at TP, Y = 0)
        cmp #'@'
        beq name_first
        cmp #'A'
        bcc no_name
        cmp #'Z'+1
        bcs name_lower          ; (capitals fall through: the common case, for speed)
name_first:
        asl a                   ; its list (find_var)
        sta NHEAD
@l:     iny                     ; (read at TP+Y: TP moves once, at the end)
        lda (TP),y
        jsr is_idchar
        bcs @l
        ldx #5                  ; its kind (VKIND) from the suffix: a real, % integer, $ string
        cmp #'%'
        bne @nd
        dex
        bne @suffix             ; (always)
@nd:    cmp #'$'
        bne @arr
        ldx #$81
@suffix:
        iny
        lda (TP),y
@arr:   cmp #'('
        bne name_found
        iny
name_found:                     ; (Y = the name's length from TP, X its kind) NLEN, NAMEP, VKIND,
        stx VKIND               ; TP past it; C set
        sty NLEN
        lda TP                  ; NAMEP = TP - 1
        sec
        sbc #1
        sta NAMEP
        lda TP+1
        sbc #0
        sta NAMEP+1
        tya                     ; TP past the name
        clc
        adc TP
        sta TP
        bcc @c
        inc TP+1
@c:     sec
        rts

; PTR1 = the value of the variable named at NAMEP; C set if found.  Not found: PTR1 = the last
; entry of its list, or the list's head (a link to the first entry), where a new entry is linked.
; The lists are BASIC II's (run on it; Plumbley, "BASIC ROM User Guide", 3.1): one for each first
; character, its head at &400 + 2 * the character (&482 for A); an entry is the link (2), the name
; without its first character, 0, then the value; a new entry goes at its list's end.  PROC and
; FN names have two lists more (NHEAD &F6, &F8; (NAMEP),1 the token).
find_var:
        ldx NHEAD               ; the list's head in page 4 (parse_name)
        lda VARLISTS+1,x
        beq @empty
        sta PTR1+1
        lda VARLISTS,x
        sta PTR1
@scan:  ldy #2                  ; (the name in the text is never followed by the 0 that ends an
@c:     lda (PTR1),y            ; entry's: they differ at the latest there)
        cmp (NAMEP),y
        bne @diff
        iny
        bne @c
@diff:  tax                     ; the entry's name ends where this one does (Y = NLEN + 1: the
        bne @skip               ; text's next character never matches an entry's, see above)?
        cpy NLEN
        bcc @skip
        beq @skip
        tya                     ; PTR1 += NLEN + 2 (C set)
        adc PTR1
        sta PTR1
        bcc @y
        inc PTR1+1
@y:     sec
        rts
@skip:  ldy #0                  ; the next entry (its link's high byte 0: the list ends)
        lda (PTR1),y
        tax
        iny
        lda (PTR1),y
        beq @no
        stx PTR1
        sta PTR1+1
        bne @scan
@empty: stx PTR1
        lda #>VARLISTS
        sta PTR1+1
@no:    clc
        rts

; make the variable named at NAMEP, after find_var did not find it, with A bytes of value (zeroed);
; PTR1 = its value.  As BASIC II's (run on it): the entry is written at VARTOP and the link to it
; begun (its low byte) before the room is checked; with none, "No room", the list still ending
; where it did (the link's high byte is 0 there) and the entry's bytes left above the heap.  Of
; the new entry's own link only the high byte is written (0: the list ends), as BASIC II's
create_var:
        sta CNT
        ldy #0
        lda VARTOP              ; the link's low byte
        sta (PTR1),y
        tya
        iny
        sta (VARTOP),y          ; the entry's link: its high byte 0
@n:     cpy NLEN                ; the name after its first character
        bcs @e
        iny
        lda (NAMEP),y
        sta (VARTOP),y
        bne @n                  ; (always: a name's characters are not 0)
@e:     ldx CNT                 ; 0, then the value
        inx
        lda #0
@z:     iny
        sta (VARTOP),y
        dex
        bne @z
        iny                     ; the entry's length
        tya
        ldy VARTOP+1            ; (the link's high byte, once there is room)
        jsr heap_claim
        bcc @ok
        jmp e_noroom
@ok:    pha                     ; (X:A = VARTOP)
        tya
        ldy #1
        sta (PTR1),y
        pla                     ; PTR1 = VARTOP - CNT: the value
        sec
        sbc CNT
        sta PTR1
        txa
        sbc #0
        sta PTR1+1
        rts

; claim X:A bytes (+1 with heap_claim_c and C set) at the top of the heap: VARTOP grows by them
; when it stays below the BASIC stack (C clear, X:A the new VARTOP); else C set and VARTOP is
; left as it was, so an error leaves the heap whole (and the error handler room to reset the stack)
heap_claim:
        clc
heap_claim_c:
        adc VARTOP
        pha
        txa
        adc VARTOP+1
        tax
        pla
        bcs @r                  ; past 64K
        cpx BSP+1
        bne @c
        cmp BSP
@c:     bcs @r
        sta VARTOP
        stx VARTOP+1
@r:     rts

; parse an lvalue at TP: VADDR, VKIND.  A = 1: create a missing variable, 0: No such variable
get_lvalue:
        sta CREATE
        skip_spaces
get_lvalue_at:                  ; (CREATE set, A = the character at TP, Y = 0)
        cmp #'@'                ; @, letters and _ begin a name: tested first, for speed
        bcs lvalue_name
        cmp #'?'
        bne @nq
        lda #1
        bne @ind
@nq:    cmp #'!'
        bne @ns
        lda #4
        bne @ind
@ns:    cmp #'$'
        bne lvalue_name
        lda #$80
@ind:   pha
        jsr inctp
        jsr factor_int
        lda IACC
        sta VADDR
        lda IACC+1
        sta VADDR+1
        pla
        sta VKIND
        rts
lvalue_other:
        txa
        ldy #0
lvalue_parse:
        jsr parse_name_at
        bcs get_lvalue_after_name
        lda CREATE              ; no name: a statement's is a Syntax error, an expression's a
        bne lvalue_syntax       ; variable that is not there
lvalue_none:
        jmp e_nosuchvar
lvalue_name:                    ; A%..Z% and @% not followed by "(": straight to page 4, for speed
        cmp #'Z'+1
        bcs lvalue_parse
lvalue_letter:                  ; (A = @ or a capital at TP: NEXT comes here, for speed)
        tax
        ldy #1
        lda (TP),y
        cmp #'%'
        bne lvalue_other
        iny
        lda (TP),y
        cmp #'('
        beq lvalue_other
        tya                     ; TP past the letter and the % (Y = 2), in line for speed
        clc
        adc TP
        sta TP
        bcc @p
        inc TP+1
@p:     txa

resident_var:                   ; A = the letter, @ to Z
        asl a                   ; (&40-&5A times 4: the page offset, the carry dropped)
        asl a
        sta VADDR
        lda #>VARS
        sta VADDR+1
        .assert (VARS >> 8) == 4, "resident_var: VARS's page is the integer kind's number"
        sta VKIND               ; (4: an integer)
        bne lvalue_post_num     ; (not a string: no kind test, for speed)
lvalue_string:                  ; (lvalue_post's) a string variable NEXT gave (CREATE &80) is a
        bit CREATE              ; Syntax error, as BASIC II's (run on it)
        bpl lvalue_ret
lvalue_syntax:
        jmp e_syntax

; get_lvalue_after_name's name that find_var did not find (out of its way: the found case runs on)
lvalue_missing:
        lda CREATE
        bmi @next
        bne @create
        lda ASM_LAX             ; an assembler operand with errors off: P% (asm.s)
        bne lvalue_none
        lda #'P'
        bne resident_var
@next:  ldx FORX                ; a name NEXT gave (CREATE &80), as BASIC II's (run on it): with a
        cpx #FOR_EMPTY          ; loop open, Syntax error; with none, back to NEXT, which finds
        bne lvalue_syntax       ; none open: No FOR
        rts
@create:
        lda VKIND               ; a real has 5 bytes, an integer 4 (their kinds), a string 4
        bpl @cr
        lda #4
@cr:    jsr create_var
        bne lvalue_found        ; (always: create_var ends with the value's page, not 0)

; get_lvalue for the name parse_name read (A = create flag)
get_lvalue_named:
        sta CREATE
get_lvalue_after_name:          ; (VKIND from parse_name)
        ldy NLEN
        lda (NAMEP),y
        cmp #'('
        beq array_element
        cpy #2                  ; resident integers @% and A%..Z%
        bne @dyn
        lda (NAMEP),y
        cmp #'%'
        bne @dyn
        dey
        lda (NAMEP),y
        cmp #'Z'+1
        bcc resident_var
@dyn:   jsr find_var
        bcc lvalue_missing
lvalue_found:
        lda PTR1
        sta VADDR
        lda PTR1+1
        sta VADDR+1
; var?n and var!n (a string variable has none: A$?1 is A$ then ?1)
lvalue_post:
        lda VKIND
        bmi lvalue_string
lvalue_post_num:
        ldy #0
        lda (TP),y
        cmp #'?'
        beq lvalue_postind
        cmp #'!'
        beq lvalue_postind
lvalue_ret:
        rts
lvalue_postind:
        pha
        jsr inctp
        jsr load_lvalue         ; the variable's value (a real's truncated) is the base address
        jsr need_int
        lda IACC
        pha
        lda IACC+1
        pha
        jsr factor_int
        pla
        tax
        pla
        clc
        adc IACC
        sta VADDR
        txa
        adc IACC+1
        sta VADDR+1
        pla
        ldx #1
        cmp #'?'
        beq @k
        ldx #4
@k:     stx VKIND
        rts

; the name read ends in "(": the element named by the subscripts at TP.  What each subscript needs
; afterwards is on the 6502 stack, as a subscript may use arrays (and FNs) itself: the kind, the
; header's address, its first byte, then the element so far and the offset of this dimension's size
array_element:
        jsr find_var
        bcs @f
@array: brk                     ; array: its error block in line (room)
        .byte 14, "Array", 0
@f:     lda VKIND               ; (set by parse_name)
        pha
        lda PTR1
        pha
        lda PTR1+1
        pha
        ldy #0
        lda (PTR1),y            ; the offset of the elements, 2 * dims + 1
        pha
        tya                     ; the element so far: 0
        pha
        pha
        lda #1                  ; the first size's offset
        pha
@dim:   jsr expr_int            ; the subscript
        pla
        tay
        pla
        sta ELEM+1
        pla
        sta ELEM
        tsx
        lda $0102,x             ; PTR1 again
        sta PTR1+1
        lda $0103,x
        sta PTR1
        lda IACC+3              ; 0 <= subscript < size
        ora IACC+2
        bne @bad
        lda IACC
        cmp (PTR1),y
        iny
        lda IACC+1
        sbc (PTR1),y
        bcs @bad
        lda ELEM                ; ELEM = ELEM * size + subscript
        ora ELEM+1
        beq @add
        dey
        lda (PTR1),y
        sta ACC2
        iny
        lda (PTR1),y
        sta ACC2+1
        jsr elem_times_acc2
@add:   clc
        lda ELEM
        adc IACC
        sta ELEM
        lda ELEM+1
        adc IACC+1
        sta ELEM+1
        tsx
        tya                     ; (Y: the size's high byte, so A = the offset after the size)
        ora #1                  ; the last size: the elements are next (or, as BASIC II takes a
        cmp $0101,x             ; header whose first byte is wrong, past it: run on it)
        bcs @last
        lda ELEM
        pha
        lda ELEM+1
        pha
        iny
        tya
        pha
        jsr accept_comma        ; fewer subscripts than dimensions: "Array", as BASIC II
        bne @array
        jmp @dim
@bad:   brk                     ; subscript: its error block in line (room)
        .byte 15, "Subscript", 0
@last:  iny                     ; the elements follow the sizes read, whatever the header's
        tya                     ; first byte says (BASIC II, run on it)
        sta $0101,x
        jsr closeb
        pla                     ; the elements' offset
        sta CNT
        pla
        sta PTR1+1
        pla
        sta PTR1
        pla
        sta VKIND
        cmp #5
        beq @five
        asl ELEM                ; 4 bytes an element
        rol ELEM+1
        asl ELEM
        rol ELEM+1
        bcc @sized
@five:  jsr elem_bytes
@sized: lda CNT                 ; VADDR = PTR1 + the elements' offset + ELEM
        clc
        adc ELEM
        bcc @s
        inc ELEM+1
        clc
@s:     adc PTR1
        sta VADDR
        lda ELEM+1
        adc PTR1+1
        sta VADDR+1
        jmp lvalue_post

; ELEM = ELEM * the size of an element of kind VKIND (5 for reals, else 4), wrapping round; C set
; when a real's last addition carries (DIM's Bad DIM)
elem_bytes:
        lda ELEM
        ldx ELEM+1
        asl ELEM
        rol ELEM+1
        asl ELEM
        rol ELEM+1
        ldy VKIND
        cpy #5
        beq @five
        clc
        rts
@five:  clc
        adc ELEM
        sta ELEM
        txa
        adc ELEM+1
        sta ELEM+1
        rts

; ELEM = ELEM * ACC2 in 16 bits, ACC2's bits from the lowest, ELEM doubling (its carries lost) and
; added in for each 1: C set when an addition carries, the overflow BASIC II's DIM finds (run on
; it: DIM A%(1000,100) is Bad DIM, DIM A%(255,255) wraps round to 0).  Y is kept
elem_times_acc2:
        ldx #0                  ; (the additions that carried)
        stx TMP
        stx TMP+1
@l:     lsr ACC2+1
        ror ACC2
        bcc @n
        clc
        lda TMP
        adc ELEM
        sta TMP
        lda TMP+1
        adc ELEM+1
        sta TMP+1
        bcc @n
        inx
@n:     asl ELEM
        rol ELEM+1
        lda ACC2
        ora ACC2+1
        bne @l
        lda TMP
        sta ELEM
        lda TMP+1
        sta ELEM+1
        cpx #1
        rts

; DIM name(d1,...) or DIM name size.  What does not fit below the BASIC stack is "DIM space"
; (UG "Error messages", 11), with the heap left as it was
dim_one:
        jsr parse_name
        bcc @bad
        ldy NLEN
        lda (NAMEP),y
        cmp #'('
        beq @array
        lda #1                  ; DIM name size: a byte block at the top of the heap
        jsr get_lvalue_named
        lda VKIND               ; an integer or real variable (kind 4 or 5)
        and #$FE
        cmp #4
        bne @bad
        lda VADDR
        pha
        lda VADDR+1
        pha
        jsr expr_int
        pla
        sta VADDR+1
        pla
        sta VADDR
        jsr @size            ; size + 1 bytes
        jsr ptr1_vartop
        lda IACC
        ldx IACC+1
        sec
        jsr heap_claim_c
        bcs @space
        lda PTR1                ; the variable = the block's address
        ldx PTR1+1
        jsr set_iacc_ax
        jmp store_lvalue
@space: jmp e_dimspace
@size:  lda IACC+3              ; a size in IACC: negative, or 64K or more, is "Bad DIM" (as
        ora IACC+2              ; BASIC II: run on it)
        bne @bad
        rts
@bad:   brk                     ; Bad DIM: its error block here (room)
        .byte 10, "Bad ", T_DIM, 0
@array: lda VKIND               ; the kind (parse_name's), kept below the sizes (subscripts
        pha                     ; read names too)
        jsr find_var
        bcs @bad
        lda #0                  ; as BASIC II (run on it), the entry is made before the
        jsr create_var          ; subscripts are read: the header and elements go at VARTOP
        dey                     ; as it is after them, and when they do not fit the entry stays
        sty DIMS                ; (the sizes on the 6502 stack; create_var leaves Y = 1)
@d:     lda DIMS
        pha
        jsr expr_int
        pla
        sta DIMS
        jsr @size
        lda IACC+1              ; a subscript of &4000 or more is Bad DIM (BASIC II, run on it)
        cmp #$40
        bcs @bad
        inc IACC                ; size = subscript + 1
        bne @s
        inc IACC+1
@s:     lda IACC
        pha
        lda IACC+1
        pha
        inc DIMS                ; up to 100 dimensions (BASIC II takes 105, near the longest line
        lda DIMS                ; one can type; each size is 2 bytes on the 6502 stack here)
        cmp #101
        bcs @bad
        jsr accept_comma
        beq @d
        lda #')'                ; no ")" is Bad DIM, as BASIC II's (run on it)
        jsr accept
        bne @bad
        lda #1                  ; ELEM = the number of elements, the product of the sizes in 16
        sta ELEM                ; bits, wrapping round as BASIC II's does (run on it: DIM
        lsr a                   ; A%(256,255) makes 256 elements), the first size first (the
        sta ELEM+1              ; deepest on the stack), as BASIC II finds the overflow (run on
        lda DIMS                ; it: DIM A%(2,3,4,5,6,7,8,9) is DIM space, (9,8,...,2) Bad DIM)
        sta CNT2
        tsx                     ; Y = S + 2 * dims + 1 (C set by the LSR): the first size at
        txa                     ; &FE,Y (high) and &FF,Y, the kind below it (Y is kept by
        adc DIMS                ; elem_times_acc2)
        adc DIMS
        tay
        lda $0100,y
        sta VKIND
@m:     lda $00FE,y
        sta ACC2+1
        lda $00FF,y
        sta ACC2
        jsr elem_times_acc2
        bcs @bad                ; (the product overflowed, as BASIC II finds it)
        dey
        dey
        dec CNT2
        bne @m
        jsr elem_bytes          ; the byte count wraps round as BASIC II's does (run on it: DIM
        bcs @bad                ; A%(300,300) is DIM space, A%(128,127) takes 512 bytes), but a
                                ; real's last addition carrying is Bad DIM
        jsr ptr1_vartop         ; the header at VARTOP: the elements' offset 2 * dims + 1, then
        lda DIMS                ; the sizes (pushed first to last: filled from the end)
        asl a
        tay
        ora #1
        sta CNT
@fill:  pla
        sta (PTR1),y
        dey
        pla
        sta (PTR1),y
        dey
        bne @fill
        pla                     ; (the kind)
        lda CNT                 ; the elements' offset first (Y = 0), then the header and the
        sta (PTR1),y            ; elements claimed
        clc
        adc ELEM
        ldx ELEM+1
        bcc @c
        inx
@c:     jsr heap_claim
        bcs dim_space
        ldy CNT                 ; zero the elements, after the header.  Their count of bytes
        ldx ELEM                ; wraps round as BASIC II's does (0 for DIM A%(255,255)): it
        beq @h                  ; then clears on over all memory and never comes back (run
        inc ELEM+1              ; on it).  X counts the low byte, ELEM+1 the pages begun
@h:     lda #0
@z:     sta (PTR1),y
        iny
        bne @z1
        inc PTR1+1
@z1:    dex
        bne @z
        dec ELEM+1
        bne @z
        rts

dim_space:
e_dimspace:
        brk                     ; its error block here (room)
        .byte 11, T_DIM, " space", 0

; PTR1 = VARTOP, where a new block on the heap starts
ptr1_vartop:
        lda VARTOP
        sta PTR1
        lda VARTOP+1
        sta PTR1+1
        rts

; store IACC at VADDR (4 bytes)
store_int_vaddr:
        store4 IACC, VADDR
        rts

; the value of the lvalue into IACC, FACC or SBUF
load_lvalue:
        lda VKIND
        cmp #4
        bne @n4i
        load4 VADDR, IACC
        sty VTYPE               ; (Y = 0: an integer)
        rts
@n4i:   cmp #5
        bne @n4
        lda VADDR
        ldy VADDR+1
        jmp fload_ay
@n4:    cmp #1
        bne @n1
        ldy #0
        lda (VADDR),y
        sta IACC
        sty IACC+1
        sty IACC+2
        sty IACC+3
        sty VTYPE
        rts
@n1:    lda #$FF
        sta VTYPE
        lda VKIND
        cmp #$81
        bne @raw
        ldy #3                  ; a string variable: its descriptor
        lda (VADDR),y
        sta SLEN
        ldy #0
        lda (VADDR),y
        sta PTR2
        iny
        lda (VADDR),y
        sta PTR2+1
        ldy #0
@c:     cpy SLEN
        beq @d
        lda (PTR2),y
        sta SBUF,y
        iny
        bne @c
@d:     rts
@raw:   ldy #0                  ; $address: up to the CR
@r:     lda (VADDR),y
        cmp #13
        beq @re
        sta SBUF,y
        iny
        bne @r
@re:    sty SLEN
        rts

; assign IACC/SBUF (VTYPE) to the lvalue
store_lvalue:
        lda VKIND
        bmi @str
        cmp #5
        bne @int
        jsr to_real             ; a real variable: an integer is converted
        lda VADDR
        ldy VADDR+1
        jmp fstore_ay
@int:   lda VTYPE               ; an integer one: a real is truncated
        beq @iok
        jsr need_int
@iok:   lda VKIND
        cmp #1
        bne @w
        lda IACC
        ldy #0
        sta (VADDR),y
        rts
@w:     jmp store_int_vaddr
@str:   lda VTYPE
        bmi @s
        jmp e_type
@s:     lda VKIND
        cmp #$81
        beq @var
        ldy #0                  ; $address = string: the bytes then CR
@r:     cpy SLEN
        beq @re
        lda SBUF,y
        sta (VADDR),y
        iny
        bne @r
@re:    lda #13
        sta (VADDR),y
        rts
@var:   ldy #2                  ; room in the present block?
        lda SLEN
        cmp (VADDR),y
        beq @fits
        bcc @fits
        lda VARTOP              ; no: a new block at the top of the heap, as BASIC II's (run on
        sbc (VADDR),y           ; it).  A block that ends at VARTOP is given back first (the
        tax                     ; new one starts where it did).  (C set) VARTOP - its room
        lda VARTOP+1
        sbc #0
        dey
        cmp (VADDR),y
        bne @new
        dey
        txa
        cmp (VADDR),y
        bne @new
        stx VARTOP
        iny
        lda (VADDR),y
        sta VARTOP+1
@new:   jsr ptr1_vartop
        lda SLEN                ; its room: the length, and from 8 characters 8 more (up to 255)
        cmp #8
        bcc @a
        adc #7
        bcc @a
        lda #255
@a:     pha
        ldx #0
        jsr heap_claim
        bcc @room
        jmp e_noroom            ; the variable keeps its old value
@room:  pla
        ldy #2
        sta (VADDR),y
        ldy #0
        lda PTR1
        sta (VADDR),y
        iny
        lda PTR1+1
        sta (VADDR),y
@fits:  ldy #3
        lda SLEN
        sta (VADDR),y
        ldy #0
        lda (VADDR),y
        sta PTR1
        iny
        lda (VADDR),y
        sta PTR1+1
        ldy #0
@c:     cpy SLEN
        beq @d
        lda SBUF,y
        sta (PTR1),y
        iny
        bne @c
@d:     rts

; LET / assignment
st_let: jsr skipsp              ; (LET)
st_let_at:                      ; (from exec_stmt: A = the character at TP, Y = 0)
        ldx #1
        stx CREATE
        jsr get_lvalue_at
        jsr assign
        jmp next_stmt

; '=' and an expression, stored in the lvalue VADDR/VKIND
assign: lda VADDR
        pha
        lda VADDR+1
        pha
        lda VKIND
        pha
        lda #'='
        jsr accept
        beq @eq
        jmp e_mistake
@eq:    jsr expr
        pla
        sta VKIND
        pla
        sta VADDR+1
        pla
        sta VADDR
        jmp store_lvalue

; save the lvalue's present value in a LOCAL frame, then clear it
; frame: 0 tag, 1-2 address, 3 kind, 4-8 old value (4 bytes, or 5 for a real)
push_local:
        jsr local_frame
local_clear:                    ; (PTR2, X and Y as local_frame leaves them)
@c:     lda (VADDR),y
        sta (PTR2),y
        lda #0
        sta (VADDR),y           ; 0, or the empty string with no block of its own
        iny
        dex
        bne @c
        rts

; the LOCAL frame of the lvalue, its value not yet saved: PTR2 = where the value goes (the frame's
; byte 4), X = the size of the value of the kind in VKIND (5 for a real, else 4); Y = 0
local_frame:
        lda #9
        ldx #F_LOCAL
        jsr frame_lvalue
        clc
        lda BSP
        adc #4
        sta PTR2
        lda BSP+1
        adc #0
        sta PTR2+1
        ldx #4
        lda VKIND
        cmp #5
        bne @s
        inx
@s:     ldy #0
        rts

; undo the LOCAL frame at FRAME: its saved value (frame bytes 4-7, or 4-8 for a real) back into
; the variable, through PTR1 = its address - 4 so that one index serves both (for speed)
restore_local:
        ldy #1
        lda (FRAME),y
        sec
        sbc #4
        sta PTR1
        iny
        lda (FRAME),y
        sbc #0
        sta PTR1+1
        iny
        ldx #4
        lda (FRAME),y
        cmp #5
        bne @s
        inx
@s:     iny
@c:     lda (FRAME),y
        sta (PTR1),y
        iny
        dex
        bne @c
        rts

; READ one item from DATA into the lvalue
next_data_item:
        lda TP                  ; the DATA pointer is read with TP
        pha
        lda TP+1
        pha
        lda VADDR
        pha
        lda VADDR+1
        pha
        lda VKIND
        pha
        lda DATAP
        sta TP
        lda DATAP+1
        sta TP+1
        ldy #0
        lda (TP),y
        cmp #','                ; inside a DATA statement: after the comma
        beq @item0
@skip:  ldy #0                  ; the next line that starts with DATA (BASIC II finds none after
        lda (TP),y              ; a ':', run on it): TP is in a line, or at the CR before one
        cmp #13
        beq @cr
        jsr inctp
        bne @skip
@cr:    jsr inctp               ; (Y is still 0)
        lda (TP),y
        bmi @none
        lda TP
        clc
        adc #3
        sta TP
        bcc @ns
        inc TP+1
@ns:    jsr skipsp
        cmp #$DC
        bne @skip
@item0: jsr inctp
        pla
        sta VKIND
        pha
        bmi @string
        jsr expr                ; a number: an expression (BASIC II: DATA 1+2 reads 3, and a
        jmp @got                ; string is a Type mismatch)
@none:  brk                     ; nodata: its error block in line (room)
        .byte 42, W_OUTOF, T_DATA, 0
@string:
        jsr skipsp
        cmp #$22
        bne @raw
        jsr expr_str
        bmi @got                ; (need_str ends with N set)
@raw:   ldx #0                  ; unquoted: up to the comma or the end of the line
@rl:    lda (TP),y
        cmp #','
        beq @rd
        cmp #13
        beq @rd
        sta SBUF,x
        inx
        jsr inctp
        bne @rl
@rd:    stx SLEN
        lda #$FF
        sta VTYPE
@got:   jsr skipsp
        lda TP
        sta DATAP
        lda TP+1
        sta DATAP+1
        pla
        sta VKIND
        pla
        sta VADDR+1
        pla
        sta VADDR
        jsr store_lvalue
; TP from the 6502 stack (pushed low byte first), then return
pop_tp: pla
        sta TP+1
        pla
        sta TP
        rts

; SAVE, CHAIN and PTR= (io.s's): here, before expr.s, so that expr.s and arith.s keep the page
; offsets their loops were tuned at (expr_add's and factor's branches each within a page)
st_save:
        jsr immediate_only
        jsr expr_str
        lda #0
        jsr file_block
        jmp next_stmt

st_chain:
        jsr expr_str
        jsr load_program
        jmp st_run

; PTR#c=n: OSARGS 1
st_ptr: jsr get_channel
        jsr want_eq
        lda #1
        jsr osargs_iacc
        jmp next_stmt
