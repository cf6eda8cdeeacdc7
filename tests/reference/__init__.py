"""Acorn's ROMs as the oracle: the differential harness the firmware is judged by (issue 18).

What it does
    Each program is typed into the same emulated machine twice, once running Acorn's ROMs and once
    ours, run to its end (its prompt comes back, or its keys are used up and it is stopped), and the
    two screens compared as a person would compare them: the text, the cursor's position, and the
    picture where there are graphics; for a program that takes input, also the screen just before
    each key.  A difference reads as a unified diff of the two screens, named by the program.

Where it needs the reference folder
    Acorn's ROMs and the period listings are in the reference folder (the project's
    ../shared/reference), given at run time: `pytest --reference DIR` or ACORN_REFERENCE=DIR.  They
    are only run, never copied here.  Without the folder these tests are skipped, with the reason.

    python -m pytest tests/reference --reference ../shared/reference

The files
    harness.py      a Runner (one booted machine, one ROM set, reused between programs with NEW and
                    a cleared screen), Screen (what is compared), and the diff.
    corpus.py       the programs: tests/atom_basic/*.bas, tests/bbc_basic/cases*.py, the machine
                    tests' own programs, and the reference folder's listings (NAME.bas, .keys, .out).
    known_differences.toml
                    every difference still there, one entry a program, with its reason and diff.
                    A program that differs and is not listed fails; so does a listed program that
                    no longer differs: the list only shrinks.
    known.py        reads that file; the conformance tests on our firmware alone
                    (test_atom_firmware_basic.py, test_bbc_basic_conformance.py,
                    test_bbc_basic_machine.py, test_bbc_basic_real.py) use it: a listed program
                    must still show what its entry records for ours (showing Acorn's output means
                    the entry goes; anything else is a change to look at).
    test_known.py   the file itself: a reason for every entry, no listing copied in.
    test_differential.py
                    the suite: every conformance program on both machines, Acorn's against ours;
                    each listing of ours against its NAME.out; Acorn's re-run of each listing to
                    check the harness reproduces NAME.out (marked slow).  The end of the run prints
                    how many were the same and how many differ as listed.
    record.py, update.py
                    for people: record.py runs the whole corpus and writes what it found (JSON);
                    update.py turns that into the recorded expectations (the Atom .bas files'
                    rows, tests/bbc_basic/acorn_outputs.py) and, with --known, refreshes the diffs
                    of known_differences.toml (a new entry's reason is left for a person to write).

Acorn's ROMs are right
    The conformance programs' expected outputs were first worked out from the manuals; they are now
    what Acorn's ROMs show (the output of a program on the real machine is a fact), so the tests
    that run on our firmware alone check against Acorn's behaviour.

Typing
    Acorn's Atom kernel drops keys held or spaced less than about 80 ms, so the harness types into
    it at 100 ms a key (ours takes a quick typist); the BBC is typed into with CAPS LOCK off, as the
    listings' README says (keys: 30 ms held, 20 ms apart).  The period listings go into a machine
    just booted, as their NAME.out were made; the conformance programs share one machine per ROM
    set, NEW and a cleared screen between them.
"""
