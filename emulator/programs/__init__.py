"""The 6502 programs the suite runs itself, in one place: the bench workloads (`acorn bench`), the
test ROMs and programs the tests run (tests/), and hardware.inc, the chip addresses they share.
Our firmware is elsewhere (roms/src/), and so are the routines written for people to read (assembly/)."""
from pathlib import Path

DIRECTORY = Path(__file__).resolve().parent
