# C types for emulator/chips/ppi8255.py (compiled by setup.py; the .py runs as-is without it).
from emulator.bus cimport IODevice


cdef class PPI8255(IODevice):
    cdef public object input_a, input_b, input_c, output_a, output_b, output_c
    cdef public int latch_a, latch_b, latch_c, control, c_output_mask
    cdef public bint a_is_input, b_is_input

    cpdef reset(self, long long cycle=*)
    cpdef set_control(self, int value, long long cycle)
    cpdef int pins_a(self)
    cpdef int pins_b(self)
    cpdef int pins_c(self)
    cpdef int read(self, int addr, long long cycle) except? -1
    cpdef int peek(self, int addr) except? -1
    cpdef write(self, int addr, int value, long long cycle)
    cpdef _set_latch_c(self, int value, long long cycle)
    cpdef dict state(self)
    cpdef set_state(self, dict d)
