"""Our firmware against Acorn's ROMs on the same emulated machine (needs the reference folder:
`pytest --reference DIR`, or ACORN_REFERENCE=DIR; skipped with the reason without it).

Every conformance program of both machines is typed into the machine twice, once with Acorn's ROMs
and once with ours, and the screens compared (tests/reference/harness.py).  A program that differs
must be listed in tests/reference/known_differences.toml with its reason; a listed program that no
longer differs must be taken off the list.  Acorn's screen must also be the output the conformance
program records (the recorded expectations are Acorn's, so the tests on our firmware alone check
against Acorn's behaviour).  The period listings of the reference folder are typed into ours and
compared with the screen Acorn's ROMs gave (NAME.out); with --rerun-acorn-listings Acorn's side is
re-run too (marked slow), to check the harness reproduces NAME.out.
"""
import difflib
from pathlib import Path

import pytest

from conftest import reference_path
from reference import corpus, known
from reference.harness import ACORN, OURS, Pair, Runner

ATOM = corpus.atom_conformance() + [p for p in corpus.MACHINE_PROGRAMS if p.machine == "atom"]
BBC = corpus.bbc_conformance() + [p for p in corpus.MACHINE_PROGRAMS if p.machine == "bbc"]


def _ids(programs):
    return [p.name for p in programs]


@pytest.fixture(scope="module")
def atom_pair(acorn_atom_roms):
    return Pair("atom", str(acorn_atom_roms))


@pytest.fixture(scope="module")
def bbc_pair(acorn_bbc_roms):
    return Pair("bbc", str(acorn_bbc_roms))


def judge(machine, name, diff, record_property, group):
    """Same / known / new difference, against the known-differences file: recorded for the summary
    at the end of the run; returns what is wrong (None: nothing)."""
    record_property("reference_group", group)
    entry = known.known().get((machine, name))
    record_property("reference", "same" if diff is None else "known" if entry else "new")
    if entry is not None and not entry["reason"].strip():
        return f"{name} ({machine}): its entry in tests/reference/known_differences.toml needs a reason"
    if diff is None and entry is not None:
        return (f"{name} ({machine}) looks the same with Acorn's ROMs and ours now: take its entry out "
                f"of tests/reference/known_differences.toml")
    if diff is not None and entry is None:
        return (f"{name} ({machine}) differs from Acorn's ROMs and is not in "
                f"tests/reference/known_differences.toml:\n{diff}")
    return None


def check_recorded(program, acorn):
    """Acorn's output is what the program records (the recording is Acorn's, not the manual's)."""
    if program.expected is None:
        return
    got = corpus.output_rows(acorn.final.rows) + ([] if acorn.finished else [corpus.NEVER_RETURNS])
    assert corpus.matches(program.expected, acorn), (
        f"{program.name}: Acorn's ROMs show\n" + "\n".join(got) + "\nbut the file records\n"
        + "\n".join(program.expected) + "\n(record what Acorn's ROMs show: tests/reference/update.py)")


@pytest.mark.parametrize("program", ATOM, ids=_ids(ATOM))
def test_atom(atom_pair, program, record_property):
    acorn, ours, diff = atom_pair.run(program)
    wrong = judge("atom", program.name, diff, record_property, "Atom conformance programs")
    check_recorded(program, acorn)
    assert wrong is None, wrong


@pytest.mark.parametrize("program", BBC, ids=_ids(BBC))
def test_bbc(bbc_pair, program, record_property):
    acorn, ours, diff = bbc_pair.run(program)
    wrong = judge("bbc", program.name, diff, record_property, "BBC conformance programs")
    assert wrong is None, wrong


# --- the period listings (reference/listings) ---------------------------------------------------

def pytest_generate_tests(metafunc):
    if "listing" not in metafunc.fixturenames:
        return
    root = reference_path(metafunc.config)
    programs = []
    if root is not None:
        programs = [p for machine in ("atom", "bbc") for p in corpus.listings(root, machine)]
    if not programs:
        metafunc.parametrize("listing", [pytest.param(None, marks=pytest.mark.skip(
            reason="no period listings: the reference folder (pytest --reference DIR) has no listings/"))])
        return
    params = []
    for p in programs:
        marks = [pytest.mark.slow] if metafunc.function.__name__ == "test_listing_acorn_reproduces_out" \
            else []
        params.append(pytest.param(p, id=p.name, marks=marks))
    metafunc.parametrize("listing", params)


@pytest.fixture(scope="module")
def listing_runners(reference):
    return {}


def _runner(runners, machine, side, reference):
    if (machine, side) not in runners:
        runners[(machine, side)] = Runner(machine, side, str(Path(reference) / "roms" / machine))
    return runners[(machine, side)]


def test_listing(listing, listing_runners, reference, record_property):
    """Our firmware against the screen Acorn's ROMs gave for the listing (NAME.out)."""
    result = _runner(listing_runners, listing.machine, OURS, reference).run(
        listing.lines, listing.keys, listing.max_seconds, fresh=True)
    diff = corpus.listing_diff(listing.name, listing.expected, corpus.output_rows(result.final.rows))
    wrong = judge(listing.machine, listing.name, diff, record_property,
                  f"{'Atom' if listing.machine == 'atom' else 'BBC'} period listings")
    assert wrong is None, wrong


def test_listing_acorn_reproduces_out(listing, listing_runners, reference, pytestconfig):
    """Acorn's ROMs typed into by this harness give the screen recorded in NAME.out (only with
    --rerun-acorn-listings: Acorn's Atom kernel takes keys slowly, and NAME.out is the record)."""
    if not pytestconfig.getoption("--rerun-acorn-listings"):
        pytest.skip("Acorn's side of the listings is re-run only with --rerun-acorn-listings")
    result = _runner(listing_runners, listing.machine, ACORN, reference).run(
        listing.lines, listing.keys, listing.max_seconds, fresh=True)
    got = corpus.output_rows(result.final.rows)
    assert got == list(listing.expected), "\n".join(difflib.unified_diff(
        list(listing.expected), got, f"{listing.name}.out", f"{listing.name} (Acorn's ROMs, this harness)",
        lineterm=""))
