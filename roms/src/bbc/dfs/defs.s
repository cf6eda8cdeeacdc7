; ---- the MOS's side (AUG) -----------------------------------------------------------------------
OSFIND  = $FFCE
OSBGET  = $FFD7
OSARGS  = $FFDA
OSFILE  = $FFDD
OSASCI  = $FFE3
OSNEWL  = $FFE7
OSWRCH  = $FFEE
OSBYTE  = $FFF4
OSRDCH  = $FFE0
OSBYTE_ACKNOWLEDGE_ESCAPE = $7E
OSBYTE_OSHWM = $83             ; the first free page (PAGE under BASIC)
OSBYTE_HIMEM = $84             ; the end of the memory free for programs
OSCLI   = $FFF7
GSINIT  = $FFC2
GSREAD  = $FFC5

FILEV   = $0212                 ; FILEV ARGSV BGETV BPUTV GBPBV FINDV FSCV: vectors 9-15
FSCV    = $021E
EXTENDED = $FF00                ; vector n's extended entry: &FF00 + 3n
EXT_TABLE = $0D9F               ; vector n's routine and ROM: &0D9F + 3n
EXT_FILEV = EXT_TABLE + 3 * 9

os_a        = $EF               ; service 8: the OSWORD's A, and its block at &F0/&F1
os_block    = $F0
text_ptr    = $F2               ; the MOS's command line pointer (service 4: (&F2),Y)
rom_current = $F4
ERROR_BLOCK = $0100             ; filing systems build their errors here (BRK at &0100)
NMI_CODE    = $0D00             ; the NMI routine's place (AUG: &0D00-&0D9E)

FS_NUMBER = 4                   ; OSARGS A=0 Y=0: the disc filing system

; ---- the 8271 (docs/discs.md; Intel 8271 data sheet) --------------------------------------------
FDC_STATUS  = $FE80             ; read: status          write: command
FDC_RESULT  = $FE81             ; read: result          write: parameter
FDC_DATA    = $FE84
FDC_BUSY    = $80
FDC_PARAMETER_FULL = $20
FDC_RESULT_FULL = $10
FDC_DATA_REQUEST = $04
CMD_READ    = $13               ; read data, multi-record: track, sector, size and count
CMD_WRITE   = $0B               ; write data, multi-record
CMD_SPECIFY = $35
CMD_WRITE_SPECIAL = $3A
RECORDS_256 = $20               ; size code 1 (256 bytes) in bits 7-5 of the count parameter
SECTORS_PER_TRACK = 10

; ---- zero page: &A0-&A7 the NMI routine's, &BA-&CF ours (AUG "zero page": the filing system's) --
nmi_ptr     = $A0               ; the next byte's address
nmi_result  = $A2               ; the command's result
nmi_done    = $A3               ; 0 until the command ends
nmi_y       = $A4
nmi_left    = $A5               ; bytes still to move (2); a read drops the rest of its last sector
z_table     = $B0               ; the command table entry being looked at (AUG: &B0-&BF the
                                ; filing system's scratch space)
z_blk       = $BA               ; the caller's control block
z_ptr       = $BC               ; a name or command line
z_addr      = $BE               ; memory being transferred
z_drive     = $C0               ; the drive of the operation (0-3)
z_track     = $C1
z_sector    = $C2
z_count     = $C3               ; sectors to transfer
z_command   = $C4               ; CMD_READ or CMD_WRITE
z_lsec      = $C5               ; a logical sector (2 bytes)
z_entry     = $C7               ; a catalogue entry's offset (8, 16, ... 248)
z_chan      = $C8               ; a channel's offset in the channel table
zt0         = $C9               ; scratch
zt1         = $CA
zt2         = $CB
zt3         = $CC
z_sy        = $CE
z_sx        = $CF

; ---- workspace: &0E00-&18FF, claimed at BREAK (service 1) --------------------------------------
WORKSPACE_END = $19             ; PAGE is &1900, as with Acorn's DFS
CAT0        = $0E00             ; the catalogue of the drive last read
CAT1        = $0F00
W           = $1000
w_drive     = W + 0             ; the current drive and directory
w_dir       = W + 1
w_lib_drive = W + 2             ; the library
w_lib_dir   = W + 3
w_fdc_ready = W + 4             ; 0: the 8271 is to be specified before its next command
w_opt1      = W + 5             ; *OPT 1: 0 quiet
w_name      = W + 8             ; a name read: 7 characters, then its directory
w_name_dir  = W + 15
w_name_drive = W + 16
w_block     = W + $20           ; OSFILE's control block, copied (18 bytes)
w_tail      = W + $34           ; *RUN: the command line after the name
w_info      = W + $38           ; a file's load (4), exec (4), length (4), start sector (2)
w_load      = w_info
w_exec      = w_info + 4
w_length    = w_info + 8
w_start     = w_info + 12
w_locked    = w_info + 14
w_sectors   = W + $48           ; a file's sectors (2)
w_free      = W + $4A           ; a new file's first sector (2)
w_gbpb      = W + $50           ; OSGBPB: count (4)
w_command   = W + $90           ; the command being run: its table entry (2)
w_enable    = W + $92           ; *ENABLE given: the next command may go ahead without asking
w_enabled   = W + $93           ; the command being run follows *ENABLE
w_stack     = W + $94           ; the stack pointer at FSCV's entry, for abandon
w_src       = W + $95           ; *BACKUP, *COPY: the source and destination drives
w_dst       = W + $96
w_swap      = W + $97           ; bit 7: one drive for both, the user swaps the discs
w_disc_in   = W + $98           ; with one drive: 0 the source disc is in, 1 the destination
w_copy_entry = W + $99          ; *COPY: the source entry last copied
w_found     = W + $9A           ; *COPY: a file has matched
w_buffer    = W + $9B           ; copy_sectors: the buffer's first page and its pages
w_buffer_pages = W + $9C
w_chunk     = W + $9D           ; copy_sectors: the sectors of this bufferful
w_first     = W + $9E           ; copy_sectors: the destination hook is still to be called
w_copy_from = W + $A0           ; copy_sectors: the next source and destination sectors (2 each),
w_copy_to   = W + $A2           ; the sectors left (2)
w_copy_left = W + $A4
w_hook      = W + $A6           ; copy_sectors: called once the destination disc is in (2)
w_pattern   = W + $A8           ; *COPY: the afsp (7 characters and the directory)

CHANNELS_AT = $1100             ; 5 channels of 32 bytes: handles &11-&15
CHANNELS    = 5
CHANNEL_SIZE = 32
FIRST_HANDLE = $11
CH_MODE     = 0                 ; 0 closed, bit 6 readable, bit 7 writable
CH_DRIVE    = 1
CH_NAME     = 2                 ; 8: name and directory
CH_PTR      = 10                ; 3
CH_EXT      = 13                ; 3
CH_START    = 16                ; 2: the first sector
CH_SPACE    = 18                ; 2: the sectors it may fill
CH_BUFFERED = 20                ; 2: the sector in the buffer (&FFFF none)
CH_DIRTY    = 22                ; the buffer is to be written
CH_GROWN    = 23                ; the length is to be written to the catalogue
BUFFERS     = $1200             ; channel i's buffer: &1200 + 256 i
