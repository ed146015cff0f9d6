"""Exact layouts: the rulebook's examples, and a brute-force oracle over small hands."""

import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from wordsvc.errors import InvalidValue
from wordsvc.rules.words_of_magic.components import CardKind, Character
from wordsvc.solver.hand import (
    FamiliarCard,
    Hand,
    HandCard,
    hand_of,
    parse_card,
    parse_character,
    parse_familiar,
)
from wordsvc.solver.layout import Layout, Source, is_legal, layouts


def test_nastya_forms_morozyvo():
    """Rulebook: Ж З И М О Є and a joker card, 3 tokens, the Familiar's О available."""
    hand = hand_of(
        ["Ж", "З", "И", "М", "О", "Є", "*"],
        tokens=3,
        familiar=[("А", True), ("О", True), ("И", False)],
    )
    found = layouts("морозиво", hand)
    with_familiar = [lay for lay in found if lay.familiar_used == 1]
    assert len(with_familiar) == 1
    layout = with_familiar[0]
    assert layout.length == 8
    assert layout.tokens_used == 2
    assert any(s.source is Source.JOKER_CARD for s in layout.slots)
    assert "".join(s.letter for s in layout.slots) == "морозиво"
    assert is_legal(layout, hand)
    covered = {hand.cards[s.card].letter for s in layout.slots if s.source is Source.TOKEN}
    assert covered == {"ж", "є"}  # the two cards the word cannot use
    # Without the Familiar, four letters are missing and only Ж and Є are spare: no layout.
    assert found == with_familiar


def test_sasha_forms_parkan_with_the_amazon():
    """Rulebook: К Р П А Н and the Amazon: ПАРКАН, 6 letters, all 5 cards spent."""
    hand = hand_of(["К", "Р", "П", "А", "Н"], character="amazon")
    found = layouts("паркан", hand)
    assert len(found) == 1
    assert found[0].length == 6
    assert found[0].cards_spent == (0, 1, 2, 3, 4)
    assert sum(s.source is Source.AMAZON for s in found[0].slots) == 1


def test_an_occupied_familiar_card_needs_the_druid():
    occupied = [("і", False)]
    assert layouts("кіт", hand_of(["к", "т"], familiar=occupied)) == []
    druid = layouts("кіт", hand_of(["к", "т"], familiar=occupied, character="druid"))
    assert [lay.familiar_used for lay in druid] == [0]


def test_a_token_turns_a_magic_card_into_a_letter():
    hand = hand_of(["к", "т", "Відродження"], tokens=1)
    (layout,) = layouts("кіт", hand)
    assert layout.slots[1] == layout.slots[1].__class__("і", Source.TOKEN, card=2)


def test_the_apostrophe_is_free():
    hand = hand_of(["м", "я", "с", "о"])
    assert layouts("м'ясо", hand)[0].length == 4


def test_card_names_are_read_the_way_people_type_them():
    assert parse_card(0, " ж ") == HandCard(0, CardKind.LETTER, letter="ж")
    assert parse_card(1, "*") == HandCard(1, CardKind.JOKER)
    assert parse_card(2, "відродження") == parse_card(2, "Відродження")
    assert parse_card(2, "Відродження").kind is CardKind.MAGIC
    assert parse_familiar([("И", False)]) == (FamiliarCard(0, "и", False),)
    assert parse_character("amazon") is Character.AMAZON
    assert parse_character(None) is None


@pytest.mark.parametrize(
    ("cards", "options", "code"),
    [
        (["ы"], {}, "unknown_card"),
        (["Чарівна паличка"], {}, "unknown_card"),
        ([""], {}, "invalid_card"),
        (["а"] * 61, {}, "too_many_cards"),
        ([], {"tokens": 4}, "invalid_tokens"),
        ([], {"tokens": -1}, "invalid_tokens"),
        ([], {"familiar": [("а", True)] * 4}, "invalid_familiar"),
        ([], {"familiar": [("аб", True)]}, "invalid_familiar"),
        ([], {"character": "wizard"}, "unknown_character"),
    ],
)
def test_bad_hands_are_refused_with_a_code(cards, options, code):
    with pytest.raises(InvalidValue) as info:
        hand_of(cards, **options)
    assert info.value.code == code


# --- a brute-force oracle: try every source for every letter ------------------------------

LETTERS = "абвк"
card_names = st.sampled_from([*LETTERS, "*", "Відродження"])
hands = st.builds(
    lambda cards, tokens, familiar, character: hand_of(
        cards, tokens=tokens, familiar=familiar, character=character
    ),
    st.lists(card_names, max_size=5),
    st.integers(0, 3),
    st.lists(st.tuples(st.sampled_from(LETTERS), st.booleans()), max_size=3),
    st.sampled_from([None, "amazon", "druid"]),
)
words = st.text(alphabet=LETTERS, min_size=1, max_size=4)


def brute_force_min_tokens(word: str, hand: Hand) -> int | None:
    """Fewest tokens over every assignment of sources to letters; None if none is legal."""
    options: list[tuple[Source, int | None]] = []
    for card in hand.cards:
        options.append((Source.TOKEN, card.index))
        if card.kind is CardKind.JOKER:
            options.append((Source.JOKER_CARD, card.index))
        if card.kind is CardKind.LETTER:
            options.append((Source.LETTER_CARD, card.index))
    for familiar in hand.familiar:
        if familiar.available or hand.character is Character.DRUID:
            options.append((Source.FAMILIAR, familiar.position))
    if hand.character is Character.AMAZON:
        options.append((Source.AMAZON, None))
    best = None
    for choice in itertools.product(options, repeat=len(word)):
        cards = [i for source, i in choice if source not in (Source.FAMILIAR, Source.AMAZON)]
        if len(cards) != len(set(cards)):
            continue
        if sum(s is Source.FAMILIAR for s, _ in choice) > 1:
            continue
        if sum(s is Source.AMAZON for s, _ in choice) > 1:
            continue
        tokens = sum(s is Source.TOKEN for s, _ in choice)
        if tokens > hand.tokens:
            continue
        if all(
            _plays(source, i, letter, hand)
            for (source, i), letter in zip(choice, word, strict=True)
        ):
            best = tokens if best is None else min(best, tokens)
    return best


def _plays(source: Source, index: int | None, letter: str, hand: Hand) -> bool:
    if source is Source.LETTER_CARD:
        return hand.cards[index].letter == letter
    if source is Source.FAMILIAR:
        return next(f for f in hand.familiar if f.position == index).letter == letter
    if source is Source.AMAZON:
        return letter == "а"
    return True  # a joker card or a token plays any letter


@settings(max_examples=400, deadline=None)
@given(words, hands)
def test_layouts_agree_with_brute_force(word, hand):
    found = layouts(word, hand)
    for layout in found:
        assert is_legal(layout, hand)
    expected = brute_force_min_tokens(word, hand)
    if expected is None:
        assert found == []
    else:
        assert min(layout.tokens_used for layout in found) == expected


@settings(max_examples=300, deadline=None)
@given(words, hands)
def test_the_summaries_counted_while_laying_out_are_those_of_the_slots(word, hand):
    """The layouter counts tokens, cards and the Familiar card as it goes; a layout built
    from its slots alone counts them again, and must agree."""
    for layout in layouts(word, hand):
        recounted = Layout(layout.word, layout.slots)
        assert recounted.tokens_used == layout.tokens_used
        assert recounted.cards_spent == layout.cards_spent
        assert recounted.familiar_used == layout.familiar_used
        assert recounted.slot_key == layout.slot_key


def test_a_word_of_no_letters_has_an_empty_layout():
    assert [layout.slots for layout in layouts("'", hand_of(["а"]))] == [()]


def test_is_legal_catches_a_reused_card():
    hand = Hand(
        cards=(HandCard(0, CardKind.LETTER, letter="а"),), familiar=(FamiliarCard(0, "а", True),)
    )
    (layout,) = [lay for lay in layouts("а", hand) if lay.familiar_used is None]
    twice = layout.__class__("аа", layout.slots * 2)
    assert not is_legal(twice, hand)
