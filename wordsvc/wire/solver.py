"""Wire models of the solver route: a hand at a table, and the ranked plays."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import (
    AfterValidator,
    AliasChoices,
    AliasPath,
    BeforeValidator,
    Field,
    Strict,
    StrictBool,
    field_validator,
)

from wordsvc.alphabet import MAX_INPUT_LENGTH
from wordsvc.judge import MAX_PATTERN_LENGTH
from wordsvc.rules.words_of_magic.components import TOKENS, Character
from wordsvc.rules.words_of_magic.turn import FamiliarProperty
from wordsvc.solver.hand import FAMILIAR_CARDS, MAX_HAND_CARDS
from wordsvc.solver.solve import (
    DEFAULT_BUDGET_MS,
    DEFAULT_PLAYS,
    MAX_BUDGET_MS,
    MAX_PLAYS,
    MAX_WORD_LENGTH,
    MAX_ZIPF,
)
from wordsvc.wire.common import JsonFloat, JsonInt, WireModel, enum_value, integral

#: Words a solve request may name as agreed whatever the categories: room for any session's
#: list (at most 500, ``games.words_of_magic.options``) and more.
MAX_HOUSE_WORDS = 1000

Colour = Literal["green", "yellow", "red"]
DeckSize = Annotated[int, Strict(), Field(ge=0, le=1000), BeforeValidator(integral)]
WordLength = Annotated[int, Strict(), Field(ge=1, le=MAX_WORD_LENGTH), BeforeValidator(integral)]


class FamiliarIn(WireModel):
    letter: str = Field(min_length=1, max_length=4, description="One letter, any case.")
    available: StrictBool = Field(default=True, description="False while the figure stands on it.")


class BalanceDecks(WireModel):
    """Cards left in each Balance of Power deck (a colour left out: none left)."""

    green: JsonInt = Field(default=0, ge=0, le=100)
    yellow: JsonInt = Field(default=0, ge=0, le=100)
    red: JsonInt = Field(default=0, ge=0, le=100)


#: A weight of the objective.
Weight = Annotated[JsonFloat, Field(ge=0, le=10)]


class WeightsIn(WireModel):
    """Overrides of the objective's weights (docs/solver.md), each 0 to 10."""

    card: Weight | None = None
    token: Weight | None = None
    green: Weight | None = None
    yellow: Weight | None = None
    red: Weight | None = None
    neighbour_share: Weight | None = None


class SolveBody(WireModel):
    """A hand and the table around it (docs/solver.md describes every field)."""

    cards: list[str] = Field(
        default_factory=list,
        max_length=MAX_HAND_CARDS,
        description="Letters (any case), `*` for a joker card, or magic cards by name or id.",
    )
    tokens: JsonInt = Field(default=0, ge=0, le=TOKENS, description="Unused joker tokens.")
    familiar: list[FamiliarIn] = Field(default_factory=list, max_length=FAMILIAR_CARDS)
    character: Character | None = None
    players: JsonInt = Field(default=3, ge=2, le=4)
    deck: DeckSize | None = Field(default=None, description="Cards in your deck.")
    mode: Literal["classic", "magic"] = "classic"
    familiar_properties: list[FamiliarProperty] | None = Field(
        default=None,
        min_length=3,
        max_length=3,
        json_schema_extra={"uniqueItems": True},
        description="The planshet's properties above the Familiar cards, left to right.",
    )
    balance_decks: BalanceDecks | None = None

    @field_validator("familiar_properties")
    @classmethod
    def _each_property_once(
        cls, value: list[FamiliarProperty] | None
    ) -> list[FamiliarProperty] | None:
        if value is not None and len(set(value)) != len(value):
            raise ValueError("each property once, left to right")
        return value

    two_player_deals_twice: StrictBool | None = None
    categories: list[str] = Field(default_factory=list)
    weights: WeightsIn | None = None
    limit: JsonInt = Field(default=DEFAULT_PLAYS, ge=1, le=MAX_PLAYS)
    budget_ms: JsonInt = Field(
        default=DEFAULT_BUDGET_MS,
        ge=1,
        le=MAX_BUDGET_MS,
        description="The search's budget, counted in steps (40 a millisecond) so that an "
        "answer cut short is the same every time; the clock stops a search only at 4 times it.",
    )
    word: str | None = Field(
        default=None,
        min_length=1,
        max_length=MAX_INPUT_LENGTH,
        description="Can this hand make this word? The answer is every layout of it (without "
        "the free letters, with each usable Familiar card, with the Amazon's А), each played "
        "its best way, the best first, at most `limit`; a 422 `word_not_playable` or "
        "`word_not_formable` says why not. `pattern`, `min_length` and `min_zipf` are not "
        "used with it.",
    )
    pattern: str | None = Field(
        default=None,
        min_length=1,
        max_length=MAX_PATTERN_LENGTH,
        description="Only words matching it: `?` one letter, `*` any run (as in the word "
        "search), e.g. `м*` for the best plays that start with М.",
    )
    min_length: WordLength | None = Field(
        default=None, description="Only words of this many letters or more."
    )
    house_words: list[str] = Field(
        default_factory=list,
        max_length=MAX_HOUSE_WORDS,
        description="Words the table agreed to play whatever the categories say (a game "
        "session's `house_words`): `word` may be one of them.",
    )
    min_zipf: JsonFloat | None = Field(
        default=None,
        ge=0,
        le=MAX_ZIPF,
        description="Only words at least this common on the Zipf scale (wordfreq: 3 is a "
        "word people know, 4.5 a common one). Among plays of equal score the more common "
        "word ranks first whether or not this is given.",
    )


# --- the answer --------------------------------------------------------------------------
# Validated from the solver's own objects (wordsvc.solver: Solution, Play, Layout...) by
# attribute, see common.to_json. Where the wire flattens or renames, a field also looks the
# value up where the domain keeps it (AliasChoices: the wire name first, so that the schema
# and an answer read back keep the wire name).


def _in_layout(name: str, attribute: str | None = None) -> AliasChoices:
    """A word play's field that its layout holds (a pass has no layout: the field is left
    out of the answer)."""
    return AliasChoices(name, AliasPath("layout", attribute or name))


def _in_request(name: str) -> AliasChoices:
    return AliasChoices(name, AliasPath("request", name))


def _colour(name: str) -> AliasChoices:
    return AliasChoices(name, AliasPath("colours", name))


class HandCardOut(WireModel):
    index: int
    kind: Annotated[Literal["letter", "joker", "magic"], BeforeValidator(enum_value)]
    letter: str | None
    magic: str | None


class SlotOut(WireModel):
    letter: str
    source: Annotated[
        Literal["letter_card", "joker_card", "token", "familiar", "amazon"],
        BeforeValidator(enum_value),
    ]
    card: int | None = Field(description="The hand card's index, for the three card sources.")
    familiar: int | None = Field(description="The Familiar card's position.")


class Effects(WireModel):
    counted_length: int | None
    familiar_property: FamiliarProperty | None
    balance: list[list[Colour]] = Field(description="Per neighbour, the left one first.")
    balance_cards: int = Field(
        description="Balance of Power cards the neighbours take, all of them together."
    )
    draw_up_to: int | None
    drawn: int
    discarded_from_deck: int
    discarded_from_hand: int | None
    cards_out: int
    hand_after: int
    deck_after: int | None


class Score(WireModel):
    total: float
    cards: float
    balance: float
    tokens: float


class Play(WireModel):
    """A word laid out, or the pass (``kind: "pass"``, without the layout's fields)."""

    kind: Literal["word", "pass"]
    word: str | None = Field(default=None, validation_alias=_in_layout("word"))
    length: int | None = Field(default=None, validation_alias=_in_layout("length"))
    slots: list[SlotOut] | None = Field(default=None, validation_alias=_in_layout("slots"))
    tokens_used: int | None = Field(default=None, validation_alias=_in_layout("tokens_used"))
    cards_spent: list[int] | None = Field(default=None, validation_alias=_in_layout("cards_spent"))
    familiar: int | None = Field(
        default=None, validation_alias=_in_layout("familiar", "familiar_used")
    )
    effects: Effects
    score: Score
    zipf: float | None = Field(
        default=None, description="How common the word is (Zipf scale, 0: not listed)."
    )
    property_choices: list[str] = Field(
        default_factory=list,
        validation_alias=AliasChoices("property_choices", "property_values"),
        description="The `form_word` properties the layout's Familiar card allows at its "
        "length (besides using none): what a table offers to choose from; none for the "
        "pass.",
    )


class FamiliarOut(WireModel):
    position: int
    letter: str
    available: bool


class HandOut(WireModel):
    cards: list[HandCardOut]
    tokens: int
    familiar: list[FamiliarOut]
    character: Character | None


class TableOut(WireModel):
    players: int
    deck: int | None
    mode: Annotated[Literal["classic", "magic"], BeforeValidator(enum_value)]
    familiar_properties: list[FamiliarProperty]
    balance_decks: dict[Colour, int] | None
    two_player_deals_twice: bool


class WeightsOut(WireModel):
    card: float
    token: float
    green: float = Field(validation_alias=_colour("green"))
    yellow: float = Field(validation_alias=_colour("yellow"))
    red: float = Field(validation_alias=_colour("red"))
    neighbour_share: float | None


class Solution(WireModel):
    plays: list[Play] = Field(description="Best first.")
    pass_: Play = Field(
        alias="pass",
        validation_alias=AliasChoices("pass", "pass_play"),
        description="The pass, as the baseline.",
    )
    complete: bool = Field(description="False when the budget ran out first.")
    categories: list[str]
    word: str | None = Field(
        validation_alias=_in_request("word"), description="The word asked about, if any."
    )
    pattern: str | None = Field(validation_alias=_in_request("pattern"))
    min_length: int | None = Field(validation_alias=_in_request("min_length"))
    min_zipf: float | None = Field(validation_alias=_in_request("min_zipf"))
    hand: HandOut = Field(validation_alias=_in_request("hand"))
    table: TableOut = Field(validation_alias=_in_request("table"))
    weights: WeightsOut = Field(validation_alias=_in_request("weights"))
    words_scored: int
    steps: int = Field(description="Budget steps the search took: the same for the same request.")
    elapsed_ms: Annotated[float, AfterValidator(lambda ms: round(ms, 2))]
