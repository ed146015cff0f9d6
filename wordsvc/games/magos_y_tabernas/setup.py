"""Setting up a game (rulebook, "Setting Up the Game"): two face-down obstacles before each
player (one in quick mode), three cards in each hand, the rest as the deck, the supply at
hand, and the most drunk mage first."""

from __future__ import annotations

from wordsvc.games import rng as random_
from wordsvc.games.magos_y_tabernas import components as parts
from wordsvc.games.magos_y_tabernas.state import MagosYTabernasState, Options, Player
from wordsvc.games.magos_y_tabernas.table import NAME, start_turn


def deal(opts: Options, seed: int) -> MagosYTabernasState:
    """The state at the first player's main step; ``opts`` are normalised options."""
    rng = random_.new_rng(seed)
    deck = parts.deck()
    random_.shuffle(rng, deck)
    obstacles = parts.QUICK_OBSTACLES if opts["quick"] else parts.OBSTACLES
    players: list[Player] = []
    for _ in range(opts["players"]):
        players.append(
            {
                "obstacles": [deck.pop() for _ in range(obstacles)],
                "hand": [deck.pop() for _ in range(parts.STARTING_HAND)],
                "objects": [],
                "orbs": 0,
                "gems": 0,
                "level": 0,
                "shielded": False,
                "turns": 0,
            }
        )
    state: MagosYTabernasState = {
        "game": NAME,
        "options": Options(**opts),
        "rng": rng,
        "players": players,
        "supply": {"orbs": parts.ORBS, "gems": parts.GEMS, "life_gems": parts.LIFE_GEMS},
        "deck": deck,
        "discard": [],
        "active": 0,
        "turn": 0,
        "phase": "main",
        "point": 1,
        "stack": [],
        "next_item": 1,
        "priority": None,
        "played": [],
        "pending": {},
        "winner": None,
        "ended_by": None,
    }
    first = opts["first_player"]
    if first is None:  # "the most drunk mage starts": the server cannot tell (Interpretations)
        first = random_.below(rng, opts["players"])
    bonus = opts["second_player_start"]
    if opts["players"] == 2 and bonus == "orb":  # the first mover's edge (Fairness)
        players[1 - first]["orbs"] += 1
        state["supply"]["orbs"] -= 1
    elif opts["players"] == 2 and bonus == "card":
        players[1 - first]["hand"].append(deck.pop())
    start_turn(state, first, [])
    return state
