"""The Lost Words cards, from ``data/cards.toml``, validated at import against the rulebook.

Ids: ``n:<nature>`` for the 20 nature cards, ``s:<nature>:<1|2>`` for the 40 spell cards,
``a:<action>:<n>`` for the 20 action cards.
"""

from __future__ import annotations

import tomllib
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

from wordsvc.errors import ConfigurationError

CARDS_FILE = Path(__file__).resolve().parent / "data" / "cards.toml"
NATURE_CARDS, SPELLS_PER_NATURE = 20, 2
#: The action cards and how many of each, as the rulebook's component list gives them.
ACTION_COUNTS = {
    "acorn": 3,
    "magpie": 3,
    "chestnut": 3,
    "skylark": 3,
    "heron": 3,
    "wall": 4,
    "wild": 1,
}
#: Nature cards dealt to each player, by player count (rulebook, Setup).
NATURE_BY_PLAYERS = {2: 6, 3: 5, 4: 4}
HAND = 3


@dataclass(frozen=True, slots=True)
class Card:
    id: str
    kind: str  # "nature", "spell" or "action"
    name: str  # the nature a spell or nature card belongs to; the action's id
    name_en: str
    name_de: str | None = None

    def face(self) -> dict[str, object]:
        face: dict[str, object] = {
            "id": self.id,
            "kind": self.kind,
            "name": self.name,
            "name_en": self.name_en,
        }
        if self.name_de:
            face["name_de"] = self.name_de
        return face


def _check_counts(path: Path, cards: dict[str, Card], per_player: dict[int, int]) -> None:
    """Every card as often as the rulebook says: each action card by name, two spells per
    nature card, 20 nature cards; a data file off by one card fails the load."""
    natures = Counter(c.name for c in cards.values() if c.kind == "nature")
    spells = Counter(c.name for c in cards.values() if c.kind == "spell")
    actions = Counter(c.name for c in cards.values() if c.kind == "action")
    problems = []
    if len(natures) != NATURE_CARDS or any(n != 1 for n in natures.values()):
        problems.append(f"{NATURE_CARDS} distinct nature cards, not {dict(natures)}")
    if spells != Counter(dict.fromkeys(natures, SPELLS_PER_NATURE)):
        problems.append(f"{SPELLS_PER_NATURE} spell cards per nature card, not {dict(spells)}")
    if actions != Counter(ACTION_COUNTS):
        problems.append(f"action cards {ACTION_COUNTS}, not {dict(actions)}")
    if per_player != NATURE_BY_PLAYERS:
        problems.append(f"nature cards per player {NATURE_BY_PLAYERS}, not {per_player}")
    if problems:
        raise ConfigurationError(f"{path}: the rulebook's components are " + "; ".join(problems))


def load(path: Path = CARDS_FILE) -> tuple[dict[str, Card], dict[int, int]]:
    """The card catalogue and the nature cards per player, checked card by card."""
    with path.open("rb") as fh:
        data = tomllib.load(fh)
    cards: dict[str, Card] = {}
    for nature in data["nature"]:
        cards[f"n:{nature['id']}"] = Card(
            f"n:{nature['id']}", "nature", nature["id"], nature["name_en"]
        )
        for copy in range(1, data["spells_per_nature"] + 1):
            card_id = f"s:{nature['id']}:{copy}"
            cards[card_id] = Card(card_id, "spell", nature["id"], f"{nature['name_en']} spell")
    for action in data["actions"]:
        for copy in range(1, action["count"] + 1):
            card_id = f"a:{action['id']}:{copy}"
            cards[card_id] = Card(
                card_id, "action", action["id"], action["name_en"], action.get("name_de")
            )
    per_player = {int(k): v for k, v in data["nature_cards_per_player"].items()}
    _check_counts(path, cards, per_player)
    return cards, per_player


CATALOGUE, NATURE_PER_PLAYER = load()
NATURES = sorted(c.name for c in CATALOGUE.values() if c.kind == "nature")


def nature_of(card_id: str) -> str:
    """The nature a nature or spell card belongs to (an action card's own name)."""
    return CATALOGUE[card_id].name


def kind(card_id: str) -> str:
    """``nature``, ``spell`` or ``action``."""
    return CATALOGUE[card_id].kind


def action_name(card_id: str) -> str | None:
    """The action card's name (``acorn``, ``wild``, ...), or None for any other card."""
    card = CATALOGUE[card_id]
    return card.name if card.kind == "action" else None
