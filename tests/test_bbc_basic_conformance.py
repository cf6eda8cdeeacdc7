"""Conformance programs (tests/bbc_basic/cases.py) run on our BBC BASIC ROM, on a bare 6502 with a
stand-in MOS (tests/bbc_basic/harness.py)."""

import pytest

from bbc_basic.cases import CASES
from bbc_basic.harness import run_program


@pytest.mark.parametrize("name,program,inputs,expected", CASES, ids=[c[0] for c in CASES])
def test_conformance(name, program, inputs, expected):
    assert run_program(program, inputs) == expected


def test_at_least_200_programs():
    assert len(CASES) >= 200
    assert len({c[0] for c in CASES}) == len(CASES)
