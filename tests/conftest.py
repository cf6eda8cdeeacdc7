"""Shared test set-up: where the reference folder is (Acorn's ROMs, public test discs, period listings).

The folder is given at run time, never copied into the repository: `pytest --reference DIR`, or the
environment variable ACORN_REFERENCE=DIR (the layout of the project's shared/reference folder).
Tests that need it take the `reference` fixture (or one of the narrower ones below) and are skipped,
with the reason, when it is absent, so a fresh clone without it still passes.
"""
import os
from pathlib import Path

import pytest

REFERENCE_ENV = "ACORN_REFERENCE"


def pytest_addoption(parser):
    parser.addoption("--reference", metavar="DIR", default=None,
                     help="the reference folder (Acorn's ROMs, test discs, listings); "
                          f"default: ${REFERENCE_ENV}, else the tests that need it are skipped")
    parser.addoption("--rerun-acorn-listings", action="store_true", default=False,
                     help="also type each period listing into Acorn's ROMs, to check the harness "
                          "reproduces the screen recorded in the listing's NAME.out (some minutes)")


def reference_path(config):
    """The reference folder as a Path, or None when none was given."""
    given = config.getoption("--reference") or os.environ.get(REFERENCE_ENV)
    return Path(given).resolve() if given else None


def _need(config, *parts):
    root = reference_path(config)
    if root is None:
        pytest.skip(f"no reference folder given (pytest --reference DIR or {REFERENCE_ENV}=DIR)")
    path = root.joinpath(*parts)
    if not path.exists():
        pytest.skip(f"the reference folder {root} has no {'/'.join(parts)}")
    return path


@pytest.fixture(scope="session")
def reference(pytestconfig):
    """The reference folder (skips the test when it is absent)."""
    return _need(pytestconfig)


@pytest.fixture(scope="session")
def acorn_mos_basic(acorn_bbc_roms):
    """Acorn's MOS 1.20 and BASIC II alone, as a ROM set (no DFS: PAGE is &E00, as the reference
    listings, the via/ programs and the teletext pages were run)."""
    return {part: (acorn_bbc_roms / f"{part}.rom").read_bytes() for part in ("mos", "basic")}


@pytest.fixture(scope="session")
def reference_discs(pytestconfig):
    """The public BBC hardware test discs (the reference folder's discs/)."""
    return _need(pytestconfig, "discs")


@pytest.fixture(scope="session")
def reference_via(pytestconfig):
    """The public 6522 test programs and their real-machine results (the reference folder's via/)."""
    return _need(pytestconfig, "via")


@pytest.fixture(scope="session")
def acorn_atom_roms(pytestconfig):
    """Acorn's Atom ROM directory (kernel, BASIC, float, DOS): run only, never read as code."""
    return _need(pytestconfig, "roms", "atom")


@pytest.fixture(scope="session")
def acorn_bbc_roms(pytestconfig):
    """Acorn's BBC ROM directory (MOS 1.20, BASIC II, DFS 1.20): run only, never read as code."""
    return _need(pytestconfig, "roms", "bbc")


@pytest.fixture(params=["ours", "acorn"])
def dfs_roms(request):
    """A BBC ROM set with a disc filing system: our own firmware (None, Machine's default: our MOS,
    BASIC and DFS) or Acorn's ROM directory (MOS 1.20, DFS 1.20, BASIC II; skips without it)."""
    if request.param == "ours":
        return None
    return str(request.getfixturevalue("acorn_bbc_roms"))


@pytest.fixture
def pg(monkeypatch):
    """pygame with SDL's dummy video and audio drivers: the window runs offscreen."""
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    monkeypatch.setenv("SDL_AUDIODRIVER", "dummy")
    from emulator.frontend.window import import_pygame
    pygame = import_pygame()
    yield pygame
    pygame.quit()


# --- the differential suite's tally (tests/reference) ---------------------------------------------

def pytest_terminal_summary(terminalreporter):
    """After a run that compared programs with Acorn's ROMs: how many looked the same, how many
    differ as tests/reference/known_differences.toml lists, and how many differ unlisted."""
    counts = {}
    for reports in terminalreporter.stats.values():
        for report in reports:
            if getattr(report, "when", None) != "call":
                continue
            properties = dict(getattr(report, "user_properties", ()))
            if "reference" in properties:
                group = counts.setdefault(properties.get("reference_group", "programs"), {})
                group[properties["reference"]] = group.get(properties["reference"], 0) + 1
    if not counts:
        return
    terminalreporter.section("Acorn's ROMs against ours")
    for group, c in sorted(counts.items()):
        terminalreporter.write_line(
            f"{group}: {c.get('same', 0)} the same, {c.get('known', 0)} known to differ"
            + (f", {c['new']} differ unlisted" if c.get("new") else ""))


@pytest.fixture(autouse=True)
def deterministic_power_on(request, monkeypatch):
    """A machine made without a seed powers up with RAM from a seed of its own, fresh each time
    (emulator/machines/power_on.py).  In a test, each such machine gets a seed that is the same on
    every run (from the test's name and how many machines it has made), so a test's result does not
    depend on the run: CI sees what the last run here saw."""
    import hashlib
    import itertools

    from emulator import session
    from emulator.machines import power_on

    name = request.node.nodeid.encode()
    first = int.from_bytes(hashlib.sha256(name).digest()[:4], "big")
    counter = itertools.count()
    monkeypatch.setattr(session, "new_seed", lambda: (first + next(counter)) % power_on.SEED_LIMIT)
