# C types for emulator/machines/atom_io.py (compiled by setup.py; the .py runs as-is without it).
cimport cython
from emulator.bus cimport IODevice
from emulator.chips.ppi8255 cimport PPI8255


cdef class PPIPage(IODevice):
    cdef public PPI8255 ppi
    cdef public object keyboard
    cdef public int output_mask, field_sync_bit, rept_bit, tone_bit, field_lines, tape_bit
    cdef public object tape
    cdef public long long ticks_per_cycle, ticks_per_field, fs_low_from, tone_per_cycle, clock_hz

    @cython.locals(ppi=PPI8255, value=int)
    cpdef int read(self, int addr, long long cycle) except? -1
    cpdef int peek(self, int addr) except? -1
    cpdef write(self, int addr, int value, long long cycle)
