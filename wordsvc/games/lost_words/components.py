"""The Lost Words cards, from ``data/cards.toml``, validated at import.

Ids: ``n:<nature>`` for the 20 nature cards, ``s:<nature>:<1|2>`` for the 40 spell cards,
``a:<action>:<n>`` for the 20 action cards.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from pathlib import Path

from wordsvc.errors import ConfigurationError

CARDS_FILE = Path(__file__).resolve().parent / "data" / "cards.toml"
NATURE_CARDS, SPELL_CARDS, ACTION_CARDS = 20, 40, 20
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


def _load() -> tuple[dict[str, Card], dict[int, int]]:
    with CARDS_FILE.open("rb") as fh:
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
    counts = {
        kind: sum(1 for c in cards.values() if c.kind == kind)
        for kind in ("nature", "spell", "action")
    }
    if counts != {"nature": NATURE_CARDS, "spell": SPELL_CARDS, "action": ACTION_CARDS}:
        raise ConfigurationError(f"{CARDS_FILE}: 20 nature, 40 spell, 20 action cards; {counts}")
    per_player = {int(k): v for k, v in data["nature_cards_per_player"].items()}
    return cards, per_player


CATALOGUE, NATURE_PER_PLAYER = _load()
NATURES = sorted(c.name for c in CATALOGUE.values() if c.kind == "nature")


def nature_of(card_id: str) -> str:
    return CATALOGUE[card_id].name
