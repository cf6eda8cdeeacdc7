"""Build the hot modules with Cython, PyBoy-style.

A module is hot when a `.pxd` file sits beside its `.py` file: the `.py` is the source either way, the
`.pxd` adds C types.  Without Cython, or if a compile fails, the package still installs and the same
`.py` files run as plain Python (set ACORN_PURE_PYTHON=1 to force that even when compiled).
"""
import os
from pathlib import Path

from setuptools import setup

HERE = Path(__file__).parent


def hot_modules():
    return sorted(
        str(pxd.with_suffix(".py").relative_to(HERE))
        for pxd in (HERE / "emulator").rglob("*.pxd")
        if pxd.with_suffix(".py").exists()
    )


def extensions():
    if os.environ.get("ACORN_PURE_PYTHON"):
        return []
    try:
        from Cython.Build import cythonize
    except ImportError:
        print("Cython not available: installing the pure-Python build")
        return []
    exts = cythonize(
        hot_modules(),
        compiler_directives={
            "language_level": 3,
            "boundscheck": False,
            "wraparound": False,
            "cdivision": True,
            "initializedcheck": False,
            "nonecheck": False,
            "embedsignature": True,
        },
        quiet=True,
    )
    for ext in exts:
        ext.optional = True          # a failed compile falls back to the .py file
        ext.extra_compile_args = ["-O3", "-Wno-unused-function", "-Wno-unreachable-code"]
    return exts


setup(ext_modules=extensions())
