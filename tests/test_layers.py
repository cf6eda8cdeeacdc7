"""The house stays in order: every import in emulator/ runs down the layers of docs/architecture.md,
and no two rooms (packages, or modules at the top of emulator/) import each other in a loop.

The imports are read from the source (ast), every one of them, including those made inside a function
to load a module late: a late import is still an arrow; so are the `cimport`s of a compiled module's
.pxd.  The package's own __init__.py is the front
door (`from emulator import Machine` loads the session late) and stands outside the layers.
"""
import ast
import re
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent.parent / "emulator"

# Top to bottom; a module may import from its own layer or any layer below it.
LAYERS = [
    ("commands and front end", ["cli", "__main__", "commands", "frontend"]),
    ("debugger", ["debug"]),
    ("basic", ["basic"]),
    ("session", ["session", "state", "firmware", "script"]),
    ("machines", ["machines"]),
    ("chips, media and display", ["chips", "media", "display"]),
    ("cpu, bus and clock", ["cpu", "bus", "clock"]),
    # Knows no machine: the assembler, our 6502 programs, the Python references, errors, atomic writes,
    # the build switch.
    ("tools", ["asm", "programs", "reference", "errors", "atomic", "inputs", "schema", "_purepython"]),
]
LAYER_OF_ROOM = {room: depth for depth, (_, rooms) in enumerate(LAYERS) for room in rooms}


def module_name(path):
    parts = ["emulator", *path.relative_to(PACKAGE).with_suffix("").parts]
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


MODULES = {module_name(path): path for path in sorted(PACKAGE.rglob("*.py"))}


def room(module):
    """emulator.chips.via6522 -> 'chips'; emulator.session -> 'session'; the package itself -> None."""
    parts = module.split(".")
    return parts[1] if len(parts) > 1 else None


def imports(module):
    """The emulator modules `module` imports, each the longest name that is a module of the package."""
    path = MODULES[module]
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    names = set()
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")[:len(package.split(".")) - (node.level - 1)]
                base = ".".join(anchor + ([node.module] if node.module else []))
            names.add(base)
            names.update(f"{base}.{alias.name}" for alias in node.names)
    declarations = path.with_suffix(".pxd")
    if declarations.exists():
        names.update(re.findall(r"^from (emulator[\w.]*) cimport", declarations.read_text(), re.M))
    found = set()
    for name in names:
        while name and name not in MODULES:
            name = name.rpartition(".")[0]
        if name.startswith("emulator") and name != module:
            found.add(name)
    return found


ARROWS = {module: imports(module) for module in MODULES}


def test_every_room_has_a_layer():
    rooms = {room(module) for module in MODULES} - {None}
    assert rooms <= set(LAYER_OF_ROOM), f"rooms with no layer: {sorted(rooms - set(LAYER_OF_ROOM))}"


def test_no_import_runs_up_a_layer():
    upward = []
    for module, targets in ARROWS.items():
        if room(module) is None:
            continue                    # the front door
        for target in targets:
            if room(target) is not None and LAYER_OF_ROOM[room(target)] < LAYER_OF_ROOM[room(module)]:
                upward.append(f"{module} ({LAYERS[LAYER_OF_ROOM[room(module)]][0]}) imports {target} "
                              f"({LAYERS[LAYER_OF_ROOM[room(target)]][0]})")
    assert not upward, "imports from a lower layer to a higher one:\n" + "\n".join(sorted(upward))


def loops(graph):
    """The strongly connected groups of more than one node (Tarjan), each sorted."""
    index, low, stack, on_stack, found = {}, {}, [], set(), []

    def visit(node):
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for other in graph.get(node, ()):
            if other not in index:
                visit(other)
                low[node] = min(low[node], low[other])
            elif other in on_stack:
                low[node] = min(low[node], index[other])
        if low[node] == index[node]:
            group = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                group.append(member)
                if member == node:
                    break
            if len(group) > 1:
                found.append(sorted(group))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return found


def test_no_import_loop_between_modules():
    graph = {module: {t for t in targets if room(t) is not None}
             for module, targets in ARROWS.items() if room(module) is not None}
    assert not loops(graph), "modules that import each other: " + "; ".join(
        " <-> ".join(group) for group in loops(graph))


def test_no_import_loop_between_rooms():
    graph = {}
    for module, targets in ARROWS.items():
        if room(module) is not None:
            graph.setdefault(room(module), set()).update(
                room(t) for t in targets if room(t) not in (None, room(module)))
    assert not loops(graph), "rooms that import each other: " + "; ".join(
        " <-> ".join(group) for group in loops(graph))


def test_the_check_sees_an_upward_arrow_and_a_loop():
    # The reader itself: a late import inside a function counts, and a loop of three is found.
    assert "emulator.session" in ARROWS["emulator"]
    assert "emulator.chips.via6522" in ARROWS["emulator.machines.bbc_io"]       # a cimport
    assert loops({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]


def test_the_map_names_every_room():
    # docs/architecture.md has a line for each room of emulator/: a new room goes on the map.
    layout = (PACKAGE.parent / "docs" / "architecture.md").read_text().split("## Layout", 1)[1]
    rooms = {room(module) for module in MODULES} - {None}
    missing = sorted(r for r in rooms
                     if not any(line.split()[:1] in ([f"{r}/"], [f"{r}.py"]) for line in layout.splitlines()))
    assert not missing, f"rooms missing from the layout in docs/architecture.md: {missing}"


# --- one description per machine ----------------------------------------------------------------------

MACHINE_NAMES = {"atom", "bbc"}
# Where a machine may be named: the registry, the modules it lists (each declares its MODEL), and the
# command line's parser.  Everywhere else asks the machine's model (emulator/machines/model.py).
NAMING_ROOMS = {"emulator.machines.registry", "emulator.machines.atom", "emulator.machines.bbc",
                "emulator.cli"}


def machine_name_literals(module):
    """(line, text) of each string constant in `module` that is a machine's bare name: a dict key, a
    comparison, a default, a path component ... (messages and docstrings hold names inside longer
    text, which a person reads)."""
    tree = ast.parse(MODULES[module].read_text(), str(MODULES[module]))
    return [(node.lineno, node.value) for node in ast.walk(tree)
            if isinstance(node, ast.Constant) and isinstance(node.value, str)
            and node.value.lower() in MACHINE_NAMES]


def test_machines_are_named_only_in_the_registry_and_the_command_line():
    named = [f"{module}:{line}: {text!r}" for module in MODULES if module not in NAMING_ROOMS
             for line, text in machine_name_literals(module)]
    assert not named, ("a machine named outside the registry (ask its model instead):\n"
                       + "\n".join(named))


def test_the_registry_lists_exactly_the_machine_modules_allowed_to_name_machines():
    from emulator.machines import registry
    assert set(registry.MACHINES.values()) == NAMING_ROOMS - {"emulator.machines.registry", "emulator.cli"}


def test_the_name_check_sees_a_bare_name():
    source = 'FIELD_HZ = {"atom": 60}\nif machine == "bbc": pass\nprint("the Atom is a machine")\n'
    found = [node.value for node in ast.walk(ast.parse(source))
             if isinstance(node, ast.Constant) and isinstance(node.value, str)
             and node.value.lower() in MACHINE_NAMES]
    assert found == ["atom", "bbc"]


def test_the_front_end_does_not_probe_machines():
    # The machine's face (emulator/machines/model.py) is the same on every machine: no hasattr or
    # getattr with a default asks a machine what it has.
    probes = []
    for module in MODULES:
        if room(module) != "frontend":
            continue
        tree = ast.parse(MODULES[module].read_text())
        for node in ast.walk(tree):
            if (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
                    and node.func.id in ("hasattr", "getattr") and node.args
                    and re.search(r"machine|hardware|keyboard", ast.unparse(node.args[0]))):
                probes.append(f"{module}:{node.lineno}: {ast.unparse(node)}")
    assert not probes, "the front end probes a machine:\n" + "\n".join(probes)


def test_front_end_and_basic_reach_the_keyboard_through_the_model():
    # frontend/keymap.py, basic/listing.py and the window once imported the keyboard chips directly.
    direct = sorted(f"{module} imports {target}" for module, targets in ARROWS.items()
                    if room(module) in ("frontend", "basic", "commands", "debug")
                    for target in targets if target.startswith("emulator.chips."))
    assert not direct, "\n".join(direct)


# --- the tests mirror the rooms ---------------------------------------------------------------------

TESTS = PACKAGE.parent / "tests"
# Folders of tests that are not rooms of emulator/: our ROMs on the machines, the Nim routines of
# assembly/, and the helpers' packages and data.
OTHER_TEST_FOLDERS = {"firmware", "assembly", "bbc_basic", "atom_basic", "__pycache__"}
# At the top of tests/: the tests of the whole house, and of emulator/'s top-level modules.
HOUSE_TESTS = {"test_layers.py", "test_ci.py", "test_faults.py"}


def test_each_test_lives_in_the_folder_of_the_room_it_tests():
    rooms = {room(module) for module in MODULES} - {None}
    folders = {p.name for p in TESTS.iterdir() if p.is_dir()}
    assert folders - rooms - OTHER_TEST_FOLDERS == set(), "test folders that are no room of emulator/"
    top_modules = {r for r in rooms if (PACKAGE / f"{r}.py").exists()} | {"save_state"}
    stray = sorted(p.name for p in TESTS.glob("test_*.py")
                   if p.name not in HOUSE_TESTS and p.stem.removeprefix("test_") not in top_modules)
    assert not stray, f"tests at the top of tests/ that belong in a room's folder: {stray}"


# --- one waiting loop ------------------------------------------------------------------------------
# One waiting loop (issue 23): code that runs the machine until something shows calls
# `Machine.run_until` (emulator/session.py) or a script's steps (emulator/script.py); no other module
# under emulator/ writes its own `while` loop around the machine's running methods.
#
# Read from the source (ast).  The CPU's own run loops (`cpu.run(...)`: the clock, the machines' run
# to a cycle, the bare machine) are what every wait runs on, not waits.  A loop that must step the
# machine itself for another reason (e.g. stopping on breakpoints, counted to the cycle) says why in
# a comment starting "Not a wait" just above its `while`.

THE_WAITING_LOOPS = {"session.py", "script.py"}
RUNNING = {"run", "run_cycles", "run_until", "run_until_text", "run_until_typed"}
EXCUSE = "not a wait"


def wait_loops(source, name="<source>"):
    """[(line, call)] for each `while` loop in `source` that runs the machine itself (a running
    method called on anything but a `cpu`) and has no "Not a wait" comment in the 3 lines above."""
    lines = source.splitlines()
    found = []
    for node in ast.walk(ast.parse(source, name)):
        if not isinstance(node, ast.While):
            continue
        above = " ".join(lines[max(0, node.lineno - 4):node.lineno]).lower()
        if EXCUSE in above:
            continue
        for call in ast.walk(node):
            if (isinstance(call, ast.Call) and isinstance(call.func, ast.Attribute)
                    and call.func.attr in RUNNING and ast.unparse(call.func.value).split(".")[-1] != "cpu"):
                found.append((node.lineno, ast.unparse(call.func)))
                break
    return found


def test_only_the_session_and_the_script_runner_write_a_waiting_loop():
    found = []
    for path in sorted(PACKAGE.rglob("*.py")):
        if path.parent == PACKAGE and path.name in THE_WAITING_LOOPS:
            continue
        found += [f"{path.relative_to(PACKAGE.parent)}:{line}: while ... {call}(...)"
                  for line, call in wait_loops(path.read_text(), str(path))]
    assert found == [], ("wait with Machine.run_until (or say 'Not a wait' and why above the loop):\n"
                         + "\n".join(found))


def test_the_check_sees_a_hand_made_wait_and_passes_the_cpu_and_an_excused_loop():
    hand_made = ("def wait(m):\n"
                 "    while not m.screen.text()[0]:\n"
                 "        m.run(0.05)\n")
    assert wait_loops(hand_made) == [(2, "m.run")]
    nested = ("def wait(self):\n"
              "    while self.machine.seconds < 5:\n"
              "        if self.ready():\n"
              "            return\n"
              "        self.machine.run_cycles(100)\n")
    assert wait_loops(nested) == [(2, "self.machine.run_cycles")]
    cpu_loop = ("def run_to(self, cycle):\n"
                "    while self.cpu.cycles < cycle:\n"
                "        self.cpu.run(cycle)\n")
    assert wait_loops(cpu_loop) == []
    excused = ("def bench(hw):\n"
               "    # Not a wait: the CPU stops on breakpoints\n"
               "    while True:\n"
               "        hw.run_until(1000)\n")
    assert wait_loops(excused) == []
