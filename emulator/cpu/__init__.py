"""The NMOS 6502 core (emulator.cpu.core, compiled by Cython) and its opcode table."""
