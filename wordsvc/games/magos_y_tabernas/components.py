"""Magos y Tabernas components: the supply, the limits and the 40 cards of ``data/cards.toml``,
loaded and checked at import, so that a broken data file stops the service at start instead
of a game half-way.

Every physical card has a stable id ``<card-id>-<n>`` (``atacar-1`` ... ``atacar-4``), as the
other games' decks do: a state will hold ids only, and :data:`CATALOGUE` says what each is.
A card's effect is a tuple of :class:`Step` from a small closed vocabulary (:data:`EFFECT_OPS`,
:data:`PASSIVE_OPS`), so that the engine interprets data and never a card by its name.
The rules and every interpretation: ``docs/rules/magos-y-tabernas.md``.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum
from pathlib import Path

from wordsvc.data_files import KEBAB, UNKNOWN_FIELD, DataFile, Raw, codes

CARDS_FILE = Path(__file__).resolve().parent / "data" / "cards.toml"
#: The codes :func:`load` raises: the field codes, and one per rule of the catalogue.
DATA_ERRORS = codes(
    "unknown_type",
    "unknown_op",
    "unknown_target",
    "bad_cost",
    "flash_alone",
    "duplicate_card",
    "deck_size",
    "rulebook_cards",
    "life_gems_supply",
)

#: The supply and the limits the rulebook gives ("Components", "Gems and Orbs", "Other Rules").
ORBS = 9  # orbs in the supply
GEMS = 9  # white gems in the supply
LIFE_GEMS = 6  # red life gems in the supply
HAND_LIMIT = 3  # cards in hand at the end of a turn (4 after the first obstacle)
OBJECT_LIMIT = 3  # objects in play per player (4 after the second obstacle)
OBSTACLES = 2  # face-down obstacle cards per player
QUICK_OBSTACLES = 1  # ... in quick mode
DECK_SIZE = 40
STARTING_HAND = 3
ORBS_PER_GEM = 3  # 3 orbs become a gem at once
GEMS_PER_LEVEL = 3  # 3 gems take an obstacle card, or, with none left, the beer


class CardType(StrEnum):
    """The four card types of the rulebook ("The Cards!")."""

    SPELL = "spell"
    INSTANT = "instant"
    OBJECT = "object"
    OBJECT_GEM = "object_gem"


#: The rulebook's card colours, by type: the only fact known of the real cards' faces.
COLOURS = {
    CardType.SPELL: "red",
    CardType.INSTANT: "yellow",
    CardType.OBJECT: "blue",
    CardType.OBJECT_GEM: "blue with red gems",
}

#: Action points to play a card (spells, instants) or lay it down (objects), by type.
COSTS = {CardType.SPELL: 1, CardType.INSTANT: 0, CardType.OBJECT: 1, CardType.OBJECT_GEM: 1}
OBJECT_TYPES = frozenset({CardType.OBJECT, CardType.OBJECT_GEM})

#: Every target a step may name: ``self`` the card's controller, ``owner`` the object's
#: owner, ``opponent`` another player (another team's in 2 vs 2), ``object`` an object in
#: play, ``stack`` an item on the stack, ``played`` a card played this turn, ``hand`` another
#: card in the controller's hand.
TARGETS = frozenset({"self", "owner", "opponent", "object", "stack", "played", "hand"})


@dataclass(frozen=True, slots=True)
class OpSpec:
    """What a step with this op takes: whether it counts (``n``), the targets it may name, and
    the durations (``until``) it may last, empty when it has none."""

    counted: bool
    targets: frozenset[str]
    until: frozenset[str] = frozenset()


#: Ops of a card's effect: what happens when it resolves (an object's when it is consumed).
EFFECT_OPS: Mapping[str, OpSpec] = {
    "gain_orbs": OpSpec(True, frozenset({"self"})),
    "gain_gems": OpSpec(True, frozenset({"self"})),
    "destroy_gems": OpSpec(True, frozenset({"opponent"})),
    "destroy_life_gems": OpSpec(True, frozenset({"object"})),
    "protect": OpSpec(False, frozenset({"self"}), frozenset({"end_of_turn"})),
    "steal_orb": OpSpec(True, frozenset({"opponent"})),
    "draw": OpSpec(True, frozenset({"self"})),
    "discard": OpSpec(True, frozenset({"opponent"})),
    "cancel": OpSpec(False, frozenset({"stack"})),
    "copy": OpSpec(False, frozenset({"played"})),
    "flash": OpSpec(False, frozenset({"hand"})),
}
#: Ops of an object with gem's passive: what holds while it is in play.
PASSIVE_OPS: Mapping[str, OpSpec] = {
    "restrict_orb_action": OpSpec(False, frozenset({"owner"})),
    "protect": OpSpec(False, frozenset({"self"}), frozenset({"in_play"})),
    "income": OpSpec(True, frozenset({"self"})),
    "raise_hand_limit": OpSpec(True, frozenset({"self"})),
}

#: The seven cards the rulebook names, with the type each is given (Plagio and Gema by
#: interpretation: see the rules document).
RULEBOOK_CARDS = {
    "atacar": CardType.SPELL,
    "anulador": CardType.OBJECT,
    "interrupcion": CardType.INSTANT,
    "plagio": CardType.INSTANT,
    "flash": CardType.INSTANT,
    "agujero-negro": CardType.OBJECT_GEM,
    "gema": CardType.OBJECT,
}
SOURCES = frozenset({"rulebook", "designed"})

_COMMON_FIELDS = frozenset(
    {
        "id",
        "name_es",
        "name_en",
        "name_uk",
        "type",
        "count",
        "cost",
        "source",
        "text_en",
        "text_uk",
        "text_es",
        "effect",
    }
)
#: Fields every card of a type must have, and those it may have besides.
_REQUIRED = {
    CardType.SPELL: _COMMON_FIELDS,
    CardType.INSTANT: _COMMON_FIELDS,
    CardType.OBJECT: _COMMON_FIELDS | {"consume_cost"},
    CardType.OBJECT_GEM: _COMMON_FIELDS | {"consume_cost", "life_gems", "passive"},
}
_OPTIONAL = frozenset({"never_alone"})


@dataclass(frozen=True, slots=True)
class Step:
    """One step of an effect or a passive: ``op`` on ``target``, ``n`` times where it counts,
    lasting ``until`` where it lasts."""

    op: str
    target: str
    n: int | None = None
    until: str | None = None


@dataclass(frozen=True, slots=True)
class Card:
    """A card design; :data:`CATALOGUE` maps each physical card's id to one."""

    id: str
    name_es: str
    name_en: str
    name_uk: str
    type: CardType
    count: int
    cost: int
    source: str
    #: The card's text in the players' languages (the pages show it; the engine never reads it).
    text_en: str
    text_uk: str
    text_es: str
    effect: tuple[Step, ...]
    consume_cost: int | None = None  # objects only
    life_gems: int | None = None  # objects with gem only
    passive: tuple[Step, ...] = ()  # objects with gem only
    never_alone: bool = False  # Flash: played only together with another card

    @property
    def colour(self) -> str:
        """The card's colour, by its type (the rulebook's "Symbology")."""
        return COLOURS[self.type]

    @property
    def is_object(self) -> bool:
        """Laid down on the table first; its effect only when consumed."""
        return self.type in OBJECT_TYPES

    def face(self) -> dict[str, object]:
        """What a face-up card shows, as plain data for views and events."""
        face: dict[str, object] = {
            "card": self.id,
            "name_es": self.name_es,
            "name_en": self.name_en,
            "type": self.type.value,
            "cost": self.cost,
            "text_en": self.text_en,
        }
        if self.consume_cost is not None:
            face["consume_cost"] = self.consume_cost
        if self.life_gems is not None:
            face["life_gems"] = self.life_gems
        return face


def _steps(
    file: DataFile, card: str, raw: Raw, ops: Mapping[str, OpSpec], where: str
) -> tuple[Step, ...]:
    """The steps of ``card``'s effect (``where`` = "effect") or passive, each op and target
    known (``card`` is the card's entry, ``"card 'atacar'"``)."""
    entry = f"{card} {where}"
    steps = []
    for item in file.tables(card, raw, where, least=1):
        file.keys(entry, item, {"op", "target"}, {"n", "until"})
        op = file.choice(entry, item, "op", ops, "unknown_op")
        spec = ops[op]
        target = file.choice(entry, item, "target", sorted(spec.targets), "unknown_target")
        n = None
        if spec.counted:
            n = file.integer(entry, item, "n", 1, DECK_SIZE)
        elif "n" in item:
            raise file.fail(
                UNKNOWN_FIELD, f"{entry}: {op} takes no n", entry=entry, field="n", op=op
            )
        until = None
        if spec.until:
            until = file.choice(entry, item, "until", sorted(spec.until))
        elif "until" in item:
            raise file.bad_value(entry, "until", item["until"], f"absent: {op} lasts no time")
        steps.append(Step(op, target, n, until))
    return tuple(steps)


def _card(file: DataFile, raw: Raw) -> Card:
    """One card design, every field checked against what its type needs."""
    card_id = file.text(f"card {raw.get('id')!r}", raw, "id", KEBAB)
    entry = f"card {card_id!r}"
    kind = CardType(file.choice(entry, raw, "type", list(CardType), "unknown_type"))
    file.keys(entry, raw, _REQUIRED[kind], _OPTIONAL)
    cost = file.integer(entry, raw, "cost", 0, 1)
    if cost != COSTS[kind]:
        raise file.fail(
            "bad_cost",
            f"{entry}: a {kind} costs {COSTS[kind]}, not {cost}",
            entry=entry,
            field="cost",
            value=cost,
            expected=COSTS[kind],
        )
    source = file.choice(entry, raw, "source", sorted(SOURCES))
    never_alone = file.flag(entry, raw, "never_alone") if "never_alone" in raw else False
    effect = _steps(file, entry, raw, EFFECT_OPS, "effect")
    if any(step.op == "flash" for step in effect) and not (
        never_alone and kind is CardType.INSTANT
    ):
        raise file.fail(
            "flash_alone",
            f"{entry}: a flash card is an instant marked never_alone = true "
            "(the rulebook: Flash cannot be played alone)",
            entry=entry,
            field="never_alone",
        )
    return Card(
        id=card_id,
        name_es=file.text(entry, raw, "name_es"),
        name_en=file.text(entry, raw, "name_en"),
        name_uk=file.text(entry, raw, "name_uk"),
        type=kind,
        count=file.integer(entry, raw, "count", 1, DECK_SIZE),
        cost=cost,
        source=source,
        text_en=file.text(entry, raw, "text_en"),
        text_uk=file.text(entry, raw, "text_uk"),
        text_es=file.text(entry, raw, "text_es"),
        effect=effect,
        consume_cost=file.integer(entry, raw, "consume_cost", 0, 1)
        if "consume_cost" in raw
        else None,
        life_gems=file.integer(entry, raw, "life_gems", 1, LIFE_GEMS)
        if "life_gems" in raw
        else None,
        passive=_steps(file, entry, raw, PASSIVE_OPS, "passive") if "passive" in raw else (),
        never_alone=never_alone,
    )


def _check_deck(file: DataFile, cards: Mapping[str, Card]) -> None:
    """The whole catalogue: 40 cards, the rulebook's seven named cards with their types and no
    other card claiming the rulebook, and room in the supply for every life gem at once."""
    total = sum(card.count for card in cards.values())
    if total != DECK_SIZE:
        raise file.fail(
            "deck_size",
            f"the counts add up to {total} cards, not {DECK_SIZE}",
            total=total,
            expected=DECK_SIZE,
        )
    named = {c.id: c.type for c in cards.values() if c.source == "rulebook"}
    if named != RULEBOOK_CARDS:
        raise file.fail(
            "rulebook_cards",
            'the cards marked source = "rulebook" must be exactly '
            f"{', '.join(f'{k} ({v})' for k, v in RULEBOOK_CARDS.items())}",
            found={k: v.value for k, v in named.items()},
        )
    life = sum((c.life_gems or 0) * c.count for c in cards.values())
    if life > LIFE_GEMS:
        raise file.fail(
            "life_gems_supply",
            f"the objects with gem need {life} life gems in all; the "
            f"supply has {LIFE_GEMS}, so that every one of them can be in play at once",
            total=life,
            supply=LIFE_GEMS,
        )


def load(path: Path = CARDS_FILE) -> dict[str, Card]:
    """The card designs of ``path`` by id, each checked, then the deck as a whole; raises
    :class:`ConfigurationError` with a code of :data:`DATA_ERRORS` naming the rule broken."""
    file = DataFile(path, DATA_ERRORS)
    data = file.keys("the file", file.read(), {"card"})
    cards: dict[str, Card] = {}
    for raw in file.tables("the file", data, "card"):
        card = _card(file, raw)
        if card.id in cards:
            raise file.fail(
                "duplicate_card",
                f"card {card.id!r} appears twice",
                entry=f"card {card.id!r}",
                field="id",
                value=card.id,
            )
        cards[card.id] = card
    _check_deck(file, cards)
    return cards


def physical(cards: Mapping[str, Card]) -> dict[str, Card]:
    """Every physical card by its stable id ``<card-id>-<n>``, n from 1, in file order."""
    return {f"{c.id}-{n}": c for c in cards.values() for n in range(1, c.count + 1)}


CARDS = load()
CATALOGUE: dict[str, Card] = physical(CARDS)


def deck() -> list[str]:
    """The 40 physical card ids, in catalogue order: the engine shuffles them itself."""
    return list(CATALOGUE)
