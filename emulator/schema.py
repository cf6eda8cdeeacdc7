"""The vocabulary of save-state schemas: what a device's state may hold, checked value by value.

A state is data from a file, and a crafted file can hold anything a checksum can be recomputed
over.  Each device says what its state() holds with `state_schema()` (a schema, below); every value
is checked against it before any set_state runs, so a loaded machine never meets a value of the
wrong type or out of range (an OverflowError in a compiled field, a hang, a traceback later).
A schema is a dict {key: schema} (exactly those keys), or a check made by the functions below.

The devices (chips, CPU, bus, clock, machines) describe their state with these, and
emulator/state.py checks a loaded file against them; they sit at the bottom of the layers so a chip
need not import the save-state file format to say what it holds.
"""

MAX_CYCLE = 1 << 60             # far beyond any run (18,000 years at 2 MHz); well inside 64 bits
MAX_TEXT = 256                  # the longest string a state holds (a file name, a key name)


class SchemaError(ValueError):
    pass


def _fail(where, value, want):
    text = repr(value)
    raise SchemaError(f"{where} is {text[:40] + '...' if len(text) > 40 else text}, not {want}")


def integer(lo, hi):
    def check(value, where):
        if type(value) is not int or not lo <= value <= hi:
            _fail(where, value, f"an integer {lo}..{hi}")
    return check


U8, U16, FLAG = integer(0, 0xFF), integer(0, 0xFFFF), integer(0, 1)
CYCLE = integer(0, MAX_CYCLE)


def boolean(value, where):
    if type(value) is not bool:
        _fail(where, value, "true or false")


def real(lo, hi):
    def check(value, where):
        if type(value) not in (int, float) or not lo <= value <= hi:
            _fail(where, value, f"a number {lo}..{hi}")
    return check


def text(choices=None, longest=MAX_TEXT):
    def check(value, where):
        if type(value) is not str or len(value) > longest or (choices is not None and value not in choices):
            _fail(where, value, f"one of {sorted(choices)}" if choices is not None else "a short text")
    return check


def data(shortest, longest=None):
    longest = shortest if longest is None else longest

    def check(value, where):
        if type(value) is not bytes or not shortest <= len(value) <= longest:
            _fail(where, value, f"{shortest}-{longest} bytes" if shortest != longest else f"{shortest} bytes")
    return check


def items(item, shortest, longest=None):
    """A list of `shortest`..`longest` values, each checked by `item`."""
    longest = shortest if longest is None else longest

    def check(value, where):
        if type(value) is not list or not shortest <= len(value) <= longest:
            _fail(where, value, f"a list of {shortest}-{longest} items")
        for i, element in enumerate(value):
            validate(element, item, f"{where}[{i}]")
    return check


def fixed(*parts):
    """A list of exactly these values, in order (a record)."""
    def check(value, where):
        if type(value) is not list or len(value) != len(parts):
            _fail(where, value, f"a list of {len(parts)} items")
        for i, (element, part) in enumerate(zip(value, parts)):
            validate(element, part, f"{where}[{i}]")
    return check


def maybe(schema):
    def check(value, where):
        if value is not None:
            validate(value, schema, where)
    return check


def mapping(key, item, longest):
    """A dict of at most `longest` entries: keys checked by `key`, values by `item`."""
    def check(value, where):
        if type(value) is not dict or len(value) > longest:
            _fail(where, value, f"a mapping of at most {longest} entries")
        for k, v in value.items():
            validate(k, key, f"{where} key")
            validate(v, item, f"{where}.{k}")
    return check


def validate(value, schema, where="state"):
    """Raise SchemaError naming the first value that `schema` does not allow."""
    if isinstance(schema, dict):
        if type(value) is not dict:
            _fail(where, value, "a mapping")
        if set(value) != set(schema):
            missing, extra = sorted(set(schema) - set(value)), sorted(set(value) - set(schema))
            raise SchemaError(f"{where} has " + "; ".join(
                part for part in (f"no {', '.join(missing)}" if missing else "",
                                  f"unknown {', '.join(extra)}" if extra else "") if part))
        for key, part in schema.items():
            validate(value[key], part, f"{where}.{key}")
        return
    schema(value, where)
