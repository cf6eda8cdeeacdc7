"""BBC BASIC II's keyword tokens, for showing a stored program line as it was typed.

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

LINE_NUMBER = 0x8D          # followed by three bytes that encode a line number (GOTO 100 etc.)
REST_IS_TEXT = (0xF4, 0xDC)  # REM and DATA: the rest of the line is not tokenised


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


def detokenise(data):
    """A stored line's bytes (without its 4-byte header) as text: tokens become keywords, strings and
    the text after REM or DATA stay as they are, unknown tokens show as <&XX>."""
    out, i, quoted = [], 0, False
    while i < len(data):
        byte = data[i]
        if quoted or byte < 0x80:
            if byte == 0x22:
                quoted = not quoted
            out.append(chr(byte) if 0x20 <= byte < 0x7F else f"<&{byte:02X}>")
            i += 1
        elif byte == LINE_NUMBER and i + 3 < len(data):
            out.append(str(decode_line_number(*data[i + 1:i + 4])))
            i += 4
        else:
            word = keyword(byte)
            out.append(word if word else f"<&{byte:02X}>")
            i += 1
            if byte in REST_IS_TEXT:
                out.extend(chr(b) if 0x20 <= b < 0x7F else f"<&{b:02X}>" for b in data[i:])
                break
    return "".join(out)
