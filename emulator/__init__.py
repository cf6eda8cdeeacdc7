"""Acorn Atom and BBC Micro emulation suite on one NMOS 6502 core."""
import os as _os

if _os.environ.get("ACORN_PURE_PYTHON"):
    from emulator._purepython import install as _install

    _install()

__version__ = "0.1.0"


def __getattr__(name):
    # `from emulator import Machine` without making `import emulator` load numpy and the machines.
    if name == "Machine":
        from emulator.session import Machine

        return Machine
    raise AttributeError(f"module 'emulator' has no attribute {name!r}")


def compiled() -> bool:
    """True when the hot modules run as Cython extensions rather than plain Python."""
    from emulator.cpu import core

    return not core.__file__.endswith(".py")
