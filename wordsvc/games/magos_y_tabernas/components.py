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

import re
import tomllib
from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum
from pathlib import Path
from typing import Any

from wordsvc.games.data_files import data_error as _fail

CARDS_FILE = Path(__file__).resolve().parent / "data" / "cards.toml"

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
    {"id", "name_es", "name_en", "type", "count", "cost", "source", "text_en", "effect"}
)
#: Fields every card of a type must have, and those it may have besides.
_REQUIRED = {
    CardType.SPELL: _COMMON_FIELDS,
    CardType.INSTANT: _COMMON_FIELDS,
    CardType.OBJECT: _COMMON_FIELDS | {"consume_cost"},
    CardType.OBJECT_GEM: _COMMON_FIELDS | {"consume_cost", "life_gems", "passive"},
}
_OPTIONAL = frozenset({"never_alone"})
_STEP_FIELDS = frozenset({"op", "n", "target", "until"})
_KEBAB = re.compile(r"[a-z0-9]+(?:-[a-z0-9]+)*")


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
    type: CardType
    count: int
    cost: int
    source: str
    text_en: str
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


def _int(path: Path, card: str, raw: Mapping[str, Any], key: str, low: int, high: int) -> int:
    """An integer field within bounds (a bool is not an integer here)."""
    value = raw[key]
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise _fail(
            path,
            "bad_value",
            f"card {card!r}: {key} must be an integer from {low} to {high}",
            card=card,
            field=key,
            value=value,
        )
    return value


def _str(path: Path, card: str, raw: Mapping[str, Any], key: str) -> str:
    value = raw[key]
    if not isinstance(value, str) or not value.strip():
        raise _fail(
            path,
            "bad_value",
            f"card {card!r}: {key} must be a non-empty string",
            card=card,
            field=key,
            value=value,
        )
    return value


def _steps(
    path: Path, card: str, raw: object, ops: Mapping[str, OpSpec], where: str
) -> tuple[Step, ...]:
    """The steps of an effect (``where`` = "effect") or a passive, each op and target known."""
    if not isinstance(raw, list) or not raw or not all(isinstance(s, dict) for s in raw):
        raise _fail(
            path,
            "bad_value",
            f"card {card!r}: {where} must be a non-empty list of steps",
            card=card,
            field=where,
        )
    steps = []
    for item in raw:
        extra = set(item) - _STEP_FIELDS
        if extra:
            raise _fail(
                path,
                "unknown_field",
                f"card {card!r}: unknown step fields {sorted(extra)}",
                card=card,
                field=where,
                fields=sorted(extra),
            )
        op = item.get("op")
        if op not in ops:
            raise _fail(
                path,
                "unknown_op",
                f"card {card!r}: {where} op {op!r} is not one of {', '.join(sorted(ops))}",
                card=card,
                field=where,
                op=op,
            )
        spec = ops[op]
        target = item.get("target")
        if target not in TARGETS or target not in spec.targets:
            raise _fail(
                path,
                "unknown_target",
                f"card {card!r}: {op} takes a target in {sorted(spec.targets)}, not {target!r}",
                card=card,
                field=where,
                op=op,
                target=target,
            )
        n = item.get("n")
        if spec.counted:
            if n is None:
                raise _fail(
                    path,
                    "missing_field",
                    f"card {card!r}: {op} needs n",
                    card=card,
                    field="n",
                    op=op,
                )
            n = _int(path, card, item, "n", 1, DECK_SIZE)
        elif n is not None:
            raise _fail(
                path,
                "unknown_field",
                f"card {card!r}: {op} takes no n",
                card=card,
                field="n",
                op=op,
            )
        until = item.get("until")
        if (until is None) != (not spec.until) or (until is not None and until not in spec.until):
            raise _fail(
                path,
                "bad_value",
                f"card {card!r}: {op} in a {where} lasts "
                f"{sorted(spec.until) or 'no time'}, not {until!r}",
                card=card,
                field="until",
                op=op,
                value=until,
            )
        steps.append(Step(op, target, n, until))
    return tuple(steps)


def _card(path: Path, raw: Mapping[str, Any]) -> Card:
    """One card design, every field checked against what its type needs."""
    card_id = raw.get("id")
    if not isinstance(card_id, str) or not _KEBAB.fullmatch(card_id):
        raise _fail(
            path, "bad_value", f"card id {card_id!r} is not kebab-case", card=card_id, field="id"
        )
    if raw.get("type") not in set(CardType):
        raise _fail(
            path,
            "unknown_type",
            f"card {card_id!r}: type {raw.get('type')!r} is not one of {', '.join(CardType)}",
            card=card_id,
            type=raw.get("type"),
        )
    kind = CardType(raw["type"])
    missing = _REQUIRED[kind] - set(raw)
    if missing:
        raise _fail(
            path,
            "missing_field",
            f"card {card_id!r}: a {kind} needs {sorted(missing)}",
            card=card_id,
            type=kind.value,
            fields=sorted(missing),
        )
    extra = set(raw) - _REQUIRED[kind] - _OPTIONAL
    if extra:
        raise _fail(
            path,
            "unknown_field",
            f"card {card_id!r}: a {kind} has no {sorted(extra)}",
            card=card_id,
            type=kind.value,
            fields=sorted(extra),
        )
    cost = _int(path, card_id, raw, "cost", 0, 1)
    if cost != COSTS[kind]:
        raise _fail(
            path,
            "bad_cost",
            f"card {card_id!r}: a {kind} costs {COSTS[kind]}, not {cost}",
            card=card_id,
            type=kind.value,
            cost=cost,
            expected=COSTS[kind],
        )
    source = _str(path, card_id, raw, "source")
    if source not in SOURCES:
        raise _fail(
            path,
            "bad_value",
            f"card {card_id!r}: source is one of {sorted(SOURCES)}",
            card=card_id,
            field="source",
            value=source,
        )
    never_alone = raw.get("never_alone", False)
    if not isinstance(never_alone, bool):
        raise _fail(
            path,
            "bad_value",
            f"card {card_id!r}: never_alone is true or false",
            card=card_id,
            field="never_alone",
            value=never_alone,
        )
    effect = _steps(path, card_id, raw["effect"], EFFECT_OPS, "effect")
    if any(step.op == "flash" for step in effect) and not (
        never_alone and kind is CardType.INSTANT
    ):
        raise _fail(
            path,
            "flash_alone",
            f"card {card_id!r}: a flash card is an instant marked "
            "never_alone = true (the rulebook: Flash cannot be played alone)",
            card=card_id,
        )
    return Card(
        id=card_id,
        name_es=_str(path, card_id, raw, "name_es"),
        name_en=_str(path, card_id, raw, "name_en"),
        type=kind,
        count=_int(path, card_id, raw, "count", 1, DECK_SIZE),
        cost=cost,
        source=source,
        text_en=_str(path, card_id, raw, "text_en"),
        effect=effect,
        consume_cost=_int(path, card_id, raw, "consume_cost", 0, 1)
        if "consume_cost" in raw
        else None,
        life_gems=_int(path, card_id, raw, "life_gems", 1, LIFE_GEMS)
        if "life_gems" in raw
        else None,
        passive=_steps(path, card_id, raw["passive"], PASSIVE_OPS, "passive")
        if "passive" in raw
        else (),
        never_alone=never_alone,
    )


def _check_deck(path: Path, cards: Mapping[str, Card]) -> None:
    """The whole catalogue: 40 cards, the rulebook's seven named cards with their types and no
    other card claiming the rulebook, and room in the supply for every life gem at once."""
    total = sum(card.count for card in cards.values())
    if total != DECK_SIZE:
        raise _fail(
            path,
            "deck_size",
            f"the counts add up to {total} cards, not {DECK_SIZE}",
            total=total,
            expected=DECK_SIZE,
        )
    named = {c.id: c.type for c in cards.values() if c.source == "rulebook"}
    if named != RULEBOOK_CARDS:
        raise _fail(
            path,
            "rulebook_cards",
            'the cards marked source = "rulebook" must be exactly '
            f"{', '.join(f'{k} ({v})' for k, v in RULEBOOK_CARDS.items())}",
            found={k: v.value for k, v in named.items()},
        )
    life = sum((c.life_gems or 0) * c.count for c in cards.values())
    if life > LIFE_GEMS:
        raise _fail(
            path,
            "life_gems_supply",
            f"the objects with gem need {life} life gems in all; the "
            f"supply has {LIFE_GEMS}, so that every one of them can be in play at once",
            total=life,
            supply=LIFE_GEMS,
        )


def load(path: Path = CARDS_FILE) -> dict[str, Card]:
    """The card designs of ``path`` by id, each checked, then the deck as a whole; raises
    :class:`ConfigurationError` with a ``code`` naming the rule broken."""
    try:
        with path.open("rb") as fh:
            data = tomllib.load(fh)
    except (OSError, tomllib.TOMLDecodeError) as exc:
        raise _fail(path, "unreadable", f"cannot read the card catalogue: {exc}") from exc
    raw_cards = data.get("card")
    if not isinstance(raw_cards, list) or not all(isinstance(c, dict) for c in raw_cards):
        raise _fail(path, "bad_value", "the catalogue is a list of [[card]] tables")
    cards: dict[str, Card] = {}
    for raw in raw_cards:
        card = _card(path, raw)
        if card.id in cards:
            raise _fail(path, "duplicate_card", f"card {card.id!r} appears twice", card=card.id)
        cards[card.id] = card
    _check_deck(path, cards)
    return cards


def physical(cards: Mapping[str, Card]) -> dict[str, Card]:
    """Every physical card by its stable id ``<card-id>-<n>``, n from 1, in file order."""
    return {f"{c.id}-{n}": c for c in cards.values() for n in range(1, c.count + 1)}


CARDS = load()
CATALOGUE: dict[str, Card] = physical(CARDS)


def deck() -> list[str]:
    """The 40 physical card ids, in catalogue order: the engine shuffles them itself."""
    return list(CATALOGUE)
