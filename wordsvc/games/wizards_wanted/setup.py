"""Setting up a game (rulebook, "Setup"): 30 dust and a wizard each (its player board shows the
starting charm), the pixies on stone 1 and the marketplace toadstool, one face-up job on each
village, the Royal Inspector in the bottom 4 cards of the deck, a seal per player at the
castle, players + 2 licences in the courtyard, 4 charms at each corner, and the mushrooms face
down in a pile.

With the option ``wizards: "chosen"`` (the rulebook's "choose your wizard") the game opens in
the ``choose`` step: each player in turn order, from the first, picks a wizard not yet taken;
``random`` deals them with the seeded generator, ``by_seat`` gives seat *i* ``ICONS[i]``."""

from __future__ import annotations

from collections.abc import MutableMapping

from wordsvc.games import rng as random_
from wordsvc.games.wizards_wanted import components as parts
from wordsvc.games.wizards_wanted.board import BOARD
from wordsvc.games.wizards_wanted.magic import ICONS
from wordsvc.games.wizards_wanted.state import Options, Village, WizardsWantedState
from wordsvc.games.wizards_wanted.table import FAME_SOURCES, NAME, start_turn


def deal(opts: Options, seed: int) -> WizardsWantedState:
    """The state at the first player's choice of wizard (or placement, when the wizards are
    dealt); ``opts`` are normalised options."""
    rng = random_.new_rng(seed)
    count = opts["players"]
    jobs = list(parts.JOBS)
    random_.shuffle(rng, jobs)
    boxed_jobs = [jobs.pop() for _ in range(parts.TWO_PLAYER_REMOVED if count == 2 else 0)]
    villages: dict[str, Village] = {
        v: {"job": jobs.pop(), "face_up": True, "coins": 0} for v in BOARD.villages
    }
    bottom = [*jobs[: parts.INSPECTOR_DEPTH], parts.INSPECTOR_ID]  # the deck's top is its end
    random_.shuffle(rng, bottom)
    deck = bottom + jobs[parts.INSPECTOR_DEPTH :]
    seals = list(parts.SEALS)
    random_.shuffle(rng, seals)
    licences = list(parts.LICENCES)
    random_.shuffle(rng, licences)
    mushrooms = list(parts.MUSHROOMS)
    random_.shuffle(rng, mushrooms)
    first = opts["first_player"]
    if first is None:  # who most recently ate mushrooms is not known to the server
        first = random_.below(rng, count)
    charms = _starting_charms(opts["wizards"], count, rng)
    state: WizardsWantedState = {
        "game": NAME,
        "options": Options(**opts),
        "rng": rng,
        "players": [
            {
                "position": None,
                "dust": parts.STARTING_DUST + opts["catch_up_dust"] * ((seat - first) % count),
                "coins": 0,
                "fame": 0,
                "fame_sources": dict.fromkeys(FAME_SOURCES, 0),
                "starting_charm": charms[seat],
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
        "first_player": first,
        "active": first,
        "turn": 0,
        "phase": "choose",
        "this_turn": {"walked": 0, "charm_taken": False},
        "inspector": False,
        "ended_by": None,
    }
    if None not in charms:
        start_turn(state, first, [])
    return state


def _starting_charms(how: str, count: int, rng: MutableMapping[str, int]) -> list[str | None]:
    """Each seat's starting charm: none yet when the players choose their wizards."""
    if how == "chosen":
        return [None] * count
    if how == "random":
        dealt = list(ICONS)
        random_.shuffle(rng, dealt)
        return list(dealt[:count])
    return list(parts.STARTING_CHARMS[:count])
