"""`acorn bench machine --machine atom`: how many times faster than the real machine we run, headless.

Each figure is emulated seconds per host second, measured in this run (docs/architecture.md principle 5),
for two workloads of atom_bench.s (a program printing primes, and a kernel idling over the keyboard)
and two ways of showing the picture: frames rendered only on demand (a headless script reading the
screen now and then costs nothing per field) and every field rendered (what a window pays).
With --roms DIR the user's ROM set runs instead, idling at its prompt.
`--machine bbc` runs bbc_bench.s the same way (the same two workloads, each in MODE 7 and MODE 4).
"""
import time

from emulator.errors import UserError
from emulator.programs import DIRECTORY

WORKLOAD = DIRECTORY / "atom_bench.s"
WORKLOADS = {"busy": 0, "idle": 1}
BBC_WORKLOAD = DIRECTORY / "bbc_bench.s"
BBC_SCREENS = {"MODE 7": 0, "MODE 4": 1}      # $91 of bbc_bench.s


def _bench_rom(workload=WORKLOAD):
    from emulator.asm import assemble

    return assemble(workload.read_text(), filename=str(workload)).image


def measure(machine, seconds, every_field):
    """Run `seconds` of emulated time; returns emulated seconds per host second."""
    hw = machine.hardware
    field_cycles = hw.clock_hz // getattr(hw, "field_hz", 60)
    if every_field:
        def render(cycle):
            hw.screen.rgb()
            hw.clock.schedule(cycle + field_cycles, render)
        hw.clock.schedule(machine.cycles + field_cycles, render)
    start_cycles = machine.cycles
    start = time.perf_counter()
    machine.run(seconds)
    wall = time.perf_counter() - start
    machine.screen.text()                 # a headless user looks once at the end
    emulated = (machine.cycles - start_cycles) / hw.clock_hz
    return emulated / wall


def main(args):
    from emulator.session import Machine

    from emulator.machines.registry import ATOM, BBC, DEFAULT

    name = getattr(args, "machine", None) or DEFAULT
    if name not in (ATOM, BBC):
        Machine(name)                     # the registry's one-line error for unknown names
        raise UserError(f"no machine benchmark for {name!r} yet")
    try:
        seconds = float(args.seconds)
    except ValueError:
        raise UserError(f"--seconds {args.seconds!r} is not a number") from None
    if not seconds > 0:
        raise UserError("--seconds must be more than 0")

    runs = []
    if args.roms:
        for every_field in (False, True):
            machine = Machine(name, roms=args.roms)
            runs.append(("user ROMs, idle", every_field, measure(machine, seconds, every_field)))
    elif name == BBC:
        # bbc_bench.s as the MOS: $90 the workload, $91 the screen MODE, read at reset
        image = _bench_rom(BBC_WORKLOAD)
        for workload, work in WORKLOADS.items():
            for screen, mode in BBC_SCREENS.items():
                for every_field in (False, True):
                    machine = Machine(BBC, roms={"mos": image})
                    machine.memory[0x90] = work
                    machine.memory[0x91] = mode
                    runs.append((f"{workload} {screen}", every_field, measure(machine, seconds, every_field)))
    else:
        image = _bench_rom()
        for workload, mode in WORKLOADS.items():
            for every_field in (False, True):
                machine = Machine(ATOM, roms={"kernel": image})
                machine.memory[0x90] = mode
                machine.hardware.cpu.reset()
                runs.append((workload, every_field, measure(machine, seconds, every_field)))

    import emulator

    build = "compiled" if emulator.compiled() else "pure Python"
    print(f"acorn bench machine --machine {name} ({build}, {seconds:g} emulated s each)")
    for workload, every_field, ratio in runs:
        frames = "every field rendered" if every_field else "frames on demand"
        print(f"  {workload:16s} {frames:22s} {ratio:8.1f}x real time")
    return 0
