"""assembly/nim_game.s on the emulated machines with our firmware: `acorn run` assembles it, loads it,
starts it, and the machine-code game answers a move with the move the reference makes."""
import re
from pathlib import Path

import pytest

from emulator.cli import main
from emulator.reference.nim import bouton_move

GAME = Path(__file__).resolve().parents[2] / "assembly" / "nim_game.s"
HEAPS = "ABCD"


@pytest.mark.parametrize("machine", ["atom", "bbc"])
def test_the_game_answers_a_move_with_the_reference_move(machine, capsys):
    # the redrawn board ("A 0") comes after the whole reply
    status = main(["run", str(GAME), "--machine", machine, "--headless", "--type", "N", "--type", "A1",
                   "--until", "A 0", "--max-seconds", "8", "--print-screen"])
    out = capsys.readouterr().out
    assert status == 0, out
    reply = re.search(r"I TAKE (\d+) FROM ([A-D])", out)
    expected = bouton_move([0, 3, 5, 7])           # heaps 1,3,5,7 after the player takes A1
    assert reply and (int(reply.group(1)), HEAPS.index(reply.group(2))) == (expected.take, expected.pile)
