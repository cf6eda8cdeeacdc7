"""Symbols for the debugger: the user's (symbol files, assembled sources) and each machine's OS entry points.

The OS entry points are the documented call addresses of each machine's firmware, the same in our own
firmware and in Acorn's:
  Atom: "Atomic Theory and Practice" 25.1 (also roms/src/atom/atom.inc);
  BBC:  BBC Micro Advanced User Guide, "Operating system calls" (the table of entry points and vectors).
"""
from emulator.asm.symbols import read_symbol_file

OS_ENTRY_POINTS = {
    "atom": {
        0xFFCB: "OSSHUT", 0xFFCE: "OSFIND", 0xFFD1: "OSBPUT", 0xFFD4: "OSBGET", 0xFFD7: "OSSTAR",
        0xFFDA: "OSRDAR", 0xFFDD: "OSSAVE", 0xFFE0: "OSLOAD", 0xFFE3: "OSRDCH", 0xFFE6: "OSECHO",
        0xFFE9: "OSASCI", 0xFFED: "OSCRLF", 0xFFF4: "OSWRCH", 0xFFF7: "OSCLI",
    },
    "bbc": {
        0xFFB9: "OSRDRM", 0xFFBF: "OSEVEN", 0xFFC2: "GSINIT", 0xFFC5: "GSREAD", 0xFFC8: "NVRDCH",
        0xFFCB: "NVWRCH", 0xFFCE: "OSFIND", 0xFFD1: "OSGBPB", 0xFFD4: "OSBPUT", 0xFFD7: "OSBGET",
        0xFFDA: "OSARGS", 0xFFDD: "OSFILE", 0xFFE0: "OSRDCH", 0xFFE3: "OSASCI", 0xFFE7: "OSNEWL",
        0xFFEC: "OSWRCR", 0xFFEE: "OSWRCH", 0xFFF1: "OSWORD", 0xFFF4: "OSBYTE", 0xFFF7: "OSCLI",
    },
}


class SymbolTable:
    """name -> value for expressions, and address -> name for disassembly.

    Labels (addresses of code or data) name addresses before constants do, and the user's symbols
    before the OS entry points."""

    def __init__(self, machine=None):
        self.values = {}            # name -> value
        self._labels = {}           # address -> name, user labels
        self._consts = {}           # address -> name, user constants that fit in 16 bits
        self._os = {}               # address -> name, the machine's entry points
        for address, name in OS_ENTRY_POINTS.get(machine, {}).items():
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
