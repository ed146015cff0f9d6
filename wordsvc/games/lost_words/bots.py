"""The Lost Words bots; they see only ``view(state, seat)``.

- ``random``: uniform over the legal actions;
- ``heuristic``: pursues its own pairs (the discard pile's spell when it fits, the Wild last),
  walls a pair as soon as it can (any opponent may hold a Magpie or a Chestnut), steals or
  breaks unprotected pairs (the leader's first), asks the Heron for a spell it needs, swaps a
  single nature card for a middle one it holds the spell of, plays the Acorn, plays the
  Skylark when it has a use for the further action, re-pairs after a Chestnut, and discards
  what it cannot use, an action card last so the next player cannot take it;
- ``search_policy()``: the heuristic that also counts leaving on top of the discard pile a
  spell the next player can pair as a loss (``avoids_gifts``), and never plays the Heron,
  discarding it first instead (``asks_heron``).

Every choice among equally good actions is the ``rng``'s (the legal actions are shuffled
before any first-best pick, and a tie for the leader is drawn), never the seat order or the
listing order, so that identical bots win equally often from every seat.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from functools import partial

from wordsvc.games import random_bot
from wordsvc.games.contract import Action, BotError, Game, Seat
from wordsvc.games.lost_words import components as parts
from wordsvc.games.lost_words.hidden import LostWordsHidden
from wordsvc.games.lost_words.view import LostWordsView, PlayerView, typed_view
from wordsvc.games.search import DEFAULT_BUDGET, Budget, SearchBot


def _hand(me: PlayerView) -> list[str]:
    """The ids of the cards in hand: a seat's own view always shows its hand."""
    if me["hand"] is None:
        raise BotError("The view shows no hand for the bot's own seat.")
    return [c["id"] for c in me["hand"]]


def _any_discard(
    view: Mapping[str, object], seat: Seat, action: Action, rng: random.Random
) -> Action:
    """A discard with too many orders to list: the cards and their order drawn at random."""
    hand = _hand(typed_view(view)["players"][seat])
    return {"type": "discard", "cards": rng.sample(hand, action["count"])}


#: The shared random bot; a discard with too many orders to list is drawn at random.
RandomBot = partial(random_bot.RandomBot, fill=_any_discard)


def _orders_worth_trying(hand: list[str], count: int) -> list[Action]:
    """When discard orders are too many to list: each choice of cards, one order per top."""
    from itertools import combinations

    return [
        {"type": "discard", "cards": [*[c for c in chosen if c != top], top]}
        for chosen in combinations(hand, count)
        for top in chosen
    ]


def _nature(card_id: str) -> str:
    return parts.nature_of(card_id)


def _is(card_id: str, action: str) -> bool:
    card = parts.CATALOGUE[card_id]
    return card.kind == "action" and card.name == action


#: What a discard that leaves a gift on top costs, in keep-points (a spell for one of the
#: bot's own single nature cards is worth 3): measured in docs/performance.md, where 1.5, 4
#: and 10 did no better.
GIFT_COST = 2.5


class HeuristicBot:
    name = "heuristic"

    def __init__(self, *, avoids_gifts: bool = False, asks_heron: bool = True) -> None:
        #: Whether a discard that leaves on top a spell the next player can pair costs
        #: ``GIFT_COST`` (the search's policy does; the "normal" bot leaves whatever is left).
        self.avoids_gifts = avoids_gifts
        #: Whether the bot plays the Heron. The search's policy does not: an unanswered
        #: Heron costs a turn, and a Heron is worth more as the first card discarded, an
        #: action card on top that the next player cannot take.
        self.asks_heron = asks_heron
        #: What each action card is worth keeping at a discard (1 for any not named).
        self.keep_values = {"wild": 4, "wall": 2, "magpie": 2, "chestnut": 2}
        self.keep_values["heron"] = 1 if asks_heron else 0

    def choose(
        self, game: Game, view: Mapping[str, object], seat: Seat, rng: random.Random
    ) -> Action:
        return self._choose(typed_view(view), seat, rng)

    def _choose(self, view: LostWordsView, seat: Seat, rng: random.Random) -> Action:
        """The choice, from the view read as this game's."""
        legal = list(view["legal_actions"])
        rng.shuffle(legal)  # ties go to the rng, not to the listing (or seat) order
        hand = _hand(view["players"][seat])
        singles = self._singles(view, seat)
        phase = view["phase"]
        if phase == "chestnut_reply":
            repairs = [a for a in legal if a["type"] == "repair"]
            return repairs[0] if repairs else {"type": "decline"}
        if phase in ("draw", "acorn"):
            top = view["discard_top"]
            wanted = top and parts.CATALOGUE[top].kind == "spell" and _nature(top) in singles
            choice = {"type": "draw", "from": "discard" if wanted else "pile"}
            return choice if choice in legal else legal[0]
        if phase == "reduce":
            if "needs" in legal[0]:
                legal = _orders_worth_trying(hand, legal[0]["count"])
                rng.shuffle(legal)
            wanted_next = (
                self._singles(view, (seat + 1) % len(view["players"]))
                if self.avoids_gifts
                else set()
            )
            return self._discard(legal, hand, singles, wanted_next)
        return self._act(view, seat, legal, hand, singles, rng)

    def _act(
        self,
        view: LostWordsView,
        seat: Seat,
        legal: list[Action],
        hand: list[str],
        singles: set[str],
        rng: random.Random,
    ) -> Action:
        by_type: dict[str, list[Action]] = {}
        for action in legal:
            by_type.setdefault(action["type"], []).append(action)
        pairs = by_type.get("pair", [])
        plain = [a for a in pairs if not _is(a["spell"], "wild")]
        if plain or pairs:
            return (plain or pairs)[0]
        plays = by_type.get("play", [])
        walls = [a for a in plays if _is(a["card"], "wall")]
        if walls:
            return walls[0]
        leader = self._leader(view, seat, rng)
        for kind in ("magpie", "chestnut"):  # the leader's pairs first, else anyone's
            aimed = [a for a in plays if _is(a["card"], kind)]
            aimed.sort(key=lambda a: a.get("target") != leader)
            if aimed:
                return aimed[0]
        herons = [a for a in plays if _is(a["card"], "heron") and a["ask"] in singles]
        if herons and self.asks_heron:
            return rng.choice(herons)
        swaps = [a for a in by_type.get("swap", []) if self._useful_swap(a, hand)]
        if swaps:
            return swaps[0]
        acorns = [a for a in plays if _is(a["card"], "acorn")]
        if acorns:
            return acorns[0]
        skylarks = [a for a in plays if _is(a["card"], "skylark")]
        if skylarks and self._further_action_helps(view, seat, hand, singles):
            return skylarks[0]
        if {"type": "end"} in legal:
            return {"type": "end"}
        # The Skylark's further action must be taken (option skylark_further_action): a swap
        # this bot has no use for, or any other action left.
        return rng.choice(by_type.get("swap") or legal)

    @staticmethod
    def _useful_swap(action: Action, hand: list[str]) -> bool:
        """A single nature card whose spell we lack, for a middle one whose spell we hold."""
        held = {_nature(c) for c in hand if parts.CATALOGUE[c].kind == "spell"}
        return _nature(action["middle"]) in held and _nature(action["nature"]) not in held

    def _further_action_helps(
        self, view: LostWordsView, seat: Seat, hand: list[str], singles: set[str]
    ) -> bool:
        """Whether the Skylark's further action has a use: a card in hand (or a swap) that
        this bot would play if it had an action left."""
        me = view["players"][seat]
        mine_open = any(s["spell"] and not s["protected"] for s in me["nature"])
        theirs_open = any(
            s["spell"] and not s["protected"]
            for i, p in enumerate(view["players"])
            if i != seat
            for s in p["nature"]
        )
        for card in hand:
            found = parts.CATALOGUE[card]
            if found.kind == "spell" and found.name in singles:
                return True
            if found.kind != "action":
                continue
            if (
                (found.name == "wild" and singles)
                or (found.name == "wall" and mine_open)
                or (found.name == "magpie" and theirs_open and singles)
                or (found.name == "chestnut" and theirs_open)
                or (found.name == "heron" and singles and self.asks_heron)
                or found.name == "acorn"
            ):
                return True
        return any(
            self._useful_swap({"nature": s["card"], "middle": m}, hand)
            for s in me["nature"]
            if s["spell"] is None
            for m in view["middle"]
        )

    @staticmethod
    def _singles(view: LostWordsView, seat: Seat) -> set[str]:
        """The natures of ``seat``'s single nature cards: the spells it can pair (public)."""
        return {_nature(s["card"]) for s in view["players"][seat]["nature"] if s["spell"] is None}

    @staticmethod
    def _leader(view: LostWordsView, seat: Seat, rng: random.Random) -> int:
        """The other seat with the fewest nature cards left to pair; a tie is drawn."""
        left = {
            i: len(p["nature"]) - sum(1 for s in p["nature"] if s["spell"])
            for i, p in enumerate(view["players"])
            if i != seat
        }
        fewest = min(left.values())
        return rng.choice([i for i, n in left.items() if n == fewest])

    def _discard(
        self, legal: list[Action], hand: list[str], singles: set[str], wanted_next: set[str]
    ) -> Action:
        """The discard that gives up the least: what the cards were worth keeping, plus
        ``GIFT_COST`` when the top card is a spell the next player wants (``wanted_next``);
        an action card on top breaks a tie, as the next player cannot take it."""
        values = self.keep_values

        def keep_value(card_id: str) -> int:
            card = parts.CATALOGUE[card_id]
            if card.kind == "spell":
                return 3 if card.name in singles else 0
            return values.get(card.name, 1)

        def score(action: Action) -> tuple[float, int]:
            cards = action["cards"]
            top = parts.CATALOGUE[cards[-1]]
            gift = GIFT_COST if top.kind == "spell" and top.name in wanted_next else 0.0
            return (sum(keep_value(c) for c in cards) + gift, 0 if top.kind == "action" else 1)

        return min(legal, key=score)


def search_policy() -> HeuristicBot:
    """The stronger policy: the heuristic that leaves no gift on the discard pile and
    never asks the Heron (docs/performance.md, "Search bots")."""
    return HeuristicBot(avoids_gifts=True, asks_heron=False)


def search_bot(budget: Budget = DEFAULT_BUDGET) -> SearchBot:
    """The search bot as measured in scripts/bench_bots.py: each of its actions tried in
    fresh deals of the unseen cards, both seats then playing as the heuristic bot for 12
    moves, the end scored by the nature cards paired; the heuristic's own choice stands
    unless another scored at least 0.03 better."""
    return SearchBot(
        LostWordsHidden(),
        HeuristicBot(),
        budget,
        policy=HeuristicBot(),
        rollout_depth=12,
        tree_depth=1,
        exploration=0.5,
        margin=0.03,
    )
