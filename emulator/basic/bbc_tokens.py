"""BBC BASIC II's keyword tokens: the one table of the project, for showing a stored program line
as it was typed (the debugger's BASIC view) and for tokenising and listing program files
(emulator/basic/bbc_tokeniser.py): each token's keyword, its tokeniser flags, and the order BASIC
tries the keywords in.

The token values are BBC BASIC's documented ones (J. G. Harston, "BBC BASIC Tokens",
mdfs.net/Docs/Comp/BBCBasic/Tokens; R. T. Russell's BBC BASIC manual, appendix "Tokeniser", which
gives ENDPROC = &E1 and the line-number encoding after &8D).  &CF-&D3 are the statement forms of the
pseudo-variables (PTR=, PAGE=, ...: the function's token + &40).  &CE is unused in BASIC II.
"""

KEYWORDS = (
    # &80-&8F
    "AND", "DIV", "EOR", "MOD", "OR", "ERROR", "LINE", "OFF",
    "STEP", "SPC", "TAB(", "ELSE", "THEN", None, "OPENIN", "PTR",
    # &90-&9F
    "PAGE", "TIME", "LOMEM", "HIMEM", "ABS", "ACS", "ADVAL", "ASC",
    "ASN", "ATN", "BGET", "COS", "COUNT", "DEG", "ERL", "ERR",
    # &A0-&AF
    "EVAL", "EXP", "EXT", "FALSE", "FN", "GET", "INKEY", "INSTR(",
    "INT", "LEN", "LN", "LOG", "NOT", "OPENUP", "OPENOUT", "PI",
    # &B0-&BF
    "POINT(", "POS", "RAD", "RND", "SGN", "SIN", "SQR", "TAN",
    "TO", "TRUE", "USR", "VAL", "VPOS", "CHR$", "GET$", "INKEY$",
    # &C0-&CF
    "LEFT$(", "MID$(", "RIGHT$(", "STR$", "STRING$(", "EOF", "AUTO", "DELETE",
    "LOAD", "LIST", "NEW", "OLD", "RENUMBER", "SAVE", None, "PTR",
    # &D0-&DF
    "PAGE", "TIME", "LOMEM", "HIMEM", "SOUND", "BPUT", "CALL", "CHAIN",
    "CLEAR", "CLOSE", "CLG", "CLS", "DATA", "DEF", "DIM", "DRAW",
    # &E0-&EF
    "END", "ENDPROC", "ENVELOPE", "FOR", "GOSUB", "GOTO", "GCOL", "IF",
    "INPUT", "LET", "LOCAL", "MODE", "MOVE", "NEXT", "ON", "VDU",
    # &F0-&FF
    "PLOT", "PRINT", "PROC", "READ", "REM", "REPEAT", "REPORT", "RESTORE",
    "RETURN", "RUN", "STOP", "COLOUR", "TRACE", "UNTIL", "WIDTH", "OSCLI",
)
assert len(KEYWORDS) == 128

# The tokeniser's flags of each token, &80-&FF (M. Plumbley, "BASIC ROM User Guide", pp. 41-43, the
# keyword table of BASIC II; bit meanings as in S. Fewell's notes on the BASIC keyword list, 8bs.com):
CONDITIONAL = 0x01      # not a keyword when a letter, digit or _ follows (ENDx, TIMER are names)
MIDDLE = 0x02           # what follows is the middle of a statement
START = 0x04            # what follows is the start of a statement (THEN, ELSE, LET, ERROR)
NAME = 0x08             # FN, PROC: the name that follows is kept as typed
LINE_NUMBERS = 0x10     # line numbers follow (GOTO 100 keeps 100 as &8D and three bytes)
REST_OF_LINE = 0x20     # the rest of the line is kept as typed (REM, DATA)
PSEUDO = 0x40           # PTR, PAGE, TIME, LOMEM, HIMEM: +&40 at the start of a statement (PAGE=)

FLAGS = bytes((
    # &80-&8F: AND .. PTR
    0x00, 0x00, 0x00, 0x00, 0x00, 0x04, 0x00, 0x00, 0x00, 0x00, 0x00, 0x14, 0x14, 0x00, 0x00, 0x43,
    # &90-&9F: PAGE .. ERR
    0x43, 0x43, 0x43, 0x43, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x01, 0x01,
    # &A0-&AF: EVAL .. PI
    0x00, 0x00, 0x01, 0x01, 0x08, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x01,
    # &B0-&BF: POINT( .. INKEY$
    0x00, 0x01, 0x00, 0x01, 0x00, 0x00, 0x00, 0x00, 0x00, 0x01, 0x00, 0x00, 0x01, 0x00, 0x00, 0x00,
    # &C0-&CF: LEFT$( .. PTR (statement form)
    0x00, 0x00, 0x00, 0x00, 0x00, 0x01, 0x10, 0x10, 0x02, 0x10, 0x01, 0x01, 0x10, 0x02, 0x00, 0x00,
    # &D0-&DF: PAGE (statement form) .. DRAW
    0x00, 0x01, 0x00, 0x00, 0x02, 0x03, 0x02, 0x02, 0x01, 0x03, 0x01, 0x01, 0x20, 0x00, 0x02, 0x02,
    # &E0-&EF: END .. VDU
    0x01, 0x01, 0x02, 0x02, 0x12, 0x12, 0x02, 0x02, 0x02, 0x04, 0x02, 0x02, 0x02, 0x02, 0x02, 0x02,
    # &F0-&FF: PLOT .. OSCLI
    0x02, 0x02, 0x0A, 0x02, 0x20, 0x00, 0x01, 0x12, 0x01, 0x01, 0x01, 0x02, 0x12, 0x02, 0x02, 0x02,
))
assert len(FLAGS) == 128

# The order BASIC II tries its keywords in: a keyword that begins another comes after it (ENDPROC
# before END), and "X." abbreviates the first keyword here that starts with X (A. is AND, P. is
# PRINT).  The order of BASIC's keyword list (Plumbley, pp. 41-43; the User Guide's abbreviations).
MATCH_ORDER = (
    "AND", "ABS", "ACS", "ADVAL", "ASC", "ASN", "ATN", "AUTO", "BGET", "BPUT", "COLOUR", "CALL",
    "CHAIN", "CHR$", "CLEAR", "CLOSE", "CLG", "CLS", "COS", "COUNT", "DATA", "DEG", "DEF", "DELETE",
    "DIV", "DIM", "DRAW", "ENDPROC", "END", "ENVELOPE", "ELSE", "EVAL", "ERL", "ERROR", "EOF", "EOR",
    "ERR", "EXP", "EXT", "FOR", "FALSE", "FN", "GOTO", "GET$", "GET", "GOSUB", "GCOL", "HIMEM",
    "INPUT", "IF", "INKEY$", "INKEY", "INT", "INSTR(", "LIST", "LINE", "LOAD", "LOMEM", "LOCAL",
    "LEFT$(", "LEN", "LET", "LOG", "LN", "MID$(", "MODE", "MOD", "MOVE", "NEXT", "NEW", "NOT", "OLD",
    "ON", "OFF", "OR", "OPENIN", "OPENOUT", "OPENUP", "OSCLI", "PRINT", "PAGE", "PTR", "PI", "PLOT",
    "POINT(", "PROC", "POS", "RETURN", "REPEAT", "REPORT", "READ", "REM", "RUN", "RAD", "RESTORE",
    "RIGHT$(", "RND", "RENUMBER", "STEP", "SAVE", "SGN", "SIN", "SQR", "SPC", "STR$", "STRING$(",
    "SOUND", "STOP", "TAN", "THEN", "TO", "TAB(", "TRACE", "TIME", "TRUE", "UNTIL", "USR", "VDU",
    "VAL", "VPOS", "WIDTH",
)
# each keyword once, by its first token (PTR, PAGE, TIME, LOMEM and HIMEM by their function form)
TOKEN_OF = {}
for _token, _word in enumerate(KEYWORDS, 0x80):
    if _word is not None:
        TOKEN_OF.setdefault(_word, _token)
assert sorted(MATCH_ORDER) == sorted(TOKEN_OF)

LINE_NUMBER = 0x8D          # followed by three bytes that encode a line number (GOTO 100 etc.)
REST_IS_TEXT = tuple(t for t in range(0x80, 0x100) if FLAGS[t - 0x80] & REST_OF_LINE)  # REM, DATA


def keyword(token):
    return KEYWORDS[token - 0x80] if 0x80 <= token <= 0xFF else None


def decode_line_number(b1, b2, b3):
    """The line number stored after &8D (the bits are spread so that no byte is a token or CR)."""
    high_bits = b1 ^ 0x54
    low = (b2 & 0x3F) | ((high_bits << 2) & 0xC0)
    high = (b3 & 0x3F) | ((high_bits << 4) & 0xC0)
    return high << 8 | low


def encode_line_number(number):
    """The three bytes after &8D for `number` (the inverse of decode_line_number; tests use it)."""
    b1 = (((number & 0x00C0) >> 2) | ((number & 0xC000) >> 12)) ^ 0x54
    return bytes([b1, (number & 0x3F) | 0x40, ((number >> 8) & 0x3F) | 0x40])


class NotAToken(ValueError):
    """A byte where a keyword's token should be that is none (&8D with no line number, &CE)."""

    def __init__(self, offset, message):
        super().__init__(message)
        self.offset = offset


def _shown(byte):
    return chr(byte) if 0x20 <= byte < 0x7F else f"<&{byte:02X}>"


def detokenise(data, strict=False):
    """A stored line's bytes (without its 4-byte header) as text: tokens become keywords, strings and
    the text after REM or DATA stay as they are.  For a person (the debugger's view), bytes that are
    not printable and unknown tokens show as <&XX>; with `strict` (a listing file), every byte that
    is not a token stays the character of that code and an unknown token raises NotAToken."""
    show = chr if strict else _shown
    out, i, quoted = [], 0, False
    while i < len(data):
        byte = data[i]
        if quoted or byte < 0x80:
            if byte == 0x22:
                quoted = not quoted
            out.append(show(byte))
            i += 1
        elif byte == LINE_NUMBER and i + 3 < len(data):
            out.append(str(decode_line_number(*data[i + 1:i + 4])))
            i += 4
        else:
            word = keyword(byte)
            if word is None and strict:
                what = "a line number's &8D with fewer than 3 bytes after it" if byte == LINE_NUMBER \
                    else f"&{byte:02X}, which is no BBC BASIC II token"
                raise NotAToken(i, what)
            out.append(word if word else f"<&{byte:02X}>")
            i += 1
            if byte in REST_IS_TEXT:
                out.extend(show(b) for b in data[i:])
                break
    return "".join(out)
