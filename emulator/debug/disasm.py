"""Disassembly: py65's disassembler for the documented opcodes, ours (emulator.cpu.opcodes) for the rest,
with operands named from the debugger's symbol table."""
import re

from py65.devices.mpu6502 import MPU
from py65.disassembler import Disassembler as Py65Disassembler
from py65.utils.addressing import AddressParser

from emulator.cpu.opcodes import OPCODES, disassemble as disassemble_any


_HEX = re.compile(r"\$[0-9a-f]+")


class _PeekMemory:
    """A py65 memory that reads the emulated bus without side effects."""

    def __init__(self, peek):
        self._peek = peek

    def __getitem__(self, addr):
        return self._peek(addr & 0xFFFF)

    def __len__(self):
        return 0x10000


class _SymbolLabels(AddressParser):
    """py65's AddressParser, asked for labels by address: answered from our SymbolTable in O(1)."""

    def __init__(self, symbols):
        super().__init__()
        self._symbols = symbols

    def label_for(self, address, default=None):
        name = self._symbols.name_for(address)
        return default if name is None else name


class Disassembler:
    def __init__(self, peek, symbols):
        self.peek = peek
        self.symbols = symbols
        mpu = MPU(memory=_PeekMemory(peek))
        self._py65 = Py65Disassembler(mpu, _SymbolLabels(symbols))

    def instruction(self, addr):
        """(text, length) of the instruction at `addr`."""
        addr &= 0xFFFF
        if OPCODES[self.peek(addr)].documented:
            length, text = self._py65.instruction_at(addr)
            return _HEX.sub(lambda m: m.group(0).upper(), text), length     # py65 writes "$6f"
        text, length = disassemble_any(self.peek, addr)
        return f"{text} ; undocumented", length

    def lines(self, addr, count, mark=None):
        """`count` lines of listing from `addr`; returns (lines, next address).  `mark` gets a '>'."""
        out = []
        for _ in range(count):
            text, length = self.instruction(addr)
            raw = " ".join(f"{self.peek((addr + i) & 0xFFFF):02X}" for i in range(length))
            label = self.symbols.name_for(addr, labels_only=True)
            if label is not None:
                out.append(f"{label}:"[:79])
            pointer = ">" if addr == mark else " "
            out.append(f"{pointer}{addr:04X}  {raw:<9} {text}"[:79])
            addr = (addr + length) & 0xFFFF
        return out, addr
