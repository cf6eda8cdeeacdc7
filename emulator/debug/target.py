"""What the debugger drives: a bare 6502 (as `acorn exec`) or a whole machine (emulator.session.Machine).

A target runs the CPU to a cycle (events and devices included), and takes and restores snapshots of
its whole state for rewinding, as a save state has it (emulator/state.py): the CPU's and the bus's
`state()`, and for a machine every device's.
"""
from emulator.cpu.core import STOP_LIMIT

def save_cpu(cpu):
    """The CPU's registers, lines and counters: its save-state `state()`."""
    return cpu.state()


def restore_cpu(cpu, state):
    cpu.set_state(state)
    cpu.trapped = False             # a rewound CPU runs on from there: no stop pending
    cpu.break_requested = False


class BareTarget:
    """A bare CPU on a Bus with nothing but RAM (and `acorn exec`'s optional interrupt port)."""

    name = None
    clock_hz = 1_000_000            # a nominal 1 MHz, to measure rewind windows in seconds

    def __init__(self, cpu):
        self.cpu = cpu
        self.bus = cpu.bus
        cpu.stop_on_trap = True     # a JMP or branch to itself ends a test program: stop there

    def run_to(self, cycle):
        cpu = self.cpu
        if cpu.cycles >= cycle:
            return STOP_LIMIT
        return cpu.run(cycle)

    def snapshot(self):
        """The CPU and the memory as their save states have them (emulator/state.py)."""
        return {"cpu": self.cpu.state(), "bus": self.bus.state()}

    def restore(self, state):
        self.bus.set_state(state["bus"])
        restore_cpu(self.cpu, state["cpu"])


class MachineTarget:
    """A machine built by emulator.session.Machine (its `hardware` has cpu, bus, clock, run_until).

    A rewind snapshot is what a save state holds (emulator/state.py): each device's explicit
    `state()`, the one description of a machine's state, taken as plain data and put back with
    `set_state` into the same live objects (so the window's and the debugger's references to them
    stay valid).  No file, no checks: the data never left the process."""

    def __init__(self, machine):
        self.machine = machine
        self.hardware = machine.hardware
        self.name = machine.name
        self.cpu = self.hardware.cpu
        self.bus = self.hardware.bus
        self.clock_hz = self.hardware.clock_hz

    def run_to(self, cycle):
        return self.hardware.run_until(cycle)

    def snapshot(self):
        from emulator.state import copy_plain, machine_state
        return copy_plain(machine_state(self.hardware, checked=False))

    def restore(self, state):
        from emulator.state import copy_plain, set_machine_state
        set_machine_state(self.hardware, copy_plain(state), checked=False)
        restore_cpu(self.cpu, state["cpu"])
