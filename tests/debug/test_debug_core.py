"""The debugger's core: the CPU hooks, breakpoints, watchpoints, stepping, trace, rewind.

Everything runs on a bare CPU (emulator.machines.bare.bare_cpu) with small programs assembled
here, so the same tests run compiled and with ACORN_PURE_PYTHON=1.
"""
from pathlib import Path

import pytest

from emulator.asm import assemble
from emulator.machines.bare import bare_cpu
from emulator.cpu.core import (CAUSE_BREAKPOINT, CAUSE_BRK, CAUSE_IRQ, CAUSE_NMI, CAUSE_REQUEST,
                               HOOK_BREAKPOINTS, HOOK_TRACE, STOP_BREAK, STOP_LIMIT, STOP_TRAP)
from emulator.debug import BareTarget, Debugger, SymbolTable
from emulator.debug.target import save_cpu
from emulator.errors import UserError
from emulator.machines.registry import model

NESTED = (Path(__file__).resolve().parents[2] / "emulator" / "programs" / "nested_jsr.s").read_text()

# A recursive subroutine: `next` over the outer call must not stop at the inner returns.
RECURSIVE = """
        .org $2000
start:  ldy #4
        jsr count
        sty $0300
done:   jmp done
count:  dey
        beq @out
        jsr count
@out:   iny
        rts
"""

# A long loop: about 13 cycles an iteration, for rewinding across many snapshots.
LOOP = """
        .org $2000
start:  ldx #0
        ldy #0
loop:   inc $0400,x
        inx
        bne loop
        iny
        sty $0500
        jmp loop
"""


def make(source, **options):
    program = assemble(source)
    cpu = bare_cpu(program.image, program.origin, program.symbols["start"])
    symbols = SymbolTable()
    symbols.add_assembly(program)
    return Debugger(BareTarget(cpu), symbols, **options), program.symbols


def state(dbg):
    return save_cpu(dbg.cpu), bytes(dbg.bus.memory)


# --- the core's hooks ---------------------------------------------------------------------------

def test_idle_hooks_are_off_and_a_flagged_address_alone_does_not_stop():
    program = assemble(NESTED)
    cpu = bare_cpu(program.image, program.origin, program.symbols["start"])
    assert cpu.debug_hooks == 0
    cpu.break_map[program.symbols["leaf"]] = 1          # flagged, but the hook is off
    cpu.stop_on_trap = True
    assert cpu.run(10_000) == STOP_TRAP


def test_breakpoint_stops_before_the_instruction_and_resume_passes_it_once():
    program = assemble(NESTED)
    cpu = bare_cpu(program.image, program.origin, program.symbols["start"])
    leaf = program.symbols["leaf"]
    cpu.break_map[leaf] = 1
    cpu.debug_hooks = HOOK_BREAKPOINTS
    assert cpu.run(10_000) == STOP_BREAK
    assert (cpu.pc, cpu.break_cause, cpu.x) == (leaf, CAUSE_BREAKPOINT, 3)   # INX not yet run
    assert cpu.run(10_000) == STOP_BREAK and cpu.pc == leaf                   # no resume: same place
    cpu.resume_pc = leaf
    assert cpu.run(10_000) == STOP_BREAK and cpu.pc == leaf and cpu.x == 4    # the second call
    assert cpu.resume_pc == -1


def test_trace_ring_records_pc_bytes_registers_and_cycle():
    program = assemble(NESTED)
    cpu = bare_cpu(program.image, program.origin, program.symbols["start"])
    cpu.set_trace_buffer(4)
    cpu.debug_hooks = HOOK_TRACE
    for _ in range(6):
        cpu.step()
    assert cpu.trace_count == 6
    newest = ((cpu.trace_count - 1) % 4) * 3
    # the sixth instruction: ADC #2 at inner+1, with A=1 (C clear) before it
    assert cpu.trace_buf[newest] & 0xFFFF == program.symbols["inner"] + 1
    assert (cpu.trace_buf[newest] >> 16) & 0xFFFF == 0x0269
    regs = cpu.trace_buf[newest + 1]
    assert (regs & 0xFF, (regs >> 8) & 0xFF, (regs >> 24) & 0xFF) == (1, 3, 0xF9)
    assert (regs >> 32) & 0xFF == 0x34                       # P as PHP pushes it: I set, C clear
    assert cpu.trace_buf[newest + 2] == cpu.cycles - 2


def test_request_break_from_a_device_stops_after_the_instruction():
    class Port:
        def __init__(self):
            self.cpu = None

        def read(self, addr, cycle):
            return 0

        def write(self, addr, value, cycle):
            self.cpu.request_break()

    program = assemble("""
        .org $2000
start:  lda #7
        sta $C000
        lda #9
done:   jmp done
""")
    cpu = bare_cpu(program.image, program.origin, program.symbols["start"])
    port = Port()
    port.cpu = cpu
    cpu.bus.map_io(0xC000, 0x100, port)
    assert cpu.run(1000) == STOP_BREAK
    assert (cpu.break_cause, cpu.pc, cpu.a) == (CAUSE_REQUEST, 0x2005, 7)
    assert cpu.run(1000) == STOP_LIMIT and cpu.a == 9


def test_brk_irq_and_nmi_breaks():
    program = assemble("""
        .org $2000
start:  cli
        brk
        .byte 0
        nop
done:   jmp done
handler:
        rti
        .org $FFFA
        .word handler, start, handler
""")
    cpu = bare_cpu(program.image, program.origin, program.symbols["start"])
    cpu.break_on_brk = True
    assert cpu.run(1000) == STOP_BREAK and cpu.break_cause == CAUSE_BRK
    assert cpu.pc == program.symbols["handler"]
    cpu.break_on_irq = True
    cpu.set_irq(1, True)
    cpu.step()                                  # RTI back
    assert cpu.run(1000) == STOP_BREAK and cpu.break_cause == CAUSE_IRQ
    cpu.set_irq(1, False)
    cpu.break_on_nmi = True
    cpu.nmi()
    assert cpu.run(1000) == STOP_BREAK and cpu.break_cause == CAUSE_NMI
    assert cpu.pc == program.symbols["handler"]


def test_debugger_with_tracing_runs_exactly_like_no_debugger():
    plain, _ = make(LOOP)
    plain.target.run_to(50_000)
    traced, _ = make(LOOP)
    traced.set_tracing(True)
    traced.add_breakpoint(0x1234)                  # never reached, but the map is checked
    traced.run_cycles(50_000)
    assert state(plain) == state(traced)
    assert len(traced.trace_records(100_000)) == min(100_000, traced.cpu.instructions)


# --- breakpoints, stepping ------------------------------------------------------------------------

def test_breakpoint_condition_hit_count_and_after():
    dbg, sym = make(NESTED)
    bp = dbg.add_breakpoint(sym["leaf"], condition="X=4")
    stop = dbg.go()
    assert stop.kind == "breakpoint" and dbg.cpu.x == 4 and bp.hits == 1
    dbg.delete(bp.number)
    dbg2, sym = make(NESTED)
    bp2 = dbg2.add_breakpoint(sym["leaf"], ignore=1)
    assert dbg2.go().kind == "breakpoint" and dbg2.cpu.x == 4 and bp2.hits == 2


def test_step_over_and_out_of_nested_jsrs():
    dbg, sym = make(NESTED)
    dbg.step()                                       # LDX #3
    assert dbg.cpu.pc == sym["start"] + 2
    dbg.next()                                       # JSR outer ... RTS as one step
    assert dbg.cpu.pc == sym["start"] + 5 and dbg.cpu.a == 5 and dbg.cpu.x == 5
    dbg2, sym = make(NESTED)
    dbg2.add_breakpoint(sym["leaf"])
    dbg2.go()
    assert dbg2.cpu.s == 0xF7                        # three frames deep
    dbg2.delete()
    dbg2.finish()                                    # out of leaf, into inner after its JSR
    assert dbg2.cpu.pc == sym["inner"] + 6 and dbg2.cpu.s == 0xF9
    dbg2.finish()                                    # out of inner, into outer after JSR inner
    assert dbg2.cpu.pc == sym["outer"] + 5 and dbg2.cpu.s == 0xFB
    dbg2.next()                                      # over the second JSR inner
    assert dbg2.cpu.pc == sym["outer"] + 8 and dbg2.cpu.x == 5
    dbg2.finish()
    assert dbg2.cpu.pc == sym["start"] + 5 and dbg2.cpu.s == 0xFD
    with pytest.raises(UserError):
        dbg2.finish()                                # at top level: no frame


def test_next_over_a_recursive_call_stops_at_the_outer_return():
    dbg, sym = make(RECURSIVE)
    dbg.step()
    stop = dbg.next()
    assert stop.kind == "temporary"
    assert dbg.cpu.pc == sym["start"] + 5 and dbg.cpu.y == 4 and dbg.cpu.s == 0xFD


def test_go_to_an_address_and_run_cycles():
    dbg, sym = make(NESTED)
    dbg.go(sym["inner"])
    assert dbg.cpu.pc == sym["inner"]
    before = dbg.cpu.cycles
    dbg.run_cycles(10)
    assert 10 <= dbg.cpu.cycles - before < 16


def test_catch_brk():
    dbg, sym = make("""
        .org $2000
start:  lda #1
        brk
        .byte 0
done:   jmp done
        .org $FFFE
        .word done
""")
    dbg.catch("brk")
    stop = dbg.go()
    assert stop.kind == "brk" and "BRK at $2002" in stop.message and dbg.cpu.pc == sym["done"]
    with pytest.raises(UserError):
        dbg.catch("jam", False)


# --- watchpoints --------------------------------------------------------------------------------

def test_write_watchpoint_stops_after_the_store_and_unwatched_pages_stay_plain():
    dbg, sym = make(NESTED)
    dbg.add_watch(0x0301, 0x0301, read=False, write=True)
    assert dbg.bus.page_kind[0x03] == 2 and dbg.bus.page_kind[0x04] == 0
    stop = dbg.go()
    assert stop.kind == "watch" and "write $04 to $0301" in stop.message
    assert dbg.cpu.pc == sym["leaf"] + 4 and dbg.bus.memory[0x0301] == 4      # the store happened
    dbg.delete()
    assert dbg.bus.page_kind[0x03] == 0 and dbg.bus.devices[0x03] is None
    assert dbg.go().kind == "trap" and dbg.bus.memory[0x0300] == 5


def test_read_watchpoint_with_condition_forwards_to_an_io_device():
    class Device:
        def __init__(self):
            self.writes = []

        def read(self, addr, cycle):
            return addr & 0xFF

        def write(self, addr, value, cycle):
            self.writes.append((addr, value))

    dbg, sym = make("""
        .org $2000
start:  ldx #0
loop:   lda $C010
        sta $C020
        inx
        cpx #3
        bne loop
done:   jmp done
""")
    device = Device()
    dbg.bus.map_io(0xC000, 0x100, device)
    dbg.add_watch(0xC010, 0xC010, read=True, write=False, condition="X=2")
    stop = dbg.go()
    assert stop.kind == "watch" and "read $10 from $C010" in stop.message and dbg.cpu.x == 2
    assert dbg.cpu.a == 0x10 and device.writes == [(0xC020, 0x10)] * 2
    dbg.go()
    assert device.writes == [(0xC020, 0x10)] * 3


# --- rewind -------------------------------------------------------------------------------------

def test_back_one_instruction_is_the_state_before_it_byte_for_byte():
    dbg, _ = make(LOOP)
    dbg.step(500)
    before = state(dbg)
    dbg.step()
    dbg.back()
    assert state(dbg) == before


def test_back_over_many_snapshots_and_replay_is_deterministic():
    dbg, _ = make(LOOP, snapshot_seconds=0.01, adaptive_snapshots=False)      # a snapshot every 10,000 cycles
    dbg.run_cycles(30_000)
    mark_position, mark_state = dbg.position(), state(dbg)
    dbg.run_cycles(55_000)
    assert len(dbg.history.snapshots) >= 8
    dbg.history.rewind_to(mark_position)
    assert state(dbg) == mark_state
    dbg.run_cycles(55_000)                           # and forward again: the same future
    again = state(dbg)
    dbg2, _ = make(LOOP)
    dbg2.target.run_to(dbg.cpu.cycles)               # the same run, no debugger: the same state
    assert state(dbg2) == again


def test_history_covers_ten_emulated_seconds():
    dbg, _ = make(LOOP, snapshot_seconds=0.5)
    dbg.run_cycles(3_000_000)
    target_instructions = dbg.cpu.instructions
    dbg.run_cycles(10_000_000)                       # 10 s at the nominal 1 MHz
    assert dbg.history.earliest[0] <= target_instructions
    dbg.back(dbg.cpu.instructions - target_instructions)
    assert dbg.cpu.instructions == target_instructions


def test_back_to_the_previous_hit_across_snapshots():
    dbg, _ = make(LOOP, snapshot_seconds=0.002, adaptive_snapshots=False)      # every 2,000 cycles
    w = dbg.add_watch(0x0500, 0x0500)
    dbg.go()
    first = state(dbg)
    assert dbg.bus.memory[0x0500] == 1
    dbg.go()
    second = state(dbg)
    assert dbg.bus.memory[0x0500] == 2
    assert dbg.run_cycles(3_000).kind == "done"      # run on past a snapshot or two, no hit
    stop = dbg.back_to_hit()
    assert stop.kind == "back" and state(dbg) == second
    stop = dbg.back_to_hit()
    assert state(dbg) == first
    assert w.hits == 2                               # going back does not count hits


def test_inputs_are_replayed_when_rewinding_across_them():
    dbg, _ = make(LOOP)
    dbg.step(10)
    dbg.write_memory(0x0400, [0x80])
    dbg.set_register("Y", 0x40)
    dbg.step(20)
    after = state(dbg)
    dbg.back(15)
    dbg.step(15)
    assert state(dbg) == after
    dbg.back(25)                                     # before the inputs: they are undone
    assert dbg.bus.memory[0x0400] != 0x80 and dbg.cpu.y == 0


def test_back_before_the_start_is_an_error():
    dbg, _ = make(NESTED)
    with pytest.raises(UserError):
        dbg.back()


# --- expressions and disassembly ----------------------------------------------------------------

def test_expressions():
    dbg, sym = make(NESTED)
    dbg.bus.memory[0x10:0x12] = b"\x34\x12"
    ev = dbg.evaluate
    assert ev("$10") == ev("&10") == ev("#10") == ev("0x10") == ev("16") == ev("%10000")
    assert ev("!$10") == 0x1234 and ev("?$11") == 0x12
    assert ev("leaf") == sym["leaf"] and ev("leaf+1") == sym["leaf"] + 1
    assert ev("2+3*4") == 14 and ev("(2+3)*4") == 20 and ev("$FF & $0F | $30") == 0x3F
    assert ev("PC") == sym["start"] and ev("S") == 0xFD and ev("I") == 1
    assert ev("X=0 and S>$F0") == 1 and ev("1 <> 1 or 2 >= 3") == 0
    for bad in ("", "nowhere", "1 +", "(1", "$", "1 / 0", "3 @@"):
        with pytest.raises(UserError):
            ev(bad)


def test_disassembly_names_symbols_and_undocumented_opcodes():
    dbg, sym = make(NESTED + "\n        .byte $A7, $10, $02\n")
    lines, _ = dbg.disassembler.lines(sym["start"], 2, mark=sym["start"])
    assert lines[0] == "start:"
    assert lines[1] == ">2000  A2 03     LDX #$03"
    assert lines[2] == " 2002  20 0B 20  JSR outer"
    text, length = dbg.disassembler.instruction(sym["leaf"] + 5)
    assert (text, length) == ("LAX $10 ; undocumented", 2)
    assert dbg.disassembler.instruction(sym["leaf"] + 7)[0] == "JAM ; undocumented"


def test_os_entry_points_name_calls():
    symbols = SymbolTable("atom")
    assert symbols["OSWRCH"] == 0xFFF4 and symbols.name_for(0xFFE3) == "OSRDCH"
    bbc = SymbolTable("bbc")
    assert bbc["OSWRCH"] == 0xFFEE and bbc["OSBYTE"] == 0xFFF4 and bbc.name_for(0xFFF1) == "OSWORD"


# --- BASIC views on synthetic memory (the documented workspaces) --------------------------------

def test_bbc_basic_view_reads_the_documented_workspace():
    from emulator.debug.basic_view import BbcBasicView

    mem = bytearray(0x10000)
    mem[0x18] = 0x0E                                   # PAGE = &0E00
    program = bytearray()
    for number, text in ((10, b"A%=1:B%=2"), (20, b"PRINT A%")):
        program += bytes([0x0D, number >> 8, number & 0xFF, len(text) + 4]) + text
    program += b"\x0d\xff"
    mem[0x0E00:0x0E00 + len(program)] = program
    line20 = 0x0E00 + 13 + 4                           # the text of line 20
    mem[0x0B], mem[0x0C], mem[0x0A] = line20 & 0xFF, line20 >> 8, 3
    mem[0x404:0x408] = (1).to_bytes(4, "little")       # A% = 1
    mem[0x408:0x40C] = (-2 & 0xFFFFFFFF).to_bytes(4, "little")
    mem[0x24], mem[0x25], mem[0x26] = 1, 2, 30         # 1 REPEAT, 2 GOSUBs, 2 FORs
    view = BbcBasicView(lambda a: mem[a], model("bbc").basic_workspace)
    assert view.where() == (20, "PRINT A%")
    values = dict(view.variables())
    assert values["A%"] == "1" and values["B%"] == "-2" and values["@%"] == "0"
    assert view.frames() == [("REPEAT", "1 open"), ("GOSUB", "2 open"), ("FOR", "2 open")]
    assert all(len(line) < 80 for line in view.describe())


def test_atom_basic_view_with_acorns_rom_shows_documented_parts_only():
    from emulator.debug.basic_view import AtomBasicView

    mem = bytearray(0x10000)
    mem[0x12] = 0x29
    program = bytes([0, 10]) + b"A=5;B=7\r" + bytes([0, 20]) + b"PRINT A\r\xff"
    mem[0x2900:0x2900 + len(program)] = program
    mem[0x01], mem[0x02] = 10, 0                       # line 10
    mem[0x05], mem[0x06], mem[0x03] = 0x02, 0x29, 4    # pointer into "B=7"
    mem[0x321 + 1] = 5                                 # A = 5 (byte 0 plane)
    mem[0x321 + 2], mem[0x33C + 2], mem[0x357 + 2], mem[0x372 + 2] = 0xFF, 0xFF, 0xFF, 0xFF   # B = -1
    mem[0x14] = 1                                      # one GOSUB open
    view = AtomBasicView(lambda a: mem[a], model("atom").basic_workspace, layout=None)
    assert view.where() == (10, "B=7")
    values = dict(view.variables())
    assert values["A"] == "5" and values["B"] == "-1"
    assert view.frames() == [("GOSUB", "1 open")]


def test_writes_from_the_prompt_go_through_watched_pages_without_a_hit():
    dbg, _ = make(LOOP)
    w = dbg.add_watch(0x0500, 0x0500)
    dbg.write_memory(0x0500, [7])
    assert dbg.bus.memory[0x0500] == 7 and w.hits == 0 and dbg.watch.hits == []
    stop = dbg.go()
    assert stop.kind == "watch" and dbg.bus.memory[0x0500] == 1       # the program's own store


class BbcHeap:
    """Memory laid out as BBC BASIC documents it: a tokenised program at PAGE, and variables in one
    linked list per first character (heads at &0480 + 2 * code), PROC and FN lists at &04F6 and &04F8."""

    def __init__(self):
        self.mem = bytearray(0x10000)
        self.free = 0x2000                              # where the next entry goes (LOMEM)

    def program(self, lines, page=0x0E):
        self.mem[0x18] = page
        data = bytearray()
        for number, text in lines:
            data += bytes([0x0D, number >> 8, number & 0xFF, len(text) + 4]) + text
        data += b"\x0d\xff"
        self.mem[page << 8:(page << 8) + len(data)] = data

    def add(self, head, rest, value):
        """Append an entry (link, name without the first character, 0, value) to the list at `head`."""
        at = self.free
        self.mem[at:at + 2] = b"\x00\x00"               # a high byte of 0: the end of the list
        name = rest.encode() + b"\x00"
        self.mem[at + 2:at + 2 + len(name)] = name
        self.mem[at + 2 + len(name):at + 2 + len(name) + len(value)] = value
        self.free = at + 2 + len(name) + len(value)
        link = head
        while self.mem[link + 1]:                       # follow the list to its last entry
            link = self.mem[link] | self.mem[link + 1] << 8
        self.mem[link], self.mem[link + 1] = at & 0xFF, at >> 8
        return at + 2 + len(name)                       # the value's address

    def variable(self, name, value):
        return self.add(0x400 + 2 * ord(name[0]), name[1:], value)


def test_bbc_basic_view_reads_dynamic_variables_from_the_documented_lists():
    from emulator.debug.basic_view import BbcBasicView
    from emulator.basic.bbc_tokens import encode_line_number

    heap = BbcHeap()
    FOR, TO, IF, THEN, GOTO, PRINT, REM, PROC, DEF = 0xE3, 0xB8, 0xE7, 0x8C, 0xE5, 0xF1, 0xF4, 0xF2, 0xDD
    heap.program([
        (10, bytes([FOR]) + b" count=1 " + bytes([TO]) + b" 3:" + bytes([PRINT]) + b' "A:B";count'),
        (20, bytes([IF]) + b" count " + bytes([THEN]) + b" " + bytes([GOTO]) + b" "
         + bytes([0x8D]) + encode_line_number(10)),
        (30, bytes([REM]) + b" PRINT: not a token"),
        (1000, bytes([DEF, PROC]) + b"draw"),
    ])
    heap.variable("count", bytes([0x81, 0x40, 0, 0, 0]))                # 1.5
    heap.variable("colour$", bytes(4))                                 # a second entry in list c: ""
    text_at = heap.free                                                # 8 bytes for a string, 5 used
    heap.mem[text_at:text_at + 5] = b"green"
    heap.free += 8
    # a string's value is its information block: address (2 bytes), bytes allocated, length
    heap.variable("cname$", bytes([text_at & 0xFF, text_at >> 8, 8, 5]))
    heap.variable("total%", (-7 & 0xFFFFFFFF).to_bytes(4, "little"))
    heap.variable("x", bytes([0x84, 0xA0, 0, 0, 0]))                    # -10 (sign bit set)
    heap.variable("z", bytes(5))                                       # 0
    elements = heap.variable("A(", bytes([3, 4, 0]) + bytes(20))        # DIM A(3): 4 reals
    heap.add(0x4F6, "draw", bytes([0x0E, 0x20]))                        # PROCdraw's definition
    mem = heap.mem
    page = 0x0E00
    line10 = page + 4                                               # pointer in line 10's second statement
    mem[0x0B], mem[0x0C], mem[0x0A] = line10 & 0xFF, line10 >> 8, 14
    view = BbcBasicView(lambda a: mem[a], model("bbc").basic_workspace)
    assert view.where() == (10, 'PRINT "A:B";count')
    mem[0x0A] = 2
    assert view.where() == (10, "FOR count=1 TO 3")
    values = dict(view.variables())
    assert values["count"] == "1.5" and values["total%"] == "-7" and values["x"] == "-10"
    assert values["z"] == "0" and values["colour$"] == '""' and values["cname$"] == '"green"'
    assert values["A(3)"] == f"@&{elements + 3:04X}"
    assert values["PROCdraw"] == "@&200E"
    names = [name for name, _ in view.variables()]
    assert names.index("A(3)") < names.index("colour$") < names.index("cname$") < names.index("total%")
    line20 = [l for l in view.lines() if l[0] == 20][0]
    mem[0x0B], mem[0x0C], mem[0x0A] = line20[1] & 0xFF, line20[1] >> 8, 0
    assert view.where() == (20, "IF count THEN GOTO 10")
    line30 = [l for l in view.lines() if l[0] == 30][0]
    mem[0x0B], mem[0x0C], mem[0x0A] = line30[1] & 0xFF, line30[1] >> 8, 12
    assert view.where() == (30, "REM PRINT: not a token")
    text = view.describe()
    assert text[1] == "line 30: REM PRINT: not a token"
    assert all(len(line) < 80 for line in text)
    assert any("count=1.5" in line for line in text)


def test_bbc_tokens_cover_every_keyword_and_line_numbers_round_trip():
    from emulator.basic.bbc_tokens import KEYWORDS, decode_line_number, detokenise, encode_line_number

    assert KEYWORDS[0xE1 - 0x80] == "ENDPROC" and KEYWORDS[0xF1 - 0x80] == "PRINT"
    assert KEYWORDS[0x80 - 0x80] == "AND" and KEYWORDS[0xFF - 0x80] == "OSCLI"
    for number in (0, 1, 10, 63, 64, 255, 256, 1000, 12345, 32767):
        encoded = encode_line_number(number)
        assert all(0x40 <= b < 0x80 for b in encoded)           # never a token, never CR
        assert decode_line_number(*encoded) == number
    assert detokenise(bytes([0xE3]) + b"I=1" + bytes([0xB8]) + b"9") == "FORI=1TO9"
    assert detokenise(b'"' + bytes([0xF1]) + b'"') == '"<&F1>"'           # inside a string: not a token
    assert detokenise(bytes([0xCE])) == "<&CE>"
