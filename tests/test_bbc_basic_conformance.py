"""Conformance programs (tests/bbc_basic/cases.py) run on our BBC BASIC ROM, on a bare 6502 with a
stand-in MOS (tests/bbc_basic/harness.py).

The expected outputs are Acorn's: where Acorn's BASIC II prints something other than the output
worked out from the User Guide, tests/bbc_basic/acorn_outputs.py records what it prints (issue 18).
A program whose difference from Acorn's is known (tests/reference/known_differences.toml) is
expected to fail, strictly: when it passes, its entry must go."""
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))
from bbc_basic.cases import CASES  # noqa: E402
from bbc_basic.harness import run_program  # noqa: E402
from bbc_basic.acorn_outputs import ACORN_OUTPUTS  # noqa: E402
from reference import known  # noqa: E402


def params(cases):
    """The cases as pytest parameters; a listed one whose output is Acorn's own (not the manual's,
    which Acorn's gives too) is expected to fail.  (A listed program whose output Acorn's prints
    as the manual says differs elsewhere: on the screen, not in what BASIC prints.)"""
    return [pytest.param(*c, id=c[0], marks=known.expect_difference("bbc", f"bbc_basic/{c[0]}")
                         if c[0] in ACORN_OUTPUTS else ()) for c in cases]


@pytest.mark.parametrize("name,program,inputs,expected", params(CASES))
def test_conformance(name, program, inputs, expected):
    if expected is None:                # Acorn's BASIC II never comes back from this program
        with pytest.raises(AssertionError, match="did not stop for input"):
            run_program(program, inputs, max_cycles=20_000_000)
        return
    assert run_program(program, inputs) == expected


def test_at_least_200_programs():
    assert len(CASES) >= 200
    assert len({c[0] for c in CASES}) == len(CASES)
