# C types for emulator/chips/via6522.py (compiled by setup.py; the .py runs as-is without it).
cimport cython
from emulator.bus cimport IODevice

cdef long long NEVER
cdef int IFR_CA2, IFR_CA1, IFR_SR, IFR_CB2, IFR_CB1, IFR_T2, IFR_T1, IFR_IRQ
cdef int ORB, ORA, DDRB, DDRA, T1CL, T1CH, T1LL, T1LH
cdef int T2CL, T2CH, SR, ACR, PCR, IFR, IER, ORA_NH
cdef int C2_INPUT_NEG, C2_INDEPENDENT_NEG, C2_INPUT_POS, C2_INDEPENDENT_POS
cdef int C2_HANDSHAKE, C2_PULSE, C2_LOW, C2_HIGH
cdef tuple STATE_FIELDS
cdef int SR_DISABLED, SR_IN_T2, SR_IN_PHI2, SR_IN_EXT, SR_OUT_T2_FREE, SR_OUT_T2, SR_OUT_PHI2, SR_OUT_EXT


cdef class VIA6522(IODevice):
    cdef public object clock, irq, name
    cdef public object port_a_input, port_b_input, port_a_output, port_b_output, ca2_output, cb2_output
    cdef public object _event
    cdef public int cycles_per_tick, tick_phase
    cdef public int port_a_levels, port_b_levels
    cdef public long long cycle, tick
    cdef public int ora, orb, ddra, ddrb, acr, pcr, ifr, ier, ira_latch, irb_latch
    cdef public bint irq_line
    cdef public int t1_latch, pb7
    cdef public long long t1_underflow, t1_hold, t1_last_underflow, t1_flag_tick
    cdef public bint t1_armed
    cdef public int t2_latch_low, t2_count
    cdef public long long t2_underflow, t2_hold, t2_flag_tick
    cdef public bint t2_armed, pb6
    cdef public int sr, sr_out_bit, sr_ext_count
    cdef public long long sr_start, sr_half, sr_done
    cdef public bint sr_running
    cdef public bint ca1, ca2, cb1, cb2, ca2_out, cb2_out
    cdef public long long ca2_pulse_end, cb2_pulse_end, _event_tick
    cdef public int _last_port_a_out, _last_port_b_out

    @cython.locals(d=int, offset="long long")
    cdef long long _tick_of(self, long long cycle)
    cdef long long _event_cycle(self, long long tick)
    @cython.locals(flags=int, old_pb7=int, period="long long", count="long long", last="long long")
    cdef _catch_up(self, long long tick)
    cpdef _on_event(self, long long cycle)
    @cython.locals(level=bint)
    cdef _settle(self)
    @cython.locals(best="long long", end="long long", t1_sets_flag=bint, enabled=int)
    cdef long long _next_visible_tick(self)
    @cython.locals(tick="long long")
    cdef _reschedule(self)
    cdef long long _access(self, long long cycle) except? -1

    cdef int _t1_at(self, long long tick)
    cdef int _t2_at(self, long long tick)
    cdef _t1_latch_written(self, long long tick)
    cdef _t1_start(self, long long tick)
    @cython.locals(load=int)
    cdef _t2_start(self, long long tick, int value)
    cdef _t2_pulse(self)

    cpdef int sr_mode(self)
    @cython.locals(ones=int, r=int)
    cdef _sr_shift(self, long long n, bint shifts_in)
    @cython.locals(mode=int, total="long long", limited=bint, n="long long")
    cdef int _sr_advance(self, long long tick) except? -1
    @cython.locals(mode=int)
    cdef _sr_access(self, long long tick)
    @cython.locals(mode=int)
    cdef _sr_external_edge(self, bint rising)

    cdef int _input_a(self) except? -1
    cdef int _input_b(self) except? -1
    cdef int _pins_a(self) except? -1
    cdef int _read_port_a(self) except? -1
    @cython.locals(inputs=int, value=int)
    cdef int _read_port_b(self) except? -1
    cdef int _port_a_out_levels(self)
    @cython.locals(value=int)
    cdef int _port_b_out_levels(self)
    @cython.locals(levels=int)
    cdef _port_a_changed(self)
    @cython.locals(levels=int)
    cdef _port_b_changed(self)

    cpdef int ca2_mode(self)
    cpdef int cb2_mode(self)
    cdef _drive_ca2(self, bint level)
    cdef _drive_cb2(self, bint level)
    @cython.locals(old_ca2=int, old_cb2=int, mode=int)
    cdef _write_pcr(self, int value)
    @cython.locals(mode=int)
    cdef _port_a_handshake(self, long long tick)
    @cython.locals(mode=int)
    cdef _port_b_flags(self)

    @cython.locals(tick="long long", mode=int)
    cpdef set_ca1(self, bint level, long long cycle)
    @cython.locals(mode=int)
    cpdef set_ca2(self, bint level, long long cycle)
    @cython.locals(mode=int)
    cpdef set_cb1(self, bint level, long long cycle)
    @cython.locals(mode=int)
    cpdef set_cb2(self, bint level, long long cycle)
    cpdef set_port_a_input(self, int levels, long long cycle)
    cpdef set_port_b_input(self, int levels, long long cycle)
    cpdef set_pb6(self, bint level, long long cycle)
    @cython.locals(was=bint)
    cdef _pb6_level(self, bint level)
    cdef bint _pb6_pin(self)
    cdef _pb6_edge(self, bint was)

    cdef int _register(self, int reg) except? -1
    @cython.locals(tick="long long", reg=int, value=int)
    cpdef int read(self, int addr, long long cycle) except? -1
    @cython.locals(tick="long long", reg=int, mode=int, was=bint, clear=int)
    cpdef write(self, int addr, int value, long long cycle)
    @cython.locals(old=int)
    cdef _write_acr(self, int value, long long tick)
    @cython.locals(view=VIA6522)
    cpdef int peek(self, int addr) except? -1
    cpdef dict state(self)
    cpdef set_state(self, dict d)
