"""The debugger: core (breakpoints, watchpoints, stepping, trace, rewind), the `acorn debug` command
language, and BASIC-aware views.  See docs/debugger.md."""
from emulator.debug.debugger import Breakpoint, Debugger, Stop
from emulator.debug.symbols import SymbolTable
from emulator.debug.target import BareTarget, MachineTarget

__all__ = ["Debugger", "Breakpoint", "Stop", "SymbolTable", "BareTarget",
           "MachineTarget"]
