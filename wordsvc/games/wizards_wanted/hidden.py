"""What a Wizards Wanted seat cannot see, for the search bot (wordsvc.games.search): the
deck's order, the face-down jobs (their backs show), the jobs boxed unseen in a two-player
game, the other wizards' seals and memories, the courtyard away from the castle, and the
face-down mushrooms; each drawn afresh from the cards the view leaves unaccounted for, as
the backs and the rules allow. And a quick score of a game under way: fame as it would be
counted now, and the dust and coins towards the jobs to come.

What the backs and the rules tell is kept: a face-down job and the deck's top card have the
back the view shows; the Royal Inspector lies in the deck's bottom five until it is revealed
(setup), and once revealed under ``on_top`` it is the top card; the courtyard only loses
licences, so the licences the seat saw there and nobody has taken are still there."""

from __future__ import annotations

import math
import random
from collections.abc import Mapping, Sequence

from wordsvc.games import rng as random_
from wordsvc.games.contract import Action, BotError, Seat, State
from wordsvc.games.search import take_last
from wordsvc.games.wizards_wanted import components as parts
from wordsvc.games.wizards_wanted.magic import ICONS
from wordsvc.games.wizards_wanted.state import (
    Player,
    Village,
    WizardsWantedState,
    plain,
    typed,
)
from wordsvc.games.wizards_wanted.table import icons_of, mushroom_money
from wordsvc.games.wizards_wanted.view import BackFace, WizardsWantedView, typed_view

#: The fame a lead must reach to count for about three quarters of a win (evaluate).
LEAD_SCALE = 8.0


def _dust_worth() -> float:
    """What a dust is worth in fame on the way to the end: what the jobs pay (their fame,
    and their coins as the wealth bonus counts them) for each dust they cost, over the
    whole deck (jobs.toml: about 0.16)."""
    jobs = parts.CATALOGUE.jobs.values()
    paid = sum(job.fame + job.coins / parts.WEALTH_COINS_PER_FAME for job in jobs)
    return paid / sum(job.cost for job in jobs)


#: A dust's worth in fame (evaluate): what the jobs pay for each dust they cost.
DUST_WORTH = _dust_worth()


class WizardsWantedHidden:
    """:class:`wordsvc.games.search.Hidden` for Wizards Wanted."""

    def determinise(self, view: Mapping[str, object], seat: Seat, rng: random.Random) -> State:
        v = typed_view(view)
        me = v["players"][seat]
        if me["seen_licences"] is None:
            raise BotError("The view shows no memory for the bot's own seat.")
        villages, deck, boxed_jobs = _jobs(v, rng)
        seals, castle_seals, boxed_seals = _seals(v, seat, rng)
        courtyard, boxed_licences = _licences(v, seat, rng)
        board_mushrooms, pile = _mushrooms(v, rng)
        players: list[Player] = [
            {
                "position": p["position"],
                "dust": p["dust"],
                "coins": p["coins"],
                "fame": p["fame"],
                "fame_sources": dict(p["fame_sources"]),
                "starting_charm": p["starting_charm"],
                "charms": list(p["charms"]),
                "jobs": list(p["jobs"]),
                "mushrooms": [m["id"] for m in p["mushrooms"]],
                "licence": p["licence"],
                "seal": seals[s],
                # Another wizard's memory is unknown: its rollouts play as if it saw nothing.
                "seen_licences": [c["id"] for c in p["seen_licences"] or []] if s == seat else [],
                "turns": p["turns"],
            }
            for s, p in enumerate(v["players"])
        ]
        state: WizardsWantedState = {
            "game": v["game"],
            "options": v["options"].copy(),
            "rng": random_.new_rng(rng.getrandbits(63)),
            "players": players,
            "villages": villages,
            "deck": deck,
            "seals": castle_seals,
            "courtyard": courtyard,
            "box": {"jobs": boxed_jobs, "seals": boxed_seals, "licences": boxed_licences},
            "board_mushrooms": board_mushrooms,
            "mushroom_pile": pile,
            "mushroom_discard": [m["id"] for m in v["mushroom_discard"]],
            "charms": dict(v["charms"]),
            "mountain_pixie": v["mountain_pixie"],
            "forest_pixie": v["forest_pixie"],
            "first_player": v["first_player"],
            "active": v["active"],
            "turn": v["turn"],
            "phase": v["phase"],
            "this_turn": v["this_turn"].copy(),
            "inspector": v["inspector"],
            "ended_by": v["ended_by"],
        }
        return plain(state)

    def evaluate(self, state: State) -> Sequence[float]:
        """Half a win, plus or minus up to half by the lead over the best other wizard in
        :func:`worth`: fame as the end would count it now, and what the wizard holds
        towards the jobs still to come."""
        typed_state = typed(state)
        fame = [worth(typed_state, me) for me in typed_state["players"]]
        shares = []
        for seat, mine in enumerate(fame):
            best_other = max((f for s, f in enumerate(fame) if s != seat), default=mine)
            shares.append(0.5 + 0.5 * math.tanh((mine - best_other) / LEAD_SCALE))
        return shares

    def complete(self, state: State, seat: Seat, action: Action, rng: random.Random) -> Action:
        """Every action of this game is listed whole: nothing is described."""
        raise BotError("Wizards Wanted describes no action.")


def holdings(state: WizardsWantedState, me: Player) -> tuple[int, int, int]:
    """What :func:`worth` weighs: the wizard's fame as the end would count it (table.finish:
    the experience bonus, less the seals left at the castle for a wizard without a licence),
    and its coins and dust, its mushrooms' money included."""
    icons = icons_of(me)
    experience = sum(parts.experience(icons[i]) for i in ICONS)
    seals = 0 if me["licence"] else sum(parts.SEALS[s] for s in state["seals"])
    coins = me["coins"] + mushroom_money(me, "coins")
    dust = me["dust"] + mushroom_money(me, "dust")
    return me["fame"] + experience - seals, coins, dust


def worth(state: WizardsWantedState, me: Player) -> float:
    """The wizard's :func:`holdings` in fame: its coins at the wealth bonus's rate
    unrounded and its dust at :data:`DUST_WORTH`: fame alone a dozen moves ahead prefers a
    job now to the dust and coins that pay for the next two."""
    fame, coins, dust = holdings(state, me)
    return fame + coins / parts.WEALTH_COINS_PER_FAME + dust * DUST_WORTH


def _matching(pool: list[str], back: BackFace | None, rng: random.Random) -> str:
    """A card of ``pool`` with ``back``, drawn at random and taken from the pool."""
    wanted = None if back is None else _back_of_face(back)
    found = [i for i, card in enumerate(pool) if _back_of(card) == wanted]
    if not found:
        raise BotError(f"No unseen card has the back {back!r}.")
    return pool.pop(rng.choice(found))


def _back_of(card: str) -> tuple[str, str | None]:
    back = parts.back_of(card)
    return back.mushroom_space, back.pixie


def _jobs(
    v: WizardsWantedView, rng: random.Random
) -> tuple[dict[str, Village], list[str], list[str]]:
    """The villages (face-down jobs dealt by their backs), the deck, the boxed jobs."""
    seen = {job for p in v["players"] for job in p["jobs"]}
    seen |= {slot["job"]["id"] for slot in v["villages"].values() if slot["job"]}
    unseen = [job for job in parts.JOBS if job not in seen]
    rng.shuffle(unseen)
    villages: dict[str, Village] = {}
    for name, slot in v["villages"].items():
        if slot["job"]:
            villages[name] = {"job": slot["job"]["id"], "face_up": True, "coins": slot["coins"]}
        elif slot["back"]:
            job = _matching(unseen, slot["back"], rng)
            villages[name] = {"job": job, "face_up": False, "coins": slot["coins"]}
        else:
            villages[name] = {"job": None, "face_up": False, "coins": slot["coins"]}
    size, revealed = v["deck_size"], v["inspector"]
    on_top = v["options"]["inspector_ends"] == "on_top"
    in_deck = not revealed or on_top  # "drawn": a revealed Inspector left the deck
    boxed = parts.TWO_PLAYER_REMOVED if len(v["players"]) == 2 else 0
    if len(unseen) != size - in_deck + boxed:
        raise BotError(f"The view leaves {len(unseen)} jobs for a deck of {size}.")
    if size == 0:
        return villages, [], take_last(unseen, boxed)
    #: The deck's bottom five (setup): where an Inspector not yet revealed lies.
    bottom = parts.INSPECTOR_DEPTH + 1
    top_back = v["deck_top_back"]
    if revealed and on_top:
        top = parts.INSPECTOR_ID
    elif (
        not revealed
        and not on_top  # under "on_top" an Inspector on top is revealed at once
        and (
            size == 1 or (size <= bottom and _may_be_inspector(unseen, top_back, size, boxed, rng))
        )
    ):
        top = parts.INSPECTOR_ID  # under "drawn" the Inspector may show its back on top
    else:
        top = _matching(unseen, top_back, rng)
    boxed_jobs = take_last(unseen, boxed)
    deck = unseen
    if in_deck and top != parts.INSPECTOR_ID:
        # Below the top card, among the bottom five.
        deck.insert(rng.randrange(min(bottom, size - 1)), parts.INSPECTOR_ID)
    deck.append(top)
    return villages, deck, boxed_jobs


def _may_be_inspector(
    unseen: list[str], back: BackFace | None, size: int, boxed: int, rng: random.Random
) -> bool:
    """Whether the deck's top card, all that is left being the bottom five, is drawn to be
    the Inspector: as likely as each job with its back that is in the deck, the unseen
    jobs with that back each in the deck (``size`` - 1 jobs) rather than in the box
    (``boxed``) in proportion."""
    if back is None or _back_of(parts.INSPECTOR_ID) != _back_of_face(back):
        return False
    in_deck = _count_matching(unseen, back) * (size - 1) / (size - 1 + boxed)
    return rng.random() < 1 / (1 + in_deck)


def _back_of_face(face: BackFace) -> tuple[str, str | None]:
    return face["mushroom_space"], face["pixie"]


def _count_matching(pool: list[str], back: BackFace) -> int:
    return sum(_back_of(card) == _back_of_face(back) for card in pool)


def _seals(
    v: WizardsWantedView, seat: Seat, rng: random.Random
) -> tuple[list[str | None], list[str], list[str]]:
    """Each wizard's seal (the seat's own as it is), the castle's, the boxed ones."""
    own = v["players"][seat]["seal"]
    unseen = [s for s in parts.SEALS if own is None or s != own["id"]]
    rng.shuffle(unseen)
    seals: list[str | None] = []
    for s, p in enumerate(v["players"]):
        if s == seat:
            seals.append(own["id"] if own else None)
        else:
            seals.append(take_last(unseen, 1)[0] if p["has_seal"] else None)
    if len(unseen) < v["seals_at_castle"]:
        raise BotError(
            f"The view leaves {len(unseen)} seals for the castle's {v['seals_at_castle']}."
        )
    castle = take_last(unseen, v["seals_at_castle"])
    return seals, castle, unseen


def _licences(v: WizardsWantedView, seat: Seat, rng: random.Random) -> tuple[list[str], list[str]]:
    """The courtyard (as the view shows it at the castle; else what the seat saw there and
    nobody took, filled up with licences it never saw) and the boxed licences."""
    held = {p["licence"] for p in v["players"] if p["licence"]}
    if v["courtyard"] is not None:
        courtyard = [c["id"] for c in v["courtyard"]]
    else:
        seen = [c["id"] for c in v["players"][seat]["seen_licences"] or []]
        courtyard = [c for c in seen if c not in held]
    unseen = [c for c in parts.LICENCES if c not in held and c not in courtyard]
    rng.shuffle(unseen)
    missing = v["courtyard_size"] - len(courtyard)
    if missing < 0 or missing > len(unseen):
        raise BotError(f"The view leaves no courtyard of {v['courtyard_size']} licences.")
    courtyard += take_last(unseen, missing)
    return courtyard, unseen


def _mushrooms(v: WizardsWantedView, rng: random.Random) -> tuple[dict[str, list[str]], list[str]]:
    """The face-down mushrooms on the board, by space, and the pile."""
    seen = {m["id"] for p in v["players"] for m in p["mushrooms"]}
    seen |= {m["id"] for m in v["mushroom_discard"]}
    unseen = [m for m in parts.MUSHROOMS if m not in seen]
    rng.shuffle(unseen)
    on_board = sum(v["mushrooms_on_board"].values())
    if len(unseen) != on_board + v["mushroom_pile"]:
        raise BotError(f"The view leaves {len(unseen)} mushrooms for {on_board} and a pile.")
    board = {space: take_last(unseen, count) for space, count in v["mushrooms_on_board"].items()}
    return board, unseen
