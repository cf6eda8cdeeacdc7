# C types for emulator/cpu/core.py (compiled by setup.py; the .py runs as-is without it).
cimport cython
from emulator.bus cimport Bus

cdef int _PAGE_IO, _ANE_MAGIC

cdef int _pack_p(int fn, int fv, int fd, int fi, int fz, int fc) noexcept
@cython.locals(binary=int, result=int, overflow=int, low=int, total=int, negative=int)
cdef int _adc(int a, int v, int c, int d) noexcept
@cython.locals(binary=int, result=int, overflow=int, low=int, total=int, flags=int)
cdef int _sbc(int a, int v, int c, int d) noexcept
@cython.locals(t=int, result=int, bit6=int, flags=int)
cdef int _arr(int a, int v, int c, int d) noexcept


@cython.final
cdef class CPU:
    cdef public Bus bus
    cdef unsigned char[::1] mem, kind, stretch
    cdef unsigned char[::1] mode_table, cycle_table, penalty_table
    cdef public int a, x, y, s, pc
    cdef public int fn, fz, fc, fv, fd, fi
    cdef public long long cycles, instructions, limit
    cdef public bint halted, stop_on_trap, trapped
    cdef public object jam_opcode
    cdef public int irq_lines, nmi_lines, nmi_latched
    cdef public int poll_state, i_at_poll
    cdef public long long stretch_extra
    cdef public int held, irq_seen, nmi_seen
    cdef public long long last_cycle
    cdef public object clock
    # debugger hooks (see HOOK_* / CAUSE_* in core.py)
    cdef public int debug_hooks, resume_pc, break_cause
    cdef public bint break_requested, break_on_brk, break_on_irq, break_on_nmi
    cdef public unsigned char[::1] break_map
    cdef public long long[::1] trace_buf
    cdef public long long trace_capacity, trace_count

    cdef inline int rd(self, int addr, long long when) except -1
    cdef inline int wr(self, int addr, int value, long long when) except -1
    cdef inline int wr_old(self, int addr, int value, long long when) except -1
    cdef int io_rd(self, int addr, long long when) except -1
    cdef int dummy_rd(self, int addr, long long when, long long last) except -1
    cdef int io_wr(self, int addr, int value, long long when) except -1
    @cython.locals(delay=int, nominal=cython.longlong)
    cdef long long io_cycle(self, int addr, long long when) except *
    @cython.locals(now=cython.longlong)
    cdef int fire_events_until(self, long long poll) except -1
    cpdef int sample_lines(self, long long poll) except -1
    @cython.locals(now=cython.longlong)
    cdef int irq_vector(self, long long poll) except -1

    @cython.locals(start=cython.longlong, low=int)
    cpdef reset(self)
    cpdef request_break(self)
    cpdef dict state(self)
    cpdef set_state(self, dict d)

    @cython.locals(a=int, x=int, y=int, s=int, pc=int, fn=int, fz=int, fc=int, fv=int, fd=int, fi=int,
                   cycles=cython.longlong, instructions=cython.longlong, start=cython.longlong,
                   last=cython.longlong, poll_state=int, i_at_poll=int, stop=int, vector=int,
                   opc=int, op=int, mode=int, n=int, cross=int, ea=int, base=int, lo=int, ptr=int,
                   v=int, t=int, r=int, flag=int, flag_select=int, shift=int,
                   debug_hooks=int, irq=int, nmi=int, poll_back=int, d=int,
                   kind="unsigned char[::1]",
                   mode_table="unsigned char[::1]", cycle_table="unsigned char[::1]",
                   penalty_table="unsigned char[::1]")
    cdef int _run(self, bint single) except -1
    @cython.locals(hooks=int, t=cython.longlong, record=cython.longlong, mem="unsigned char[::1]")
    cdef int _debug_hook(self, int pc, int a, int x, int y, int s, int p, long long cycles) except -1
