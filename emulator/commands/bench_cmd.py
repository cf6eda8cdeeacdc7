"""`acorn bench cpu`: our core and py65 on the same 6502 workload, in the same run.

Host speed is only meaningful as a ratio taken in one run (docs/architecture.md, principle 5), so both cores
run cpu_workload.s here and now.  py65 runs fewer iterations of the same loop (it is far slower); each
figure is emulated cycles per wall second.
"""
import math
import time

from emulator.errors import UserError, parse_number
from emulator.programs import DIRECTORY

WORKLOAD = DIRECTORY / "cpu_workload.s"
PY65_SECONDS = 2.0          # roughly how long py65 is given (calibrated on one iteration)


def assemble_workload():
    from emulator.asm import assemble

    return assemble(WORKLOAD.read_text(), filename=str(WORKLOAD))


def run_ours(program, iterations):
    """Returns (cycles, wall seconds, instructions) for `iterations` loops on our core."""
    from emulator.machines.bare import bare_cpu, run_bare
    from emulator.cpu.core import STOP_TRAP

    image = bytearray(program.image)
    cpu = bare_cpu(bytes(image), program.origin, program.symbols["start"])
    cpu.bus.memory[0] = iterations & 0xFF
    cpu.bus.memory[1] = iterations >> 8
    reason, wall = run_bare(cpu, 1 << 40)
    if reason != STOP_TRAP or cpu.pc != program.symbols["done"]:
        raise RuntimeError(f"the workload did not finish at 'done' (stopped at ${cpu.pc:04X})")
    return cpu.cycles, wall, cpu.instructions


def run_py65(program, iterations):
    from py65.devices.mpu6502 import MPU

    memory = [0] * 0x10000
    memory[program.origin:program.origin + len(program.image)] = list(program.image)
    memory[0], memory[1] = iterations & 0xFF, iterations >> 8
    mpu = MPU(memory=memory, pc=program.symbols["start"])
    done = program.symbols["done"]
    step = mpu.step
    start = time.perf_counter()
    while mpu.pc != done:
        for _ in range(1000):
            step()
    return mpu.processorCycles, time.perf_counter() - start


def measure(target_cycles):
    """Run both cores; returns a dict of the figures."""
    import emulator

    program = assemble_workload()
    per_iteration = run_ours(program, 2)[0] - run_ours(program, 1)[0]
    ours_iterations = max(1, min(0xFFFF, math.ceil(target_cycles / per_iteration)))
    cycles, wall, instructions = run_ours(program, ours_iterations)
    one_iteration_wall = run_py65(program, 1)[1]
    py65_iterations = max(1, min(0xFFFF, round(PY65_SECONDS / one_iteration_wall)))
    py65_cycles, py65_wall = run_py65(program, py65_iterations)
    ours_mhz = cycles / wall / 1e6
    py65_mhz = py65_cycles / py65_wall / 1e6
    return {
        "compiled": emulator.compiled(),
        "cycles_per_iteration": per_iteration,
        "ours": (ours_iterations, cycles, instructions, wall, ours_mhz),
        "py65": (py65_iterations, py65_cycles, py65_wall, py65_mhz),
        "ratio": ours_mhz / py65_mhz,
    }


def main(args):
    target = parse_number(args.cycles, "--cycles")
    if target <= 0:
        raise UserError("--cycles must be positive")
    from importlib.metadata import version

    r = measure(target)
    build = "compiled (Cython)" if r["compiled"] else "pure Python (ACORN_PURE_PYTHON or no compiler)"
    n, cycles, instructions, wall, mhz = r["ours"]
    pn, pcycles, pwall, pmhz = r["py65"]
    print(f"workload: {WORKLOAD.name}, {r['cycles_per_iteration']:,} cycles per iteration "
          "(block copy + checksum, decimal-mode BCD counter, 16-bit multiply, bubble sort)")
    print(f"ours  [{build}]: {n} iterations, {cycles:,} cycles, {instructions:,} instructions "
          f"in {wall:.3f} s = {mhz:.1f} MHz")
    print(f"py65 {version('py65')}: {pn} iterations, {pcycles:,} cycles "
          f"in {pwall:.3f} s = {pmhz:.2f} MHz")
    print(f"ratio: ours / py65 = {r['ratio']:.1f}x")
    return 0
