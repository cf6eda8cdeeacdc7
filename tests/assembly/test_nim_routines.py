"""The hand-written Nim routines of assembly/, run on the emulated 6502 against the Python references.

Each file is assembled by `acorn asm` (the real command, in-process), loaded into a bare CPU and
called through `JSR routine : JMP *`.  Every call checks two things: the answer agrees with
emulator/reference, and the cycle count is exactly what the formula in the routine's own header
says -- the formulas are read out of the .s files here, so a header that drifts from the code fails.
Exhaustive where the domain allows; hypothesis (derandomized) beyond.
"""
import os
import random
import re
from itertools import combinations, product

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from emulator import cli
from emulator.asm import AsmError, assemble, read_symbol_file
from emulator.commands.bench_nim import ASSEMBLY_DIR, NimRoutines
from emulator.reference import nim
from emulator.reference import silver_dollar as sd

FILES = {
    "nim_sum": "nim_sum.s",
    "nim_sum16": "nim_sum16.s",
    "bouton_move": "bouton_move.s",
    "misere_move": "misere_move.s",
    "single_pile_move": "single_pile.s",
    "moore_is_safe": "moore_safe.s",
    "silver_dollar_move": "silver_dollar.s",
}

PROPERTY = settings(max_examples=400, derandomize=True, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow])


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    """routine -> (NimRoutines, header text, image length), each assembled by `acorn asm`."""
    out = tmp_path_factory.mktemp("nim")
    result = {}
    for routine, name in FILES.items():
        source = os.path.join(ASSEMBLY_DIR, name)
        binary, symbols = out / f"{routine}.bin", out / f"{routine}.sym"
        assert cli.main(["asm", source, "-o", str(binary), "--symbols", str(symbols)]) == 0
        table = read_symbol_file(symbols)
        origin = min(s.value for s in table if s.kind == "label")
        image = binary.read_bytes()
        with open(source, encoding="utf-8") as f:
            header = f.read()
        runner = NimRoutines(image, origin, {s.name: s.value for s in table})
        result[routine] = (runner, header, len(image))
    return result


def formula(header, label):
    """The cycle formula that follows `label` on a comment line of a routine's header, compiled.

    A header line reads `;   LABEL   EXPRESSION   (remark)`; `[X > j]` (1 when true) is Python's
    `(X > j)`."""
    pattern = re.compile(r"^;\s+" + re.escape(label) + r"\s{2,}(.+?)(?:\s{2,}|,|$)", re.M)
    match = pattern.search(header)
    assert match, f"no cycle formula '{label}' in the header"
    text = match.group(1).replace("[", "(").replace("]", ")")
    return compile(text, label, "eval")


def cycles(code, **values):
    return eval(code, {}, values)


# --- nim_sum, nim_sum16 -----------------------------------------------------------------------------

def test_nim_sum_every_heap_count(built):
    runner, header, _ = built["nim_sum"]
    rule = formula(header, "Cycles:")
    rng = random.Random(1)
    for n in range(1, 17):
        for heaps in ([0] * n, [255] * n, [rng.randrange(256) for _ in range(n)],
                      [rng.randrange(256) for _ in range(n)]):
            runner.put_heaps(heaps)
            spent = runner.call("nim_sum", x=n, y=0x5A, p=0x21)      # C set: it must survive
            cpu = runner.cpu
            assert cpu.a == nim.nim_sum(heaps)
            assert (cpu.x, cpu.y, cpu.p & 0x83) == (0, 0x5A, 0x03)   # X=0, Y kept; C kept, Z=1, N=0
            assert spent == cycles(rule, N=n)


def test_nim_sum16_every_heap_count(built):
    runner, header, _ = built["nim_sum16"]
    rule = formula(header, "Cycles:")
    rng = random.Random(2)
    for n in range(1, 17):
        for heaps in ([0xFFFF] * n, [rng.randrange(65536) for _ in range(n)],
                      [rng.choice([0, 0x100, 0xFF, rng.randrange(65536)]) for _ in range(n)]):
            value, spent = runner.nim_sum16(heaps)
            assert value == nim.nim_sum(heaps)
            assert spent == cycles(rule, N=n)


@PROPERTY
@given(st.lists(st.integers(0, 255), min_size=1, max_size=16))
def test_nim_sum_property(built, heaps):
    runner, header, _ = built["nim_sum"]
    value, spent = runner.nim_sum(heaps)
    assert value == nim.nim_sum(heaps)
    assert spent == cycles(formula(header, "Cycles:"), N=len(heaps))


# --- Bouton's move and the misere move -------------------------------------------------------------

def bouton_expected_cycles(header, heaps):
    n = len(heaps)
    move = nim.winning_move(heaps)
    if move is not None:
        return cycles(formula(header, "unsafe position"), N=n, i=move.pile)
    if not any(heaps):
        return cycles(formula(header, "every heap empty"), N=n)
    updates, best = 0, 1
    for heap in reversed(heaps):
        if heap >= best:
            updates, best = updates + 1, heap
    return cycles(formula(header, "safe position"), N=n, u=updates)


def misere_expected_cycles(built, heaps):
    header = built["misere_move"][1]
    b = bouton_expected_cycles(built["bouton_move"][1], heaps)
    if not any(heaps):
        return cycles(formula(header, "every heap empty"), B=b)
    normal = nim.bouton_move(heaps)
    if normal.leave >= 2:
        return cycles(formula(header, "the normal move leaves 2 or more"), B=b)
    x = normal.pile
    if heaps[x] <= 1:
        return cycles(formula(header, "it leaves 0 or 1 of a heap of 0 or 1"), B=b)
    others = [j for j, heap in enumerate(heaps) if j != x and heap >= 2]
    if not others:
        return cycles(formula(header, "heap X was the only heap over 1 (flip)"), B=b, N=len(heaps))
    j = max(others)
    return cycles(formula(header, "another heap j holds 2 or more"), B=b, s=len(heaps) - 1 - j,
                  X=x, j=j)


def check_move(built, routine, heaps, expected_cycles):
    runner = built[routine][0]
    move, spent = runner.move(routine, heaps)
    reference = nim.bouton_move if routine == "bouton_move" else nim.misere_move
    if not any(heaps):
        assert move is None, heaps
    else:
        want = reference(heaps)
        assert move == (want.pile, want.take, want.leave), heaps
    assert list(runner.memory[0x70:0x70 + len(heaps)]) == list(heaps)        # heaps only read
    assert spent == expected_cycles, heaps


def test_bouton_seed_examples(built):
    """The seeds' worked examples (000/002 section 1.1; 004): 1,3,5,7,11 and 4,5,6."""
    runner = built["bouton_move"][0]
    assert runner.move("bouton_move", [1, 3, 5, 7, 11])[0] == (4, 11, 0)     # take all 11
    assert runner.move("bouton_move", [4, 5, 6])[0] == (0, 1, 3)             # first of three
    assert runner.move("bouton_move", [8, 7, 15])[0] == (2, 1, 14)           # safe: one from 15
    assert runner.move("bouton_move", [0, 0, 0])[0] is None


def test_bouton_every_three_heap_position_below_32(built):
    header = built["bouton_move"][1]
    for heaps in product(range(32), repeat=3):
        check_move(built, "bouton_move", heaps, bouton_expected_cycles(header, heaps))


@pytest.mark.slow
def test_bouton_every_three_heap_position_below_64(built):
    header = built["bouton_move"][1]
    for heaps in product(range(64), repeat=3):
        check_move(built, "bouton_move", heaps, bouton_expected_cycles(header, heaps))


def test_misere_seed_examples(built):
    runner = built["misere_move"][0]
    assert runner.move("misere_move", [1, 1, 1, 7])[0] == (3, 7, 0)          # take all 7
    assert runner.move("misere_move", [1, 1, 1, 1, 7])[0] == (4, 6, 1)       # take 6
    assert runner.move("misere_move", [1, 1, 0])[0] == (0, 1, 0)
    assert runner.move("misere_move", [0, 0])[0] is None


def test_misere_every_four_heap_position_below_16(built):
    """Every endgame shape: the one-big-heap flips, all-small heaps, two big heaps."""
    for heaps in product(range(16), repeat=4):
        check_move(built, "misere_move", heaps, misere_expected_cycles(built, heaps))


@pytest.mark.slow
def test_misere_every_three_heap_position_below_64(built):
    for heaps in product(range(64), repeat=3):
        check_move(built, "misere_move", heaps, misere_expected_cycles(built, heaps))


heap_lists = st.lists(st.one_of(st.integers(0, 255), st.integers(0, 3)), min_size=1, max_size=16)


@PROPERTY
@given(heap_lists)
def test_bouton_property(built, heaps):
    check_move(built, "bouton_move", heaps, bouton_expected_cycles(built["bouton_move"][1], heaps))


@PROPERTY
@given(heap_lists)
def test_misere_property(built, heaps):
    check_move(built, "misere_move", heaps, misere_expected_cycles(built, heaps))


def test_moves_with_sixteen_heaps(built):
    """The largest N, with the safe-position path (a safe position from pairs of equal heaps)."""
    rng = random.Random(3)
    for _ in range(300):
        pairs = [rng.randrange(256) for _ in range(8)]
        heaps = pairs + pairs[::-1]
        rng.shuffle(heaps)
        check_move(built, "bouton_move", heaps, bouton_expected_cycles(built["bouton_move"][1], heaps))
        check_move(built, "misere_move", heaps, misere_expected_cycles(built, heaps))


# --- the single-pile game ---------------------------------------------------------------------------

def test_single_pile_every_pile(built):
    runner, header, _ = built["single_pile_move"]
    for matches in range(256):
        take, spent = runner.single_pile_move(matches)
        if matches == 0:
            assert (take, runner.cpu.p & 2) == (0, 2)
            assert spent == cycles(formula(header, "empty pile"))
            continue
        assert take == nim.single_pile_move(matches), matches
        assert 1 <= take <= nim.single_pile_max_take(matches)
        label = "safe pile" if nim.single_pile_is_safe(matches) else "unsafe pile"
        assert spent == cycles(formula(header, label), L=matches.bit_length()), matches


def test_single_pile_seed_example(built):
    """47 matches: the top bit (32) goes, 15 + 1 = 16 are taken, leaving the safe 31."""
    assert built["single_pile_move"][0].single_pile_move(47)[0] == 16


# --- Moore's Nim_k --------------------------------------------------------------------------------

def check_moore(built, heaps, k):
    runner, header, _ = built["moore_is_safe"]
    safe, counts, spent = runner.moore_is_safe(heaps, k)
    assert safe == nim.moore_is_safe(heaps, k), (heaps, k)
    reduced = nim.moore_column_sums(heaps, k)
    assert [c % (k + 1) for c in counts[:len(reduced)]] == reduced
    assert counts == [sum((h >> bit) & 1 for h in heaps) for bit in range(8)]
    expected = cycles(formula(header, "the call"))
    for heap in heaps:
        label = ("each heap of 0-7" if heap < 8 else "each heap of 8-15" if heap < 16
                 else "each heap of 16-255")
        expected += cycles(formula(header, label), P=bin(heap).count("1"))
    assert spent == expected, (heaps, k)


def test_moore_seed_example(built):
    """Seed 000/002: 1,3,5,7,11 with N = 2 gives the column sums 1202 (most significant first)."""
    runner = built["moore_is_safe"][0]
    safe, counts, _ = runner.moore_is_safe([1, 3, 5, 7, 11], 2)
    assert not safe and [c % 3 for c in counts[:4]] == [2, 0, 2, 1]


def test_moore_every_three_heap_position_below_16_every_k(built):
    for k in range(1, 8):
        for heaps in product(range(16), repeat=3):
            check_moore(built, heaps, k)


@pytest.mark.slow
def test_moore_every_three_heap_position_below_64(built):
    for k in (2, 7):
        for heaps in product(range(64), repeat=3):
            check_moore(built, heaps, k)


@PROPERTY
@given(st.lists(st.integers(0, 255), min_size=1, max_size=16), st.integers(1, 7))
def test_moore_property(built, heaps, k):
    check_moore(built, heaps, k)


def test_moore_safe_positions_with_sixteen_heaps(built):
    """k+1 copies of each heap make every column divisible: safe; one match more is not."""
    rng = random.Random(4)
    for k in range(1, 8):
        for _ in range(50):
            groups = 16 // (k + 1)
            heaps = [h for h in (rng.randrange(256) for _ in range(groups)) for _ in range(k + 1)]
            check_moore(built, heaps, k)
            assert built["moore_is_safe"][0].moore_is_safe(heaps, k)[0]
            heaps[0] ^= 1
            check_moore(built, heaps, k)


# --- Silver Dollar --------------------------------------------------------------------------------

def test_silver_dollar_every_position(built):
    runner, header, _ = built["silver_dollar_move"]
    rules = {label: formula(header, label) for label in (
        "S not 0, coin A moves", "S not 0, coin C moves", "S not 0, coin E moves",
        "S = 0, coin A moves", "S = 0, coin n moves", "no coin can move")}
    for coins in combinations(range(sd.BOARD_SQUARES), 5):
        move, spent = runner.silver_dollar_move(coins)
        if sd.is_won(coins):
            assert move is None
            assert spent == cycles(rules["no coin can move"])
            continue
        want = sd.computer_move(coins)
        assert move == (want.coin, want.distance), coins
        letter = want.letter
        if sd.nim_sum(coins):
            label = f"S not 0, coin {letter} moves"
        else:
            label = "S = 0, coin A moves" if letter == "A" else "S = 0, coin n moves"
        assert spent == cycles(rules[label], n=want.coin), coins


# --- the headers ----------------------------------------------------------------------------------

@pytest.mark.parametrize("routine", sorted(FILES))
def test_header_states_the_size(built, routine):
    runner, header, length = built[routine]
    if routine == "misere_move":
        length = runner.symbols["bouton_move"] - runner.symbols["misere_move"]
    match = re.search(r"^; Size:\s+(\d+) bytes", header, re.M)
    assert match and int(match.group(1)) == length


@pytest.mark.parametrize("routine", sorted(FILES))
def test_header_opens_with_the_calling_convention(built, routine):
    header = built[routine][1]
    opening = []
    for line in header.splitlines():
        if not line.startswith(";"):
            break
        opening.append(line)
    assert opening[0].startswith(f"; {routine} -- ")
    for field in ("; In:", "; Out:", "; Cycles", "; Size:"):
        assert any(line.startswith(field) for line in opening), field
    assert any(line.startswith(("; Clobbers:", "; Kept:")) for line in opening)


def test_a_branch_across_a_page_is_refused():
    """The asserts behind the formulas: placed so its loop branch crosses a page, nim_sum would
    take a cycle more a heap, and the assembler refuses it."""
    source = "NIM_PROGRAM = 1\n        .org $20FA\n        .include \"nim_sum.s\"\n"
    with pytest.raises(AsmError, match="crosses a page"):
        assemble(source, filename=os.path.join(ASSEMBLY_DIR, "placed.s"))
    assemble(source.replace("$20FA", "$20F0"), filename=os.path.join(ASSEMBLY_DIR, "placed.s"))


# --- acorn bench nim and assembly/README.md -------------------------------------------------------

def readme_section(marker):
    with open(os.path.join(ASSEMBLY_DIR, "README.md"), encoding="utf-8") as f:
        text = f.read()
    start = text.index(f"<!-- {marker} -->\n") + len(f"<!-- {marker} -->\n")
    return text[start:text.index(f"\n<!-- end {marker} -->")]


def test_acorn_bench_nim_prints_the_table_in_the_readme(capsys):
    assert cli.main(["bench", "nim"]) == 0
    printed = capsys.readouterr().out.rstrip("\n")
    assert printed == readme_section("acorn bench nim")
    assert "| heaps | nim_sum | nim_sum16 |" in printed


def test_readme_nim_sum_trace_is_current():
    from emulator.commands.bench_nim import nim_sum_trace

    trace = nim_sum_trace([1, 3, 5, 7, 11])
    assert trace == readme_section("nim_sum trace")
    last = trace.splitlines()[-1]
    assert last.split("|")[1].strip() == str(13 + 9 * 5)      # the formula, once more


@pytest.mark.parametrize("routine", sorted(FILES))
def test_readme_sizes_match_the_headers(built, routine):
    with open(os.path.join(ASSEMBLY_DIR, "README.md"), encoding="utf-8") as f:
        rows = [line for line in f if line.startswith(f"| `{FILES[routine]}` | `{routine}`")]
    assert len(rows) == 1
    stated = re.search(r"^; Size:\s+(\d+) bytes", built[routine][1], re.M).group(1)
    assert rows[0].split("|")[3].strip().split()[0] == stated
