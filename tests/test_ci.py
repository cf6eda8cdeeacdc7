"""README's "Tests" section and .ci/run give the same test commands, and every test file they name exists."""
import glob
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def commands(text):
    """Shell lines with their continuations joined, blank lines and comments left out."""
    joined = re.sub(r"\\\n\s*", "", text)
    return [line.strip() for line in joined.splitlines() if line.strip() and not line.lstrip().startswith("#")]


def readme_test_commands():
    section = (ROOT / "README.md").read_text().split("\n## Tests\n", 1)[1]
    return commands(section.split("```", 2)[1])


def ci_test_commands():
    return [line for line in commands((ROOT / ".ci" / "run").read_text())
            if line.startswith(("pytest", "ACORN_PURE_PYTHON"))]


def test_readme_and_ci_run_the_same_tests():
    assert readme_test_commands() == ci_test_commands()
    assert any(line.startswith("ACORN_PURE_PYTHON=1 ") for line in ci_test_commands())


def test_every_test_file_named_exists():
    for line in ci_test_commands():
        for word in line.split():
            if word.startswith("tests/"):
                assert glob.glob(str(ROOT / word)), f".ci/run names {word}, which matches no file"
