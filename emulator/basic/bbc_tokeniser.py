"""BBC BASIC II programs on the host: a listing's text to the tokenised program BASIC keeps at PAGE
(what SAVE writes and LOAD or *LOAD reads), and back.

The program format (BBC Micro User Guide; J. G. Harston, "BBC BASIC program line format", mdfs.net):

    &0D, then each line as  hi lo len text &0D,  then &FF

`hi lo` is the line number (0-32767, high byte first), `len` counts the line's bytes from `hi` to its
&0D, and the end marker is where the next `hi` would be.  The text is tokenised by the documented
rules of BASIC II's tokeniser, driven by each keyword's flags (emulator/basic/bbc_tokens.py):

  * keywords (capitals only) become their token; "X." abbreviates the first keyword in BASIC's own
    order that starts with X; a keyword with the conditional flag stays letters when a letter, digit
    or _ follows it (ENDx, TIMER are names);
  * a name is kept whole once it has begun (XPRINT is a name); keywords do not hide inside it;
  * PTR, PAGE, TIME, LOMEM and HIMEM at the start of a statement take token + &40 (PAGE=&1900);
    a statement starts at the beginning of the line, after ':' and after a keyword with the start
    flag (THEN, ELSE, LET, ERROR); a keyword with the middle flag, a name, a number, a string or any
    other character puts the tokeniser in the middle of one;
  * after a keyword with the line-number flag (GOTO, GOSUB, THEN, ELSE, RESTORE, TRACE, AUTO, DELETE,
    LIST, RENUMBER) each decimal number up to 32767 is &8D and three bytes; spaces and commas keep
    that state (ON X GOTO 10,20), anything else ends it.  RUN takes no line number in BASIC II;
  * nothing is tokenised inside "strings", after REM or DATA, in a name after PROC or FN, after '*'
    at the start of a statement (an OS command), or in a hexadecimal number after '&'.

Text here is a listing as LIST prints it (LISTO 0): the line number right-aligned in five columns and
the line's text exactly as stored.  A listing typed without the padding ("10 PRINT") gives the same
program; detokenising it gives the padded form.  Characters are the machine's bytes: codes &80-&FF
(teletext codes in a string) are the characters U+0080-U+00FF, allowed only where BASIC keeps text as
typed, since anywhere else such a byte is a token.
"""
from dataclasses import dataclass
from typing import NamedTuple

from emulator.basic.bbc_tokens import (
    CONDITIONAL, LINE_NUMBER, LINE_NUMBERS, MATCH_ORDER, MIDDLE, NAME, PSEUDO, REST_OF_LINE, START,
    FLAGS, TOKEN_OF, NotAToken, detokenise, encode_line_number)

CR, END_MARKER = 0x0D, 0xFF
MAX_LINE_NUMBER = 32767        # the high byte's bit 7 marks the end of the program
MAX_LINE_BYTES = 255           # `len` is one byte: 4 bytes of header and &0D, 251 of text
LIST_WIDTH = 5                 # LIST prints a line number right-aligned in five columns

_DIGITS = frozenset(b"0123456789")
_HEX_DIGITS = frozenset(b"0123456789ABCDEF")
_NAME_CHARS = frozenset(b"0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ_`abcdefghijklmnopqrstuvwxyz")
_CAPITALS = frozenset(b"ABCDEFGHIJKLMNOPQRSTUVWXYZ")
_KEYWORDS = [(word.encode("ascii"), TOKEN_OF[word], FLAGS[TOKEN_OF[word] - 0x80])
             for word in MATCH_ORDER]


class ProgramError(ValueError):
    """Bad text or bytes.  `where` is "LINE" or "LINE:COLUMN" of a listing, or "offset &XXXX" of a
    tokenised program; the caller adds the file's name."""

    def __init__(self, where, message):
        super().__init__(f"{where}: {message}")
        self.where = where
        self.message = message


@dataclass(frozen=True)
class ProgramLine:
    number: int
    text: bytes         # tokenised, without the header and the &0D
    offset: int         # of the line's `hi` byte in the program


# --- tokenising -------------------------------------------------------------------------------

def _match_keyword(src, i):
    """(token, flags, index after it) for the keyword at src[i], or None."""
    for word, token, flags in _KEYWORDS:
        end = i + len(word)
        if src.startswith(word, i):
            if flags & CONDITIONAL and end < len(src) and src[end] in _NAME_CHARS:
                continue                        # a name that begins with the keyword
            return token, flags, end
        typed = 0
        while i + typed < len(src) and typed < len(word) and src[i + typed] == word[typed]:
            typed += 1
        if typed and i + typed < len(src) and src[i + typed] == ord("."):
            return token, flags, i + typed + 1  # an abbreviation: P. is PRINT
    return None


def _span(src, i, chars):
    while i < len(src) and src[i] in chars:
        i += 1
    return i


def tokenise_line(text):
    """The stored bytes of one line's text (what follows the line number).  ProgramError("COLUMN",
    ...) for a character BASIC cannot hold there."""
    for column, char in enumerate(text, 1):
        if ord(char) > 0xFF or char in "\r\n":
            raise ProgramError(str(column), f"character {char!r} is not one of the BBC Micro's bytes")
    src = text.encode("latin-1")
    out = bytearray()
    i, start, line_numbers = 0, True, False
    while i < len(src):
        c = src[i]
        if c == ord('"'):                                   # a string, to its closing quote
            close = src.find(b'"', i + 1)
            end = len(src) if close < 0 else close + 1
            out += src[i:end]
            i, start, line_numbers = end, False, False
        elif c == ord(":"):
            out.append(c)
            i, start, line_numbers = i + 1, True, False
        elif c in b" ,":
            out.append(c)
            i += 1
        elif c == ord("*") and start:                       # an OS command: the rest is its text
            high = next((j for j in range(i, len(src)) if src[j] >= 0x80), None)
            if high is not None:
                raise ProgramError(str(high + 1), f"character {chr(src[high])!r} in an OS command "
                                                  f"would be listed as the token &{src[high]:02X}")
            out += src[i:]
            break
        elif c == ord("&"):
            end = _span(src, i + 1, _HEX_DIGITS)
            out += src[i:end]
            i, start, line_numbers = end, False, False
        elif c in _DIGITS:
            end = _span(src, i, _DIGITS)
            if line_numbers and int(src[i:end]) <= MAX_LINE_NUMBER:
                out.append(LINE_NUMBER)
                out += encode_line_number(int(src[i:end]))
                i = end
            else:
                end = _span(src, i, _DIGITS | {ord(".")})
                out += src[i:end]
                i, start, line_numbers = end, False, False
        elif c in _NAME_CHARS:
            found = _match_keyword(src, i) if c in _CAPITALS else None
            if found is None:                               # a name, kept whole
                end = _span(src, i, _NAME_CHARS)
                out += src[i:end]
                i, start, line_numbers = end, False, False
                continue
            token, flags, i = found
            out.append(token + 0x40 if flags & PSEUDO and start else token)
            if flags & REST_OF_LINE:
                out += src[i:]
                break
            if flags & NAME:
                end = _span(src, i, _NAME_CHARS)
                out += src[i:end]
                i = end
            line_numbers = bool(flags & LINE_NUMBERS)
            if flags & MIDDLE:
                start = False
            if flags & START:
                start = True
        elif c >= 0x80:
            raise ProgramError(str(i + 1), f"character {chr(c)!r} outside a string, REM or DATA "
                                           f"would be read as the token &{c:02X}")
        else:
            out.append(c)
            i, start, line_numbers = i + 1, False, False
    return bytes(out)


def split_numbered_line(line):
    """(number, text) of a listing line: the number after any spaces, the text right after it."""
    stripped = line.lstrip(" ")
    end = 0
    while end < len(stripped) and stripped[end].isdigit() and stripped[end].isascii():
        end += 1
    if end == 0:
        return None, line
    return int(stripped[:end]), stripped[end:]


def tokenise_program(text):
    """The tokenised program (bytes, from the leading &0D to the &FF end marker) of a listing.
    Blank lines are skipped; every other line needs a line number, in increasing order, and text
    after it (a line number alone deletes a line when typed)."""
    out = bytearray([CR])
    previous = None
    for row, line in enumerate(text.replace("\r\n", "\n").replace("\r", "\n").split("\n"), 1):
        if not line.strip(" "):
            continue
        number, body = split_numbered_line(line)
        if number is None:
            raise ProgramError(str(row), "no line number (a program line starts with one)")
        if number > MAX_LINE_NUMBER:
            raise ProgramError(str(row), f"line number {number} is out of range "
                                         f"(0 to {MAX_LINE_NUMBER})")
        if not body.strip(" "):
            raise ProgramError(str(row), f"line {number} has no text (typed in, it would delete "
                                         f"line {number}, not store it)")
        if previous is not None and number <= previous:
            raise ProgramError(str(row), f"line {number} comes after line {previous} "
                                         f"(a program's lines are in increasing order)")
        column = len(line) - len(body)
        try:
            tokens = tokenise_line(body)
        except ProgramError as e:
            raise ProgramError(f"{row}:{column + int(e.where)}", e.message) from None
        size = len(tokens) + 4
        if size > MAX_LINE_BYTES:
            raise ProgramError(str(row), f"line {number} is {size} bytes tokenised; a program line "
                                         f"holds at most {MAX_LINE_BYTES}")
        out += bytes([number >> 8, number & 0xFF, size]) + tokens + bytes([CR])
        previous = number
    out.append(END_MARKER)
    return bytes(out)


# --- reading a tokenised program --------------------------------------------------------------

def _at(offset):
    return f"offset &{offset:04X}"


def parse_program(data):
    """The lines of a tokenised program and the offset just past its end marker.  ProgramError
    (at an offset) for anything that is not the documented format."""
    if not data:
        raise ProgramError(_at(0), "the file is empty, not a tokenised BASIC program")
    if data[0] != CR:
        raise ProgramError(_at(0), f"&{data[0]:02X} where a tokenised BASIC program starts with &0D")
    lines, at, previous = [], 1, None
    while True:
        if at >= len(data):
            raise ProgramError(_at(at), "the program ends without its end marker &FF")
        if data[at] & 0x80:
            if data[at] != END_MARKER:
                raise ProgramError(_at(at), f"&{data[at]:02X} where a line number or the end "
                                            f"marker &FF should be")
            return lines, at + 1
        if at + 3 > len(data):
            raise ProgramError(_at(at), "the file ends inside a line's header")
        number, size = data[at] << 8 | data[at + 1], data[at + 2]
        if size < 4:
            raise ProgramError(_at(at + 2), f"line {number} has length {size}; the least is 4")
        end = at + size - 1                               # its &0D
        if end >= len(data):
            raise ProgramError(_at(at), f"line {number} ({size} bytes) runs past the end of the file")
        if data[end] != CR:
            raise ProgramError(_at(end), f"line {number} does not end with &0D (found &{data[end]:02X})")
        inner = data.find(CR, at + 3, end)
        if inner >= 0:
            raise ProgramError(_at(inner), f"&0D inside line {number}")
        if previous is not None and number <= previous:
            raise ProgramError(_at(at), f"line {number} comes after line {previous}")
        lines.append(ProgramLine(number, bytes(data[at + 3:end]), at))
        previous = number
        at = end + 1


def detokenise_line(line):
    """A ProgramLine as LIST prints it (LISTO 0)."""
    try:
        text = detokenise(line.text, strict=True)
    except NotAToken as e:
        raise ProgramError(_at(line.offset + 3 + e.offset), f"line {line.number}: {e}") from None
    newline = text.find("\n")
    if newline >= 0:
        raise ProgramError(_at(line.offset + 3 + newline),
                           f"line {line.number} holds a line feed (&0A), which a text listing cannot")
    return f"{line.number:{LIST_WIDTH}d}{text}"


class Detokenised(NamedTuple):
    text: str           # the listing
    extra: int          # bytes after the end marker, left out
    changed: tuple      # numbers of the lines whose listing tokenises to other bytes


def detokenise_program(data):
    """The listing of a tokenised program (Detokenised).  A line can list as text that tokenises
    differently: an abbreviation can store a conditional keyword right before a letter (E.X is
    ENDPROC then X, listed ENDPROCX, which typed again is a name), as on the real machine; such
    lines are named in `changed`."""
    lines, end = parse_program(data)
    listed, changed = [], []
    for line in lines:
        text = detokenise_line(line)
        try:
            same = tokenise_line(text[LIST_WIDTH:]) == line.text
        except ProgramError:
            same = False
        if not same:
            changed.append(line.number)
        listed.append(text + "\n")
    return Detokenised("".join(listed), len(data) - end, tuple(changed))


def looks_tokenised(raw):
    """True when `raw` is a whole tokenised BBC BASIC program (a text listing never starts with &0D
    followed by a valid chain of lines and the end marker)."""
    try:
        parse_program(raw)
    except ProgramError:
        return False
    return True
