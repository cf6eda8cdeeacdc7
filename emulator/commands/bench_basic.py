"""`acorn bench basic --machine atom|bbc`: how fast the machine's BASIC runs small benchmark programs.

The programs are the classic PCW benchmarks BM1-BM7 (Personal Computer World, 1977 onwards), plus a
string-output loop and a sieve, written once in Atom BASIC and once in BBC BASIC so the two machines
can be compared.  BM8 needs floating point (SIN, LOG and powers), which integer Atom BASIC does not
have, so it is left out there.  The BBC versions in the first table are integer versions too (`DIV`
for `/`, `%` variables), so the two machines do the same work; the BBC's second table runs BM1-BM8 as
published, with real variables, beside the BBC Micro's published timings, and a third table times
deep FN recursion (Ackermann's function).

Each program is typed through the keyboard matrix like any listing and RUN.  Its first statement
prints a start marker and its last an end marker, control codes the screen ignores (Atom: 6 and 15;
BBC: VDU 0 and VDU 27, which the VDU driver does nothing with, where VDU 2 and 3 would switch the
printer); a breakpoint where the documented write-character vector points (Atom WRCVEC #208, BBC
WRCHV &20E) catches the two characters however BASIC sends them (Acorn's BASICs jump through the
vector rather than calling OSWRCH at #FFF4 / &FFEE), so the figure is the exact number of emulated
cycles between the two markers, printed as
emulated seconds (principle 5 of docs/architecture.md: cycle counts are the measure of firmware speed).
The breakpoint is the core's own debugger hook, so nothing in Python runs between the markers except
for the program's other OSWRCH calls, which are resumed at once; the count is the same whatever the
host.  Works as well with a user's ROM set (`--roms DIR`), since the vectors are the same on every
Atom and every BBC; `--roms DIR` prints ours beside that set's, program by program, with the ratio.
"""
from emulator.cpu.core import HOOK_BREAKPOINTS, STOP_BREAK, STOP_JAM
from emulator.basic.listing import ATOM_BASIC, BBC_BASIC
from emulator.errors import UserError
from emulator.machines.registry import DEFAULT, model

# The Atom's: CTRL-F (6, screen on) and CTRL-O (15, page mode off) change nothing on a screen that is
# on and not in page mode ("Atomic Theory and Practice", the control codes); 2 and 3 would start and
# stop the printer, and Acorn's kernel then waits for a printer on every character.
START_MARK, END_MARK = 6, 15
# The BBC's: VDU 0 and VDU 27 both "do nothing" (BBC User Guide, ch. 34 "VDU drivers", the code
# table; looked up with the `search` tool, 2026-11-22); our MOS gives both no parameters and an empty routine (roms/src/bbc/mos/vdu.s).
BBC_START_MARK, BBC_END_MARK = 0, 27
MAX_SECONDS = 900                                         # emulated seconds allowed per program


def _bracketed(body, check=None):
    """The program lines between the start and end markers (line 1 and line 9000); `check` is a
    statement run after the end marker whose output proves the program did its work."""
    return [f"1 PRINT ${START_MARK};"] + body + [f"9000 PRINT ${END_MARK};", "9010 " + (check or "END")]


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
    # An Atom FOR loop runs at least once, so the crossing-out loop is only entered while I*I < 1000
    # (without the IF it would write S?J far past the array, where RAM's contents decide what breaks).
    ("SIEVE", "primes below 1000 in a byte array (? indirection)",
     _bracketed(["100 DIM S 999", "110 FOR I=0 TO 999;S?I=1;NEXT I", "120 C=0",
                 "130 FOR I=2 TO 999", "140 IF S?I=0 GOTO 170", "150 C=C+1",
                 "160 IF I<32 FOR J=I*I TO 999 STEP I;S?J=0;NEXT J", "170 NEXT I"],
                "PRINT \"PRIMES \"C"), "PRIMES      168"),
]


def _bbc_bracketed(body, check):
    """As `_bracketed`, in BBC BASIC with the BBC's markers."""
    return [f"1 VDU {BBC_START_MARK}"] + body + [f"9000 VDU {BBC_END_MARK}", "9010 " + check]


# The same programs in BBC BASIC, integer versions: `/` becomes DIV (DIV truncates as Atom `/`
# does, so A and the proofs are the Atom's), variables are the
# resident integers A%-Z% and arrays are integer arrays.  `IF ... THEN line`, as PCW printed them.
# The sieve skips its inner loop once I%*I% passes 999: a FOR body runs at least once, and where
# the Atom's `S?J` then writes past its block, the BBC's `S%(J%)` is a "Subscript" error.
BBC_PROGRAMS = [
    ("BM1", "empty FOR loop, 1000 times",
     _bbc_bracketed(["100 FOR K%=1 TO 1000", "200 NEXT K%"], 'PRINT "K=";K%'), "K=1001"),
    ("BM2", "counting loop with IF ... THEN",
     _bbc_bracketed(["300 K%=0", "400 K%=K%+1", "500 IF K%<1000 THEN 400"], 'PRINT "K=";K%'), "K=1000"),
    ("BM3", "BM2 + A%=K% DIV K%*K%+K%-K%",
     _bbc_bracketed(["300 K%=0", "400 K%=K%+1", "410 A%=K% DIV K%*K%+K%-K%", "500 IF K%<1000 THEN 400"],
                    'PRINT "A=";A%'), "A=1000"),
    ("BM4", "BM2 + A%=K% DIV 2*3+4-5",
     _bbc_bracketed(["300 K%=0", "400 K%=K%+1", "410 A%=K% DIV 2*3+4-5", "500 IF K%<1000 THEN 400"],
                    'PRINT "A=";A%'), "A=1499"),
    ("BM5", "BM4 + GOSUB",
     _bbc_bracketed(["300 K%=0", "400 K%=K%+1", "410 A%=K% DIV 2*3+4-5", "420 GOSUB 820",
                     "500 IF K%<1000 THEN 400", "600 GOTO 9000", "820 RETURN"], 'PRINT "A=";A%'), "A=1499"),
    ("BM6", "BM5 + DIM and an inner FOR 1 TO 5",
     _bbc_bracketed(["300 K%=0", "310 DIM M%(5)", "400 K%=K%+1", "410 A%=K% DIV 2*3+4-5", "420 GOSUB 820",
                     "430 FOR L%=1 TO 5", "440 NEXT L%",
                     "500 IF K%<1000 THEN 400", "600 GOTO 9000", "820 RETURN"], 'PRINT "L=";L%'), "L=6"),
    ("BM7", "BM6 + array store M%(L%)=A%",
     _bbc_bracketed(["300 K%=0", "310 DIM M%(5)", "400 K%=K%+1", "410 A%=K% DIV 2*3+4-5", "420 GOSUB 820",
                     "430 FOR L%=1 TO 5", "435 M%(L%)=A%", "440 NEXT L%",
                     "500 IF K%<1000 THEN 400", "600 GOTO 9000", "820 RETURN"], 'PRINT "M=";M%(5)'),
     "M=1499"),
    ("STRING", "PRINT a 24-character string 100 times (scrolling)",
     _bbc_bracketed(['100 FOR K%=1 TO 100', '110 PRINT "THE QUICK BROWN FOX JUMPS"', '120 NEXT K%'],
                    'PRINT "K=";K%'), "K=101"),
    ("SIEVE", "primes below 1000 in an integer array",
     _bbc_bracketed(["100 DIM S%(999)", "110 FOR I%=0 TO 999:S%(I%)=1:NEXT I%", "120 C%=0",
                     "130 FOR I%=2 TO 999", "140 IF S%(I%)=0 THEN 170", "150 C%=C%+1",
                     "155 IF I%*I%>999 THEN 170",
                     "160 FOR J%=I%*I% TO 999 STEP I%:S%(J%)=0:NEXT J%", "170 NEXT I%"],
                    'PRINT "PRIMES ";C%'), "PRIMES 168"),
]

# The PCW benchmarks as they were published: plain (real) variables and `/`, and BM8 with its powers,
# LOG and SIN, beside the BBC Micro's published timings in seconds.  BM1-BM7: the figures PCW gave
# for the BBC Micro, as tabulated in "Retro benchmarking BASIC vs BCPL" (retrocomputingforum.com,
# t/3246: 0.8 3.1 8.1 8.7 9.0 13.9 21.1).  BM8: PCW printed 5.1 s, which P. D. Coker ("A Sideways
# Look at Benchmarks", Scorpio News vol. 1 no. 1, Jan-Mar 1987, p. 57) showed to be a tenth of the
# real figure; he measured 51.3 s on a BBC B, which is the figure we use.  (Looked up with the
# `search` tool, 2026-11-22.)
BBC_REAL_PROGRAMS = [
    ("BM1", "FOR K=1 TO 1000: NEXT K (real K)",
     _bbc_bracketed(["100 FOR K=1 TO 1000", "200 NEXT K"], 'PRINT "K=";K'), "K=1001", 0.8),
    ("BM2", "K=K+1, IF K<1000 THEN",
     _bbc_bracketed(["300 K=0", "400 K=K+1", "500 IF K<1000 THEN 400"], 'PRINT "K=";K'), "K=1000", 3.1),
    ("BM3", "BM2 + A=K/K*K+K-K",
     _bbc_bracketed(["300 K=0", "400 K=K+1", "410 A=K/K*K+K-K", "500 IF K<1000 THEN 400"], 'PRINT "A=";A'),
     "A=1000", 8.1),
    ("BM4", "BM2 + A=K/2*3+4-5",
     _bbc_bracketed(["300 K=0", "400 K=K+1", "410 A=K/2*3+4-5", "500 IF K<1000 THEN 400"], 'PRINT "A=";A'),
     "A=1499", 8.7),
    ("BM5", "BM4 + GOSUB",
     _bbc_bracketed(["300 K=0", "400 K=K+1", "410 A=K/2*3+4-5", "420 GOSUB 820", "500 IF K<1000 THEN 400",
                     "600 GOTO 9000", "820 RETURN"], 'PRINT "A=";A'), "A=1499", 9.0),
    ("BM6", "BM5 + DIM M(5) and FOR L=1 TO 5",
     _bbc_bracketed(["300 K=0", "310 DIM M(5)", "400 K=K+1", "410 A=K/2*3+4-5", "420 GOSUB 820",
                     "430 FOR L=1 TO 5", "440 NEXT L", "500 IF K<1000 THEN 400", "600 GOTO 9000",
                     "820 RETURN"], 'PRINT "L=";L'), "L=6", 13.9),
    ("BM7", "BM6 + M(L)=A",
     _bbc_bracketed(["300 K=0", "310 DIM M(5)", "400 K=K+1", "410 A=K/2*3+4-5", "420 GOSUB 820",
                     "430 FOR L=1 TO 5", "435 M(L)=A", "440 NEXT L", "500 IF K<1000 THEN 400",
                     "600 GOTO 9000", "820 RETURN"], 'PRINT "M=";M(5)'), "M=1499", 21.1),
    ("BM8", "K^2, LOG(K), SIN(K)",
     _bbc_bracketed(["300 K=0", "400 K=K+1", "410 A=K^2", "420 B=LOG(K)", "430 C=SIN(K)",
                     "500 IF K<1000 THEN 400"], 'PRINT "A=";A;" B=";B'), "A=1000000 B=3", 51.3),
]

# Deep FN recursion: Ackermann's function A(3,3) = 61 takes 2432 calls, up to 63 deep; each call
# passes two integer arguments (made LOCAL to the call) and returns through `=`.
BBC_RECURSION_PROGRAMS = [
    ("ACK", "Ackermann A(3,3) by FN recursion",
     _bbc_bracketed(["100 R%=FNack(3,3)"], 'PRINT "R=";R%:END')
     + ["10000 DEF FNack(M%,N%)", "10010 IF M%=0 THEN =N%+1", "10020 IF N%=0 THEN =FNack(M%-1,1)",
        "10030 =FNack(M%-1,FNack(M%,N%-1))"], "R=61"),
]

# By the BASIC a machine ships (its model's `basic`); the markers are caught where the machine's
# write-character vector points (its model's `output_vector`).
PROGRAMS = {ATOM_BASIC: ATOM_PROGRAMS, BBC_BASIC: BBC_PROGRAMS}
REAL_PROGRAMS = {BBC_BASIC: BBC_REAL_PROGRAMS}
RECURSION_PROGRAMS = {BBC_BASIC: BBC_RECURSION_PROGRAMS}
MARKS = {ATOM_BASIC: (START_MARK, END_MARK), BBC_BASIC: (BBC_START_MARK, BBC_END_MARK)}


def _boot(name, roms):
    from emulator.session import Machine

    machine = Machine(name, roms=roms) if roms else Machine(name)
    machine.run_until_text(">", max_seconds=5)
    return machine


def time_program(machine, lines, max_seconds=MAX_SECONDS, vector=None, marks=(START_MARK, END_MARK)):
    """Type `lines` (NEW first), RUN them; the exact cycles from the start marker to the end marker
    (`marks`, the two characters that reach the routine the write vector at `vector` points to)."""
    start_mark, end_mark = marks
    vector = machine.model.output_vector if vector is None else vector
    machine.type("NEW\n")
    for line in lines:
        machine.type(line + "\n")
    machine.run_until_typed(max_seconds=600)
    machine.run(0.05)

    hw = machine.hardware
    entry = machine.memory.word(vector)
    cpu = hw.cpu
    saved_map, saved_hooks = cpu.break_map, cpu.debug_hooks
    cpu.break_map = bytearray(0x10000)
    cpu.break_map[entry] = 1
    cpu.debug_hooks = saved_hooks | HOOK_BREAKPOINTS
    start = None
    try:
        machine.type("RUN\n")
        deadline = machine.cycles + round(max_seconds * hw.clock_hz)
        # Not a wait (Machine.run_until): the CPU stops on a breakpoint at the marker's entry,
        # so the start and end are counted to the cycle, not to a polling step.
        while True:
            reason = hw.run_until(deadline)
            if reason == STOP_JAM:
                raise UserError(f"the CPU halted (JAM) at #{cpu.pc:04X} during the benchmark")
            if reason != STOP_BREAK:
                screen = " | ".join(r for r in machine.screen.text() if r)
                raise UserError(f"the benchmark did not finish within {max_seconds} emulated seconds; "
                                f"screen: {screen}")
            if cpu.pc == entry:
                if cpu.a == start_mark and start is None:
                    start = cpu.cycles
                elif cpu.a == end_mark and start is not None:
                    return cpu.cycles - start
            cpu.resume_pc = cpu.pc          # pass over the breakpoint we stand on
    finally:
        cpu.break_map, cpu.debug_hooks = saved_map, saved_hooks
        cpu.resume_pc = -1


def run_benchmarks(name=DEFAULT, roms=None, only=None, programs=None):
    """[(label, description, cycles, clock_hz)] for the machine's programs, each on a fresh machine."""
    machine_model = model(name)
    basic = machine_model.basic
    if basic not in PROGRAMS:
        raise UserError(f"no BASIC benchmarks for machine {name!r}")
    results = []
    for label, description, lines, proof, *_ in programs or PROGRAMS[basic]:
        if only and label not in only:
            continue
        machine = _boot(name, roms)
        cycles = time_program(machine, lines, vector=machine_model.output_vector, marks=MARKS[basic])
        if proof:
            try:
                machine.run_until_text(proof, max_seconds=5)
            except Exception:
                screen = " | ".join(r for r in machine.screen.text() if r)
                raise UserError(f"benchmark {label} ran but did not print {proof!r}; screen: {screen}") from None
        results.append((label, description, cycles, machine.hardware.clock_hz))
    return results


def main(args):
    name = getattr(args, "machine", None) or DEFAULT
    roms = getattr(args, "roms", None)
    if roms:
        return _compare(name, roms)
    results = run_benchmarks(name, roms)
    print(f"BASIC benchmarks on the {name} (our firmware), emulated seconds from RUN marker to end marker:")
    for label, description, cycles, clock_hz in results:
        print(f"  {label:<7} {cycles / clock_hz:10.6f} s  {cycles:>11,d} cycles  {description}")
    real = REAL_PROGRAMS.get(model(name).basic)
    if real:
        published = {p[0]: p[4] for p in real}
        print(f"The PCW benchmarks as published (real variables), beside the {model(name).title}'s "
              f"published BASIC timings (ratio = ours / published):")
        for label, description, cycles, clock_hz in run_benchmarks(name, roms, programs=real):
            seconds = cycles / clock_hz
            print(f"  {label:<7} {seconds:10.6f} s  {cycles:>11,d} cycles  published {published[label]:5.1f} s"
                  f"  ratio {seconds / published[label]:5.2f}  {description}")
        print("Recursion:")
        for label, description, cycles, clock_hz in run_benchmarks(name, roms, programs=BBC_RECURSION_PROGRAMS):
            print(f"  {label:<7} {cycles / clock_hz:10.6f} s  {cycles:>11,d} cycles  {description}")
    return 0


def _compare(name, roms):
    """Ours against the ROM set in `roms`, program by program on the same emulated hardware."""
    tables = [("integer versions", None)]
    real = REAL_PROGRAMS.get(model(name).basic)
    if real:
        tables.append(("the PCW benchmarks as published (real variables)", real))
    recursion = RECURSION_PROGRAMS.get(model(name).basic)
    if recursion:
        tables.append(("recursion", recursion))
    print(f"BASIC benchmarks on the {name}: our firmware against the ROMs in {roms}, exact emulated "
          f"seconds from RUN marker to end marker (ratio = ours / theirs):")
    for title, programs in tables:
        print(f"  {title}:")
        for program in programs or PROGRAMS[model(name).basic]:
            label, description = program[0], program[1]
            try:
                [(_, _, their_cycles, clock_hz)] = run_benchmarks(name, roms, programs=[program])
            except UserError as e:      # a program of ours their BASIC does not run to its end
                print(f"    {label:<7} theirs did not run it to its end marker ({e})")
                continue
            [(_, _, our_cycles, _)] = run_benchmarks(name, None, programs=[program])
            print(f"    {label:<7} ours {our_cycles / clock_hz:10.6f} s  theirs {their_cycles / clock_hz:10.6f} s"
                  f"  ratio {our_cycles / their_cycles:5.2f}  {description}")
    return 0
