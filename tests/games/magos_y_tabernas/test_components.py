"""Magos y Tabernas components: the catalogue the data file gives, and every rule the load
checks, each broken in a copy of the data file that must be refused with its own code."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from pathlib import Path

import pytest

from tests.data_cases import Broken, assert_load_refused, removed
from wordsvc.games.magos_y_tabernas import components as parts
from wordsvc.games.magos_y_tabernas.components import CardType

ORIGINAL = parts.CARDS_FILE.read_text(encoding="utf-8")


def test_the_catalogue_has_40_physical_cards_with_stable_ids() -> None:
    deck = parts.deck()
    assert len(deck) == len(set(deck)) == parts.DECK_SIZE == 40
    assert deck == list(parts.CATALOGUE)
    assert deck[:4] == ["atacar-1", "atacar-2", "atacar-3", "atacar-4"]
    for card_id, card in parts.CATALOGUE.items():
        design, _, n = card_id.rpartition("-")
        assert design == card.id
        assert 1 <= int(n) <= card.count
    assert parts.deck() is not parts.deck()  # a fresh list each call: callers may shuffle it


def test_the_composition_by_type() -> None:
    by_type = Counter(card.type for card in parts.CATALOGUE.values())
    assert by_type == {
        CardType.SPELL: 13,
        CardType.INSTANT: 14,
        CardType.OBJECT: 9,
        CardType.OBJECT_GEM: 4,
    }


@pytest.mark.parametrize(
    ("card_id", "name_es", "kind"),
    [
        ("atacar", "Atacar", CardType.SPELL),
        ("anulador", "Anulador", CardType.OBJECT),
        ("interrupcion", "Interrupción", CardType.INSTANT),
        ("plagio", "Plagio", CardType.INSTANT),  # interpretation: copies on anyone's turn
        ("flash", "Flash", CardType.INSTANT),
        ("agujero-negro", "Agujero Negro", CardType.OBJECT_GEM),
        ("gema", "Gema", CardType.OBJECT),  # interpretation: "Gem + Flash" from the hand
    ],
)
def test_the_rulebook_cards_with_the_rulebook_types(
    card_id: str, name_es: str, kind: CardType
) -> None:
    card = parts.CARDS[card_id]
    assert (card.name_es, card.type, card.source) == (name_es, kind, "rulebook")


def test_only_the_seven_named_cards_claim_the_rulebook() -> None:
    named = {c.id for c in parts.CARDS.values() if c.source == "rulebook"}
    assert named == set(parts.RULEBOOK_CARDS)
    assert sum(c.count for c in parts.CARDS.values() if c.source == "designed") > 0


def test_the_named_cards_do_what_the_rulebook_says() -> None:
    ops = {card_id: [s.op for s in card.effect] for card_id, card in parts.CARDS.items()}
    assert ops["atacar"] == ["destroy_gems"]
    assert ops["interrupcion"] == ops["anulador"] == ["cancel"]
    assert ops["plagio"] == ["copy"]
    assert ops["flash"] == ["flash"]
    assert parts.CARDS["flash"].never_alone
    assert ops["gema"] == ["gain_gems"]
    hole = parts.CARDS["agujero-negro"]
    assert [s.op for s in hole.passive] == ["restrict_orb_action"]
    assert hole.effect == (parts.Step("gain_orbs", "self", 2),)
    assert hole.consume_cost == 0  # "at any moment it can be broken"


RULES_DOC = Path(__file__).resolve().parents[3] / "docs" / "rules" / "magos-y-tabernas.md"
TYPE_NAMES = {"spell": "spell", "instant": "instant", "object": "object",
              "object with gem": "object_gem"}  # fmt: skip


def test_the_rules_documents_catalogue_and_counts_are_the_data_files() -> None:
    """The catalogue table and the counts the rules document and the data file's header give
    are those of the data (they drifted once: "the other 33 are designed")."""
    doc = RULES_DOC.read_text(encoding="utf-8")
    rows = {}
    for line in doc.split("## The catalogue", 1)[1].splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) == 8 and cells[2].isdigit():
            rows[cells[0].split(" / ")[0]] = cells
    assert set(rows) == {c.name_es for c in parts.CARDS.values()}
    for card in parts.CARDS.values():
        _, kind, count, cost, consume, life, _, source = rows[card.name_es]
        assert TYPE_NAMES[kind] == card.type.value, card.id
        assert (int(count), int(cost)) == (card.count, card.cost), card.id
        assert consume == ("" if card.consume_cost is None else str(card.consume_cost)), card.id
        assert life == ("" if card.life_gems is None else str(card.life_gems)), card.id
        assert source.startswith(card.source), card.id
    named = [c for c in parts.CARDS.values() if c.source == "rulebook"]
    designed = [c for c in parts.CARDS.values() if c.source == "designed"]
    counts = (sum(c.count for c in named), len(named), sum(c.count for c in designed))
    assert counts == (17, 7, 23)
    prose = " ".join(doc.split())
    assert f"{counts[0]} cards of the {counts[1]} rulebook designs, {counts[2]} of " in prose
    assert f"{len(designed)} designed ones" in prose
    header = " ".join(line.lstrip("# ") for line in ORIGINAL.split("[[card]]", 1)[0].splitlines())
    assert f"the other {len(designed)} designs ({counts[2]} cards) are designed" in header


def test_no_designed_consumption_is_worse_than_the_bare_action_it_costs() -> None:
    """Consuming with the action point must give more than the orb or card the point would
    take by itself (Torre de Guardia once drew 1 for it, and lost its passive besides)."""
    worth = {"gain_orbs": 1, "draw": 1, "gain_gems": parts.ORBS_PER_GEM}
    for card in parts.CARDS.values():
        if card.source == "designed" and card.consume_cost == 1:
            gained = sum(worth.get(step.op, 0) * (step.n or 0) for step in card.effect)
            assert gained > 1, card.id


def test_every_op_and_target_is_in_the_vocabulary() -> None:
    for card in parts.CARDS.values():
        for step in card.effect:
            assert step.op in parts.EFFECT_OPS
            assert step.target in parts.EFFECT_OPS[step.op].targets
        for step in card.passive:
            assert step.op in parts.PASSIVE_OPS
            assert step.target in parts.PASSIVE_OPS[step.op].targets


def test_fields_follow_the_type() -> None:
    for card in parts.CARDS.values():
        assert card.cost == (0 if card.type is CardType.INSTANT else 1)
        assert (card.consume_cost is not None) == card.is_object
        assert (card.life_gems is not None) == bool(card.passive)
        assert (card.life_gems is not None) == (card.type is CardType.OBJECT_GEM)
        assert card.colour == parts.COLOURS[card.type]
    assert parts.CARDS["atacar"].colour == "red"
    assert parts.CARDS["flash"].colour == "yellow"
    assert parts.CARDS["gema"].colour == "blue"


def test_every_object_with_gem_fits_in_the_life_gem_supply_at_once() -> None:
    life = sum(c.life_gems or 0 for c in parts.CATALOGUE.values())
    assert 0 < life <= parts.LIFE_GEMS


def test_the_supply_and_limits() -> None:
    assert (parts.ORBS, parts.GEMS, parts.LIFE_GEMS) == (9, 9, 6)
    assert (parts.HAND_LIMIT, parts.OBJECT_LIMIT) == (3, 3)
    assert (parts.OBSTACLES, parts.QUICK_OBSTACLES) == (2, 1)


def test_a_face_is_plain_data() -> None:
    face = parts.CARDS["agujero-negro"].face()
    assert face["type"] == "object_gem"
    assert face["life_gems"] == 2
    assert "consume_cost" not in parts.CARDS["atacar"].face()


def test_the_unbroken_file_loads_through_load(tmp_path: Path) -> None:
    path = tmp_path / "cards.toml"
    path.write_text(ORIGINAL, encoding="utf-8")
    assert parts.load(path) == parts.CARDS


# -- every rule of the load, broken in a copy of the data file --------------------------------


def _block(card_id: str) -> str:
    """The [[card]] table of ``card_id`` in the original file, as written."""
    for block in ORIGINAL.split("[[card]]")[1:]:
        if f'id = "{card_id}"\n' in block:
            return "[[card]]" + block.split("\n# ----")[0]
    raise AssertionError(card_id)


def _edit(card_id: str, old: str, new: str, *more: str) -> Callable[[str], str]:
    """Replace ``old`` by ``new`` (and each further pair of ``more``) in one card's table."""
    pairs = [(old, new), *zip(more[::2], more[1::2], strict=True)]

    def edit(text: str) -> str:
        block = changed = _block(card_id)
        for before, after in pairs:
            assert before in changed, (card_id, before)
            changed = changed.replace(before, after, 1)
        return text.replace(block, changed)

    return edit


def _append(extra: str) -> Callable[[str], str]:
    return lambda text: text + "\n" + extra


BROKEN: dict[str, Broken] = {
    "counts off by one": Broken("deck_size", _edit("atacar", "count = 4", "count = 5")),
    "an id twice": Broken(
        "duplicate_card",
        lambda text: text.replace(_block("chispa"), _block("chispa") + "\n" + _block("chispa")),
    ),
    "an unknown type": Broken("unknown_type", _edit("atacar", 'type = "spell"', 'type = "ritual"')),
    "an unknown op": Broken(
        "unknown_op",
        _edit("atacar", '"destroy_gems"', '"explode"'),
        {"entry": "card 'atacar' effect", "field": "op", "value": "explode"},
    ),
    "a passive op in an effect": Broken(
        "unknown_op",
        _edit("caldero", 'effect = [{ op = "gain_orbs"', 'effect = [{ op = "income"'),
    ),
    "an unknown target": Broken("unknown_target", _edit("atacar", '"opponent"', '"everyone"')),
    "a target its op does not take": Broken(
        "unknown_target",
        _edit("interrupcion", 'target = "stack"', 'target = "opponent"'),
    ),
    "object with gem without life gems": Broken(
        "missing_field",
        _edit("agujero-negro", "life_gems = 2\n", ""),
    ),
    "object with gem without a passive": Broken(
        "missing_field",
        _edit("caldero", 'passive = [{ op = "income", n = 1, target = "self" }]\n', ""),
    ),
    "object without consume cost": Broken("missing_field", _edit("gema", "consume_cost = 1\n", "")),
    "a counted op without n": Broken(
        "missing_field",
        _edit("atacar", "n = 1, ", ""),
        {"entry": "card 'atacar' effect", "field": "n"},
    ),
    "an instant that costs 1": Broken("bad_cost", _edit("interrupcion", "cost = 0", "cost = 1")),
    "a spell that costs 0": Broken("bad_cost", _edit("atacar", "cost = 1", "cost = 0")),
    "flash not marked never alone": Broken(
        "flash_alone", _edit("flash", "never_alone = true\n", "")
    ),
    "a spell with a life gem": Broken(
        "unknown_field",
        _edit("atacar", "cost = 1\n", "cost = 1\nlife_gems = 1\n"),
    ),
    "a field no card has": Broken(
        "unknown_field",
        _edit("atacar", "cost = 1\n", 'cost = 1\ncolour = "red"\n'),
        {"entry": "card 'atacar'", "fields": ["colour"]},
    ),
    "a negative count": Broken(
        "bad_value",
        _edit("atacar", "count = 4", "count = -4"),
        {"entry": "card 'atacar'", "field": "count", "value": -4},
    ),
    "a consume cost of 2": Broken(
        "bad_value", _edit("gema", "consume_cost = 1", "consume_cost = 2")
    ),
    "an id not in kebab-case": Broken(
        "bad_value", _edit("atacar", 'id = "atacar"', 'id = "Atacar"')
    ),
    "an unknown duration": Broken("bad_value", _edit("escudo", '"end_of_turn"', '"forever"')),
    "a rulebook card retyped": Broken(
        "rulebook_cards",
        _edit("plagio", 'type = "instant"', 'type = "spell"', "cost = 0", "cost = 1"),
    ),
    "a rulebook card marked designed": Broken(
        "rulebook_cards",
        _edit("gema", 'source = "rulebook"', 'source = "designed"'),
    ),
    "a designed card marked rulebook": Broken(
        "rulebook_cards",
        _edit("chispa", 'source = "designed"', 'source = "rulebook"'),
    ),
    "more life gems than the supply": Broken(
        "life_gems_supply",
        _edit("bolsa-sin-fondo", "life_gems = 1", "life_gems = 2"),
    ),
    "not TOML": Broken("unreadable", _append("this is = = not toml")),
    "no file": Broken("unreadable", removed),
    "a top-level key": Broken(
        "unknown_field", lambda text: 'title = "cards"\n' + text, {"fields": ["title"]}
    ),
    "cards not tables": Broken(
        "bad_value", lambda text: "card = 3\n", {"entry": "the file", "field": "card"}
    ),
}


@pytest.mark.parametrize("case", sorted(BROKEN))
def test_a_broken_catalogue_is_refused_with_its_code(tmp_path: Path, case: str) -> None:
    assert_load_refused(parts.load, parts.CARDS_FILE, BROKEN[case], tmp_path)


def test_anulador_is_consumed_with_an_action_point_as_the_rulebook_example_says():
    """ "Some turns later I decide to consume the object with another action point"."""
    anulador = parts.CARDS["anulador"]
    assert anulador.consume_cost == 1
