"""Words of Magic bots. They see only ``view(state, seat)`` (hands are open in this game).

- ``random``: the shared random bot, uniform over the legal actions, where a word play is
  one of the solver's candidate words for the hand (the engine cannot list every word a
  hand can form);
- ``greedy``: the solver's best play, or a pass when passing ranks higher; useful magic
  first (Revival when a token is used, the card-drawing cards), and Renewal of Strength for
  the hard letters the word leaves in hand;
- ``cautious``: greedy, but it values tokens almost as much as a card, so it keeps them for
  the words that need them; it beats greedy in two-player games (docs/rules/words-of-magic.md);
- ``everyday``: greedy over the words people know only (Zipf at least
  :func:`~wordsvc.lexicon.frequency.known_from`, 3.0), so it plays like a person at the table
  rather than like a dictionary;
- ``search``: at the start of its turn, the cautious bot's choice, the solver's best words,
  the pass and its magic each tried in the same fresh deals of the decks
  (:mod:`~wordsvc.games.words_of_magic.hidden`), every seat then playing as the cautious bot
  to the end; the cautious bot elsewhere (:func:`search_bot`).

Every bot that uses the solver prefers, among plays of equal score, the more common word;
any choice left between equals (tied plays, two copies of a magic card, Search for Fate's
cards) is drawn with the ``rng`` it is given, never taken by seat or listing order.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from dataclasses import replace
from typing import ClassVar, TypedDict

from wordsvc.errors import InternalError
from wordsvc.games.contract import Action, Bot, BotError, Game, Seat
from wordsvc.games.random_bot import RandomBot
from wordsvc.games.search import Budget, SearchBot, action_key
from wordsvc.games.words_of_magic import components as parts
from wordsvc.games.words_of_magic.components import CardKind, Character
from wordsvc.games.words_of_magic.hidden import WordsOfMagicHidden
from wordsvc.games.words_of_magic.state import familiar_layout
from wordsvc.games.words_of_magic.view import CardFace, PlayerView, WordsOfMagicView, typed_view
from wordsvc.lexicon.frequency import known_from
from wordsvc.rules.words_of_magic.turn import FamiliarProperty, property_value
from wordsvc.solver.hand import FamiliarCard, Hand, HandCard
from wordsvc.solver.scoring import Mode, Play, Table, Weights
from wordsvc.solver.solve import Solution, Solver, SolveRequest

CHARACTER_PREFERENCE = ["amazon", "elf", "druid", "mage", "witch", "gnome", "librarian", "dragon"]
COLOUR_EASE = {"green": 0, "yellow": 1, "red": 2}
BOT_BUDGET_MS = 100
#: Plays asked of the solver to find those tied with the best (the rng picks among them).
TIES_LOOKED_AT = 8
#: The solver's words the random bot draws its word plays from.
RANDOM_WORDS = 20
#: How hard a letter is to use: the Balance of Power colour whose deck carries it (green the
#: most frequent letters, red the rarest; data/cards.toml).
LETTER_TIER = {
    parts.CATALOGUE[card].letter: tier
    for tier, colour in enumerate(COLOUR_EASE)
    for card in parts.BALANCE_CARDS[colour]
}


class WeightChanges(TypedDict, total=False):
    """A bot's changes to the solver's default weights (the fields of :class:`Weights`)."""

    card: float
    token: float
    neighbour_share: float | None


class SolverBot:
    """A bot that forms words with the solver."""

    name = "greedy"
    weights: ClassVar[WeightChanges | None] = None
    #: Only words at least this common (Zipf scale); None: any word the categories admit.
    min_zipf: ClassVar[float | None] = None
    #: The solver's budget for a move, ms.
    budget_ms: ClassVar[int] = BOT_BUDGET_MS

    def __init__(self, solver: Solver) -> None:
        self.solver = solver

    def choose(
        self, game: Game, view: Mapping[str, object], seat: Seat, rng: random.Random
    ) -> Action:
        return self._choose(typed_view(view), seat, rng)

    def _choose(self, view: WordsOfMagicView, seat: Seat, rng: random.Random) -> Action:
        """The choice, from the view read as this game's."""
        phase = view["phase"]
        me = view["players"][seat]
        if phase == "choose_character":
            if me["offered"] is None:
                raise BotError("The view shows no characters offered to the bot's own seat.")
            return {
                "type": "choose_character",
                "character": min(me["offered"], key=CHARACTER_PREFERENCE.index),
            }
        if phase == "order_balance":
            colours = view["pending"]["seats"][str(seat)]
            if isinstance(colours, bool):  # a Gnome's answer: no colours to order
                raise BotError("The view shows no Balance of Power colours for the bot to order.")
            return {"type": "order_balance", "order": sorted(colours, key=COLOUR_EASE.__getitem__)}
        if phase == "gnome":
            return {"type": "gnome_take"}
        if phase == "elf_draw":
            return {"type": "elf_draw", "count": _elf_count(view, seat)}
        if phase == "choose_fate":
            # The most useful card (a tie, and the order under the deck, drawn by the rng).
            revealed = view["pending"]["cards"]
            if revealed is None:
                raise BotError("The view shows the searching bot none of the cards revealed.")
            faces = {c["id"]: c for c in revealed}
            best = max(_usefulness(face) for face in faces.values())
            return rng.choice(
                [a for a in view["legal_actions"] if _usefulness(faces[a["card"]]) == best]
            )
        if phase == "mage_repeat":
            # Repeat what needs nothing more (a second Renewal would only refresh cards, not
            # shed one: declined).
            simple = {"type": "repeat_magic"} in view["legal_actions"]
            return {"type": "repeat_magic" if simple else "decline"}
        # The engine lists only the magic cards that would do something (one rule, in
        # wordsvc/rules): Revival when a token is used, the cards that draw, Renewal.
        useful: dict[str, list[Action]] = {}
        for action in view["legal_actions"]:
            if action["type"] == "play_magic":
                useful.setdefault(_magic_of(me, action["card"]), []).append(action)
        renewals = [a["card"] for a in useful.get("renewal-of-strength", [])]
        if view["word_formed"] is not None:
            # The magic window after a word: win back a token the word used; renew a hard
            # letter left in hand (Renewal sheds itself: one card fewer); then draw.
            if "revival" in useful:
                return rng.choice(useful["revival"])
            cards = _to_renew(me, set(), rng)
            if renewals and cards:
                return _renew(rng.choice(renewals), cards)
            return {"type": "end_turn"}
        for magic in ("revival", "extra-portion", "search-for-fate"):
            if magic in useful:
                return rng.choice(useful[magic])
        solution = self._solve(view, seat, TIES_LOOKED_AT)
        plays = better_than_passing(solution)
        word = None
        if plays:
            # Among the plays ranked equal (score, then how common the word is), the rng's.
            top = (plays[0].score.total, plays[0].zipf)
            tied = [play for play in plays if (play.score.total, play.zipf) == top]
            word = play_action(rng.choice(tied), me, view["balance"]["yellow"])
        if renewals:
            # Renewal of Strength first, whenever it has a letter card to trade: it sheds
            # itself (one card fewer, and no joker token spent to use it as a letter) and
            # trades hard letters for the top of the deck. Measured against a greedy bot that
            # keeps it as a letter: 0.583 of 400 two-player games (docs/rules/words-of-magic.md).
            used = {slot["card"] for slot in word["slots"] if "card" in slot} if word else set()
            cards = _to_renew(me, used, rng)
            if cards:
                return _renew(rng.choice(renewals), cards)
        return word or {"type": "pass"}

    def word_actions(self, view: WordsOfMagicView, seat: Seat, limit: int) -> list[Action]:
        """The solver's best plays for this seat, as form_word actions (best first)."""
        yellow = view["balance"]["yellow"]
        me = view["players"][seat]
        plays = better_than_passing(self._solve(view, seat, limit))
        return [play_action(play, me, yellow) for play in plays]

    def _weights(self) -> Weights:
        weights = Weights.defaults()
        return replace(weights, **self.weights) if self.weights else weights

    def solve(self, view: WordsOfMagicView, seat: Seat, limit: int) -> Solution:
        """The solver's best ``limit`` plays (and the pass) for this seat's hand."""
        return self._solve(view, seat, limit)

    def _solve(
        self,
        view: WordsOfMagicView,
        seat: Seat,
        limit: int,
        without: frozenset[str] = frozenset(),
    ) -> Solution:
        """The solver's answer for this seat's hand (less the cards ``without``)."""
        me = view["players"][seat]
        opts = view["options"]
        figure = view["familiar"]["figure"]
        faces = [card for card in me["hand"] if card["id"] not in without]
        hand = Hand(
            cards=tuple(_hand_card(i, card) for i, card in enumerate(faces)),
            tokens=me["tokens"],
            familiar=tuple(
                FamiliarCard(i, letter, available=i != figure)
                for i, letter in enumerate(view["familiar"]["letters"])
            ),
            character=None if me["character"] is None else Character(me["character"]),
        )
        table = Table(
            players=opts["players"],
            deck=me["deck_size"],
            mode=Mode(opts["mode"]),
            familiar_properties=tuple(FamiliarProperty(p) for p in familiar_layout(opts)),
            balance_decks=dict(view["balance"]),
            two_player_deals_twice=opts["two_player_deals_twice"],
        )
        request = SolveRequest(
            hand,
            table,
            self._weights(),
            tuple(opts["categories"]),
            limit,
            self.budget_ms,
            min_zipf=self.min_zipf,
        )
        return self.solver.solve(request)


def better_than_passing(solution: Solution) -> list[Play]:
    """The solution's plays, best first; none when passing ranks higher."""
    best = solution.plays
    if best and best[0].score.total <= solution.pass_play.score.total:
        return []
    return best


class GreedyBot(SolverBot):
    name = "greedy"


class CautiousBot(SolverBot):
    name = "cautious"
    weights: ClassVar[WeightChanges | None] = {"token": 0.9}


class EverydayBot(SolverBot):
    """Greedy over the words people know: a bot to play against, not to lose to."""

    name = "everyday"
    min_zipf: ClassVar[float | None] = known_from()


def random_bot(solver: Solver) -> RandomBot:
    """The contract's random bot (:class:`~wordsvc.games.random_bot.RandomBot`), uniform over
    the legal actions, where a word play is one of the solver's :data:`RANDOM_WORDS` best
    words for the hand (the engine cannot list every word a hand can form), and Renewal of
    Strength renews some of the other hand cards, drawn at random."""
    words = SolverBot(solver)

    def expand(view: Mapping[str, object], seat: Seat, action: Action) -> list[Action]:
        if action["type"] == "form_word":
            return words.word_actions(typed_view(view), seat, RANDOM_WORDS)
        return [action]

    return RandomBot(expand=expand, fill=_renew_at_random)


def _renew_at_random(
    view: Mapping[str, object], seat: Seat, action: Action, rng: random.Random
) -> Action:
    """Renewal of Strength, played or repeated, with some of the other hand cards."""
    renewal = {field: value for field, value in action.items() if field != "needs"}
    hand = typed_view(view)["players"][seat]["hand"]
    others = [c["id"] for c in hand if c["id"] != action.get("card")]
    renewal["cards"] = rng.sample(others, rng.randint(1, len(others)))
    return renewal


#: The solver's words the search tries at the root, besides the cautious bot's own choice.
SEARCH_WORDS = 6
#: How much better another action must score than the cautious bot's choice to replace it
#: (a score of 0.5 is even; a card of lead at the end is worth about 0.16 more): about the
#: noise of the mean over a second's deals, 8 or so.
SEARCH_MARGIN = 0.1
#: Moves a rollout may take: more than a game has, so that each is played to its end.
ROLLOUT_MOVES = 200
#: A move's thought, with room for the one rollout that may end past it.
SEARCH_BUDGET = Budget(seconds=0.9)


def search_policy(solver: Solver) -> CautiousBot:
    """The search's policy, at its root and in its rollouts: the cautious bot."""
    return CautiousBot(solver)


def search_bot(solver: Solver, budget: Budget = SEARCH_BUDGET) -> SearchBot:
    """The search bot ("hard"), as measured in scripts/bench_bots.py. At the start of its
    turn it tries the cautious bot's choice, the solver's :data:`SEARCH_WORDS` best words
    for it, the pass and the magic it may play, all in each fresh deal of the decks and the
    Balance of Power cards, every seat then playing as the cautious bot to the game's end
    from the same seed (a paired search), each end scored by how much it was won or lost
    (``hidden.evaluate``); the cautious choice stands unless another scored
    :data:`SEARCH_MARGIN` more. Elsewhere (the characters, the Balance of Power order, the
    magic window after a word, Search for Fate) it plays as the cautious bot."""
    cautious = search_policy(solver)

    def root_actions(
        game: Game, view: Mapping[str, object], seat: Seat, rng: random.Random
    ) -> list[Action]:
        v = typed_view(view)
        if v["phase"] != "turn" or v["word_formed"] is not None:
            return []
        own = cautious.choose(game, view, seat, rng)
        listed = [a for a in v["legal_actions"] if "needs" not in a and a["type"] != "form_word"]
        words = cautious.word_actions(v, seat, SEARCH_WORDS)
        return list({action_key(a): a for a in [own, *listed, *words]}.values())

    return SearchBot(
        WordsOfMagicHidden(),
        cautious,
        budget,
        policy=cautious,
        rollout_depth=ROLLOUT_MOVES,
        evaluate_ends=True,
        tree_depth=1,
        margin=SEARCH_MARGIN,
        paired=True,
        root_actions=root_actions,
    )


#: Every bot by name, made from the solver.
BOTS: dict[str, Callable[[Solver], Bot]] = {
    **{bot.name: bot for bot in (GreedyBot, CautiousBot, EverydayBot)},
    "random": random_bot,
    "search": search_bot,
}


def _magic_of(me: PlayerView, card_id: str) -> str:
    return next(card["magic"] for card in me["hand"] if card["id"] == card_id)


def _hand_card(index: int, face: CardFace) -> HandCard:
    """The solver's card for a face the view shows."""
    return HandCard(index, CardKind(face["kind"]), face.get("letter"), face.get("magic"))


def _to_renew(me: PlayerView, used: set[str], rng: random.Random) -> list[str]:
    """The letter cards Renewal of Strength would trade: among those the word leaves in hand
    (``used``: the cards it lays out), else among all, the red-tier letters, else one of the
    hardest; no more than the deck holds, so that none comes straight back."""
    letters = [c for c in me["hand"] if c["kind"] == "letter"]
    pool = [c for c in letters if c["id"] not in used] or letters
    if not pool:
        return []
    hardest = max(LETTER_TIER.get(c["letter"], 2) for c in pool)
    hard = [c["id"] for c in pool if LETTER_TIER.get(c["letter"], 2) == hardest]
    rng.shuffle(hard)
    if hardest < max(LETTER_TIER.values()):  # no red-tier letter: one of the hardest only
        hard = hard[:1]
    return hard[: me["deck_size"]]


def _renew(card: str, cards: list[str]) -> Action:
    return {"type": "play_magic", "card": card, "cards": cards}


def _elf_count(view: WordsOfMagicView, seat: Seat) -> int:
    """The Elf's extra draw: every card she may, but not the last of her deck (which ends the
    game) unless the game is ending anyway or she is ahead (fewest cards, then most tokens)."""
    most = view["pending"]["most"]
    me = view["players"][seat]
    if most < me["deck_size"] or view["end"] is not None:
        return most

    def standing(player: PlayerView) -> tuple[int, int]:
        return (len(player["hand"]) + player["deck_size"], -player["tokens"])

    others = [standing(p) for s, p in enumerate(view["players"]) if s != seat]
    return most if standing(me) < min(others) else most - 1


def _usefulness(card: CardFace) -> int:
    return {"joker": 2, "magic": 1}.get(card["kind"], 0)


def play_action(play: Play, me: PlayerView, yellow: int) -> Action:
    """The form_word action of a solver play; the Witch curses with it while the yellow deck
    (``yellow`` cards now) still has a card once the word's own Balance cards are dealt."""
    layout, counted = play.layout, play.effects.counted_length
    if layout is None or counted is None:
        raise InternalError("a pass is no form_word action")
    ids = [c["id"] for c in me["hand"]]
    slots = []
    for slot in layout.slots:
        item: dict[str, object] = {"source": slot.source.value, "letter": slot.letter}
        if slot.card is not None:
            item["card"] = ids[slot.card]
        if slot.familiar is not None:
            item["position"] = slot.familiar
        slots.append(item)
    action: dict[str, object] = {"type": "form_word", "word": layout.word, "slots": slots}
    effects = play.effects
    prop = effects.familiar_property
    if prop is not None:
        action["property"] = property_value(prop, layout.length, counted)
        if prop is FamiliarProperty.DISCARD_HAND and effects.discarded_from_hand is not None:
            action["discard"] = ids[effects.discarded_from_hand]
    dealt_yellow = sum(colour == "yellow" for cards in effects.balance for colour in cards)
    if me["character"] == "witch" and not me["witch_used"] and yellow > dealt_yellow:
        action["witch"] = True
    return action
