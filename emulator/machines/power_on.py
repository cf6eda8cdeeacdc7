"""What RAM holds at power-on: not zeros, but a pattern that differs from one switch-on to the next.

Dynamic and static RAM power up in an unpredictable state, and period software notices: Acorn's Atom
BASIC seeds RND from RAM it never cleared, so with zeroed RAM its RND returns 0 for ever.  Each
machine fills its RAM at power-on from a generator seeded with `seed`, so one seed gives one
machine, cycle for cycle, and a fresh seed gives a fresh power-on (emulator/session.py picks one per
run unless told).  BREAK keeps RAM as the hardware does.
"""
import random

SEED_LIMIT = 1 << 32            # seeds are 32-bit numbers (shown in the status line and save states)


def new_seed():
    """A fresh power-on seed."""
    return random.SystemRandom().randrange(SEED_LIMIT)


def check_seed(seed):
    """The seed as an int, or ValueError naming what a seed must be."""
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < SEED_LIMIT:
        raise ValueError(f"a power-on seed is a whole number from 0 to {SEED_LIMIT - 1}, not {seed!r}")
    return seed


def power_on_pattern(seed, size):
    """`size` bytes of power-on RAM contents for `seed`."""
    return random.Random(check_seed(seed)).randbytes(size)
