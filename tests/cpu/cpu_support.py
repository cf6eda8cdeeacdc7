"""Shared helpers for the CPU tests: machines to run code on, recording devices, reference models."""
import os

from emulator.bus import Bus
from emulator.cpu.core import CPU

PURE_PYTHON = bool(os.environ.get("ACORN_PURE_PYTHON"))


def make_cpu(program=b"", origin=0x0200, pc=None):
    """A CPU on an all-RAM bus with `program` at `origin`; PC at `pc` (default: origin)."""
    bus = Bus()
    bus.load(origin, program)
    cpu = CPU(bus)
    cpu.pc = origin if pc is None else pc
    return cpu


def set_vectors(cpu, nmi=None, reset=None, irq=None):
    for addr, target in ((0xFFFA, nmi), (0xFFFC, reset), (0xFFFE, irq)):
        if target is not None:
            cpu.bus.memory[addr] = target & 0xFF
            cpu.bus.memory[addr + 1] = target >> 8


class RecordingDevice:
    """An I/O device backed by 64 KiB of bytes that logs every access as (kind, addr, value, cycle).

    `now` (optional) is called on each access to log what the CPU's cycle counter says at that moment.
    """

    def __init__(self, memory=None, cpu_ref=None):
        self.memory = bytearray(0x10000) if memory is None else memory
        self.log = []
        self.cpu_ref = cpu_ref          # a one-element list holding the CPU, once made
        self.seen_cycles = []

    def read(self, addr, cycle):
        value = self.memory[addr]
        self.log.append(("r", addr, value, cycle))
        if self.cpu_ref:
            self.seen_cycles.append(self.cpu_ref[0].cycles)
        return value

    def write(self, addr, value, cycle):
        self.memory[addr] = value
        self.log.append(("w", addr, value, cycle))
        if self.cpu_ref:
            self.seen_cycles.append(self.cpu_ref[0].cycles)


def cpu_with_io_page(program, page=0xFE, origin=0x0200, stretch=False):
    """A CPU on RAM with one I/O page (a RecordingDevice) at `page`."""
    bus = Bus()
    bus.load(origin, program)
    ref = []
    device = RecordingDevice(cpu_ref=ref)
    bus.map_io(page << 8, 0x100, device, stretch=stretch)
    cpu = CPU(bus)
    ref.append(cpu)
    cpu.pc = origin
    return cpu, device


# --- Reference models of documented behaviour (written here, independently of the core) -------------

def decimal_adc_reference(a, b, c):
    """NMOS decimal ADC, Bruce Clark, "Decimal Mode" (6502.org tutorials), appendix A.

    Sequence 1 gives A and C; sequence 2 gives N and V with signed (two's complement) arithmetic on the
    value after the low-nibble adjust; Z comes from the binary addition (section 3.2.2 / appendix A).
    Returns (A, N, V, Z, C) with N, V, Z, C as 0/1.
    """
    al = (a & 0x0F) + (b & 0x0F) + c                      # 1a / 2a
    if al >= 0x0A:                                         # 1b / 2b
        al = ((al + 0x06) & 0x0F) + 0x10
    total = (a & 0xF0) + (b & 0xF0) + al                   # 1c
    signed_total = _signed(a & 0xF0) + _signed(b & 0xF0) + al   # 2c, signed arithmetic
    n = 1 if signed_total & 0x80 else 0                    # 2e: bit 7
    v = 1 if signed_total < -128 or signed_total > 127 else 0   # 2f
    if total >= 0xA0:                                      # 1e
        total += 0x60
    z = 1 if (a + b + c) & 0xFF == 0 else 0
    return total & 0xFF, n, v, z, 1 if total >= 0x100 else 0     # 1f, 1g


def decimal_sbc_reference(a, b, c):
    """NMOS decimal SBC (Clark, appendix A, sequence 3 for A); N, V, Z and C as in binary mode."""
    al = (a & 0x0F) - (b & 0x0F) + c - 1                   # 3a
    if al < 0:                                             # 3b
        al = ((al - 0x06) & 0x0F) - 0x10
    total = (a & 0xF0) - (b & 0xF0) + al                   # 3c
    if total < 0:                                          # 3d
        total -= 0x60
    binary = a - b - (1 - c)
    signed = _signed(a) - _signed(b) - (1 - c)
    n = 1 if binary & 0x80 else 0
    v = 1 if signed < -128 or signed > 127 else 0
    z = 1 if binary & 0xFF == 0 else 0
    return total & 0xFF, n, v, z, 1 if binary >= 0 else 0  # 3e


def _signed(byte):
    return byte - 0x100 if byte & 0x80 else byte


def flags_of(p):
    """(N, V, Z, C) of a P byte."""
    return (p >> 7) & 1, (p >> 6) & 1, (p >> 1) & 1, p & 1
