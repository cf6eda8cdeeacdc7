; Small helpers: the text pointer, output, the BASIC stack.

; skip spaces at TP; A = the next character (TP points at it), Y = 0.  skip_space: TP at a space.
skipsp: ldy #0
        lda (TP),y
        cmp #' '
        beq skip_space          ; (no space, the common case, falls through: a cycle less)
        rts
skip_space:                     ; (Y = 0)
        inc TP
        bne @l
        inc TP+1
@l:     lda (TP),y
        cmp #' '
        beq skip_space
        rts

; skipsp in line: no call unless a space is there (for speed, where most often none is)
        .macro skip_spaces
        ldy #0
        lda (TP),y
        cmp #' '
        bne *+5
        jsr skip_space
        .endm

; advance TP by one, keeping A (Z clear after)
inctp:  inc TP
        bne @d
        inc TP+1
@d:     rts

; consume a comma / the character in A if it is next (Z set), else leave TP (Z clear)
accept_comma:
        lda #','
accept: sta CNT
        skip_spaces
        cmp CNT
        bne @n
        inc TP                  ; (inctp in line, for speed)
        bne @z
        inc TP+1
@z:     lda #0                  ; Z set
@n:     rts

; require a comma
comma:  jsr accept_comma
        bne @e
        rts
@e:     brk                     ; comma: its error block in line (room)
        .byte 5, W_MISSING, ",", 0

; require a closing bracket
closeb: lda #')'
        jsr accept
        bne @e
        rts
@e:     brk                     ; bracket: its error block in line (room)
        .byte 27, W_MISSING, ")", 0

; a new line or a space, through outch below
newline:
        lda #13
        .byte $2C               ; BIT abs: skips the LDA that follows
space:  lda #' '
; output through OSWRCH keeping COUNT (POS as BASIC sees it); after a newline Z is set
outch:  cmp #13
        bne @n
        jsr OSNEWL
        lda #0
        sta COUNT
        rts
@n:     pha                     ; WIDTH n (not 0): a new line first once n are on this one
        lda WIDTHV              ; (n-1: &FF for WIDTH 0, which no COUNT passes)
        cmp COUNT
        bcs @w
        jsr newline
@w:     pla
        jsr OSWRCH
        inc COUNT
        rts


; push the string in SBUF: its bytes, then its length on top
push_str:
        lda SLEN
        clc
        adc #1
        jsr stack_alloc
        ldy #0
        lda SLEN
        sta (BSP),y
        ldx #0
@l:     cpx SLEN
        beq @d
        lda SBUF,x
        iny
        sta (BSP),y
        inx
        bne @l
@d:     rts

; A spaces, after a subtraction: none when it borrowed (C clear) or gave 0 (X is used)
spaces: bcc @d
        beq @d
        tax
@l:     jsr space
        dex
        bne @l
@d:     rts

; reserve A bytes on the BASIC stack (BSP -= A), checking against the heap
stack_alloc:
        eor #$FF                ; BSP - A = BSP + (255 - A) + 1
        sec
        adc BSP
        sta BSP
        bcs @c
        dec BSP+1
@c:     lda BSP+1
        cmp VARTOP+1
        bcc @full
        bne @ok
        lda BSP
        cmp VARTOP
        bcc @full
@ok:    rts
@full:  jmp e_noroom

; a new frame of A bytes at BSP (FOR, LOCAL): its tag X, then the lvalue VADDR (2 bytes) and VKIND;
; Y = 3 after
frame_lvalue:
        jsr stack_alloc
        ldy #0
        txa
        sta (BSP),y
        iny
        lda VADDR
        sta (BSP),y
        iny
        lda VADDR+1
        sta (BSP),y
        iny
        lda VKIND
        sta (BSP),y
        rts

; release a string of CNT2 characters and its length byte from the BASIC stack
free_str_cnt2:
        lda CNT2
        sec
        adc #0
; release A bytes from the BASIC stack
stack_free:
        clc
        adc BSP
        sta BSP
        bcc @d
        inc BSP+1
@d:     rts

; the 4 bytes at (ptr) into dst..dst+3, unrolled for speed (Y = 0 after)
        .macro load4 ptr, dst
        ldy #3
        lda (ptr),y
        sta dst+3
        dey
        lda (ptr),y
        sta dst+2
        dey
        lda (ptr),y
        sta dst+1
        dey
        lda (ptr),y
        sta dst
        .endm

; src..src+3 into the 4 bytes at (ptr), unrolled for speed (Y = 0 after)
        .macro store4 src, ptr
        ldy #3
        lda src+3
        sta (ptr),y
        dey
        lda src+2
        sta (ptr),y
        dey
        lda src+1
        sta (ptr),y
        dey
        lda src
        sta (ptr),y
        .endm

; push IACC (4 bytes) on the BASIC stack
push_int:
        lda #4
        jsr stack_alloc
iacc_at_bsp:                    ; (IACC into the 4 bytes at BSP, as push_int)
        store4 IACC, BSP
        dey                     ; (N set at the end, as callers expect)
        rts

; pop 4 bytes from the BASIC stack into ACC2
pop_acc2:
        load4 BSP, ACC2
        lda #4
        bne stack_free

; memory move: PTR1 = source, PTR2 = destination, TMP = length (2 bytes); handles overlap.
; A, X and Y are used; PTR1 and PTR2 are left moved.
memmove:
        lda PTR2+1
        cmp PTR1+1
        bcc @down
        bne @up
        lda PTR2
        cmp PTR1
        bcc @down
        beq @done
@up:    clc                     ; upwards: from the end backwards, the part page first
        lda PTR1+1
        adc TMP+1
        sta PTR1+1
        clc
        lda PTR2+1
        adc TMP+1
        sta PTR2+1
        ldx TMP+1               ; X: whole pages below it
        ldy TMP
        beq @un
@ul:    dey
        lda (PTR1),y
        sta (PTR2),y
        tya
        bne @ul
@un:    txa
        beq @done
        dec PTR1+1
        dec PTR2+1
        dex
        jmp @ul                 ; (Y = 0: the whole page)
@down:  ldy #0                  ; downwards: whole pages first, then the part page
        ldx TMP+1
        beq @dpart
@dl:    lda (PTR1),y
        sta (PTR2),y
        iny
        bne @dl
        inc PTR1+1
        inc PTR2+1
        dex
        bne @dl
@dpart: ldx TMP
        beq @done
@dp:    lda (PTR1),y
        sta (PTR2),y
        iny
        dex
        bne @dp
@done:  rts

