"""Wizards Wanted bots; they see only ``view(state, seat)``.

- ``random``: uniform over the legal actions;
- ``heuristic``: plans with the view's ``reachable`` routes. It chooses the wizard whose
  charm matches most icons of the face-up jobs, heads for the best face-up job it can pay for
  on arrival (fame, coins and charm bonuses against the dust), buys dust when no job is
  affordable and it has coins, fetches a licence it remembers meeting and that nobody holds
  yet (or looks at the courtyard once it has done a couple of jobs), and otherwise walks one
  space towards the best job, which gains dust.

The search bot's policy is the same heuristic with three habits more
(:func:`search_policy`): a job's worth counts the experience bonus its icons add, a walk
for dust steps onto face-down mushrooms where it can, and early on it takes a detour to a
teleport stone for a charm that matches the jobs in view. Alone it wins about 0.67 of its
games against the heuristic (docs/performance.md).

Ties are broken with the ``rng`` the bot is given, never by seat or by list order, so that
identical bots in every seat favour none of them (issue 23, item 18).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Iterable, Mapping
from typing import TYPE_CHECKING, TypeVar

from wordsvc.games.contract import Action, BotError, Game, Seat, State
from wordsvc.games.random_bot import RandomBot
from wordsvc.games.search import Budget, SearchBot
from wordsvc.games.wizards_wanted import components as parts
from wordsvc.games.wizards_wanted.board import BOARD
from wordsvc.games.wizards_wanted.engine import WizardsWanted
from wordsvc.games.wizards_wanted.hidden import WizardsWantedHidden
from wordsvc.games.wizards_wanted.table import stones_active_with
from wordsvc.games.wizards_wanted.view import PlayerView, RouteView, WizardsWantedView, typed_view

if TYPE_CHECKING:
    from _typeshed import SupportsRichComparison

__all__ = ["HeuristicBot", "RandomBot", "search_bot", "search_policy"]

LOOK_AFTER_JOBS = 2  # jobs done before the heuristic first looks at the courtyard

# A charm worth a detour (``takes_charms``), as measured in docs/performance.md: while at
# least CHARM_DECK_LEFT cards are left in the deck and the wizard holds fewer than
# CHARM_TOKENS charm tokens, a corner's charm that matches at least CHARM_MATCHES icons
# (of the face-up jobs and the wizard's own), reached with CHARM_SPARE_DUST dust left after
# the teleport.
CHARM_DECK_LEFT = 12
CHARM_TOKENS = 2
CHARM_MATCHES = 2
CHARM_SPARE_DUST = 10

T = TypeVar("T")
#: What ``best`` ranks by: anything ``max`` can compare (a number, a tuple of numbers).
K = TypeVar("K", bound="SupportsRichComparison")


def best(items: Iterable[T], key: Callable[[T], K], rng: random.Random) -> T:
    """The item with the largest ``key``; ties go to a draw of ``rng`` (shuffled, then a
    stable max), so that neither seat nor list order decides."""
    pool = list(items)
    rng.shuffle(pool)
    return max(pool, key=key)


class HeuristicBot:
    name = "heuristic"

    def __init__(
        self,
        *,
        counts_experience: bool = False,
        gathers_mushrooms: bool = False,
        takes_charms: bool = False,
    ) -> None:
        #: Whether a job's worth counts the experience bonus its icons would add to the end's
        #: score (the search's policy does; the "normal" bot does not).
        self.counts_experience = counts_experience
        #: Whether a walk of one space for dust steps onto face-down mushrooms where it can,
        #: collecting them for nothing (the search's policy does; the "normal" bot does not).
        self.gathers_mushrooms = gathers_mushrooms
        #: Whether, while the deck is long, the wizard takes a detour to an active stone in
        #: reach and teleports to a corner whose charm matches the jobs in view (the
        #: search's policy does; the "normal" bot never goes for a charm).
        self.takes_charms = takes_charms

    def choose(
        self, game: Game, view: Mapping[str, object], seat: Seat, rng: random.Random
    ) -> Action:
        return self._choose(typed_view(view), seat, rng)

    def _choose(self, view: WizardsWantedView, seat: Seat, rng: random.Random) -> Action:
        """The choice, from the view read as this game's."""
        legal = view["legal_actions"]
        by_type: dict[str, list[Action]] = {}
        for action in legal:
            by_type.setdefault(action["type"], []).append(action)
        me = view["players"][seat]
        phase = view["phase"]
        if phase == "choose":
            return best(legal, lambda a: self._charm_value(view, a["charm"]), rng)
        if phase == "place":
            return best(legal, lambda a: self._job_value(view, me, a["space"]), rng)
        if phase == "move" and self.takes_charms:
            trip = self._charm_trip(view, me, rng)
            if trip is not None:
                return trip
        if phase == "castle":
            takes = by_type.get("take_licence")
            return rng.choice(takes) if takes else {"type": "leave"}
        if "job" in by_type:
            return by_type["job"][0]
        target, worth_paying = self._target(view, me, rng)
        if phase == "move" and target is not None and target != me["position"]:
            step = self._step_towards(view, me, target, rng) if worth_paying else None
            if step is not None:  # the planner's routes are legal by construction
                return step
        if (
            phase == "move"
            and view["this_turn"]["walked"] == 0
            and not self._productive(me, target, by_type)
        ):
            return self._gain_dust(by_type, target, view["mushrooms_on_board"], rng)
        if "take_licence" in by_type:
            return rng.choice(by_type["take_licence"])
        if "castle" in by_type and self._wants_castle(view, me, me["dust"]):
            return by_type["castle"][0]
        if "buy" in by_type and self._needs_dust(view, me):
            return max(by_type["buy"], key=lambda a: a["lots"])
        return {"type": "end_move"} if phase == "move" else {"type": "end"}

    # --- what to aim for ---------------------------------------------------------------------

    @staticmethod
    def _charm_worth_a_trip(
        view: WizardsWantedView, me: PlayerView, rng: random.Random
    ) -> str | None:
        """The corner whose charm is worth a detour now (the most matched icons), or None."""
        if (
            view["this_turn"]["charm_taken"]
            or view["deck_size"] < CHARM_DECK_LEFT
            or len(me["charms"]) >= CHARM_TOKENS
        ):
            return None
        icons = Counter(me["icons"])
        for slot in view["villages"].values():
            if slot["job"]:
                icons.update(slot["job"]["icons"])
        corners = [
            (charm, space)
            for charm, space in BOARD.corners.items()
            if view["charms"].get(space) and icons[charm] >= CHARM_MATCHES
        ]
        if not corners:
            return None
        return best(corners, lambda corner: icons[corner[0]], rng)[1]

    def _charm_trip(
        self, view: WizardsWantedView, me: PlayerView, rng: random.Random
    ) -> Action | None:
        """The teleport to a corner whose charm is worth a trip, from the active stone the
        wizard stands on; else the first move of the cheapest route to another active stone
        in reach; None when no charm is worth it or it would leave too little dust."""
        corner = self._charm_worth_a_trip(view, me, rng)
        if corner is None:
            return None
        keep = parts.TELEPORT_COST + CHARM_SPARE_DUST
        if me["dust"] >= keep:
            for action in view["legal_actions"]:
                if action["type"] == "teleport" and action["to"] == corner:
                    return action
        stones = set(stones_active_with(view["mountain_pixie"])) - {corner}
        if me["position"] in stones:
            return None
        reachable: Mapping[str, RouteView] = view.get("reachable") or {}
        near = [
            space
            for space, route in reachable.items()
            if space in stones and route["coins"] == 0 and me["dust"] - route["dust"] >= keep
        ]
        if not near:
            return None
        step: Action = dict(reachable[best(near, lambda s: -reachable[s]["dust"], rng)]["steps"][0])
        return step

    @staticmethod
    def _charm_value(view: WizardsWantedView, charm: str) -> int:
        """How many icons of the face-up jobs a starting charm would match."""
        return sum(
            slot["job"]["icons"].count(charm) for slot in view["villages"].values() if slot["job"]
        )

    def _job_value(self, view: WizardsWantedView, me: PlayerView, village: str) -> float:
        """What a face-up job pays the bot (the view's ``pays``; with ``counts_experience``,
        the experience bonus its icons add too) for each dust it costs."""
        slot = view["villages"][village]
        job, pays = slot["job"], slot["pays"]
        if not job or pays is None:  # a face-up job always shows what it pays
            return -1.0
        gain: float = pays["fame"] + pays["coins"] / 2
        if self.counts_experience:
            gain += experience_gain(me["icons"], job["icons"])
        return gain / max(1, job["cost"])

    @staticmethod
    def _here(me: PlayerView) -> str:
        """Where the wizard stands: every wizard is placed before it moves or acts."""
        if me["position"] is None:
            raise BotError("The heuristic bot cannot move a wizard not yet placed.")
        return me["position"]

    @staticmethod
    def _money(me: PlayerView, kind: str) -> int:
        return sum(m["value"] or 0 for m in me["mushrooms"] if m["type"] == kind)

    def _target(
        self, view: WizardsWantedView, me: PlayerView, rng: random.Random
    ) -> tuple[str | None, bool]:
        """Where to go, and whether it is worth paying to get there: the best job affordable
        on arrival; else the castle for a licence; else dust to buy; else the best job at
        all, which is only walked towards one space a turn (gaining dust)."""
        reachable: Mapping[str, RouteView] = view.get("reachable") or {}
        dust = me["dust"] + self._money(me, "dust")
        here = self._here(me)
        costs = {v: slot["job"]["cost"] for v, slot in view["villages"].items() if slot["job"]}
        jobs = list(costs)
        affordable = [
            v
            for v in jobs
            if (v == here and dust >= costs[v])
            or (v in reachable and dust - reachable[v]["dust"] >= costs[v])
        ]
        if affordable:
            return best(affordable, lambda v: self._job_value(view, me, v), rng), True
        if here == BOARD.castle or BOARD.castle in reachable:
            cost = 0 if here == BOARD.castle else reachable[BOARD.castle]["dust"]
            if self._wants_castle(view, me, me["dust"] - cost):
                return BOARD.castle, True
        if self._needs_dust(view, me):
            markets = [BOARD.marketplace, *BOARD.merchants]
            near = [m for m in markets if m in reachable or m == here]
            if near:
                return best(near, lambda m: -BOARD.distance(here, m), rng), True
        if jobs:
            return best(jobs, lambda v: self._job_value(view, me, v), rng), False
        return None, False

    def _wants_castle(self, view: WizardsWantedView, me: PlayerView, dust: int) -> bool:
        """No licence yet, and either the courtyard is unseen and a couple of jobs are done,
        or a licence it remembers is met with ``dust`` (what is left on arrival) and still in
        the courtyard: a licence another wizard holds is public, so it is not counted."""
        if me["licence"] is not None:
            return False
        seen = me["seen_licences"] or []
        if not seen:
            return len(me["jobs"]) >= LOOK_AFTER_JOBS
        held = {p["licence"] for p in view["players"] if p["licence"]}
        holdings = self._holdings(me, dust)
        return any(
            parts.meets(parts.LICENCES[c["id"]], holdings) for c in seen if c["id"] not in held
        )

    def _holdings(self, me: PlayerView, dust: int) -> parts.Holdings:
        icons: Counter[str] = Counter(me["icons"])
        return parts.Holdings(
            dust=dust + self._money(me, "dust"),
            coins=me["coins"] + self._money(me, "coin"),
            jobs=len(me["jobs"]),
            mushrooms=len(me["mushrooms"]),
            icons=dict(icons),
            charm_tokens=dict(Counter(me["charms"])),
        )

    def _needs_dust(self, view: WizardsWantedView, me: PlayerView) -> bool:
        """Short of the cheapest job (with a margin to travel), and able to pay for a lot
        at the merchants' price."""
        cheapest = min(
            (slot["job"]["cost"] for slot in view["villages"].values() if slot["job"]),
            default=0,
        )
        lot = view["toadstool"]["coins"] + parts.MERCHANT_FEE
        short: bool = me["dust"] + self._money(me, "dust") < cheapest + 10
        return short and me["coins"] + self._money(me, "coin") >= lot

    def _productive(
        self, me: PlayerView, target: str | None, by_type: Mapping[str, list[Action]]
    ) -> bool:
        """Whether staying put leads somewhere: a job, a purchase or the castle here."""
        return bool({"job", "buy", "castle", "take_licence"} & set(by_type)) and (
            target is None or target == me["position"]
        )

    def _gain_dust(
        self,
        by_type: Mapping[str, list[Action]],
        target: str | None,
        mushrooms: Mapping[str, int],
        rng: random.Random,
    ) -> Action:
        """Walk one space, which gains 5 dust: towards the target when there is one; with
        ``gathers_mushrooms``, onto a space with face-down ``mushrooms`` when one is next."""
        ones = [a for a in by_type.get("walk", []) if len(a["path"]) == 1]
        if not ones:
            return {"type": "end_move"}
        if self.gathers_mushrooms:
            ones = [a for a in ones if mushrooms.get(a["path"][0])] or ones
        if target is None:
            return rng.choice(ones)
        return best(ones, lambda a: -BOARD.distance(a["path"][0], target), rng)

    def _step_towards(
        self, view: WizardsWantedView, me: PlayerView, target: str, rng: random.Random
    ) -> Action | None:
        """The first movement of the cheapest route to ``target``; out of reach, a free (or
        gaining) route to the reachable space nearest to it."""
        reachable: Mapping[str, RouteView] = view.get("reachable") or {}
        route = reachable.get(target)
        if route is None:
            free = [s for s, r in reachable.items() if r["dust"] <= 0 and r["coins"] == 0]
            if not free:
                return None
            nearest = best(free, lambda s: (-BOARD.distance(s, target), -reachable[s]["dust"]), rng)
            if BOARD.distance(nearest, target) >= BOARD.distance(self._here(me), target):
                return None
            route = reachable[nearest]
        step: Action = dict(route["steps"][0])
        return step


def experience_gain(held: Mapping[str, int], added: Iterable[str]) -> int:
    """The experience bonus, in fame, that icons ``added`` to those ``held`` (by type) would
    add at the end."""
    more = Counter(added)
    return sum(
        parts.experience(held.get(k, 0) + n) - parts.experience(held.get(k, 0))
        for k, n in more.items()
    )


#: Moves a rollout plays on from the searched action: about four turns of each wizard, long
#: enough for a plan (dust gathered for a job in view) to pay.
ROLLOUT_DEPTH = 48
#: The visits an action needs before it may replace the heuristic's choice.
MIN_VISITS = 4
#: Where a walk is worth trying at the search's root: where a wizard does something.
PLACES_TO_ACT = frozenset(
    (*BOARD.villages, *BOARD.corners.values(), BOARD.castle, BOARD.marketplace, *BOARD.merchants)
)


def root_candidates(view: Mapping[str, object], listed: list[Action]) -> list[Action]:
    """The actions worth the search's few iterations (each costs a deal and a dozen moves
    of the heuristic, which plans its routes at every move): every action but a walk, and
    the walks that end where a wizard does something (a village, a corner's charms, the
    castle, the marketplace, a merchant). A walk elsewhere is tried only when it is the
    heuristic's own choice (SearchBot adds it)."""
    return [a for a in listed if a["type"] != "walk" or a["path"][-1] in PLACES_TO_ACT]


def search_policy() -> HeuristicBot:
    """The search's policy, at its root and in its rollouts: the heuristic that counts the
    experience bonus, gathers mushrooms on its walks for dust and takes a detour for a
    charm early on."""
    return HeuristicBot(counts_experience=True, gathers_mushrooms=True, takes_charms=True)


#: The search bot's time a move (issue 40 allows 1 s). More is not better yet: with twice the
#: rollouts it leaves its policy's choice four times as often, on rollouts that mislead it
#: (docs/performance.md, session 32).
SEARCH_BUDGET = Budget(seconds=0.5)
#: How much better, in share of a win, another action must score to replace the policy's.
SEARCH_MARGIN = 0.02
#: Seconds into a move after which the first deal stops trying actions: a deal of 48-move
#: rollouts for every candidate can take several seconds, and a move has 1 s at most.
FIRST_DEAL_LIMIT = 0.8


def search_bot(budget: Budget = SEARCH_BUDGET) -> SearchBot:
    """The search bot ("hard"), as measured in scripts/bench_bots.py: in each fresh deal of
    what it cannot see it tries the policy's choice and every one of the
    :func:`root_candidates`, each played on from the same seed (a paired search) by every
    wizard as :func:`search_policy` would for :data:`ROLLOUT_DEPTH` moves (reading
    :func:`policy_view`), the end scored by each wizard's worth (hidden.worth: fame as it
    would count now, with its dust and coins). The policy's choice stands unless another,
    tried in at least :data:`MIN_VISITS` deals, scored at least :data:`SEARCH_MARGIN`
    better."""
    policy = search_policy()
    return SearchBot(
        WizardsWantedHidden(),
        policy,
        budget,
        policy=policy,
        rollout_depth=ROLLOUT_DEPTH,
        tree_depth=1,
        exploration=0.5,
        margin=SEARCH_MARGIN,
        candidates=root_candidates,
        min_visits=MIN_VISITS,
        paired=True,
        first_deal_limit=FIRST_DEAL_LIMIT,
        rollout_view=policy_view,
    )


def policy_view(game: Game, state: State, seat: Seat) -> dict[str, object]:
    """What the policy reads in the search's rollouts: the view without the ``ways`` a
    table offers, which the heuristic never reads (a quarter of a rollout's time)."""
    if isinstance(game, WizardsWanted):
        return game.policy_view(state, seat)
    return game.view(state, seat)
