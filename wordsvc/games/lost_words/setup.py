"""Setting up a Lost Words game (rulebook, Setup): nature cards dealt face up, two in the
middle, the rest boxed; three hand cards each; the first discard card turned over."""

from __future__ import annotations

from wordsvc.games import rng as random_
from wordsvc.games.lost_words import components as parts
from wordsvc.games.lost_words import steps
from wordsvc.games.lost_words.state import LostWordsState, Options, Player

NAME = "lost-words"
MIDDLE = 2


def deal(opts: Options, seed: int) -> LostWordsState:
    """The state at the first player's draw step; ``opts`` are normalised options."""
    rng = random_.new_rng(seed)
    nature = [c for c, card in parts.CATALOGUE.items() if card.kind == "nature"]
    high = [c for c, card in parts.CATALOGUE.items() if card.kind != "nature"]
    random_.shuffle(rng, nature)
    random_.shuffle(rng, high)
    count = parts.NATURE_PER_PLAYER[opts["players"]]
    players: list[Player] = []
    for seat in range(opts["players"]):
        row = nature[seat * count : (seat + 1) * count]
        hand = high[seat * parts.HAND : (seat + 1) * parts.HAND]
        players.append(
            {
                "nature": [{"card": c, "spell": None, "wall": None} for c in row],
                "hand": hand,
                "skip": False,
                "turns": 0,
            }
        )
    dealt = opts["players"] * count
    state: LostWordsState = {
        "game": NAME,
        "options": Options(**opts),
        "rng": rng,
        "players": players,
        "middle": nature[dealt : dealt + MIDDLE],
        "out": nature[dealt + MIDDLE :],
        "draw": high[opts["players"] * parts.HAND :],
        "discard": [],
        "active": 0,
        "turn": 0,
        "phase": "draw",
        "pending": {},
        "this_turn": {},
        "winner": None,
    }
    first = opts["first_player"]
    if first is None:  # no blackberry is known to the server (Interpretations)
        first = random_.below(rng, opts["players"])
    steps.settle_piles(state, [])
    steps.start_turn(state, first, [])
    return state
