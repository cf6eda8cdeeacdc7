"""Make the hot modules load from their `.py` source even when a compiled extension sits beside them.

A hot module is one with a `.pxd` file next to its `.py` (setup.py compiles exactly those).  Python
prefers an extension module over source, so ACORN_PURE_PYTHON=1 installs this finder first on
sys.meta_path; all hot modules then load as plain Python together, keeping their types consistent.
"""
import importlib.util
import os
import sys
from importlib.abc import MetaPathFinder


class PurePythonFinder(MetaPathFinder):
    def find_spec(self, fullname, path, target=None):
        if not fullname.startswith("emulator.") or not path:
            return None
        leaf = fullname.rpartition(".")[2]
        for directory in path:
            source = os.path.join(directory, leaf + ".py")
            if os.path.exists(source) and os.path.exists(os.path.join(directory, leaf + ".pxd")):
                return importlib.util.spec_from_file_location(fullname, source)
        return None


def install():
    if not any(isinstance(f, PurePythonFinder) for f in sys.meta_path):
        sys.meta_path.insert(0, PurePythonFinder())
