"""The output Acorn's BASIC II gives for each conformance program (tests/bbc_basic/cases*.py)
whose output worked out from the User Guide it does not give: Acorn's ROMs are right (issue 18).

Read back from the screen of Acorn's MOS 1.20 and BASIC II on the emulated BBC Micro by
tests/reference/update.py; cases.py puts these in place of the manual's reading, which stays
beside each program for what it was.  None: Acorn's never comes back to the prompt from the
program (it was stopped with ESCAPE after its time ran out)."""

ACORN_OUTPUTS = {
}
