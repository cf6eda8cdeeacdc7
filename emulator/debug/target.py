"""What the debugger drives: a bare 6502 (as `acorn exec`) or a whole machine (emulator.session.Machine).

A target runs the CPU to a cycle (events and devices included), and saves and restores its whole state
for rewinding: CPU registers and counters, the 64 KiB of memory, the page map, and for a machine every
device object's state.
"""
import copy
import dis
import gc
import types

from emulator.cpu.core import STOP_LIMIT

# CPU attributes that make up its state (everything `_run` reads or writes, and the counters).
CPU_STATE = ("a", "x", "y", "s", "pc", "fn", "fz", "fc", "fv", "fd", "fi", "cycles", "instructions",
             "halted", "jam_opcode", "irq_lines", "nmi_lines", "nmi_latched", "poll_state",
             "i_at_poll", "stretch_extra", "held", "irq_seen", "nmi_seen")


def save_cpu(cpu):
    return tuple(getattr(cpu, name) for name in CPU_STATE)


def restore_cpu(cpu, state):
    for name, value in zip(CPU_STATE, state):
        setattr(cpu, name, value)
    cpu.limit = cpu.cycles
    cpu.trapped = False
    cpu.break_requested = False


class BareTarget:
    """A bare CPU on a Bus with nothing but RAM (and `acorn exec`'s optional interrupt port)."""

    name = None
    clock_hz = 1_000_000            # a nominal 1 MHz, to measure rewind windows in seconds

    def __init__(self, cpu):
        self.cpu = cpu
        self.bus = cpu.bus
        cpu.stop_on_trap = True     # a JMP or branch to itself ends a test program: stop there

    def run_to(self, cycle):
        cpu = self.cpu
        if cpu.cycles >= cycle:
            return STOP_LIMIT
        return cpu.run(cycle)

    def save_devices(self):
        return None

    def restore_devices(self, state):
        pass


class MachineTarget:
    """A machine built by emulator.session.Machine (its `hardware` has cpu, bus, clock, run_until)."""

    def __init__(self, machine):
        self.machine = machine
        self.hardware = machine.hardware
        self.name = machine.name
        self.cpu = self.hardware.cpu
        self.bus = self.hardware.bus
        self.clock_hz = self.hardware.clock_hz
        roots = (self.hardware, self.bus.devices, self.bus.windows)
        self._state = ObjectGraphState(roots, fixed=(self.cpu, self.bus))

    def run_to(self, cycle):
        return self.hardware.run_until(cycle)

    def save_devices(self):
        return self._state.save()

    def restore_devices(self, state):
        self._state.restore(state)


def _is_component(obj):
    """An object of ours (a chip, the machine, the clock, an event) whose attributes are state."""
    module = getattr(type(obj), "__module__", "") or ""
    if module.startswith("emulator.debug."):
        return False                # the debugger's own objects (watchpoint pages) are not machine state
    return module.startswith("emulator.") and (_has_instance_dict(obj) or hasattr(type(obj), "__slots__")
                                               or _compiled(obj))


def _compiled(obj):
    """A Cython extension object: its whole state (private fields too) comes from Cython's pickling."""
    return hasattr(obj, "__setstate_cython__") and not _has_instance_dict(obj)


def _slots(obj):
    names = []
    for klass in type(obj).__mro__:
        names.extend(getattr(klass, "__slots__", ()))
    return [n for n in names if n not in ("__dict__", "__weakref__")]


def _attributes(obj):
    if _compiled(obj):
        return {"__cython_state__": obj.__reduce_cython__()[2]}
    if hasattr(type(obj), "__slots__") and not _has_instance_dict(obj):
        return {name: getattr(obj, name) for name in _slots(obj) if hasattr(obj, name)}
    found = _read_without_dict(obj)
    return found if found is not None else dict(vars(obj))


def _has_instance_dict(obj):
    """Asked of the type: `hasattr(obj, '__dict__')` would create the instance dict (see below)."""
    klass = type(obj)
    found = _HAS_DICT.get(klass)
    if found is None:
        found = _HAS_DICT[klass] = any("__dict__" in vars(base) for base in klass.__mro__[:-1])
    return found


_HAS_DICT = {}


_NAMES = {}


def _stored_names(klass):
    """Every attribute name a method of `klass` (or of its bases of ours) assigns, from the bytecode."""
    names = _NAMES.get(klass)
    if names is not None:
        return names
    found = []
    for base in klass.__mro__:
        if not (getattr(base, "__module__", "") or "").startswith("emulator."):
            continue
        for member in vars(base).values():
            function = getattr(member, "fget", None) if isinstance(member, property) else member
            function = getattr(function, "__func__", function)
            code = getattr(function, "__code__", None)
            stack = [code] if code is not None else []
            while stack:
                code = stack.pop()
                for instruction in dis.get_instructions(code):
                    if instruction.opname == "STORE_ATTR" and instruction.argval not in found:
                        found.append(instruction.argval)
                stack.extend(c for c in code.co_consts if isinstance(c, types.CodeType))
    descriptors = {name for base in klass.__mro__ for name, v in vars(base).items()
                   if hasattr(v, "__get__") and not isinstance(v, types.FunctionType)}
    names = [n for n in found if n not in descriptors]
    _NAMES[klass] = names
    return names


def _read_without_dict(obj):
    """The instance attributes of `obj` read one by one, or None if that may miss some.

    CPython 3.11 keeps a plain object's attributes in an inline array until something asks for its
    __dict__; from then on every attribute access is slower.  Reading `vars()` of the machine's
    objects for a snapshot would slow the emulation down for good, so the names come from the
    class's bytecode and the count is checked against the values the garbage collector sees."""
    values = {}
    for name in _stored_names(type(obj)):
        try:
            values[name] = getattr(obj, name)
        except AttributeError:
            continue
    # Inline attributes are seen as one referent each, then the type.  Once the dict exists the
    # referents are [dict, type]: a mismatch then, and vars() costs nothing more.
    if len(gc.get_referents(obj)) - 1 != len(values):
        return None
    return values


class ObjectGraphState:
    """Saves and restores, in place, the attributes of every object of ours reachable from a root.

    Objects keep their identity: restoring puts copies of the saved attribute values back into the live
    objects, so callbacks that hold references to them (bound methods, closures in scheduled events)
    stay valid.  Plain values (numbers, lists, dicts, bytearrays, numpy arrays) are copied; references
    between our objects, the `fixed` objects (the CPU and bus, saved separately) and memoryviews stay
    references.  The set of objects is found again at each save, as devices may create new ones
    (events) while running.
    """

    def __init__(self, root, fixed=()):
        self.root = root
        self.fixed = fixed

    def _components(self):
        fixed_ids = {id(o) for o in self.fixed}
        found, keep = {}, {}
        stack = [self.root]
        while stack:
            obj = stack.pop()
            key = id(obj)
            if key in found or key in keep or key in fixed_ids:
                continue
            if isinstance(obj, (int, float, str, bytes, bool, type(None))):
                continue
            if isinstance(obj, memoryview):
                keep[key] = obj
                continue
            if type(obj).__module__ == "emulator.debug.watch":
                keep[key] = None                # a watched page: the device it stands in for is state
                stack.append(getattr(obj, "device", None))
                continue
            if _is_component(obj):
                found[key] = obj
                stack.extend(_attributes(obj).values())
            elif isinstance(obj, (list, tuple, set, frozenset)):
                keep[key] = None            # visited marker only
                stack.extend(obj)
            elif isinstance(obj, dict):
                keep[key] = None
                stack.extend(obj.values())
            elif isinstance(obj, types.MethodType):
                keep[key] = None
                stack.append(obj.__self__)
            elif isinstance(obj, types.FunctionType):
                keep[key] = None
                stack.extend(cell.cell_contents for cell in (obj.__closure__ or ()) if _cell_full(cell))
        views = [v for v in keep.values() if v is not None]
        return list(found.values()), views

    def _memo(self, components, views):
        memo = {id(o): o for o in components}
        memo.update((id(o), o) for o in self.fixed)
        memo.update((id(v), v) for v in views)
        return memo

    def save(self):
        components, views = self._components()
        memo = self._memo(components, views)
        saved = [(obj, copy.deepcopy(_attributes(obj), memo)) for obj in components]
        return saved, views

    def restore(self, state):
        saved, views = state
        memo = self._memo([obj for obj, _ in saved], views)
        for obj, attributes in saved:
            values = copy.deepcopy(attributes, memo)
            if "__cython_state__" in values:
                obj.__setstate_cython__(values["__cython_state__"])
                continue
            for name, value in values.items():
                current = getattr(obj, name, None)
                if _copy_in_place(current, value):
                    continue
                setattr(obj, name, value)


def _cell_full(cell):
    try:
        cell.cell_contents
    except ValueError:
        return False
    return True


def _copy_in_place(current, value):
    """Fill a live buffer from a saved one of the same shape (views onto it stay valid)."""
    if isinstance(current, bytearray) and isinstance(value, bytearray) and len(current) == len(value):
        current[:] = value
        return True
    shape = getattr(current, "shape", None)
    if shape is not None and getattr(value, "shape", None) == shape and hasattr(current, "__setitem__"):
        try:
            current[...] = value
        except (TypeError, ValueError):
            return False
        return True
    return False
