# C types for emulator/machines/bbc_io.py (compiled by setup.py; the .py runs as-is without it).
cimport cython
from emulator.bus cimport IODevice
from emulator.chips.via6522 cimport VIA6522

cdef int SYSTEM_VIA_FIRST, USER_VIA_FIRST, USER_VIA_END


cdef class SheilaPage(IODevice):
    cdef public VIA6522 system_via, user_via
    cdef public object others

    @cython.locals(offset=int)
    cpdef int read(self, int addr, long long cycle) except? -1
    @cython.locals(offset=int)
    cpdef write(self, int addr, int value, long long cycle)
    @cython.locals(offset=int)
    cpdef int peek(self, int addr) except? -1
