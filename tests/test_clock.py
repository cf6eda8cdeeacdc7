"""The scheduler: events fire in order at their cycle, lower the CPU's block limit, can be cancelled."""
from emulator.clock import Clock


class BlockCPU:
    """A test double of the CPU's run contract: whole 3-cycle 'instructions' until cycles >= limit."""

    def __init__(self):
        self.cycles = 0
        self.limit = 0
        self.blocks = []

    def run(self, limit):
        self.limit = limit
        start = self.cycles
        while self.cycles < self.limit:
            self.cycles += 3
        self.blocks.append((start, self.cycles))
        return 0


def test_events_fire_in_cycle_order_and_runs_stop_at_events():
    cpu = BlockCPU()
    clock = Clock(cpu)
    fired = []
    clock.schedule(100, lambda c: fired.append(("b", c, cpu.cycles)))
    clock.schedule(40, lambda c: fired.append(("a", c, cpu.cycles)))
    clock.schedule(100, lambda c: fired.append(("c", c, cpu.cycles)))
    assert clock.run_until(200) == 0
    assert [f[:2] for f in fired] == [("a", 40), ("b", 100), ("c", 100)]
    for _, due, now in fired:
        assert due <= now < due + 3       # fired within one instruction of the due cycle
    assert cpu.cycles >= 200
    assert cpu.blocks[0] == (0, 42)


def test_cancel_and_reschedule_from_a_callback():
    cpu = BlockCPU()
    clock = Clock(cpu)
    fired = []

    def periodic(cycle):
        fired.append(cycle)
        if cycle < 500:
            clock.schedule(cycle + 100, periodic)

    clock.schedule(100, periodic)
    doomed = clock.schedule(250, lambda c: fired.append("doomed"))
    clock.cancel(doomed)
    clock.run_until(1000)
    assert fired == [100, 200, 300, 400, 500]


def test_schedule_during_a_block_lowers_the_limit():
    cpu = BlockCPU()
    clock = Clock(cpu)
    cpu.limit = 1000
    clock.schedule(30, lambda c: None)
    assert cpu.limit == 30
    clock.schedule(900, lambda c: None)
    assert cpu.limit == 30
