"""The 6522 VIA model against the data sheets' rules.

Expected values are worked out from the Rockwell R6522 and MOS/Synertek 6522 data sheets, not taken
from the model: in particular the timer rule "IRQ N + 1.5 cycles after the write to T1C-H, free-run
period N + 2" means, with the write on tick W and latch N, the counter reads N on tick W+1, falls by one
a tick, reads 0 on W+N+1 and $FFFF on W+N+2 (the tick the flag is set), then reloads N on W+N+3.
"""
import pytest

from emulator.chips.via6522 import VIA6522
from emulator.clock import Clock

ORB, ORA, DDRB, DDRA = 0, 1, 2, 3
T1CL, T1CH, T1LL, T1LH = 4, 5, 6, 7
T2CL, T2CH, SR, ACR, PCR, IFR, IER, ORA_NH = 8, 9, 10, 11, 12, 13, 14, 15


class StepCPU:
    """A test double of the CPU's run contract: it simply advances to the block limit."""

    def __init__(self):
        self.cycles = 0
        self.limit = 0

    def run(self, limit):
        self.limit = limit
        if self.cycles < limit:
            self.cycles = limit
        return 0


def make_via(cycles_per_tick=1, tick_phase=0):
    """A VIA on a real Clock; `irq_log` records (asserted, cycle of the change) at every IRQ change."""
    cpu = StepCPU()
    clock = Clock(cpu)
    irq_log = []
    via = VIA6522(clock, irq=lambda level: irq_log.append((level, via.cycle)),
                  cycles_per_tick=cycles_per_tick, tick_phase=tick_phase)
    return via, clock, cpu, irq_log


def start_t1(via, latch, cycle):
    """T1C-L then T1C-H: the counter starts on the T1C-H write at `cycle`."""
    via.write(T1CL, latch & 0xFF, cycle - 1)
    via.write(T1CH, latch >> 8, cycle)


def counter_t1(via, cycle):
    return via.read(T1CH, cycle) << 8 | via.read(T1CL, cycle)


# --- Timer 1 -----------------------------------------------------------------------------------------

def test_t1_one_shot_counts_down_through_ffff_and_reloads():
    via = VIA6522()
    N, W = 5, 100
    start_t1(via, N, W)
    seen = [via.read(T1CL, W + k) for k in range(1, N + 6)]
    # W+1..W+N+1: N..0; W+N+2: $FF (counter $FFFF); W+N+3: reload N; then N-1, N-2
    assert seen == [5, 4, 3, 2, 1, 0, 0xFF, 5, 4, 3]


def test_t1_high_byte_and_16_bit_value_around_underflow():
    via = VIA6522()
    N, W = 0x0102, 1000
    start_t1(via, N, W)
    # One read per tick: high byte on W+1 is $01 (N); the low byte on W+3 is that of N-2 = $0100.
    assert via.read(T1CH, W + 1) == 0x01
    assert via.read(T1CL, W + 3) == 0x00
    assert via.read(T1CH, W + 4) == 0x00          # N-3 = $00FF
    assert via.read(T1CH, W + N + 2) == 0xFF       # $FFFF on the underflow tick
    assert via.read(T1CH, W + N + 3) == 0x01       # reloaded from the latch


def test_t1_flag_is_set_on_the_ffff_tick_not_before():
    via = VIA6522()
    N, W = 20, 50
    start_t1(via, N, W)
    assert via.read(IFR, W + N + 1) & 0x40 == 0    # counter shows 0: no flag yet
    assert via.read(IFR, W + N + 2) & 0x40 == 0x40  # N + 1.5 cycles after the write completes


def test_t1_one_shot_interrupts_once_on_the_clock():
    via, clock, cpu, irq_log = make_via()
    via.write(IER, 0xC0, 0)
    N, W = 1000, 10
    start_t1(via, N, W)
    clock.run_until(W + 5 * (N + 2))
    assert irq_log == [(True, W + N + 2)]
    # The counter keeps cycling through the latch, but a one-shot interrupts once per T1C-H write.
    via.read(T1CL, cpu.cycles)
    assert irq_log[-1] == (False, cpu.cycles)
    clock.run_until(cpu.cycles + 3 * (N + 2))
    assert len(irq_log) == 2


def test_t1_free_run_interrupts_every_n_plus_2_cycles():
    via, clock, cpu, irq_log = make_via()
    via.write(ACR, 0x40, 0)
    via.write(IER, 0xC0, 1)
    N, W = 300, 20
    start_t1(via, N, W)
    for k in range(4):
        clock.run_until(W + N + 2 + k * (N + 2) + 3)
        via.read(T1CL, cpu.cycles)                  # the handler acknowledges 3 cycles later
    asserted = [c for level, c in irq_log if level]
    released = [c for level, c in irq_log if not level]
    assert asserted == [W + N + 2 + k * (N + 2) for k in range(4)]
    assert released == [c + 3 for c in asserted]


def test_irq_cycle_is_exact_when_the_cpu_overshoots_its_block_limit():
    """Whole 7-cycle instructions overrun the event's cycle; the IRQ change still names its cycle."""
    class BlockCPU(StepCPU):
        def run(self, limit):
            self.limit = limit
            while self.cycles < self.limit:
                self.cycles += 7
            return 0

    cpu = BlockCPU()
    clock = Clock(cpu)
    log = []
    via = VIA6522(clock, irq=lambda level: log.append((level, via.cycle, cpu.cycles)))
    via.write(IER, 0xC0, 0)
    start_t1(via, 101, 3)                           # IRQ due on 3 + 101 + 2 = 106
    clock.run_until(300)
    assert log == [(True, 106, 112)]                # noticed after the instruction ending on 112


def test_t1_reading_t1cl_clears_flag_and_writing_t1ch_clears_it():
    via = VIA6522()
    via.write(ACR, 0x40, 0)                         # free-run
    start_t1(via, 3, 10)
    assert via.read(IFR, 20) & 0x40
    via.read(T1CL, 21)
    assert via.read(IFR, 22) & 0x40 == 0
    assert via.read(IFR, 40) & 0x40                # free-run keeps setting it
    via.write(T1CH, 0, 41)
    assert via.read(IFR, 42) & 0x40 == 0


def test_t1_latch_high_write_clears_flag_without_touching_the_counter():
    via = VIA6522()
    start_t1(via, 10, 100)                          # $FFFF on tick 112
    assert via.read(IFR, 112) & 0x40
    via.write(T1LH, 0x12, 114)                      # MOS data sheet: write T1L-H clears the T1 flag
    assert via.read(IFR, 115) & 0x40 == 0
    assert via.read(T1CL, 116) == 10 - 3            # reloaded 10 on 113 and counting on: 9, 8, 7
    assert via.read(T1LH, 117) == 0x12
    assert via.read(T1LL, 118) == 10                # latch low kept


def test_t1_latch_writes_take_effect_at_the_next_reload_in_free_run():
    via, clock, cpu, irq_log = make_via()
    via.write(ACR, 0x40, 0)
    via.write(IER, 0xC0, 1)
    start_t1(via, 100, 10)                          # underflows at 112, then every 102
    via.write(T1LL, 50, 40)                         # T1L-L: latch only, count in progress unchanged
    assert via.read(T1CL, 41) == 100 - (41 - 11)
    clock.run_until(112)
    assert irq_log == [(True, 112)]
    via.write(IFR, 0x40, 113)
    assert via.read(T1CL, 114) == 49                # reloaded with 50 on tick 113
    clock.run_until(200)
    assert irq_log[-1] == (True, 112 + 52)           # new period N+2 = 52


def test_t1_read_on_the_flag_tick_does_not_clear_it():
    # A T1C-L read on the same cycle the flag is set loses to the set (measured on real chips).
    via = VIA6522()
    start_t1(via, 4, 10)
    assert via.read(T1CL, 16) == 0xFF
    assert via.read(IFR, 17) & 0x40


def test_t1_disarmed_by_a_one_shot_time_out_stays_disarmed_in_free_run():
    # A one-shot time-out disarms T1; selecting free-run afterwards does not re-arm it, the counter
    # just goes on reloading, until T1C-H is written (VIA.AC1 and AC5 on a real Model B).
    via, clock, cpu, irq_log = make_via()
    via.write(IER, 0xC0, 0)
    N, W = 4, 10
    start_t1(via, N, W)                             # one-shot; $FFFF on tick 16
    clock.run_until(17)
    assert via.read(IFR, 17) & 0x40
    via.write(ACR, 0x40, 18)                        # free-run, after the time-out
    assert via.read(T1CL, 19) == N - 2              # reloaded on 17, counting on
    clock.run_until(100)
    assert via.read(IFR, 100) & 0x40 == 0           # no time-out sets the flag
    assert irq_log == [(True, 16), (False, 19)]
    via.write(T1CH, 0, 101)                         # re-armed: free-run from here
    clock.run_until(101 + 3 * (N + 2))
    assert [c for level, c in irq_log if level] == [16, 107]


def test_t1_disarmed_free_run_leaves_pb7_alone():
    via = VIA6522()
    via.write(ACR, 0x80, 0)                         # one-shot, PB7 output
    start_t1(via, 4, 10)
    assert via.read(ORB, 16) & 0x80 == 0x80         # high at the time-out
    via.write(ACR, 0xC0, 20)                        # free-run with PB7, disarmed
    assert [via.read(ORB, c) & 0x80 for c in range(21, 40)] == [0x80] * 19


def test_t1_free_run_switched_to_one_shot_interrupts_once_more():
    # Armed in free-run, then one-shot before the next time-out: that one interrupts, no later one
    # (VIA.AC4).
    via = VIA6522()
    via.write(ACR, 0x40, 0)
    start_t1(via, 8, 10)                            # time-outs on 20, 30, 40 ...
    assert via.read(T1CL, 21) == 8                  # and clears the flag
    via.write(ACR, 0x00, 25)
    assert via.read(IFR, 31) & 0x40
    assert via.read(T1CL, 32) == 7
    assert via.read(IFR, 45) & 0x40 == 0


@pytest.mark.parametrize("old, new, armed_after", [
    (0x40, 0x00, False),    # free-run -> one-shot on the time-out tick: disarmed (VIA.AC3, AC6)
    (0x00, 0x40, False),    # one-shot -> free-run: the one-shot time-out disarmed it (AC2, AC7)
    (0x00, 0xC0, False),    # the same with PB7 (AC7)
    (0x40, 0xC0, True),     # free-run stays free-run: still armed (AC6)
])
def test_t1_acr_written_on_the_time_out_tick(old, new, armed_after):
    via = VIA6522()
    via.write(ACR, old, 0)
    start_t1(via, 6, 10)                            # time-outs on 18, 26, 34
    via.write(ACR, new, 18)
    assert via.read(IFR, 21) & 0x40                 # this time-out's flag is set either way
    assert via.read(T1CL, 22) == 3                  # (cleared)
    assert bool(via.read(IFR, 29) & 0x40) == armed_after


@pytest.mark.parametrize("acr_tick, armed_after", [(17, True), (19, False)])
def test_t1_acr_one_shot_to_free_run_off_the_time_out_tick(acr_tick, armed_after):
    # Free-run selected a tick before the time-out keeps T1 armed (VIA.AC7, "at 0"); a tick after
    # it, the one-shot time-out has disarmed it already.
    via = VIA6522()
    start_t1(via, 6, 10)                            # one-shot, time-out on 18
    via.write(ACR, 0x40, acr_tick)
    assert via.read(T1CL, 22) == 3
    assert bool(via.read(IFR, 29) & 0x40) == armed_after


@pytest.mark.parametrize("clear", [
    lambda via, c: via.write(IFR, 0x7F, c),
    lambda via, c: via.write(T1LH, 0, c),
    lambda via, c: via.read(T1CL, c),
])
def test_t1_flag_set_on_the_tick_of_a_clear_stays_set(clear):
    # The set wins over a clear on the same tick (VIA.I2: the IRQ is still taken).
    via = VIA6522()
    via.write(IER, 0xC0, 0)
    start_t1(via, 3, 10)                            # flag set on tick 15
    clear(via, 15)
    assert via.read(IFR, 16) == 0xC0
    assert via.irq_line
    via.write(IFR, 0x7F, 17)                        # a tick later the clear works
    assert via.read(IFR, 18) == 0


def test_t2_flag_set_on_the_tick_of_an_ifr_write_stays_set():
    via = VIA6522()
    via.write(T2CL, 3, 5)
    via.write(T2CH, 0, 10)                          # flag set on tick 15
    via.write(IFR, 0x20, 15)
    assert via.read(IFR, 16) & 0x20
    via.write(IFR, 0x20, 16)
    assert via.read(IFR, 17) & 0x20 == 0


# --- PB7 -----------------------------------------------------------------------------------------------

def test_pb7_free_run_square_wave():
    via, clock, cpu, irq_log = make_via()
    changes = []
    via.port_b_output = lambda levels: changes.append((levels & 0x80, via.cycle))
    via.write(ACR, 0xC0, 0)
    N, W = 4, 10
    start_t1(via, N, W)
    clock.run_until(W + 3 * (N + 2) + 1)
    # Low from the write, then inverted at each time-out (every N + 2 cycles).
    assert changes == [(0, W), (0x80, W + 6), (0, W + 12), (0x80, W + 18)]
    assert via.read(ORB, W + 19) & 0x80 == 0x80


def test_pb7_one_shot_low_pulse_regardless_of_ddrb():
    via = VIA6522()
    via.write(DDRB, 0x00, 0)
    via.write(ORB, 0x00, 1)
    via.write(ACR, 0x80, 2)
    start_t1(via, 8, 10)
    assert via.read(ORB, 11) & 0x80 == 0            # low for the count
    assert via.read(ORB, 19) & 0x80 == 0            # counter at 0
    assert via.read(ORB, 20) & 0x80 == 0x80         # high at the time-out (W + N + 2)
    assert via.read(ORB, 40) & 0x80 == 0x80         # and stays high (one-shot)
    via.write(ACR, 0x00, 41)
    via.write(DDRB, 0x80, 42)
    assert via.read(ORB, 43) & 0x80 == 0            # normal port bit again: ORB bit 7 = 0


# --- Timer 2 -------------------------------------------------------------------------------------------

def test_t2_one_shot_keeps_counting_after_the_interrupt():
    via, clock, cpu, irq_log = make_via()
    via.write(IER, 0xA0, 0)
    via.write(T2CL, 3, 5)
    via.write(T2CH, 0, 10)
    seen = [via.read(T2CL, c) for c in range(11, 18)]
    assert seen == [3, 2, 1, 0, 0xFF, 0xFE, 0xFD]   # no reload for T2
    assert via.read(T2CH, 18) == 0xFF
    # Set on W + N + 2 (the read on that very tick leaves it set); the T2C-L read on 16 clears it.
    assert irq_log == [(True, 15), (False, 16)]
    clock.run_until(20 + 70000)                     # wraps through $FFFF again: no second interrupt
    assert len(irq_log) == 2


def test_t2_irq_on_the_clock_and_write_t2ch_clears_flag():
    via, clock, cpu, irq_log = make_via()
    via.write(IER, 0xA0, 0)
    via.write(T2CL, 0x34, 1)
    via.write(T2CH, 0x12, 2)
    clock.run_until(0x1234 + 100)
    assert irq_log == [(True, 2 + 0x1234 + 2)]
    via.write(T2CH, 0x00, cpu.cycles)
    assert irq_log[-1] == (False, cpu.cycles)


def test_t2_pulse_counting_on_pb6_falling_edges():
    via = VIA6522()
    via.write(ACR, 0x20, 0)
    via.write(IER, 0xA0, 1)
    via.write(T2CL, 3, 2)
    via.write(T2CH, 0, 3)
    cycle = 10

    def pulse():
        nonlocal cycle
        via.set_port_b_input(0xBF, cycle)          # PB6 low: the counting edge
        via.set_port_b_input(0xFF, cycle + 5)      # rising edge: not counted
        cycle += 10

    assert via.read(T2CL, 5) == 3                   # no Phi2 counting in this mode
    pulse()
    assert via.read(T2CL, cycle) == 2
    pulse()
    assert via.read(IFR, cycle) & 0x20 == 0
    pulse()                                         # third pulse: count reaches zero, flag set
    assert via.read(IFR, cycle) == 0x80 | 0x20
    assert via.irq_line
    assert via.read(T2CL, cycle + 1) == 0           # read clears the flag
    pulse()
    assert via.read(T2CH, cycle) == 0xFF            # counts on past zero
    assert via.read(IFR, cycle + 1) & 0x20 == 0     # and does not interrupt again


def test_t2_switching_to_timed_mode_counts_on_from_the_pulse_count():
    via = VIA6522()
    via.write(ACR, 0x20, 0)
    via.write(T2CL, 10, 1)
    via.write(T2CH, 0, 2)
    via.set_pb6(False, 3)
    via.set_pb6(True, 4)
    via.write(ACR, 0x00, 20)                        # count 9 on ticks 20 and 21, Phi2 counting from 22
    assert via.read(T2CL, 21) == 9
    assert via.read(T2CL, 23) == 7


def test_t2_freezes_on_the_tick_after_pulse_counting_is_selected():
    # The write's own tick still counts in timed mode (VIA.T23: the program's stated 251, 249).
    via = VIA6522()
    via.write(T2CL, 0xFF, 0)
    via.write(T2CH, 0xFF, 1)                        # $FFFF on tick 2, $FFFC on tick 5
    via.write(ACR, 0x20, 5)
    assert [via.read(T2CL, c) for c in (6, 7, 20)] == [0xFB, 0xFB, 0xFB]
    via.write(ACR, 0x00, 30)                        # timed again: first count on tick 32
    assert [via.read(T2CL, c) for c in (30, 31, 32, 33)] == [0xFB, 0xFB, 0xFA, 0xF9]


def test_t2_underflow_on_the_tick_after_pulse_counting_is_selected_still_interrupts():
    via = VIA6522()
    via.write(T2CL, 2, 0)
    via.write(T2CH, 0, 1)                           # 2 on tick 2, 0 on tick 4, $FFFF on tick 5
    via.write(ACR, 0x20, 4)
    assert via.read(T2CL, 5) == 0xFF                # the read on the flag's tick leaves it set
    assert via.read(IFR, 6) & 0x20


def test_t2_counts_pb6_falling_edges_the_via_drives_itself():
    # PB6 as an output driving low counts a pulse like an outside one (VIA.T.PB6: with nothing on
    # the pin, DDRB bit 6 set with ORB bit 6 clear takes the pin from high to low).
    via = VIA6522()
    via.write(ACR, 0x20, 0)
    via.write(T2CL, 100, 1)
    via.write(T2CH, 0, 2)
    via.write(DDRB, 0xFF, 10)                       # PB6: input high -> output low
    assert via.read(T2CL, 11) == 99
    via.write(DDRB, 0x00, 12)                       # back to the input: rising, not counted
    assert via.read(T2CL, 13) == 99
    via.write(ORB, 0x40, 14)                        # ORB bit 6 set, then output: high, no edge
    via.write(DDRB, 0x40, 15)
    assert via.read(T2CL, 16) == 99
    via.write(ORB, 0x00, 17)                        # the output falls
    assert via.read(T2CL, 18) == 98
    via.set_port_b_input(0x00, 19)                  # outside levels do not reach an output pin
    via.write(ORB, 0x40, 20)
    via.write(ORB, 0x00, 21)
    assert via.read(T2CL, 22) == 97
    via.write(ORA_NH, 0x40, 23)                     # port A has nothing to do with it
    via.write(ORA_NH, 0x00, 24)
    assert via.read(T2CL, 25) == 97


# --- IFR / IER -------------------------------------------------------------------------------------------

def test_ier_set_clear_and_read_back_with_bit_7():
    via = VIA6522()
    assert via.read(IER, 0) == 0x80
    via.write(IER, 0x80 | 0x12, 1)
    assert via.read(IER, 2) == 0x80 | 0x12
    via.write(IER, 0x80 | 0x40, 3)
    assert via.read(IER, 4) == 0x80 | 0x52
    via.write(IER, 0x02, 5)                         # bit 7 clear: the 1 bits are cleared
    assert via.read(IER, 6) == 0x80 | 0x50


def test_ifr_bit7_is_the_or_of_enabled_flags_and_writes_clear_ones():
    via = VIA6522(irq=None)
    levels = []
    via.irq = levels.append
    via.write(PCR, 0x00, 0)
    via.set_ca1(False, 1)                           # CA1 negative edge: flag 1
    via.set_cb1(False, 2)                           # CB1 negative edge: flag 4
    assert via.read(IFR, 3) == 0x12                 # not enabled: bit 7 clear, no IRQ
    assert levels == []
    via.write(IER, 0x80 | 0x10, 4)
    assert via.read(IFR, 5) == 0x92
    assert levels == [True]
    via.write(IFR, 0x10 | 0x80, 6)                  # bit 7 written as 1 does nothing by itself
    assert via.read(IFR, 7) == 0x02
    assert levels == [True, False]
    via.write(IER, 0x80 | 0x02, 8)
    assert levels == [True, False, True]
    via.write(IER, 0x02, 9)                         # disabling the source drops IRQ
    assert levels == [True, False, True, False]
    assert via.read(IFR, 10) == 0x02


# --- CA1 / CA2 / CB1 / CB2 -----------------------------------------------------------------------------

def test_ca1_active_edge_selected_by_pcr_bit0():
    via = VIA6522()
    via.write(PCR, 0x00, 0)                         # negative edge
    via.set_ca1(False, 1)
    assert via.read(IFR, 2) & 0x02
    via.write(IFR, 0x02, 3)
    via.set_ca1(True, 4)                            # positive: ignored
    assert via.read(IFR, 5) & 0x02 == 0
    via.write(PCR, 0x01, 6)                         # positive edge
    via.set_ca1(False, 7)
    assert via.read(IFR, 8) & 0x02 == 0
    via.set_ca1(True, 9)
    assert via.read(IFR, 10) & 0x02


def test_port_a_read_and_write_clear_ca1_ca2_but_register_15_does_not():
    via = VIA6522()
    via.write(PCR, 0x00, 0)                         # CA2 input, negative edge
    via.set_ca1(False, 1)
    via.set_ca2(False, 2)
    assert via.read(IFR, 3) == 0x03
    via.read(ORA_NH, 4)
    via.write(ORA_NH, 0, 5)
    assert via.read(IFR, 6) == 0x03
    via.read(ORA, 7)
    assert via.read(IFR, 8) == 0x00
    via.set_ca1(True, 9)
    via.set_ca2(True, 9)
    via.set_ca1(False, 10)
    via.set_ca2(False, 10)
    via.write(ORA, 0, 11)
    assert via.read(IFR, 12) == 0x00


def test_ca2_input_modes_edges_and_independent_interrupt():
    via = VIA6522()
    via.write(PCR, 0x04, 0)                         # CA2 input, positive edge
    via.set_ca2(False, 1)
    assert via.read(IFR, 2) & 0x01 == 0
    via.set_ca2(True, 3)
    assert via.read(IFR, 4) & 0x01
    via.read(ORA, 5)
    assert via.read(IFR, 6) & 0x01 == 0
    via.write(PCR, 0x06, 7)                         # independent interrupt, positive edge
    via.set_ca2(False, 8)
    via.set_ca2(True, 9)
    via.read(ORA, 10)
    assert via.read(IFR, 11) & 0x01                 # port access leaves it set
    via.write(IFR, 0x01, 12)
    assert via.read(IFR, 13) & 0x01 == 0
    via.write(PCR, 0x02, 14)                        # independent, negative edge
    via.set_ca2(False, 15)
    via.write(ORA, 0, 16)
    assert via.read(IFR, 17) & 0x01


def test_cb1_cb2_edges_and_port_b_clearing():
    via = VIA6522()
    via.write(PCR, 0x10 | 0x40, 0)                  # CB1 positive, CB2 input positive
    via.set_cb1(False, 1)
    via.set_cb2(False, 1)
    assert via.read(IFR, 2) & 0x18 == 0
    via.set_cb1(True, 3)
    via.set_cb2(True, 3)
    assert via.read(IFR, 4) & 0x18 == 0x18
    via.read(ORB, 5)
    assert via.read(IFR, 6) & 0x18 == 0
    via.write(PCR, 0x10 | 0x20, 7)                  # CB2 independent, negative edge
    via.set_cb1(False, 8)
    via.set_cb1(True, 9)
    via.set_cb2(False, 9)
    via.write(ORB, 0, 10)
    assert via.read(IFR, 11) & 0x18 == 0x08         # CB1 cleared, independent CB2 kept


def test_ca2_handshake_output_low_on_port_access_high_on_ca1():
    via = VIA6522()
    out = []
    via.ca2_output = out.append
    via.write(PCR, 0x08, 0)                         # CA2 handshake, CA1 negative
    assert via.ca2_out is True
    via.read(ORA, 1)                                # read handshake
    assert out == [False]
    via.set_ca1(False, 5)                           # data taken / ready: CA2 back high
    assert out == [False, True]
    via.write(ORA, 0x42, 6)                         # write handshake too on port A
    assert out == [False, True, False]
    via.set_ca1(True, 7)                            # positive edge is not the active one
    assert out == [False, True, False]
    via.set_ca1(False, 8)
    assert out == [False, True, False, True]


def test_cb2_handshake_only_on_orb_write():
    via = VIA6522()
    out = []
    via.cb2_output = out.append
    via.write(PCR, 0x80 | 0x10, 0)                  # CB2 handshake, CB1 positive
    via.read(ORB, 1)
    assert out == []
    via.write(ORB, 1, 2)
    assert out == [False]
    via.set_cb1(False, 3)
    assert out == [False]
    via.set_cb1(True, 4)
    assert out == [False, True]


def test_ca2_and_cb2_pulse_outputs_last_one_cycle():
    via, clock, cpu, irq_log = make_via()
    ca2, cb2 = [], []
    via.ca2_output = lambda level: ca2.append((level, via.cycle))
    via.cb2_output = lambda level: cb2.append((level, via.cycle))
    via.write(PCR, 0x0A | 0xA0, 0)                  # CA2 and CB2 pulse output
    clock.run_until(10)
    via.read(ORA, 10)
    clock.run_until(20)
    via.write(ORB, 0, 20)
    clock.run_until(40)
    assert ca2 == [(False, 10), (True, 12)]         # low through the cycle after the access
    assert cb2 == [(False, 20), (True, 22)]


def test_ca2_cb2_pulse_with_2_to_1_clock():
    via, clock, cpu, irq_log = make_via(cycles_per_tick=2)
    ca2 = []
    via.ca2_output = lambda level: ca2.append((level, via.cycle))
    via.write(PCR, 0x0A, 0)
    clock.run_until(11)
    via.read(ORA, 11)                               # tick 5
    clock.run_until(40)
    assert ca2 == [(False, 11), (True, 2 * 7 + 1)]  # back high in the Phi2 half of tick 7


def test_manual_ca2_cb2_outputs():
    via = VIA6522()
    ca2, cb2 = [], []
    via.ca2_output = ca2.append
    via.cb2_output = cb2.append
    via.write(PCR, 0x0C | 0xC0, 0)
    assert ca2 == [False] and cb2 == [False]
    via.write(PCR, 0x0E | 0xE0, 1)
    assert ca2 == [False, True] and cb2 == [False, True]


# --- Ports and latching ----------------------------------------------------------------------------

def test_port_reads_mix_outputs_and_inputs():
    via = VIA6522()
    via.port_a_levels = 0xA3
    via.port_b_input = lambda: 0x3C
    via.write(DDRA, 0x0F, 0)
    via.write(ORA, 0x05, 1)
    via.write(DDRB, 0xF0, 2)
    via.write(ORB, 0x90, 3)
    assert via.read(ORA, 4) == 0xA5                 # outputs from ORA, inputs from the pins
    assert via.read(ORB, 5) == 0x9C
    assert via.read(DDRA, 6) == 0x0F and via.read(DDRB, 7) == 0xF0


def test_port_output_callbacks_report_output_levels():
    via = VIA6522()
    a, b = [], []
    via.port_a_output = a.append
    via.port_b_output = b.append
    via.write(ORA, 0x00, 0)                         # all inputs: nothing driven, no change
    via.write(DDRA, 0xFF, 1)
    via.write(ORB, 0x0B, 2)
    via.write(DDRB, 0x0F, 3)
    assert a == [0x00]
    assert b == [0xFB]                              # inputs reported high


def test_input_latching_on_ca1_and_cb1():
    via = VIA6522()
    via.write(ACR, 0x03, 0)
    via.write(PCR, 0x01 | 0x10, 1)                  # CA1, CB1 positive edge
    via.set_ca1(False, 2)
    via.set_cb1(False, 2)
    via.set_port_a_input(0x55, 3)
    via.port_b_levels = 0x0A
    via.write(DDRB, 0xF0, 4)
    via.write(ORB, 0xA0, 5)
    via.set_ca1(True, 6)                            # latch IRA
    via.set_cb1(True, 6)                            # latch IRB
    via.set_port_a_input(0xAA, 7)
    via.port_b_levels = 0x05
    assert via.read(ORA, 8) == 0x55
    assert via.read(ORB, 9) == 0xAA                 # output bits still read ORB
    via.write(ACR, 0x00, 10)
    assert via.read(ORA, 11) == 0xAA
    assert via.read(ORB, 12) == 0xA5


# --- 2:1 clock ----------------------------------------------------------------------------------------

def test_t1_with_2_to_1_clock_divider():
    via, clock, cpu, irq_log = make_via(cycles_per_tick=2, tick_phase=0)
    via.write(ACR, 0x40, 0)
    via.write(IER, 0xC0, 1)
    N = 10
    via.write(T1CL, N, 98)
    via.write(T1CH, 0, 101)                         # tick 50
    assert via.read(T1CL, 102) == N                  # tick 51, both CPU cycles of it
    assert via.read(T1CL, 103) == N
    assert via.read(T1CL, 104) == N - 1
    assert via.read(T1CL, 123) == 0                  # tick 61
    assert via.read(T1CL, 124) == 0xFF               # tick 62 = 50 + N + 2
    via.write(IFR, 0x40, 126)
    irq_log.clear()
    clock.run_until(200)
    # Next time-out at tick 62 + N + 2 = 74; IRQ from the Phi2 half: CPU cycle 2*74 + 1.
    assert irq_log == [(True, 149)]


def test_tick_phase_shifts_tick_boundaries():
    via = VIA6522(cycles_per_tick=2, tick_phase=1)
    via.write(T1CL, 3, 0)
    via.write(T1CH, 0, 1)                           # cycle 1 is the start of tick 0
    assert via.read(T1CL, 2) == 3                    # cycle 2 is still tick 0 (the load tick)
    assert via.read(T1CL, 3) == 3                    # tick 1
    assert via.read(T1CL, 5) == 2                    # tick 2


# --- Shift register -----------------------------------------------------------------------------------

def test_sr_disabled_is_a_plain_register():
    via = VIA6522()
    via.write(SR, 0x5A, 0)
    assert via.read(SR, 100) == 0x5A
    assert via.read(IFR, 200) & 0x04 == 0


def test_sr_shift_out_under_phi2():
    via, clock, cpu, irq_log = make_via()
    via.write(ACR, 0x18, 0)                         # mode 6
    via.write(IER, 0x84, 1)
    via.write(SR, 0x81, 10)
    assert via.peek(IFR) & 0x04 == 0
    cpu.cycles = 16                                 # three bits (at 12, 14, 16): rotated left 3
    assert via.peek(SR) == 0x0C
    assert via.sr == 0x81                           # peek changed nothing
    clock.run_until(100)
    assert irq_log == [(True, 26)]                  # 8 bits x 2 cycles
    assert via.read(SR, 100) == 0x81                # rotated all the way round


def test_sr_shift_in_under_phi2_samples_cb2():
    via = VIA6522()
    via.write(ACR, 0x08, 0)                         # mode 2
    via.set_cb2(True, 1)
    via.read(SR, 10)                                # starts the transfer
    via.set_cb2(False, 17)                          # bits at 12, 14, 16 were 1; 18..26 are 0
    assert via.read(IFR, 25) & 0x04 == 0
    assert via.read(IFR, 26) & 0x04
    assert via.peek(SR) == 0xE0


def test_sr_shift_out_under_t2():
    via, clock, cpu, irq_log = make_via()
    via.write(T2CL, 3, 0)                           # half-period N + 2 = 5 cycles
    via.write(ACR, 0x14, 1)                         # mode 5
    via.write(IER, 0x84, 2)
    via.write(SR, 0x01, 10)
    clock.run_until(200)
    assert irq_log == [(True, 10 + 16 * 5)]


def test_sr_free_running_shift_out_never_interrupts():
    via, clock, cpu, irq_log = make_via()
    via.write(T2CL, 0, 0)                           # 2 cycles per half bit
    via.write(ACR, 0x10, 1)                         # mode 4
    via.write(IER, 0x84, 2)
    via.write(SR, 0x80, 10)
    clock.run_until(10 + 4 * 9)                     # 9 bits
    assert irq_log == []
    assert via.peek(SR) == 0x01                     # rotated left 9 = 1 (mod 8)
    assert via.read(IFR, cpu.cycles) & 0x04 == 0


def test_sr_external_clock_shift_in_and_out():
    via = VIA6522()
    via.write(ACR, 0x0C, 0)                         # mode 3: shift in on CB1 rising edges
    via.read(SR, 1)
    cycle = 2
    bits = [1, 0, 1, 1, 0, 0, 1, 0]
    for bit in bits:
        via.set_cb2(bool(bit), cycle)
        via.set_cb1(False, cycle + 1)
        via.set_cb1(True, cycle + 2)
        cycle += 3
    assert via.read(IFR, cycle) & 0x04
    assert via.peek(SR) == 0b10110010
    via.set_cb2(True, cycle)                        # keeps shifting after 8 bits
    via.set_cb1(False, cycle + 1)
    via.set_cb1(True, cycle + 2)
    assert via.peek(SR) == 0b01100101

    via.write(ACR, 0x1C, cycle + 3)                 # mode 7: shift out on CB1 falling edges
    via.write(SR, 0x80, cycle + 4)
    assert via.read(IFR, cycle + 5) & 0x04 == 0
    via.set_cb1(False, cycle + 6)
    assert via.sr_out_bit == 1 and via.peek(SR) == 0x01


# --- RES, peek -----------------------------------------------------------------------------------------

def test_reset_clears_registers_but_not_timers_latches_or_sr():
    via, clock, cpu, irq_log = make_via()
    a = []
    via.port_a_output = a.append
    for reg, value in ((DDRA, 0xFF), (ORA, 0x12), (DDRB, 0x0F), (ORB, 0x34), (PCR, 0x0C),
                       (IER, 0xFF), (SR, 0x99)):
        via.write(reg, value, 1)
    via.write(ACR, 0x40, 2)
    start_t1(via, 1000, 10)
    clock.run_until(1012)
    assert irq_log == [(True, 1012)]
    via.reset(500 + 1012)
    assert irq_log[-1] == (False, 1512)                       # IRQ released at once
    assert a[-1] == 0xFF                                       # port A back to inputs
    assert via.ora == 0 and via.orb == 0
    for reg in (DDRB, DDRA, ACR, PCR, IFR):
        assert via.read(reg, 1600 + reg) == 0, reg
    assert via.read(IER, 1620) == 0x80
    assert via.read(T1LL, 1621) == 1000 & 0xFF and via.read(T1LH, 1622) == 1000 >> 8
    assert via.read(SR, 1623) == 0x99
    # The counter runs on: time-out at 1012, reload 1000 on 1013, so on 1624 it reads 1000 - 611.
    assert counter_t1(via, 1624) == 1000 - 611
    clock.run_until(10000)
    assert irq_log[-1] == (False, 1512)


def test_peek_has_no_side_effects():
    via, clock, cpu, irq_log = make_via()
    via.write(IER, 0xC2, 0)
    start_t1(via, 5, 10)
    via.set_ca1(False, 11)
    cpu.cycles = 30
    assert via.peek(IFR) == 0xC2
    # N = 5 from tick 11: $FFFF on 17, 24, 31 (period N + 2), so tick 30 reads 0.
    assert via.peek(T1CL) == 0
    assert via.peek(ORA) == 0xFF
    assert via.ifr == 0x02                          # the chip itself was not advanced
    assert via.read(IFR, 30) == 0xC2
    assert via.read(ORA, 31) == 0xFF
    assert via.read(IFR, 32) == 0xC0


@pytest.mark.parametrize("addr", [0xFE40 + 4, 0xB804, 0x0004])
def test_register_select_is_low_four_bits(addr):
    via = VIA6522()
    via.write(addr + 2, 0x77, 0)                    # T1L-L through any mirror
    assert via.read(addr + 2, 1) == 0x77
