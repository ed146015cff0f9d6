"""The Lost Words cards, from ``data/cards.toml``, validated at import against the rulebook;
each action card with what it does in short, in English and Ukrainian, for the tables.

Ids: ``n:<nature>`` for the 20 nature cards, ``s:<nature>:<1|2>`` for the 40 spell cards,
``a:<action>:<n>`` for the 20 action cards.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from pathlib import Path

from wordsvc.data_files import KEBAB, DataFile, Raw, codes

CARDS_FILE = Path(__file__).resolve().parent / "data" / "cards.toml"
#: The codes :func:`load` raises: the field codes, an action card the rulebook does not have,
#: a card twice, and counts other than the rulebook's.
DATA_ERRORS = codes("unknown_card", "duplicate_card", "counts")
_TOP = frozenset({"nature", "spells_per_nature", "actions", "nature_cards_per_player"})
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
    #: What an action card does, in short (English, Ukrainian): for the tables, never in views.
    text_en: str | None = None
    text_uk: str | None = None

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


def _check_counts(file: DataFile, cards: dict[str, Card], per_player: dict[int, int]) -> None:
    """Every card as often as the rulebook says: each action card by name, two spells per
    nature card, 20 nature cards; a data file off by one card fails the load."""
    natures = Counter(c.name for c in cards.values() if c.kind == "nature")
    spells = Counter(c.name for c in cards.values() if c.kind == "spell")
    actions = Counter(c.name for c in cards.values() if c.kind == "action")
    file.expect_count("nature cards", len(natures), NATURE_CARDS)
    file.expect_count(
        "spell cards per nature card", dict(spells), dict.fromkeys(natures, SPELLS_PER_NATURE)
    )
    file.expect_count("action cards", dict(actions), ACTION_COUNTS)
    file.expect_count("nature cards per player", per_player, NATURE_BY_PLAYERS)


def _per_player(file: DataFile, data: Raw) -> dict[int, int]:
    """The nature cards dealt to each player, by player count."""
    entry = "[nature_cards_per_player]"
    table = file.table("the file", data, "nature_cards_per_player")
    for players in table:
        if not players.isdigit():
            raise file.bad_value(entry, "players", players, "a player count")
    return {int(players): file.integer(entry, table, players, 1) for players in table}


def load(path: Path = CARDS_FILE) -> tuple[dict[str, Card], dict[int, int]]:
    """The card catalogue and the nature cards per player, checked card by card, then against
    the rulebook's counts; raises :class:`ConfigurationError` with a code of
    :data:`DATA_ERRORS` naming the rule broken."""
    file = DataFile(path, DATA_ERRORS)
    data = file.keys("the file", file.read(), _TOP)
    spells_per_nature = file.integer("the file", data, "spells_per_nature", 1)
    cards: dict[str, Card] = {}

    def add(card: Card, entry: str) -> None:
        if card.id in cards:
            raise file.fail("duplicate_card", f"{entry} appears twice", entry=entry, value=card.id)
        cards[card.id] = card

    for nature in file.tables("the file", data, "nature"):
        entry = f"nature card {nature.get('id')!r}"
        file.keys(entry, nature, {"id", "name_en"})
        name, name_en = file.text(entry, nature, "id", KEBAB), file.text(entry, nature, "name_en")
        add(Card(f"n:{name}", "nature", name, name_en), entry)
        for copy in range(1, spells_per_nature + 1):
            add(Card(f"s:{name}:{copy}", "spell", name, f"{name_en} spell"), entry)
    for action in file.tables("the file", data, "actions"):
        entry = f"action card {action.get('id')!r}"
        file.keys(entry, action, {"id", "name_en", "count", "text_en", "text_uk"}, {"name_de"})
        name = file.choice(entry, action, "id", ACTION_COUNTS, "unknown_card")
        name_en = file.text(entry, action, "name_en")
        name_de = file.text(entry, action, "name_de") if "name_de" in action else None
        text_en, text_uk = file.text(entry, action, "text_en"), file.text(entry, action, "text_uk")
        for copy in range(1, file.integer(entry, action, "count", 1) + 1):
            add(
                Card(f"a:{name}:{copy}", "action", name, name_en, name_de, text_en, text_uk),
                entry,
            )
    per_player = _per_player(file, data)
    _check_counts(file, cards, per_player)
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
