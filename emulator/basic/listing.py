"""Period BASIC listings: which machine a listing is for, whether it can be typed, and typing it in.

A listing is a text file of numbered BASIC lines, as printed in a book or magazine.  It goes into the
machine the way a person (or an emulator's paste) puts it there: key presses through the keyboard
matrix, one line at a time, each line ended with RETURN.  Nothing is poked into memory.

Everything that could stop a listing going in whole is checked before the first key is pressed:
a line the machine's line input would not take (longer than its input buffer), a character its
keyboard cannot make, a line without a line number (it would be obeyed at once, not stored).

A tokenised BBC BASIC program (the bytes SAVE writes: emulator/basic/bbc_tokeniser.py) goes in the
way a person loads one with *LOAD: its bytes are put in RAM at PAGE (a quick-load, as a filing
system would put them there; the firmware is not intercepted), BREAK is pressed and OLD typed, so
BASIC itself takes the program back and finds its end (TOP), the documented way to recover a
program after BREAK.  The Atom's BASIC keeps programs as text, so only listings go into an Atom.

Line input on the two machines:
  * Atom: the kernel reads the keyboard only while it waits for a key (no keyboard buffer), and
    BASIC is deaf while it stores a line.  So after each RETURN we run until the prompt is back
    before pressing the next key; keys pressed earlier would be lost.
  * BBC Micro: the MOS scans the keyboard on interrupts into a buffer, but that buffer is short
    (31 characters) and BASIC empties it only when it reads the next line; waiting for the prompt
    after each line keeps every key, as on the Atom.
"""
import re
from dataclasses import dataclass

from emulator.errors import UserError
from emulator.machines.registry import machine_for_basic, model

# Each dialect is known by the name a machine's model gives the BASIC it ships (model.basic).
ATOM_BASIC = "Atom BASIC"
BBC_BASIC = "BBC BASIC"         # keeps its program tokenised (emulator/basic/bbc_tokeniser.py)


def input_limit(machine):
    """The characters the machine's BASIC line input takes (its model's input_limit)."""
    return model(machine).input_limit


PROMPT = ">"
PROMPT_STEP_SECONDS = 0.005          # how often we look for the prompt while a line is stored
LINE_SECONDS = 10.0                  # emulated time a machine may take to store one line
BOOT_SECONDS = 10.0

_LINE_NUMBER = re.compile(r"\s*(\d+)")

# Marks of each dialect, by its name.  A mark is a regular expression and its weight; the dialect whose marks
# weigh more wins, and a listing with no marks (or an even score) is of unknown dialect.
_MARKS = {}
_MARKS[BBC_BASIC] = [
    (r"\bDEF\s*(PROC|FN)", 3), (r"\bPROC[A-Za-z_]", 3), (r"\bENDPROC\b", 3), (r"\bREPEAT\b", 2),
    (r"\bCHR\$\(", 2), (r"\bASC\(", 2), (r"\bMOD\b", 2), (r"\bDIV\b", 2), (r"\bGET\b", 1),
    (r"\bCLS\b", 1), (r"\bVDU\b", 2), (r"\bMODE\b", 1), (r"\bLOCAL\b", 2), (r"\bINKEY", 2),
    (r"&[0-9A-F]{2,4}\b", 1),
]
_MARKS[ATOM_BASIC] = [
    (r"^\s*\d+[a-z]", 3),                       # a label right after the line number: "30aGOSUB w"
    (r"\bGOSUB\s*[a-z]\b", 3), (r"\bGOTO\s*[a-z]\b", 3), (r"\bLINK\b", 3), (r"\bCH\"", 3),
    (r"\bPRINT\s*\$", 2), (r"\bDO\b", 2), (r"#[0-9A-F]{2,4}\b", 1), (r"\?[A-Z]", 1),
    (r";\s*(NEXT|END|RETURN|GOTO|GOSUB|PRINT|FOR|IF)\b", 2),
]


@dataclass(frozen=True)
class Listing:
    path: str
    machine: str
    lines: tuple          # (source line number, text) of each program line, blank lines dropped


@dataclass(frozen=True)
class TokenisedProgram:
    path: str
    data: bytes           # the whole file, as *LOAD puts it at PAGE
    length: int           # the program's bytes, from its first &0D to the &FF end marker
    machine: str = machine_for_basic(BBC_BASIC)


def _score(text, marks):
    return sum(weight for pattern, weight in marks for line in text.splitlines()
               if re.search(pattern, line))


def detect_dialect(text):
    """The machine whose BASIC the listing's text is written in, or None when it cannot tell."""
    scores = sorted(((_score(text, marks), basic) for basic, marks in _MARKS.items()), reverse=True)
    if scores[0][0] == scores[1][0]:
        return None
    return machine_for_basic(scores[0][1])


def _typeable(machine):
    """A function that raises UserError for a character the machine's keyboard cannot make."""
    return model(machine).keyboard.chord_for


def check_typing(machine, text):
    """UserError (naming the character) if the machine's keyboard cannot type all of `text`."""
    can_type = _typeable(machine)
    for char in text:
        can_type(char)


def _read_listing_bytes(path):
    """The file's bytes, at most what a listing can be (emulator.inputs)."""
    from emulator.inputs import LISTING_LIMIT, read_input
    return read_input(path, "listing", LISTING_LIMIT, holds="a listing")


def read_listing(path, machine=None):
    """Read and check a listing; `machine` overrides the detected dialect.  UserError (exit 2)
    naming the file and line for anything that would stop it going in whole."""
    raw = _read_listing_bytes(path)
    if raw.startswith(b"\xef\xbb\xbf"):           # a UTF-8 byte order mark is not text of the listing
        raw = raw[3:]
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as e:
        number = raw[:e.start].count(b"\n") + 1
        raise UserError(f"{path}:{number}: byte {raw[e.start]:#04x} is not UTF-8 text") from None
    text = text.replace("\r\n", "\n").replace("\r", "\n")
    if machine is None:
        machine = detect_dialect(text)
        if machine is None:
            raise UserError(f"{path}: cannot tell whether this listing is Atom or BBC BASIC; "
                            f"say which with --machine atom|bbc")
    model(machine)                              # UserError for a machine there is none of
    return Listing(str(path), machine, tuple(check_lines(text, machine, path)))


def read_program(path, machine=None):
    """A Listing, or a TokenisedProgram when the file is a tokenised BBC BASIC program (it starts
    with &0D and is a whole chain of lines ending with the end marker).  UserError (exit 2) naming
    the file and the offset of a tokenised program that is broken."""
    from emulator.basic.bbc_tokeniser import ProgramError, parse_program
    raw = _read_listing_bytes(path)
    if raw[:1] != b"\r":
        return read_listing(path, machine)
    try:
        _, length = parse_program(raw)
    except ProgramError as e:
        try:
            raw.decode("utf-8")                # a text listing that starts with a blank line
        except UnicodeDecodeError:
            raise UserError(f"{path}: not a tokenised BBC BASIC program: {e}") from None
        return read_listing(path, machine)
    if machine is not None and model(machine).basic != BBC_BASIC:
        raise UserError(f"{path}: a tokenised BBC BASIC program runs on the BBC Micro, not the "
                        f"{model(machine).title} (its BASIC keeps programs as text)")
    return TokenisedProgram(str(path), raw, length)


def check_lines(text, machine, path="<listing>"):
    """The program lines of `text` as (number in the file, line); UserError for a bad one."""
    limit = input_limit(machine)
    can_type = _typeable(machine)
    name = model(machine).title
    lines = []
    for number, line in enumerate(text.split("\n"), 1):
        line = line.rstrip(" ")
        if not line.strip():
            continue
        if not _LINE_NUMBER.match(line):
            raise UserError(f"{path}:{number}: no line number (BASIC would obey the line at once, "
                            f"not store it)")
        if len(line) > limit:
            raise UserError(f"{path}:{number}: the line is {len(line)} characters; the {name}'s "
                            f"line input takes at most {limit}")
        for column, char in enumerate(line, 1):
            if ord(char) < 0x20 or ord(char) == 0x7F:
                raise UserError(f"{path}:{number}:{column}: control character {ord(char):#04x} "
                                f"in the line")
            try:
                can_type(char)
            except UserError:
                raise UserError(f"{path}:{number}:{column}: the {name} keyboard cannot type "
                                f"{char!r}") from None
        lines.append((number, line))
    return lines


# --- typing it in ------------------------------------------------------------------------------

def at_prompt(machine):
    """The machine waits at BASIC's prompt: the last row with text is the bare prompt, or the
    prompt is just left of the firmware's text cursor (the Atom's follows a program's output on its
    row when the output ended without a new line, as Acorn's BASIC does)."""
    screen = machine.screen.text()
    rows = [r for r in screen if r.strip()]
    if rows and rows[-1].rstrip() == PROMPT:       # at the row's start: not a stray '>' in the
        return True                                 # uncleared screen RAM of a machine starting up
    cursor = machine.hardware.text_cursor()
    if cursor is None:
        return False
    row, column = cursor
    if column == 0 and row > 0:         # the prompt filled its row: the cursor waits on the next
        row, column = row - 1, len(screen[row - 1])
    return 0 < column and row < len(screen) and screen[row][column - 1:column] == PROMPT


def wait_for_prompt(machine, max_seconds, what):
    """Run until BASIC's prompt shows; UserError naming `what` if it has not within `max_seconds`."""
    if not machine.run_until(lambda: at_prompt(machine), max_seconds, PROMPT_STEP_SECONDS):
        rows = [r for r in machine.screen.text() if r.strip()]
        last = rows[-1].strip() if rows else "nothing"
        raise UserError(f"{what}: no '{PROMPT}' prompt within {max_seconds:g} emulated seconds "
                        f"(the screen ends with {last!r})")


def type_listing(machine, listing, run=True):
    """Type `listing` (a Listing) into `machine`, waiting for the prompt after each line, check that
    BASIC holds every line as the file has it (`check_program_held`), then RUN.

    Each key goes in as the firmware takes it (emulator/machines/typist.py), whichever ROMs the
    machine runs.  Emulated time runs flat out (nothing here waits for the host clock).  Returns the
    number of characters typed.
    """
    wait_for_prompt(machine, BOOT_SECONDS, f"{machine.name} start-up")
    typed = 0
    for number, line in listing.lines:
        machine.type(line + "\r")
        machine.run_until_typed(max_seconds=LINE_SECONDS + len(line))
        wait_for_prompt(machine, LINE_SECONDS, f"{listing.path}:{number}")
        typed += len(line) + 1
    check_program_held(machine, listing)
    if run:
        machine.type("RUN\r")
        machine.run_until_typed(max_seconds=LINE_SECONDS)
        typed += 4
    return typed


def paste(machine, text):
    """Type `text` as a paste does (the window's Alt+V and dropped files, `acorn run --paste`): line
    ends become RETURN, tabs spaces, and characters the machine's keyboard cannot make are left out.
    Returns (characters typed, characters left out)."""
    text = text.replace("\r\n", "\r").replace("\n", "\r").replace("\t", " ")
    can_type = _typeable(machine.name)
    kept = []
    for char in text:
        try:
            can_type(char)
        except UserError:
            continue
        kept.append(char)
    machine.type("".join(kept))
    return len(kept), len(text) - len(kept)


# --- what BASIC holds ----------------------------------------------------------------------------

# Atom BASIC keeps its program as the text typed, from the page its workspace's TEXTPAGE holds
# ("Atomic Theory and Practice": ?18 is the text space's page): after an optional &0D, each line is
# its number (high byte first), its text and &0D; a high byte with bit 7 set ends the program.
# BBC BASIC keeps it tokenised from PAGE to TOP.  Both workspaces: the machine's model.


def held_lines(machine):
    """{line number: stored bytes} of the program BASIC holds now: the Atom's text after each line
    number, or the BBC's tokenised line (emulator/basic/bbc_tokeniser.py)."""
    memory, at = machine.memory, machine.model.basic_workspace
    if machine.model.basic == BBC_BASIC:
        from emulator.basic.bbc_tokeniser import ProgramError, parse_program
        page, top = memory[at["PAGE_HIGH"]] << 8, memory.word(at["TOP"])
        try:
            lines, _ = parse_program(bytes(memory[page:max(page, top)]))
        except ProgramError as e:
            raise UserError(f"BASIC's program at &{page:04X} is not whole ({e})") from None
        return {line.number: line.text for line in lines}
    line = memory[at["TEXTPAGE"]] << 8
    line += memory[line] == 0x0D
    lines = {}
    while line < 0xFFFF and not memory[line] & 0x80 and len(lines) < 0x8000:
        number, end = memory[line] << 8 | memory[line + 1], line + 2
        while memory[end] != 0x0D and end - line < 0x100:
            end += 1
        lines[number] = bytes(memory[line + 2:end])
        line = end + 1
    return lines


def check_program_held(machine, listing):
    """UserError naming the first line of `listing` that BASIC does not hold as the file has it
    (a key lost, a line BASIC refused or stored under another number)."""
    if machine.model.basic == BBC_BASIC:
        from emulator.basic.bbc_tokeniser import tokenise_line
        stored_form = tokenise_line
    else:
        stored_form = str.encode
    expected = {}
    for row, line in listing.lines:
        number, text = _numbered(line)
        try:
            expected[number] = (row, stored_form(text))
        except ValueError:              # a line the tokeniser refuses (ProgramError): BASIC's to judge
            expected[number] = (row, None)
    held = held_lines(machine)
    for number, (row, wanted) in sorted(expected.items(), key=lambda item: item[1][0]):
        if number not in held:
            raise UserError(f"{listing.path}:{row}: line {number} did not go in (BASIC holds no "
                            f"line {number})")
        if wanted is not None and held[number] != wanted:
            raise UserError(f"{listing.path}:{row}: BASIC holds line {number} otherwise than the "
                            f"file has it")
    extra = sorted(set(held) - set(expected))
    if extra:
        raise UserError(f"{listing.path}: BASIC holds line {extra[0]}, which the file does not have "
                        f"(a line number went in wrong)")


def _numbered(line):
    """(number, the text BASIC stores) of a listing line."""
    match = _LINE_NUMBER.match(line)
    return int(match.group(1)), line[match.end():]


# --- loading a tokenised program --------------------------------------------------------------

RESET_SECONDS = 1.0                  # BREAK: long enough for a MOS to reset and clear the screen


def _wait_for_reset(machine, before):
    """Run until the screen is no longer `before` (the MOS clears it as it resets), or for
    RESET_SECONDS: the screen a reset draws can end up the same as it was."""
    machine.run_until(lambda: machine.screen.text() != before, RESET_SECONDS, PROMPT_STEP_SECONDS)


def load_tokenised(machine, program, run=True):
    """Put `program` (a TokenisedProgram) at PAGE as *LOAD would, press BREAK and type OLD, check
    that BASIC holds it whole (the bytes at PAGE, TOP just past the end marker), then RUN."""
    if machine.model.basic != BBC_BASIC:
        raise UserError(f"{program.path}: a tokenised BBC BASIC program runs on the BBC Micro")
    wait_for_prompt(machine, BOOT_SECONDS, f"{machine.name} start-up")
    memory, at = machine.memory, machine.model.basic_workspace      # PAGE DIV 256, HIMEM, TOP
    page, himem = memory[at["PAGE_HIGH"]] << 8, memory.word(at["HIMEM"])
    end = page + len(program.data)
    if end > himem:
        raise UserError(f"{program.path}: the file ({len(program.data)} bytes) does not fit between "
                        f"PAGE &{page:04X} and HIMEM &{himem:04X}")
    memory[page:end] = program.data
    if bytes(memory[page:end]) != program.data:
        raise UserError(f"{program.path}: &{page:04X}-&{end - 1:04X} is not all RAM")
    before = machine.screen.text()
    machine.break_key()
    machine.run_until_typed(max_seconds=LINE_SECONDS)
    _wait_for_reset(machine, before)
    wait_for_prompt(machine, BOOT_SECONDS, f"{program.path}: BREAK")
    machine.type("OLD\r")
    machine.run_until_typed(max_seconds=LINE_SECONDS)
    wait_for_prompt(machine, LINE_SECONDS, f"{program.path}: OLD")
    # OLD sets the first line's high byte (BREAK made it &FF) to 0, as BASIC II's does: a first
    # line of 256 or more gets its own back, as the file has it (TOP does not depend on it)
    memory[page + 1] = program.data[1]
    held = bytes(memory[page:page + program.length])
    if held != program.data[:program.length]:
        at = next(i for i, (a, b) in enumerate(zip(held, program.data)) if a != b)
        raise UserError(f"{program.path}: after BREAK and OLD, BASIC's program differs from the file "
                        f"at &{page + at:04X} (offset &{at:04X})")
    top = memory.word(at["TOP"])
    if top != page + program.length:
        raise UserError(f"{program.path}: after OLD, BASIC's TOP is &{top:04X}, not "
                        f"&{page + program.length:04X} just past the program's end marker")
    if run:
        machine.type("RUN\r")
        machine.run_until_typed(max_seconds=LINE_SECONDS)


def enter_program(machine, program, run=True):
    """Type a Listing in, or load a TokenisedProgram; then RUN unless `run` is false."""
    if isinstance(program, TokenisedProgram):
        return load_tokenised(machine, program, run)
    return type_listing(machine, program, run)
