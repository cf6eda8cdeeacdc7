"""Conformance programs (tests/bbc_basic/cases.py) run on our BBC BASIC ROM, on a bare 6502 with a
stand-in MOS (tests/bbc_basic/harness.py).

The expected outputs are Acorn's: where Acorn's BASIC II prints something other than the output
worked out from the User Guide, tests/bbc_basic/acorn_outputs.py records what it prints (issue 18).
A program whose difference from Acorn's is known (tests/reference/known_differences.toml) must show
just what its entry records for ours (read as the screen would show it): when it shows Acorn's
output its entry must go, and anything else is a change to look at."""
import pytest

from bbc_basic.cases import CASES
from bbc_basic.checks import check_case


@pytest.mark.parametrize("name,program,inputs,expected", CASES, ids=[c[0] for c in CASES])
def test_conformance(name, program, inputs, expected):
    check_case(name, program, inputs, expected)


def test_at_least_200_programs():
    assert len(CASES) >= 200
    assert len({c[0] for c in CASES}) == len(CASES)
