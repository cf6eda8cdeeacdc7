"""Records what Acorn's ROMs show, from the results tests/reference/record.py wrote:

    python tests/reference/record.py --reference DIR -o results.json
    python tests/reference/update.py results.json [--known]

  * tests/atom_basic/*.bas: the rows after "==" become Acorn's rows (after >RUN, the prompt's row
    the last);
  * tests/bbc_basic/acorn_outputs.py: the output of each BBC case whose recorded output (worked out
    from the User Guide in cases*.py) Acorn's BASIC II does not give, read back from Acorn's screen;
  * with --known, tests/reference/known_differences.toml: an entry for every program that differs
    (the diff refreshed; a listed program's reason kept, a new one's reason left for a person to
    write: the tests refuse an entry without one), and none for a program that no longer differs.
"""
import argparse
import json
import sys
from pathlib import Path

TESTS = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(TESTS.parent), str(TESTS)]

from reference import corpus, known  # noqa: E402

# MODE 7 shows these ASCII codes as the SAA5050's own characters (the listings' README); back to ASCII
FROM_TELETEXT = str.maketrans({"\u2190": "[", "\u2192": "]", "\u2016": "|", "\u2015": "_", "\u2191": "^",
                               "\u00bd": "\\", "\u00bc": "{", "\u00be": "}", "\u00f7": "~"})
WIDTH = 40
ACORN_OUTPUTS = TESTS / "bbc_basic" / "acorn_outputs.py"
KNOWN_HEADER = """\
# The differences between our firmware and Acorn's ROMs that are known, one entry a program:
# the machine, the program (as tests/reference/corpus.py names it), the reason a person can act on,
# the unified diff of the two screens (Acorn's ROMs "-", ours "+"; "[cursor ...]" is where the
# cursor is, "[screen before key N]" the screen when the program waited for its Nth key), and the rows
# after >RUN that ours shows: the tests that run on our firmware alone check ours still shows just
# that (a change is either a fix, and the entry goes, or a new difference to record).
# tests/reference/test_differential.py fails for a program that differs and is not here, and for one
# here that no longer differs: the firmware issues empty this list.  The diffs are refreshed by
# tests/reference/update.py --known; the reasons are written by people.  A period listing's entry
# has no diff, and its reason quotes nothing of it: the listing and the screens it gives stay in the
# reference folder (the test prints the diff when it runs).
"""


def update_atom(results):
    changed = []
    for name, r in results.items():
        if not name.startswith("atom_basic/"):
            continue
        path = TESTS / (name + ".bas")
        program, old = path.read_text().split("\n==\n", 1)
        rows = r["acorn"] + ([] if r["acorn_finished"] else [corpus.NEVER_RETURNS])
        new = "\n".join(rows) + "\n"
        if new != old:
            path.write_text(program + "\n==\n" + new)
            changed.append(name)
    return changed


def bytes_from_screen(rows):
    """The output a program printed, from the rows after >RUN (the prompt ends the last), or None
    when the screen cannot say (a row filled to the edge: wrapped, or a new line after it?)."""
    if not rows or not rows[-1].endswith(">"):
        return None
    if any(len(r) >= WIDTH for r in rows):
        return None
    text = "\n".join(rows)[:-1]
    return text.translate(FROM_TELETEXT)


def update_bbc(results):
    from bbc_basic.acorn_outputs import ACORN_OUTPUTS as recorded
    from bbc_basic.cases import MANUAL_CASES
    from bbc_basic.checks import screen_rows
    outputs, unsure = {}, []
    for name, program, inputs, expected in MANUAL_CASES:
        r = results.get(f"bbc_basic/{name}")
        if r is None:                           # not in these results: kept as recorded
            if name in recorded:
                outputs[name] = recorded[name]
            continue
        if not r["acorn_finished"]:
            if r["ours_finished"]:
                outputs[name] = None            # Acorn's BASIC II never comes back
            continue
        has_codes = any(ord(c) < 32 and c != "\n" for c in expected)
        if not has_codes and screen_rows(expected) == r["acorn"]:
            continue
        if has_codes and r["diff"] is None:
            continue                        # the same on the screen: the bytes are not in doubt
        if r.get("acorn_screen", [">RUN"])[:1] != [">RUN"]:
            unsure.append(name)             # the output scrolled away, or the program wrote on it
            continue
        derived = bytes_from_screen(r["acorn"])
        if derived is None or screen_rows(derived) != r["acorn"]:
            unsure.append(name)
            continue
        outputs[name] = derived
    lines = ['"""The output Acorn\'s BASIC II gives for each conformance program (tests/bbc_basic/cases*.py)',
             "whose output worked out from the User Guide it does not give: Acorn's ROMs are right (issue 18).",
             "",
             "Read back from the screen of Acorn's MOS 1.20 and BASIC II on the emulated BBC Micro by",
             "tests/reference/update.py; cases.py puts these in place of the manual's reading, which stays",
             "beside each program for what it was.  None: Acorn's never comes back to the prompt from the",
             'program (it was stopped with ESCAPE after its time ran out)."""',
             "", "ACORN_OUTPUTS = {"]
    for name in sorted(outputs):
        lines.append(f"    {name!r}: {outputs[name]!r},")
    lines.append("}")
    ACORN_OUTPUTS.write_text("\n".join(lines) + "\n")
    return sorted(outputs), unsure


def update_known(results):
    try:
        entries = known.load()
    except FileNotFoundError:
        entries = {}
    new = {}
    for name, r in results.items():
        if name.startswith("listings/"):            # ours against NAME.out, as test_listing has it
            r = dict(r, diff=corpus.listing_diff(name, r["expected"], r["ours"]))
        if r["diff"] is None:
            continue
        key = (r["machine"], name)
        reason = entries.get(key, {}).get("reason", "")
        # a period listing's screens are others' work and stay in the reference folder with it
        new[key] = {"reason": reason, "diff": "" if name.startswith("listings/") else r["diff"]}
        if not name.startswith("listings/"):        # what ours shows, for the tests on ours alone
            new[key]["ours"] = "\n".join(r["ours"] + ([] if r["ours_finished"] else [corpus.NEVER_RETURNS]))
    # entries of programs not in these results stay as they are
    names = set((r["machine"], n) for n, r in results.items())
    for key, entry in entries.items():
        if key not in names:
            new[key] = entry
    known.PATH.write_text(known.dump(new, KNOWN_HEADER))
    return new


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("results", nargs="+")
    parser.add_argument("--known", action="store_true")
    args = parser.parse_args()
    results = {}
    for path in args.results:
        results.update(json.loads(Path(path).read_text()))
    changed = update_atom(results)
    print(f"Atom: {len(changed)} expectations now Acorn's")
    if any(n.startswith("bbc_basic/") for n in results):
        outputs, unsure = update_bbc(results)
        print(f"BBC: {len(outputs)} outputs recorded from Acorn's; not readable from the screen: {unsure}")
    if args.known:
        entries = update_known(results)
        print(f"{len(entries)} known differences; without a reason: "
              f"{sorted(k[1] for k, e in entries.items() if not e['reason'])}")


if __name__ == "__main__":
    main()
