"""`acorn bench basic --machine atom`: how fast the machine's BASIC runs small benchmark programs.

The programs are the classic PCW benchmarks BM1-BM7 (Personal Computer World, 1977 onwards) written
in Atom BASIC, plus a string-output loop and a byte-array sieve.  BM8 needs floating point (SIN, LOG
and powers), which integer Atom BASIC does not have, so it is left out.

Each program is typed through the keyboard matrix like any listing and RUN.  Its first statement
prints character 2 and its last character 3 (control codes the Atom's screen ignores); a breakpoint on
the documented OSWRCH entry (#FFF4) catches the two calls, so the figure is the exact number of
emulated cycles between the two markers, printed as emulated seconds (principle 5 of ARCHITECTURE.md:
cycle counts are the measure of firmware speed).  The breakpoint is the core's own debugger hook, so
nothing in Python runs between the markers except for the program's other OSWRCH calls, which are
resumed at once; the count is the same whatever the host.  Works as well with a user's ROM set
(`--roms DIR`), since OSWRCH is at #FFF4 on every Atom.
"""
from emulator.cpu.core import HOOK_BREAKPOINTS, STOP_BREAK, STOP_JAM
from emulator.errors import UserError

OSWRCH = 0xFFF4                 # the Atom's documented entry (ATAP ch. 25); the BBC's is &FFEE
START_MARK, END_MARK = 2, 3
TYPING = {"hold_ms": 15, "gap_ms": 15, "lead_ms": 5}     # a quick typist; still real key presses
MAX_SECONDS = 900                                         # emulated seconds allowed per program


def _bracketed(body, check=None):
    """The program lines between the start and end markers (line 1 and line 9000); `check` is a
    statement run after the end marker whose output proves the program did its work."""
    return ["1 PRINT $2;"] + body + ["9000 PRINT $3;", "9010 " + (check or "END")]


# PCW BM1-BM7 in Atom BASIC (integer; `IF ... GOTO` without THEN; word array MM for M()).
ATOM_PROGRAMS = [
    ("BM1", "empty FOR loop, 1000 times",
     _bracketed(["100 FOR K=1 TO 1000", "200 NEXT K"], 'PRINT "K="K'), "K=    1001"),
    ("BM2", "counting loop with IF ... GOTO",
     _bracketed(["300 K=0", "400 K=K+1", "500 IF K<1000 GOTO 400"], 'PRINT "K="K'), "K=    1000"),
    ("BM3", "BM2 + A=K/K*K+K-K",
     _bracketed(["300 K=0", "400 K=K+1", "410 A=K/K*K+K-K", "500 IF K<1000 GOTO 400"],
                'PRINT "A="A'), "A=    1000"),
    ("BM4", "BM2 + A=K/2*3+4-5",
     _bracketed(["300 K=0", "400 K=K+1", "410 A=K/2*3+4-5", "500 IF K<1000 GOTO 400"],
                'PRINT "A="A'), "A=    1499"),
    ("BM5", "BM4 + GOSUB",
     _bracketed(["300 K=0", "400 K=K+1", "410 A=K/2*3+4-5", "420 GOSUB 820",
                 "500 IF K<1000 GOTO 400", "600 GOTO 9000", "820 RETURN"], 'PRINT "A="A'), "A=    1499"),
    ("BM6", "BM5 + DIM and an inner FOR 1 TO 5",
     _bracketed(["300 K=0", "310 DIM MM5", "400 K=K+1", "410 A=K/2*3+4-5", "420 GOSUB 820",
                 "430 FOR L=1 TO 5", "440 NEXT L",
                 "500 IF K<1000 GOTO 400", "600 GOTO 9000", "820 RETURN"], 'PRINT "L="L'), "L=       6"),
    ("BM7", "BM6 + array store M(L)=A",
     _bracketed(["300 K=0", "310 DIM MM5", "400 K=K+1", "410 A=K/2*3+4-5", "420 GOSUB 820",
                 "430 FOR L=1 TO 5", "435 MML=A", "440 NEXT L",
                 "500 IF K<1000 GOTO 400", "600 GOTO 9000", "820 RETURN"], 'PRINT "M="MM5'), "M=    1499"),
    ("STRING", "PRINT a 24-character string 100 times (scrolling)",
     _bracketed(['100 FOR K=1 TO 100', '110 PRINT "THE QUICK BROWN FOX JUMPS"', '120 NEXT K'],
                'PRINT "K="K'), "K=     101"),
    ("SIEVE", "primes below 1000 in a byte array (? indirection)",
     _bracketed(["100 DIM S 999", "110 FOR I=0 TO 999;S?I=1;NEXT I", "120 C=0",
                 "130 FOR I=2 TO 999", "140 IF S?I=0 GOTO 170", "150 C=C+1",
                 "160 FOR J=I*I TO 999 STEP I;S?J=0;NEXT J", "170 NEXT I"],
                "PRINT \"PRIMES \"C"), "PRIMES      168"),
]

PROGRAMS = {"atom": ATOM_PROGRAMS}
OUTPUT_ENTRY = {"atom": OSWRCH}          # where the markers are caught, per machine
NOT_YET = {"bbc": "our BBC BASIC is not written yet, so there are no BBC benchmark programs"}


def _boot(name, roms):
    from emulator.session import Machine

    machine = Machine(name, roms=roms) if roms else Machine(name)
    machine.run_until_text(">", max_seconds=5)
    return machine


def time_program(machine, lines, max_seconds=MAX_SECONDS, entry=OSWRCH):
    """Type `lines` (NEW first), RUN them; the exact cycles from the start marker to the end marker."""
    machine.type("NEW\n", **TYPING)
    for line in lines:
        machine.type(line + "\n", **TYPING)
    machine.run_until_typed(max_seconds=600)
    machine.run(0.05)

    hw = machine.hardware
    cpu = hw.cpu
    saved_map, saved_hooks = cpu.break_map, cpu.debug_hooks
    cpu.break_map = bytearray(0x10000)
    cpu.break_map[entry] = 1
    cpu.debug_hooks = saved_hooks | HOOK_BREAKPOINTS
    start = None
    try:
        machine.type("RUN\n", **TYPING)
        deadline = machine.cycles + round(max_seconds * hw.clock_hz)
        while True:
            reason = hw.run_until(deadline)
            if reason == STOP_JAM:
                raise UserError(f"the CPU halted (JAM) at #{cpu.pc:04X} during the benchmark")
            if reason != STOP_BREAK:
                screen = " | ".join(r for r in machine.screen.text() if r)
                raise UserError(f"the benchmark did not finish within {max_seconds} emulated seconds; "
                                f"screen: {screen}")
            if cpu.pc == entry:
                if cpu.a == START_MARK and start is None:
                    start = cpu.cycles
                elif cpu.a == END_MARK and start is not None:
                    return cpu.cycles - start
            cpu.resume_pc = cpu.pc          # pass over the breakpoint we stand on
    finally:
        cpu.break_map, cpu.debug_hooks = saved_map, saved_hooks
        cpu.resume_pc = -1


def run_benchmarks(name="atom", roms=None, only=None):
    """[(label, description, cycles, clock_hz)] for the machine's programs, each on a fresh machine."""
    if name in NOT_YET:
        raise UserError(f"no BASIC benchmarks for --machine {name} yet: {NOT_YET[name]}")
    if name not in PROGRAMS:
        raise UserError(f"no BASIC benchmarks for machine {name!r} (choose atom)")
    results = []
    for label, description, lines, proof in PROGRAMS[name]:
        if only and label not in only:
            continue
        machine = _boot(name, roms)
        cycles = time_program(machine, lines, entry=OUTPUT_ENTRY[name])
        if proof:
            try:
                machine.run_until_text(proof, max_seconds=5)
            except Exception:
                screen = " | ".join(r for r in machine.screen.text() if r)
                raise UserError(f"benchmark {label} ran but did not print {proof!r}; screen: {screen}") from None
        results.append((label, description, cycles, machine.hardware.clock_hz))
    return results


def main(args):
    name = getattr(args, "machine", None) or "atom"
    roms = getattr(args, "roms", None)
    results = run_benchmarks(name, roms)
    print(f"BASIC benchmarks on the {name} ({'user ROMs' if roms else 'our firmware'}), "
          f"emulated seconds from RUN marker to end marker:")
    for label, description, cycles, clock_hz in results:
        print(f"  {label:<7} {cycles / clock_hz:10.6f} s  {cycles:>11,d} cycles  {description}")
    return 0
