"""BASIC II's real arithmetic, last bit included (issue 20): + - * / and SQR.

The rules (tests/bbc_basic/real_model.py, op_*) were found by running Acorn's BASIC II on thousands
of operands against exact arithmetic; tests/bbc_basic/acorn_real_ops.py holds BASIC II's results
on operands where the rules part from plain rounding to nearest, as facts.  Our ROM must give those
results, and agree with the rules on thousands of random operands; with the reference folder,
BASIC II is checked against the rules too (the checker that found them)."""
import pytest

from bbc_basic import real_model as rm
from bbc_basic.acorn_real_ops import RESULTS
from bbc_basic.real_ops import MODELS, random_pairs, random_positive, run_bare, run_machine

FACTS = [(expr, bytes.fromhex(x), bytes.fromhex(y), bytes.fromhex(r)) for expr, x, y, r in RESULTS]


def test_the_facts_tell_the_rules_apart():
    """Most recorded results are not what plain rounding to nearest (ties away) would give."""
    from bbc_basic.record_real_ops import plain
    assert {e for e, *_ in FACTS} == set(MODELS)
    telling = [f for f in FACTS if plain(f[0], f[1], f[2]) != f[3]]
    assert len(telling) >= 150


@pytest.mark.parametrize("expr", list(MODELS))
def test_the_rules_give_basic2s_recorded_results(expr):
    facts = [(x, y, r) for e, x, y, r in FACTS if e == expr]
    assert [MODELS[expr](x, y).hex() for x, y, _ in facts] == [r.hex() for *_, r in facts]


@pytest.mark.parametrize("expr", list(MODELS))
def test_our_rom_gives_basic2s_recorded_results(expr):
    facts = [(x, y, r) for e, x, y, r in FACTS if e == expr]
    got = run_bare(expr, [(x, y) for x, y, _ in facts])
    assert [g.hex() for g in got] == [r.hex() for *_, r in facts]


def _operands(expr, n, seed):
    if expr == "SQR(X)":
        return [(x, x) for x in random_positive(n, seed)]
    return random_pairs(n, seed)


@pytest.mark.parametrize("expr", list(MODELS))
def test_our_rom_follows_the_rules_on_random_operands(expr):
    pairs = _operands(expr, 1500, 20)
    got = run_bare(expr, pairs)
    wrong = [(x.hex(), y.hex(), g.hex(), MODELS[expr](x, y).hex())
             for (x, y), g in zip(pairs, got) if g != MODELS[expr](x, y)]
    assert not wrong, wrong[:5]


def test_rounding_rule_examples():
    """A result exactly half way between two reals goes to the odd one (the last place of 1 is
    2^-31): 1 + 2^-32 gives 1 + 2^-31, and (1 + 2^-31) + 2^-32 stays 1 + 2^-31."""
    one, half_unit = rm.encode(1), rm.encode(2.0 ** -32)
    assert rm.op_add(one, half_unit).hex() == "8100000001"
    assert rm.op_add(rm.encode(1 + 2.0 ** -31), half_unit).hex() == "8100000001"
    assert rm.op_add(rm.encode(1 + 2.0 ** -30), half_unit).hex() == "8100000003"


def _rad_and_log(run):
    """RAD and LOG: BASIC II's factors (real_model.RAD_FACTOR, LOG_FACTOR) times x or LN x."""
    xs = [(x, x) for x in random_positive(300, 40)]
    rad, ln, log = run("RAD(X)", xs), run("LN(X)", xs), run("LOG(X)", xs)
    assert [r.hex() for r in rad] == [rm.op_mul(x, rm.RAD_FACTOR).hex() for x, _ in xs]
    assert [g.hex() for g in log] == [rm.op_mul(n, rm.LOG_FACTOR).hex() for n in ln]


def test_our_rad_and_log_use_basic2s_factors():
    _rad_and_log(run_bare)


def test_basic2s_rad_and_log_factors(basic2):
    _rad_and_log(lambda expr, pairs: run_machine(basic2, expr, pairs))


@pytest.fixture(scope="module")
def basic2(reference):
    from reference.harness import ACORN, Runner
    return Runner("bbc", ACORN, reference / "roms" / "bbc")


@pytest.mark.parametrize("expr", list(MODELS))
def test_basic2_follows_the_rules_on_random_operands(basic2, expr):
    """The checker: Acorn's BASIC II (reference folder, run as a black box) against the rules."""
    pairs = _operands(expr, 1500, 30)
    got = run_machine(basic2, expr, pairs)
    wrong = [(x.hex(), y.hex(), g.hex(), MODELS[expr](x, y).hex())
             for (x, y), g in zip(pairs, got) if g != MODELS[expr](x, y)]
    assert not wrong, wrong[:5]
