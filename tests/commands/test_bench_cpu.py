"""`acorn bench cpu`: the workload runs to completion on both cores, and ours is much faster."""
import pytest

import emulator
from emulator.cli import main
from emulator.commands import bench_cmd


def test_workload_is_deterministic_and_realistic():
    program = bench_cmd.assemble_workload()
    one = bench_cmd.run_ours(program, 1)
    again = bench_cmd.run_ours(program, 1)
    three = bench_cmd.run_ours(program, 3)
    assert one[0] == again[0] and one[2] == again[2]
    per_iteration = (three[0] - one[0]) // 2
    assert 50_000 < per_iteration < 200_000
    assert three[0] - one[0] == 2 * per_iteration


def test_py65_runs_the_same_workload_to_the_same_cycle_count():
    program = bench_cmd.assemble_workload()
    ours_cycles = bench_cmd.run_ours(program, 1)[0]
    py65_cycles, _ = bench_cmd.run_py65(program, 1)
    # py65 is stepped in batches of 1000 and then spins on the trap; the count at `done` must agree.
    assert py65_cycles >= ours_cycles - 3
    assert (py65_cycles - ours_cycles) % 3 == 0        # only whole JMP-to-itself loops beyond `done`


@pytest.mark.skipif(not emulator.compiled(), reason="speed is a property of the compiled build")
def test_compiled_core_is_at_least_30x_py65(capsys):
    assert main(["bench", "cpu", "--cycles", "20000000"]) == 0
    out = capsys.readouterr().out
    ratio = float(out.rsplit("=", 1)[1].strip().rstrip("x"))
    assert ratio >= 30, out
