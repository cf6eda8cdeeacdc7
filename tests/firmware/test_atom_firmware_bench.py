"""`acorn bench basic`: the BASIC benchmark figures are exact emulated cycle counts, so two runs agree."""
import subprocess
import sys

import pytest

from emulator.commands.bench_basic import ATOM_PROGRAMS, run_benchmarks, time_program
from emulator.errors import UserError


def test_the_figures_are_deterministic_and_each_program_proves_its_work():
    first = run_benchmarks("atom", only={"BM1", "BM2"})
    second = run_benchmarks("atom", only={"BM1", "BM2"})
    assert [r[:3] for r in first] == [r[:3] for r in second]
    cycles = {label: c for label, _, c, _ in first}
    # BM2 does an assignment and an IF ... GOTO on each of its 1000 passes, BM1 only a NEXT
    assert 0 < cycles["BM1"] < cycles["BM2"]


def test_the_count_is_between_the_markers_only():
    """A longer program body costs more cycles; the same body typed again costs exactly the same."""
    from emulator.commands.bench_basic import _boot

    short = ["1 PRINT $6;", "10 FOR K=1 TO 100;NEXT K", "20 PRINT $15;"]
    longer = ["1 PRINT $6;", "10 FOR K=1 TO 200;NEXT K", "20 PRINT $15;"]
    m = _boot("atom", None)
    a = time_program(m, short)
    b = time_program(m, longer)
    c = time_program(m, short)
    assert a == c
    assert b > a


def test_a_program_that_never_reaches_its_end_marker_is_a_one_line_error():
    from emulator.commands.bench_basic import _boot

    m = _boot("atom", None)
    with pytest.raises(UserError, match="did not finish"):
        time_program(m, ["1 PRINT $6;", "10 PRINT 1/0", "20 PRINT $15;"], max_seconds=3)


def test_every_program_has_markers_and_a_proof():
    for label, _, lines, proof in ATOM_PROGRAMS:
        assert lines[0] == "1 PRINT $6;" and "9000 PRINT $15;" in lines, label
        assert proof, label


def test_an_unknown_machine_gives_a_clear_one_line_error():
    done = subprocess.run([sys.executable, "-m", "emulator.cli", "bench", "basic", "--machine", "zx81"],
                          capture_output=True, text=True)
    assert done.returncode == 2
    assert done.stdout == ""
    assert len(done.stderr.strip().splitlines()) == 1 and "zx81" in done.stderr


@pytest.mark.slow        # about 160 emulated seconds of BASIC: quick compiled, long uncompiled
def test_command_prints_every_figure():
    done = subprocess.run([sys.executable, "-m", "emulator.cli", "bench", "basic", "--machine", "atom"],
                          capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    for label, *_ in ATOM_PROGRAMS:
        assert any(line.split()[:1] == [label] and " s " in line for line in done.stdout.splitlines()), label
