"""`acorn run --interactive`: a headless machine that a person or another program drives line by line.

The machine runs until its screen settles (the text has not changed for SETTLE_S emulated seconds
and every key given has gone in: the program is waiting for a key), then the screen's text is
printed, followed by a rule (RULE, 40 dashes).  Each line read from standard input is then typed, followed by
RETURN (an empty line is RETURN alone), and the machine runs until the screen settles again.  The
run ends at the end of the input (after the last screen and its rule), or, for a listing, when
its program has ended: BASIC's prompt `>` alone on the last line of the screen after a screen
that was not at the prompt (with --no-run, the lines typed before RUN do not end it).  That last
screen is printed with no rule.

With a terminal on standard input, a prompt on standard error asks for each line.  Without one
(a pipe or a file), nothing is asked: each line read is echoed after the rule as `keys: LINE`, so
the output reads as a transcript of the run.
"""
import sys

from emulator.errors import UserError

SETTLE_S = 1.5          # the screen unchanged this long (emulated): the program waits for a key
KEYS_ECHO = "keys: "
RULE = "-" * 40         # after each screen but the last: the machine waits for a line


def screen_rows(machine):
    """The screen's text without its trailing blank rows."""
    rows = [row.rstrip() for row in machine.screen.text()]
    while rows and not rows[-1]:
        rows.pop()
    return rows


def settle(machine, max_seconds, settle_s=SETTLE_S):
    """Run until the screen has not changed for `settle_s` with no key left to type; False if
    `max_seconds` of emulated time pass first (Machine.run_until, the one waiting loop)."""
    hw = machine.hardware
    still = round(settle_s * hw.clock_hz)
    last = {"rows": machine.screen.text(), "since": machine.cycles}

    def settled():
        rows = machine.screen.text()
        if rows != last["rows"] or hw.typing:
            last["rows"], last["since"] = rows, machine.cycles
            return False
        return machine.cycles - last["since"] >= still

    return machine.run_until(settled, max_seconds)


def at_basic_prompt(rows):
    """BASIC's prompt alone on the last line: no program is running."""
    return bool(rows) and rows[-1].strip() == ">"


def run_interactive(machine, max_seconds, listing_run, stdin=None, stdout=None, stderr=None):
    """The loop described above; returns the exit status (0)."""
    from emulator.basic.listing import check_typing

    stdin = stdin or sys.stdin
    stdout = stdout or sys.stdout
    stderr = stderr or sys.stderr
    tty = stdin.isatty()
    if tty:
        print(f"acorn run: each line you enter is typed on the {machine.model.title}'s keyboard, then "
              f"RETURN (an empty line: RETURN alone); end of input (Ctrl-D) stops", file=stderr)
    ran = False                         # a screen away from BASIC's prompt has been seen
    while True:
        settled = settle(machine, max_seconds)
        rows = screen_rows(machine)
        for row in rows:
            print(row, file=stdout)
        at_prompt = at_basic_prompt(rows)
        if listing_run and ran and at_prompt:
            return 0
        ran = ran or not at_prompt
        print(RULE, file=stdout)
        if not settled:
            print(f"acorn run: the screen was still changing after {max_seconds:g} emulated seconds",
                  file=stderr)
        if tty:
            print("keys> ", end="", file=stderr, flush=True)
        stdout.flush()
        line = stdin.readline()
        if not line:
            return 0
        keys = line.rstrip("\r\n")
        if not tty:
            print(KEYS_ECHO + keys, file=stdout)
        try:
            check_typing(machine.name, keys)
        except UserError as e:
            print(f"acorn run: {e}; line not typed", file=stderr)
            continue
        machine.type(keys + "\r")
