"""What a play does in the game, and how much it is worth.

The game is won with the fewest cards in hand and deck at the end. A play is therefore scored
by the cards that leave the player for good (played, or discarded by a Familiar property), plus
the Balance of Power cards the neighbours must take, weighted by colour and by the share of the
opponents they are, minus the joker tokens it uses. Drawing moves cards from deck to hand and
does not change the total, so it is reported but not scored. The weights are data
(``solver.toml`` in ``wordsvc/rules/words_of_magic/data/``) and options; ``docs/solver.md``
explains and illustrates them.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field, replace
from enum import Enum
from functools import cache
from pathlib import Path
from typing import Generic, Literal, NamedTuple, TypeVar

from wordsvc.data_files import DataFile, codes
from wordsvc.errors import InvalidValue
from wordsvc.lexicon.frequency import ZIPF_UNITS
from wordsvc.rules.words_of_magic.codex import (
    COLOURS,
    Codex,
    deal_balance,
    load_codex,
    neighbours,
)
from wordsvc.rules.words_of_magic.components import DATA_DIR, CardKind
from wordsvc.rules.words_of_magic.turn import (
    DEFAULT_FAMILIAR_PROPERTIES,
    PASS_DRAW,
    FamiliarProperty,
    draw_up_to,
    familiar_discards,
    property_choices,
    property_value,
)
from wordsvc.solver.hand import Hand, HandCard
from wordsvc.solver.layout import Layout, usable_familiar

SOLVER_FILE = DATA_DIR / "solver.toml"
MAX_PLAYERS = 4
MIN_PLAYERS = 2
#: Largest weight of the objective accepted.
MAX_WEIGHT = 10
#: Scores are rounded so that equal plays compare equal whatever the order of additions.
SCORE_DIGITS = 6
#: The codes :func:`load_defaults` raises: the field codes.
DATA_ERRORS = codes()
_TABLE_KEYS = ("players", "two_player_deals_twice")
_WEIGHT_KEYS = ("card", "token", *COLOURS)


class Mode(Enum):
    CLASSIC = "classic"  # no magic: the Familiar's letters only
    MAGIC = "magic"  # the planshet's magic side: each Familiar card has a property


@dataclass(frozen=True)
class Weights:
    """The objective's weights (see the module docstring)."""

    card: float
    token: float
    colours: Mapping[str, float]
    neighbour_share: float | None = None  # None: 1 / (players - 1)

    @classmethod
    def defaults(cls) -> Weights:
        """The weights of ``solver.toml`` (a copy: the file is read once)."""
        weights = load_defaults().weights
        return replace(weights, colours=dict(weights.colours))

    def with_overrides(self, **values: float | None) -> Weights:
        """These weights with some overridden by name (``card``, ``token``, ``green``,
        ``yellow``, ``red``, ``neighbour_share``), each a number from 0 to 10; None leaves a
        weight as it is. Raises :class:`InvalidValue` (``invalid_weights``)."""
        known = {"card", "token", "neighbour_share", *COLOURS}
        given: dict[str, float] = {}
        for name, value in values.items():
            if name not in known:
                raise InvalidValue(
                    "invalid_weights", f"Unknown weight {name!r}.", {"known": sorted(known)}
                )
            if value is None:
                continue
            if not 0 <= value <= MAX_WEIGHT:
                raise InvalidValue(
                    "invalid_weights", f"Weight {name!r} must be a number from 0 to {MAX_WEIGHT}.",
                    {"weight": name},
                )  # fmt: skip
            given[name] = float(value)
        colours = {c: given.pop(c, self.colours[c]) for c in COLOURS}
        return replace(
            self,
            card=given.get("card", self.card),
            token=given.get("token", self.token),
            colours=colours,
            neighbour_share=given.get("neighbour_share", self.neighbour_share),
        )


@dataclass(frozen=True)
class Table:
    """What the solver must know of the game around the hand."""

    players: int
    familiar_properties: tuple[FamiliarProperty, ...]  # left to right
    two_player_deals_twice: bool
    deck: int | None = None  # cards in the player's deck; None: enough for any draw
    mode: Mode = Mode.CLASSIC
    balance_decks: Mapping[str, int] | None = None  # cards left per colour; None: enough

    @property
    def neighbours(self) -> int:
        """How many times the codex deals: once per neighbour (the rule:
        :func:`~wordsvc.rules.words_of_magic.codex.neighbours`)."""
        return len(neighbours(0, self.players, self.two_player_deals_twice))

    @classmethod
    def defaults(cls) -> Table:
        """The table of ``solver.toml`` (``wordsvc/rules/words_of_magic/data/``), classic
        mode, with enough cards in every deck; change it with :func:`dataclasses.replace`."""
        defaults = load_defaults()
        return cls(
            players=defaults.players,
            familiar_properties=DEFAULT_FAMILIAR_PROPERTIES,
            two_player_deals_twice=defaults.two_player_deals_twice,
        )


@dataclass(frozen=True)
class SolverDefaults:
    """What ``solver.toml`` gives: the objective's weights, and the table's defaults."""

    weights: Weights
    players: int
    two_player_deals_twice: bool


@cache
def load_defaults(path: Path = SOLVER_FILE) -> SolverDefaults:
    """The defaults of ``path``, read once; raises :class:`ConfigurationError` with a code of
    :data:`DATA_ERRORS` (the field codes) naming the rule broken."""
    file = DataFile(path, DATA_ERRORS)
    data = file.keys("the file", file.read(), {"table", "weights"})
    table = file.keys("[table]", file.table("the file", data, "table"), _TABLE_KEYS)
    weights = file.keys("[weights]", file.table("the file", data, "weights"), _WEIGHT_KEYS)
    weight = {key: file.number("[weights]", weights, key, 0, MAX_WEIGHT) for key in _WEIGHT_KEYS}
    return SolverDefaults(
        weights=Weights(weight["card"], weight["token"], {c: weight[c] for c in COLOURS}),
        players=file.integer("[table]", table, "players", MIN_PLAYERS, MAX_PLAYERS),
        two_player_deals_twice=file.flag("[table]", table, "two_player_deals_twice"),
    )


@dataclass(frozen=True)
class Effects:
    """What the play does: the codex row used, the cards dealt and drawn, and what is left."""

    counted_length: int | None  # the length the codex reads (None for a pass)
    familiar_property: FamiliarProperty | None
    balance: tuple[tuple[str, ...], ...]  # per neighbour, left first
    draw_up_to: int | None
    drawn: int
    discarded_from_deck: int
    discarded_from_hand: int | None  # hand index of the card the Familiar discards
    cards_out: int  # cards that leave hand and deck for good
    hand_after: int
    deck_after: int | None

    @property
    def balance_cards(self) -> int:
        """Balance of Power cards the neighbours take, all of them together."""
        return sum(len(cards) for cards in self.balance)


@dataclass(frozen=True)
class Score:
    total: float
    cards: float
    balance: float
    tokens: float


#: A Familiar property choice: the property used (None: none) and the length counted.
Choice = tuple[FamiliarProperty | None, int]
#: What stands for the word in a :class:`Rank`: the word, or its row in the letter index.
WordKey = TypeVar("WordKey", str, int)


class Rank(NamedTuple, Generic[WordKey]):
    """A play's place in the solver's ranking: smaller is better, and a total order. The
    first five fields rank words: the search ranks whole blocks of words by them before it
    lays any out, with the word's row in the letter index as ``word`` (rows of one length
    are in word order). The rest order the plays of one word. A pass ranks by its score
    alone (:meth:`Evaluator.pass_play`)."""

    neg_total: float  # the score, negated: the best play first
    neg_zipf: int  # how common the word is (Zipf hundredths), negated: the commoner first
    tokens: int  # the fewer joker tokens first
    neg_length: int  # the word's letters, negated: the longer first
    word: WordKey
    familiar: int = -1  # the Familiar card's position, -1 for none
    prop: str = ""  # the Familiar property used, "" for none
    counted: int = 0  # the length the codex reads
    slots: tuple[tuple[str, int | None], ...] = ()  # :attr:`Layout.slot_key`


@cache
def _dealt_from_deep_decks(
    colours: tuple[str, ...], neighbours: int
) -> tuple[tuple[str, ...], ...]:
    """What each neighbour takes when every deck is deep enough: the same for every hand, so
    worked out once per codex row (a solve asks for a row of every length it scans)."""
    return tuple(map(tuple, deal_balance(colours, neighbours)))


#: A :class:`Rank` from all its fields in order, ``new_rank(Rank, fields)``: a named tuple's
#: own constructor is a Python function, and the search makes hundreds of ranks per hand.
new_rank = tuple.__new__


@dataclass(frozen=True)
class Play:
    """A word laid out (or a pass, with no layout) with its effects and score."""

    layout: Layout | None
    effects: Effects
    score: Score
    rank: Rank[str] = field(compare=False)
    #: How common the word is (Zipf scale; 0 when unlisted); None for the pass.
    zipf: float | None = None
    #: Every way the layout may be finished (the property used, the length counted): the
    #: rules' choices for its Familiar card at its length, this play's among them.
    choices: tuple[Choice, ...] = field(default=(), compare=False)

    @property
    def property_values(self) -> list[str]:
        """The ``form_word`` properties this layout may be finished with (a table offers
        them, and none), from :attr:`choices`; none for the pass."""
        if self.layout is None:
            return []
        length = self.layout.length
        found = (property_value(prop, length, counted) for prop, counted in self.choices)
        return [value for value in found if value is not None]

    @property
    def is_pass(self) -> bool:
        return self.layout is None

    @property
    def kind(self) -> Literal["word", "pass"]:
        return "pass" if self.layout is None else "word"


class Evaluator:
    """Scores the plays of one hand at one table."""

    def __init__(
        self,
        hand: Hand,
        table: Table,
        weights: Weights,
        letter_frequency: Mapping[str, int] | None = None,
        codex: Codex | None = None,
        zipf_units: Callable[[str], int] | None = None,
    ) -> None:
        """``zipf_units`` says how common a word is (Zipf hundredths, the letter index's
        column): among plays of equal score the more common word ranks first."""
        self.hand = hand
        self.zipf_units = zipf_units
        self.table = table
        self.weights = weights
        self.codex = codex or load_codex()
        self.letter_frequency = letter_frequency or {}
        self.share = (
            weights.neighbour_share
            if weights.neighbour_share is not None
            else 1 / (table.players - 1)
        )
        magic = table.mode is Mode.MAGIC
        usable = {f.position for f in usable_familiar(hand)}
        properties = {table.familiar_properties[p] for p in usable} if magic else set()
        #: For the bound: each property a word of this hand may use, with a card's weight if
        #: it discards a card (at best it does).
        self._bound_properties = {
            prop: weights.card if any(familiar_discards(prop, None, 1)) else 0.0
            for prop in properties
        }
        self._bound_extras: dict[int, float] = {}
        self._choices_of: dict[tuple[int | None, int], tuple[Choice, ...]] = {}
        self._neighbours = table.neighbours
        self._shortest = self.codex.shortest
        #: The property above each Familiar card (None: no card; none in the classic mode).
        self._property_at: dict[int | None, FamiliarProperty | None] = {None: None}
        for position, prop in enumerate(table.familiar_properties):
            self._property_at[position] = prop if magic else None
        self._balance_by_length: dict[int, tuple[tuple[tuple[str, ...], ...], float]] = {}
        self._totals: dict[tuple[int, int | None, int], tuple[float, ...]] = {}
        self._scores: dict[tuple[int, float, int], Score] = {}
        self._effects_of: dict[tuple[tuple[int, ...], FamiliarProperty | None, int], Effects] = {}

    # --- scoring --------------------------------------------------------------------------

    def balance(self, length: int) -> tuple[tuple[tuple[str, ...], ...], float]:
        """The cards each neighbour takes for a word counted as ``length``, and their value."""
        cached = self._balance_by_length.get(length)
        if cached is None:
            colours, decks = self.codex.row(length).neighbours, self.table.balance_decks
            dealt = (
                _dealt_from_deep_decks(colours, self._neighbours)
                if decks is None
                else tuple(map(tuple, deal_balance(colours, self._neighbours, decks)))
            )
            value = sum(self.weights.colours[c] for cards in dealt for c in cards) * self.share
            cached = self._balance_by_length[length] = (dealt, value)
        return cached

    def plays(self, layout: Layout, units: int | None = None) -> Iterator[Play]:
        """Every way to finish a turn with this layout: with or without the property of the
        Familiar card it uses, and each length the ±1 property allows. ``units`` is the
        word's Zipf value in hundredths when the caller knows it (else it is looked up)."""
        units = self._units(layout, units)
        choices = self._choices(layout)
        for used, counted in choices:
            rank, effects, score = self._ranked(layout, used, counted, units)
            yield Play(layout, effects, score, rank, units / ZIPF_UNITS, choices)

    def best_play(self, layouts: list[Layout], units: int | None = None) -> Play | None:
        """The best play of one word's layouts (``units``: the word's Zipf hundredths, when
        known): every way to play each ranked, and the best one made a :class:`Play`."""
        best: tuple[Rank[str], Layout, Effects, Score, int] | None = None
        for layout in layouts:
            layout_units = self._units(layout, units)
            for used, counted in self._choices(layout):
                rank, effects, score = self._ranked(layout, used, counted, layout_units)
                if best is None or rank < best[0]:
                    best = (rank, layout, effects, score, layout_units)
        if best is None:
            return None
        rank, layout, effects, score, best_units = best
        return Play(layout, effects, score, rank, best_units / ZIPF_UNITS, self._choices(layout))

    def _units(self, layout: Layout, units: int | None) -> int:
        if units is not None:
            return units
        return self.zipf_units(layout.word) if self.zipf_units is not None else 0

    def _choices(self, layout: Layout) -> tuple[Choice, ...]:
        """The property choices of the layout's Familiar card at its length (the rule, once
        per card and length)."""
        key = (layout.familiar_used, layout.length)
        choices = self._choices_of.get(key)
        if choices is None:
            prop = self._property_at[key[0]]
            choices = self._choices_of[key] = property_choices(prop, key[1], self._shortest)
        return choices

    def _ranked(
        self, layout: Layout, prop: FamiliarProperty | None, counted: int, units: int
    ) -> tuple[Rank[str], Effects, Score]:
        """One way to play the layout: its rank, effects and score."""
        effects = self._effects(layout.cards_spent, prop, counted)
        balance_value = self.balance(counted)[1]
        score = self._score(effects.cards_out, balance_value, layout.tokens_used)
        rank: Rank[str] = new_rank(  # each of Rank's fields, in order
            Rank,
            (
                -score.total,
                -units,
                layout.tokens_used,
                -layout.length,
                layout.word,
                -1 if layout.familiar_used is None else layout.familiar_used,
                "" if prop is None else prop.value,
                counted,
                layout.slot_key,
            ),
        )
        return rank, effects, score

    def _effects(
        self, cards_spent: tuple[int, ...], prop: FamiliarProperty | None, counted: int
    ) -> Effects:
        """What a play spending these hand cards does (the same for every word that spends
        them: worked out once per hand)."""
        key = (cards_spent, prop, counted)
        effects = self._effects_of.get(key)
        if effects is None:
            effects = self._effects_of[key] = self._new_effects(*key)
        return effects

    def _new_effects(
        self, cards_spent: tuple[int, ...], prop: FamiliarProperty | None, counted: int
    ) -> Effects:
        hand, table = self.hand, self.table
        spent = set(cards_spent)
        left = [c for c in hand.cards if c.index not in spent]
        deck = table.deck
        top_of_deck, hand_card = familiar_discards(prop, deck, len(left))
        from_deck = int(top_of_deck)
        if top_of_deck and deck is not None:
            deck -= 1
        from_hand = None
        if hand_card:
            from_hand = self._card_to_discard(left)
            left = [c for c in left if c.index != from_hand]
        dealt = self.balance(counted)[0]
        magic_left = sum(1 for c in left if c.kind is CardKind.MAGIC)
        up_to = draw_up_to(self.codex.row(counted).draw_up_to, hand.character, magic_left)
        drawn = max(0, up_to - len(left))
        if deck is not None:
            drawn = min(drawn, deck)
        return Effects(
            counted_length=counted,
            familiar_property=prop,
            balance=dealt,
            draw_up_to=up_to,
            drawn=drawn,
            discarded_from_deck=from_deck,
            discarded_from_hand=from_hand,
            cards_out=len(spent) + from_deck + (from_hand is not None),
            hand_after=len(left) + drawn,
            deck_after=None if deck is None else deck - drawn,
        )

    def _score(self, cards_out: int, balance_value: float, tokens: int) -> Score:
        key = (cards_out, balance_value, tokens)
        score = self._scores.get(key)
        if score is None:
            score = self._scores[key] = self._new_score(*key)
        return score

    def _new_score(self, cards_out: int, balance_value: float, tokens: int) -> Score:
        cards = cards_out * self.weights.card
        token_cost = tokens * self.weights.token
        return Score(
            total=round(cards + balance_value - token_cost, SCORE_DIGITS),
            cards=round(cards, SCORE_DIGITS),
            balance=round(balance_value, SCORE_DIGITS),
            tokens=round(0.0 - token_cost, SCORE_DIGITS),
        )

    def _card_to_discard(self, left: list[HandCard]) -> int:
        """The card the Familiar should discard: the rarest letter, else a magic card, else
        a joker card (the most useful card is kept)."""
        frequency = self.letter_frequency

        def usefulness(card: HandCard) -> tuple[int, int, int]:
            if card.kind is CardKind.LETTER:
                return (0, frequency.get(card.face_letter, 0), card.index)
            return (1 if card.kind is CardKind.MAGIC else 2, 0, card.index)

        return min(left, key=usefulness).index

    def pass_play(self) -> Play:
        """Passing: take the top three cards of the deck (fewer if it is shorter)."""
        deck = self.table.deck
        drawn = PASS_DRAW if deck is None else min(PASS_DRAW, deck)
        effects = Effects(
            counted_length=None,
            familiar_property=None,
            balance=tuple(() for _ in range(self._neighbours)),
            draw_up_to=None,
            drawn=drawn,
            discarded_from_deck=0,
            discarded_from_hand=None,
            cards_out=0,
            hand_after=len(self.hand.cards) + drawn,
            deck_after=None if deck is None else deck - drawn,
        )
        return Play(None, effects, self._score(0, 0.0, 0), Rank(0.0, 0, 0, 0, ""))

    # --- exact scores for the search, without laying words out ----------------------------

    def totals(self, length: int, familiar: int | None, free: int) -> tuple[float, ...]:
        """The score of the best play of any ``length``-letter word laid out with ``free``
        free letters (the Amazon's А, the Familiar card at position ``familiar``) and ``t``
        tokens, indexed by ``t``: what :meth:`best_play` would score, computed from numbers
        alone. A layout's cards are its letters less the free ones whatever the word, so
        the score depends on the word only through these; the search ranks whole blocks of
        words with it and lays out only the ones it returns."""
        key = (length, familiar, free)
        cached = self._totals.get(key)
        if cached is not None:
            return cached
        spent = length - free
        prop = self._property_at[familiar]
        # The cards the property discards, when it is used (one more out for each).
        discarded = sum(familiar_discards(prop, self.table.deck, len(self.hand.cards) - spent))
        outcomes = [  # each choice's cards out and Balance of Power value
            (spent if used is None else spent + discarded, self.balance(counted)[1])
            for used, counted in property_choices(prop, length, self._shortest)
        ]
        best = []
        for tokens in range(self.hand.tokens + 1):
            scores = [self._score(out, value, tokens).total for out, value in outcomes]
            best.append(max(scores))
        found = self._totals[key] = tuple(best)
        return found

    # --- bounds for the search ------------------------------------------------------------

    def _bound_extra(self, length: int) -> float:
        """The most any usable property can add to a ``length``-letter word's cards: the
        Balance of Power cards of each length the codex may read with it, and a card more
        out when it discards one."""
        balance = self.balance
        best = balance(length)[1]  # with no property used, the word counts as laid out
        for prop, discard in self._bound_properties.items():
            for used, counted in property_choices(prop, length, self._shortest):
                if used is not None and balance(counted)[1] + discard > best:
                    best = balance(counted)[1] + discard
        return best

    def bound(self, length: int, min_tokens: int) -> float:
        """No play of a ``length``-letter word with at least ``min_tokens`` tokens scores
        more than this."""
        if length < self.codex.shortest:
            return float("-inf")
        cards = min(length, len(self.hand.cards)) * self.weights.card
        best_extra = self._bound_extras.get(length)
        if best_extra is None:
            best_extra = self._bound_extras[length] = self._bound_extra(length)
        return round(cards + best_extra - min_tokens * self.weights.token, SCORE_DIGITS)
