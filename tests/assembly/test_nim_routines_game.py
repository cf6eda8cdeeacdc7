"""assembly/nim_game.s on a bare 6502, under a tiny test-only OS written here in 6502 assembly.

The machines' own firmware is not needed for the game's logic: the test OS answers the game's
OS calls at the documented addresses of the machine chosen (Atom: OSRDCH #FFE3, OSCRLF #FFED,
OSWRCH #FFF4; BBC: OSRDCH &FFE0, OSNEWL &FFE7, OSWRCH &FFEE, OSBYTE &FFF4), puts every character
written into a buffer and feeds keys from another.  When the keys run out it stops in a loop (a
trap), so a test can also see what the game shows while it waits.  The game is assembled by
`acorn asm` (a one-line wrapper sets MACHINE_BBC for the BBC build).
"""
import os
import random

import pytest

from emulator import cli
from emulator.asm import assemble
from emulator.bus import Bus
from emulator.commands.bench_nim import ASSEMBLY_DIR
from emulator.cpu.core import CPU, STOP_TRAP
from emulator.reference import nim

TEST_OS = r"""
; The test OS: OSWRCH appends A to the output buffer, OSRDCH takes the next key (0 ends them:
; it then waits for ever, a trap the test sees), the newline call writes LF and CR.
out     = $F0                   ; pointer to the next output byte
key     = $F2                   ; pointer to the next key
save_y  = $F4

        .org $F000
wrch:   sty save_y
        ldy #0
        sta (out),y
        inc out
        bne @same
        inc out+1
@same:  ldy save_y
        rts
rdch:   sty save_y
        ldy #0
        lda (key),y
        beq waiting
        inc key
        bne @same
        inc key+1
@same:  ldy save_y
        cmp #$1B                ; C = 1 for ESCAPE, as the BBC's OSRDCH gives it
        beq @escape
        clc
        rts
@escape: sec
        rts
waiting: jmp waiting
newline: lda #10
        jsr wrch
        lda #13
        jmp wrch
osbyte: inc escapes_seen        ; counts OSBYTE calls (the game makes one: &7E after ESCAPE)
        rts
escapes_seen: .byte 0

        .if MACHINE_BBC
        .org $FFE0
        jmp rdch
        .org $FFE7
        jmp newline
        .org $FFEE
        jmp wrch
        .org $FFF4
        jmp osbyte
        .else
        .org $FFE3
        jmp rdch
        .org $FFED
        jmp newline
        .org $FFF4
        jmp wrch
        .endif
"""

OUTPUT = 0x4000
KEYS = 0x0800
DRIVER = 0x0200
GAME = 0x3000


@pytest.fixture(scope="module", params=["atom", "bbc"])
def machine(request, tmp_path_factory):
    """(machine name, game image, test OS assembly) for each machine."""
    name = request.param
    out = tmp_path_factory.mktemp(name)
    source = os.path.join(ASSEMBLY_DIR, "nim_game.s")
    if name == "bbc":
        wrapper = out / "nim_game_bbc.s"
        wrapper.write_text(f'MACHINE_BBC = 1\n        .include "{source}"\n')
        source = str(wrapper)
    binary = out / "nim_game.bin"
    assert cli.main(["asm", source, "-o", str(binary)]) == 0
    test_os = assemble(f"MACHINE_BBC = {int(name == 'bbc')}\n" + TEST_OS)
    return name, binary.read_bytes(), test_os


def play(machine, keys, max_cycles=20_000_000):
    """Run the game with `keys`; returns (text shown, finished, OSBYTE calls)."""
    name, game, test_os = machine
    bus = Bus()
    bus.load(GAME, game)
    bus.load(test_os.origin, test_os.image)
    bus.load(KEYS, keys.encode("latin-1") + b"\0")
    bus.load(DRIVER, bytes([0x20, GAME & 0xFF, GAME >> 8, 0x4C, (DRIVER + 3) & 0xFF, DRIVER >> 8]))
    bus.memory[0xF0:0xF4] = bytes([OUTPUT & 0xFF, OUTPUT >> 8, KEYS & 0xFF, KEYS >> 8])
    cpu = CPU(bus)
    cpu.pc = DRIVER
    cpu.s = 0xFF
    cpu.stop_on_trap = True
    assert cpu.run(max_cycles) == STOP_TRAP, "the game neither ended nor waited for a key"
    end = bus.memory[0xF0] | bus.memory[0xF1] << 8
    text = bytes(bus.memory[OUTPUT:end]).decode("latin-1").replace("\n\r", "\n")
    finished = cpu.pc == DRIVER + 3
    if not finished:
        assert cpu.pc == test_os.symbols["waiting"]
    return text, finished, bus.memory[test_os.symbols["escapes_seen"]]


# --- what the game should show, from the references ------------------------------------------------

TITLE = "NIM\nN: LAST MATCH WINS\nM: LAST MATCH LOSES\nN OR M? "


def board(heaps):
    return "".join(f"{'ABCD'[i]} {h} {'|' * h}\n" for i, h in enumerate(heaps))


def transcript(mode, human_moves):
    """The exact text of a game in which the player makes `human_moves` ((heap, take) pairs,
    used in order) and the computer answers as the reference says.  Returns (keys, text)."""
    heaps = [1, 3, 5, 7]
    keys, text = mode, TITLE + mode + "\n"
    computer = nim.misere_move if mode == "M" else nim.bouton_move
    for heap, take in human_moves:
        text += "\n" + board(heaps) + "YOUR MOVE (HEAP, HOW MANY)? "
        letter = "ABCD"[heap]
        keys += letter + str(take)
        text += f"{letter}{take}\n"
        heaps[heap] -= take
        if not any(heaps):
            return keys, text + ("I WIN!\n" if mode == "M" else "YOU WIN!\n")
        move = computer(heaps)
        text += f"I TAKE {move.take} FROM {'ABCD'[move.pile]}\n"
        heaps[move.pile] = move.leave
        if not any(heaps):
            return keys, text + ("YOU WIN!\n" if mode == "M" else "I WIN!\n")
    raise AssertionError("the moves given do not finish the game")


def random_game(mode, rng):
    """Moves for a player who picks at random among legal moves, replayed against the reference."""
    heaps = [1, 3, 5, 7]
    computer = nim.misere_move if mode == "M" else nim.bouton_move
    moves = []
    while True:
        heap = rng.choice([i for i, h in enumerate(heaps) if h])
        take = rng.randint(1, heaps[heap])
        moves.append((heap, take))
        heaps[heap] -= take
        if not any(heaps):
            return moves
        move = computer(heaps)
        heaps[move.pile] = move.leave
        if not any(heaps):
            return moves


# --- the tests ------------------------------------------------------------------------------------

@pytest.mark.parametrize("mode", ["N", "M"])
def test_whole_games_against_the_reference(machine, mode):
    rng = random.Random(7 if mode == "N" else 8)
    for _ in range(12):
        keys, expected = transcript(mode, random_game(mode, rng))
        text, finished, _ = play(machine, keys)
        assert finished
        assert text == expected


def test_the_opening_position_is_safe_so_the_computer_wins(machine):
    """1,3,5,7 has nim-sum 0: against Bouton's move the player cannot win the normal game."""
    rng = random.Random(9)
    for _ in range(10):
        keys, expected = transcript("N", random_game("N", rng))
        assert expected.endswith("I WIN!\n")
        assert play(machine, keys)[0] == expected


def test_a_misere_game_where_the_reverse_rule_changes_the_move(machine):
    """The misere build of the game really plays misere: a game in which, at some point, the
    computer's misere move differs from the normal one (the one-big-heap endgame)."""
    rng = random.Random(10)
    for _ in range(500):
        moves = random_game("M", rng)
        heaps, differs = [1, 3, 5, 7], False
        for heap, take in moves:
            heaps[heap] -= take
            if not any(heaps):
                break
            differs |= nim.misere_move(heaps) != nim.bouton_move(heaps)
            move = nim.misere_move(heaps)
            heaps[move.pile] = move.leave
        if differs:
            break
    assert differs
    keys, expected = transcript("M", moves)
    assert expected.endswith("I WIN!\n")          # 1,3,5,7 is safe in the misere game too
    text, finished, _ = play(machine, keys)
    assert finished and text == expected


def test_nonsense_keys_ring_the_bell(machine):
    # '?' for the mode; 'E' is no heap; after 'A' (1 match), '2' is too many and 'Z' no number
    keys = "?nE" + "a2Z1"
    text, finished, _ = play(machine, keys)
    assert not finished
    assert text.startswith(TITLE + "\aN\n\n" + board([1, 3, 5, 7]) + "YOUR MOVE (HEAP, HOW MANY)? \aA\a\a1\n")
    # A's single match taken; the computer answers from 0,3,5,7
    move = nim.bouton_move([0, 3, 5, 7])
    assert f"I TAKE {move.take} FROM {'ABCD'[move.pile]}\n" in text


def test_an_empty_heap_cannot_be_chosen(machine):
    text, finished, _ = play(machine, "NA1A")
    assert not finished and text.endswith("YOUR MOVE (HEAP, HOW MANY)? \a")


def test_escape_leaves_the_game(machine):
    name = machine[0]
    text, finished, osbytes = play(machine, "N\x1b")
    assert finished
    assert text.endswith("YOUR MOVE (HEAP, HOW MANY)? \n")
    assert osbytes == (1 if name == "bbc" else 0)      # the BBC acknowledges ESCAPE (OSBYTE &7E)
