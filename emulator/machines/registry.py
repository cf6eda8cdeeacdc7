"""The machines the suite knows, by the name --machine and save states use.

Each line names the module that declares the machine's `MODEL` (emulator/machines/model.py); the
module is imported when the machine is first asked about.  A new machine is its module and a line here.
"""
import importlib

from emulator.errors import UserError

ATOM = "atom"
BBC = "bbc"
MACHINES = {
    ATOM: "emulator.machines.atom",
    BBC: "emulator.machines.bbc",
}
DEFAULT = ATOM                  # the machine a run without a listing or --machine gets
# Code elsewhere that is written for one machine in particular (a benchmark of its own ROM, a test
# program) names it by ATOM or BBC; everything else asks the machine's model.


def names():
    return list(MACHINES)


def known():
    """The machines' names as a message lists them."""
    return ", ".join(MACHINES)


def model(name):
    """The MachineModel of machine `name` (UserError naming the known ones if there is none)."""
    if name not in MACHINES:
        raise UserError(f"unknown machine {name!r} (known: {known()})")
    return importlib.import_module(MACHINES[name]).MODEL


def models():
    return [model(name) for name in MACHINES]


def machine_for_basic(basic):
    """The first machine that ships with the BASIC called `basic` (None if none does)."""
    return next((m.name for m in models() if m.basic == basic), None)
