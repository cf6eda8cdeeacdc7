"""Runs the whole corpus through the harness and writes what it found, for a person to act on:

    python tests/reference/record.py --reference DIR [--machine atom|bbc] [--only TEXT] -o results.json

Each program's entry: Acorn's rows and ours (the screen at the end, the rows after >RUN), whether
they differ, and the diff.  tests/reference/update.py turns such a file into the recorded
expectations and the entries of known_differences.toml.
"""
import argparse
import json
import sys
import time
from pathlib import Path

# this checkout's emulator and tests (not an installed copy elsewhere)
sys.path[:0] = [str(Path(__file__).resolve().parents[2]), str(Path(__file__).resolve().parent.parent)]

from reference import corpus  # noqa: E402
from reference.harness import Pair  # noqa: E402


def programs(reference, machine):
    if machine == "atom":
        found = corpus.atom_conformance()
    else:
        found = corpus.bbc_conformance()
    found += [p for p in corpus.MACHINE_PROGRAMS if p.machine == machine]
    return found + corpus.listings(reference, machine)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--reference", required=True)
    parser.add_argument("--machine", choices=["atom", "bbc"], action="append")
    parser.add_argument("--only", default="")
    parser.add_argument("-o", "--output", required=True)
    args = parser.parse_args()
    results = {}
    for machine in args.machine or ["atom", "bbc"]:
        pair = Pair(machine, str(Path(args.reference) / "roms" / machine))
        for program in programs(args.reference, machine):
            if args.only not in program.name:
                continue
            start = time.time()
            acorn, ours, diff = pair.run(program)
            results[program.name] = {
                "machine": machine,
                "acorn": corpus.output_rows(acorn.final.rows), "ours": corpus.output_rows(ours.final.rows),
                "acorn_screen": acorn.final.rows, "ours_screen": ours.final.rows,
                "acorn_finished": acorn.finished, "ours_finished": ours.finished,
                "expected": list(program.expected) if program.expected is not None else None,
                "diff": diff, "seconds": round(time.time() - start, 2)}
            print(f"{program.name}: {'differs' if diff else 'same'} ({time.time() - start:.1f}s)",
                  flush=True)
    Path(args.output).write_text(json.dumps(results, indent=1, ensure_ascii=False))


if __name__ == "__main__":
    main()
