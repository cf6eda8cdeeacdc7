"""The known-differences file itself (no reference folder needed): readable, every entry with a reason
and a program that exists, nothing of the period listings copied in, and the rule the tests on our
firmware alone apply to a listed program."""
import pytest

from reference import corpus, known


def test_every_entry_has_a_reason_and_a_known_program():
    programs = {(p.machine, p.name) for p in
                corpus.atom_conformance() + corpus.bbc_conformance() + corpus.MACHINE_PROGRAMS}
    for (machine, name), entry in known.load().items():
        assert entry["reason"].strip(), f"{name}: no reason"
        if not name.startswith("listings/"):
            assert (machine, name) in programs, f"{name} ({machine}) is not a program of the corpus"
            assert entry.get("diff") and "ours" in entry, f"{name}: no diff or rows of ours"


def test_no_listing_or_its_screens_are_copied_in():
    for (machine, name), entry in known.load().items():
        if name.startswith("listings/"):
            assert set(entry) == {"machine", "program", "reason"}, name


def test_the_file_is_written_back_as_it_is_read():
    from reference.update import KNOWN_HEADER
    assert known.dump(known.load(), KNOWN_HEADER) == known.PATH.read_text()


@pytest.fixture
def listed(monkeypatch):
    entry = {"machine": "atom", "program": "p", "reason": "r", "diff": "d", "ours": "A\n>"}
    monkeypatch.setattr(known, "_LOADED", {("atom", "p"): entry})


def test_a_listed_program_must_show_what_its_entry_records(listed):
    assert known.check_ours("atom", "p", ["A", ">"], ["A>"]) is None
    assert "take its entry out" in known.check_ours("atom", "p", ["A>"], ["A>"])
    assert "ours now shows" in known.check_ours("atom", "p", ["B", ">"], ["A>"])


def test_an_unlisted_program_must_show_what_acorns_shows(listed):
    assert known.check_ours("atom", "q", ["A>"], ["A>"]) is None
    assert known.check_ours("atom", "q", ["A", ">"], ["A>"]) is not None
