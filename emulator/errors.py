"""The errors a user can cause, and the exit codes the `acorn` command gives for them."""

EXIT_OK = 0
EXIT_BAD_INPUT = 2      # bad file, listing, address, usage
EXIT_TIMEOUT = 3        # --until text not seen in time / cycle limit reached
EXIT_JAM = 4            # the CPU executed a JAM opcode
EXIT_BAD_STATE = 5      # a save state that cannot be loaded (damaged, other format or ROMs)


class UserError(Exception):
    """Bad input from the user: printed as one line, never as a traceback."""

    exit_code = EXIT_BAD_INPUT

    def __init__(self, message, exit_code=None):
        super().__init__(message)
        if exit_code is not None:
            self.exit_code = exit_code


def parse_number(text, what="address"):
    """A number as a user writes it: decimal, $hex, &hex (BBC), #hex (Atom), 0xhex or %binary."""
    s = str(text).strip()
    try:
        if s[:1] in ("$", "&", "#"):
            return int(s[1:], 16)
        if s[:2].lower() == "0x":
            return int(s[2:], 16)
        if s[:1] == "%":
            return int(s[1:], 2)
        return int(s, 10)
    except (ValueError, IndexError):
        raise UserError(f"{what} {text!r} is not a number (use decimal, $hex, &hex, #hex or 0xhex)") from None


def parse_max_seconds(text):
    """`--max-seconds`: emulated seconds, more than 0 (`acorn run`, headless or windowed)."""
    try:
        value = float(text)
    except ValueError:
        raise UserError(f"--max-seconds {text!r} is not a number of seconds") from None
    if not value > 0:
        raise UserError("--max-seconds must be more than 0")
    return value
