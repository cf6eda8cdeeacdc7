"""The programs the differential harness runs: every conformance program the project has, and the
period listings of the reference folder when it is there (read from it at run time, never copied).

A `Program` is what is typed (its lines, then RUN, then its keys, each when the program waits for
it) and, for the conformance programs, the output recorded as Acorn's ROMs show it.  Names say where
a program comes from: `atom_basic/NNN_name` (tests/atom_basic/*.bas), `bbc_basic/name`
(tests/bbc_basic/cases*.py), `machine/name` (the machine tests' own programs, below),
`listings/atom/NAME` and `listings/bbc/NAME` (the reference folder's listings).
"""
import json
import re
from dataclasses import dataclass
from pathlib import Path

TESTS = Path(__file__).resolve().parent.parent
ATOM_BASIC = TESTS / "atom_basic"


@dataclass(frozen=True)
class Program:
    name: str
    machine: str
    lines: tuple                # typed one at a time at the prompt
    keys: tuple = ()            # typed after RUN, each when the program waits for a key
    max_seconds: float = 30.0   # emulated seconds from RUN to the end
    fresh: bool = False         # typed into a machine just booted (else after NEW)
    type_ahead: bool = False    # the keys go in straight after RUN (for GET and INKEY, which do
                                # not wait the way INPUT does; the BBC's keyboard buffer keeps them)
    expected: tuple = None      # the rows after ">RUN" as Acorn's ROMs show them, when recorded


def output_rows(rows):
    """The rows after the last row that reads >RUN (the whole screen when it has scrolled away):
    what the conformance programs and the listings' .out files record."""
    rows = [r.rstrip() for r in rows]
    runs = [i for i, r in enumerate(rows) if r == ">RUN"]
    out = rows[runs[-1] + 1:] if runs else rows
    while out and not out[-1]:
        out.pop()
    return out


# --- Atom: tests/atom_basic ----------------------------------------------------------------------

# The last expected row of a program Acorn's ROMs never come back from (the rows before it are the
# screen when it was stopped: e.g. *RUN waiting for a tape).
NEVER_RETURNS = "..."


def read_atom_conformance(path):
    """A conformance file: the program's lines, a line "==", then the rows after >RUN (the prompt's
    row the last), as Acorn's Atom ROMs show them; a last row "..." says Acorn's never comes back to
    the prompt from this program."""
    text = Path(path).read_text()
    program, expected = text.split("\n==\n", 1)
    lines = tuple(l for l in program.splitlines() if l and not l.startswith("#"))
    rows = tuple(expected.rstrip("\n").split("\n")) if expected.strip() else ()
    return Program(f"atom_basic/{Path(path).stem}", "atom", lines, expected=rows)


def atom_conformance():
    return [read_atom_conformance(p) for p in sorted(ATOM_BASIC.glob("*.bas"))]


# --- BBC: tests/bbc_basic/cases*.py --------------------------------------------------------------

def split_keys(inputs):
    """The keyboard input of a case as the key strings typed one at a time: each line with its
    RETURN; what follows the last RETURN (keys for GET) as one string."""
    return tuple(k.replace("\n", "\r") for k in re.findall(r"[^\n]*\n|[^\n]+", inputs))


def bbc_conformance():
    from bbc_basic.cases import CASES
    return [Program(f"bbc_basic/{name}", "bbc", tuple(program.strip("\n").split("\n")),
                    split_keys(inputs), type_ahead=bool(inputs) and not inputs.endswith("\n"))
            for name, program, inputs, _ in CASES]


# --- the machine tests' own programs -------------------------------------------------------------

# Programs the machine tests type that are not conformance files (tests/firmware/test_atom_firmware_basic.py
# and tests/firmware/test_bbc_basic.py): the same programs and keys, compared here with Acorn's ROMs.
MACHINE_PROGRAMS = [
    Program("machine/atom_input_reads_numbers", "atom", ("10 INPUT A,B;PRINT A+B",), ("12\r", "30\r")),
    Program("machine/atom_input_with_prompt", "atom", ('10 INPUT "N"N;PRINT N*2',), ("#10+1\r",)),
    Program("machine/atom_input_of_a_string", "atom", ("10 DIM A20;INPUT $A;PRINT $A LEN A",),
            ("HELLO THERE\r",)),
    Program("machine/atom_star_command", "atom", ("10 *RUN",)),
    # graphics: the picture is compared (the Atom program loops for ever and is stopped)
    Program("machine/atom_clear4_draw", "atom", ("10 CLEAR 4;MOVE 10,20;DRAW 200,150;PLOT 13,5,5",
                                                 "20 PLOT 4,0,100;PLOT 1,50,-30", "30 DO UNTIL 0"),
            max_seconds=3.0),
    Program("machine/bbc_mode4_draw", "bbc", ('10 MODE 4:MOVE 100,100:DRAW 1000,800:PRINT "HELLO"',
                                              "20 GCOL 0,1:MOVE 0,0:PLOT 85,600,0:PLOT 85,0,600")),
    Program("machine/bbc_runs_a_program", "bbc", ("10 FOR I=1 TO 3:PRINT I*I:NEXT",)),
    Program("machine/bbc_error_message", "bbc", ("10 PRINT 1/0",)),
]

# MODE and HIMEM (tests/firmware/test_bbc_basic_machine.py): the screen start of the new MODE becomes
# HIMEM when the BASIC stack is empty; in a PROC or FN, or with the heap above that start, "Bad MODE"
MODE_PROGRAMS = [
    Program("machine/bbc_mode_sets_himem", "bbc", ("10 MODE 0:A%=HIMEM:MODE 7:PRINT ~A%,~HIMEM",)),
    Program("machine/bbc_mode_in_a_for_loop", "bbc",
            ("10 HIMEM=&4000:FOR I=1 TO 1:MODE 1:A%=HIMEM:NEXT:MODE 7:PRINT ~A%,~HIMEM",)),
    Program("machine/bbc_mode_then_a_proc", "bbc", ("10 MODE 4:PROCa(3):MODE 7:PRINT X",
                                                   '20 DEF PROCa(N):LOCAL S$:S$="AB":X=N*LEN S$:ENDPROC')),
    Program("machine/bbc_mode_zeroes_count", "bbc", ('10 PRINT "ABC";:MODE 7:PRINT COUNT',)),
    Program("machine/bbc_mode_in_a_proc", "bbc", ("10 PROCa", "20 DEF PROCa:MODE 7:ENDPROC")),
    Program("machine/bbc_mode_in_an_fn", "bbc", ("10 PRINT FNa", "20 DEF FNa:MODE 7:=1")),
    # the heap's top (VARTOP) one byte past MODE 0's screen start, then at it
    Program("machine/bbc_mode_below_the_heap", "bbc", ("10 ON ERROR MODE 7:PRINT ERR:END",
                                                      "20 DIM Z% 0:N%=&3000-Z%-1:DIM B% N%:MODE 0")),
    Program("machine/bbc_mode_at_the_heap", "bbc", ("10 ON ERROR MODE 7:PRINT ERR:END",
                                                   '20 DIM Z% 0:N%=&3000-Z%-2:DIM B% N%:MODE 0:MODE 7:PRINT "OK"')),
]
MACHINE_PROGRAMS += MODE_PROGRAMS


# --- the reference folder's period listings ------------------------------------------------------

LISTING_SECONDS = 120.0


def listings(reference, machine):
    """The period listings for `machine` in the reference folder (none when it has none)."""
    folder = Path(reference) / "listings" / machine
    programs = []
    for path in sorted(folder.glob("*.bas")) if folder.is_dir() else ():
        lines = tuple(l.rstrip() for l in path.read_text().splitlines() if l.strip())
        keys_file = path.with_suffix(".keys")
        keys = tuple(json.loads(keys_file.read_text())) if keys_file.exists() else ()
        out_file = path.with_suffix(".out")
        expected = tuple(out_file.read_text().rstrip("\n").split("\n")) if out_file.exists() else None
        programs.append(Program(f"listings/{machine}/{path.stem}", machine, lines, keys,
                                LISTING_SECONDS, fresh=True, expected=expected))
    return programs


def matches(expected, result):
    """Whether a Result's output rows (and its coming back to the prompt) are what is `expected`."""
    expected = list(expected)
    if expected and expected[-1] == NEVER_RETURNS:
        return not result.finished and output_rows(result.final.rows) == expected[:-1]
    return result.finished and output_rows(result.final.rows) == expected


def listing_diff(listing_name, expected, got):
    """None when our output rows `got` are the recorded `expected` (NAME.out), else their diff."""
    import difflib
    if list(got) == list(expected):
        return None
    return "\n".join(difflib.unified_diff(list(expected), list(got), f"{listing_name}.out (Acorn's ROMs)",
                                          f"{listing_name} (our ROMs)", lineterm=""))
