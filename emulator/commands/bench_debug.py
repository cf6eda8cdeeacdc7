"""The debugger's idle overhead, measured side by side in one run (docs/architecture.md, principle 5).

The workload is `acorn bench cpu`'s (emulator/programs/cpu_workload.s) on a bare CPU, run
  * plain: `run_bare`, as `acorn exec` runs it, no debugger anywhere;
  * attached: a Debugger on the same kind of CPU, nothing set, running it with `go` -- the core's
    idle hook check, the debugger's run loop and its rewind snapshots (every 0.5 emulated seconds)
    all included.
The two alternate for several rounds and the best time of each counts, so a busy host hurts both
alike.  Times are the process's CPU time (time.process_time): on a host shared with other work, wall
time mostly measures the neighbours.  The figure is (attached time / plain time - 1) in percent.
"""
import time

from emulator.errors import UserError
from emulator.machines.registry import ATOM

ROUNDS = 9


def _workload_cpu(program, iterations):
    from emulator.machines.bare import bare_cpu

    cpu = bare_cpu(bytes(program.image), program.origin, program.symbols["start"])
    cpu.bus.memory[0] = iterations & 0xFF
    cpu.bus.memory[1] = iterations >> 8
    return cpu


def run_plain(program, iterations):
    from emulator.machines.bare import run_bare

    cpu = _workload_cpu(program, iterations)
    start = time.process_time()
    run_bare(cpu, 1 << 40)
    return cpu, time.process_time() - start


def run_attached(program, iterations):
    from emulator.debug import BareTarget, Debugger, SymbolTable

    cpu = _workload_cpu(program, iterations)
    debugger = Debugger(BareTarget(cpu), SymbolTable(), max_seconds=1 << 30)
    start = time.process_time()
    stop = debugger.go()
    wall = time.process_time() - start
    if stop.kind != "trap":
        raise RuntimeError(f"the workload stopped early under the debugger: {stop}")
    return cpu, wall


def measure(target_cycles, rounds=ROUNDS):
    from emulator.commands.bench_cmd import assemble_workload

    program = assemble_workload()
    one = run_plain(program, 1)[0].cycles
    iterations = max(1, min(0xFFFF, round(target_cycles / max(1, one))))
    plain, attached = [], []
    for _ in range(rounds):
        cpu_p, wall_p = run_plain(program, iterations)
        cpu_a, wall_a = run_attached(program, iterations)
        if (cpu_p.cycles, cpu_p.instructions, cpu_p.pc) != (cpu_a.cycles, cpu_a.instructions, cpu_a.pc):
            raise RuntimeError("the debugger changed the run: cycles or instructions differ")
        plain.append(wall_p)
        attached.append(wall_a)
    best_p, best_a = min(plain), min(attached)
    return {"cycles": cpu_p.cycles, "instructions": cpu_p.instructions, "plain": best_p,
            "attached": best_a, "overhead_percent": (best_a / best_p - 1) * 100, "rounds": rounds}


BASIC_LOOP = "10 FOR I=1 TO 30000;A=A+I;NEXT I;GOTO 10\rRUN\r"     # keeps our Atom BASIC busy


def _atom_running_basic():
    from emulator import Machine

    machine = Machine(ATOM)
    machine.run(0.5)
    machine.type(BASIC_LOOP)
    machine.run_until_typed(60)
    return machine


def measure_machine(seconds=30.0, rounds=3):
    """The Atom running a BASIC loop for `seconds` emulated: plain `Machine.run` against a debugger's
    `go` with nothing set (rewind snapshots included)."""
    from emulator.debug import Debugger, MachineTarget, SymbolTable

    plain, attached = [], []
    for _ in range(rounds):
        machine = _atom_running_basic()
        start = time.process_time()
        machine.run(seconds)
        plain.append(time.process_time() - start)
        end_plain = (machine.cycles, machine.cpu.instructions)
        machine = _atom_running_basic()
        debugger = Debugger(MachineTarget(machine), SymbolTable(ATOM), max_seconds=seconds)
        start = time.process_time()
        stop = debugger.go()
        attached.append(time.process_time() - start)
        if stop.kind != "limit" or (machine.cycles, machine.cpu.instructions) != end_plain:
            raise RuntimeError(f"the Atom ran differently under the debugger: {stop}")
    best_p, best_a = min(plain), min(attached)
    return {"seconds": seconds, "plain": best_p, "attached": best_a,
            "overhead_percent": (best_a / best_p - 1) * 100, "rounds": rounds}


def main(cycles_text):
    import emulator
    from emulator.errors import parse_number

    target = parse_number(cycles_text, "--bench cycles")
    if target <= 0:
        raise UserError("--bench needs a positive number of cycles")
    r = measure(target)
    build = "compiled" if emulator.compiled() else "pure Python"
    print(f"idle debugger overhead [{build}], workload cpu_workload.s, {r['cycles']:,} cycles, "
          f"best of {r['rounds']}:")
    print(f"  no debugger     {r['plain']:.3f} s CPU  {r['cycles'] / r['plain'] / 1e6:.1f} MHz")
    print(f"  debugger idle   {r['attached']:.3f} s CPU  {r['cycles'] / r['attached'] / 1e6:.1f} MHz")
    print(f"  overhead        {r['overhead_percent']:+.1f}%")
    try:
        m = measure_machine()
    except UserError as e:                  # no Atom firmware in this build
        print(f"whole machine: not measured ({e})")
        return 0
    print(f"whole Atom running a BASIC loop, {m['seconds']:g} emulated s, best of {m['rounds']}:")
    print(f"  no debugger     {m['plain']:.3f} s CPU  {m['seconds'] / m['plain']:.1f}x real time")
    print(f"  debugger idle   {m['attached']:.3f} s CPU  {m['seconds'] / m['attached']:.1f}x real time")
    print(f"  overhead        {m['overhead_percent']:+.1f}%")
    return 0
