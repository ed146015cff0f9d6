"""What a play does in the game, and how much it is worth.

The game is won with the fewest cards in hand and deck at the end. A play is therefore scored
by the cards that leave the player for good (played, or discarded by a Familiar property), plus
the Balance of Power cards the neighbours must take, weighted by colour and by the share of the
opponents they are, minus the joker tokens it uses. Drawing moves cards from deck to hand and
does not change the total, so it is reported but not scored. The weights are data
(``wordsvc/data/solver.toml``) and options; ``docs/solver.md`` explains and illustrates them.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field, replace
from enum import Enum
from functools import cache
from pathlib import Path
from typing import Literal

from wordsvc.config import PACKAGE_DIR
from wordsvc.data_files import DataFile, codes
from wordsvc.errors import InvalidValue
from wordsvc.lexicon.frequency import ZIPF_UNITS
from wordsvc.rules.words_of_magic.codex import COLOURS, Codex, deal_balance, load_codex
from wordsvc.rules.words_of_magic.components import CardKind
from wordsvc.rules.words_of_magic.turn import (
    DEFAULT_FAMILIAR_PROPERTIES,
    PASS_DRAW,
    FamiliarProperty,
    draw_up_to,
)
from wordsvc.solver.hand import Hand, HandCard
from wordsvc.solver.layout import Layout, usable_familiar

SOLVER_FILE = PACKAGE_DIR / "data" / "solver.toml"
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
        """How many times the codex deals: once per neighbour (one in a two-player game
        unless the option says the same player takes them twice)."""
        return 1 if self.players == 2 and not self.two_player_deals_twice else 2

    @classmethod
    def defaults(cls) -> Table:
        """The table of ``wordsvc/data/solver.toml``, classic mode, with enough cards in every
        deck; change it with :func:`dataclasses.replace`."""
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


@dataclass(frozen=True)
class Score:
    total: float
    cards: float
    balance: float
    tokens: float


@dataclass(frozen=True)
class Play:
    """A word laid out (or a pass, with no layout) with its effects and score."""

    layout: Layout | None
    effects: Effects
    score: Score
    rank: tuple[object, ...] = field(compare=False)  # smaller is better; a total order
    #: How common the word is (Zipf scale; 0 when unlisted); None for the pass.
    zipf: float | None = None

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
        self._can_change_length = FamiliarProperty.LENGTH in properties
        self._can_discard = bool(properties - {FamiliarProperty.LENGTH})
        self._balance_by_length: dict[int, tuple[tuple[tuple[str, ...], ...], float]] = {}
        self._totals: dict[tuple[int, int | None, int], tuple[float, ...]] = {}
        self._scores: dict[tuple[int, float, int], Score] = {}
        self._effects_of: dict[tuple[tuple[int, ...], FamiliarProperty | None, int], Effects] = {}

    # --- scoring --------------------------------------------------------------------------

    def balance(self, length: int) -> tuple[tuple[tuple[str, ...], ...], float]:
        """The cards each neighbour takes for a word counted as ``length``, and their value."""
        cached = self._balance_by_length.get(length)
        if cached is None:
            row = self.codex.row(length)
            dealt = deal_balance(row.neighbours, self.table.neighbours, self.table.balance_decks)
            value = sum(self.weights.colours[c] for cards in dealt for c in cards) * self.share
            cached = self._balance_by_length[length] = (tuple(map(tuple, dealt)), value)
        return cached

    def plays(self, layout: Layout, units: int | None = None) -> Iterator[Play]:
        """Every way to finish a turn with this layout: with or without the property of the
        Familiar card it uses, and each length the ±1 property allows. ``units`` is the
        word's Zipf value in hundredths when the caller knows it (else it is looked up)."""
        if units is None:
            units = self.zipf_units(layout.word) if self.zipf_units is not None else 0
        yield self._play(layout, None, layout.length, units)
        if self.table.mode is not Mode.MAGIC or layout.familiar_used is None:
            return
        prop = self.table.familiar_properties[layout.familiar_used]
        if prop is FamiliarProperty.LENGTH:
            for counted in (layout.length - 1, layout.length + 1):
                if counted >= self.codex.shortest:
                    yield self._play(layout, prop, counted, units)
        else:
            yield self._play(layout, prop, layout.length, units)

    def best_play(self, layouts: list[Layout], units: int | None = None) -> Play | None:
        """The best play of one word's layouts (``units``: the word's Zipf hundredths, when
        known)."""
        return min((p for layout in layouts for p in self.plays(layout, units)),
                   key=lambda p: p.rank, default=None)  # fmt: skip

    def _play(
        self, layout: Layout, prop: FamiliarProperty | None, counted: int, units: int
    ) -> Play:
        effects = self._effects(layout.cards_spent, prop, counted)
        balance_value = self.balance(counted)[1]
        score = self._score(effects.cards_out, balance_value, layout.tokens_used)
        rank = (
            -score.total,
            -units,
            layout.tokens_used,
            -layout.length,
            layout.word,
            -1 if layout.familiar_used is None else layout.familiar_used,
            "" if prop is None else prop.value,
            counted,
            layout.slot_key,
        )
        return Play(layout, effects, score, rank, units / ZIPF_UNITS)

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
        from_deck = 0
        if prop is FamiliarProperty.DISCARD_DECK and (deck is None or deck > 0):
            from_deck = 1
            deck = None if deck is None else deck - 1
        from_hand = None
        if prop is FamiliarProperty.DISCARD_HAND and left:
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
            balance=tuple(() for _ in range(self.table.neighbours)),
            draw_up_to=None,
            drawn=drawn,
            discarded_from_deck=0,
            discarded_from_hand=None,
            cards_out=0,
            hand_after=len(self.hand.cards) + drawn,
            deck_after=None if deck is None else deck - drawn,
        )
        return Play(None, effects, self._score(0, 0.0, 0), (0.0,))

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
        variants: list[tuple[FamiliarProperty | None, int]] = [(None, length)]
        if self.table.mode is Mode.MAGIC and familiar is not None:
            prop = self.table.familiar_properties[familiar]
            if prop is FamiliarProperty.LENGTH:
                lengths = (length - 1, length + 1)
                variants += [(prop, n) for n in lengths if n >= self.codex.shortest]
            else:
                variants.append((prop, length))
        deck = self.table.deck
        left = len(self.hand.cards) - spent
        best: list[float] = []
        for tokens in range(self.hand.tokens + 1):
            scores = []
            for used, counted in variants:
                from_deck = used is FamiliarProperty.DISCARD_DECK and (deck is None or deck > 0)
                from_hand = used is FamiliarProperty.DISCARD_HAND and left > 0
                value = self.balance(counted)[1]
                scores.append(self._score(spent + from_deck + from_hand, value, tokens).total)
            best.append(max(scores))
        found = self._totals[key] = tuple(best)
        return found

    # --- bounds for the search ------------------------------------------------------------

    def bound(self, length: int, min_tokens: int) -> float:
        """No play of a ``length``-letter word with at least ``min_tokens`` tokens scores
        more than this."""
        if length < self.codex.shortest:
            return float("-inf")
        cards = min(length, len(self.hand.cards)) * self.weights.card
        best_extra = self.balance(length)[1] + (self.weights.card if self._can_discard else 0)
        if self._can_change_length:
            lengths = [n for n in (length - 1, length + 1) if n >= self.codex.shortest]
            best_extra = max([best_extra, *(self.balance(n)[1] for n in lengths)])
        return round(cards + best_extra - min_tokens * self.weights.token, SCORE_DIGITS)
