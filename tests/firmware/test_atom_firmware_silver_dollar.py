"""The Atom Silver Dollar listing (seed 001, "Atom Version") typed into our firmware and played.

tests/atom_basic/silver_dollar.atom is the printed listing with the scan's misreadings put right
(l -> 1 in 20, 2000 and 1200, typographic quotes -> ", lines 1100 and 1120 split) and line 20
corrected as emulator/reference/silver_dollar.py documents (a start with E past square 28 would
print dots for ever), written without spaces so that it fits the Atom's 64-byte input buffer.  Every move the listing's computer makes is checked against the reference.
"""
import random

from emulator.reference import silver_dollar as ref

from atom_firmware_support import CONFORMANCE_DIR, at_prompt, boot, rows, type_and_wait

LISTING = CONFORMANCE_DIR / "silver_dollar.atom"
PERSON = {"hold_ms": 50, "gap_ms": 50}


def board(m):
    """The coins' squares read off the top row (square s is column s + 1)."""
    row = rows(m)[0][1:].upper()
    return tuple(row.index(letter) for letter in "ABCDE")


def wait_for_board(m, wanted, max_seconds=60):
    waited = 0.0
    while waited < max_seconds:
        m.run(0.25)
        waited += 0.25
        try:
            if board(m) == wanted:
                m.run(0.5)      # the listing finishes the move and comes back to LINK R
                return
        except ValueError:          # a coin is being moved: its letter is briefly off the row
            pass
    raise AssertionError(f"board {rows(m)[0]!r} never became {wanted}")


def play(seed):
    m = boot()
    for line in LISTING.read_text().splitlines():
        type_and_wait(m, line + "\n", 0.02)
    type_and_wait(m, "RUN\n", 2.0)
    chooser = random.Random(seed)
    position = board(m)
    assert rows(m)[0] == ref.board_row(position).rstrip() or rows(m)[0].startswith(" ")
    for _ in range(100):
        if ref.is_won(position):
            m.run(1.0)
            return m, "I WIN!"
        move = chooser.choice(ref.legal_moves(position))
        for _ in range(move.distance):          # keys at a person's pace (not queued by the Atom)
            type_and_wait(m, move.letter, 0.3, **PERSON)
        type_and_wait(m, "\n", 0.1, **PERSON)
        position = ref.apply_move(position, move)
        if ref.is_won(position):
            m.run(1.0)
            return m, "YOU WIN!"
        position = ref.apply_move(position, ref.computer_move(position))
        wait_for_board(m, position)
    raise AssertionError("the game did not end")


def test_silver_dollar_plays_a_whole_game():
    m, winner = play(seed=1)
    text = "\n".join(rows(m))
    assert winner in text
    assert rows(m)[-1] == ">" or ">" in rows(m)


def test_the_listing_can_be_pasted_at_a_persons_typing_speed():
    m = boot()
    text = LISTING.read_text()
    m.type(text)                                   # one queue of keys, 50 ms down, 50 ms up
    m.run_until_typed(max_seconds=1000)
    m.run(0.5)
    stored, address = [], 0x2901                   # the program as BASIC holds it (after the 13)
    while m.memory[address] < 0x80:
        end = address + 2
        while m.memory[end] != 13:
            end += 1
        number = m.memory[address] * 256 + m.memory[address + 1]
        stored.append(f"{number}{m.memory[address + 2:end].decode('ascii')}")
        address = end + 1
    assert stored == [line for line in text.splitlines() if line]


def test_silver_dollar_second_game():
    m, winner = play(seed=7)
    assert winner in "\n".join(rows(m))


def test_escape_and_break_stop_the_game():
    m = boot()
    for line in LISTING.read_text().splitlines():
        type_and_wait(m, line + "\n", 0.02)
    type_and_wait(m, "RUN\n", 2.0)
    type_and_wait(m, "\x1b", 0.5, **PERSON)        # ESCAPE while LINK R waits in OSRDCH
    assert not any(r.startswith("ERROR") for r in rows(m))     # ESCAPE reports no error
    assert at_prompt(m)                                        # back at the prompt
    type_and_wait(m, "RUN\n", 2.0)
    type_and_wait(m, "PRINT 1\n", 0.5)             # keys go to the game, not to BASIC
    m.break_key()
    m.run(0.5)
    assert rows(m)[:3] == ["ACORN ATOM", "", ">"]
    type_and_wait(m, "OLD\nRUN\n", 2.0)            # the program survives BREAK
    assert rows(m)[0].startswith(" ") and "A" in rows(m)[0]
