"""Real numbers in our BBC BASIC (issue 9, part 2a): the programs of tests/bbc_basic/cases_real.py
on the bare-6502 harness, and the Python model of the 5-byte format they are worked out with."""
import pytest

from bbc_basic import cases_real
from bbc_basic import real_model as m
from bbc_basic.cases import CASES as ALL_CASES
from bbc_basic.checks import check_case

# the programs of cases_real.py with Acorn's outputs (bbc_basic/acorn_outputs.py), as in cases.py
CASES = [c for c in ALL_CASES if c[0] in {r[0] for r in cases_real.CASES}]


@pytest.mark.parametrize("name,program,inputs,expected", CASES, ids=[c[0] for c in CASES])
def test_real_program(name, program, inputs, expected):
    check_case(name, program, inputs, expected)


def test_at_least_80_programs():
    assert len(CASES) >= 80
    assert len({c[0] for c in CASES}) == len(CASES)


@pytest.mark.parametrize("value,data", [
    (1, "81 00 00 00 00"), (0.5, "80 00 00 00 00"), (-1, "81 80 00 00 00"), (0, "00 00 00 00 00"),
    (3, "82 40 00 00 00"), (3.141592653589793, "82 49 0F DA A2"), (10, "84 20 00 00 00"),
])
def test_model_bytes(value, data):
    """The documented layout: exponent (excess 128), then the mantissa, sign in its top bit."""
    assert m.encode(value).hex(" ").upper() == data
    assert m.decode(bytes.fromhex(data)) == m.rnd(value)


def test_model_range_and_rounding():
    assert m.rnd(1 / 3) != 1 / 3 and abs(m.rnd(1 / 3) - 1 / 3) < 2 ** -33
    assert m.encode(1e-40) == bytes(5)
    with pytest.raises(m.TooBig):
        m.encode(1e39)


@pytest.mark.parametrize("value,at,text", [
    (1 / 3, 0x90A, "0.333333333"), (2 ** 31, 0x90A, "2.14748365E9"), (1.5, 0x90A, "       1.5"),
    (0.05, 0x90A, "      5E-2"), (1234.5, 0x1040A, " 1.235E3  "), (3.14159, 0x2020A, "      3.14"),
    (1e10, 0x90A, "      1E10"), (100, 0x90A, "       100"),
])
def test_model_print_rules(value, at, text):
    assert m.fmt(m.rnd(value), at) == text


def test_published_benchmarks_run_with_reals_and_prove_their_work():
    """`acorn bench basic --machine bbc` also runs BM1-BM8 as published (real variables, BM8's
    K^2, LOG and SIN); each program's proof line (A=1000000 B=3 for BM8) is checked by the runner."""
    from emulator.commands.bench_basic import BBC_REAL_PROGRAMS, run_benchmarks
    assert [p[0] for p in BBC_REAL_PROGRAMS] == [f"BM{n}" for n in range(1, 9)]
    assert all(p[4] > 0 for p in BBC_REAL_PROGRAMS)            # the published seconds
    results = run_benchmarks("bbc", only={"BM1", "BM8"}, programs=BBC_REAL_PROGRAMS)
    cycles = {label: c for label, _, c, _ in results}
    assert 0 < cycles["BM1"] < cycles["BM8"]
