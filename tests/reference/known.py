"""The known differences between our firmware and Acorn's: tests/reference/known_differences.toml.

One entry a program: the machine, the program's name (as tests/reference/corpus.py names it), the
reason a person can act on, the difference as a unified diff of the two screens (Acorn's ROMs
first), and the rows after >RUN that ours shows (a period listing's entry has only its reason: the
listing and its screens stay in the reference folder).  The differential tests fail when a program differs and is not listed, and when a listed
program no longer differs, so the list only shrinks; the conformance tests that run on our firmware
alone expect a listed program to show just what its entry records for ours.
"""
import tomllib
from pathlib import Path

PATH = Path(__file__).resolve().parent / "known_differences.toml"


def load(path=PATH):
    """{(machine, program name): entry dict}."""
    with open(path, "rb") as f:
        data = tomllib.load(f)
    entries = {}
    for entry in data.get("difference", []):
        for field in ("diff", "ours"):     # a multi-line string keeps the new line before its end
            if field in entry:
                entry[field] = entry[field].removesuffix("\n")
        key = (entry["machine"], entry["program"])
        if key in entries:
            raise ValueError(f"{path}: {key} is listed twice")
        entries[key] = entry
    return entries


_LOADED = None


def known():
    global _LOADED
    if _LOADED is None:
        _LOADED = load()
    return _LOADED


def is_known(machine, program):
    return (machine, program) in known()


def _literal(text):
    """A TOML multi-line literal string (no escapes; the diff never holds three quotes)."""
    if "'''" in text:
        raise ValueError("text with ''' cannot be a literal string")
    return "'''\n" + text + "\n'''"


def _basic(text):
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


def dump(entries, header):
    """The file's text: `header` (comment lines) then the entries, sorted by machine and program."""
    out = [header.rstrip("\n"), ""]
    for (machine, program), entry in sorted(entries.items()):
        out += ["[[difference]]", f"machine = {_basic(machine)}", f"program = {_basic(program)}",
                f"reason = {_basic(entry['reason'])}"]
        if entry.get("diff"):
            out.append(f"diff = {_literal(entry['diff'])}")
        if "ours" in entry:
            out.append(f"ours = {_literal(entry['ours'])}")
        out.append("")
    return "\n".join(out)


def check_ours(machine, program, got, acorn):
    """For a test on our firmware alone: None when `got` (ours' rows after >RUN, "..." last when it
    never came back) is what it should be, else what is wrong.  Unlisted: `got` must be Acorn's
    rows `acorn`.  Listed: `got` must still be the rows the entry records for ours (a program that
    now shows Acorn's rows must leave the list; one that shows something new needs its entry
    brought up to date: tests/reference/update.py --known)."""
    got, acorn = list(got), list(acorn)
    entry = known().get((machine, program))
    if entry is None:
        return None if got == acorn else "\n".join(["ours:"] + got + ["Acorn's ROMs:"] + acorn)
    if got == acorn:
        return (f"{program} now shows what Acorn's ROMs show: take its entry out of "
                f"tests/reference/known_differences.toml")
    recorded = entry.get("ours", "").split("\n")
    if got != recorded:
        return "\n".join([f"{program} is listed as a known difference, but ours now shows:"] + got
                          + ["where the entry records:"] + recorded + ["and Acorn's ROMs:"] + acorn
                          + ["(bring the entry up to date: tests/reference/record.py, then update.py --known)"])
    return None
