# C types for emulator/bus.py (compiled by setup.py; the .py runs as-is without it).
cimport cython


cdef class IODevice:
    cpdef int read(self, int addr, long long cycle) except? -1
    cpdef write(self, int addr, int value, long long cycle)
    cpdef int peek(self, int addr) except? -1


cdef class Bus:
    cdef public object memory, page_kind, page_stretch, block_stretch, devices, windows
    cdef public unsigned char[::1] mem, kind, stretch, slow

    cpdef int read(self, int addr, long long cycle=*)
    cpdef write(self, int addr, int value, long long cycle=*)
    @cython.locals(device=object, typed=IODevice)
    cpdef int io_read(self, int addr, long long cycle)
    @cython.locals(device=object, typed=IODevice)
    cpdef io_write(self, int addr, int value, long long cycle)
    cpdef int access_delay(self, int addr, long long cycle)
    cpdef int stretch_delay(self, long long cycle)
    cpdef dict state(self)
    cpdef set_state(self, dict d)
