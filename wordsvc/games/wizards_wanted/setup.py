"""Setting up a game (rulebook, "Setup"): 30 dust and a starting charm each, the pixies on
stone 1 and the marketplace toadstool, one face-up job on each village, the Royal Inspector in
the bottom 4 cards of the deck, a seal per player at the castle, players + 2 licences in the
courtyard, 4 charms at each corner, and the mushrooms face down in a pile."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from wordsvc.games import rng as random_
from wordsvc.games.contract import State
from wordsvc.games.wizards_wanted import components as parts
from wordsvc.games.wizards_wanted.board import BOARD
from wordsvc.games.wizards_wanted.table import FAME_SOURCES, NAME, start_turn


def deal(opts: Mapping[str, Any], seed: int) -> State:
    """The state at the first player's placement; ``opts`` are normalised options."""
    rng = random_.new_rng(seed)
    count = opts["players"]
    jobs = list(parts.JOBS)
    random_.shuffle(rng, jobs)
    boxed_jobs = [jobs.pop() for _ in range(parts.TWO_PLAYER_REMOVED if count == 2 else 0)]
    villages = {v: {"job": jobs.pop(), "face_up": True, "coins": 0} for v in BOARD.villages}
    bottom = [*jobs[: parts.INSPECTOR_DEPTH], parts.INSPECTOR_ID]  # the deck's top is its end
    random_.shuffle(rng, bottom)
    deck = bottom + jobs[parts.INSPECTOR_DEPTH :]
    seals = list(parts.SEALS)
    random_.shuffle(rng, seals)
    licences = list(parts.LICENCES)
    random_.shuffle(rng, licences)
    mushrooms = list(parts.MUSHROOMS)
    random_.shuffle(rng, mushrooms)
    state: State = {
        "game": NAME,
        "options": dict(opts),
        "rng": rng,
        "players": [
            {
                "position": None,
                "dust": parts.STARTING_DUST,
                "coins": 0,
                "fame": 0,
                "fame_sources": dict.fromkeys(FAME_SOURCES, 0),
                "starting_charm": parts.STARTING_CHARMS[seat],
                "charms": [],
                "jobs": [],
                "mushrooms": [],
                "licence": None,
                "seal": None,
                "seen_licences": [],
                "turns": 0,
            }
            for seat in range(count)
        ],
        "villages": villages,
        "deck": deck,
        "seals": seals[:count],
        "courtyard": licences[: count + 2],
        "box": {"jobs": boxed_jobs, "seals": seals[count:], "licences": licences[count + 2 :]},
        "board_mushrooms": {},
        "mushroom_pile": mushrooms,
        "mushroom_discard": [],
        "charms": dict.fromkeys(BOARD.corners.values(), parts.CHARMS_PER_CORNER),
        "mountain_pixie": 1,
        "forest_pixie": 0,
        "active": 0,
        "turn": 0,
        "phase": "place",
        "this_turn": {"walked": 0, "charm_taken": False},
        "inspector": False,
        "ended_by": None,
    }
    first = opts["first_player"]
    if first is None:  # who most recently ate mushrooms is not known to the server
        first = random_.below(rng, count)
    start_turn(state, first, [])
    return state
