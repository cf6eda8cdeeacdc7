"""Arbitrary text never raises anything but the assembler's own error type."""
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from emulator.asm import AsmError, assemble

WORDS = [
    "lda", "sta", "ldx", "jmp", "bne", "asl", "inc16", "a", "x", "y", "#", "(", ")", ",", ":", "=", "*", "<",
    ">", "<<", ">>", "+", "-", "/", "&", "|", "^", "~", "!", "==", "$", "$ff", "$1234", "%101", "'c'", "'\\x41'",
    '"s"', '"\\n"', "1", "300", "70000", "lbl", "@l", "s.lbl", ".org", ".byte", ".word", ".text", ".fill",
    ".align", ".include", ".incbin", ".if", ".ifdef", ".ifndef", ".else", ".elif", ".endif", ".assert",
    ".macro", ".endm", ".scope", ".endscope", ".error", "\n", " ", ";", "\\", "0", "65535", "-1", "\t", '"',
]

programs = st.one_of(
    st.text(max_size=300),
    st.lists(st.sampled_from(WORDS), max_size=80).map(" ".join),
    st.lists(st.sampled_from(WORDS), max_size=80).map("".join),
)


@settings(max_examples=1000, deadline=None, suppress_health_check=list(HealthCheck), derandomize=True)
@given(programs)
def test_arbitrary_text_raises_only_asm_error(text):
    try:
        result = assemble(text, origin=0x1000)
    except AsmError as e:
        assert e.errors and all(isinstance(m, str) and m.count(":") >= 3 for m in e.errors)
        return
    assert isinstance(result.image, bytes)
    assert 0 <= result.origin and result.origin + len(result.image) <= 0x10000


# Programs made of well-formed-looking statements reach the second pass far more often.
_names = st.sampled_from(["a", "b", "lbl", "@l", "@m", "s.a", "zp", "k"])
_atoms = st.one_of(_names, st.sampled_from(["0", "1", "$ff", "$100", "%11", "'x'", "300", "-1", "65535", "*"]))
_expressions = st.recursive(_atoms, lambda e: st.one_of(
    st.tuples(e, st.sampled_from(["+", "-", "*", "/", "&", "|", "^", "<<", ">>", "==", "<"]), e).map(" ".join),
    e.map(lambda x: f"({x})"), e.map(lambda x: f"<{x}"), e.map(lambda x: f">{x}"), e.map(lambda x: f"-{x}"),
), max_leaves=5)
_operands = st.one_of(
    st.just(""), st.just("a"), _expressions.map(lambda e: "#" + e), _expressions,
    _expressions.map(lambda e: e + ",x"), _expressions.map(lambda e: e + ",y"),
    _expressions.map(lambda e: f"({e})"), _expressions.map(lambda e: f"({e},x)"),
    _expressions.map(lambda e: f"({e}),y"),
)
_lines = st.one_of(
    st.tuples(st.sampled_from(["lda", "sta", "ldx", "stx", "jmp", "bne", "asl", "inc", "jsr", "nop", "bit"]),
              _operands).map(" ".join),
    st.tuples(_names, _expressions).map(lambda t: f"{t[0]} = {t[1]}"),
    _names.map(lambda n: n + ":"),
    st.lists(_expressions, min_size=1, max_size=3).map(lambda v: ".byte " + ", ".join(v)),
    st.lists(_expressions, min_size=1, max_size=3).map(lambda v: ".word " + ", ".join(v)),
    _expressions.map(lambda e: ".org " + e), _expressions.map(lambda e: ".fill " + e),
    _expressions.map(lambda e: ".align " + e), _expressions.map(lambda e: ".if " + e),
    _expressions.map(lambda e: ".assert " + e),
    st.sampled_from([".else", ".endif", ".scope s", ".endscope", ".macro mm p", ".endm", "mm 1", "mm"]),
)


@settings(max_examples=500, deadline=None, suppress_health_check=list(HealthCheck), derandomize=True)
@given(st.lists(_lines, max_size=25).map("\n".join))
def test_statement_soup_raises_only_asm_error(text):
    try:
        result = assemble(text, origin=0x1000)
    except AsmError as e:
        assert e.errors and all(m.count(":") >= 3 for m in e.errors)
        return
    assert result.origin + len(result.image) <= 0x10000
