"""Symbols for the debugger: the user's (symbol files, assembled sources) and each machine's OS entry points.

The OS entry points are the documented call addresses of each machine's firmware, the same in our own
firmware and in Acorn's; each machine's model lists them with their sources (`os_entry_points`).
"""
from emulator.asm.symbols import read_symbol_file
from emulator.machines.registry import model

class SymbolTable:
    """name -> value for expressions, and address -> name for disassembly.

    Labels (addresses of code or data) name addresses before constants do, and the user's symbols
    before the OS entry points."""

    def __init__(self, machine=None):
        self.values = {}            # name -> value
        self._labels = {}           # address -> name, user labels
        self._consts = {}           # address -> name, user constants that fit in 16 bits
        self._os = {}               # address -> name, the machine's entry points
        for address, name in (model(machine).os_entry_points if machine else {}).items():
            self.values.setdefault(name, address)
            self._os[address] = name

    def __contains__(self, name):
        return name in self.values

    def __getitem__(self, name):
        return self.values[name]

    def __len__(self):
        return len(self.values)

    def add(self, name, value, kind="label"):
        self.values[name] = value
        if 0 <= value <= 0xFFFF:
            table = self._labels if kind == "label" else self._consts
            table.setdefault(value, name)

    def add_assembly(self, assembly):
        for name, value in assembly.symbols.items():
            self.add(name, value, "label" if name in assembly.labels else "const")

    def load_file(self, path):
        """Read an `acorn asm --symbols` file; returns how many symbols it had."""
        found = read_symbol_file(path)
        for symbol in found:
            self.add(symbol.name, symbol.value, symbol.kind)
        return len(found)

    def name_for(self, address, labels_only=False):
        """The name at `address`, or None."""
        name = self._labels.get(address)
        if name is None and not labels_only:
            name = self._consts.get(address)
        if name is None:
            name = self._os.get(address)
        return name

    def describe(self, address):
        """'name' or 'name+3' for the nearest label at or below `address` (within 256 bytes), else ''."""
        name = self.name_for(address, labels_only=True)
        if name is not None:
            return name
        best = None
        for value, candidate in list(self._labels.items()) + list(self._os.items()):
            if value <= address < value + 0x100 and (best is None or value > best[0]):
                best = (value, candidate)
        return "" if best is None else f"{best[1]}+{address - best[0]}"

    def matching(self, pattern=""):
        """[(name, value)] whose name contains `pattern` (any case), sorted by value."""
        pattern = pattern.lower()
        return sorted(((n, v) for n, v in self.values.items() if pattern in n.lower()),
                      key=lambda item: (item[1], item[0]))
